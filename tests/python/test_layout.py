"""mxlane.lanemap, pack and unpack: hand-checked slots (the calculator's worked examples), the same
entries as `mxlane lanemap --format json`, round trips and the broadcast conflict."""

import numpy as np
import pytest

import mxlane
from conftest import cli_json, matrix_builtins

FIELDS = ("block", "row", "col", "lane", "vgpr", "bit_lo", "bit_hi", "replica", "neg", "abs")


def entry(m, block, row, col, replica=0):
    hit = m[(m["block"] == block) & (m["row"] == row) & (m["col"] == col) & (m["replica"] == replica)]
    assert len(hit) == 1
    return {f: hit[0][f].item() for f in FIELDS}


def test_worked_examples():
    # README: D[3][5] of v_wmma_f32_16x16x16_f16 is v1{21}; A[1][2].B4 of v_mfma_f32_4x4x4f16 is
    # v1{17}.[15:0] (AMD's matrix instruction calculator README); D[6][9] with OPSEL[2] in wave64 is
    # v1{41}.[31:16].
    m = mxlane.lanemap("gfx1100", "v_wmma_f32_16x16x16_f16", "D")
    assert m.dtype.names == FIELDS
    assert entry(m, 0, 3, 5) == dict(block=0, row=3, col=5, lane=21, vgpr=1, bit_lo=0, bit_hi=31, replica=0, neg=False, abs=False)
    a = mxlane.lanemap("gfx90a", "v_mfma_f32_4x4x4f16", "A")
    assert (entry(a, 4, 1, 2)["lane"], entry(a, 4, 1, 2)["vgpr"], entry(a, 4, 1, 2)["bit_lo"], entry(a, 4, 1, 2)["bit_hi"]) == (17, 1, 0, 15)
    d = mxlane.lanemap("gfx1100", "v_wmma_f16_16x16x16_f16", "D", opsel=4, wave=64)
    assert (entry(d, 0, 6, 9)["lane"], entry(d, 0, 6, 9)["vgpr"], entry(d, 0, 6, 9)["bit_lo"]) == (41, 1, 16)
    # A replicated RDNA3 4-bit B element: two copies, lanes 4 and 20 (README's CSV example); NEG[1]
    # on an integer WMMA means "signed", not a negation.
    b = mxlane.lanemap("gfx1100", "v_wmma_i32_16x16x16_iu4", "B", neg=2)
    assert [entry(b, 0, 9, 4, r)["lane"] for r in (0, 1)] == [4, 20]
    assert entry(b, 0, 9, 4, 1)["bit_lo"] == 4 and not entry(b, 0, 9, 4)["neg"]


@pytest.mark.parametrize("arch,inst,operand,mods", [
    ("gfx90a", "v_mfma_f32_16x16x4f16", "A", {"cbsz": 1, "abid": 1}),
    ("gfx90a", "v_mfma_f64_4x4x4f64", "D", {}),
    ("gfx90a", "v_mfma_i32_32x32x8i8", "B", {"blgp": 3}),
    ("gfx1100", "wmma_f32_16x16x16_bf16_w64", "A", {"neg": 3, "neg_hi": 1}),
    ("gfx1100", "v_wmma_f32_16x16x16_f16", "C", {"neg": 4, "neg_hi": 4}),
])
def test_lanemap_equals_cli_json(arch, inst, operand, mods):
    args = ["lanemap", "--arch", arch, "--inst", inst, "--operand", operand, "--format", "json"]
    for name, value in mods.items():
        args += [f"--{name.replace('_', '-')}", str(value)]
    (doc,) = cli_json(*args)
    m = mxlane.lanemap(arch, inst, operand, **mods)
    assert len(m) == len(doc["entries"])
    for record, e in zip(m, doc["entries"]):
        assert {f: record[f].item() for f in FIELDS} == {**e, "neg": e.get("neg", False), "abs": e.get("abs", False)}


