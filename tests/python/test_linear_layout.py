"""mxlane.linear_layout and mxlane.check_linear_layout: the bases written from the layout formulas
by hand, the round trip, a corrupted basis, transposition, chains and malformed input."""
import json

import pytest
from conftest import run_cli

import mxlane


def test_bases_of_the_mfma_accumulator_by_hand():
    # gfx942 32x32 D: lane L, element G hold row 8*(G/4) + 4*(L/32) + G%4, column L%32.
    ll = mxlane.linear_layout("gfx942", "v_mfma_f32_32x32x8_f16", "D")
    assert ll["format"] == "mxlane.linear-layout/1"
    assert ll["in_dims"] == {"register": 16, "lane": 64}
    assert ll["bases"] == {"register": [[1, 0], [2, 0], [8, 0], [16, 0]],
                           "lane": [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [4, 0]]}
    assert ll["out_dims"] == ["dim0", "dim1"]


def test_bases_reproduce_lanemap_for_every_slot():
    # Independent of the solver: apply the bases by XOR and compare with lanemap's records.
    for arch, inst, op in [("gfx1100", "v_wmma_f32_16x16x16_f16", "A"), ("gfx90a", "v_mfma_f32_32x32x1f32", "D"),
                           ("gfx1200", "v_wmma_i32_16x16x16_iu8", "B"), ("gfx950", "v_mfma_f32_16x16x32_f16", "A")]:
        ll = mxlane.linear_layout(arch, inst, op)
        m = mxlane.lanemap(arch, inst, op)
        bits = int(m["bit_hi"][0]) - int(m["bit_lo"][0]) + 1
        for r in m:
            g = int(r["vgpr"]) // 2 if bits == 64 else (int(r["vgpr"]) * 32 + int(r["bit_lo"])) // bits
            v = [0, 0, 0]
            for b, vec in enumerate(ll["bases"]["register"]):
                if g >> b & 1:
                    v = [x ^ y for x, y in zip(v, ([0] + vec)[-3:])]
            for b, vec in enumerate(ll["bases"]["lane"]):
                if int(r["lane"]) >> b & 1:
                    v = [x ^ y for x, y in zip(v, ([0] + vec)[-3:])]
            assert v == [int(r["block"]), int(r["row"]), int(r["col"])], (arch, inst, op, r)


def test_round_trip_and_a_corrupted_basis():
    ll = mxlane.linear_layout("gfx942", "v_mfma_f32_32x32x8_f16", "D")
    assert mxlane.check_linear_layout("gfx942", "v_mfma_f32_32x32x8_f16", "D", json.dumps(ll))["ok"]
    ll["bases"]["lane"][5] = [8, 0]
    r = mxlane.check_linear_layout("gfx942", "v_mfma_f32_32x32x8_f16", "D", ll, max_mismatches=1)
    assert not r["ok"] and r["mismatches"] == 512 and r["checked"] == 1024
    first = r["first_mismatches"][0]
    assert (first["lane"], first["g"]) == (32, 0)
    assert first["formula"]["row"] == 8 and first["layout"] == [{"block": 0, "row": 4, "col": 0}]


def test_transposed_and_chained():
    transposed = {"bases": {"register": [[0, 1], [0, 2], [0, 8], [0, 16]],
                            "lane": [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [0, 4]]},
                  "out_dims": ["dim0", "dim1"]}
    assert not mxlane.check_linear_layout("gfx942", "v_mfma_f32_32x32x8_f16", "D", transposed)["ok"]
    assert mxlane.check_linear_layout("gfx942", "v_mfma_f32_32x32x8_f16", "D", transposed, transposed=True)["ok"]
    # kWidth 8 over two v_mfma_f32_16x16x16_f16: k = 8*(L/16) + 4s + G where the instruction reads 4*(L/16) + G.
    k8 = {"bases": {"register": [[0, 1], [0, 2], [0, 4]], "lane": [[1, 0], [2, 0], [4, 0], [8, 0], [0, 8], [0, 16]]},
          "out_dims": ["dim0", "dim1"]}
    r = mxlane.check_linear_layout("gfx942", "v_mfma_f32_16x16x16_f16", "A", k8, steps=2)
    assert r["ok"]
    assert r["k_order"] == [8 * (k // 4) + k % 4 for k in range(16)] + [8 * (k // 4) + 4 + k % 4 for k in range(16)]


def test_bad_input_names_the_field():
    with pytest.raises(ValueError, match=r"layout: bases.register: 3 vectors give 8 register elements"):
        mxlane.check_linear_layout("gfx942", "v_mfma_f32_16x16x16_f16", "A",
                                   {"bases": {"register": [[0, 1], [0, 2], [0, 4]],
                                              "lane": [[1, 0], [2, 0], [4, 0], [8, 0], [0, 8], [0, 16]]},
                                    "out_dims": ["dim0", "dim1"]})
    with pytest.raises(ValueError, match=r"layout: not JSON"):
        mxlane.check_linear_layout("gfx942", "v_mfma_f32_32x32x8_f16", "D", "{")
    with pytest.raises(ValueError, match=r"steps"):
        mxlane.check_linear_layout("gfx942", "v_mfma_f32_32x32x8_f16", "A", {}, steps=0)
    with pytest.raises(ValueError, match=r"is not linear over GF\(2\)"):
        mxlane.linear_layout("gfx90a", "v_mfma_f32_32x32x8f16", "B", blgp=3)


def test_the_program_reads_a_layout_from_standard_input():
    # `mxlane check --linear-layout -`: the module's export piped into the program, then a bad document.
    ll = mxlane.linear_layout("gfx1100", "v_wmma_f32_16x16x16_f16", "A")
    args = ("check", "--arch", "gfx1100", "--inst", "v_wmma_f32_16x16x16_f16", "--operand", "A", "--linear-layout", "-")
    code, out, err = run_cli(*args, stdin=json.dumps(ll))
    assert (code, err) == (0, "")
    assert out.endswith("OK: all 512 slots (L, G) of A match\n")  # 32 lanes x 16 G: the copies in lanes 16-31 too
    code, out, err = run_cli(*args, stdin='{"bases": {"register": [[0, 1]], "lane": []}, "out_dims": ["dim0"]}')
    assert code == 2 and out == ""
    assert err == ('mxlane check: error: --linear-layout: out_dims: expected ["dim0", "dim1"] (or ["block", "dim0", '
                   '"dim1"]), got ["dim0"]\n')
