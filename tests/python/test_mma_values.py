"""mxlane.mma against independent expectations: the published gfx1100 hardware captures
(tests/vectors/), hand-derived roundings, and exact Fraction dot products where no rounding occurs."""

from fractions import Fraction

import numpy as np
import pytest

import mxlane
from conftest import bf16_bits_of_int, data_lines, f16_bits_of_int, f32_bits_of_int, matrix_builtins


# ---- published gfx1100 captures (docs/spec/numerics.md §D.3, §D.4) ----------------------------------------

@pytest.mark.parametrize("inst", ["v_wmma_f32_16x16x16_f16", "v_wmma_f32_16x16x16_bf16"])
@pytest.mark.parametrize("wave", [32, 64])
def test_f32_wmma_integer_capture(inst, wave):
    expected = np.zeros((16, 16), np.uint32)
    lines = data_lines("rdna3_wmma_f32_integer_capture.txt")
    assert len(lines) == 256
    for m, n, word in lines:
        expected[int(m), int(n)] = int(word, 16)
    bf16 = "bf16" in inst
    encode = bf16_bits_of_int if bf16 else f16_bits_of_int
    x = np.arange(16)
    A = np.vectorize(encode)((((16 * x[:, None] + x[None, :]) * 7) % 17) - 8).astype(np.uint16)
    B = np.vectorize(encode)((((16 * x[:, None] + x[None, :]) * 11) % 17) - 8).astype(np.uint16)
    C = ((((16 * x[:, None] + x[None, :]) * 13) % 129) - 64).astype(np.float32)
    if not bf16:
        A, B = A.view(np.float16), B.view(np.float16)  # the f16 path takes NumPy float16 values
    D = mxlane.mma("gfx1100", inst, A, B, C, wave=wave)
    assert D.dtype == np.float32 and D.shape == (16, 16)
    np.testing.assert_array_equal(D.view(np.uint32), expected)


def packed_fixtures():
    inputs = {}
    for fmt, fixture, operand, *values in data_lines("rdna3_wmma_packed_inputs.txt"):
        inputs[(fmt, int(fixture), operand)] = np.array([int(v, 16) for v in values], np.uint16).reshape(16, 16)
    cases = []
    for wave, fmt, fixture, *values in data_lines("rdna3_wmma_packed_expected.txt"):
        expected = np.array([int(v, 16) for v in values], np.uint16).reshape(16, 16)
        cases.append((int(wave[4:]), fmt, int(fixture), [inputs[(fmt, int(fixture), o)] for o in "ABC"], expected))
    assert len(cases) == 28
    return cases


@pytest.mark.parametrize("opsel", [0, 4])
def test_16bit_output_wmma_captures(opsel):
    for wave, fmt, fixture, (A, B, C), expected in packed_fixtures():
        if fmt == "f16":  # NumPy float16 values in, float16 out (NaN payloads kept: views, not casts)
            D = mxlane.mma("gfx1100", "v_wmma_f16_16x16x16_f16", A.view(np.float16), B.view(np.float16),
                           C.view(np.float16), wave=wave, opsel=opsel)
            assert D.dtype == np.float16
            D = D.view(np.uint16)
        else:  # bf16: raw uint16 bits both ways
            D = mxlane.mma("gfx1100", "v_wmma_bf16_16x16x16_bf16", A, B, C, wave=wave, opsel=opsel)
            assert D.dtype == np.uint16
        assert np.array_equal(D, expected), (wave, fmt, fixture, opsel)


# ---- hand-derived roundings ---------------------------------------------------------------------

def test_cdna2_pairwise_tree_loses_the_one():
    # v_mfma_f32_4x4x4f16 adds each group of 4 products as ((p0+p1)+(p2+p3)) in binary32:
    # p0+p1 = 2^24 + 1 is a tie between 2^24 and 2^24+2 and rounds to even 2^24; p2+p3 = -2^24;
    # so D = 0.5, where the exact sum is 1.5 (docs/spec/numerics.md §B.2).
    a = np.zeros((16, 4, 4), np.float16)
    b = np.zeros((16, 4, 4), np.float16)
    a[0, 1] = [4096, 1, 4096, 0]
    b[0, :, 2] = [4096, 1, -4096, 0]
    c = np.full((16, 4, 4), 0.5, np.float32)
    d = mxlane.mma("gfx90a", "v_mfma_f32_4x4x4f16", a, b, c)
    assert d.shape == (16, 4, 4)
    assert d[0, 1, 2] == np.float32(0.5)
    assert float(Fraction(4096) * 4096 + 1 - Fraction(4096) * 4096 + Fraction(1, 2)) == 1.5


