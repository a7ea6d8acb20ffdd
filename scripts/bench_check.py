#!/usr/bin/python3
"""The short performance check of `scripts/bench.sh --check` (docs/performance.md): one run that
measures every target and prints one line per target,
    ratio NAME VALUE target TARGET met|NOT met      (VALUE at most TARGET: a time over a baseline's)
    speedup NAME VALUE target TARGET met|NOT met    (VALUE at least TARGET: a time over a faster one's)
then exits 1 if any target is not met. Arguments: the mxlane binary, the mxlane_bench binary and a
scratch directory. Ratios are taken within this one run (the machine may be shared: each ratio's
two sides are measured back to back).

The GEMM ratios are measured at the AVX2 level (MXLANE_SIMD=avx2, with Eigen built for x86-64-v3)
and, on a CPU with AVX-512, again at that level (Eigen built for x86-64-v4), with the AVX-512 over
AVX2 speedups of the headline GEMMs that have a target. On a machine with at least 16 CPUs the
thread scaling of every family's 4096^3 GEMM is measured too (`mxlane_bench --scaling`); with fewer,
the check says it was not measured."""
import json
import os
import random
import resource
import subprocess
import sys
import time

# Eval throughput: the heaviest dense instruction of each family and architecture, `mxlane eval
# --threads 1` CPU time over the CPU time of Python's C-accelerated json module parsing the same
# file. Shapes, element types and VGPR counts come from `mxlane list --format json` (the table).
# Not covered: SMFMAC/SWMMAC (an IDX source) and gfx950's scaled f8f6f4 (SA/SB and format mods).
EVAL_CASES = [
    ("gfx90a", "v_mfma_f32_32x32x8f16"),
    ("gfx90a", "v_mfma_f64_16x16x4f64"),
    ("gfx90a", "v_mfma_i32_32x32x8i8"),
    ("gfx1100", "v_wmma_f32_16x16x16_f16"),
    ("gfx908", "v_mfma_f32_32x32x8f16"),
    ("gfx942", "v_mfma_f32_32x32x8_f16"),
    ("gfx942", "v_mfma_f32_32x32x4_xf32"),
    ("gfx942", "v_mfma_f32_32x32x16_fp8_fp8"),
    ("gfx942", "v_mfma_f64_16x16x4_f64"),
    ("gfx942", "v_mfma_i32_32x32x16_i8"),
    ("gfx950", "v_mfma_f32_32x32x16_bf16"),
    ("gfx950", "v_mfma_i32_32x32x32_i8"),
    ("gfx1200", "v_wmma_f32_16x16x16_f16"),
    ("gfx1200", "v_wmma_f16_16x16x16_f16"),
    ("gfx1200", "v_wmma_f32_16x16x16_fp8_fp8"),
    ("gfx1200", "v_wmma_i32_16x16x32_iu4"),
    ("gfx1250", "v_wmma_f32_16x16x32_f16"),
    ("gfx1250", "v_wmma_f16_16x16x128_fp8_fp8"),
    ("gfx1250", "v_wmma_i32_16x16x64_iu8"),
]
EVAL_LINES = 2000        # at least this many lines per file,
EVAL_MIN_BYTES = 50_000_000  # and at least this much text: short lines (wave32) get more lines, so that
                             # every file measures seconds of work rather than the process start
                             # (50 MB: about 0.3 s of CPU a run, so the 10 ms granularity of process
                             # CPU time is 3%, not the 10% that 20 MB gave)
EVAL_TARGET = 1.0

# GEMMs at 1024^3, one thread, CPU-time ratio to Eigen: the headline GEMMs of bench_registry.hpp,
# read from `mxlane_bench --headline-gemms` (benchmark name, Eigen type, target), so that the list
# and its targets live in one place.
GEMM_REPETITIONS = 3


def headline_gemms(bench):
    """(benchmark name, Eigen type, target ratio, AVX-512 over AVX2 target or 0) per headline GEMM."""
    out = subprocess.run([bench, "--headline-gemms"], check=True, capture_output=True, text=True).stdout
    cases = []
    for line in out.splitlines():
        name, native, target, avx512_target = line.split()
        cases.append((name, native, float(target), float(avx512_target)))
    if not cases:
        sys.exit("bench_check: %s --headline-gemms listed no GEMM" % bench)
    return cases


def cpu_level(mxlane):
    """The best SIMD level of this CPU, from `mxlane --version` ("... this CPU: avx512)")."""
    out = subprocess.run([mxlane, "--version"], check=True, capture_output=True, text=True).stdout
    return out.rsplit("this CPU: ", 1)[1].rstrip(")\n")


