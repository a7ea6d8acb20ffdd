"""Three routes to one answer, for EVERY matrix builtin of mxlane.list(): mma() on matrices equals
eval() (the `mxlane eval` code) on registers made by pack(), read back by unpack(); random bits."""

import numpy as np
import pytest

import mxlane
from conftest import matrix_builtins

RAW = {4: np.uint8, 8: np.uint8, 16: np.uint16, 32: np.uint32, 64: np.uint64}
BITS = {"f64": 64, "f32": 32, "xf32": 32, "i32": 32, "f16": 16, "bf16": 16, "i8": 8, "iu8": 8, "iu4": 4,
        "fp8": 8, "bf8": 8, "fp4": 4}
# gfx1250's f8f6f4 WMMA: the width of the format matrix_a_fmt / matrix_b_fmt name (FP8, BF8, FP6, BF6, FP4).
FORMAT_BITS = [8, 8, 6, 6, 4]


def random_bits(rng, elem_type, shape, mods=None, operand=""):
    bits = BITS.get(elem_type) or FORMAT_BITS[(mods or {}).get("matrix_%s_fmt" % operand.lower(), 0)]
    return rng.integers(0, 1 << bits, shape, dtype=np.uint64).astype(RAW[max(bits, 8) if bits < 8 else bits])


def via_eval(desc, A, B, C, mods):
    """D through pack -> eval line -> unpack. A and B sit in the plain layout (mma's contract);
    C and D in the OPSEL half."""
    arch, inst = desc["arch"], desc["builtin"]
    place = {"opsel": mods["opsel"]} if "opsel" in mods else {}
    # gfx1250's f8f6f4 formats decide where A and B lie (each operand's map depends on both formats).
    formats = {k: mods[k] for k in ("matrix_a_fmt", "matrix_b_fmt") if k in mods}
    line = {"id": inst, "arch": arch, "inst": inst, "wave": desc["wave"], "mods": mods,
            "src": {"A": mxlane.pack(arch, inst, "A", A, **formats), "B": mxlane.pack(arch, inst, "B", B, **formats),
                    "C": mxlane.pack(arch, inst, "C", C, **place)}}
    out = mxlane.eval(line)
    assert out["id"] == inst and "error" not in out
    words = np.array([[int(w, 16) for w in vgpr] for vgpr in out["D"]], np.uint32)
    return mxlane.unpack(arch, inst, "D", words, raw=True, **place)


def some_modifiers(desc, rng):
    """One random legal nonzero setting of every modifier the builtin takes (abid < 2^cbsz)."""
    mods = {}
    for m in desc["modifiers"]:
        values = [v for v in m["values"] if v != 0]
        if m["name"] == "abid":
            values = [v for v in values if v < (1 << mods.get("cbsz", 0))]
        if values:
            mods[m["name"]] = int(rng.choice(values))
    return mods


@pytest.mark.parametrize("with_mods", [False, True], ids=["plain", "modifiers"])
def test_mma_equals_eval_through_pack_and_unpack(with_mods):
    rng = np.random.default_rng(1234)
    builtins = matrix_builtins()
    # 20 gfx908 + 27 gfx90a + 32 gfx942 + 36 gfx950 MFMA + 16 gfx1100 + 22 gfx1200 + 25 gfx1250 + 26 gfx1251 WMMA
    assert len(builtins) == 204
    with_some_modifier = 0
    for desc in builtins:
        t = desc["types"]
        shape = (desc["blocks"], desc["m"], desc["k"]), (desc["blocks"], desc["k"], desc["n"]), (desc["blocks"], desc["m"], desc["n"])
        mods = some_modifiers(desc, rng) if with_mods else {}
        A, B, C = (random_bits(rng, t[x], s, mods, x) for x, s in zip("ABC", shape))
        with_some_modifier += bool(mods)
        d = np.asarray(mxlane.mma(desc["arch"], desc["builtin"], A, B, C, **mods))
        raw_d = d.view(RAW[BITS[t["D"]]]).reshape(shape[2])
        expected = via_eval(desc, A, B, C, mods).reshape(shape[2])
        assert np.array_equal(raw_d, expected), (desc["builtin"], mods)
    if with_mods:
        # every builtin that takes a modifier ran with one
        # (61 before gfx942, plus its 12 multi-block, 2 single-block f32 and 2 f64 negate-mask builtins,
        # the same 16 on gfx950 and its 6 K-doubled f16/bf16/i8 (BLGP, docs/cdna4.md §2.4), plus the 22 gfx1200,
        # the 25 gfx1250 and the 26 gfx1251 WMMA builtins)
        assert with_some_modifier == sum(1 for d in builtins if d["modifiers"]) == 172


def test_values_and_raw_bits_give_the_same_bits(rng):
    # Every input dtype path against its raw-bits twin: a view, never a conversion (NaN payloads,
    # -0 and subnormals included in the random bits).
    for desc in matrix_builtins():
        t, blocks = desc["types"], desc["blocks"]
        A = random_bits(rng, t["A"], (blocks, desc["m"], desc["k"]))
        B = random_bits(rng, t["B"], (blocks, desc["k"], desc["n"]))
        C = random_bits(rng, t["C"], (blocks, desc["m"], desc["n"]))
        natural = {"f16": np.float16, "f32": np.float32, "f64": np.float64, "i32": np.int32, "i8": np.int8}
        if t["A"] not in natural:  # bf16 (no NumPy type) and the unsigned iu8/iu4 (uint8 is both)
            continue
        raw = mxlane.mma(desc["arch"], desc["builtin"], A, B, C)
        typed = mxlane.mma(desc["arch"], desc["builtin"], A.view(natural[t["A"]]), B.view(natural[t["B"]]),
                           C.view(natural[t["C"]]))
        assert typed.dtype == raw.dtype
        assert np.array_equal(typed.view(RAW[BITS[t["D"]]]), raw.view(RAW[BITS[t["D"]]])), desc["builtin"]
