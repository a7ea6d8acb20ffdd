#!/usr/bin/env python3
"""Regenerates fuzz/corpus/ from `mxlane list --format json` (the instruction table): for every
instruction of every architecture, valid eval lines (plain and with each modifier at its largest
legal value) and lanemap argument sets, plus the error cases. Run after the table changes:
    fuzz/make_corpus.py build/mxlane
The regression test tests/cli/test_fuzz_corpus.cpp fails when an instruction has no valid line."""
import json, os, random, subprocess, sys

mxlane = sys.argv[1] if len(sys.argv) > 1 else "build/mxlane"
root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus")
listing = json.loads(subprocess.check_output([mxlane, "list", "--format", "json"]))
rng = random.Random(20261129)

def words(vgprs, lanes):
    # Mostly small integers (a compact corpus), some hex specials (1.0 pairs, NaN, -0) and noise.
    pick = lambda: rng.choice([0, 1, 7, "0x3c003c00", "0x7fc00000", "0x80000000", "0x%x" % rng.getrandbits(32)])
    return [[pick() for _ in range(lanes)] for _ in range(vgprs)]

def write(kind, name, data):
    os.makedirs(os.path.join(root, kind), exist_ok=True)
    with open(os.path.join(root, kind, name), "wb") as f:
        f.write(data)

def valid(line):
    out = subprocess.run([mxlane, "eval"], input=(json.dumps(line) + "\n").encode(), capture_output=True)
    return out.returncode == 0

for arch in [a["name"] for a in listing["architectures"]]:
    insts = json.loads(subprocess.check_output([mxlane, "list", "--arch", arch, "--format", "json"]))["instructions"]
    for ins in insts:
        name = ins["builtin"].replace("__builtin_amdgcn_", "")
        inst = ins["builtin"]
        if ins.get("zero_scale_form"):  # the unscaled f8f6f4 rows share the scaled builtin: name them by mnemonic
            name, inst = name + "__unscaled", ins["mnemonic"]
        if ins["kind"] == "valu":
            lanes = rng.choice([1, 7, 32, 64])
            src = {f"src{n}": words(ins["vgprs"][f"src{n}"], lanes) for n in range(3) if ins["vgprs"].get(f"src{n}", 0)}
            base = {"id": name, "arch": arch, "inst": inst, "src": src}
        else:
            w = ins["wave"]
            src = {op: words(ins["vgprs"][op], w) for op in ("A", "B", "C", "IDX", "SA", "SB") if op in ins["vgprs"]}
            base = {"id": name, "arch": arch, "inst": inst, "wave": w, "src": src}
        variants = [("", base)]
        for mod in ins["modifiers"]:
            line = dict(base, mods={mod["name"]: mod["values"][-1]})
            if mod["name"] == "abid":
                line["mods"] = {"cbsz": max(v for v in mod["values"]).bit_length(), "abid": mod["values"][-1]}
            variants.append(("_" + mod["name"], line))
        for suffix, line in variants:
            if not valid(line):
                continue
            text = json.dumps(line, separators=(",", ":")).encode()
            write("eval_line", f"{arch}_{name}{suffix}", b"0" + text)
        args = ["--arch", arch, "--inst", inst, "--operand", "D"]
        if ins["kind"] != "valu":
            write("lanemap_arguments", f"{arch}_{name}", "\n".join(args).encode())
            write("lanemap_arguments", f"{arch}_{name}_element", "\n".join(args[:-1] + ["A", "--element", "0,1,1", "--format", "json"]).encode())
            write("lanemap_arguments", f"{arch}_{name}_inverse", "\n".join(args + ["--reg", "1", "--lane", "17", "--format", "csv"]).encode())

errors = {
    "truncated": b'0{"arch": "gfx90a", "inst": "sad_u8", "src": {"src0": [["0x0102',
    "wrong_type": b'0{"arch": 90, "inst": "sad_u8"}',
    "unknown_key": b'0{"arch": "gfx90a", "inst": "sad_u8", "colour": 1}',
    "huge_integer": b'0{"arch": "gfx90a", "inst": "sad_u8", "wave": 123456789012345678901234567890}',
    "huge_float": b'0{"arch": "gfx90a", "inst": "sad_u8", "wave": 1e400}',
    "nan": b'0{"arch": "gfx90a", "inst": "sad_u8", "wave": NaN}',
    "deep": b"0" + b"[" * 40 + b"]" * 40,
    "garbage": b"0\x00\xff\xfe{\x01garbage\x80",
    "replay_without_expect": b'1{"arch": "gfx90a", "inst": "sad_u8", "src": {"src0": [["0x1"]], "src1": [["0x2"]], "src2": [["0x3"]]}}',
    "bad_lane_count": b'0{"arch": "gfx1100", "inst": "v_wmma_f32_16x16x16_f16", "src": {"A": [["0x1"]]}}',
}
for name, data in errors.items():
    write("eval_line", "error_" + name, data)