def ordinary_bits(rng, kind):
    """Finite values of magnitude 2^-6..1 with random signs and fractions (as the GEMM benchmark's
    data, bench/gemm_bench.cpp), one 32-bit word of packed elements; fp8/bf8 exponent fields finite
    in both the FNUZ and the OCP encodings; integers uniform."""
    def half(bias, frac_bits):
        return (rng.getrandbits(1) << (15 if frac_bits > 3 else 7)) | ((bias - 6 + rng.randrange(7)) << frac_bits) | \
            rng.getrandbits(frac_bits)
    if kind in ("f16", "bf16"):
        bias, frac_bits = (15, 10) if kind == "f16" else (127, 7)
        return (half(bias, frac_bits) << 16) | half(bias, frac_bits)
    if kind in ("fp8", "bf8"):
        bias, frac_bits = (8, 3) if kind == "fp8" else (16, 2)
        return sum(half(bias, frac_bits) << (8 * i) for i in range(4))
    if kind in ("f32", "xf32"):
        return (rng.getrandbits(1) << 31) | ((127 - 6 + rng.randrange(7)) << 23) | rng.getrandbits(23)
    return rng.getrandbits(32)  # integer elements

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


def write_lines(path, arch, inst, desc, rng):
    types, vgprs, wave = desc["types"], desc["vgprs"], desc["wave"]
    with open(path, "w") as f:
        n, written = 0, 0
        while n < EVAL_LINES or written < EVAL_MIN_BYTES:
            line = {"id": n, "arch": arch, "inst": inst,
                    "src": {op: grid(rng, types[op], vgprs[op], wave) for op in ("A", "B", "C")}}
            text = json.dumps(line, separators=(",", ":")) + "\n"
            f.write(text)
            n, written = n + 1, written + len(text)


def table_rows(mxlane):
    """(arch, mnemonic) -> the row of `mxlane list --format json` (the first, untied one)."""
    listing = json.loads(subprocess.run([mxlane, "list", "--format", "json"], check=True, capture_output=True,
                                        text=True).stdout)
    rows = {}
    for row in listing["instructions"]:
        if row.get("mnemonic") and not row.get("tied"):
            rows.setdefault((row["arch"], row["mnemonic"]), row)
    return rows


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


def gemm_ratios(bench, scratch, cases, level):
    """CPU time of the benchmark thread (each benchmark runs at least 2 s, gemm_bench.cpp), the best of
    GEMM_REPETITIONS runs of each side, the repetitions of all benchmarks interleaved in random order:
    on a shared virtual machine a single run of Eigen varied by 25% between runs (docs/performance.md),
    and the least disturbed run is the one that measures the code. `level` caps the fast kernels
    (MXLANE_SIMD); the Eigen baseline follows it (x86-64-v4 at avx512, else v3)."""
    names = "|".join(["^eigen_native/(float|double)/1024/"] + ["^gemm/%s/1024/threads:1/" % c[0] for c in cases])
    result = os.path.join(scratch, "gemm-%s.json" % level)
    subprocess.run([bench, "--benchmark_filter=" + names, "--benchmark_out=" + result, "--benchmark_out_format=json",
                    "--benchmark_repetitions=%d" % GEMM_REPETITIONS, "--benchmark_enable_random_interleaving=true"],
                   check=True, stdout=subprocess.DEVNULL, env=dict(os.environ, MXLANE_SIMD=level))
    with open(result) as f:
        benchmarks = json.load(f)["benchmarks"]
    cpu = {}
    for b in benchmarks:
        if b.get("run_type", "iteration") == "iteration":
            name = "/".join(b["name"].split("/")[:4 if b["name"].startswith("gemm/") else 3])
            cpu[name] = min(cpu.get(name, b["cpu_time"]), b["cpu_time"])
    return {c[0]: (cpu["gemm/%s/1024/threads:1" % c[0]], cpu["eigen_native/%s/1024" % c[1]]) for c in cases}


def scaling_target(bench):
    """(threads, speedup) of the scaling target, from `mxlane_bench --scaling-target` (bench_registry.hpp)."""
    threads, target = subprocess.run([bench, "--scaling-target"], check=True, capture_output=True,
                                     text=True).stdout.split()
    return int(threads), float(target)


