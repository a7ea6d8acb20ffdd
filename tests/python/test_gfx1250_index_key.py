"""gfx1250 SWMMAC index_key=1 from Python (docs/cdna5.md §2.5): under the default cdna5_index_key=shift a lane's
IDX register holds only the first half of its indices, read from its upper half; the rest read as 0. Written from
that rule (K=64: field f < 8 of lane r + 16 * (ck // 16) at bit 16 + 2f, f = ck % 16), not from mxlane."""

import numpy as np
import pytest

import mxlane

INST = "v_swmmac_f32_16x16x64_f16"


def test_pack_puts_held_indices_in_the_upper_half():
    idx = np.zeros((16, 32), dtype=np.uint8)
    idx[0, 0], idx[0, 1], idx[3, 7], idx[5, 16] = 1, 2, 3, 1  # stored columns 0, 1, 7 (lane 3), 16 (lane 21)
    regs = mxlane.pack("gfx1250", INST, "IDX", idx, index_key=1)
    assert regs.shape == (1, 32)
    assert regs[0, 0] == (1 << 16) | (2 << 18)
    assert regs[0, 3] == 3 << (16 + 2 * 7)
    assert regs[0, 21] == 1 << 16
    assert not np.any(regs[0] & 0xFFFF)  # the lower half feeds nothing
    # `ignore` reads as index_key 0: the low bits.
    low = mxlane.pack("gfx1250", INST, "IDX", idx, index_key=1, options={"cdna5_index_key": "ignore"})
    assert low[0, 0] == 1 | (2 << 2)


def test_unheld_indices_read_as_zero_and_cannot_be_packed():
    regs = np.full((1, 32), 0xFFFFFFFF, dtype=np.uint32)
    got = mxlane.unpack("gfx1250", INST, "IDX", regs, index_key=1, raw=True)
    want = np.zeros((16, 32), dtype=np.uint64)
    for ck in range(32):
        if ck % 16 < 8:
            want[:, ck] = 3
    np.testing.assert_array_equal(got, want)
    records = mxlane.lanemap("gfx1250", INST, "IDX", index_key=1)
    assert len(records) == 16 * 16  # the held half only
    idx = np.zeros((16, 32), dtype=np.uint8)
    idx[2, 9] = 1  # field 9: no register holds it
    with pytest.raises(ValueError, match="no register holds it: with index_key 1 .* fields 0-7"):
        mxlane.pack("gfx1250", INST, "IDX", idx, index_key=1)