for name, args in {"missing_operand": ["--arch", "gfx90a", "--inst", "v_mfma_f32_32x32x8f16"],
                   "bad_element": ["--arch", "gfx90a", "--inst", "v_mfma_f32_32x32x8f16", "--operand", "A", "--element", "0,99,-1"],
                   "bad_cbsz": ["--arch", "gfx90a", "--inst", "v_mfma_f32_4x4x4f16", "--operand", "A", "--cbsz", "9", "--abid", "1"],
                   "bad_option": ["--arch", "gfx1100", "--inst", "wmma_f16_16x16x16_f16_w32", "--operand", "D", "--option", "rdna3_grid=nope"]}.items():
    write("lanemap_arguments", "error_" + name, "\n".join(args).encode())

# Element-value eval lines ("values" instead of "src"): the first dense instruction of each architecture
# with every element given (decimals, raw bits, specials), and the refusals that name a field.
value_rng = random.Random(20261205)
for arch in [a["name"] for a in listing["architectures"]]:
    insts = json.loads(subprocess.check_output([mxlane, "list", "--arch", arch, "--format", "json"]))["instructions"]
    dense = [i for i in insts if i["kind"] != "valu" and "IDX" not in i["vgprs"] and "SA" not in i["vgprs"]]
    if not dense:
        continue
    ins = dense[0]
    pick = lambda: value_rng.choice(["1", "-1", "0", "-0", "2", "0.5", "inf", "nan", "0x1"])
    shape = lambda rows, cols: [[[pick() for _ in range(cols)] for _ in range(rows)] for _ in range(ins["blocks"])]
    m, n, k = ins["m"], ins["n"], ins["k"]
    line = {"id": "values", "arch": arch, "inst": ins["mnemonic"], "wave": ins["wave"],
            "values": {"A": shape(m, k), "B": shape(k, n), "C": shape(m, n)}}
    if valid(line):
        write("eval_line", f"values_{arch}", b"0" + json.dumps(line, separators=(",", ":")).encode())
write("eval_line", "error_values_with_src",
      b'0{"arch": "gfx1100", "inst": "v_wmma_f32_16x16x16_f16", "values": {}, "src": {}}')
write("eval_line", "error_values_shape",
      b'0{"arch": "gfx1100", "inst": "v_wmma_f32_16x16x16_f16", "values": {"A": [["1", "2"]]}}')

# Index expressions for `mxlane check` (index_expression target): the README's and seeds' formulas,
# edge cases of floor division and 64-bit overflow, and malformed ones. Line 1 is the expression,
# the rest the variable values (i j k b r L G row col s threadIdx.x threadIdx.y), 8 bytes little
# endian each. C's operators: bitwise, shifts (and their range errors), comparisons, the logical
# ones and ?: with their short-circuit, and the real kernels' formulas (llama.cpp's int8 load).
def values(*vs):
    return b"".join((v & (2**64 - 1)).to_bytes(8, "little") for v in vs)
expressions = {
    "store_c_row": (b"G*2+L/16", values(0, 0, 0, 0, 0, 17, 3)),
    "store_c_col": (b"L%16", values(0, 0, 0, 0, 0, 31)),
    "load_b": (b"L%16*16+G", values(0, 0, 0, 0, 0, 5, 9)),
    "mfma_lane": (b"i/4%2*32+j", values(13, 7)),
    "mfma_vgpr": (b"i/8*4+i%4", values(31)),
    "min_max": (b"max(min(i, j), k, 3) - -b", values(4, 9, 2, 1)),
    "floor_division": (b"-7/2 + (-7)%2 + 7%-2", b""),
    "hex": (b"0x7fffffffffffffff - row + col", values(0, 0, 0, 0, 0, 0, 0, 1, 1)),
    "overflow": (b"0x7fffffffffffffff + 1", b""),
    "negate_min": (b"-(i)", values(-2**63)),
    "divide_min_by_minus_one": (b"i / -1", values(-2**63)),
    "divide_by_zero": (b"L % (G - G)", values(0, 0, 0, 0, 0, 3, 4)),
    "bitwise": (b"(L & 15) << 4 | G ^ 1 | ~row & 3", values(0, 0, 0, 0, 0, 19, 4, 2)),
    "shift_right_negative": (b"-7 >> 1 >> G", values(0, 0, 0, 0, 0, 0, 1)),
    "shift_out_of_range": (b"1 << G", values(0, 0, 0, 0, 0, 0, 63)),
    "shift_overflow": (b"2 << 62", b""),
    "comparisons": (b"(L < 16) + (L <= 16) + (L > 3) + (L >= 3) + (L == G) + (L != G)", values(0, 0, 0, 0, 0, 16, 16)),
    "logical_short_circuit": (b"G != 0 && 16 / G > 1 || !G", values(0, 0, 0, 0, 0, 0, 0)),
    "conditional_nested": (b"G == 0 ? 0 : L < 16 ? 16 / G : L % 16 ? 1 : 2", values(0, 0, 0, 0, 0, 20, 0)),
    "llama_int8_load": (b"4*((threadIdx.x%16)*8 + 2*(threadIdx.x/16) + s) + G",
                        values(0, 0, 0, 0, 0, 0, 3, 0, 0, 1, 37)),
    "error_conditional_without_colon": (b"L ? 1", b""),
    "error_single_equals": (b"L = 2", b""),
    "error_unclosed": (b"L/16+(G", b""),
    "error_unknown_variable": (b"x + 1", b""),
    "error_min_one_argument": (b"min(L)", b""),
    "error_trailing_operator": (b"G*", b""),
    "error_deep": (b"(" * 70 + b"1" + b")" * 70, b""),
    "error_long": (b"1+" * 600 + b"1", b""),
    "error_garbage": (b"\x00\xff L", b""),
    "error_huge_number": (b"99999999999999999999", b""),
}
for name, (text, vals) in expressions.items():
    write("index_expression", name, text + (b"\n" + vals if vals else b""))

