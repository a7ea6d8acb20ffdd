#!/usr/bin/python3
"""Everything a user sees from one mxlane binary, written to a folder, so that a refactoring can show
that nothing changed: run it with the binary before and after, then `diff -r BEFORE AFTER` must be
empty (docs/testing.md, "Showing that a change changes no output").

    scripts/output_snapshot.py MXLANE OUTDIR [--vectors DIR] [--tutorial FILE]

It writes, from the binary's own instruction list (so two binaries with the same list get the same
requests):
  list/           `mxlane list` as text (all, per architecture) and `--format json` per architecture
  detail/         `mxlane list --arch A --inst I --wave W --format json` for every matrix instruction
  lanemap/        `mxlane lanemap ... --operand X --format json` for every operand of every instruction
  trace.txt       `mxlane lanemap --trace` of one element of every instruction: text, json, summary,
                  with quick values, and with --values from the eval corpus
  eval/           `mxlane eval` of a seeded corpus: every instruction and builtin with random
                  registers, every legal value of each modifier once, every non-default switch value
                  on six instructions of each architecture (the corpus itself is written too)
  replay/         `mxlane replay` and `mxlane eval` of the published vector files as capture lines
                  (scripts/vectors_to_replay.py; needs the Python module of the same build on PYTHONPATH)
  site/           `mxlane site`
  tutorial.md     with --tutorial FILE: the tutorial the same build generated (every `$ mxlane` command's
                  output; the build writes it into its own docs folder)
Exit codes are recorded next to each output. Nothing here is a test: the comparison is the diff.
"""

import argparse
import json
import os
import pathlib
import random
import subprocess
import sys

ARCHS = ["gfx908", "gfx90a", "gfx942", "gfx950", "gfx1100", "gfx1200", "gfx1201"]


def run(binary, args, stdout_path=None, stdin_path=None, cwd=None):
    """Runs `binary args`; stdout into stdout_path (or returned), stderr returned; the exit code too."""
    stdin = open(stdin_path, "rb") if stdin_path else None
    try:
        source = stdin if stdin else subprocess.DEVNULL
        if stdout_path:
            with open(stdout_path, "wb") as out:
                done = subprocess.run([binary, *args], stdin=source, stdout=out, stderr=subprocess.PIPE, cwd=cwd)
            return done.returncode, b"", done.stderr
        done = subprocess.run([binary, *args], stdin=source, capture_output=True, cwd=cwd)
        return done.returncode, done.stdout, done.stderr
    finally:
        if stdin:
            stdin.close()


def random_line(rng, arch, ins, mods=None, options=None):
    """An eval line of `ins` (a `list --format json` entry) with random words in every source operand."""
    lanes = ins.get("wave", 64 if ins["kind"] == "valu" else 32)
    src = {op: [[f"0x{rng.getrandbits(32):08x}" for _ in range(lanes)] for _ in range(n)]
           for op, n in ins["vgprs"].items() if op not in ("D", "dst")}
    line = {"arch": arch, "inst": ins["builtin"] if ins["kind"] == "valu" else ins["mnemonic"], "src": src}
    if "wave" in ins:
        line["wave"] = ins["wave"]
    if mods:
        line["mods"] = mods
    if options:
        line["options"] = options
    return line


