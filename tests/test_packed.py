"""Packed records, word tuples and vectors: what kernels receive is one address, and reads and
writes go to the caller's buffer."""
import pickle
import sys
from typing import NamedTuple

import numba
import numpy as np
import pytest

from simcore import jit
from simcore.packed import Layout, Vector, as_vector, register_word_tuple, words_of

LAYOUT = Layout("PackedTestRecord", [("a", "i8", 1), ("m", "f8", 2)])


@register_word_tuple
class Options(NamedTuple):
    size: int
    depth: int


@jit.njit(cache=False)
def scale_fields(rec, opts):
    for i in range(rec.a.shape[0]):
        rec.a[i] *= opts.size
    rec.m[1, 0] = rec.a[0] + opts.depth
    return rec.m.shape[0] * 10 + rec.m.shape[1]


@numba.njit(cache=False)   # with reference counting, as a test kernel may be
def counted_read(rec):
    return rec.a[0]


@numba.njit(cache=False)
def counted_len(v):
    return len(v)


def test_a_kernel_reads_and_writes_the_records_own_buffer():
    rec = LAYOUT.allocate({"a": (3,), "m": (2, 4)})
    rec.a[:] = [1, 2, 3]
    assert scale_fields(rec, Options(size=5, depth=7)) == 24
    assert rec.a.tolist() == [5, 10, 15]
    assert rec.m[1, 0] == 12.0 and rec.m.sum() == 12.0


def test_equal_word_tuples_share_one_array_of_their_values():
    o = Options(size=2, depth=9)
    assert words_of(o) is words_of(Options(2, 9))
    assert words_of(o).tolist() == [2, 9]
    assert words_of(o._replace(depth=1)).tolist() == [2, 1]


def record_of_four():
    rec = LAYOUT.allocate({"a": (1,), "m": (1, 1)})
    rec.a[0] = 4
    return rec


@pytest.mark.parametrize("make, kernel, expected", [
    (record_of_four, counted_read, 4),
    (lambda: Vector([1.0, 2.0]), counted_len, 2),
], ids=["record", "vector"])
def test_a_reference_counting_kernel_releases_the_buffer_it_was_given(make, kernel, expected):
    value = make()
    buf = value.buf
    for _ in range(10):
        assert kernel(value) == expected
    before = sys.getrefcount(buf)
    for _ in range(1000):
        kernel(value)
    assert sys.getrefcount(buf) == before


@numba.njit(cache=False, boundscheck=True)
def checked_read(rec, i):
    return rec.a[i]


@numba.njit(cache=False, boundscheck=True)
def checked_read_array(a, i):
    return a[i]


def test_a_field_index_is_never_wrapped_so_a_negative_one_is_caught_by_boundscheck():
    """Fields skip numpy's negative-index fix (simcore.packed.PackedArray): -1 is not the last
    element but an error, which NUMBA_BOUNDSCHECK=1 turns into IndexError."""
    rec = LAYOUT.allocate({"a": (3,), "m": (2, 4)})
    rec.a[:] = [4, 5, 6]
    assert checked_read(rec, 2) == 6
    with pytest.raises(IndexError):
        checked_read(rec, -1)
    assert checked_read_array(rec.a, -1) == 6   # an ordinary array still wraps


FIXED = Layout("PackedFixedShapes", [("head", "i8", (2, 3)), ("flag", "f8", (4,)),
                                     ("rows", "i8", (None, 3)), ("tail", "i8", (5,))])


@jit.njit(cache=False)
def write_every_field(rec):
    for i in range(2):
        for j in range(3):
            rec.head[i, j] = 10 * i + j
    rec.flag[3] = 0.5
    for i in range(rec.rows.shape[0]):
        for j in range(3):
            rec.rows[i, j] = 100 + 10 * i + j
    rec.tail[4] = rec.rows.shape[0]
    return rec.head.shape[0] * 1000 + rec.head.shape[1] * 100 + rec.rows.shape[1] * 10 + rec.tail.shape[0]


def test_fields_of_a_fixed_shape_are_read_and_written_where_python_sees_them():
    """Sizes given in the layout are constants in kernels, and the fields before the first
    one of a variable size sit at constant offsets: a kernel must address the same elements
    as the numpy views, before and after a field whose size the record chose."""
    assert FIXED.offsets[:3] == [20, 26, 30] and FIXED.offsets[3] is None
    for n in (1, 4):
        rec = FIXED.allocate({"head": (2, 3), "flag": (4,), "rows": (n, 3), "tail": (5,)})
        assert write_every_field(rec) == 2000 + 300 + 30 + 5
        assert rec.head.tolist() == [[0, 1, 2], [10, 11, 12]]
        assert rec.flag.tolist() == [0.0, 0.0, 0.0, 0.5]
        assert rec.rows.tolist() == [[100 + 10 * i + j for j in range(3)] for i in range(n)]
        assert rec.tail.tolist() == [0, 0, 0, 0, n]


def test_a_record_of_another_shape_than_its_layout_fixes_is_refused():
    with pytest.raises(ValueError, match=r"PackedFixedShapes.head: shape \(2, 3\), got \(3, 3\)"):
        FIXED.allocate({"head": (3, 3), "flag": (4,), "rows": (1, 3), "tail": (5,)})
    with pytest.raises(ValueError, match=r"rows: shape \('any', 3\), got \(2, 4\)"):
        FIXED.allocate({"head": (2, 3), "flag": (4,), "rows": (2, 4), "tail": (5,)})


def test_a_fixed_shape_need_not_be_given_and_a_data_sized_one_must():
    """allocate takes a fixed field's shape from the layout: a game's new_state names only
    the fields the data sizes."""
    rec = FIXED.allocate({"rows": (3, 3)})
    assert rec.head.shape == (2, 3) and rec.flag.shape == (4,) and rec.tail.shape == (5,)
    assert rec.rows.shape == (3, 3)
    with pytest.raises(ValueError, match=r"PackedFixedShapes.rows: its shape is sized by the data"):
        FIXED.allocate({"head": (2, 3)})


@jit.njit(cache=False)
def weighted_sum(v, w):
    """sum of v[i] * w[i] over len(v), passing v on through a second kernel."""
    t = 0.0
    for i in range(len(v)):
        t += item_of(v, i) * w[i]
    return t


@jit.njit(cache=False)
def item_of(v, i):
    return v[i]


def test_a_vector_is_read_in_kernels_as_in_python():
    v = Vector([1.5, -2.0, 4.25])
    assert len(v) == 3 and v[2] == 4.25 and v.values.tolist() == [1.5, -2.0, 4.25]
    assert np.asarray(v).tolist() == [1.5, -2.0, 4.25]
    copied = np.array(v, copy=True)
    copied[0] = 0.0                    # a copy asked for is the caller's own
    assert v[0] == 1.5
    assert weighted_sum(v, np.array([2.0, 1.0, 4.0])) == 3.0 - 2.0 + 17.0
    assert item_of(v, 1) == -2.0
    assert counted_len(Vector([])) == 0


def test_a_vector_is_read_only_survives_pickling_and_as_vector_keeps_one():
    v = Vector(np.arange(4.0))
    with pytest.raises(ValueError):
        v.values[0] = 9.0
    w = pickle.loads(pickle.dumps(v))
    assert isinstance(w, Vector) and w.values.tolist() == [0.0, 1.0, 2.0, 3.0]
    assert as_vector(v) is v
    assert as_vector([1, 2]).values.tolist() == [1.0, 2.0]
