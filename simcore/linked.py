"""Strategies compiled apart from a game's rules, and called through a table of addresses.

numba compiles each kernel together with every kernel it calls: a caller's machine code holds
its own optimised copy of all its callees, and each of those is compiled on its own as well.
A game's rules ask the strategy at every decision, so every rule kernel that can ask one
carried the strategies' kernels too (in the flagship game: 45 kernels in each of 60 rule kernels,
two thirds of the compile time). Here each strategy is one C-callable kernel (`numba.cfunc`),
and the rules call it through a *chooser table*: an array of addresses, one slot per strategy
id, exported under one symbol name per game. The rules never import a strategy: they only
know the table's name. A strategy module binds its kernel into its slot when it is imported
(`bind`), so a run compiles and loads only the strategies it uses; a slot nothing bound
answers -1 (the rules report it as an illegal strategy).

The call passes the two records (rules, state) as the addresses of their buffers, the rules in
force (the game's configuration: level counts, dice, variants, a word tuple of
simcore.packed) as the address of its values, the decision's kind and option count as
integers, and the parameter vector as the address of its values (a strategy knows its own
vector's length):

    int64 choose(int64* rules, int64* config, int64* state, int64 kind, int64 n, float64* params)

Every game's rules and state are packed records (simcore/packed.py): the chooser reads them
back with `packed.as_record`; its parameter vector may be a float64 row of an array (its data
address).

The table itself is process memory: binding a slot is writing an address into it, at any
time, before or after the rule kernels are compiled or loaded from the cache (their machine
code reads the slot at every call: one load, then an indirect call).
"""
from __future__ import annotations

import llvmlite.binding as ll
import numba
import numpy as np
from llvmlite import ir
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic

from .packed import PackedType, VectorType, WordTupleType, vector_values

CHOOSE_SIGNATURE = types.int64(types.CPointer(types.int64), types.CPointer(types.int64),
                               types.CPointer(types.int64), types.int64, types.int64,
                               types.CPointer(types.float64))
TABLE_SLOTS = 32      # strategy ids 0..30 (simcore.policy's generic ids and the games' own)
PLUGIN_SLOT = TABLE_SLOTS - 1   # a plug-in's callback (simcore.plugin_chooser), in every table

_TABLES: dict = {}    # symbol -> int64[TABLE_SLOTS]: the address bound to each strategy id
_PYTHON: dict = {}    # symbol -> {id: plain function}: the same bindings under NUMBA_DISABLE_JIT
# every bound cfunc, kept alive for the life of the process: the table holds its address
_BOUND: list = []
_EVERY: dict = {}     # id -> (cfunc, kernel) bound in every table, present and future
_PREPARE: dict = {}   # (symbol, id) -> prepare(params): run before a chunk seats the strategy


def table(symbol: str) -> np.ndarray:
    """The chooser table exported as `symbol` (created and exported at its first use)."""
    t = _TABLES.get(symbol)
    if t is None:
        t = _TABLES[symbol] = np.zeros(TABLE_SLOTS, np.int64)
        _PYTHON[symbol] = {}
        ll.add_symbol(symbol, t.ctypes.data)
        for sid, (cf, kernel) in _EVERY.items():
            bind(symbol, sid, cf, kernel)
    return t


def bind(symbol: str, sid: int, cfunc, kernel) -> None:
    """Make strategy `sid` of the table `symbol` answer with `cfunc` (compiled with
    CHOOSE_SIGNATURE); `kernel(R, C, st, kind, n, params)` is what it calls, used as such when
    kernels run as plain Python (NUMBA_DISABLE_JIT)."""
    if not 0 <= sid < TABLE_SLOTS:
        raise ValueError(f"strategy id {sid} is outside the chooser table (0..{TABLE_SLOTS - 1})")
    t = table(symbol)
    _PYTHON[symbol][sid] = kernel
    if not numba.config.DISABLE_JIT:
        _BOUND.append(cfunc)
        t[sid] = cfunc.address


