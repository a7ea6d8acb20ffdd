"""mxlane from Python: bit-exact AMD matrix instructions ({coverage}) on NumPy arrays.

The same C++ library as the `mxlane` program, called in-process (no subprocess, no JSON text):

    >>> import numpy as np, mxlane
    >>> a = np.ones((16, 16), np.float16); b = np.ones((16, 16), np.float16)
    >>> c = np.zeros((16, 16), np.float32)
    >>> float(mxlane.mma("gfx1100", "v_wmma_f32_16x16x16_f16", a, b, c)[0, 0])
    16.0

Functions: mma (one instruction on whole matrices), gemm (large matrices, the fast path),
lanemap / pack / unpack (where every element lives in the registers), eval / eval_many (`mxlane
eval` lines as dicts), list / catalog (the instruction table), trace (how one D element is
accumulated, every rounding). Bad arguments raise ValueError with the message the CLI prints.

Values are given either in NumPy's own type for the element (float16, float32, float64, int8,
uint8, int32) or as raw bit patterns in the unsigned type of the element's width (uint16 for f16 and
bf16, uint8 for 8-bit and 4-bit elements, uint32, uint64). Nothing is ever converted by arithmetic:
a float64 array for f16 elements is an error, not a rounding. Results come back in the output's
NumPy type (float32, float64, float16, int32), bf16 as uint16 bits. See docs/python.md.
"""

from . import _core
from . import _elements

__doc__ = __doc__.replace("{coverage}", _core.coverage())  # from the instruction table

__all__ = ["mma", "gemm", "lanemap", "linear_layout", "check_linear_layout", "pack", "unpack", "eval", "eval_many", "list", "catalog", "trace"]

_OPERANDS = ("A", "B", "C", "D", "IDX", "SA", "SB")


def _describe(arch, inst, wave, options, mods):
    return _core.describe(arch, inst, wave, options, mods)


def _operand(info, operand):
    name = operand.upper() if isinstance(operand, str) else operand
    if name not in _OPERANDS:
        raise ValueError(f"--operand: {operand} not in {{A,B,C,D,IDX,SA,SB}}")  # the CLI's (CLI11's) wording
    if name not in info["operands"]:
        if name == "IDX":
            raise ValueError(f"--operand {name}: {info['mnemonic']} is dense; IDX is the index register of the sparse "
                             f"SMFMAC and SWMMAC instructions")
        raise ValueError(f"--operand {name}: {info['mnemonic']} has no scale registers; SA and SB belong to the gfx950 "
                         f"scaled f8f6f4 MFMA (v_mfma_scale_f32_*_f8f6f4)")
    return name, info["operands"][name]


def _reject_extra_operands(info, idx, scale_a, scale_b):
    # Sparse (SMFMAC, SWMMAC: idx) and block-scaled (scale_a, scale_b) instructions take extra operands; one
    # given to an instruction without it, or missing where it is needed, is refused, naming it.
    if idx is not None and not info["sparse"]:
        raise ValueError(f"idx: {info['mnemonic']} is dense; idx is the index matrix of the sparse SMFMAC "
                         f"and SWMMAC instructions")
    if idx is None and info["sparse"]:
        raise ValueError(f"idx: {info['mnemonic']} is sparse: give idx, the (M, K/2) positions 0..3 of the stored "
                         f"values of a (its compressed (M, K/2) A)")
    for name, value in (("scale_a", scale_a), ("scale_b", scale_b)):
        if value is not None and not info["scaled"]:
            raise ValueError(f"{name}: {info['mnemonic']} is not a block-scaled instruction (only the gfx950 "
                             f"v_mfma_scale_f32_*_f8f6f4 and the gfx1250 v_wmma_scale{{,16}}_* take scales)")
        if value is None and info["scaled"]:
            op = info["operands"]["SA" if name == "scale_a" else "SB"]
            raise ValueError(f"{name}: {info['mnemonic']} is block-scaled: give {name}, the scale bytes, shape "
                             f"({op['rows']}, {op['cols']}): one per {'row' if name == 'scale_a' else 'column'} and "
                             f"block of {info['k'] // op['cols']} k (docs/cdna4.md §2.3, docs/cdna5.md §2.7)")


