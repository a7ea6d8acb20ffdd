#!/usr/bin/python3
# Generates tests/vectors/cdna3_mmasim_vectors.txt by running MMA-Sim's gfx942 (CDNA3) MFMA model.
#
# Runs ONLY where microsoft/MMA-Sim has been fetched; it is never a build or test dependency (the
# committed vector file is). MMA-Sim needs torch, which Debian 12 lacks: scripts/mmasim_torch_shim/
# holds a tiny numpy-backed `torch` stand-in that provides only what mmasim.simulator.amd uses
# (docs/cdna3-numerics.md §7). Usage (Debian's python3, python3-numpy):
#   PYTHONPATH=scripts/mmasim_torch_shim:<MMA-Sim checkout> /usr/bin/python3 -W ignore \
#       scripts/gen_cdna3_mmasim_vectors.py <MMA-Sim commit> > tests/vectors/cdna3_mmasim_vectors.txt
# Each case is one output element: MMA-Sim's mfma("CDNA3", qualifier) object with m = n = 1 (its
# per-element algorithm does not depend on m, n), A as a 1 x K row, B as a K x 1 column, C 1 x 1.
import datetime
import random
import struct
import sys

import numpy as np
import torch
from mmasim.simulator.amd import mfma

# qualifier -> (A format name, B format name)
FAMILIES = [
    ("f32_32x32x8_f16", "f16", "f16"),      # K = 8, one group of 8
    ("f32_16x16x16_f16", "f16", "f16"),     # K = 16, two groups of 8
    ("f32_16x16x4_4b_f16", "f16", "f16"),   # K = 4, group of 4
    ("f32_32x32x8_bf16", "bf16", "bf16"),
    ("f32_16x16x16_bf16", "bf16", "bf16"),
    ("f32_16x16x4_4b_bf16", "bf16", "bf16"),
    ("f32_16x16x8_xf32", "f32", "f32"),     # K = 8, two groups of 4
    ("f32_32x32x4_xf32", "f32", "f32"),     # K = 4
    ("f32_32x32x16_fp8_fp8", "fp8", "fp8"),
    ("f32_16x16x32_fp8_fp8", "fp8", "fp8"),
    ("f32_32x32x16_fp8_bf8", "fp8", "bf8"),
    ("f32_16x16x32_fp8_bf8", "fp8", "bf8"),
    ("f32_32x32x16_bf8_fp8", "bf8", "fp8"),
    ("f32_16x16x32_bf8_fp8", "bf8", "fp8"),
    ("f32_32x32x16_bf8_bf8", "bf8", "bf8"),
    ("f32_16x16x32_bf8_bf8", "bf8", "bf8"),
]

# name -> (bits, exponent bits, fraction bits, bias)
FORMATS = {"f16": (16, 5, 10, 15), "bf16": (16, 8, 7, 127), "f32": (32, 8, 23, 127),
           "fp8": (8, 4, 3, 8), "bf8": (8, 5, 2, 16)}  # fp8/bf8: gfx942 FNUZ


def decode(fmt, bits):
    """Value of a bit pattern (float; NaN for NaN). FNUZ: 0x80 is the only NaN, no inf."""
    width, eb, mb, bias = FORMATS[fmt]
    sign = -1.0 if bits >> (width - 1) else 1.0
    e = (bits >> mb) & ((1 << eb) - 1)
    m = bits & ((1 << mb) - 1)
    if fmt in ("fp8", "bf8"):
        if bits == 0x80:
            return float("nan")
    elif e == (1 << eb) - 1:
        return sign * float("inf") if m == 0 else float("nan")
    if e == 0:
        return sign * m * 2.0 ** (1 - bias - mb)
    return sign * ((1 << mb) + m) * 2.0 ** (e - bias - mb)


