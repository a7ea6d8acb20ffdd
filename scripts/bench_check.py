#!/usr/bin/python3
"""The short performance check of `scripts/bench.sh --check` (docs/performance.md): one run that
measures every target ratio and prints one line per target,
    ratio NAME VALUE target TARGET met|NOT met
then exits 1 if any target is not met. Arguments: the mxlane binary, the mxlane_bench binary and a
scratch directory. Ratios are taken within this one run (the machine may be shared: each ratio's
two sides are measured back to back)."""
import json
import os
import random
import resource
import subprocess
import sys
import time

# Eval throughput: the heaviest instruction of each family, `mxlane eval --threads 1` CPU time
# over the CPU time of Python's C-accelerated json module parsing the same file.
EVAL_CASES = [
    # (arch, instruction, element kind of A/B, of C, VGPRs A, B, C, wave)
    ("gfx90a", "v_mfma_f32_32x32x8f16", "f16", "f32", 2, 2, 16, 64),
    ("gfx90a", "v_mfma_f64_16x16x4f64", "f64", "f64", 2, 2, 8, 64),
    ("gfx90a", "v_mfma_i32_32x32x8i8", "int", "int", 1, 1, 16, 64),
    ("gfx1100", "v_wmma_f32_16x16x16_f16", "f16", "f32", 8, 8, 8, 32),
]
EVAL_LINES = 2000
EVAL_TARGET = 1.0

# GEMMs at 1024^3, one thread, CPU-time ratio to Eigen (the headline GEMMs of bench_registry.hpp).
GEMM_CASES = [
    ("v_mfma_f32_32x32x8f16", "float", 3.0),
    ("v_wmma_f32_16x16x16_f16", "float", 6.0),
    ("v_mfma_f32_32x32x2f32", "float", 2.0),
    ("v_mfma_f64_16x16x4f64", "double", 2.0),
    ("v_mfma_f32_32x32x8_f16", "float", 3.0),    # gfx942 fused groups
    ("v_mfma_f32_32x32x16_bf16", "float", 3.0),  # gfx950 K-doubled
    ("v_mfma_f32_32x32x16_fp8_fp8", "float", 3.0),  # gfx942 fp8 groups of 16
    ("v_wmma_f32_16x16x16_f16_gfx12", "float", 6.0),  # gfx1200 DOT4 chain
]


def ordinary_bits(rng, kind):
    """Finite values of magnitude 2^-6..1 with random signs and fractions (as the GEMM benchmark's
    data, bench/gemm_bench.cpp); integers uniform."""
    if kind == "int":
        return rng.getrandbits(32)
    if kind == "f16":
        lo = (rng.getrandbits(1) << 15) | ((15 - 6 + rng.randrange(7)) << 10) | rng.getrandbits(10)
        hi = (rng.getrandbits(1) << 15) | ((15 - 6 + rng.randrange(7)) << 10) | rng.getrandbits(10)
        return (hi << 16) | lo
    return (rng.getrandbits(1) << 31) | ((127 - 6 + rng.randrange(7)) << 23) | rng.getrandbits(23)


def f64_words(rng):
    bits = (rng.getrandbits(1) << 63) | ((1023 - 6 + rng.randrange(7)) << 52) | rng.getrandbits(52)
    return bits & 0xFFFFFFFF, bits >> 32


def grid(rng, kind, vgprs, wave):
    rows = []
    if kind == "f64":  # a 64-bit element spans two consecutive VGPRs of a lane
        for _ in range(vgprs // 2):
            pairs = [f64_words(rng) for _ in range(wave)]
            rows.append(["0x%08x" % lo for lo, _ in pairs])
            rows.append(["0x%08x" % hi for _, hi in pairs])
        return rows
    return [["0x%08x" % ordinary_bits(rng, kind) for _ in range(wave)] for _ in range(vgprs)]


def write_lines(path, case, rng):
    arch, inst, ab, c, va, vb, vc, wave = case
    with open(path, "w") as f:
        for n in range(EVAL_LINES):
            line = {"id": n, "arch": arch, "inst": inst,
                    "src": {"A": grid(rng, ab, va, wave), "B": grid(rng, ab, vb, wave), "C": grid(rng, c, vc, wave)}}
            f.write(json.dumps(line, separators=(",", ":")) + "\n")


def children_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def eval_ratio(mxlane, path, rounds=3):
    """The best of `rounds` alternating runs of each side: on a shared machine the least disturbed
    run is the closest to the code's own cost."""
    with open(path) as f:
        lines = f.readlines()
    # json's C scanner must be the one measured.
    import json.decoder
    import json.scanner
    assert json.scanner.c_make_scanner is not None and json.decoder.c_scanstring is not None
    parse, run = [], []
    for _ in range(rounds):
        start = time.process_time()
        for line in lines:
            json.loads(line)
        parse.append(time.process_time() - start)
        before = children_cpu()
        with open(os.devnull, "w") as null:
            subprocess.run([mxlane, "eval", "--threads", "1", path], stdout=null, stderr=null, check=True)
        run.append(children_cpu() - before)
    print("  %s: mxlane eval %.3f s CPU (runs %s), json.loads %.3f s CPU (runs %s)" % (
        os.path.basename(path), min(run), " ".join("%.3f" % t for t in run), min(parse),
        " ".join("%.3f" % t for t in parse)), file=sys.stderr)
    return min(run) / min(parse)


def gemm_ratios(bench, scratch):
    """CPU time of the benchmark thread (each benchmark runs at least 2 s, gemm_bench.cpp)."""
    names = "|".join(["^eigen_native/(float|double)/1024/"] + ["^gemm/%s/1024/threads:1/" % g for g, _, _ in GEMM_CASES])
    result = os.path.join(scratch, "gemm.json")
    subprocess.run([bench, "--benchmark_filter=" + names, "--benchmark_out=" + result, "--benchmark_out_format=json"],
                   check=True, stdout=subprocess.DEVNULL)
    with open(result) as f:
        benchmarks = json.load(f)["benchmarks"]
    cpu = {}
    for b in benchmarks:
        if b.get("run_type", "iteration") == "iteration":
            cpu["/".join(b["name"].split("/")[:4 if b["name"].startswith("gemm/") else 3])] = b["cpu_time"]
    return {inst: (cpu["gemm/%s/1024/threads:1" % inst] / cpu["eigen_native/%s/1024" % native], target)
            for inst, native, target in GEMM_CASES}


def main():
    mxlane, bench, scratch = sys.argv[1:4]
    os.makedirs(scratch, exist_ok=True)
    rng = random.Random(2026)
    results = []
    for case in EVAL_CASES:
        path = os.path.join(scratch, case[1] + ".jsonl")
        write_lines(path, case, rng)
        results.append(("eval/" + case[1], eval_ratio(mxlane, path), EVAL_TARGET))
    for inst, (ratio, target) in gemm_ratios(bench, scratch).items():
        results.append(("gemm/%s/eigen" % inst, ratio, target))
    failed = False
    for name, value, target in results:
        met = value <= target
        failed |= not met
        print("ratio %s %.2f target %.1f %s" % (name, value, target, "met" if met else "NOT met"))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
