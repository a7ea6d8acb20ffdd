"""window.mxlane in a real headless chromium answers every request byte for byte as the native CLI does.

Usage: test_web_api.py MXLANE CHROMIUM. `MXLANE site DIR` writes the site; file://DIR/index.html is
opened and, after `mxlane.ready` (its time printed against the 2 s target), a few hundred seeded random requests of every API
function (list, lanemap, trace, check, evalLine) over every architecture `mxlane list` names, and
dozens of bad ones, run in the page in batches. Each request's command line is built here exactly as
web/mxlane_api.js builds it and run through the native MXLANE: an answer must be the CLI's standard
output byte for byte, an error must carry the CLI's first stderr line and exit status. The seed is
printed; MXLANE_TEST_SEED=N reproduces a run. Exit 0 pass, 1 fail.
"""
import concurrent.futures
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from devtools_pipe import Browser, BrowserError, browser_test_arguments  # noqa: E402

# Printed against the 2 s target, asserted only as a hang guard: a timed assertion would fail on a loaded
# machine (the project measures speed with benchmarks; docs/web.md has the idle figure).
READY_TARGET_MS = 2000
READY_HANG_MS = 15000
GOOD_REQUESTS = {"list": 16, "lanemap": 90, "trace": 36, "check": 44, "evalLine": 54}
BATCH_COST = 24  # requests per Runtime.evaluate (a figure or a page counts as several: see cost())

# Modifiers that lanemap, trace and check take as options (the rest, clamp and the VALU selects,
# exist only in eval's "mods").
LAYOUT_MODIFIERS = {"cbsz", "abid", "blgp", "opsel_a", "opsel_b", "opsel", "neg", "neg_hi", "index_key",
                    "matrix_a_reuse", "matrix_b_reuse", "matrix_a_fmt", "matrix_b_fmt", "matrix_a_scale",
                    "matrix_b_scale", "matrix_a_scale_fmt", "matrix_b_scale_fmt"}
FLOAT_TYPES = {"f16", "bf16", "f32", "f64", "xf32"}
# Element widths of `mxlane list`'s types (f8f6f4: the narrowest of its formats, for raw bits that
# fit whichever the modifiers pick).
ELEMENT_BITS = {"f64": 64, "f32": 32, "xf32": 32, "i32": 32, "f16": 16, "bf16": 16, "i8": 8, "iu8": 8, "fp8": 8,
                "bf8": 8, "e8m0": 8, "iu4": 4, "fp4": 4, "f8f6f4": 4, "idx2": 2}


# ---- the API's command lines, as web/mxlane_api.js builds them -------------------------------------