def test_cdna2_fp32_fma_chain_rounds_each_step():
    # v_mfma_f32_32x32x2f32: C first, then one fused multiply-add per k in order (docs/spec/numerics.md §B.1).
    # acc = 1 + 2^-24 * 1 is a tie that rounds to 1; twice: still 1, where one rounding of the
    # whole sum would give 1 + 2^-23.
    a = np.zeros((32, 2), np.float32)
    b = np.zeros((2, 32), np.float32)
    a[0] = [2.0 ** -24, 2.0 ** -24]
    b[:, 0] = [1, 1]
    c = np.ones((32, 32), np.float32)
    d = mxlane.mma("gfx90a", "v_mfma_f32_32x32x2f32", a, b, c)
    assert d.shape == (32, 32) and d[0, 0] == np.float32(1.0)
    assert d[0, 1] == np.float32(1.0) and d[1, 0] == np.float32(1.0)


def test_f64_mfma_exact_fraction():
    a = np.array([[0.5, 0.25, -3.0, 8.0]] * 16)
    b = np.full((4, 16), 0.125)
    d = mxlane.mma("gfx90a", "v_mfma_f64_16x16x4f64", a, b, np.full((16, 16), -1.0))
    assert d.dtype == np.float64 and d.shape == (16, 16)
    exact = sum(Fraction(x) * Fraction(1, 8) for x in (0.5, 0.25, -3.0, 8.0)) - 1
    assert Fraction(float(d[3, 7])) == exact


def test_wmma_neg_and_neg_hi_negate_a_and_c():
    # Nonzero A, B, C >= 1, so that after the negations every term of every DOT2 step is negative:
    # no opposite-sign term is one's-complemented and the grid's LSB is far below 1, so the
    # integer sums are exact (docs/spec/numerics.md §B.4).
    rng = np.random.default_rng(7)
    A = rng.integers(1, 5, (16, 16))
    B = rng.integers(1, 5, (16, 16))
    C = rng.integers(1, 9, (16, 16))
    f16 = lambda m: m.astype(np.float16)  # small integers: exact in float16
    # NEG[0] negates A's even k, NEG_HI[0] its odd k, NEG[2] negates C (docs/spec/layouts.md §8.4).
    d = mxlane.mma("gfx1100", "v_wmma_f32_16x16x16_f16", f16(A), f16(B), C.astype(np.float32), neg=5, neg_hi=1)
    np.testing.assert_array_equal(d, (-A @ B - C).astype(np.float32))


def test_cbsz_full_broadcast_reads_block_abid():
    # cbsz = log2(blocks): every block reads A of block abid (both CBSZ models agree, docs/spec/layouts.md §8.1).
    rng = np.random.default_rng(3)
    A = rng.integers(-3, 4, (4, 16, 4))
    B = rng.integers(-3, 4, (4, 4, 16))
    C = rng.integers(-3, 4, (4, 16, 16))
    d = mxlane.mma("gfx90a", "v_mfma_f32_16x16x4f16", A.astype(np.float16), B.astype(np.float16),
                   C.astype(np.float32), cbsz=2, abid=3)
    for block in range(4):
        np.testing.assert_array_equal(d[block], (A[3] @ B[block] + C[block]).astype(np.float32))


# ---- exact dot products on every builtin ----------------------------------------------------------