# Linear layouts (linear_layout target): "ARCH INST OPERAND [STEPS]" then a document: every operand
# of one instruction per family as `lanemap --format linear-layout` writes it, Triton-style
# documents (a kWidth-8 chain, a transposed accumulator, 8 registers for RDNA3 f16 D), and malformed ones.
seen_families = set()
for ins in listing["instructions"]:
    if ins["kind"] == "valu" or (ins["arch"], ins["kind"], ins["m"], ins["types"]["A"]) in seen_families:
        continue
    seen_families.add((ins["arch"], ins["kind"], ins["m"], ins["types"]["A"]))
    for op in ins["vgprs"]:
        out = subprocess.run([mxlane, "lanemap", "--arch", ins["arch"], "--inst", ins["mnemonic"], "--wave",
                              str(ins["wave"]), "--operand", op, "--format", "linear-layout"], capture_output=True)
        if out.returncode == 0:
            write("linear_layout", f'{ins["arch"]}_{ins["mnemonic"]}_w{ins["wave"]}_{op}',
                  f'{ins["arch"]} {ins["mnemonic"]} {op}\n'.encode() + out.stdout)
triton = {
    "kwidth8": ("gfx942 v_mfma_f32_16x16x16_f16 A 2", '{"bases":{"register":[[0,1],[0,2],[0,4]],"lane":[[1,0],[2,0],[4,0],[8,0],[0,8],[0,16]]},"out_dims":["dim0","dim1"]}'),
    "transposed_d": ("gfx942 v_mfma_f32_32x32x8_f16 D", '{"bases":{"register":[[0,1],[0,2],[0,8],[0,16]],"lane":[[1,0],[2,0],[4,0],[8,0],[16,0],[0,4]]},"out_dims":["dim0","dim1"]}'),
    "rdna3_f16_d_8": ("gfx1100 v_wmma_f16_16x16x16_f16 D", '{"bases":{"register":[[2,0],[4,0],[8,0]],"lane":[[0,1],[0,2],[0,4],[0,8],[1,0]]},"out_dims":["dim0","dim1"]}'),
    "blocks": ("gfx90a v_mfma_f32_32x32x1f32 D", '{"in_dims":{"register":16,"lane":64},"bases":{"register":[[0,1,0],[0,2,0],[0,8,0],[0,16,0]],"lane":[[0,0,1],[0,0,2],[0,0,4],[0,0,8],[0,0,16],[0,4,0]]},"out_dims":["block","dim0","dim1"]}'),
    "error_not_json": ("gfx942 v_mfma_f32_32x32x8_f16 D", '{"bases": '),
    "error_negative": ("gfx942 v_mfma_f32_32x32x8_f16 D", '{"bases":{"register":[[1,-1]],"lane":[]},"out_dims":["dim0","dim1"]}'),
    "error_in_dims": ("gfx942 v_mfma_f32_32x32x8_f16 D", '{"in_dims":{"register":12},"bases":{"register":[],"lane":[]},"out_dims":["dim0","dim1"]}'),
    "error_warp": ("gfx942 v_mfma_f32_32x32x8_f16 D", '{"bases":{"register":[],"lane":[],"warp":[[1,0]]},"out_dims":["dim0","dim1"]}'),
    "error_huge": ("gfx942 v_mfma_f32_32x32x8_f16 D", '{"bases":{"register":[[18446744073709551615,0]],"lane":[]},"out_dims":["dim0","dim1"]}'),
}
for name, (header, document) in triton.items():
    write("linear_layout", name, (header + "\n" + document).encode())
