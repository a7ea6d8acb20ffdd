"""gfx950 scaled f8f6f4 MFMA from Python: mma with scale_a/scale_b and the cbsz/blgp formats, against
values derived by hand and an exact NumPy computation, and the refusals (docs/cdna4.md §1-§2)."""

import numpy as np

import mxlane


def message(call):
    try:
        call()
    except ValueError as e:
        return str(e)
    raise AssertionError("no ValueError")

INST = "v_mfma_scale_f32_32x32x64_f8f6f4"  # M = N = 32, K = 64: two 32-k scale blocks

# OCP FP4 E2M1 values by code (sign in bit 3): 0, 0.5, 1, 1.5, 2, 3, 4, 6.
FP4 = np.array([0, 0.5, 1, 1.5, 2, 3, 4, 6, -0.0, -0.5, -1, -1.5, -2, -3, -4, -6])


def test_exact_products_with_block_scales():
    # A in fp4 (cbsz=4), B in fp8 E4M3 with values 1 (0x38) and 2 (0x40): every product and every
    # block sum is exact, so D is the exact scaled sum however the unit groups it.
    rng = np.random.default_rng(950)
    a = rng.integers(0, 16, size=(32, 64), dtype=np.uint8)
    b_codes = rng.integers(0, 2, size=(64, 32))
    b = np.where(b_codes == 0, 0x38, 0x40).astype(np.uint8)
    sa = rng.integers(125, 130, size=(32, 2), dtype=np.uint8)  # 2^-2 .. 2^2
    sb = rng.integers(125, 130, size=(32, 2), dtype=np.uint8)
    c = np.full((32, 32), 0.25, np.float32)
    d = mxlane.mma("gfx950", INST, a, b, c, scale_a=sa, scale_b=sb, cbsz=4, blgp=0)
    av, bv = FP4[a], np.where(b_codes == 0, 1.0, 2.0)
    want = np.full((32, 32), 0.25)
    for blk in range(2):
        ks = slice(32 * blk, 32 * blk + 32)
        scale = np.exp2(sa[:, blk].astype(float) - 127)[:, None] * np.exp2(sb[:, blk].astype(float) - 127)[None, :]
        want += (av[:, ks] @ bv[ks, :]) * scale
    assert d.dtype == np.float32 and d.shape == (32, 32)
    assert np.array_equal(d.astype(np.float64), want)


def test_opsel_reads_the_other_bytes_the_same_way():
    a = np.full((32, 64), 0x38, np.uint8)  # fp8 1.0
    b = np.full((64, 32), 0x38, np.uint8)
    c = np.zeros((32, 32), np.float32)
    sa = np.full((32, 2), 0x80, np.uint8)  # 2^1
    sb = np.full((32, 2), 0x7F, np.uint8)
    for opsel_a in range(4):
        d = mxlane.mma("gfx950", INST, a, b, c, scale_a=sa, scale_b=sb, opsel_a=opsel_a, opsel_b=3)
        assert float(d[0, 0]) == 128.0  # 64 products of 1, each block x 2


def test_scaled_refusals():
    a, b, c = np.zeros((32, 64), np.uint8), np.zeros((64, 32), np.uint8), np.zeros((32, 32), np.float32)
    s = np.full((32, 2), 0x7F, np.uint8)
    assert message(lambda: mxlane.mma("gfx950", INST, a, b, c, scale_a=s)).startswith(
        "scale_b: v_mfma_scale_f32_32x32x64_f8f6f4 is block-scaled")
    assert "cbsz=5" in message(lambda: mxlane.mma("gfx950", INST, a, b, c, scale_a=s, scale_b=s, cbsz=5))
    assert "opsel_a" in message(lambda: mxlane.mma("gfx942", "v_mfma_f32_16x16x16_f16", np.zeros((16, 16), np.float16),
                                                  np.zeros((16, 16), np.float16), np.zeros((16, 16), np.float32),
                                                  opsel_a=1))
    # An fp4 value above 4 bits is not a pattern of the format cbsz selects.
    assert "4-bit fp4" in message(lambda: mxlane.mma("gfx950", INST, np.full((32, 64), 0x10, np.uint8), b, c,
                                                     scale_a=s, scale_b=s, cbsz=4))
