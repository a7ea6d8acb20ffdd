"""eval / eval_many, list / catalog and trace: the same objects as the CLI's JSON lines (the mxlane
program run on the same input), and hand-checked contents."""

import json

import numpy as np

import mxlane
from conftest import cli_json, data_lines, run_cli

ONE_F32 = 0x3F800000


def mfma_line(line_id, **extra):
    zero = [[0] * 64] * 2
    return {"id": line_id, "arch": "gfx90a", "inst": "v_mfma_f32_4x4x4f16",
            "src": {"A": zero, "B": zero, "C": [[ONE_F32] * 64] * 4}, **extra}


def test_eval_equals_the_cli_line_for_line():
    a = mxlane.pack("gfx1100", "v_wmma_f32_16x16x16_f16", "A", np.full((16, 16), 0.5, np.float16))
    b = mxlane.pack("gfx1100", "v_wmma_f32_16x16x16_f16", "B", np.eye(16, dtype=np.float16))
    c = mxlane.pack("gfx1100", "v_wmma_f32_16x16x16_f16", "C", np.full((16, 16), -1, np.float32))
    line = {"id": "w", "arch": "gfx1100", "inst": "v_wmma_f32_16x16x16_f16", "mods": {"neg_hi": 4},
            "src": {"A": a, "B": b, "C": c}}
    out = mxlane.eval(line)
    plain = json.loads(json.dumps({**line, "src": {k: v.tolist() for k, v in line["src"].items()}}))
    (cli,) = cli_json("eval", stdin=json.dumps(plain) + "\n")
    assert out == cli
    assert list(out) == ["id", "D"] and out["D"][0][0] == "0x3fc00000"  # 0.5 * 1 + |-1| = 1.5


def test_eval_expect_and_valu_lines():
    ok = mxlane.eval(mfma_line("m", expect=[[ONE_F32] * 64] * 4))
    assert ok["match"] is True
    wrong = mxlane.eval(mfma_line("m", expect=[[0] * 64] * 4))
    # The differing word names its D element (VGPR 0, lane 0 of a CDNA2 D is row 0, column 0 of
    # block 0, docs/spec/layouts.md §5.3), both values and their distance in ulps.
    assert wrong["match"] is False and wrong["diff"][0] == {
        "vgpr": 0, "lane": 0, "expect": "0x00000000", "got": "0x3f800000",
        "elements": [{"block": 0, "i": 0, "j": 0, "expect": "0x00000000 (0)", "got": "0x3f800000 (1)",
                      "ulps": 0x3f800000, "name": "D[0][0].B0"}]}
    # A VALU builtin: v_sad_u8 on one lane: |1-4| + |2-3| + |3-2| + |4-1| + 10 = 18.
    sad = {"arch": "gfx1100", "inst": "sad_u8", "src": {"src0": [[0x04030201]], "src1": [[0x01020304]], "src2": [[10]]}}
    assert mxlane.eval(sad)["D"] == [["0x00000012"]]


def test_eval_many_keeps_order_and_errors_in_place():
    lines = [mfma_line(1), {"id": 2, "arch": "gfx90a"}, mfma_line(3), "not a dict", {"id": 5, "x": float("inf")}]
    outs = mxlane.eval_many(lines)
    assert [o["id"] for o in outs] == [1, 2, 3, None, 5]
    assert "D" in outs[0] and "D" in outs[2]
    assert outs[1] == {"id": 2, "error": "inst: missing or not a string"}
    assert outs[3]["error"] == "lines[3]: expected a dict (one eval line), got a str"
    assert outs[4]["error"] == "lines[4].x: inf is not a JSON number"
    code, out, _ = run_cli("eval", stdin="\n".join(json.dumps(x) for x in lines[:3]) + "\n")
    assert code == 2 and [json.loads(x) for x in out.splitlines()] == outs[:3]


def cli_document(*args):
    code, out, err = run_cli(*args)
    assert code == 0, err
    return json.loads(out)


def test_list_and_catalog_equal_the_cli():
    doc = cli_document("list", "--format", "json")
    assert mxlane.catalog() == doc
    assert mxlane.list() == doc["instructions"]
    gfx90a = cli_document("list", "--arch", "mi250x", "--format", "json")
    assert mxlane.list("mi250x") == gfx90a["instructions"]
    mfma = [d for d in mxlane.list("gfx90a") if d["kind"] == "mfma"]
    assert len(mfma) == 27
    first = next(d for d in mfma if d["mnemonic"] == "v_mfma_f32_32x32x8f16")
    assert (first["m"], first["n"], first["k"], first["blocks"]) == (32, 32, 8, 1)


def test_trace_shows_the_rounding_step():
    # README's example: the pairwise tree rounds p0+p1 = 2^24 + 1 to 2^24.
    args = dict(a=np.array([4096, 1, 4096, 0], np.float16), b=np.array([4096, 1, -4096, 0], np.float16),
                c=np.float32(0.5))
    t = mxlane.trace("gfx90a", "v_mfma_f32_4x4x4f16", (0, 1, 2), **args)
    assert t["format"] == "mxlane.trace/1" and t["evaluated"] is True
    assert [s["kind"] for s in t["steps"]] == ["read_c", "pairwise_group"]
    rounded = [op for op in t["steps"][1]["ops"] if "rounded" in op["flags"]]
    assert len(rounded) == 1 and rounded[0]["role"] == "(p0+p1)"
    assert rounded[0]["exact"] == "16777217" and rounded[0]["result"]["bits"] == "0x4b800000"
    assert t["result"] == {"bits": "0x3f000000", "value": "0x3f000000 (0.5)"}
    (cli,) = cli_json("lanemap", "--arch", "gfx90a", "--inst", "v_mfma_f32_4x4x4f16", "--trace", "0,1,2", "--format", "json",
                      "--a", "4096,1,4096,0", "--b", "0x6c00,0x3c00,0xec00,0", "--c", "0.5")
    assert t == cli
    # Python numbers are taken exactly; (i, j) means block 0.
    assert mxlane.trace("gfx90a", "v_mfma_f32_4x4x4f16", (1, 2), a=[4096, 1, 4096, 0], b=[4096.0, 1, -4096, 0], c=0.5) == t


def test_trace_structure_without_values():
    t = mxlane.trace("gfx1100", "v_wmma_f32_16x16x16_f16", (3, 5))
    assert t["evaluated"] is False and t["replica"] == 1
    assert t["d"]["slot"] == "v1{21}"
    assert [s["kind"] for s in t["steps"]] == ["read_c"] + ["dot2"] * 8
    assert [s["k"] for s in t["steps"][1:]] == [[2 * p, 2 * p + 1] for p in range(8)]


def test_eval_many_reproduces_the_gfx1100_dot2_captures():
    # The 103 published DOT2 steps (tests/vectors/rdna3_dot2_captures.txt, W7900 captures):
    # v_dot2_f32_f16 / v_dot2_f32_bf16 on gfx1100 run the same DOT2 step (docs/spec/valu.md).
    captures = data_lines("rdna3_dot2_captures.txt")
    assert len(captures) == 103
    lines = [{"id": f"{fmt} {index}", "arch": "gfx1100", "inst": "fdot2" if fmt == "f16" else "fdot2_f32_bf16",
              "src": {"src0": [[a]], "src1": [[b]], "src2": [[c]]}} for fmt, index, a, b, c, _ in captures]
    outs = mxlane.eval_many(lines)
    assert [o["id"] for o in outs] == [line["id"] for line in lines]
    assert [o["D"][0][0] for o in outs] == [expected for *_, expected in captures]
