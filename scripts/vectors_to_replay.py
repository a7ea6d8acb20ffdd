#!/usr/bin/python3
"""Convert the published vectors of tests/vectors into `mxlane replay` lines (eval lines with "expect").

What each vector file's numbers mean, and therefore how they become registers, is taken from that
file's own `#` header:

- rdna3_dot2_captures.txt: "a = a1<<16 | a0, b = b1<<16 | b0 ... expected = gfx1100 result of
  a0*b0 + a1*b1 + c (FP32-output DOT2 step)": one line per case, v_dot2_f32_f16 (`fdot2`) or
  v_dot2_f32_bf16 (`fdot2_f32_bf16`) with src0 = a, src1 = b, src2 = c, one lane.
- rdna3_wmma_f32_integer_capture.txt: its generator gives A, B, C; "the goc test checks this one
  array for both F16 and BF16 inputs and for both wave32 and wave64": four lines, D placed by
  mxlane.pack (checked against the header's "D[m][n] lives in VGPR m/(lanes/16), lane
  n + 16*(m % (lanes/16))").
- rdna3_wmma_packed_inputs.txt + rdna3_wmma_packed_expected.txt: registers built by the expected
  file's header rules (A: VGPR r, lane L = A[L%16][2r] | A[L%16][2r+1]<<16; B likewise by column;
  C and D element (m,n) in VGPR m/(lanes/16), lane n + 16*(m%(lanes/16))), OPSEL 0: C in the low
  half with the other half 0 (rocjitsu's words), D's low half the capture and its high half 0,
  the previous D contents (`dst` absent = zeros; the non-tied instruction keeps that half).
  The words equal mxlane.pack's (checked here). One line per expected line (wave32 and wave64).
- gfx1201_wmma_fixtures.txt: "VGPR r of lane L (wave size W) holds a[x] in its low half and a[x+1]
  in its high half, x = (L/16)*(256/W) + 2r"; every C word is c, every D word d32 (wave32) or d64
  (wave64): two lines per fixture, built from that rule directly (not through the layout).
- cdna3_mmasim_vectors.txt (gfx942): one dot product per line, "qualifier K A[0..K-1] B[0..K-1] C D"
  of MMA-Sim's model: D element (0,0) of v_mfma_<qualifier> (block 0), A row 0, B column 0 and
  C[0][0] hold the case, everything else 0; every other D element then sums only exact-zero
  products (a finite value times +0) with C = +0, which is +0 (the file's own cases with all-zero
  products give +0 even for C = -0). Where A or B holds an Inf or NaN that would fail (Inf*0 is NaN
  in row 0 / column 0), so those lines replicate the case instead: every row of A is the A list,
  every column of B the B list, every C element c, so every D element is the same dot product d.
  "A NaN D means only 'the result is NaN': MMA-Sim does not model the payload": those lines are
  skipped.
- *_digests.txt: FNV digests of whole register images, not register words: skipped.

Usage: scripts/vectors_to_replay.py OUTDIR [--vectors DIR]
Writes OUTDIR/<vector file stem>.jsonl (the packed pair as rdna3_wmma_packed_expected.jsonl) and one
summary line per vector file on stderr. Every output line's "id" is "<file>:<line number> ...",
the source line it was made from. Needs numpy and the mxlane Python module.
"""

import argparse
import json
import pathlib
import sys

import numpy as np

import mxlane

HERE = pathlib.Path(__file__).resolve().parent


def hexwords(regs):
    """A (VGPRs, lanes) array of 32-bit words as eval's list of lists of "0x%08x" strings."""
    return [[f"0x{int(w):08x}" for w in vgpr] for vgpr in np.asarray(regs, np.uint32)]


def data_lines(path):
    """(1-based line number, words) of every non-comment, non-blank line."""
    out = []
    with open(path) as f:
        for number, line in enumerate(f, 1):
            if line.strip() and not line.startswith("#"):
                out.append((number, line.split()))
    return out


def replay_line(ident, arch, inst, src, expect, wave=None, mods=None):
    line = {"id": ident, "arch": arch, "inst": inst}
    if wave is not None:
        line["wave"] = wave
    if mods:
        line["mods"] = mods
    line["src"] = {name: hexwords(regs) for name, regs in src.items()}
    line["expect"] = hexwords(expect)
    return line


def require(condition, message):
    if not condition:
        raise SystemExit(f"vectors_to_replay.py: {message}")


# ---------------------------------------------------------------------------------------------
# rdna3_dot2_captures.txt


