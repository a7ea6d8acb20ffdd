"""scripts/vectors_to_replay.py: the published vectors of tests/vectors as `mxlane replay` lines. Every
line it writes replays as a match, a flipped expect bit is reported on its line, and no source line
is dropped except the documented skips (NaN results of the MMA-Sim vectors, the digest files)."""

import collections
import json
import subprocess
import sys

import pytest

from conftest import SOURCE_DIR, VECTORS, data_lines, run_cli

SCRIPT = SOURCE_DIR / "scripts" / "vectors_to_replay.py"
PRODUCED = ["cdna3_mmasim_vectors", "gfx1201_wmma_fixtures", "rdna3_dot2_captures",
            "rdna3_wmma_f32_integer_capture", "rdna3_wmma_packed_expected"]


@pytest.fixture(scope="module")
def converted(tmp_path_factory):
    """(output directory, stderr) of one run of the script over tests/vectors."""
    out = tmp_path_factory.mktemp("replay")
    done = subprocess.run([sys.executable, str(SCRIPT), str(out), "--vectors", str(VECTORS)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    return out, done.stderr


def jsonl(path):
    with open(path) as f:
        return [line for line in f if line.strip() and not line.startswith("#")]


def source_numbers(lines, name):
    """How often each source line number of `name` is named by the ids ("<file>:<number>[-<last>] ...")."""
    counts = collections.Counter()
    for line in lines:
        where = json.loads(line)["id"].split()[0]
        file, numbers = where.split(":")
        assert file == name
        first, _, last = numbers.partition("-")
        for number in range(int(first), int(last or first) + 1):
            counts[number] += 1
    return counts


def numbered_data_lines(name):
    with open(VECTORS / name) as f:
        return [(n, line.split()) for n, line in enumerate(f, 1) if line.strip() and not line.startswith("#")]


def reported(n, line):
    """How `mxlane replay` starts its report of input line n (1-based), which carries an id."""
    return f'line {n} (id "{json.loads(line)["id"]}"): '


def is_f32_nan(bits):
    return (bits & 0x7F800000) == 0x7F800000 and (bits & 0x007FFFFF) != 0


def test_the_files_written_and_the_summary(converted):
    out, err = converted
    assert sorted(p.stem for p in out.glob("*.jsonl")) == PRODUCED
    assert sorted(p.name for p in out.iterdir()) == [f"{stem}.jsonl" for stem in PRODUCED]
    summary = err.splitlines()
    for vector_file in sorted(p.name for p in VECTORS.glob("*.txt")):
        assert sum(line.startswith(f"{vector_file}: ") for line in summary) == 1, vector_file
    for line in summary:
        if line.split(":")[0].endswith("_digests.txt"):
            assert ": skipped: " in line


@pytest.mark.parametrize("stem", PRODUCED)
def test_every_line_replays_as_a_match(converted, stem):
    path = converted[0] / f"{stem}.jsonl"
    count = len(jsonl(path))
    assert count > 0
    with open(path) as f:
        assert all(line.startswith("{") for line in f)  # nothing but JSON lines: replay reads every line
    code, out, err = run_cli("replay", str(path))
    assert code == 0, err
    lines = jsonl(path)
    assert out.splitlines() == [reported(n, line) + "match" for n, line in enumerate(lines, 1)]
    assert f"{count} lines, {count} match, 0 mismatch, 0 invalid" in err


@pytest.mark.parametrize("stem", PRODUCED)
def test_a_flipped_expect_bit_is_a_mismatch_on_its_line(converted, stem, tmp_path):
    lines = jsonl(converted[0] / f"{stem}.jsonl")
    index = len(lines) // 2
    line = json.loads(lines[index])
    vgpr, lane = len(line["expect"]) - 1, len(line["expect"][-1]) // 2
    line["expect"][vgpr][lane] = f"0x{int(line['expect'][vgpr][lane], 16) ^ 0x00010000:08x}"
    lines[index] = json.dumps(line, separators=(",", ":")) + "\n"
    path = tmp_path / f"{stem}.jsonl"
    path.write_text("".join(lines))
    code, out, err = run_cli("replay", str(path))
    assert code == 1, err
    report = out.splitlines()
    assert len(report) == len(lines)
    for n, (text, source) in enumerate(zip(report, lines), 1):
        if n == index + 1:
            assert text.startswith(reported(n, source)) and "1 of " in text and f"v{vgpr}{{{lane}}}" in text and "expected 0x" in text, text
        else:
            assert text == reported(n, source) + "match"
    assert f"{len(lines)} lines, {len(lines) - 1} match, 1 mismatch, 0 invalid" in err


def test_no_source_line_is_dropped(converted):
    out, err = converted

    # (vector file, replay lines per data line, data lines): the DOT2 captures one each; the 256 words
    # of the WMMA F32 capture are one matrix, replayed as f16/bf16 x wave32/wave64; the packed
    # expectations one each (both waves, both formats, 7 fixtures); the gfx1201 fixtures two each
    # (d32 for wave32, d64 for wave64).
    for name, per_line, data_count in (("rdna3_dot2_captures.txt", 1, 103),
                                       ("rdna3_wmma_f32_integer_capture.txt", None, 256),
                                       ("rdna3_wmma_packed_expected.txt", 1, 28),
                                       ("gfx1201_wmma_fixtures.txt", 2, 24)):
        lines = jsonl(out / name.replace(".txt", ".jsonl"))
        assert len(data_lines(name)) == data_count, name
        if per_line is None:  # one whole-matrix capture: every data line feeds each of the 4 replay lines
            assert len(lines) == 4
            expected = collections.Counter({n: 4 for n, _ in numbered_data_lines(name)})
        else:
            assert len(lines) == per_line * data_count, name
            expected = collections.Counter({n: per_line for n, _ in numbered_data_lines(name)})
        assert source_numbers(lines, name) == expected, name

    # Every MMA-Sim case except those whose D is NaN (no payload modelled: the documented skip).
    name = "cdna3_mmasim_vectors.txt"
    lines = jsonl(out / "cdna3_mmasim_vectors.jsonl")
    kept = [n for n, words in numbered_data_lines(name) if not is_f32_nan(int(words[5], 16))]
    nan_count = len(data_lines(name)) - len(kept)
    assert nan_count > 0
    assert len(lines) == len(data_lines(name)) - nan_count
    assert source_numbers(lines, name) == collections.Counter(kept)
    assert f"{name}: {len(kept)} lines written to cdna3_mmasim_vectors.jsonl, {nan_count} skipped: D is NaN" in err