def mma(arch, inst, a, b, c, *, wave=None, options=None, idx=None, scale_a=None, scale_b=None, **mods):
    """D = A*B + C as the instruction computes it, bit for bit.

    arch: an architecture of the table ({architectures}) or an alias ("cdna2", "mi250x", "rdna3", ...;
        mxlane.catalog()["architectures"] lists them).
    inst: the ISA mnemonic ("v_wmma_f32_16x16x16_f16") or the builtin name, with or without
        "__builtin_amdgcn_" ("wmma_f32_16x16x16_f16_w64").
    a, b, c: A of shape (M, K), B (K, N), C (M, N), or with a leading block axis (blocks, M, K) ...
        for the multi-block MFMAs (a 2-D operand then feeds every block). Values in NumPy's type for
        the element (float16, float32, float64, int8, uint8, int32) or raw bits in the unsigned
        type of its width (uint16 for f16/bf16, uint8 for 8- and 4-bit, uint32, uint64).
    wave: 32 or 64 (default: the architecture's, or the builtin's _w32/_w64 suffix).
    options: behaviour switches {name: value} (see mxlane.catalog()["switches"]).
    idx: SMFMAC (gfx942/gfx950 v_smfmac_*) and SWMMAC (gfx1200 v_swmmac_*): a is the compressed A,
        shape (M, K/2), the two stored values of every group of four k; idx (M, K/2) gives each
        one's position 0..3 in its group (docs/cdna3.md §3, docs/rdna4.md §2.5). Required for the
        sparse instructions, refused elsewhere. SWMMAC's c is the accumulator its D registers hold;
        index_key=N (a modifier) picks which part of the index VGPR is read.
    scale_a, scale_b: gfx950 v_mfma_scale_f32_*_f8f6f4: the E8M0 scale bytes (uint8), scale_a of
        shape (M, K/32) for A's rows, scale_b (N, K/32) for B's columns, one per 32-k block; a and b
        then hold raw bits (uint8) of the formats cbsz (A) and blgp (B) select: 0 fp8, 1 bf8, 2 fp6,
        3 bf6, 4 fp4 (docs/cdna4.md §1-§2). gfx1250 v_wmma_scale{,16}_*: the same with one byte per 32
        (scale) or 16 (scale16) k, in the format matrix_a_scale_fmt / matrix_b_scale_fmt name (0 E8M0,
        1 E5M3, 2 E4M3), the A/B formats from matrix_a_fmt / matrix_b_fmt (docs/cdna5.md §2.7).
        Required there, refused elsewhere.
    **mods: modifiers by their `mxlane eval` names: cbsz, abid, blgp (MFMA, SMFMAC), opsel, neg,
        neg_hi, clamp, a_signed, b_signed (WMMA), index_key (SWMMAC), opsel_a, opsel_b (the gfx950
        scaled f8f6f4 MFMA), matrix_a_fmt, matrix_b_fmt, matrix_a_scale, matrix_b_scale,
        matrix_a_scale_fmt, matrix_b_scale_fmt (gfx1250); mxlane.list(arch) gives each instruction's legal values. The matrices are loaded with the plain layout and the instruction then
        reads them as the modifiers say (CBSZ/ABID broadcast blocks of A, BLGP
        moves lane groups of B, NEG negates); C goes where OPSEL puts it.

    Returns D in the output's NumPy type (float32, float64, float16, int32; bf16 as uint16 bits),
    shape (M, N), or (blocks, M, N) for a multi-block instruction or when any input had the block
    axis.

    Example (small integers, so every product and sum is exact):

    >>> import numpy as np, mxlane
    >>> a = np.arange(64, dtype=np.float16).reshape(16, 4) % 5
    >>> b = np.ones((4, 16), np.float16)
    >>> c = np.full((16, 16), 0.5, np.float32)
    >>> d = mxlane.mma("gfx90a", "v_mfma_f32_16x16x4f16", a, b, c)
    >>> d.shape, d.dtype, float(d[0, 2, 3])
    ((4, 16, 16), dtype('float32'), 8.5)

    Raises ValueError with the CLI's message for an unknown architecture or instruction, an illegal
    modifier, a wrong shape or a dtype that is not the element's.
    """
    info = _describe(arch, inst, wave, options, mods)
    _reject_extra_operands(info, idx, scale_a, scale_b)
    ops, blocks = info["operands"], info["blocks"]
    a_bits, a3 = _elements.to_blocks(a, "a", ops["A"], blocks)
    b_bits, b3 = _elements.to_blocks(b, "b", ops["B"], blocks)
    c_bits, c3 = _elements.to_blocks(c, "c", ops["C"], blocks)
    idx_bits = _elements.to_blocks(idx, "idx", ops["IDX"], blocks)[0] if info["sparse"] else None
    sa_bits = _elements.to_blocks(scale_a, "scale_a", ops["SA"], blocks)[0] if info["scaled"] else None
    sb_bits = _elements.to_blocks(scale_b, "scale_b", ops["SB"], blocks)[0] if info["scaled"] else None
    d = _elements.from_bits(_core.run_matrix(arch, inst, wave, options, mods, a_bits, b_bits, c_bits, idx_bits,
                                             sa_bits, sb_bits), ops["D"])
    return d if blocks > 1 or a3 or b3 or c3 else d[0]