def small_integers(rng, op, size, arch):
    """Small integers whose products and sums every format holds exactly (|D| < 256 < bf16's 2^8).
    RDNA3's float WMMAs add each DOT2 step on a truncating grid where an opposite-sign term costs
    one LSB (one's complement, docs/spec/numerics.md §B.4), so there every term is positive: 1..3."""
    if arch == "gfx1100" and op["type"] in ("f16", "bf16", "f32"):
        return rng.integers(1, 4, size)
    if op["type"] in ("iu8", "iu4", "i8") and not op.get("signed", True):
        return rng.integers(0, 3, size)
    return rng.integers(-2, 3, size)


# FP8 exponent biases by encoding (gfx942 FNUZ, OCP elsewhere) and fraction bits (docs/spec/valu.md §6.5).
FP8 = {("fp8", "fnuz"): (8, 3), ("bf8", "fnuz"): (16, 2), ("fp8", "ocp"): (7, 3), ("bf8", "ocp"): (15, 2)}


def fp8_bits_of_int(v, op_type, arch):
    """The FP8/BF8 bits of a small integer (|v| a power of two), made by hand."""
    if v == 0:
        return 0
    bias, man = FP8[(op_type, "fnuz" if arch == "gfx942" else "ocp")]
    e = abs(int(v)).bit_length() - 1
    assert abs(int(v)) == 1 << e
    return (0x80 if v < 0 else 0) | ((e + bias) << man)


def fp4_bits_of_int(v):
    """The OCP FP4 E2M1 bits of 0, +-1 or +-2 (exponent bias 1, one fraction bit), made by hand."""
    return {0: 0x0, 1: 0x2, 2: 0x4, -1: 0xA, -2: 0xC}[int(v)]


def as_values(ints, op_type, signed, arch=""):
    """Integers in the dtype mma takes for the element type (bf16, fp8, bf8, fp4: bits made by hand)."""
    if op_type == "bf16":
        return np.vectorize(bf16_bits_of_int)(ints).astype(np.uint16)
    if op_type == "fp4":
        return np.vectorize(fp4_bits_of_int)(ints).astype(np.uint8)
    if op_type == "f8f6f4":  # gfx1250's f8f6f4 WMMA with its default formats, FP8 E4M3
        op_type = "fp8"
    if op_type in ("fp8", "bf8"):
        return np.vectorize(lambda v: fp8_bits_of_int(v, op_type, arch))(ints).astype(np.uint8)
    return ints.astype({"f16": np.float16, "f32": np.float32, "xf32": np.float32, "f64": np.float64, "i32": np.int32,
                        "i8": np.int8, "iu8": np.int8 if signed else np.uint8, "iu4": np.int8 if signed else np.uint8}[op_type])


def as_fractions(d, op_type):
    if op_type == "bf16":
        d = (d.astype(np.uint32) << 16).view(np.float32)
    return np.vectorize(lambda x: Fraction(x.item()) if hasattr(x, "item") else Fraction(x), otypes=[object])(d)


@pytest.mark.parametrize("signed", [False, True])
def test_every_builtin_equals_the_exact_dot_product(signed):
    rng = np.random.default_rng(11)
    checked = 0
    for desc in matrix_builtins():
        integer_wmma = desc["types"]["A"] in ("iu8", "iu4")
        if signed and not integer_wmma:
            continue
        mods = {"a_signed": 1, "b_signed": 1} if signed else {}
        blocks, m, n, k = desc["blocks"], desc["m"], desc["n"], desc["k"]
        ops = {x: {"type": desc["types"][x], "signed": signed or not integer_wmma} for x in "ABCD"}
        A = small_integers(rng, ops["A"], (blocks, m, k), desc["arch"])
        B = small_integers(rng, ops["B"], (blocks, k, n), desc["arch"])
        C = small_integers(rng, ops["C"], (blocks, m, n), desc["arch"]) * 2
        d = mxlane.mma(desc["arch"], desc["builtin"], as_values(A, ops["A"]["type"], signed, desc["arch"]),
                       as_values(B, ops["B"]["type"], signed, desc["arch"]), as_values(C, ops["C"]["type"], True), **mods)
        expected = np.einsum("bik,bkj->bij", A, B) + C
        got = as_fractions(np.asarray(d).reshape(blocks, m, n), ops["D"]["type"])
        assert (got == expected).all(), desc["builtin"]
        checked += 1
    # 20 gfx908 + 27 gfx90a + 32 gfx942 + 36 gfx950 + 16 gfx1100 + 22 gfx1200 + 25 gfx1250 + 26 gfx1251; integer
    # WMMA: 4 gfx1100 + 6 gfx1200 + 1 gfx1250 + 1 gfx1251
    assert checked == (12 if signed else 204)


