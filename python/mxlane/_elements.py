"""Element values <-> element bits: the NumPy dtypes each element type takes and gives back.

Every conversion is a bit reinterpretation (ndarray.view) or an exact integer widening, never
arithmetic on values: a float16 becomes its 16-bit pattern, not a rounded float.
"""

import decimal

import numpy as np

# The unsigned type that holds an element's raw bits, by element width (2-, 4- and 6-bit elements: uint8).
RAW_DTYPES = {2: np.uint8, 4: np.uint8, 6: np.uint8, 8: np.uint8, 16: np.uint16, 32: np.uint32, 64: np.uint64}

# NumPy's own type for an element's values, where NumPy has one. bf16 has none: it is always raw
# uint16 bits. The 8- and 4-bit integer types depend on signedness (see value_dtype).
# xf32 operands are binary32 registers (the unit reads 10 fraction bits of them); fp8/bf8 (and the
# other sub-byte floats) have no NumPy type and are always raw bits.
_FLOAT_DTYPES = {"f64": np.float64, "f32": np.float32, "xf32": np.float32, "f16": np.float16}


def value_dtype(op):
    """The dtype of `op`'s values (op: an operand dict of _core.describe), or None (bf16, fp8, bf8)."""
    kind = op["type"]
    if kind in _FLOAT_DTYPES:
        return np.dtype(_FLOAT_DTYPES[kind])
    if kind == "i32":
        return np.dtype(np.int32)
    if kind in ("i8", "iu8", "iu4"):
        return np.dtype(np.int8 if op["signed"] else np.uint8)
    return None


def _integer_range(op):
    bits = op["bits"]
    if op["signed"]:
        return -(1 << (bits - 1)), (1 << (bits - 1)) - 1
    return 0, (1 << bits) - 1


def _signedness_hint(op):
    operand = op["name"]
    if op["type"] in ("iu8", "iu4") and operand in ("A", "B"):
        return f" (for signed {operand} pass {operand.lower()}_signed=1, i.e. neg bit {'0' if operand == 'A' else '1'})"
    return ""


def to_bits(values, name, op):
    """`values` as uint64 element bits of the same shape; ValueError for a dtype that is neither
    the element's value type nor its raw unsigned type, or a value outside the element."""
    array = np.asarray(values)
    raw = np.dtype(RAW_DTYPES[op["bits"]])
    natural = value_dtype(op)
    # Big-endian arrays of the right type: byte-swapping to native order is exact.
    if array.dtype.byteorder not in ("=", "|") and array.dtype.newbyteorder("=") in (raw, natural):
        array = array.astype(array.dtype.newbyteorder("="))
    kind = op["type"]
    if kind == "idx2" and array.dtype.kind in "iu" and array.dtype != raw:
        # SMFMAC indices (positions 0..3 in a group of four k) in any integer type.
        if array.size and (array.min() < 0 or array.max() > 3):
            bad = int(array.min()) if array.min() < 0 else int(array.max())
            raise ValueError(f"{name}: index {bad} is not a position 0..3 in a group of four k")
        array = array.astype(raw)
    if array.dtype == raw:
        bits = array
        if op["bits"] < 8 and bits.size and bits.max() > (1 << op["bits"]) - 1:
            raise ValueError(f"{name}: uint8 value {int(bits.max())} is not a {op['bits']}-bit {kind} pattern "
                             f"(0..{(1 << op['bits']) - 1})")
    elif natural is not None and array.dtype == natural:
        if array.dtype.kind == "f":
            bits = np.ascontiguousarray(array).view(raw)
        else:  # int8 / int32 (and uint8 for unsigned 8-bit, which is also the raw type)
            low, high = _integer_range(op)
            if array.size and (array.min() < low or array.max() > high):
                bad = int(array.min()) if array.min() < low else int(array.max())
                raise ValueError(
                    f"{name}: {array.dtype} value {bad} is outside the {'signed' if op['signed'] else 'unsigned'} "
                    f"{op['bits']}-bit {kind} range {low}..{high}{_signedness_hint(op)}")
            bits = np.ascontiguousarray(array).view(np.dtype(f"u{array.dtype.itemsize}")) & ((1 << op["bits"]) - 1)
    elif array.dtype == np.int8 and kind in ("iu8", "iu4"):
        # Unsigned integer WMMA operand given as int8: fine while no value is negative.
        low, high = _integer_range(op)
        if array.size and array.min() < 0:
            raise ValueError(f"{name}: int8 value {int(array.min())} is negative but {op['name']} is unsigned"
                             f"{_signedness_hint(op)}; or pass uint8 bit patterns")
        bits = array.view(np.uint8)
        if array.size and bits.max() > high:
            raise ValueError(f"{name}: int8 value {int(bits.max())} is outside the unsigned {op['bits']}-bit {kind} range {low}..{high}")
    else:
        accepted = f"{natural} values or {raw} bit patterns" if natural is not None and natural != raw else f"{raw} bit patterns"
        raise ValueError(f"{name}: {array.dtype} is not a dtype for {kind} elements: pass {accepted} "
                         f"(mxlane never converts values, which could round)")
    return bits.astype(np.uint64)