def gemm(arch, inst, A, B, C, *, threads=0, wave=None, options=None, path="auto", **mods):
    """D = A*B + C for large matrices, computed as a GPU kernel tiles it with the instruction.

    Each m x n tile of D starts from C's tile, then acc = instruction(A tile, B tile, acc) for the
    k tiles in increasing order; bit for bit the instruction's numbers, with SIMD fast paths where
    they give the same bits (the C++ mxlane::gemm, docs/performance.md). Multi-block MFMAs feed
    every block the same tile (the blocks compute the same thing).

    A: (M, K), B: (K, N), C: (M, N), M, N, K multiples of the instruction's m, n, k; values as for
    mma() (NumPy values or raw bits). threads: worker threads, 0 = every hardware thread. path:
    "auto" (fastest that applies), "fast", "reference_elements" or "reference_tiles". The GIL is
    released while it runs. Returns D as mma() does (2-D).

    >>> import numpy as np, mxlane
    >>> A = np.ones((64, 64), np.float16); B = np.ones((64, 64), np.float16)
    >>> C = np.zeros((64, 64), np.float32)
    >>> float(mxlane.gemm("gfx90a", "v_mfma_f32_32x32x8f16", A, B, C, threads=2)[5, 7])
    64.0
    """
    info = _describe(arch, inst, wave, options, mods)
    ops = info["operands"]
    storage = []
    for name, values, op in (("A", A, ops["A"]), ("B", B, ops["B"]), ("C", C, ops["C"])):
        bits = _elements.to_bits(values, name, op)
        if bits.ndim != 2:
            raise ValueError(f"{name}: expected a 2-D matrix, got shape {tuple(bits.shape)}")
        storage.append(_elements.np.ascontiguousarray(bits.astype(_elements.RAW_DTYPES[op["bits"]])))
    d = _core.gemm(arch, inst, wave, options, mods, storage[0], storage[1], storage[2], threads, path)
    return _elements.from_bits(d, ops["D"])


def lanemap(arch, inst, operand, *, wave=None, options=None, **mods):
    """Where every element of an operand lives, as `mxlane lanemap --format json` lists it.

    Returns a NumPy structured array with one record per element and storage slot (a replicated
    RDNA3 element has one per copy), fields block, row, col (the operand's own coordinates: A is
    M x K, B K x N, C/D M x N), lane, vgpr (from the operand's first register; a 64-bit element
    names the even register of its pair, bits 0-63), bit_lo, bit_hi, replica, and neg / abs (NEG,
    NEG_HI negate it / NEG_HI[2] takes |C| as it is read). With modifiers the slot is the one the
    instruction actually reads (CBSZ/ABID, BLGP) or writes (OPSEL).

    >>> import mxlane
    >>> m = mxlane.lanemap("gfx1100", "v_wmma_f32_16x16x16_f16", "D")
    >>> r = m[(m["row"] == 3) & (m["col"] == 5)][0]
    >>> int(r["lane"]), int(r["vgpr"])
    (21, 1)
    """
    _operand(_describe(arch, inst, wave, options, mods), operand)
    return _core.lanemap(arch, inst, wave, options, mods, operand)


def linear_layout(arch, inst, operand, *, wave=None, options=None, **mods):
    """The operand's map as a linear layout (Triton's LinearLayout), as `mxlane lanemap --format
    linear-layout` prints it: a dict with "in_dims" {"register", "lane"}, "bases" {"register":
    [[dim0, dim1], ...], "lane": [...]} and "out_dims" ["dim0", "dim1"] ("block" first for a
    multi-block operand). Register bit b of the lane's element G (as `mxlane check` counts it)
    contributes bases["register"][b], lane bit b bases["lane"][b]; they combine by XOR. Raises
    ValueError, naming the first slot that breaks it, where the map is not linear.

    >>> import mxlane
    >>> ll = mxlane.linear_layout("gfx942", "v_mfma_f32_32x32x8_f16", "D")
    >>> ll["bases"]["lane"][5]
    [4, 0]
    """
    _operand(_describe(arch, inst, wave, options, mods), operand)
    return _core.linear_layout(arch, inst, wave, options, mods, operand)