def js_string(value):
    """JavaScript's String(value) for the JSON values a request holds."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() and abs(value) < 1e21 else repr(value)
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        return ",".join("" if v is None else js_string(v) for v in value)
    if isinstance(value, dict):
        return "[object Object]"
    raise TypeError(value)


def to_argv(args):
    """toArgv(): true is a flag, false/null leave the option out, an array repeats it, else --key=value."""
    argv = []
    for key, value in args.items():
        for v in value if isinstance(value, list) else [value]:
            if v is False or v is None:
                continue
            argv.append(f"--{key}" if v is True else f"--{key}={js_string(v)}")
    return argv


def with_format(args, fmt):
    return args if "format" in args else {**args, "format": fmt}


def inline_document(arg, key):
    """(request, stdin) for an option whose FILE the API takes as the document itself: an object (sent
    as JSON.stringify writes it) or JSON text goes to standard input and the option becomes '-'."""
    value, stdin = arg.get(key), None
    if isinstance(value, dict):
        stdin = json.dumps(value, separators=(",", ":"), ensure_ascii=False)  # JSON.stringify
    elif isinstance(value, str) and value.lstrip().startswith("{"):
        stdin = value
    return ({**arg, key: "-"} if stdin is not None else dict(arg)), stdin


def cli_request(fn, arg):
    """(argv, stdin) of the command line the API call mxlane[fn](arg) runs."""
    if fn == "list":
        args = {} if arg is None else arg if isinstance(arg, dict) else {"arch": arg}
        return ["list", *to_argv(with_format(args, "json"))], None
    if fn == "lanemap":
        return ["lanemap", *to_argv(with_format(arg, "json"))], None
    if fn == "trace":
        request, stdin = inline_document(arg, "values")
        request.setdefault("trace", True)
        return ["lanemap", *to_argv(with_format(request, "json"))], stdin
    if fn == "check":
        request, stdin = inline_document(arg, "linear-layout")
        return ["check", *to_argv(with_format(request, "json"))], stdin
    if fn == "evalLine":
        return ["eval"], arg.rstrip("\r\n") + "\n"
    raise ValueError(fn)


# ---- the native CLI ---------------------------------------------------------------------------------

class Native:
    """Runs the native CLI in an empty directory (a file name in a request is missing there, as in the
    module's empty file system) and caches what the request generator asks it."""

    def __init__(self, mxlane, cwd):
        self.mxlane, self.cwd, self.cache = mxlane, cwd, {}

    def run(self, argv, stdin=None):
        done = subprocess.run([self.mxlane, *argv], input=(stdin or "").encode(), stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, cwd=self.cwd, timeout=60)
        return done.returncode, done.stdout, done.stderr

    def json(self, argv):
        """The parsed JSON the CLI prints for argv, or None where it refuses (cached)."""
        key = tuple(argv)
        if key not in self.cache:
            status, out, _ = self.run(argv)
            self.cache[key] = json.loads(out) if status == 0 else None
        return self.cache[key]


class Catalogue:
    """What `mxlane list` says exists: architectures, instructions with their legal modifiers, switches."""

    def __init__(self, native):
        self.native = native
        listing = native.json(["list", "--format", "json"])
        self.archs = [a["name"] for a in listing["architectures"]]
        self.aliases = {a["name"]: a["aliases"] for a in listing["architectures"]}
        self.default_wave = {a["name"]: a["default_wave"] for a in listing["architectures"]}
        self.matrix = {a: [i for i in listing["instructions"] if i["arch"] == a and i["kind"] != "valu"]
                       for a in self.archs}
        self.valu = {a: [i for i in listing["instructions"] if i["arch"] == a and i["kind"] == "valu"]
                     for a in self.archs}
        self.matrix_archs = [a for a in self.archs if self.matrix[a]]
        self.switches = native.json(["list", "--options", "--format", "json"])["switches"]

    def switches_of(self, arch):
        return [s for s in self.switches if arch in [a.strip() for a in s["archs"].split(",")]]

    @staticmethod
    def named(entry):
        """--arch, --inst and --wave naming exactly this entry: a _tied builtin shares its mnemonic
        with the untied one, a zero-scale MFMA form its builtin with the scaled one."""
        name = entry["mnemonic"] if entry.get("zero_scale_form") else entry["builtin"]
        return ["--arch", entry["arch"], "--inst", name, "--wave", str(entry["wave"])]

    def detail(self, entry):
        """`mxlane list --arch --inst` of one instruction (its index formulas)."""
        return self.native.json(["list", *self.named(entry), "--format", "json"])

    def shape(self, entry, operand, mods=()):
        """rows, cols, blocks, vgprs, element_bits and wave of one operand. From `mxlane list` (A is
        M x K, K/2 when sparse; B K x N; C, D M x N; IDX M x K/2; SA M x K/32, SB N x K/32, K/16 on
        the scale16 forms) without a process; under format-changing modifiers (FP6 A holds fewer
        VGPRs) as the CLI's lanemap says."""
        if mods:
            argv = ["lanemap", *self.named(entry), "--operand", operand, "--format", "json"]
            found = self.native.json(argv + [f"--{name}={value}" for name, value in mods])
            return {k: found[k] for k in ("rows", "cols", "blocks", "vgprs", "element_bits", "wave")}
        m, n, k = entry["m"], entry["n"], entry["k"]
        per_scale = 16 if "scale16" in entry["builtin"] else 32
        rows, cols = {"A": (m, k // 2 if "IDX" in entry["vgprs"] else k), "B": (k, n), "C": (m, n), "D": (m, n),
                      "IDX": (m, k // 2), "SA": (m, k // per_scale), "SB": (n, k // per_scale)}[operand]
        return {"rows": rows, "cols": cols, "blocks": entry["blocks"], "vgprs": entry["vgprs"][operand],
                "element_bits": ELEMENT_BITS[entry["types"][operand]], "wave": entry["wave"]}


# ---- random requests --------------------------------------------------------------------------------

class Request:
    """One API call. expect: "answer" (exit 0, or 1 where that is an answer), "bad" (exit 2),
    "either" (a switch or a linear layout the CLI may refuse for this map), "api" (the JavaScript
    layer refuses it before any command line: no CLI to compare with)."""

    def __init__(self, fn, arg, arch, expect, note=""):
        self.fn, self.arg, self.arch, self.expect, self.note = fn, arg, arch, expect, note

    def describe(self):
        shown = json.dumps(self.arg)
        return f"mxlane.{self.fn}({shown if len(shown) < 600 else shown[:600] + '...'})  [{self.note or self.expect}]"


def request_arch(fn, arg):
    """The architecture a request names, for the summary ("all" for `list` of everything)."""
    if fn == "list" and not isinstance(arg, dict):
        return "all" if arg is None else str(arg)
    if fn == "evalLine":
        try:
            return str(json.loads(arg).get("arch"))
        except (ValueError, AttributeError):
            return "-"
    return str(arg.get("arch", "-"))


class Generator:
    def __init__(self, rng, cat):
        self.rng, self.cat = rng, cat

    # -- shared pieces --

    def arch_name(self, arch):
        """The architecture, sometimes by one of its aliases (the CLI resolves both)."""
        aliases = self.cat.aliases[arch]
        return self.rng.choice(aliases) if aliases and self.rng.random() < 0.2 else arch

    def inst_args(self, entry):
        """{arch, inst[, wave]}: the ISA mnemonic or the builtin name (with or without its prefix);
        a mnemonic shared by wave32 and wave64 entries needs --wave; a _tied builtin only by name."""
        rng = self.rng
        args = {"arch": self.arch_name(entry["arch"])}
        choice = rng.random()
        if entry.get("tied") or (choice < 0.35 and not entry.get("zero_scale_form")):
            args["inst"] = entry["builtin"] if rng.random() < 0.5 else entry["builtin"].replace("__builtin_amdgcn_", "")
            if rng.random() < 0.2:
                args["wave"] = entry["wave"]
        else:
            args["instruction" if rng.random() < 0.2 else "inst"] = entry["mnemonic"]
            if entry["wave"] != self.cat.default_wave[entry["arch"]] or rng.random() < 0.2:
                args["wave"] = entry["wave"]
        return args

    def modifiers(self, entry, names, chance):
        """Legal random values for some of the instruction's modifiers, honouring `mxlane list`'s
        constraints (abid < 2^cbsz; a non-E8M0 scale format only on an FP4 operand)."""
        rng = self.rng
        mods = {}
        for m in entry["modifiers"]:
            if m["name"] in names and rng.random() < chance:
                mods[m["name"]] = rng.choice(m["values"])
        abid = [m for m in entry["modifiers"] if m["name"] == "abid" and m.get("constraint") == "abid < 2^cbsz"]
        if "abid" in mods and abid:
            mods["abid"] = rng.choice([v for v in abid[0]["values"] if v < 2 ** mods.get("cbsz", 0)])
        takes = {m["name"] for m in entry["modifiers"]}
        fp4 = {side: entry.get("types", {}).get(side.upper()) == "fp4" or mods.get(f"matrix_{side}_fmt") == 4
               for side in ("a", "b")}
        for side in ("a", "b"):
            if mods.get(f"matrix_{side}_scale_fmt", 0) != 0 and not fp4[side]:
                if f"matrix_{side}_fmt" not in takes:
                    del mods[f"matrix_{side}_scale_fmt"]
                else:
                    mods[f"matrix_{side}_fmt"], fp4[side] = 4, True
        # With FP4 A and B both scales take one format.
        if fp4["a"] and fp4["b"] and "matrix_a_scale_fmt" in takes:
            mods["matrix_b_scale_fmt"] = mods.setdefault("matrix_a_scale_fmt", mods.get("matrix_b_scale_fmt", 0))
        return mods

    def option_key(self, name):
        """A modifier as an option name: --neg_hi and --neg-hi are the same option."""
        return name.replace("_", "-") if self.rng.random() < 0.5 else name

    def switch_values(self, arch, count):
        chosen = self.rng.sample(self.cat.switches_of(arch), k=min(count, len(self.cat.switches_of(arch))))
        return [f"{s['name']}={self.rng.choice(s['values'])['name']}" for s in chosen]

    def format_mods(self, entry, mods):
        return tuple((k, v) for k, v in sorted(mods.items()) if k in entry.get("format_modifiers", []))

    def operands(self, entry):
        return [op for op in entry["vgprs"] if op != "dst"]

    def element_of(self, shape):
        rng = self.rng
        b, i, j = rng.randrange(shape["blocks"]), rng.randrange(shape["rows"]), rng.randrange(shape["cols"])
        return f"{b},{i},{j}" if shape["blocks"] > 1 or rng.random() < 0.3 else f"{i},{j}"

    # -- list --

    def gen_list(self, arch):
        rng = self.rng
        shape = rng.random()
        if shape < 0.45:
            return Request("list", self.arch_name(arch), arch, "answer")
        if shape < 0.6 and self.cat.matrix[arch]:
            entry = rng.choice(self.cat.matrix[arch])
            args = {"arch": arch, "inst": self.cat.named(entry)[3]}
            if entry["wave"] != self.cat.default_wave[arch]:
                args["wave"] = entry["wave"]
            return Request("list", args, arch, "answer", "one instruction")
        if shape < 0.75:
            return Request("list", {"arch": arch, "options": True, "format": rng.choice(["json", "text"])},
                           arch, "answer", "switches")
        if shape < 0.9:
            return Request("list", {"arch": self.arch_name(arch), "format": "text"}, arch, "answer")
        return Request("list", None, "all", "answer", "every architecture")

    # -- lanemap --

    def gen_lanemap(self, arch):
        rng = self.rng
        entry = rng.choice(self.cat.matrix[arch])
        args = self.inst_args(entry)
        mods = self.modifiers(entry, LAYOUT_MODIFIERS, 0.5)
        operand = rng.choice(self.operands(entry))
        fmt = rng.choice(["json", "json", "grid", "grid", "csv", "markdown", "asciidoc", "svg", "svg", "html",
                          "linear-layout", "linear-layout", None, None])
        if fmt != "html" or rng.random() < 0.3:
            args["operand"] = operand
        for name, value in mods.items():
            args[self.option_key(name)] = value
        expect = "answer"
        if rng.random() < 0.15:
            args["option"] = self.switch_values(entry["arch"], rng.choice([1, 2]))
            expect = "either"  # a switch may refuse what the modifiers ask (gfx950_kdouble_broadcast=refuse)
        if fmt is not None:
            args["format"] = fmt
        if fmt == "linear-layout":
            # Only a linear map has one: a broadcast or lane rotation is refused, naming the slot.
            return Request("lanemap", args, arch, "either", "linear layout")
        view = "registers" if fmt != "html" and rng.random() < 0.3 else rng.choice([None, "elements"])
        if view:
            args["view"] = view
        if view == "registers":
            if fmt in ("grid", "markdown", "asciidoc", "csv", "svg") and rng.random() < 0.3:
                args["transpose"] = True
            return Request("lanemap", args, arch, expect)
        if fmt in ("grid", "markdown", "asciidoc") and rng.random() < 0.2:
            args["transpose"] = True
            return Request("lanemap", args, arch, expect)
        if fmt in ("markdown", "asciidoc"):  # tables of a whole operand only: no query
            return Request("lanemap", args, arch, expect)
        query = rng.random()
        if query < 0.6:
            args["operand"] = operand  # a query names its operand (html draws all four otherwise)
            shape = self.cat.shape(entry, operand, self.format_mods(entry, mods))
            if query < 0.3:
                args["element"] = self.element_of(shape)
            else:
                args["reg"], args["lane"] = rng.randrange(shape["vgprs"]), rng.randrange(shape["wave"])
        return Request("lanemap", args, arch, expect)

    # -- trace --

    def trace_values(self, type_name, bits, count):
        """--a/--b/--c text: values in k order, or k=value pairs; exact in every format the type has."""
        rng = self.rng
        if type_name.startswith(("i", "u")):
            pool = [str(v) for v in range(0, 8)]
        else:
            pool = ["0", "0.5", "1", "1.5", "2", "-1", "3", "-2", "4"]
            if type_name in FLOAT_TYPES:
                pool += ["inf", "-inf", "nan", "0.25", "-0.75", "65504" if type_name == "f16" else "1024"]
        raw = lambda: "0x%x" % rng.randrange(1 << min(bits, 16))  # noqa: E731  raw bits of the element
        if rng.random() < 0.3 and count > 1:
            ks = sorted(rng.sample(range(count), k=rng.randint(1, min(4, count))))
            return ",".join(f"{k}={rng.choice(pool) if rng.random() < 0.8 else raw()}" for k in ks)
        return ",".join(rng.choice(pool) if rng.random() < 0.85 else raw() for _ in range(rng.randint(1, count)))

    def gen_trace(self, arch):
        rng = self.rng
        entry = rng.choice(self.cat.matrix[arch])
        args = self.inst_args(entry)
        mods = self.modifiers(entry, LAYOUT_MODIFIERS, 0.4)
        for name, value in mods.items():
            args[self.option_key(name)] = value
        shape_d = self.cat.shape(entry, "D", self.format_mods(entry, mods))
        if rng.random() < 0.7:
            args["trace"] = self.element_of(shape_d)
        else:  # the D element held in a register slot; trace() adds the bare --trace flag
            args["reg"], args["lane"] = rng.randrange(shape_d["vgprs"]), rng.randrange(shape_d["wave"])
        if rng.random() < 0.1:
            args["operand"] = "D"
        # Values for A, B, C: a sparse or block-scaled instruction takes registers instead (--values),
        # and under CBSZ/ABID or BLGP broadcasts two k may share a slot, which then needs equal
        # values: neither here.
        if not {"IDX", "SA"} & set(entry["vgprs"]) and rng.random() < 0.55:
            if not entry.get("formats_from_cbsz_blgp"):
                for name in ("cbsz", "abid", "blgp"):
                    args.pop(name, None)
            shape_a = self.cat.shape(entry, "A", self.format_mods(entry, mods))
            shape_b = self.cat.shape(entry, "B", self.format_mods(entry, mods))
            k = entry["k"]
            for name, op, shape, count in (("a", "A", shape_a, k), ("b", "B", shape_b, k), ("c", "C", shape_d, 1)):
                if rng.random() < 0.8:
                    args[name] = self.trace_values(entry["types"][op], shape["element_bits"], count)
        elif rng.random() < 0.5:
            # The eval line itself with element values (any instruction, sparse and scaled too), which
            # trace() hands to `--values -` as standard input: as an object or as its JSON text.
            line = {"arch": args["arch"], "inst": args.get("inst", args.get("instruction")), "wave": entry["wave"],
                    "values": {}}
            if mods:
                line["mods"] = dict(mods)
            for op in ("A", "B", "C"):
                if rng.random() < 0.7:
                    shape = self.cat.shape(entry, op, self.format_mods(entry, mods))
                    line["values"][op] = [[["1"] * shape["cols"] for _ in range(shape["rows"])]
                                          for _ in range(shape["blocks"])]
            args["values"] = line if rng.random() < 0.5 else json.dumps(line)
        fmt = rng.choice(["json", "summary", "summary", "grid", None])
        if fmt:
            args["format"] = fmt
        return Request("trace", args, arch, "answer")

    # -- check --

    def wrong(self, formula):
        return self.rng.choice([f"({formula})+1", f"({formula})^1", f"-({formula})", f"({formula})*2"])

    def gen_check(self, arch):
        rng = self.rng
        for _ in range(20):
            entry = rng.choice(self.cat.matrix[arch])
            formulas = (self.cat.detail(entry) or {}).get("formulas", {})
            if formulas:
                break
        args = self.inst_args(entry)
        mode = rng.choice(["forward", "forward", "inverse", "inverse", "load", "load", "linear", "pair"])
        right = rng.random() < 0.5
        note = f"{mode}, {'right' if right else 'wrong'}"
        operand = rng.choice([op for op in ("A", "B", "C", "D") if op in formulas])
        shape = self.cat.shape(entry, operand)
        if mode == "pair" and (shape["blocks"] > 1 or entry.get("sparse") or not {"A", "B"} <= set(formulas)):
            mode, note = "inverse", f"inverse, {'right' if right else 'wrong'}"
        maybe_wrong = (lambda f: f) if right else (lambda f: self.wrong(f))
        expect = "answer"
        if mode == "forward":
            forward = formulas[operand]["forward"]
            args["operand"] = operand
            args["lane"], args["vgpr"] = maybe_wrong(forward["lane"]), forward["vgpr"]
            if "bits" in forward and rng.random() < 0.7:
                args["bits"] = forward["bits"]
        elif mode == "inverse":
            inverse = formulas[operand]["inverse"]
            args["operand"] = operand
            # A formula that starts with '-' must still reach the CLI as a value (--row=-...).
            args["row"] = maybe_wrong(inverse["row"]) if rng.random() < 0.7 else f"-(-({inverse['row']}))"
            args["col"] = inverse["col"]
            if "block" in inverse:
                args["block"] = inverse["block"]
            if rng.random() < 0.15:
                args["var"] = ["x=0..1"]
                args["col"] = f"({inverse['col']})+0*x"
        elif mode == "load":
            inverse = formulas[operand]["inverse"]
            rows, cols = shape["rows"], shape["cols"]
            block = inverse.get("block", "0")
            args["operand"] = operand
            if rng.random() < 0.3:
                args["order"] = "col"
                load = f"(({block})*{cols}+({inverse['col']}))*{rows}+({inverse['row']})"
            else:
                load = f"(({block})*{rows}+({inverse['row']}))*{cols}+({inverse['col']})"
            args["load"] = maybe_wrong(load)
        elif mode == "linear":
            layout = self.cat.native.json(["lanemap", *self.cat.named(entry), "--operand", operand,
                                           "--format", "linear-layout"])
            args["operand"] = operand
            if layout is None:  # not linear: a file name then, refused by both
                args["linear-layout"] = "d.json"
                expect, note = "bad", "linear, no such file"
            else:
                layout = json.loads(json.dumps(layout))  # a copy: the cached one stays the CLI's
                if not right:
                    basis = rng.choice([b for b in layout["bases"]["lane"] + layout["bases"]["register"]])
                    basis[-1] += 1
                # The layout itself (the API sends JSON.stringify of it) or its JSON text, as given.
                args["linear-layout"] = layout if rng.random() < 0.6 else \
                    rng.choice(["", " ", "\n"]) + json.dumps(layout, indent=rng.choice([None, 1]))
        else:  # pair: A and B loaded from memory by their inverse formulas, row-major
            inv_a, inv_b = formulas["A"]["inverse"], formulas["B"]["inverse"]
            k = entry["k"]
            args["pair"] = True
            args["load-a"] = maybe_wrong(f"({inv_a['row']})*{k}+({inv_a['col']})")
            args["load-b"] = f"({inv_b['row']})*{entry['n']}+({inv_b['col']})"
        if rng.random() < 0.2:  # the layout under modifiers: right formulas may turn wrong, still a verdict
            for name, value in self.modifiers(entry, LAYOUT_MODIFIERS, 0.5).items():
                args[self.option_key(name)] = value
        if rng.random() < 0.15:
            args["transposed"] = True
            # Read as the swapped instruction's operand, a layout may not fit (its register count)
            # and a forward formula may name what that operand lacks (the RDNA3 copy r): refused.
            if mode in ("linear", "forward") and expect == "answer":
                expect = "either"
        if rng.random() < 0.2:
            args["max-mismatches"] = rng.randint(0, 20)
        fmt = rng.choice(["json", "text", None])
        if fmt:
            args["format"] = fmt
        return Request("check", args, arch, expect, note)

    # -- evalLine --

    def word(self):
        rng = self.rng
        value = rng.getrandbits(32) if rng.random() < 0.5 else rng.choice(
            [0, 0x3C003C00, 0x3F800000, 0x40004000, 0xBC00C000, 0x01020304, 0x7F7F7F7F, 0x80000000, 1, 0xFFFFFFFF])
        return value if rng.random() < 0.3 else "0x%x" % value if rng.random() < 0.8 else "0x%X" % value

    def registers(self, count, lanes):
        return [[self.word() for _ in range(lanes)] for _ in range(count)]

    def gen_eval(self, arch, native_eval):
        rng = self.rng
        use_matrix = bool(self.cat.matrix[arch]) and (not self.cat.valu[arch] or rng.random() < 0.6)
        entry = rng.choice(self.cat.matrix[arch] if use_matrix else self.cat.valu[arch])
        line = {}
        if rng.random() < 0.7:
            line["id"] = rng.choice([f"t{rng.randrange(1000)}", rng.randrange(1000), "ünï ☃", None])
        line["arch"] = self.arch_name(arch)
        if use_matrix:
            inst = self.inst_args(entry)
            line["inst"] = inst.get("inst") or inst.get("instruction")
            lanes = entry["wave"]
            if "wave" in inst or rng.random() < 0.2:
                line["wave"] = entry["wave"]
            mods = self.modifiers(entry, LAYOUT_MODIFIERS | {"clamp"}, 0.4)
            # The builtin's registers, whatever the formats read of them (an FP6 A still takes 8).
            counts = {op: entry["vgprs"][op] for op in self.operands(entry) if op != "D"}
            d_count = entry["vgprs"]["D"]
        else:
            line["inst"] = entry["builtin"].replace("__builtin_amdgcn_", "") if rng.random() < 0.5 else entry["mnemonic"]
            lanes = rng.randint(1, 64)
            mods = self.modifiers(entry, {m["name"] for m in entry["modifiers"]}, 0.5)
            counts = {op: n for op, n in entry["vgprs"].items() if op != "dst"}
            d_count = entry["vgprs"]["dst"]
        if mods or rng.random() < 0.1:
            line["mods"] = mods
        if rng.random() < 0.25:
            line["exec"] = "0x%x" % rng.getrandbits(lanes) if rng.random() < 0.7 else rng.getrandbits(min(lanes, 32))
        if rng.random() < 0.2:
            line["options"] = dict(s.split("=", 1) for s in self.switch_values(arch, 1))
        line["src"] = {op: self.registers(n, lanes) for op, n in counts.items()}
        if not entry.get("tied") and rng.random() < 0.2:
            line["dst"] = self.registers(d_count, lanes)
        note = "matrix" if use_matrix else "VALU"
        # gfx950_kdouble_broadcast=refuse refuses the broadcast modifiers it covers: an error line.
        expect = "either" if "refuse" in line.get("options", {}).values() else "answer"
        expect_kind = rng.random()
        if expect_kind < 0.25:  # the right result: match true
            out = native_eval(json.dumps(line))
            if "D" in out:
                line["expect"] = out["D"]
                note += ", expect right"
                if rng.random() < 0.5:  # one word off: a diff naming the element
                    v, l = rng.randrange(len(out["D"])), rng.randrange(len(out["D"][0]))
                    line["expect"][v][l] = "0x%08x" % (int(out["D"][v][l], 16) ^ (1 << rng.randrange(32)))
                    note += " but one bit"
        elif expect_kind < 0.4:
            line["expect"] = self.registers(d_count, lanes)
            note += ", expect random"
        separators = rng.choice([(",", ":"), (", ", ": ")])
        text = json.dumps(line, separators=separators, ensure_ascii=rng.random() < 0.5)
        if rng.random() < 0.1:
            text += rng.choice(["\n", "\r\n"])  # evalLine drops a line's own end
        return Request("evalLine", text, arch, expect, note)

    # -- bad requests: every function, each kind of mistake --

    def bad_requests(self):
        rng, cat = self.rng, self.cat
        mfma = [e for a in cat.matrix_archs for e in cat.matrix[a] if e["kind"] == "mfma" and e["blocks"] > 1
                and any(m["name"] == "cbsz" for m in e["modifiers"])]
        wmma = [e for a in cat.matrix_archs for e in cat.matrix[a] if e["kind"] == "wmma"
                and any(m["name"] == "neg" and max(m["values"]) == 7 for m in e["modifiers"])]
        dense = [e for a in cat.matrix_archs for e in cat.matrix[a] if "IDX" not in e["vgprs"]]
        any_matrix = [e for a in cat.matrix_archs for e in cat.matrix[a]]
        valu = [e for a in cat.archs for e in cat.valu[a]]
        e = rng.choice(any_matrix)
        m = rng.choice(mfma)
        w = rng.choice(wmma)
        d = rng.choice(dense)
        v = rng.choice(valu)
        base = lambda entry: {"arch": entry["arch"], "inst": entry["builtin"]}  # noqa: E731
        cbsz_max = max(x for mod in m["modifiers"] if mod["name"] == "cbsz" for x in mod["values"])
        # An RDNA instruction on a CDNA architecture or the reverse: no name of it resolves there.
        wave64 = cat.default_wave[e["arch"]] == 64
        other_arch = rng.choice([x for a in cat.matrix_archs if (cat.default_wave[a] == 64) != wave64
                                 for x in cat.matrix[a]])
        shape_d = cat.shape(e, "D")
        good_line = {"arch": v["arch"], "inst": v["builtin"], "src": {op: [[1, 2]] * n for op, n in v["vgprs"].items() if op != "dst"}}
        matrix_line = {"arch": d["arch"], "inst": d["builtin"], "src": {op: [[0] * d["wave"]] * n for op, n in d["vgprs"].items() if op != "D"}}
        A = "arch"
        cases = [
            ("list", "gfx999", "unknown arch"),
            ("list", {A: e["arch"], "inst": "v_no_such_inst"}, "unknown instruction"),
            ("list", {"inst": e["mnemonic"]}, "--inst without --arch"),
            ("list", {A: e["arch"], "format": "yaml"}, "unknown format"),
            ("list", {A: e["arch"], "options": True, "inst": e["mnemonic"]}, "--options with --inst"),
            ("list", {A: 42}, "a number for an arch"),
            ("lanemap", {A: "gfx123", "inst": e["mnemonic"], "operand": "A"}, "unknown arch"),
            ("lanemap", {A: e["arch"], "inst": "v_mfma_nothing", "operand": "A"}, "unknown instruction"),
            ("lanemap", {A: e["arch"], "inst": other_arch["mnemonic"], "operand": "A"}, "instruction of another arch"),
            ("lanemap", {A: "gfx1030", "inst": rng.choice(cat.matrix["gfx1100"])["mnemonic"], "operand": "A"}, "gfx1030 matrix"),
            ("lanemap", {A: v["arch"], "inst": v["mnemonic"], "operand": "A"}, "a VALU builtin"),
            ("lanemap", {**base(m), "operand": "A", "cbsz": cbsz_max + 1}, "cbsz out of range"),
            ("lanemap", {**base(m), "operand": "B", "opsel": 4}, "a modifier MFMA lacks"),
            ("lanemap", {**base(w), "operand": "A", "neg": 8}, "neg out of range"),
            ("lanemap", {**base(m), "operand": "A", "cbsz": "two"}, "a string for a number"),
            ("lanemap", {**base(m), "operand": "A", "cbsz": 1.5}, "a fraction for a number"),
            ("lanemap", {**base(e), "operand": "A", "wave": True}, "true for --wave"),
            ("lanemap", {**base(e), "operand": {"name": "A"}}, "an object for --operand"),
            ("lanemap", {**base(e), "operand": "A", "wave": 48}, "wave 48"),
            ("lanemap", {**base(e), "operand": "D", "element": f"{shape_d['blocks']},{shape_d['rows']},0"}, "element out of range"),
            ("lanemap", {**base(e), "operand": "D", "element": "1,x"}, "malformed element"),
            ("lanemap", {**base(e), "operand": "D", "reg": 0}, "--reg without --lane"),
            ("lanemap", {**base(m), "operand": "A", "option": ["no_such_switch=1"]}, "unknown switch"),
            ("lanemap", {**base(m), "operand": "A", "option": ["cbsz_model=bogus"]}, "unknown switch value"),
            ("lanemap", {**base(m), "operand": "A", "option": "rdna3_replica=group0"}, "a switch of another arch"),
            ("lanemap", {**base(e), "operand": "A", "format": "pdf"}, "unknown format"),
            ("lanemap", {**base(e), "operand": "A", "colour": "red"}, "unknown option"),
            ("lanemap", {**base(e), "format": "grid"}, "no operand"),
            ("lanemap", {**base(d), "operand": "IDX"}, "IDX of a dense instruction"),
            ("lanemap", {**base(e), "operand": "A", "element": "0,0", "format": "linear-layout"}, "linear layout with a query"),
            ("trace", {**base(e), "trace": f"{shape_d['rows']},0"}, "D element out of range"),
            ("trace", {**base(e), "trace": "0,0", "a": "1.5.5"}, "malformed value"),
            ("trace", {**base(e), "trace": "0,0", "element": "0,0"}, "--trace with --element"),
            ("trace", {**base(e), "trace": "0,0", "a": ",".join(["1"] * (e["k"] + 1))}, "more values than K"),
            ("trace", {**base(e), "trace": "0,0", "values": "case.json"}, "a values file that is missing"),
            ("trace", {**base(e)}, "no D element"),
            ("check", {**base(e), "operand": "D", "row": "L+*2", "col": "L"}, "malformed formula"),
            ("check", {**base(e), "operand": "D", "row": "Q+1", "col": "L"}, "unknown variable"),
            ("check", {**base(e), "operand": "D", "row": "L/0", "col": "L"}, "division by zero"),
            ("check", {**base(e), "operand": "D"}, "no mode"),
            ("check", {**base(e), "operand": "D", "lane": "j", "vgpr": "i", "row": "L", "col": "G"}, "two modes"),
            ("check", {**base(e), "operand": "D", "linear-layout": {"bases": 5}}, "a malformed layout object"),
            ("check", {**base(e), "operand": "D", "linear-layout": "{not json"}, "a malformed layout text"),
            ("check", {**base(e), "operand": "D", "linear-layout": "nofile.json"}, "a layout file that is missing"),
            ("check", {**base(e), "operand": "D", "row": "L", "col": "G", "max-mismatches": -1}, "max-mismatches -1"),
            ("check", {**base(e), "operand": "E", "row": "L", "col": "G"}, "unknown operand"),
            ("evalLine", "{", "malformed JSON"),
            ("evalLine", "[]", "not an object"),
            ("evalLine", "", "an empty line"),
            ("evalLine", json.dumps({**good_line, "colour": 1}), "unknown key"),
            ("evalLine", json.dumps({**good_line, "src": {**good_line["src"], "src0": [[-1, 2]]}}), "negative word"),
            ("evalLine", json.dumps({**good_line, "src": {**good_line["src"], "src0": [[1.5, 2]]}}), "fractional word"),
            ("evalLine", json.dumps({**good_line, "src": {**good_line["src"], "src0": [["0xZZ", 2]]}}), "a word that is no hex"),
            ("evalLine", json.dumps({**matrix_line, "src": {**matrix_line["src"], "A": matrix_line["src"]["A"] * 2}}), "VGPR count"),
            ("evalLine", json.dumps({**good_line, "inst": "v_nothing"}), "unknown instruction"),
            ("evalLine", json.dumps({"arch": v["arch"], "inst": v["builtin"]}), "no src"),
            ("evalLine", json.dumps({**matrix_line, "mods": {"cbsz": 99}}), "modifier out of range"),
            ("evalLine", json.dumps({**good_line, "options": {"no_such_switch": "x"}}), "unknown switch"),
        ]
        return [Request(fn, arg, request_arch(fn, arg), "bad", note) for fn, arg, note in cases]

    @staticmethod
    def api_refusals():
        """Requests the JavaScript layer itself refuses (wrong argument types): no command line runs."""
        return [Request("lanemap", "gfx942", "-", "api", "a string, not an object"),
                Request("check", None, "-", "api", "null"),
                Request("trace", ["--arch", "gfx90a"], "-", "api", "an array"),
                Request("evalLine", 42, "-", "api", "a number, not a line"),
                Request("evalLine", '{"arch": "gfx90a"}\n{"arch": "gfx90a"}', "-", "api", "two lines")]


def generate(rng, cat, native):
    gen = Generator(rng, cat)

    def native_eval(text):
        status, out, _ = native.run(["eval"], text + "\n")
        return json.loads(out) if out else {}

    good = []
    for fn, count in GOOD_REQUESTS.items():
        # Every architecture in turn (from a random start) so that each function meets each one;
        # lanemap, trace and check only where mxlane models matrix instructions.
        archs = cat.archs if fn in ("list", "evalLine") else cat.matrix_archs
        start = rng.randrange(len(archs))
        for n in range(count):
            arch = archs[(start + n) % len(archs)]
            if fn == "list":
                good.append(gen.gen_list(arch))
            elif fn == "lanemap":
                good.append(gen.gen_lanemap(arch))
            elif fn == "trace":
                good.append(gen.gen_trace(arch))
            elif fn == "check":
                good.append(gen.gen_check(arch))
            else:
                good.append(gen.gen_eval(arch, native_eval))
    return good, gen.bad_requests(), gen.api_refusals()


# ---- the page ---------------------------------------------------------------------------------------

# Before the page's scripts: when mxlane.js sets window.mxlane, time its `ready` with the first
# callback it gets (the page's own callbacks, which may render for a while, come after).
# performance.now() counts from the navigation's start.
READY_CLOCK_JS = r"""Object.defineProperty(window, 'mxlane', {configurable: true, set(api) {
  Object.defineProperty(window, 'mxlane', {value: api, writable: true, configurable: true, enumerable: true});
  window.__mxlaneReadyAt = api.ready.then(() => performance.now());
}});"""

# Runs a batch of requests synchronously (the API is synchronous once ready): each answer or the
# error thrown, as JSON text (so that the answers reach Python exactly, whatever their size).
RUN_BATCH_JS = r"""window.__mxlaneRunBatch = (requests) => JSON.stringify(requests.map((r) => {
  try {
    const out = window.mxlane[r.fn](r.arg);
    return {ok: true, out: typeof out === 'string' ? out : null, type: typeof out};
  } catch (e) {
    return {ok: false, isError: e instanceof Error, message: String(e && e.message),
            status: e && e.status !== undefined ? e.status : null,
            output: e && e.output !== undefined ? e.output : null};
  }
}));"""


def evaluate(browser, session, expression, await_promise=False):
    reply = browser.send("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                              "awaitPromise": await_promise}, session)
    if "exceptionDetails" in reply:
        raise BrowserError("evaluating test script: %s" % reply["exceptionDetails"])
    return reply["result"].get("value")


def cost(request):
    """How heavy a request is for the page (a figure or a whole page is large to move)."""
    fmt = request.arg.get("format") if isinstance(request.arg, dict) else None
    return {"html": 8, "svg": 3}.get(fmt, 1) if fmt else (2 if request.fn == "list" and request.arg is None else 1)


def batches(requests):
    batch, weight = [], 0
    for r in requests:
        if batch and weight + cost(r) > BATCH_COST:
            yield batch
            batch, weight = [], 0
        batch.append(r)
        weight += cost(r)
    if batch:
        yield batch


# ---- comparison -------------------------------------------------------------------------------------

def first_difference(got, want):
    """The first byte offset where two byte strings differ, with 60 bytes of context from each."""
    at = len(os.path.commonprefix([got, want]))
    lo = max(0, at - 60)
    return at, got[lo:at + 60], want[lo:at + 60]


def compare(request, answer, native):
    """The problems with one API answer against the native run (argv, stdin, status, stdout, stderr)."""
    argv, stdin, status, out, err = native
    problems = []
    if request.expect == "api":
        if answer["ok"] or not answer["isError"] or answer["status"] is not None or \
                not answer["message"].startswith("mxlane."):
            problems.append("the API should refuse the argument itself (an Error 'mxlane.<fn>: ...', "
                            f"no status); got {answer}")
        return problems
    if status not in (0, 1, 2):  # a signal (negative) or an unexpected status: the CLI itself is broken
        return [f"the native CLI exited {status} (stderr {err.decode(errors='replace')[:200]!r}); "
                f"the API {'answered' if answer['ok'] else 'threw ' + repr(answer['message'])}"]
    answered = status == 0 or (status == 1 and request.fn in ("check", "evalLine"))
    if request.expect == "answer" and not answered:
        problems.append(f"the CLI refused a request meant to be good (exit {status}): "
                        f"{err.decode(errors='replace').splitlines()[:1]}")
    if request.expect == "bad" and status != 2:
        problems.append(f"the CLI did not refuse a bad request: exit {status}, expected 2")
    if answered:
        want = out[:-1] if request.fn == "evalLine" and out.endswith(b"\n") else out
        if not answer["ok"]:
            problems.append(f"the API threw {answer['message']!r} (status {answer['status']}) "
                            f"where the CLI answered (exit {status})")
        elif answer["out"] is None:
            problems.append(f"the API returned a {answer['type']}, not a string")
        else:
            got = answer["out"].encode("utf-8", "surrogatepass")
            if got != want:
                at, got_context, want_context = first_difference(got, want)
                problems.append(f"answers differ at byte {at} (API {len(got)} bytes, CLI {len(want)} bytes)\n"
                                f"      API: {got_context!r}\n      CLI: {want_context!r}")
    else:
        line = err.decode("utf-8", errors="replace").split("\n")[0] or f"mxlane: exit status {status}"
        if answer["ok"]:
            problems.append(f"the API answered where the CLI failed (exit {status}: {line!r})")
        else:
            if answer["message"] != line:
                at, got_context, want_context = first_difference(answer["message"].encode(), line.encode())
                problems.append(f"error messages differ at byte {at}\n"
                                f"      API: {answer['message']!r}\n      CLI: {line!r}")
            if answer["status"] != status:
                problems.append(f"error status {answer['status']} where the CLI exited {status}")
            if request.fn == "evalLine":
                want_output = out.decode("utf-8", errors="replace")
                want_output = want_output[:-1] if want_output.endswith("\n") else want_output
                if answer["output"] != want_output:
                    problems.append(f"error.output {answer['output']!r} where the CLI printed {want_output!r}")
    return problems


# ---- main -------------------------------------------------------------------------------------------

def run_in_page(chromium, site, runs, failures, when_ready):
    """Opens the site and runs each batch of requests in one Runtime.evaluate: id(request) -> the
    answers of its runs (a request may run twice). when_ready() is called once the module's start-up
    is timed (work started before would slow it down)."""
    answers = {}
    browser = Browser(chromium, 1200, 800, timeout=45)
    try:
        target = browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = browser.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Page", "Runtime"):
            browser.send(domain + ".enable", {}, session)
        browser.send("Page.addScriptToEvaluateOnNewDocument", {"source": READY_CLOCK_JS}, session)
        browser.send("Page.navigate", {"url": "file://" + os.path.join(site, "index.html")}, session)
        browser.wait_event("Page.loadEventFired", session)
        clock = evaluate(browser, session, "window.__mxlaneReadyAt && window.__mxlaneReadyAt.then((at) => "
                         "new Promise((done) => setTimeout(() => done([at, performance.now()]))))", await_promise=True)
        if clock is None:
            raise BrowserError("index.html loaded, but no script set window.mxlane (is mxlane.js loaded?)")
        ready_ms, settled_ms = clock
        print(f"mxlane.ready {ready_ms:.0f} ms after navigation (the page's own start-up done by {settled_ms:.0f} ms)")
        if ready_ms > READY_TARGET_MS:
            print(f"NOTE: mxlane.ready took {ready_ms:.0f} ms, above the {READY_TARGET_MS} ms target (a loaded machine?)")
        if ready_ms > READY_HANG_MS:
            failures.append(f"mxlane.ready took {ready_ms:.0f} ms: the module hangs")
        when_ready()
        evaluate(browser, session, RUN_BATCH_JS)
        page_start = time.monotonic()
        for batch in runs:
            # list() of everything is called with no argument at all (undefined, not null).
            payload = json.dumps([{"fn": r.fn} if r.fn == "list" and r.arg is None else {"fn": r.fn, "arg": r.arg}
                                  for r in batch])
            results = json.loads(evaluate(browser, session, f"window.__mxlaneRunBatch({payload})"))
            for r, result in zip(batch, results):
                answers.setdefault(id(r), []).append(result)
        print(f"page: {sum(len(b) for b in runs)} calls in {len(runs)} batches, {time.monotonic() - page_start:.1f} s")
        browser.drain(0.1)
        for s, method, params in browser.events:
            if s == session and method == "Runtime.exceptionThrown":
                failures.append("script error in the page: "
                                f"{params['exceptionDetails'].get('exception', {}).get('description')}")
    except BrowserError as e:
        failures.append(f"browser: {e}")
    finally:
        browser.close()
    return answers


def judge(requests, answers, native_runs, failures):
    """Compares every answer with its native run; returns the counts the summary prints."""
    counts = {"per_fn": Counter(), "per_arch": Counter(), "errors": Counter(), "verdicts": Counter()}
    for r in requests:
        if id(r) not in answers:
            continue
        if r.expect == "api":
            native_result = (None, None, None, b"", b"")
        else:
            argv, stdin, future = native_runs[id(r)]
            status, out, err = future.result()
            native_result = (argv, stdin, status, out, err)
            counts["per_fn"][(r.fn, "bad" if r.expect == "bad" else "good")] += 1
            if r.expect != "bad":
                counts["per_arch"][r.arch] += 1
            if status == 2:
                counts["errors"][r.fn] += 1
            elif r.fn in ("check", "evalLine"):
                counts["verdicts"][(r.fn, "pass" if status == 0 else "fail")] += 1
        for run, answer in enumerate(answers[id(r)]):
            for problem in compare(r, answer, native_result):
                where = " (its run after the bad requests)" if run else ""
                failures.append(f"{r.describe()}{where}\n    argv: {json.dumps(native_result[0])}"
                                + (f"\n    stdin: {native_result[1][:300]!r}" if native_result[1] else "")
                                + f"\n    {problem}")
    unanswered = [r for r in requests if id(r) not in answers]
    if unanswered and not any(f.startswith("browser:") for f in failures):
        failures.append(f"{len(unanswered)} requests never ran in the page")
    # Both verdicts must occur (right formulas and results pass, wrong ones fail), or the generator
    # stopped exercising one of them.
    for fn in ("check", "evalLine"):
        for verdict in ("pass", "fail"):
            if answers and not counts["verdicts"][(fn, verdict)]:
                failures.append(f"no {fn} request gave a {verdict} verdict: the generator lost a case")
    return counts


def main():
    mxlane, chromium = browser_test_arguments("test_web_api.py", 150)

    start = time.monotonic()
    seed = int(os.environ.get("MXLANE_TEST_SEED") or random.SystemRandom().randrange(1 << 32))
    print(f"seed {seed} (MXLANE_TEST_SEED={seed} reproduces this run)")
    failures = []
    with tempfile.TemporaryDirectory(prefix="mxlane-webapi-") as tmp:
        site, workdir = os.path.join(tmp, "site"), os.path.join(tmp, "cwd")
        os.mkdir(workdir)
        made = subprocess.run([mxlane, "site", site], stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
        if made.returncode != 0 or not all(os.path.exists(os.path.join(site, f)) for f in ("index.html", "mxlane.js")):
            wrote = sorted(os.listdir(site)) if os.path.isdir(site) else []
            print(f"FAIL: `{mxlane} site {site}` exit {made.returncode}, wrote {wrote} (index.html and "
                  f"mxlane.js expected): {made.stderr.decode(errors='replace')[:500]}")
            return 1

        native = Native(mxlane, workdir)
        catalogue = Catalogue(native)
        rng = random.Random(seed)
        good, bad, refusals = generate(rng, catalogue, native)
        # The bad requests among the good ones, so that every kind of error is followed by answers;
        # at the end a run of bad requests, then one good request of each function (the module
        # must still answer after them).
        requests = good + bad + refusals
        rng.shuffle(requests)
        first_good = {}
        for r in good:
            first_good.setdefault(r.fn, r)
        aftermath = bad[::6] + [first_good[fn] for fn in GOOD_REQUESTS]
        print(f"{len(good)} good, {len(bad)} bad and {len(refusals)} malformed requests generated in "
              f"{time.monotonic() - start:.1f} s")

        # The native runs go on in two threads while the page works (the machine has 2 cores).
        pool = concurrent.futures.ThreadPoolExecutor(max_workers=2)
        native_runs = {}

        def start_native_runs():
            for r in requests:
                if r.expect != "api" and id(r) not in native_runs:
                    argv, stdin = cli_request(r.fn, r.arg)
                    native_runs[id(r)] = (argv, stdin, pool.submit(native.run, argv, stdin))
        answers = run_in_page(chromium, site, list(batches(requests)) + [aftermath], failures, start_native_runs)
        start_native_runs()  # if the page failed before it was ready: still the CLI's side of each
        pool.shutdown(wait=True)
        print(f"native runs done at {time.monotonic() - start:.1f} s")
        counts = judge(requests, answers, native_runs, failures)

    per_fn, per_arch = counts["per_fn"], counts["per_arch"]
    print("requests per function (good + bad): " + ", ".join(
        f"{fn} {per_fn[(fn, 'good')]} + {per_fn[(fn, 'bad')]}" for fn in GOOD_REQUESTS))
    print("good requests per architecture: " + ", ".join(f"{a} {per_arch[a]}" for a in catalogue.archs)
          + (f", all {per_arch['all']}" if per_arch["all"] else ""))
    print("errors compared (exit 2): " + ", ".join(f"{fn} {n}" for fn, n in sorted(counts["errors"].items()))
          + f"; {len(refusals)} argument types refused by the API itself")
    print("verdicts: " + ", ".join(f"{fn} {v} {n}" for (fn, v), n in sorted(counts["verdicts"].items())))
    print(f"after {len(bad[::6])} bad requests in a row: {len(GOOD_REQUESTS)} good ones run again")
    missing = [a for a in catalogue.archs if not per_arch[a]]
    if missing:
        failures.append(f"architectures never asked about: {missing}")
    for line in failures[:30]:
        print("FAIL:", line)
    if len(failures) > 30:
        print(f"... and {len(failures) - 30} more")
    signal.alarm(0)
    print(f"{sum(per_fn.values())} requests compared, {len(failures)} failure(s), {time.monotonic() - start:.1f} s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