def make_tensor(fmt, bit_list, shape):
    if fmt == "f32":  # keep raw bits (a NaN whose payload is in the low 13 bits must survive)
        return torch.Tensor(np.array(bit_list, dtype=np.uint32).reshape(shape).view(np.float32), torch.float32)
    if fmt == "f16":
        return torch.Tensor(np.array(bit_list, dtype=np.uint16).reshape(shape).view(np.float16), torch.float16)
    dt = {"bf16": torch.bfloat16, "fp8": torch.float8_e4m3fnuz, "bf8": torch.float8_e5m2fnuz}[fmt]
    return torch.Tensor(np.array([decode(fmt, b) for b in bit_list], dtype=np.float64).reshape(shape), dt)


def encode_normal(fmt, neg, exp, frac_bits):
    width, eb, mb, bias = FORMATS[fmt]
    e = max(1, min((1 << eb) - (1 if fmt in ("fp8", "bf8") else 2), exp + bias))
    return (int(neg) << (width - 1)) | (e << mb) | (frac_bits & ((1 << mb) - 1))


def f32_bits(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def random_normal(rng, fmt, lo, hi):
    return encode_normal(fmt, rng.random() < 0.5, rng.randint(lo, hi), rng.getrandbits(23))


def special_cases(fmt_a, fmt_b, k):
    """Hand-made cases: (A bits, B bits, C bits)."""
    one_a, one_b = encode_normal(fmt_a, False, 0, 0), encode_normal(fmt_b, False, 0, 0)
    wa, _, mba, _ = FORMATS[fmt_a]
    wb, _, mbb, _ = FORMATS[fmt_b]
    sa, sb = 1 << (wa - 1), 1 << (wb - 1)
    is8 = wa == 8
    zeros_a, zeros_b = [0] * k, [0] * k
    cases = []
    # C = -0 and every product -0 -> +0
    cases.append(([sa] * k, [0] * k, 0x80000000))
    cases.append(([0] * k, [0] * k, 0x80000000))
    # exact cancellation: x*y - x*y (+ C = 0)
    a = [one_a | 3] * k
    b = [one_b if i % 2 == 0 else one_b | sb for i in range(k)]
    cases.append((a, b, 0))
    cases.append((a, b, 0x80000000))
    # C cancels the products exactly
    cases.append(([one_a] * k, [one_b] * k, f32_bits(-float(k))))
    # a tiny negative remainder below the group's scale: the floor makes it -2^(F-31)
    a = [one_a] + [encode_normal(fmt_a, False, -6, 0)] + zeros_a[2:]
    b = [one_b | sb] + [encode_normal(fmt_b, True, -6, 1)] + zeros_b[2:]
    cases.append((a, b, f32_bits(1.0)))
    cases.append((a, b, f32_bits(2.0)))
    cases.append((a, b, 0))
    # the 31-bit floor decides a tie: C = 2^12, p0 = 2^-12 (half an ulp of C), p1 = 2^-19 (kept:
    # rounds up) or 2^-20 (floored away: a tie, to even)
    e6a, e6b = encode_normal(fmt_a, False, -6, 0), encode_normal(fmt_b, False, -6, 0)
    e10a, e10b, e9b = encode_normal(fmt_a, False, -10, 0), encode_normal(fmt_b, False, -10, 0), encode_normal(fmt_b, False, -9, 0)
    for tail_b, c in ((e9b, 2.0 ** 12), (e10b, 2.0 ** 12), (e10b, 2.0 ** 12 * (1 + 2.0 ** -23))):
        cases.append(([e6a, e10a] + zeros_a[2:], [e6b, tail_b] + zeros_b[2:], f32_bits(c)))
    cases.append(([e6a, e10a] + zeros_a[2:], [e6b | sb, tail_b | sb] + zeros_b[2:], f32_bits(-(2.0 ** 12))))
    # subnormal factors
    cases.append(([1] * k, [one_b] * k, 0))
    cases.append(([1 | sa] * k, [1] * k, 0))
    cases.append(([(1 << mba) - 1] * k, [(1 << mbb) - 1 | sb] * k, f32_bits(2.0 ** -126)))
    cases.append(([one_a] * k, [one_b] * k, 0x00000001))  # C subnormal
    cases.append(([one_a] * k, [one_b] * k, 0x80400000))  # C subnormal, negative
    # zero factor paired with a huge one (a zero's exponent still counts in the group maximum)
    big_a = encode_normal(fmt_a, False, 100, 5)
    cases.append(([0, one_a | 1] + [one_a] * (k - 2), [encode_normal(fmt_b, False, 100, 0), one_b] + [one_b] * (k - 2), 0))
    cases.append(([big_a] + [one_a] * (k - 1), [0] + [one_b | 7] * (k - 1), f32_bits(1.0)))
    # C much larger / much smaller than the products (C floored at 24 bits below 2^F; fp8 drop)
    cases.append(([one_a] * k, [one_b] * k, f32_bits(1.0 + 2.0 ** -23)))
    cases.append(([encode_normal(fmt_a, False, 3, 0)] * k, [one_b] * k, f32_bits(-(1.0 + 2.0 ** -23))))
    cases.append(([one_a] * k, [one_b] * k, f32_bits(-(2.0 ** -27 + 2.0 ** -40))))
    cases.append(([one_a] * k, [one_b] * k, f32_bits(2.0 ** -24 * 1.5)))
    cases.append(([one_a] * k, [one_b] * k, f32_bits(-(2.0 ** -30))))
    cases.append(([one_a] * k, [one_b] * k, f32_bits(2.0 ** 40)))
    # NaN and infinities
    nan_a = 0x80 if is8 else (0x7E00 if fmt_a == "f16" else (0x7FC0 if fmt_a == "bf16" else 0x7FC00000))
    cases.append(([nan_a] + [one_a] * (k - 1), [one_b] * k, 0))
    cases.append(([one_a] * k, [one_b] * k, 0x7FC00000))
    cases.append(([one_a] * k, [one_b] * k, 0x7F800000))
    cases.append(([one_a] * k, [one_b] * k, 0xFF800000))
    cases.append(([one_a] * k, [one_b | sb] * k, 0x7F800000))
    if not is8:
        inf_a = {"f16": 0x7C00, "bf16": 0x7F80, "f32": 0x7F800000}[fmt_a]
        inf_b = {"f16": 0x7C00, "bf16": 0x7F80, "f32": 0x7F800000}[fmt_b]
        cases.append(([inf_a] + [one_a] * (k - 1), [one_b] * k, 0))
        cases.append(([inf_a] + [one_a] * (k - 1), [0] + [one_b] * (k - 1), 0))        # inf * 0
        cases.append(([inf_a, inf_a] + [one_a] * (k - 2), [one_b, one_b | sb] + [one_b] * (k - 2), 0))  # +inf - inf
        cases.append(([inf_a] + [one_a] * (k - 1), [one_b] * k, 0xFF800000))          # +inf product, C -inf
        cases.append(([inf_a | sa] + [one_a] * (k - 1), [inf_b] + [one_b] * (k - 1), 0x7F800000))
        if fmt_a == "f32":
            # NaN whose payload lies only in the 13 bits xf32 truncation clears
            cases.append(([0x7F800001] + [one_a] * (k - 1), [one_b] * k, 0))
            cases.append(([0xFF801FFF] + [one_a] * (k - 1), [one_b] * k, 0))
    # overflow
    hi_a = encode_normal(fmt_a, False, 200, (1 << 23) - 1)  # clamps to the largest normal exponent
    hi_b = encode_normal(fmt_b, False, 200, (1 << 23) - 1)
    cases.append(([hi_a] * k, [hi_b] * k, 0x7F7FFFFF))
    cases.append(([hi_a] * k, [hi_b] * k, 0))
    cases.append(([hi_a, hi_a | sa] + [0] * (k - 2), [hi_b] * k, 0))
    cases.append(([hi_a] * k, [hi_b | sb] * k, 0xFF7FFFFF))
    cases.append(([one_a] * k, [one_b] * k, 0x7F7FFFFF))
    return cases


def random_cases(rng, fmt_a, fmt_b, k, count):
    wa, wb = FORMATS[fmt_a][0], FORMATS[fmt_b][0]
    out = []
    for n in range(count):
        kind = n % 4
        if kind == 0:  # random bit patterns everywhere
            a = [rng.getrandbits(wa) for _ in range(k)]
            b = [rng.getrandbits(wb) for _ in range(k)]
            c = rng.getrandbits(32)
        elif kind == 1:  # normal values, exponents within a narrow window (truncation, floor)
            a = [random_normal(rng, fmt_a, -3, 3) for _ in range(k)]
            b = [random_normal(rng, fmt_b, -3, 3) for _ in range(k)]
            c = f32_bits(rng.choice([-1, 1]) * rng.random() * 2.0 ** rng.randint(-8, 8))
        elif kind == 2:  # mixed magnitudes: products far apart in exponent
            span = 6 if wa == 8 else 14
            a = [random_normal(rng, fmt_a, -span, span) for _ in range(k)]
            b = [random_normal(rng, fmt_b, -span, span) for _ in range(k)]
            c = f32_bits(rng.choice([-1, 1]) * rng.random() * 2.0 ** rng.randint(-40, 20))
        else:  # mostly normal values with sprinkled zeros and subnormals
            a = [random_normal(rng, fmt_a, -4, 4) if rng.random() < 0.7 else rng.getrandbits(3) for _ in range(k)]
            b = [random_normal(rng, fmt_b, -4, 4) if rng.random() < 0.7 else rng.getrandbits(3) | (rng.getrandbits(1) << (wb - 1)) for _ in range(k)]
            c = rng.choice([0, 0x80000000, rng.getrandbits(32) & 0x807FFFFF, f32_bits(rng.uniform(-4, 4))])
        out.append((a, b, c))
    return out


def run(qualifier, fmt_a, fmt_b, a, b, c):
    model = mfma("CDNA3", qualifier)
    model.m = model.n = 1  # one output element; the algorithm per element is unchanged
    k = model.k
    A = make_tensor(fmt_a, a, (1, k))
    B = make_tensor(fmt_b, b, (k, 1))
    C = make_tensor("f32", [c], (1, 1))
    D = model(A, B, C)
    return int(D.arr.view(np.uint32)[0, 0])


def main():
    commit = sys.argv[1] if len(sys.argv) > 1 else "unknown"
    rng = random.Random(942)
    print("# gfx942 (CDNA3) MFMA element vectors produced by MMA-Sim's model (microsoft/MMA-Sim")
    print(f"# commit {commit}, mmasim/simulator/amd.py + arithmetic.py), run by")
    print("# scripts/gen_cdna3_mmasim_vectors.py (random seed 942) with Debian's python3 and the numpy-backed")
    print("# torch stand-in scripts/mmasim_torch_shim (docs/cdna3-numerics.md §7), on " + datetime.date.today().isoformat() + ".")
    print("# One case per line: qualifier K A[0..K-1] B[0..K-1] C D, hex bit patterns, lists comma-separated.")
    print("# A NaN D means only 'the result is NaN': MMA-Sim does not model the payload.")
    for qualifier, fmt_a, fmt_b in FAMILIES:
        k = mfma("CDNA3", qualifier).k
        cases = special_cases(fmt_a, fmt_b, k) + random_cases(rng, fmt_a, fmt_b, k, 240)
        for a, b, c in cases:
            d = run(qualifier, fmt_a, fmt_b, a, b, c)
            print(f"{qualifier} {k} {','.join('%x' % x for x in a)} {','.join('%x' % x for x in b)} {c:08x} {d:08x}")


if __name__ == "__main__":
    main()