def check_linear_layout(arch, inst, operand, layout, *, transposed=False, steps=None, max_mismatches=8, wave=None,
                        options=None, **mods):
    """Judge a linear layout (a dict like linear_layout()'s, or its JSON text) against the operand,
    like `mxlane check --linear-layout`: every slot the instruction uses must hold the element the
    bases give it. transposed=True: the layout is meant for the instruction issued with A and B
    swapped (your A[i][k] is its B[k][i]). steps=S: one layout over S chained instructions of A or B
    (register index s*G_count + G), any K order shared by A and B accepted; the result then has
    "k_order". Returns a dict: ok, checked, mismatches, unused_slots, first_mismatches (lane, g,
    step, formula, layout). Raises ValueError naming the field of a malformed layout.

    >>> import mxlane
    >>> d = {"bases": {"register": [[0, 1], [0, 2], [0, 8], [0, 16]],
    ...                "lane": [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0], [0, 4]]}, "out_dims": ["dim0", "dim1"]}
    >>> mxlane.check_linear_layout("gfx942", "v_mfma_f32_32x32x8_f16", "D", d, transposed=True)["ok"]
    True
    """
    _operand(_describe(arch, inst, wave, options, mods), operand)
    if steps is not None and (not isinstance(steps, int) or isinstance(steps, bool) or not 1 <= steps <= 1024):
        raise ValueError(f"steps: {steps!r} is not an integer in 1..1024")
    return _core.check_linear_layout(arch, inst, wave, options, mods, operand, layout, bool(transposed),
                                     steps or 0, max_mismatches)


def pack(arch, inst, operand, matrix, *, wave=None, options=None, **mods):
    """The operand's registers holding `matrix`: a uint32 array of shape (VGPRs, lanes).

    matrix: (rows, cols) or (blocks, rows, cols), values as for mma(). Each element goes into every
    slot lanemap() gives it (all copies of a replicated element); slots no element uses are 0.
    With modifiers, elements go where the instruction with those modifiers reads them, so a matrix
    a broadcast cannot produce (two elements read from one slot with different values) raises
    ValueError. NEG/NEG_HI change no bits: the instruction negates as it reads.

    >>> import numpy as np, mxlane
    >>> regs = mxlane.pack("gfx1100", "v_wmma_f32_16x16x16_f16", "C", np.eye(16, dtype=np.float32))
    >>> regs.shape, hex(regs[0, 0])
    ((8, 32), '0x3f800000')
    """
    info = _describe(arch, inst, wave, options, mods)
    name, op = _operand(info, operand)
    bits, _ = _elements.to_blocks(matrix, "matrix", op, info["blocks"])
    return _core.pack(arch, inst, wave, options, mods, name, bits)


def unpack(arch, inst, operand, registers, *, wave=None, options=None, raw=False, **mods):
    """The matrix an operand's registers hold (the inverse of pack()).

    registers: shape (VGPRs, lanes), uint32 words (int32 or other integers in 0..2^32-1 are taken
    as the same words). Returns (rows, cols), or (blocks, rows, cols) for multi-block instructions,
    in the operand's NumPy type (float16/32/64, int32; int8 for signed and uint8 for unsigned 8- and
    4-bit integers; bf16 as uint16 bits), or raw unsigned bits with raw=True. With modifiers each
    element is read from the slot the instruction reads it from (OPSEL's half of C/D, say).

    >>> import numpy as np, mxlane
    >>> regs = mxlane.pack("gfx90a", "v_mfma_f64_16x16x4f64", "A", np.arange(64.0).reshape(16, 4))
    >>> float(mxlane.unpack("gfx90a", "v_mfma_f64_16x16x4f64", "A", regs)[3, 2])
    14.0
    """
    info = _describe(arch, inst, wave, options, mods)
    name, op = _operand(info, operand)
    words = _elements.np.asarray(registers)
    if words.dtype == _elements.np.int32:
        words = words.view(_elements.np.uint32)
    elif words.dtype != _elements.np.uint32:
        if words.dtype.kind not in "iu":
            raise ValueError(f"registers: {words.dtype} is not a dtype for 32-bit register words (use uint32)")
        if words.size and (words.min() < 0 or words.max() > 0xFFFFFFFF):
            raise ValueError("registers: a word is outside 0..0xffffffff")
        words = words.astype(_elements.np.uint32)
    d = _elements.from_bits(_core.unpack(arch, inst, wave, options, mods, name, _elements.np.ascontiguousarray(words)),
                            op, raw=raw)
    return d if info["blocks"] > 1 else d[0]