def to_blocks(values, name, op, blocks):
    """`values` of shape (rows, cols) (the same matrix for every block) or (blocks, rows, cols) as
    uint64 bits of shape (blocks, rows, cols), and whether the caller gave the block axis."""
    bits = to_bits(values, name, op)
    rows, cols = op["rows"], op["cols"]
    if bits.shape == (rows, cols):
        return np.ascontiguousarray(np.broadcast_to(bits, (blocks, rows, cols))), False
    if bits.shape == (blocks, rows, cols):
        return np.ascontiguousarray(bits), True
    raise ValueError(f"{name}: expected shape ({rows}, {cols}) or ({blocks}, {rows}, {cols}), got {tuple(bits.shape)}")


def from_bits(bits, op, raw=False):
    """uint64 element bits as `op`'s values (floats as float16/32/64, i32 as int32, signed 8/4-bit
    integers as int8 sign-extended, bf16 and unsigned ones as raw bits), or all raw with `raw`."""
    width = op["bits"]
    stored = np.asarray(bits).astype(RAW_DTYPES[width])
    natural = value_dtype(op)
    if raw or natural is None or natural == stored.dtype:
        return stored
    if width == 4:  # signed nibble: sign-extend bit 3
        return ((stored.astype(np.int16) ^ 8) - 8).astype(np.int8)
    return stored.view(natural)


def value_text(value, op, name):
    """One value as the CLI's --a/--b/--c text: raw bits "0x..." for NumPy values of the element's
    own types, the exact decimal of any other number (the CLI refuses one the element cannot hold
    exactly and names the nearest), or a string as given ("1.5", "0x3c00", "inf")."""
    if isinstance(value, str):
        return value
    array = np.asarray(value)
    if array.shape != ():
        raise ValueError(f"{name}: expected one value, got an array of shape {array.shape}")
    raw = np.dtype(RAW_DTYPES[op["bits"]])
    if array.dtype == raw or array.dtype == value_dtype(op):
        # .item(): one element as a Python int (NumPy 1.25+ deprecates int() of a 1-element array).
        return hex(to_bits(array, name, op).item())
    if array.dtype.kind in "iub":
        return str(int(array))
    if array.dtype.kind == "f":
        number = float(array)
        if number != number:
            return "nan"
        if number in (float("inf"), float("-inf")):
            return "inf" if number > 0 else "-inf"
        if number == 0:
            return "-0" if np.signbit(number) else "0"
        return str(decimal.Decimal(number))  # the double's exact value, e.g. "0.5", "5.9604644775390625E-8"
    raise ValueError(f"{name}: {array.dtype} is not a number")


def values_text(values, op, name):
    """A sequence of values as the CLI's comma-separated list (a string passes unchanged)."""
    if isinstance(values, str):
        return values
    array = np.asarray(values)
    if array.ndim != 1:
        raise ValueError(f"{name}: expected a sequence of K values, got shape {array.shape}")
    return ",".join(value_text(v, op, f"{name}[{n}]") for n, v in enumerate(array))
