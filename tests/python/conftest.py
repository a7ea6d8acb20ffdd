"""Shared helpers of the Python-module tests: the mxlane program (for CLI comparisons), the
published capture files, exact-integer encodings and the instruction list."""

import json
import os
import pathlib
import subprocess

import numpy as np
import pytest

import mxlane

SOURCE_DIR = pathlib.Path(os.environ.get("MXLANE_SOURCE_DIR", pathlib.Path(__file__).resolve().parents[2]))
VECTORS = SOURCE_DIR / "tests" / "vectors"


def matrix_builtins():
    """Every matrix builtin of the table (list() order), as list() describes it."""
    return [d for d in mxlane.list() if d["kind"] in ("mfma", "wmma")]


def data_lines(name):
    """The non-comment lines of a capture file in tests/vectors, split into words."""
    with open(VECTORS / name) as f:
        return [line.split() for line in f if line.strip() and not line.startswith("#")]


def run_cli(*args, stdin=None):
    """The mxlane program's (exit code, stdout, stderr); skips when CTest did not say where it is."""
    exe = os.environ.get("MXLANE_EXE")
    if not exe:
        pytest.skip("MXLANE_EXE is not set (CTest sets it)")
    done = subprocess.run([exe, *args], input=stdin, capture_output=True, text=True, check=False)
    return done.returncode, done.stdout, done.stderr


def cli_error(command, *args):
    """The one error line `mxlane COMMAND ...` prints, without its "mxlane COMMAND: error: " prefix."""
    code, _, err = run_cli(command, *args)
    assert code == 2, err
    prefix = f"mxlane {command}: error: "
    line = err.strip().splitlines()[0]
    assert line.startswith(prefix), line
    return line[len(prefix):]


def cli_json(*args, stdin=None):
    code, out, err = run_cli(*args, stdin=stdin)
    assert code == 0, err
    return [json.loads(line) for line in out.splitlines() if line.strip()]


def f16_bits_of_int(v):
    """An integer of magnitude < 2048 as float16 bits, by hand (sign, exponent, mantissa)."""
    v = int(v)
    if v == 0:
        return 0
    sign, m = (0x8000, -v) if v < 0 else (0, v)
    e = m.bit_length() - 1
    return sign | ((e + 15) << 10) | ((m << (10 - e)) & 0x3FF)


def bf16_bits_of_int(v):
    """An integer of magnitude < 256 as bfloat16 bits (the top half of its binary32 pattern)."""
    v = int(v)
    if v == 0:
        return 0
    sign, m = (0x8000, -v) if v < 0 else (0, v)
    e = m.bit_length() - 1
    return sign | ((e + 127) << 7) | ((m << (7 - e)) & 0x7F)


def f32_bits_of_int(v):
    v = int(v)
    if v == 0:
        return 0
    sign, m = (0x80000000, -v) if v < 0 else (0, v)
    e = m.bit_length() - 1
    return sign | ((e + 127) << 23) | ((m << (23 - e)) & 0x7FFFFF)


@pytest.fixture
def rng():
    return np.random.default_rng(20261201)
