"""Bad arguments raise ValueError with the one line the CLI prints (compared with the mxlane
program's own stderr), and nothing is converted silently."""

import json
import os
import re
import subprocess
import sys

import numpy as np
import pytest

import mxlane
from conftest import cli_error, run_cli

Z16 = np.zeros((16, 16), np.float16)
Z32 = np.zeros((16, 16), np.float32)


def message(call):
    with pytest.raises(ValueError) as caught:
        call()
    text = str(caught.value)
    assert "\n" not in text
    return text


@pytest.mark.parametrize("cli_args,call", [
    (["--arch", "gfx9999", "--inst", "v_wmma_f32_16x16x16_f16", "--operand", "A"],
     lambda: mxlane.lanemap("gfx9999", "v_wmma_f32_16x16x16_f16", "A")),
    (["--arch", "gfx1100", "--inst", "v_wmma_f32_16x16x16_f17", "--operand", "A"],
     lambda: mxlane.lanemap("gfx1100", "v_wmma_f32_16x16x16_f17", "A")),
    (["--arch", "gfx90a", "--inst", "v_wmma_f32_16x16x16_f16", "--operand", "A"],
     lambda: mxlane.mma("gfx90a", "v_wmma_f32_16x16x16_f16", Z16, Z16, Z32)),
    (["--arch", "gfx90a", "--inst", "v_mfma_f32_16x16x1f32", "--operand", "A", "--cbsz", "3"],
     lambda: mxlane.mma("gfx90a", "v_mfma_f32_16x16x1f32", np.zeros((16, 1), np.float32),
                        np.zeros((1, 16), np.float32), Z32, cbsz=3)),
    (["--arch", "gfx1100", "--inst", "v_wmma_f32_16x16x16_f16", "--operand", "B", "--blgp", "1"],
     lambda: mxlane.pack("gfx1100", "v_wmma_f32_16x16x16_f16", "B", Z16, blgp=1)),
    (["--arch", "gfx1100", "--inst", "v_wmma_f32_16x16x16_f16", "--operand", "E"],
     lambda: mxlane.pack("gfx1100", "v_wmma_f32_16x16x16_f16", "E", Z16)),
    (["--arch", "gfx1100", "--inst", "v_wmma_f32_16x16x16_f16", "--operand", "D", "--wave", "48"],
     lambda: mxlane.lanemap("gfx1100", "v_wmma_f32_16x16x16_f16", "D", wave=48)),
    (["--arch", "gfx1100", "--inst", "wmma_f32_16x16x16_f16_w64", "--operand", "D", "--wave", "32"],
     lambda: mxlane.lanemap("gfx1100", "wmma_f32_16x16x16_f16_w64", "D", wave=32)),
    (["--arch", "gfx1100", "--inst", "v_wmma_f32_16x16x16_f16", "--operand", "D", "--option", "rdna3_replica=nope"],
     lambda: mxlane.lanemap("gfx1100", "v_wmma_f32_16x16x16_f16", "D", options={"rdna3_replica": "nope"})),
    (["--arch", "gfx1100", "--inst", "v_wmma_f32_16x16x16_f16", "--operand", "D", "--option", "no_such_switch=1"],
     lambda: mxlane.unpack("gfx1100", "v_wmma_f32_16x16x16_f16", "D", np.zeros((8, 32), np.uint32),
                           options={"no_such_switch": 1})),
])
def test_same_message_as_the_cli(cli_args, call):
    assert message(call) == cli_error("lanemap", *cli_args)


def test_trace_errors_match_the_cli():
    args = ["--arch", "gfx90a", "--inst", "v_mfma_f32_4x4x4f16", "--trace", "0,1,2"]
    assert message(lambda: mxlane.trace("gfx90a", "v_mfma_f32_4x4x4f16", (0, 1, 2), a=[1, 2, 3, 4, 5])) == \
        cli_error("lanemap", *args, "--a", "1,2,3,4,5")
    assert message(lambda: mxlane.trace("gfx90a", "v_mfma_f32_4x4x4f16", (0, 1, 2), c=0.1)) == \
        cli_error("lanemap", *args, "--c", "0.1000000000000000055511151231257827021181583404541015625")
    assert message(lambda: mxlane.trace("gfx90a", "v_mfma_f32_4x4x4f16", (16, 1, 2))) == \
        cli_error("lanemap", "--arch", "gfx90a", "--inst", "v_mfma_f32_4x4x4f16", "--trace", "16,1,2")


def test_list_unknown_arch_matches_the_cli():
    assert message(lambda: mxlane.list("gfx0")) == cli_error("list", "--arch", "gfx0")
    assert message(lambda: mxlane.list("")).startswith("--arch: unknown architecture ''")


def test_dtypes_are_never_converted():
    inst = "v_wmma_f32_16x16x16_f16"
    assert message(lambda: mxlane.mma("gfx1100", inst, np.zeros((16, 16)), Z16, Z32)) == (
        "a: float64 is not a dtype for f16 elements: pass float16 values or uint16 bit patterns "
        "(mxlane never converts values, which could round)")
    assert message(lambda: mxlane.mma("gfx1100", "v_wmma_f32_16x16x16_bf16", Z16, Z16, Z32)).startswith(
        "a: float16 is not a dtype for bf16 elements: pass uint16 bit patterns")
    assert message(lambda: mxlane.mma("gfx1100", inst, Z16, Z16, np.zeros((16, 16), np.int32))).startswith(
        "c: int32 is not a dtype for f32 elements")
    iu4 = "v_wmma_i32_16x16x16_iu4"
    i32 = np.zeros((16, 16), np.int32)
    assert message(lambda: mxlane.mma("gfx1100", iu4, np.full((16, 16), 16, np.uint8), np.zeros((16, 16), np.uint8), i32)) == \
        "a: uint8 value 16 is not a 4-bit iu4 pattern (0..15)"
    assert message(lambda: mxlane.mma("gfx1100", iu4, np.full((16, 16), -1, np.int8), np.zeros((16, 16), np.uint8), i32)) == (
        "a: int8 value -1 is negative but A is unsigned (for signed A pass a_signed=1, i.e. neg bit 0); "
        "or pass uint8 bit patterns")
    assert message(lambda: mxlane.mma("gfx1100", iu4, np.full((16, 16), 8, np.int8), np.zeros((16, 16), np.uint8), i32,
                                      a_signed=1)) == \
        "a: int8 value 8 is outside the signed 4-bit iu4 range -8..7 (for signed A pass a_signed=1, i.e. neg bit 0)"