def bind_prepare(symbol: str, sid: int, prepare) -> None:
    """Before a chunk seats strategy `sid` of the table `symbol`, call `prepare(params)` with its
    parameter row (a strategy that asks another, a rollout its base, binds that one there: a
    run loads only the strategies it plays)."""
    _PREPARE[(symbol, int(sid))] = prepare


def prepare_seats(symbol: str, sids, pars) -> None:
    """Run the `prepare` bound (bind_prepare) for each seated strategy, with its parameters."""
    for sid, row in zip(sids, pars):
        prepare = _PREPARE.get((symbol, int(sid)))
        if prepare is not None:
            prepare(row)


def bind_all(sid: int, cfunc, kernel) -> None:
    """`bind` in every game's table, those created later included (a generic chooser)."""
    _EVERY[sid] = (cfunc, kernel)
    for symbol in list(_TABLES):
        bind(symbol, sid, cfunc, kernel)


def bound(symbol: str, sid: int) -> bool:
    """Is a strategy bound to id `sid` in the table `symbol`?"""
    return 0 <= sid < TABLE_SLOTS and sid in _PYTHON.get(symbol, {})


def _is_row(t) -> bool:
    """A float64 vector: a 1-d C-contiguous array (passed by its data address)."""
    return isinstance(t, types.Array) and t.ndim == 1 and t.layout == "C" and t.dtype == types.float64


def chooser_call(symbol: str):
    """An intrinsic `call(R, C, st, kind, n, sid, params)` that calls the strategy bound to `sid`
    in the table `symbol` (-1 when none is). R and st: packed records; C: a word tuple; `params` a Vector, a float64 row, or
    the float64 pointer a chooser receives. Under NUMBA_DISABLE_JIT a plain function."""
    table(symbol)
    if numba.config.DISABLE_JIT:
        kernels = _PYTHON[symbol]

        def call_python(R, C, st, kind, n, sid, params):
            kernel = kernels.get(int(sid))
            return -1 if kernel is None else kernel(R, C, st, kind, n, params)

        return call_python

    i64 = ir.IntType(64)
    fnty = ir.FunctionType(i64, [i64.as_pointer(), i64.as_pointer(), i64.as_pointer(), i64, i64,
                                 ir.DoubleType().as_pointer()])

    @intrinsic
    def call(typingctx, R, C, st, kind, n, sid, params):
        if not (isinstance(R, PackedType) and isinstance(C, WordTupleType)
                and isinstance(st, PackedType)
                and isinstance(sid, types.Integer)
                and (isinstance(params, VectorType) or params == types.CPointer(types.float64)
                     or _is_row(params))):
            return None
        sig = types.int64(R, C, st, types.int64, types.int64, sid, params)

        def codegen(context, builder, sig, args):
            def address(rec_type, value):
                return cgutils.create_struct_proxy(rec_type)(context, builder, value=value).data

            def values(p_type, value):
                if isinstance(p_type, VectorType):
                    return vector_values(context, builder, p_type, value)
                if _is_row(p_type):
                    return context.make_array(p_type)(context, builder, value=value).data
                return value

            gv = builder.module.globals.get(symbol)
            if gv is None:   # the table, resolved when the code is linked (ll.add_symbol)
                gv = ir.GlobalVariable(builder.module, i64, symbol)
            sid_v = context.cast(builder, args[5], sig.args[5], types.int64)
            out = cgutils.alloca_once_value(builder, ir.Constant(i64, -1))
            in_table = builder.icmp_unsigned("<", sid_v, ir.Constant(i64, TABLE_SLOTS))
            with builder.if_then(in_table, likely=True):
                slot = builder.load(builder.gep(gv, [sid_v]))
                with builder.if_then(builder.icmp_unsigned("!=", slot, ir.Constant(i64, 0)),
                                     likely=True):
                    fn = builder.inttoptr(slot, fnty.as_pointer())
                    p = values(sig.args[6], args[6])
                    builder.store(builder.call(fn, [address(sig.args[0], args[0]),
                                                    address(sig.args[1], args[1]),
                                                    address(sig.args[2], args[2]),
                                                    args[3], args[4], p]), out)
            return builder.load(out)

        return sig, codegen

    return call