def test_pack_unpack_round_trip_every_builtin_and_operand():
    rng = np.random.default_rng(5)
    for desc in matrix_builtins():
        for operand in "ABCD":
            rows, cols = {"A": (desc["m"], desc["k"]), "B": (desc["k"], desc["n"])}.get(operand, (desc["m"], desc["n"]))
            # f8f6f4 (gfx1250's WMMA): the default formats, FP8.
            bits = {"f64": 64, "f32": 32, "xf32": 32, "i32": 32, "f16": 16, "bf16": 16, "i8": 8, "iu8": 8, "iu4": 4,
                    "fp8": 8, "bf8": 8, "fp4": 4, "f8f6f4": 8}[desc["types"][operand]]
            dtype = {4: np.uint8, 8: np.uint8, 16: np.uint16, 32: np.uint32, 64: np.uint64}[bits]
            x = rng.integers(0, 1 << bits, (desc["blocks"], rows, cols), dtype=np.uint64).astype(dtype)
            regs = mxlane.pack(desc["arch"], desc["builtin"], operand, x)
            assert regs.dtype == np.uint32 and regs.shape == (desc["vgprs"][operand], desc["wave"])
            back = mxlane.unpack(desc["arch"], desc["builtin"], operand, regs, raw=True)
            assert np.array_equal(np.asarray(back).reshape(x.shape), x), (desc["builtin"], operand)


def test_pack_places_each_element_in_its_lanemap_slot():
    a = np.arange(256, dtype=np.uint16).reshape(16, 16) + 0x3c00
    regs = mxlane.pack("gfx1100", "v_wmma_f32_16x16x16_f16", "A", a.view(np.float16))
    for r in mxlane.lanemap("gfx1100", "v_wmma_f32_16x16x16_f16", "A"):
        word = int(regs[r["vgpr"], r["lane"]])
        assert (word >> int(r["bit_lo"])) & 0xFFFF == a[r["row"], r["col"]]


def test_pack_refuses_a_broadcast_it_cannot_hold():
    inst = "v_mfma_f32_16x16x4f16"
    a = np.zeros((4, 16, 4), np.float16)
    a[1, 0, 0] = 1  # with cbsz=2 abid=0 every block reads block 0's slot: block 1 differs
    with pytest.raises(ValueError, match=r"^matrix: A\[0\]\[0\]\.B0 and A\[0\]\[0\]\.B1 are read from the same slot "
                                         r"v0\{0\}\.\[15:0\] \(modifiers cbsz=2 abid=0 blgp=0\); give them equal values$"):
        mxlane.pack("gfx90a", inst, "A", a, cbsz=2, abid=0)
    # Equal blocks are fine: block 0's slots (lanes 0-15) hold them, the slots no block reads stay 0.
    same = np.ones((4, 16, 4), np.float16)
    broadcast = mxlane.pack("gfx90a", inst, "A", same, cbsz=2, abid=0)
    assert np.array_equal(broadcast[:, :16], mxlane.pack("gfx90a", inst, "A", same)[:, :16])
    assert not broadcast[:, 16:].any()
    assert np.array_equal(mxlane.unpack("gfx90a", inst, "A", broadcast, cbsz=2, abid=0), same)


def test_unpack_gives_the_operands_numpy_type():
    inst = "v_wmma_i32_16x16x16_iu4"
    x = np.arange(256).reshape(16, 16) % 16 - 8
    signed = mxlane.pack("gfx1100", inst, "A", x.astype(np.int8), a_signed=1)
    back = mxlane.unpack("gfx1100", inst, "A", signed, a_signed=1)
    assert back.dtype == np.int8 and np.array_equal(back, x)
    unsigned = mxlane.unpack("gfx1100", inst, "A", signed)  # the same nibbles read as unsigned
    assert unsigned.dtype == np.uint8 and np.array_equal(unsigned, x % 16)
    c = mxlane.unpack("gfx1100", "v_wmma_f32_16x16x16_f16", "C", np.full((8, 32), 0x3fc00000, np.uint32))
    assert c.dtype == np.float32 and (c == 1.5).all()
    assert mxlane.unpack("gfx1100", "v_wmma_f32_16x16x16_f16", "C", np.full((8, 32), -1, np.int32), raw=True)[0, 0] == 0xFFFFFFFF