def convert_dot2(vectors):
    name = "rdna3_dot2_captures.txt"
    lines = []
    for number, (fmt, index, a, b, c, expected) in data_lines(vectors / name):
        require(fmt in ("f16", "bf16"), f"{name}:{number}: unknown format {fmt}")
        inst = "fdot2" if fmt == "f16" else "fdot2_f32_bf16"
        src = {"src0": [[int(a, 16)]], "src1": [[int(b, 16)]], "src2": [[int(c, 16)]]}
        lines.append(replay_line(f"{name}:{number} {fmt} {index}", "gfx1100", inst, src, [[int(expected, 16)]]))
    return {"rdna3_dot2_captures": lines}, [], []


# ---------------------------------------------------------------------------------------------
# rdna3_wmma_f32_integer_capture.txt


def to_f16_bits(values):
    return np.asarray(values, np.float16).view(np.uint16)


def to_bf16_bits(values):
    return (np.asarray(values, np.float32).view(np.uint32) >> 16).astype(np.uint16)


def header_cd_regs(matrix_words, wave):
    """The header rule for RDNA3 C/D: element (m,n) in VGPR m/(lanes/16), lane n + 16*(m % (lanes/16))."""
    groups = wave // 16
    regs = np.zeros((16 // groups, wave), np.uint32)
    for m in range(16):
        for n in range(16):
            regs[m // groups, n + 16 * (m % groups)] = matrix_words[m, n]
    return regs


def convert_f32_integer(vectors):
    name = "rdna3_wmma_f32_integer_capture.txt"
    rows = data_lines(vectors / name)
    D = np.zeros((16, 16), np.uint32)
    seen = set()
    for number, (m, n, expected) in rows:
        m, n = int(m), int(n)
        require((m, n) not in seen and 0 <= m < 16 and 0 <= n < 16, f"{name}:{number}: bad or repeated element")
        seen.add((m, n))
        D[m, n] = int(expected, 16)
    require(len(seen) == 256, f"{name}: {len(seen)} of 256 elements")
    r = np.arange(16)
    A = (((16 * r[:, None] + r[None, :]) * 7) % 17) - 8   # A[m][k]
    B = (((16 * r[:, None] + r[None, :]) * 11) % 17) - 8  # B[k][n]
    C = ((((16 * r[:, None] + r[None, :]) * 13) % 129) - 64).astype(np.float32)  # C[m][n], exact
    lines = []
    first = rows[0][0]
    for fmt, bits in (("f16", to_f16_bits), ("bf16", to_bf16_bits)):
        inst = f"v_wmma_f32_16x16x16_{fmt}"
        for wave in (32, 64):
            src = {op: mxlane.pack("gfx1100", inst, op, M, wave=wave) for op, M in (("A", bits(A)), ("B", bits(B)), ("C", C))}
            expect = mxlane.pack("gfx1100", inst, "D", D, wave=wave)
            require(np.array_equal(expect, header_cd_regs(D, wave)), f"{name}: pack's D differs from the header's placement")
            lines.append(replay_line(f"{name}:{first}-{rows[-1][0]} {fmt} wave{wave}", "gfx1100", inst, src, expect, wave=wave))
    return {"rdna3_wmma_f32_integer_capture": lines}, [], []


# ---------------------------------------------------------------------------------------------
# rdna3_wmma_packed_inputs.txt + rdna3_wmma_packed_expected.txt


def header_ab_regs(M, operand, wave):
    """The header rule: A VGPR r, lane L = A[L%16][2r] | A[L%16][2r+1]<<16; B VGPR r, lane L = B[2r][L%16] | B[2r+1][L%16]<<16."""
    lanes = np.arange(wave) % 16
    regs = np.zeros((8, wave), np.uint32)
    for r in range(8):
        if operand == "A":
            lo, hi = M[lanes, 2 * r], M[lanes, 2 * r + 1]
        else:
            lo, hi = M[2 * r, lanes], M[2 * r + 1, lanes]
        regs[r] = lo.astype(np.uint32) | (hi.astype(np.uint32) << 16)
    return regs


def convert_packed(vectors):
    in_name, out_name = "rdna3_wmma_packed_inputs.txt", "rdna3_wmma_packed_expected.txt"
    inputs = {}
    for number, words in data_lines(vectors / in_name):
        fmt, fixture, operand, values = words[0], int(words[1]), words[2], words[3:]
        require(len(values) == 256, f"{in_name}:{number}: {len(values)} values")
        inputs[(fmt, fixture, operand)] = np.array([int(v, 16) for v in values], np.uint16).reshape(16, 16)
    lines = []
    for number, words in data_lines(vectors / out_name):
        wave_name, fmt, fixture, values = words[0], words[1], int(words[2]), words[3:]
        wave = {"wave32": 32, "wave64": 64}[wave_name]
        require(len(values) == 256, f"{out_name}:{number}: {len(values)} values")
        D16 = np.array([int(v, 16) for v in values], np.uint16).reshape(16, 16)
        A, B, C16 = (inputs[(fmt, fixture, op)] for op in "ABC")
        inst = "v_wmma_f16_16x16x16_f16" if fmt == "f16" else "v_wmma_bf16_16x16x16_bf16"
        # OPSEL 0: C in the low 16 bits, the other half 0; D's low half is the capture, its high half
        # the previous D contents, which eval takes as zeros without "dst".
        src = {"A": header_ab_regs(A, "A", wave), "B": header_ab_regs(B, "B", wave),
               "C": header_cd_regs(C16.astype(np.uint32), wave)}
        expect = header_cd_regs(D16.astype(np.uint32), wave)
        for op, regs in src.items():
            require(np.array_equal(regs, mxlane.pack("gfx1100", inst, op, {"A": A, "B": B, "C": C16}[op], wave=wave)),
                    f"{out_name}:{number}: the header's {op} words differ from mxlane.pack's")
        require(np.array_equal(expect, mxlane.pack("gfx1100", inst, "D", D16, wave=wave)),
                f"{out_name}:{number}: the header's D words differ from mxlane.pack's")
        lines.append(replay_line(f"{out_name}:{number} {wave_name} {fmt} fixture {fixture}", "gfx1100", inst, src, expect,
                                 wave=wave, mods={"opsel": 0}))
    return {"rdna3_wmma_packed_expected": lines}, [], [f"inputs from {in_name}"]


# ---------------------------------------------------------------------------------------------
# gfx1201_wmma_fixtures.txt


def harness_regs(values, wave):
    """The capture harness's registers: VGPR r of lane L = v[x] | v[x+1]<<16, x = (L/16)*(256/W) + 2r."""
    vgprs = 128 // wave  # 4 in wave32, 2 in wave64
    regs = np.zeros((vgprs, wave), np.uint32)
    for lane in range(wave):
        for r in range(vgprs):
            x = (lane // 16) * (256 // wave) + 2 * r
            regs[r, lane] = values[x] | (values[x + 1] << 16)
    return regs


def convert_gfx1201(vectors):
    name = "gfx1201_wmma_fixtures.txt"
    lines = []
    for number, words in data_lines(vectors / name):
        require(len(words) == 38 and words[17] == "|" and words[34] == "|", f"{name}:{number}: not 'type a[16] | b[16] | c d32 d64'")
        fmt = words[0]
        a = [int(v, 16) for v in words[1:17]]
        b = [int(v, 16) for v in words[18:34]]
        c, d32, d64 = (int(v, 16) for v in words[35:38])
        require(fmt in ("f16", "bf16"), f"{name}:{number}: unknown type {fmt}")
        inst = f"v_wmma_f32_16x16x16_{fmt}"
        for wave, d in ((32, d32), (64, d64)):
            cd_vgprs = 256 // wave
            src = {"A": harness_regs(a, wave), "B": harness_regs(b, wave), "C": np.full((cd_vgprs, wave), c, np.uint32)}
            expect = np.full((cd_vgprs, wave), d, np.uint32)
            lines.append(replay_line(f"{name}:{number} {fmt} wave{wave}", "gfx1201", inst, src, expect, wave=wave))
    return {"gfx1201_wmma_fixtures": lines}, [], []


# ---------------------------------------------------------------------------------------------
# cdna3_mmasim_vectors.txt


# The raw-bits dtype mxlane.pack takes for each element format (docs/python.md, "Values in, values out").
BITS_DTYPE = {"f16": np.uint16, "bf16": np.uint16, "xf32": np.uint32, "fp8": np.uint8, "bf8": np.uint8}


def non_finite(fmt, value):
    """Inf or NaN in the element format (fp8/bf8 are the FNUZ formats: 0x80 is their only NaN, no Inf)."""
    if fmt in ("fp8", "bf8"):
        return value == 0x80
    if fmt == "f16":
        return (value >> 10) & 0x1F == 0x1F
    if fmt == "bf16":
        return (value >> 7) & 0xFF == 0xFF
    return (value >> 23) & 0xFF == 0xFF  # xf32 inputs are binary32 bit patterns


def formats(qualifier):
    """A's and B's element formats from the qualifier's last one or two fields (MMA-Sim's naming)."""
    parts = qualifier.split("_")
    if parts[-1] in ("fp8", "bf8"):
        return parts[-2], parts[-1]
    return parts[-1], parts[-1]


def is_f32_nan(bits):
    return (bits & 0x7F800000) == 0x7F800000 and (bits & 0x007FFFFF) != 0


def convert_cdna3(vectors):
    name = "cdna3_mmasim_vectors.txt"
    table = {d["mnemonic"]: d for d in mxlane.list("gfx942") if d["kind"] == "mfma"}
    lines, skipped = [], []
    replicated = 0
    for number, words in data_lines(vectors / name):
        qualifier, k, a_text, b_text, c_text, d_text = words
        inst = "v_mfma_" + qualifier
        require(inst in table, f"{name}:{number}: no gfx942 instruction {inst}")
        entry = table[inst]
        k = int(k)
        a = [int(v, 16) for v in a_text.split(",")]
        b = [int(v, 16) for v in b_text.split(",")]
        c, d = int(c_text, 16), int(d_text, 16)
        require(len(a) == k and len(b) == k and entry["k"] == k, f"{name}:{number}: K {k} does not fit {inst}")
        if is_f32_nan(d):
            skipped.append((number, "D is NaN (the header: MMA-Sim does not model the payload)"))
            continue
        blocks, m, n = entry["blocks"], entry["m"], entry["n"]
        fa, fb = formats(qualifier)
        etype = BITS_DTYPE[fa]
        require(BITS_DTYPE[fb] == etype, f"{name}:{number}: A and B widths differ")
        A = np.zeros((blocks, m, k), etype)
        B = np.zeros((blocks, k, n), etype)
        C = np.zeros((blocks, m, n), np.uint32)
        D = np.zeros((blocks, m, n), np.uint32)
        if any(non_finite(fa, v) for v in a) or any(non_finite(fb, v) for v in b):
            # Inf*0 would make the rest of row 0 / column 0 NaN: replicate the case into every element.
            A[:, :, :] = np.array(a, etype)[None, None, :]
            B[:, :, :] = np.array(b, etype)[None, :, None]
            C[:] = c
            D[:] = d
            how = "replicated"
            replicated += 1
        else:
            A[0, 0, :] = a
            B[0, :, 0] = b
            C[0, 0, 0] = c
            D[0, 0, 0] = d
            how = "D[0][0]"
        src = {op: mxlane.pack("gfx942", inst, op, M) for op, M in (("A", A), ("B", B), ("C", C))}
        expect = mxlane.pack("gfx942", inst, "D", D)
        lines.append(replay_line(f"{name}:{number} {qualifier} {how}", "gfx942", inst, src, expect, wave=64))
    notes = [f"{replicated} lines with an Inf/NaN input replicated into every D element"] if replicated else []
    return {"cdna3_mmasim_vectors": lines}, skipped, notes


# ---------------------------------------------------------------------------------------------

CONVERTERS = {
    "rdna3_dot2_captures.txt": convert_dot2,
    "rdna3_wmma_f32_integer_capture.txt": convert_f32_integer,
    "rdna3_wmma_packed_expected.txt": convert_packed,
    "gfx1201_wmma_fixtures.txt": convert_gfx1201,
    "cdna3_mmasim_vectors.txt": convert_cdna3,
}
INPUT_ONLY = {"rdna3_wmma_packed_inputs.txt": "rdna3_wmma_packed_expected.txt"}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("outdir", type=pathlib.Path)
    parser.add_argument("--vectors", type=pathlib.Path, default=HERE.parent / "tests" / "vectors",
                        help="the vector directory (default: tests/vectors of this checkout)")
    args = parser.parse_args(argv)
    args.outdir.mkdir(parents=True, exist_ok=True)
    for path in sorted(args.vectors.glob("*.txt")):
        file = path.name
        if file.endswith("_digests.txt"):
            print(f"{file}: skipped: FNV-1a digests of whole D register images, not register words", file=sys.stderr)
            continue
        if file in INPUT_ONLY:
            print(f"{file}: no lines of its own: the inputs of {INPUT_ONLY[file]}", file=sys.stderr)
            continue
        if file not in CONVERTERS:
            print(f"{file}: skipped: no converter for this file", file=sys.stderr)
            continue
        outputs, skipped, notes = CONVERTERS[file](args.vectors)
        for stem, lines in outputs.items():
            with open(args.outdir / f"{stem}.jsonl", "w") as out:
                for line in lines:
                    out.write(json.dumps(line, separators=(",", ":")) + "\n")
            reasons = {}
            for _, why in skipped:
                reasons[why] = reasons.get(why, 0) + 1
            why_text = "; ".join(f"{count} skipped: {why}" for why, count in reasons.items()) or "0 skipped"
            extra = "".join(f"; {note}" for note in notes)
            print(f"{file}: {len(lines)} lines written to {stem}.jsonl, {why_text}{extra}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
