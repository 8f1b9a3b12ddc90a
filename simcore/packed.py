"""Records of named arrays packed into one int64 buffer: what kernels pass around.

numba passes every array argument as its whole descriptor (data pointer, shape, strides...),
so a NamedTuple of 28 arrays costs some 220 machine words on every call of every kernel, and
as many again in the generated code (measured: a 25-array tuple passed through a call costs
about 110 ns more than one array doing the same work). A packed record is passed as one array:
a header of (offset, shape) per field, then the fields' data. Inside kernels `rec.name` is a
view into the buffer (a few instructions, nothing allocated); in Python the same attributes are
numpy views, so `st.stock[:] = (1, 2, 3)` works on both sides.

Every field is stored in 8-byte slots: int64 fields as they are, uint64 and float64 fields
reinterpreted (`.view`), so one buffer holds them all.

A `Vector` (a strategy's parameter vector) is passed the same way: one address, `v[i]` and
`len(v)` in kernels.

Usage: `Layout("State", [("sc", "i8", (N,)), ("piles", "i8", (4, None)), ("rng", "u8", 1), ...])`
(a field's rank, or its shape with None for the sizes known only when a record is allocated;
an optional fourth element names the field's section, e.g. "game" or "scratch":
`section_copier` makes a kernel that copies the fields of some sections between records),
then `layout.allocate({"sc": (N,), "piles": (4, 60), ...})` gives a record, `layout.pack({...})`
fills one from arrays.

A size given in the layout is a constant in the kernels: the field's strides are constants,
and a field whose preceding fields all have fixed shapes sits at a constant offset, so its
elements are addressed with no load from the header (measured: see docs/performance.md).
"""
from __future__ import annotations

import hashlib
import operator

import numpy as np
from llvmlite import ir
from numba import types
from numba.core import cgutils
from numba.core.imputils import impl_ret_borrowed, lower_builtin, lower_getattr_generic
from numba.core.typing import signature
from numba.core.typing.templates import AbstractTemplate, AttributeTemplate, infer_getattr, infer_global
from numba.extending import NativeValue, intrinsic, models, register_model, typeof_impl, unbox
from numba.np import arrayobj
from numba.np.arrayobj import make_array, populate_array

MAX_DIMS = 4
_SLOTS = 1 + MAX_DIMS          # header per field: offset, then up to 4 dimensions
_DTYPES = {"i8": np.int64, "u8": np.uint64, "f8": np.float64}
_NB_DTYPES = {"i8": types.int64, "u8": types.uint64, "f8": types.float64}


class PackedArray(types.Array):
    """The type of a record's field in a kernel: a C-contiguous array whose integer indices
    are never negative. Indexing it skips numpy's negative-index fix (a compare and a select
    for every index of every access: measured about 5% of a game's time). A negative index
    into a field is a bug either way (it reads another element than meant); with
    NUMBA_BOUNDSCHECK=1 it raises IndexError. A view of part of a field (`rec.a[i]` of a 2-d
    field) is an ordinary array again."""

    def __init__(self, dtype, ndim):
        super().__init__(dtype, ndim, "C", name=f"packed_array({dtype}, {ndim}d, C)")


register_model(PackedArray)(models.ArrayModel)

_basic_indexing = arrayobj.basic_indexing
_fix_integer_index = arrayobj.fix_integer_index
_INDEXING_FIELD = [False]   # set while numba lowers an index into a PackedArray


def _field_basic_indexing(context, builder, aryty, ary, index_types, indices, boundscheck=None):
    if not isinstance(aryty, PackedArray):
        return _basic_indexing(context, builder, aryty, ary, index_types, indices, boundscheck)
    _INDEXING_FIELD[0] = True
    try:
        return _basic_indexing(context, builder, aryty, ary, index_types, indices, boundscheck)
    finally:
        _INDEXING_FIELD[0] = False