def eval(line):
    """One `mxlane eval` line in, its output line out, as dicts (docs/spec/interfaces.md's format).

    line: {"arch", "inst", "src": {"A": [[word per lane] per VGPR], "B", "C"}, and optionally "id",
    "wave", "mods", "exec", "options", "dst", "expect"}; a word is a "0x..." string or an integer,
    and NumPy arrays (from pack()) are accepted as the register lists. Returns {"id", "D": [[
    "0x........" per lane] per VGPR]} plus "match"/"diff" when the line has "expect": exactly what
    `mxlane eval` prints, computed by the same code. An invalid line raises ValueError with the
    error `mxlane eval` would write for it. VALU builtins take src0..src2 (docs/spec/valu.md).

    >>> import mxlane
    >>> zero = [[0] * 64] * 2
    >>> out = mxlane.eval({"id": 1, "arch": "gfx90a", "inst": "v_mfma_f32_4x4x4f16",
    ...                    "src": {"A": zero, "B": zero, "C": [[0x3f800000] * 64] * 4}})
    >>> out["id"], out["D"][0][0]
    (1, '0x3f800000')
    """
    return _core.eval(line)


def eval_many(lines):
    """Many eval lines: one output dict per input, in order, as `mxlane eval` streams them.

    An invalid line does not stop the others: its output is {"id", "error"} with the message
    `mxlane eval` writes. The lines are evaluated with the GIL released.
    """
    return _core.eval_many(lines)


def list(arch=None):  # noqa: A001 (the CLI's name)
    """Every matrix instruction and VALU builtin, as the "instructions" of `mxlane list --format json`.

    arch: an architecture or alias, or None for all. Each dict has "arch", "builtin", "mnemonic",
    "kind" ("mfma", "smfmac", "mfma_scale" (gfx950 scaled f8f6f4), "wmma", "wmma_scale" (gfx1250
    block-scaled) or "valu"), and for matrix instructions "m", "n", "k", "blocks",
    "types", "vgprs", "modifiers" (legal values), "ops", "cycles", ...

    >>> import mxlane
    >>> [d["mnemonic"] for d in mxlane.list("gfx1100") if d["kind"] == "wmma"][0]
    'v_wmma_f32_16x16x16_f16'
    """
    return _core.catalog(arch)["instructions"]


def catalog(arch=None):
    """The whole mxlane.list/1 document of `mxlane list --format json`: "architectures" (name,
    family, aliases, wave sizes, whether mxlane emulates its matrix instructions), "instructions"
    (as list() returns them) and the behaviour "switches" (name, values, default, evidence) that
    the options= argument of the other functions selects.

    >>> import mxlane
    >>> doc = mxlane.catalog("gfx90a")
    >>> doc["format"], [s["default"] for s in doc["switches"] if s["name"] == "cbsz_model"]
    ('mxlane.list/1', ['isa'])
    """
    return _core.catalog(arch)


def trace(arch, inst, element, *, a=None, b=None, c=None, wave=None, options=None, **mods):
    """How the instruction accumulates one D element: `mxlane lanemap --trace ... --format json`.

    element: (i, j) or (block, i, j) of D. Without values: the A, B, C slots that feed it, in the
    order and grouping of the instruction's numerics. With values, a: the K values A[i][0..K-1],
    b: the K values B[0..K-1][j], c: the value C[i][j] (an operand not given is +0), each NumPy
    values or raw bits as for mma(), other numbers (taken exactly; refused unless the element can
    hold them), or the CLI's text ("1.5", "0x3c00", "inf"); every step then lists its operations,
    the exact value before rounding, the rounded result and flags ("exact", "rounded", ...).

    Returns the mxlane.trace/1 document as dicts (docs/trace.md): "steps", each with "kind",
    "k", "a", "b" (slots, with "bits" and "value" when evaluated) and "ops"; and "result".

    >>> import mxlane
    >>> t = mxlane.trace("gfx90a", "v_mfma_f32_4x4x4f16", (0, 1, 2), a=[4096, 1, 4096, 0],
    ...                  b=[4096, 1, -4096, 0], c=0.5)
    >>> [op["result"]["value"] for op in t["steps"][1]["ops"]][4]
    '16777216'
    """
    info = _describe(arch, inst, wave, options, mods)
    position = tuple(int(x) for x in element)
    if len(position) == 2:
        position = (0,) + position
    if len(position) != 3:
        raise ValueError(f"--trace: {element!r} is not (block, row, col) or (row, col)")
    ops = info["operands"]
    a_text = "" if a is None else _elements.values_text(a, ops["A"], "--a")
    b_text = "" if b is None else _elements.values_text(b, ops["B"], "--b")
    c_text = "" if c is None else _elements.value_text(c, ops["C"], "--c")
    return _core.trace(arch, inst, wave, options, mods, *position, a_text, b_text, c_text)


mma.__doc__ = mma.__doc__.replace("{architectures}", _core.architectures())  # from the instruction table
