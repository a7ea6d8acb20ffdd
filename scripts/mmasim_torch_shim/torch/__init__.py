# Minimal numpy-backed stand-in for the few torch features MMA-Sim's AMD CDNA3 model uses, so that
# scripts/gen_cdna3_mmasim_vectors.py runs on Debian (no PyTorch). Not a general torch: only what
# mmasim/simulator/amd.py and arithmetic.py call on 1 x K / K x 1 inputs. Never imported by mxlane.
import numpy as np


class dtype:
    def __init__(self, name, np_type):
        self.name, self.np_type = name, np_type

    def __repr__(self):
        return "torch." + self.name


float64 = dtype("float64", np.float64)
float32 = dtype("float32", np.float32)
float16 = dtype("float16", np.float16)
int32 = dtype("int32", np.int32)
uint32 = dtype("uint32", np.uint32)
uint16 = dtype("uint16", np.uint16)
bool_ = dtype("bool", np.bool_)
# Formats numpy lacks: values are held exactly in float64 and tagged with the torch dtype.
bfloat16 = dtype("bfloat16", np.float64)
float8_e4m3fnuz = dtype("float8_e4m3fnuz", np.float64)
float8_e5m2fnuz = dtype("float8_e5m2fnuz", np.float64)
float8_e4m3fn = dtype("float8_e4m3fn", np.float64)
float8_e5m2 = dtype("float8_e5m2", np.float64)
float8_e8m0fnu = dtype("float8_e8m0fnu", np.float64)


class Tensor:
    def __init__(self, arr, dt):
        self.arr = np.asarray(arr, dtype=dt.np_type)
        self.dtype = dt

    shape = property(lambda self: tuple(self.arr.shape))

    def cpu(self):
        return self

    def __getitem__(self, idx):
        return Tensor(self.arr[idx], self.dtype)

    def __setitem__(self, idx, value):
        v = value.arr if isinstance(value, Tensor) else value
        self.arr[idx] = v

    def double(self):
        return Tensor(self.arr.astype(np.float64), float64)

    def _other(self, o):
        return o.arr if isinstance(o, Tensor) else o

    def __mul__(self, o):
        return Tensor(self.arr * self._other(o), self.dtype)

    def __add__(self, o):
        return Tensor(self.arr + self._other(o), self.dtype)

    def __rshift__(self, n):
        return Tensor(self.arr >> n, self.dtype)

    def __lshift__(self, n):
        return Tensor(self.arr << n, self.dtype)

    def __ge__(self, o):
        return bool(self.arr >= self._other(o))

    def __le__(self, o):
        return bool(self.arr <= self._other(o))

    def sum(self):
        return Tensor(self.arr.sum(), self.dtype)

    def any(self):
        return bool(self.arr.any())

    def item(self):
        return self.arr.item()

    def numel(self):
        return int(self.arr.size)

    def view(self, dt):
        return Tensor(self.arr.view(dt.np_type), dt)

    def abs(self):
        return Tensor(np.abs(self.arr), self.dtype)


def zeros(shape, dtype=float32):
    return Tensor(np.zeros(shape, dtype=dtype.np_type), dtype)


def tensor(value, dtype=float64):
    with np.errstate(over="ignore"):  # double -> float32 overflow is inf, as in torch
        return Tensor(np.asarray(value).astype(dtype.np_type), dtype)


def isnan(t):
    return Tensor(np.isnan(t.arr), bool_)


def isinf(t):
    return Tensor(np.isinf(t.arr), bool_)

uint8 = dtype("uint8", np.uint8)
float4_e2m1fn_x2 = dtype("float4_e2m1fn_x2", np.uint8)


def ones(shape, dtype=float32):
    return Tensor(np.ones(shape, dtype=dtype.np_type), dtype)