def _field_integer_index(context, builder, idxty, idx, size):
    if _INDEXING_FIELD[0] and idxty.signed:
        return context.cast(builder, idx, idxty, types.intp)   # no wraparound
    return _fix_integer_index(context, builder, idxty, idx, size)


# numba looks both up in its module at each use: every integer index into an array goes
# through them; only a PackedArray's are changed
arrayobj.basic_indexing = _field_basic_indexing
arrayobj.fix_integer_index = _field_integer_index


def _digest(text: str) -> str:
    """A short fingerprint of a type's shape for its name (the name stays short: numba puts
    type names into every compiled function's symbol)."""
    return hashlib.sha256(text.encode()).hexdigest()[:12]


class PackedType(types.Type):
    """The numba type of a packed record of one layout. Its name carries the layout's shape
    (Layout.signature): kernels are compiled with the field offsets and fixed sizes as
    constants, and numba's on-disk cache tells types apart by name, so a record whose layout
    changed never runs machine code compiled for the old one (simcore/kernel_sources.py)."""

    def __init__(self, layout_name: str):
        self.layout_name = layout_name
        super().__init__(name=f"Packed[{layout_name}#{_digest(_LAYOUTS[layout_name].signature)}]")


@register_model(PackedType)
class _PackedModel(models.StructModel):
    """In a kernel a record is only the address of its buffer: one machine word per argument
    (an array argument is seven), which is most of what a call between kernels costs."""

    def __init__(self, dmm, fe_type):
        super().__init__(dmm, fe_type, [("data", types.CPointer(types.int64))])


class Record:
    """A packed record in Python: `buf` plus one numpy view per field."""

    __slots__ = ("buf", "layout", "__dict__")

    def __init__(self, layout: "Layout", buf: np.ndarray):
        self.buf = buf
        self.layout = layout
        for name, dtype, off, n, shape in layout.spans(buf):
            view = buf[off: off + n]
            if dtype != "i8":
                view = view.view(_DTYPES[dtype])
            self.__dict__[name] = view.reshape(shape)

    @property
    def _fields(self):
        return tuple(name for name, _, _ in self.layout.fields)

    def replace(self, **arrays) -> "Record":
        """A copy with some fields replaced (same shapes)."""
        out = Record(self.layout, self.buf.copy())
        for name, value in arrays.items():
            getattr(out, name)[...] = value
        return out

    def copy(self) -> "Record":
        return Record(self.layout, self.buf.copy())

    def __reduce__(self):
        return (_rebuild, (self.layout.name, self.buf))

    def __repr__(self):
        return f"{self.layout.name}({', '.join(self._fields)})"


def _rebuild(layout_name: str, buf: np.ndarray) -> Record:
    return Record(_LAYOUTS[layout_name], buf)


@typeof_impl.register(Record)
def _typeof_record(val, c):
    return PackedType(val.layout.name)


def _unbox_buffer_address(typ, obj, c, attr):
    """A one-word value of `typ` (a struct with `data`) from the int64 array `obj.<attr>`: its
    address. The Python object keeps the array alive during the call."""
    arr_type = types.Array(types.int64, 1, "C")
    buf_obj = c.pyapi.object_getattr_string(obj, attr)
    arr = c.unbox(arr_type, buf_obj)
    c.pyapi.decref(buf_obj)
    rec = cgutils.create_struct_proxy(typ)(c.context, c.builder)
    rec.data = make_array(arr_type)(c.context, c.builder, value=arr.value).data

    def cleanup():
        # a kernel compiled with reference counting took a reference to the array when
        # unboxing it; the value does not carry it, so it is released here, after the call
        if c.context.enable_nrt:
            c.context.nrt.decref(c.builder, arr_type, arr.value)
        if arr.cleanup is not None:
            arr.cleanup()

    return NativeValue(rec._getvalue(), is_error=arr.is_error, cleanup=cleanup)


@unbox(PackedType)
def _unbox_record(typ, obj, c):
    return _unbox_buffer_address(typ, obj, c, "buf")


_LAYOUTS: dict = {}   # layout name -> Layout


