"""gfx1250 block-scaled WMMA from Python: mma with scale_a/scale_b in every scale format against an exact NumPy
sum (values chosen so that every model gives it), the three cdna5_wmma models, and the refusals
(docs/cdna5.md §2.7, §3.7)."""

import numpy as np
import pytest

import mxlane

# Element codes by value, written from the format definitions (not from mxlane): OCP FP8 E4M3, BF8 E5M2, FP6
# E2M3, BF6 E3M2, FP4 E2M1 for the values -3..3.
CODES = {
    0: {0: 0x00, 1: 0x38, 2: 0x40, 3: 0x44},  # fp8: exponent bias 7, 3 fraction bits
    1: {0: 0x00, 1: 0x3C, 2: 0x40, 3: 0x42},  # bf8: bias 15, 2 fraction bits
    2: {0: 0x00, 1: 0x08, 2: 0x10, 3: 0x14},  # fp6: bias 1, 3 fraction bits
    3: {0: 0x00, 1: 0x0C, 2: 0x10, 3: 0x12},  # bf6: bias 3, 2 fraction bits
    4: {0: 0x0, 1: 0x2, 2: 0x4, 3: 0x5},  # fp4: bias 1, 1 fraction bit
}
SIGN = {0: 0x80, 1: 0x80, 2: 0x20, 3: 0x20, 4: 0x8}


def encode(fmt, values):
    out = np.vectorize(lambda v: CODES[fmt][abs(v)] | (SIGN[fmt] if v < 0 else 0))(values)
    return out.astype(np.uint8)


def scale_bytes(scale_fmt, rng, shape):
    """Scale bytes and their values: E8M0 2^-1..2^1; E5M3 / E4M3 sig/8 * 2^e, e in -1..1, E4M3 either sign."""
    e = rng.integers(-1, 2, size=shape)
    if scale_fmt == 0:
        return (e + 127).astype(np.uint8), np.exp2(e.astype(float))
    sig = rng.integers(8, 16, size=shape)
    value = sig / 8.0 * np.exp2(e.astype(float))
    if scale_fmt == 1:
        return (((e + 15) << 3) | (sig - 8)).astype(np.uint8), value
    neg = rng.integers(0, 2, size=shape)
    return ((neg << 7) | ((e + 7) << 3) | (sig - 8)).astype(np.uint8), np.where(neg == 1, -value, value)


CASES = [
    ("v_wmma_scale_f32_16x16x128_f8f6f4", 32, 0, 0, 0),
    ("v_wmma_scale_f32_16x16x128_f8f6f4", 32, 2, 1, 0),
    ("v_wmma_scale16_f32_16x16x128_f8f6f4", 16, 4, 0, 1),
    ("v_wmma_scale16_f32_16x16x128_f8f6f4", 16, 4, 4, 2),
    ("v_wmma_scale_f32_32x16x128_f4", 32, 4, 4, 1),
    ("v_wmma_scale16_f32_32x16x128_f4", 16, 4, 4, 2),
]


@pytest.mark.parametrize("model", ["fused-groups", "dot4", "fma-chain"])
@pytest.mark.parametrize("inst,block,fa,fb,scale_fmt", CASES)
def test_exact_scaled_sums(inst, block, fa, fb, scale_fmt, model):
    rng = np.random.default_rng(hash((inst, fa, fb, scale_fmt)) % 2**32)
    m = 32 if "32x16" in inst else 16
    av, bv = rng.integers(-3, 4, size=(m, 128)), rng.integers(-3, 4, size=(128, 16))
    cv = rng.integers(-3, 4, size=(m, 16)).astype(np.float32)
    blocks = 128 // block
    # An E5M3 / E4M3 scale only on an FP4 operand (docs/cdna5.md §2.7): E8M0 on the other.
    sa, sav = scale_bytes(scale_fmt if fa == 4 else 0, rng, (m, blocks))
    sb, sbv = scale_bytes(scale_fmt if fb == 4 else 0, rng, (16, blocks))
    mods = {"matrix_a_scale_fmt": scale_fmt if fa == 4 else 0, "matrix_b_scale_fmt": scale_fmt if fb == 4 else 0,
            "matrix_a_scale": 1, "matrix_b_scale": 0}
    if m == 16:
        mods.update(matrix_a_fmt=fa, matrix_b_fmt=fb)
    d = mxlane.mma("gfx1250", inst, encode(fa, av), encode(fb, bv), cv, scale_a=sa, scale_b=sb,
                   options={"cdna5_wmma": model}, **mods)
    want = cv.astype(np.float64)
    for b in range(blocks):
        ks = slice(block * b, block * (b + 1))
        want += (av[:, ks] @ bv[ks, :]) * sav[:, b][:, None] * sbv[:, b][None, :]
    assert d.dtype == np.float32 and d.shape == (m, 16)
    assert np.array_equal(d.astype(np.float64), want)


def test_refusals_name_the_rule():
    inst = "v_wmma_scale_f32_16x16x128_f8f6f4"
    a, b = np.zeros((16, 128), np.uint8), np.zeros((128, 16), np.uint8)
    c, s = np.zeros((16, 16), np.float32), np.full((16, 4), 0x7F, np.uint8)
    with pytest.raises(ValueError, match="only on an FP4 operand"):
        mxlane.mma("gfx1250", inst, a, b, c, scale_a=s, scale_b=s, matrix_a_scale_fmt=1)
    with pytest.raises(ValueError, match="scale_b"):
        mxlane.mma("gfx1250", inst, a, b, c, scale_a=s)
    with pytest.raises(ValueError, match="scale_a"):  # scale16 takes (16, 8): one byte per 16 k
        mxlane.mma("gfx1250", "v_wmma_scale16_f32_16x16x128_f8f6f4", a, b, c, scale_a=s, scale_b=s)