def scaling(bench, scratch, threads):
    """`mxlane_bench --scaling` on every CPU this process may use: per GEMM, one-thread wall time over
    `threads`-thread wall time."""
    result = os.path.join(scratch, "scaling.json")
    subprocess.run([bench, "--scaling", "--benchmark_out=" + result, "--benchmark_out_format=json"], check=True,
                   stdout=sys.stderr)  # its table and summary on stderr: stdout keeps one line per target
    with open(result) as f:
        benchmarks = json.load(f)["benchmarks"]
    wall = {}
    for b in benchmarks:
        parts = b["name"].split("/")  # scaling/NAME/SIZE/threads:N/...
        wall.setdefault(parts[1], {})[int(parts[3].split(":")[1])] = b["real_time"]
    return {name: times[1] / times[threads] for name, times in wall.items() if 1 in times and threads in times}


def pin_to_one_cpu():
    """Every single-threaded measurement of the check (this process, mxlane eval and mxlane_bench,
    which inherit the affinity) on one CPU: the two vCPUs of the developers' VM run at different
    speeds (json.loads of one 50 MB file: 0.29-0.31 s CPU on one, 0.17-0.18 s on the other,
    2026-12-02), so a ratio whose two sides ran on different CPUs measured the VM. Returns the CPUs
    to restore for the scaling measurement."""
    cpus = sorted(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {cpus[-1]})
    print("bench_check: pinned to CPU %d of %s" % (cpus[-1], cpus), file=sys.stderr)
    return set(cpus)


def main():
    # --parts=eval,gemm,scaling (after the three paths; default all three): which targets to measure,
    # e.g. on a borrowed machine whose time goes to the SIMD-level and scaling targets.
    mxlane, bench, scratch = sys.argv[1:4]
    parts = {"eval", "gemm", "scaling"}
    for arg in sys.argv[4:]:
        chosen = set(arg[len("--parts="):].split(",")) if arg.startswith("--parts=") else None
        if not chosen or not chosen <= {"eval", "gemm", "scaling"}:
            print("bench_check: bad argument %r (usage: bench_check.py MXLANE MXLANE_BENCH SCRATCH "
                  "[--parts=eval,gemm,scaling])" % arg, file=sys.stderr)
            sys.exit(2)
        parts = chosen
    os.makedirs(scratch, exist_ok=True)
    all_cpus = pin_to_one_cpu()
    cases = headline_gemms(bench)  # first: a broken list fails before minutes of eval measurements
    scaling_threads, scaling_goal = scaling_target(bench)
    levels = ["avx2"] + (["avx512"] if cpu_level(mxlane) == "avx512" else [])
    rng = random.Random(2026)
    results = []  # (kind, name, value, target): kind "ratio" (at most) or "speedup" (at least)
    rows = table_rows(mxlane)
    for arch, inst in (EVAL_CASES if "eval" in parts else []):
        path = os.path.join(scratch, "%s_%s.jsonl" % (arch, inst))
        write_lines(path, arch, inst, rows[(arch, inst)], rng)
        results.append(("ratio", "eval/%s/%s" % (arch, inst), eval_ratio(mxlane, path), EVAL_TARGET))
    times = {level: gemm_ratios(bench, scratch, cases, level) for level in levels} if "gemm" in parts else {}
    for inst, native, target, avx512_target in (cases if "gemm" in parts else []):
        for level in levels:
            emulated, eigen = times[level][inst]
            suffix = "" if level == "avx2" else "@avx512"  # the AVX2 rows keep their names
            results.append(("ratio", "gemm/%s/eigen%s" % (inst, suffix), emulated / eigen, target))
        if "avx512" in levels and avx512_target > 0:
            results.append(("speedup", "gemm/%s/avx512-over-avx2" % inst,
                            times["avx2"][inst][0] / times["avx512"][inst][0], avx512_target))
    if "avx512" not in levels and "gemm" in parts:
        print("bench_check: NOT MEASURED: the AVX-512 level (this CPU has none); run the check on one that has it",
              file=sys.stderr)
    os.sched_setaffinity(0, all_cpus)
    if "scaling" not in parts:
        pass
    elif len(all_cpus) >= scaling_threads:
        for name, speedup in scaling(bench, scratch, scaling_threads).items():
            results.append(("speedup", "scaling/%s/%d-threads" % (name, scaling_threads), speedup, scaling_goal))
    else:
        print("bench_check: NOT MEASURED: thread scaling at %d threads (this process may use %d CPUs)" % (
            scaling_threads, len(all_cpus)), file=sys.stderr)
    failed = False
    for kind, name, value, target in results:
        met = value <= target if kind == "ratio" else value >= target
        failed |= not met
        print("%s %s %.2f target %.1f %s" % (kind, name, value, target, "met" if met else "NOT met"))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