def test_every_smfmac_equals_the_exact_sparse_dot_product():
    # gfx942 SMFMAC: A is compressed (M, K/2) with idx giving each stored value's position in its
    # group of four k (docs/cdna3.md §3); with small integers every product and sum is exact, so D is
    # C + sum_c A[i][c] * B[4*(c//2) + idx[i][c]][j] whatever the grouping.
    rng = np.random.default_rng(12)
    pairs = np.array([(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)])
    checked = 0
    for desc in mxlane.list():
        if desc["kind"] != "smfmac":
            continue
        m, n, k, arch = desc["m"], desc["n"], desc["k"], desc["arch"]
        ops = {x: {"type": desc["types"][x], "signed": True} for x in "ABCD"}
        A = small_integers(rng, ops["A"], (1, m, k // 2), arch)[0]
        B = small_integers(rng, ops["B"], (1, k, n), arch)[0]
        C = small_integers(rng, ops["C"], (1, m, n), arch)[0] * 2
        idx = pairs[rng.integers(0, 6, (m, k // 4))].reshape(m, k // 2)
        rows = 4 * (np.arange(k // 2) // 2)[None, :] + idx  # the B row of each stored value
        expected = np.einsum("ic,icj->ij", A, B[rows]) + C
        d = mxlane.mma(arch, desc["builtin"], as_values(A, ops["A"]["type"], True, arch),
                       as_values(B, ops["B"]["type"], True, arch), as_values(C, ops["C"]["type"], True), idx=idx)
        assert (as_fractions(np.asarray(d), ops["D"]["type"]) == expected).all(), desc["builtin"]
        checked += 1
    assert checked == 14 + 28  # gfx942, gfx950 (14 kept, 14 K-doubled)


def test_two_dimensional_operands_feed_every_block():
    # A 2-D operand of a multi-block instruction is the same matrix in every block; D keeps the
    # block axis. A single-block instruction answers in the rank it was asked in.
    rng = np.random.default_rng(8)
    A = rng.integers(-3, 4, (16, 4))
    B = rng.integers(-3, 4, (4, 4, 16))
    C = rng.integers(-3, 4, (16, 16))
    d = mxlane.mma("gfx90a", "v_mfma_f32_16x16x4f16", A.astype(np.float16), B.astype(np.float16), C.astype(np.float32))
    assert d.shape == (4, 16, 16)
    for block in range(4):
        np.testing.assert_array_equal(d[block], (A @ B[block] + C).astype(np.float32))
    a, c = np.ones((16, 16), np.float16), np.zeros((16, 16), np.float32)
    assert mxlane.mma("gfx1100", "v_wmma_f32_16x16x16_f16", a, a, c).shape == (16, 16)
    assert mxlane.mma("gfx1100", "v_wmma_f32_16x16x16_f16", a[None], a, c).shape == (1, 16, 16)


def test_memory_order_and_byte_order_do_not_matter():
    # Fortran order, transposed views and big-endian arrays carry the same values (byte swaps and
    # copies are exact), so they give the same bits.
    rng = np.random.default_rng(12)
    a = rng.standard_normal((16, 16)).astype(np.float16)
    b = rng.standard_normal((16, 16)).astype(np.float16)
    c = rng.standard_normal((16, 16)).astype(np.float32)
    inst = "v_wmma_f32_16x16x16_f16"
    d = mxlane.mma("gfx1100", inst, a, b, c).view(np.uint32)
    assert np.array_equal(mxlane.mma("gfx1100", inst, a.astype(">f2"), np.asfortranarray(b), c.astype(">f4")).view(np.uint32), d)
    big_endian_bits = c.view(np.uint32).astype(">u4")
    assert np.array_equal(mxlane.mma("gfx1100", inst, a.T.copy().T, b.view(np.uint16), big_endian_bits).view(np.uint32), d)