@infer_getattr
class _PackedAttributes(AttributeTemplate):
    key = PackedType

    def generic_resolve(self, typ, attr):
        layout = _LAYOUTS.get(typ.layout_name)
        if layout is not None and attr in layout.index:
            _, dtype, ndim = layout.fields[layout.index[attr]]
            return PackedArray(_NB_DTYPES[dtype], ndim)
        return None


def _constant_load(builder, ptr):
    """Load a word that never changes while kernels run (a record's header, a word tuple's
    value), marked so: LLVM may then reuse it across the kernel's stores into the state
    instead of reloading it after each one (the state and its header are both int64)."""
    value = builder.load(ptr)
    value.set_metadata("invariant.load", builder.module.add_metadata([]))
    return value


@lower_getattr_generic(PackedType)
def _packed_getattr(context, builder, typ, value, attr):
    """rec.<field>: a C-contiguous view into the buffer, built in place (nothing allocated;
    no memory info: kernels count no references, and the caller owns the buffer)."""
    layout = _LAYOUTS[typ.layout_name]
    i = layout.index[attr]
    _, dtype, ndim = layout.fields[i]
    fixed = layout.fixed[i]
    rec = cgutils.create_struct_proxy(typ)(context, builder, value=value)
    base = rec.data
    intp = context.get_value_type(types.intp)
    h = i * _SLOTS
    if layout.offsets[i] is not None:
        off = context.get_constant(types.int64, layout.offsets[i])
    else:
        off = _constant_load(builder, cgutils.gep(builder, base, h))
    shape = [context.get_constant(types.intp, fixed[k]) if fixed[k] is not None
             else _constant_load(builder, cgutils.gep(builder, base, h + 1 + k)) for k in range(ndim)]
    shape = [builder.trunc(x, intp) if x.type.width > intp.width else x for x in shape]
    strides = [None] * ndim
    stride = context.get_constant(types.intp, 8)
    for k in range(ndim - 1, -1, -1):
        strides[k] = stride
        stride = builder.mul(stride, shape[k])
    outty = PackedArray(_NB_DTYPES[dtype], ndim)
    data = builder.bitcast(cgutils.gep(builder, base, off),
                           context.get_data_type(outty.dtype).as_pointer())
    out = make_array(outty)(context, builder)
    meminfo = context.get_constant_null(types.MemInfoPointer(types.voidptr))
    populate_array(out, data=data, shape=shape, strides=strides,
                   itemsize=context.get_constant(types.intp, 8), meminfo=meminfo)
    return impl_ret_borrowed(context, builder, outty, out._getvalue())


@intrinsic
def as_record(typingctx, data, layout_name):
    """In a kernel: the record of layout `layout_name` (a constant string) whose buffer
    starts at `data`, an int64 pointer (e.g. passed to a C-callable kernel)."""
    if not isinstance(layout_name, types.StringLiteral) or layout_name.literal_value not in _LAYOUTS:
        return None
    if not (isinstance(data, types.CPointer) and data.dtype == types.int64):
        return None
    rtype = PackedType(layout_name.literal_value)

    def codegen(context, builder, sig, args):
        rec = cgutils.create_struct_proxy(rtype)(context, builder)
        rec.data = args[0]
        return rec._getvalue()

    return rtype(data, layout_name), codegen