def test_shapes_and_arguments():
    inst = "v_wmma_f32_16x16x16_f16"
    assert message(lambda: mxlane.mma("gfx1100", inst, np.zeros((16, 8), np.float16), Z16, Z32)) == \
        "a: expected shape (16, 16) or (1, 16, 16), got (16, 8)"
    assert message(lambda: mxlane.mma("gfx1100", inst, Z16, Z16, Z32, foo=1)) == \
        "mods.foo: unknown key (allowed: a_signed, abid, b_signed, blgp, cbsz, clamp, index_key, matrix_a_fmt, " \
        "matrix_a_reuse, matrix_a_scale, matrix_a_scale_fmt, matrix_b_fmt, matrix_b_reuse, matrix_b_scale, " \
        "matrix_b_scale_fmt, neg, neg_hi, opsel, opsel_a, opsel_b)"
    assert message(lambda: mxlane.mma("gfx1100", inst, Z16, Z16, Z32, a_signed=1)) == \
        "mods.a_signed: v_wmma_f32_16x16x16_f16 does not take a_signed (integer WMMA only)"
    assert message(lambda: mxlane.gemm("gfx1100", inst, Z16, Z16, Z32, threads=-1)) == \
        "threads: -1 is negative (0 means every hardware thread)"
    assert message(lambda: mxlane.gemm("gfx1100", inst, np.zeros((16, 24), np.float16), np.zeros((24, 16), np.float16), Z32)) \
        == "gemm: K = 24 must be a positive multiple of v_wmma_f32_16x16x16_f16's k = 16"


def test_sparse_and_scaled_operands_are_refused():
    inst = "v_wmma_f32_16x16x16_f16"
    assert message(lambda: mxlane.mma("gfx1100", inst, Z16, Z16, Z32, idx=np.zeros(16, np.uint32))) == \
        "idx: v_wmma_f32_16x16x16_f16 is dense; idx is the index matrix of the sparse SMFMAC and SWMMAC instructions"
    sparse = "v_smfmac_f32_16x16x32_f16"
    A, B, C = np.zeros((16, 16), np.float16), np.zeros((32, 16), np.float16), np.zeros((16, 16), np.float32)
    assert message(lambda: mxlane.mma("gfx942", sparse, A, B, C)).startswith("idx: v_smfmac_f32_16x16x32_f16 is sparse")
    assert message(lambda: mxlane.mma("gfx942", sparse, A, B, C, idx=np.full((16, 16), 4))) == \
        "idx: index 4 is not a position 0..3 in a group of four k"
    assert re.fullmatch(r"scale_b: v_wmma_f32_16x16x16_f16 is not a block-scaled instruction .*",
                        message(lambda: mxlane.mma("gfx1100", inst, Z16, Z16, Z32, scale_b=1)))


def test_eval_errors():
    bad = {"id": 7, "arch": "gfx90a", "inst": "v_mfma_f32_4x4x4f16", "src": {"A": [[0] * 64] * 3}}
    text = message(lambda: mxlane.eval(bad))
    code, out, _ = run_cli("eval", stdin=json.dumps(bad) + "\n")
    assert code == 2 and json.loads(out) == {"id": 7, "error": text}
    assert message(lambda: mxlane.eval({"arch": "gfx90a", "x": float("nan")})) == "line.x: nan is not a JSON number"
    assert message(lambda: mxlane.eval({"arch": "gfx90a", "n": 1 << 70})) == "line.n: 1180591620717411303424 does not fit in 64 bits"
    assert message(lambda: mxlane.eval([1])).startswith("line: expected a dict")


def test_a_bad_simd_level_stops_the_import_as_it_stops_the_cli():
    """MXLANE_SIMD naming no level: ImportError with the line the mxlane program prints (exit 2)."""
    exe = os.environ.get("MXLANE_EXE")
    if not exe:
        pytest.skip("MXLANE_EXE is not set (CTest sets it)")
    env = dict(os.environ, MXLANE_SIMD="avx3")
    cli = subprocess.run([exe, "list"], env=env, capture_output=True, text=True, check=False)
    assert cli.returncode == 2, cli.stderr
    assert cli.stderr.startswith("mxlane: error: "), cli.stderr
    imported = subprocess.run([sys.executable, "-c", "import mxlane"], env=env, capture_output=True, text=True,
                              check=False)
    assert imported.returncode != 0
    assert imported.stderr.strip().splitlines()[-1] == \
        "ImportError: " + cli.stderr.strip().splitlines()[0][len("mxlane: error: "):]
    assert "avx3" in imported.stderr
    # A level's name is accepted (capped to what this CPU has).
    env["MXLANE_SIMD"] = "scalar"
    assert subprocess.run([sys.executable, "-c", "import mxlane"], env=env, check=False).returncode == 0