def write_corpus(lists, path):
    """The seeded eval corpus: each instruction plainly, with each legal modifier value, and each
    non-default switch value on six instructions of every architecture the switch applies to."""
    rng = random.Random(33)
    with open(path, "w") as out:
        for arch in ARCHS:
            for ins in lists[arch]["instructions"]:
                out.write(json.dumps(random_line(rng, arch, ins)) + "\n")
                for modifier in ins.get("modifiers", []):
                    for value in modifier.get("values", [])[1:]:
                        out.write(json.dumps(random_line(rng, arch, ins, mods={modifier["name"]: value})) + "\n")
        for arch in ARCHS:
            for switch in lists[arch]["switches"]:
                if arch not in switch["archs"].split(", "):
                    continue
                for value in switch["values"]:
                    if value["name"] == switch["default"]:
                        continue
                    for ins in rng.sample(lists[arch]["instructions"], 6):
                        out.write(json.dumps(random_line(rng, arch, ins, options={switch["name"]: value["name"]})) + "\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("mxlane")
    parser.add_argument("outdir")
    parser.add_argument("--vectors", default=str(pathlib.Path(__file__).resolve().parents[1] / "tests" / "vectors"))
    parser.add_argument("--tutorial", help="the build's generated docs/tutorial.md, copied into the snapshot")
    args = parser.parse_args()
    binary = os.path.abspath(args.mxlane)
    out = pathlib.Path(args.outdir)
    for sub in ("list", "detail", "lanemap", "eval", "replay"):
        (out / sub).mkdir(parents=True, exist_ok=True)
    codes = []

    def record(name, result):
        codes.append(f"{name} {result[0]}")
        return result

    lists = {}
    record("list", run(binary, ["list"], out / "list" / "all.txt"))
    for arch in ARCHS:
        record(f"list {arch}", run(binary, ["list", "--arch", arch], out / "list" / f"{arch}.txt"))
        record(f"list {arch} json", run(binary, ["list", "--arch", arch, "--format", "json"], out / "list" / f"{arch}.json"))
        lists[arch] = json.loads((out / "list" / f"{arch}.json").read_text())

    trace = open(out / "trace.txt", "w")
    for arch in ARCHS:
        for ins in lists[arch]["instructions"]:
            if ins["kind"] == "valu":
                continue
            name, wave = ins["mnemonic"], str(ins["wave"])
            select = ["--arch", arch, "--inst", name, "--wave", wave]
            record(f"detail {arch} {name} {wave}",
                   run(binary, ["list", *select, "--format", "json"], out / "detail" / f"{arch}_{name}_{wave}.json"))
            for op in ins["vgprs"]:
                record(f"lanemap {arch} {name} {wave} {op}",
                       run(binary, ["lanemap", *select, "--operand", op, "--format", "json"],
                           out / "lanemap" / f"{arch}_{name}_{wave}_{op}.json"))
            element = "1,1,2" if ins["blocks"] > 1 else "1,2"
            quick = ["--a", "1,2,-3,0.5", "--b", "0.25,3,1,7", "--c", "1"]
            for extra in ([], ["--format", "json"], ["--format", "summary"], quick, quick + ["--format", "json"]):
                code, stdout, stderr = run(binary, ["lanemap", *select, "--trace", element, *extra])
                trace.write(f"== {arch} {name} {wave} {' '.join(extra)} exit {code}\n")
                trace.write((stdout + stderr).decode())

    corpus = out / "eval" / "corpus.jsonl"
    write_corpus(lists, corpus)
    record("eval corpus", run(binary, ["eval"], out / "eval" / "corpus.out", stdin_path=corpus))

    # --values traces: the first plain line of every matrix instruction in the corpus.
    seen = set()
    values_file = out / "eval" / "trace_values.json"
    for text in open(corpus):
        line = json.loads(text)
        key = (line["arch"], line["inst"], line.get("wave"))
        if "mods" in line or "options" in line or line["inst"].startswith("__builtin") or key in seen:
            continue
        seen.add(key)
        values_file.write_text(text)
        for extra in ([], ["--format", "json"]):
            base = ["lanemap", "--arch", line["arch"], "--inst", line["inst"], "--wave", str(line["wave"]),
                    "--values", str(values_file), *extra]
            code, stdout, stderr = run(binary, [*base, "--trace", "0,1,2"])
            if code == 2 and b"--trace" in stderr:  # a single-block instruction: i,j
                code, stdout, stderr = run(binary, [*base, "--trace", "1,2"])
            trace.write(f"== --values {' '.join(map(str, key))} {' '.join(extra)} exit {code}\n")
            trace.write((stdout + stderr).decode().replace(str(values_file), "VALUES"))
    trace.close()

    converted = out / "replay" / "lines"
    done = subprocess.run([sys.executable, str(pathlib.Path(__file__).with_name("vectors_to_replay.py")), str(converted),
                           "--vectors", args.vectors], capture_output=True, text=True)
    codes.append(f"vectors_to_replay {done.returncode}")
    for capture in sorted(converted.glob("*.jsonl")) if done.returncode == 0 else []:
        record(f"replay {capture.name}", run(binary, ["replay", str(capture)], out / "replay" / f"{capture.stem}.replay"))
        record(f"eval {capture.name}", run(binary, ["eval"], out / "replay" / f"{capture.stem}.eval", stdin_path=capture))

    record("site", run(binary, ["site", "site"], out / "site.out", cwd=out))
    if args.tutorial:
        (out / "tutorial.md").write_bytes(pathlib.Path(args.tutorial).read_bytes())
    (out / "exit_codes.txt").write_text("\n".join(codes) + "\n")
    print(f"output_snapshot: {len(codes)} commands, {sum(1 for c in codes if not c.endswith(' 0'))} with a nonzero exit "
          f"(recorded in {out / 'exit_codes.txt'})", file=sys.stderr)


if __name__ == "__main__":
    main()