def section_copier(sections: str):
    """An intrinsic `copy(src, dst)` for kernels: copy every field of `sections` (section names
    separated by spaces) from record `src` to record `dst`, of the same layout and shapes (two
    records allocated for the same rules). One memcpy per run of consecutive fields; their
    offsets and sizes are constants where the layout fixes them."""
    wanted = sections.split()

    @intrinsic
    def copy(typingctx, src, dst):
        if not (isinstance(src, PackedType) and src == dst):
            return None
        layout = _LAYOUTS[src.layout_name]
        unknown = set(wanted) - set(layout.sections)
        if unknown:
            raise TypeError(f"layout {layout.name} has no section {sorted(unknown)}")
        runs = layout.runs(wanted)

        def codegen(context, builder, sig, args):
            i64 = ir.IntType(64)

            def base(value):
                return cgutils.create_struct_proxy(src)(context, builder, value=value).data

            s, d = base(args[0]), base(args[1])

            def offset(i):
                if layout.offsets[i] is not None:
                    return ir.Constant(i64, layout.offsets[i])
                return _constant_load(builder, cgutils.gep(builder, s, i * _SLOTS))

            def size(i):
                n = ir.Constant(i64, 1)
                for k, x in enumerate(layout.fixed[i]):
                    dim = ir.Constant(i64, x) if x is not None else \
                        _constant_load(builder, cgutils.gep(builder, s, i * _SLOTS + 1 + k))
                    n = builder.mul(n, dim)
                return n

            for first, last in runs:
                start = offset(first)
                words = builder.sub(builder.add(offset(last), size(last)), start)
                cgutils.raw_memcpy(builder, builder.gep(d, [start]), builder.gep(s, [start]), words, 8)
            return context.get_dummy_value()

        return types.none(src, dst), codegen

    return copy


class Layout:
    """A record type: named fields with a storage type ('i8', 'u8', 'f8') and a rank or a
    shape (sizes, None where a record chooses it), and optionally a section name each."""

    _names: set = set()

    def __init__(self, name: str, fields: list):
        if name in Layout._names:
            raise ValueError(f"layout '{name}' is already defined")
        Layout._names.add(name)
        self.name = name
        self.fields = []
        self.fixed = []     # per field: its size per dimension, None where not fixed
        self.sections = []  # per field: its section ("" if none given)
        for f, d, shape, *section in fields:
            self.sections.append(section[0] if section else "")
            if isinstance(shape, tuple):
                fixed = tuple(None if x is None else int(x) for x in shape)
            else:
                fixed = (None,) * int(shape)
            if d not in _DTYPES or not 1 <= len(fixed) <= MAX_DIMS \
                    or any(x is not None and x < 1 for x in fixed):
                raise ValueError(f"{name}.{f}: bad storage type {d!r} or shape {shape}")
            self.fields.append((f, d, len(fixed)))
            self.fixed.append(fixed)
        # the offset of each field while every field before it has a fixed shape
        self.offsets = []
        off = len(self.fields) * _SLOTS
        for fixed in self.fixed:
            self.offsets.append(off)
            off = None if off is None or None in fixed else off + int(np.prod(fixed))
        self.index = {f: i for i, (f, _, _) in enumerate(self.fields)}
        self._spans: dict = {}
        # the name and shape kernels are compiled for (PackedType's name)
        shape = " ".join(f"{f}:{d}[{','.join('?' if x is None else str(x) for x in fixed)}]"
                         + (f"@{sec}" if sec else "")
                         for (f, d, _), fixed, sec in zip(self.fields, self.fixed, self.sections))
        self.signature = f"{name}({shape})"
        _LAYOUTS[name] = self

    def in_sections(self, *sections: str) -> list[str]:
        """The names of the fields of the given sections, in layout order."""
        return [f for (f, _, _), sec in zip(self.fields, self.sections) if sec in sections]

    def runs(self, sections) -> list[tuple[int, int]]:
        """(first, last) field indices of each run of consecutive fields of `sections`: the
        fields are laid out one after the other, so a run is one span of the buffer."""
        out = []
        for i, sec in enumerate(self.sections):
            if sec in sections:
                if out and out[-1][1] == i - 1:
                    out[-1] = (out[-1][0], i)
                else:
                    out.append((i, i))
        return out

    def spans(self, buf: np.ndarray) -> list:
        """(name, storage type, offset, size, shape) of every field of a buffer, read from its
        header (cached per header: records of one shape share them)."""
        key = buf[: len(self.fields) * _SLOTS].tobytes()
        spans = self._spans.get(key)
        if spans is None:
            spans = []
            for i, (name, dtype, ndim) in enumerate(self.fields):
                off = int(buf[i * _SLOTS])
                shape = tuple(int(x) for x in buf[i * _SLOTS + 1: i * _SLOTS + 1 + ndim])
                spans.append((name, dtype, off, int(np.prod(shape)), shape))
            self._spans[key] = spans
        return spans

    def allocate(self, shapes: dict) -> Record:
        """A zeroed record: a field of a fixed shape gets it (or the same shape given), a field
        sized by the data the shape `shapes` gives it."""
        header = len(self.fields) * _SLOTS
        sizes = []
        for (f, d, n), fixed in zip(self.fields, self.fixed):
            if f not in shapes and None in fixed:
                raise ValueError(f"{self.name}.{f}: its shape is sized by the data: give it")
            shape = tuple(shapes[f]) if f in shapes else fixed
            if len(shape) != n or any(x is not None and x != y for x, y in zip(fixed, shape)):
                want = tuple("any" if x is None else x for x in fixed)
                raise ValueError(f"{self.name}.{f}: shape {want}, got {shape}")
            sizes.append((shape, int(np.prod(shape))))
        buf = np.zeros(header + sum(s for _, s in sizes), np.int64)
        off = header
        for i, (shape, size) in enumerate(sizes):
            buf[i * _SLOTS] = off
            buf[i * _SLOTS + 1: i * _SLOTS + 1 + len(shape)] = shape
            off += size
        return Record(self, buf)

    def pack(self, arrays: dict) -> Record:
        """A record holding copies of `arrays` (every field named)."""
        rec = self.allocate({f: np.shape(arrays[f]) for f, _, _ in self.fields})
        for f, _, _ in self.fields:
            getattr(rec, f)[...] = arrays[f]
        return rec


