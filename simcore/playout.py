"""The playout kit: what a strategy needs to play a game on from a copy of its state, by the
game's own kernels, without seeing what its seat cannot see.

  stack_words(size)      an intrinsic `words()`: `size` int64 words on the calling kernel's
                         stack, room for a State's copy (a chooser's frame; nothing allocated)
  record_address(rec)    the address of a packed record's buffer (what packed.as_record reads)
  copy_words(dst, src, n)   n words from one address to another (one memcpy)
  events_last(layout)    the index of a State layout's event log, which must come last: a copy
                         stops before it (`event_start`) and keeps one row of it (`one_event_row`)
  reshuffle(arr, n, rng, stream)   arr[:n] in an order drawn from the stream whatever their real
                         order: how a playout re-draws face-down cards a seat cannot tell apart
  declare_stack_copy(choosers, sid, words, events)   a strategy's copy holds `words` words:
                         the runner refuses a larger state before a game is played
                         (check_stack_copies), rather than let the strategy play another way

A game's lookahead copies the State into stack words (its header and sections), marks the
copy's log as one row and off, re-draws the hidden cards with `reshuffle` and its chance
streams from a key of its own, then plays on with the rules' own kernels (the lookaheads in
strategies/<game>/lookahead.py).
"""
from __future__ import annotations

from llvmlite import ir
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic

from .errors import UserError
from .jit import njit
from .packed import MAX_DIMS, PackedType
from .rng import shuffle

HEADER_SLOTS = 1 + MAX_DIMS                  # a packed record's header words per field
_STACK_COPIES: dict = {}   # (chooser table symbol, strategy id) -> (words, the event log's field)


def stack_words(size: int):
    """An intrinsic `words()`: the address of `size` int64 words on the calling kernel's stack
    (its frame's lifetime; uninitialised)."""
    @intrinsic
    def words(typingctx):
        def codegen(context, builder, sig, args):
            i64 = ir.IntType(64)
            block = cgutils.alloca_once(builder, ir.ArrayType(i64, size))
            return builder.bitcast(block, i64.as_pointer())
        return types.CPointer(types.int64)(), codegen
    return words


@intrinsic
def record_address(typingctx, rec):
    """The address of a packed record's buffer (what as_record reads back)."""
    if not isinstance(rec, PackedType):
        return None

    def codegen(context, builder, sig, args):
        return cgutils.create_struct_proxy(rec)(context, builder, value=args[0]).data

    return types.CPointer(types.int64)(rec), codegen


@intrinsic
def copy_words(typingctx, dst, src, n):
    """Copy n int64 words from address src to address dst (one memcpy)."""
    ptr = types.CPointer(types.int64)
    if not (dst == ptr and src == ptr and isinstance(n, types.Integer)):
        return None

    def codegen(context, builder, sig, args):
        d, s, k = args
        k = context.cast(builder, k, sig.args[2], types.int64)
        cgutils.raw_memcpy(builder, d, s, k, 8)
        return context.get_dummy_value()

    return types.void(dst, src, n), codegen


def events_last(layout) -> int:
    """The index of `layout`'s event log, checked to be its last field (a copy stops before
    it); AssertionError otherwise."""
    events = layout.index["events"]
    assert events == len(layout.fields) - 1, "the copy drops the event log: it must come last"
    return events


@njit(inline="always")
def event_start(header, events):
    """Where the event log starts in a record whose header is at `header` (its words before
    are the rest of the record: what a playout copies)."""
    return header[events * HEADER_SLOTS]


@njit(inline="always")
def one_event_row(words, events):
    """In a copy at `words`: the event log is one row (the copy writes none: its log is off)."""
    words[events * HEADER_SLOTS + 1] = 1


@njit
def reshuffle(arr, n, rng, stream):
    """Put arr[:n] in an order drawn from rng's `stream` whatever their real order: sorted
    first (what a player can know of face-down cards is which they are, by counting), then
    shuffled."""
    for i in range(1, n):                 # insertion sort: a few dozen cards
        x = arr[i]
        j = i - 1
        while j >= 0 and arr[j] > x:
            arr[j + 1] = arr[j]
            j -= 1
        arr[j + 1] = x
    shuffle(arr, n, rng, stream)


def declare_stack_copy(choosers: str, sid: int, words: int, events: int) -> None:
    """Strategy `sid` of the game whose chooser table is `choosers` plays out on a copy of the
    State in `words` stack words, cut before field `events` (the event log) with one row of it."""
    _STACK_COPIES[(choosers, int(sid))] = (int(words), int(events))


def check_stack_copies(choosers: str, sids, st, title: str) -> None:
    """UserError, one line, if a strategy in `sids` copies the State `st` (a Python Record)
    into fewer words than the copy needs (a card mix larger than its copy holds)."""
    for sid in sorted({int(s) for s in sids}):
        declared = _STACK_COPIES.get((choosers, sid))
        if declared is None:
            continue
        words, events = declared
        need = int(st.buf[events * HEADER_SLOTS]) + st.events.shape[1]
        if need > words:
            raise UserError(f"strategy #{sid} of {title} plays out on a copy of {words} words; "
                            f"this card mix's state needs {need}: use a smaller mix")
