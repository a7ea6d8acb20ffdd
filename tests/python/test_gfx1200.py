"""gfx1200 (RDNA4) dense WMMA from Python: list, mma, gemm (the reference path), trace with the DOT4
steps, and a gfx1201 capture fixture (docs/rdna4.md §5) through mxlane.mma."""

import numpy as np
import pytest

import mxlane
from conftest import data_lines


def test_list_names_the_22_gfx12_builtins():
    names = [d["builtin"] for d in mxlane.list("gfx1201") if d["kind"] == "wmma"]
    assert len(names) == 22
    assert all(n.endswith(("_w32_gfx12", "_w64_gfx12")) for n in names)


@pytest.mark.parametrize("inst", ["wmma_f32_16x16x16_f16_w32_gfx12", "wmma_f32_16x16x16_f16_w64_gfx12"])
def test_capture_fixture_through_mma(inst):
    # F16 fixture 2: every row of A holds a[ISA k], every column of B b[ISA k], C = c; the captured D
    # depends on the wave size because the harness's registers are read in a different k order
    # (docs/rdna4.md §5): wave32 0x43DFC44B, wave64 0x43DFC44A. Here the matrices are given in ISA k order.
    fixture = [line for line in data_lines("gfx1201_wmma_fixtures.txt")][2]
    words = [w for w in fixture if w != "|"]
    wave = 32 if "_w32" in inst else 64

    def index(k):  # the harness's register index the instruction reads as ISA element k (docs/rdna4.md §2.1)
        if wave == 32:
            return 8 * ((k // 4) % 2) + 2 * (2 * (k // 8) + (k // 2) % 2) + k % 2
        return 4 * (k // 4) + 2 * ((k // 2) % 2) + k % 2

    a = np.array([int(words[1 + index(k)], 16) for k in range(16)], np.uint16)
    b = np.array([int(words[17 + index(k)], 16) for k in range(16)], np.uint16)
    A = np.tile(a, (16, 1)).view(np.float16)
    B = np.tile(b[:, None], (1, 16)).view(np.float16)
    C = np.full((16, 16), int(words[33], 16), np.uint32).view(np.float32)
    D = np.asarray(mxlane.mma("gfx1201", inst, A, B, C)).view(np.uint32)
    assert (D == (0x43DFC44B if wave == 32 else 0x43DFC44A)).all()


def test_gemm_and_trace():
    A = np.ones((32, 32), np.float16)
    G = np.asarray(mxlane.gemm("gfx1200", "v_wmma_f32_16x16x16_f16", A, A, np.zeros((32, 32), np.float32)))
    assert (G == 32.0).all()
    t = mxlane.trace("gfx1200", "v_wmma_f32_16x16x16_f16", (3, 5))
    assert [s["kind"] for s in t["steps"]] == ["read_c"] + ["dot4"] * 4
    assert [s["k"] for s in t["steps"][1:]] == [list(range(4 * s, 4 * s + 4)) for s in range(4)]


def test_fp8_neg_on_a_is_refused():
    A = np.zeros((16, 16), np.uint8)
    C = np.zeros((16, 16), np.float32)
    with pytest.raises(Exception, match="NEG on the FP8/BF8 A and B is illegal"):
        mxlane.mma("gfx1200", "v_wmma_f32_16x16x16_fp8_fp8", A, A, C, neg=1)


def test_swmmac_list_mma_index_key_and_gemm_refusal():
    sparse = [d for d in mxlane.list("gfx1200") if d["kind"] == "swmmac"]
    assert len(sparse) == 22
    assert all(d["builtin"].startswith("__builtin_amdgcn_swmmac_") and d["builtin"].endswith(("_w32", "_w64")) for d in sparse)
    # f16 wave32: stored values 1, 2, 3 ... per row at positions (0, 2) of each group; B row k holds k,
    # so D[i][j] = sum over stored c of a[i][c] * (4 * (c // 2) + position) exactly.
    a = (np.arange(16 * 16).reshape(16, 16) % 7).astype(np.float16)
    idx = np.tile(np.array([0, 2] * 8), (16, 1))
    b = np.repeat(np.arange(32, dtype=np.float16).reshape(32, 1), 16, axis=1)
    c = np.zeros((16, 16), np.float32)
    want = np.array([[sum(float(a[i, t]) * (4 * (t // 2) + idx[i, t]) for t in range(16)) for _ in range(16)]
                     for i in range(16)], np.float32)
    for key in (0, 1):
        d = mxlane.mma("gfx1200", "swmmac_f32_16x16x32_f16_w32", a, b, c, idx=idx, index_key=key)
        assert np.array_equal(d, want)
    with pytest.raises(ValueError, match="index_key=2 is not allowed"):
        mxlane.mma("gfx1200", "swmmac_f32_16x16x32_f16_w32", a, b, c, idx=idx, index_key=2)
    with pytest.raises(ValueError, match="is sparse"):
        mxlane.gemm("gfx1200", "swmmac_f32_16x16x32_f16_w32", np.zeros((16, 32), np.float16), b, c)