# --- word tuples: a NamedTuple of ints that kernels receive as one address --------------------

class WordTupleType(types.Type):
    """The numba type of a registered NamedTuple of ints: in a kernel, the address of an int64
    array of its values (one machine word per argument instead of one per field)."""

    def __init__(self, cls):
        self.cls = cls
        self.fields = tuple(cls._fields)
        # the fields in the name: kernels read a field at its index, and numba's on-disk cache
        # tells types apart by name (see PackedType)
        super().__init__(name=f"WordTuple[{cls.__module__}.{cls.__qualname__}#{_digest(','.join(self.fields))}]")


@register_model(WordTupleType)
class _WordTupleModel(models.StructModel):
    def __init__(self, dmm, fe_type):
        super().__init__(dmm, fe_type, [("data", types.CPointer(types.int64))])


_WORDS: dict = {}   # (class, values) -> the int64 array kernels read (kept for the process)


def words_of(t) -> np.ndarray:
    """The int64 array of a word tuple's values (the same array for equal tuples)."""
    key = (type(t), tuple(t))
    buf = _WORDS.get(key)
    if buf is None:
        buf = _WORDS[key] = np.array(key[1], dtype=np.int64)
    return buf


def register_word_tuple(cls):
    """Make kernels receive instances of the NamedTuple `cls` (int fields) as one address;
    `c.field` reads the value (from `c._words`, added to the class here)."""
    typ = WordTupleType(cls)
    cls._words = property(words_of)
    cls._numba_type = typ

    @typeof_impl.register(cls)
    def _typeof(val, c):
        return typ

    return cls


def word_tuple_view(cls):
    """An intrinsic `view(data)`: in a kernel, the word tuple of the registered NamedTuple
    `cls` whose values start at `data`, an int64 pointer (e.g. passed to a C-callable kernel)."""
    rtype = cls._numba_type

    @intrinsic
    def view(typingctx, data):
        if not (isinstance(data, types.CPointer) and data.dtype == types.int64):
            return None

        def codegen(context, builder, sig, args):
            t = cgutils.create_struct_proxy(rtype)(context, builder)
            t.data = args[0]
            return t._getvalue()

        return rtype(data), codegen

    return view


