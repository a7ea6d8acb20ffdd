"""mxlane.gemm: the tiling contract (each D tile starts from C, k tiles accumulate in order) checked
against a loop of mma() calls, every storage type, threads, and the GIL released while it runs."""

import threading
import time

import numpy as np
import pytest

import mxlane


def tiled_mma(arch, inst, A, B, C, m, n, k, **mods):
    """D as a kernel computes it: acc = C tile, then acc = mma(A tile, B tile, acc) over k."""
    out = []
    for i in range(0, A.shape[0], m):
        row = []
        for j in range(0, B.shape[1], n):
            acc = C[i:i + m, j:j + n]
            for kk in range(0, A.shape[1], k):
                d = mxlane.mma(arch, inst, A[i:i + m, kk:kk + k], B[kk:kk + k, j:j + n], acc, **mods)
                acc = d[0] if d.ndim == 3 else d  # multi-block: every block got the same tile
            row.append(acc)
        out.append(np.concatenate(row, axis=1))
    return np.concatenate(out, axis=0)


@pytest.mark.parametrize("arch,inst,in_type,c_type,mods", [
    ("gfx90a", "v_mfma_f32_32x32x8f16", np.float16, np.float32, {}),
    ("gfx90a", "v_mfma_f32_16x16x16bf16_1k", np.uint16, np.float32, {}),
    ("gfx90a", "v_mfma_f64_16x16x4f64", np.float64, np.float64, {}),
    ("gfx90a", "v_mfma_i32_16x16x16i8", np.int8, np.int32, {}),
    ("gfx90a", "v_mfma_f32_16x16x4f32", np.float32, np.float32, {}),
    ("gfx1100", "v_wmma_f16_16x16x16_f16", np.float16, np.float16, {"opsel": 4}),
    ("gfx1100", "v_wmma_i32_16x16x16_iu4", np.uint8, np.int32, {"clamp": 1}),
])
def test_gemm_equals_the_tiled_mma_loop(arch, inst, in_type, c_type, mods):
    rng = np.random.default_rng(9)
    desc = next(d for d in mxlane.list(arch) if d["mnemonic"] == inst or d["builtin"].endswith(inst))
    m, n, k = desc["m"], desc["n"], desc["k"]
    M, N, K = 2 * m, 2 * n, 3 * k

    def rand(shape, t):
        if t == np.uint8 and "iu4" in inst:
            return rng.integers(0, 16, shape).astype(np.uint8)
        if np.dtype(t).kind in "iu":
            return rng.integers(np.iinfo(t).min, np.iinfo(t).max, shape, endpoint=True).astype(t)
        return rng.standard_normal(shape).astype(t)

    A, B, C = rand((M, K), in_type), rand((K, N), in_type), rand((M, N), c_type)
    D = mxlane.gemm(arch, inst, A, B, C, threads=2, **mods)
    assert D.shape == (M, N)
    expected = tiled_mma(arch, inst, A, B, C, m, n, k, **mods)
    assert D.dtype == expected.dtype
    assert np.array_equal(D.view(f"u{D.itemsize}"), expected.view(f"u{D.itemsize}"))


def test_gemm_paths_agree_and_threads_do_not_matter():
    rng = np.random.default_rng(2)
    A = rng.standard_normal((64, 32)).astype(np.float16)
    B = rng.standard_normal((32, 64)).astype(np.float16)
    C = rng.standard_normal((64, 64)).astype(np.float32)
    inst = "v_wmma_f32_16x16x16_f16"
    results = [mxlane.gemm("gfx1100", inst, A, B, C, threads=t, path=p)
               for t in (1, 2, 0) for p in ("auto", "reference_elements", "reference_tiles")]
    for r in results[1:]:
        assert np.array_equal(r.view(np.uint32), results[0].view(np.uint32))


def test_gemm_releases_the_gil():
    # While gemm runs in a worker thread, this thread keeps running Python. With the GIL held for
    # the whole call the longest pause here would be about the call's duration.
    rng = np.random.default_rng(4)
    A = rng.standard_normal((128, 128)).astype(np.float16)
    B = rng.standard_normal((128, 128)).astype(np.float16)
    C = np.zeros((128, 128), np.float32)
    inst = "v_mfma_f32_32x32x8f16"
    started = time.perf_counter()
    mxlane.gemm("gfx90a", inst, A, B, C, threads=1, path="reference_tiles")
    duration = time.perf_counter() - started
    worker = threading.Thread(target=mxlane.gemm, args=("gfx90a", inst, A, B, C),
                              kwargs={"threads": 1, "path": "reference_tiles"})
    worker.start()
    longest, last = 0.0, time.perf_counter()
    while worker.is_alive():
        now = time.perf_counter()
        longest, last = max(longest, now - last), now
    worker.join()
    assert duration > 0.05, "make the matrices larger: the call is too short to tell"
    assert longest < duration / 2, (longest, duration)