@infer_getattr
class _WordTupleAttributes(AttributeTemplate):
    key = WordTupleType

    def generic_resolve(self, typ, attr):
        return types.int64 if attr in typ.fields else None


@lower_getattr_generic(WordTupleType)
def _word_tuple_getattr(context, builder, typ, value, attr):
    rec = cgutils.create_struct_proxy(typ)(context, builder, value=value)
    return _constant_load(builder, cgutils.gep(builder, rec.data, typ.fields.index(attr)))


@unbox(WordTupleType)
def _unbox_word_tuple(typ, obj, c):
    return _unbox_buffer_address(typ, obj, c, "_words")


# --- vectors: float64 values that kernels receive as one address --------------------------------

class Vector:
    """Float64 values (a strategy's parameter vector) that kernels receive as one address, where
    a numpy array is seven words on every call between kernels. In a kernel `v[i]` reads value
    i (no bounds check: i must be below len(v)) and `len(v)` is the count; in Python `v[i]`,
    `len(v)` and `v.values` (a numpy view) do the same. The values never change: kernels may
    keep a value read once."""

    __slots__ = ("buf", "values")

    def __init__(self, values):
        values = np.asarray(values, np.float64).ravel()
        self.buf = np.empty(1 + values.shape[0], np.int64)   # the count, then the values' bits
        self.buf[0] = values.shape[0]
        self.values = self.buf[1:].view(np.float64)
        self.values[:] = values
        self.values.flags.writeable = False

    def __len__(self):
        return int(self.buf[0])

    def __array__(self, dtype=None, copy=None):
        out = self.values if dtype is None else self.values.astype(dtype)
        return out.copy() if copy and out is self.values else out

    def __getitem__(self, i):
        return self.values[i]

    def __reduce__(self):
        return (Vector, (self.values.copy(),))

    def __repr__(self):
        return f"Vector({self.values.tolist()})"


def as_vector(values) -> Vector:
    """`values` as a Vector (itself if it is one)."""
    return values if isinstance(values, Vector) else Vector(values)


class VectorType(types.Type):
    def __init__(self):
        super().__init__(name="Vector")


vector_type = VectorType()


@register_model(VectorType)
class _VectorModel(models.StructModel):
    def __init__(self, dmm, fe_type):
        super().__init__(dmm, fe_type, [("data", types.CPointer(types.int64))])


@typeof_impl.register(Vector)
def _typeof_vector(val, c):
    return vector_type


@unbox(VectorType)
def _unbox_vector(typ, obj, c):
    return _unbox_buffer_address(typ, obj, c, "buf")


@infer_global(operator.getitem)
class _VectorGetitem(AbstractTemplate):
    def generic(self, args, kws):
        if len(args) == 2 and isinstance(args[0], VectorType) and isinstance(args[1], types.Integer):
            return signature(types.float64, *args)
        return None


@infer_global(len)
class _VectorLen(AbstractTemplate):
    def generic(self, args, kws):
        if len(args) == 1 and isinstance(args[0], VectorType):
            return signature(types.int64, *args)
        return None


def _vector_buffer(context, builder, typ, value):
    """In lowering: the address of a Vector's buffer (its count, then its values)."""
    return cgutils.create_struct_proxy(typ)(context, builder, value=value).data


def vector_values(context, builder, typ, value):
    """In lowering: the address of a Vector's first value (a double*)."""
    data = _vector_buffer(context, builder, typ, value)
    return builder.bitcast(cgutils.gep(builder, data, 1), ir.DoubleType().as_pointer())


@lower_builtin(operator.getitem, VectorType, types.Integer)
def _vector_getitem(context, builder, sig, args):
    idx = context.cast(builder, args[1], sig.args[1], types.int64)
    ptr = builder.gep(vector_values(context, builder, sig.args[0], args[0]), [idx])
    return _constant_load(builder, ptr)


@lower_builtin(len, VectorType)
def _vector_len(context, builder, sig, args):
    return _constant_load(builder, _vector_buffer(context, builder, sig.args[0], args[0]))
