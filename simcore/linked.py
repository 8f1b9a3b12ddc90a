"""A game's own strategies compiled apart from its rules, and called by symbol name.

numba compiles each kernel together with every kernel it calls: a caller's machine code holds
its own optimised copy of all its callees, and each of those is compiled on its own as well.
A game's rules ask the strategy at every decision, so every rule kernel that can ask one
carried the strategies' kernels too (in the flagship game: 45 kernels in each of 60 rule kernels,
two thirds of the compile time). Here the strategies are one C-callable kernel
(`numba.cfunc`) exported under a symbol name, and the rules call that symbol: the rules and
the strategies are compiled once each, and the machine code is the same.

The call passes the two records (rules, state) as the addresses of their buffers, the
decision's kind, option count and strategy id as integers, and the parameter vector as the
address of its values (a strategy knows its own vector's length):

    int64 choose(int64* rules, int64* state, int64 kind, int64 n, int64 sid, float64* params)

The exporting module must be imported (so the symbol is registered) before any kernel that
calls it is compiled or loaded from the cache.
"""
from __future__ import annotations

import llvmlite.binding as ll
from llvmlite import ir
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic

from .packed import PackedType, VectorType, vector_values

CHOOSE_SIGNATURE = types.int64(types.CPointer(types.int64), types.CPointer(types.int64),
                               types.int64, types.int64, types.int64,
                               types.CPointer(types.float64))

# every exported cfunc, kept alive for the life of the process: kernels linked to a symbol call
# its machine code by address (a re-export, e.g. a reloaded module, must not free the old one)
_EXPORTED: list = []


def export(symbol: str, cfunc) -> None:
    """Make `cfunc` (compiled with CHOOSE_SIGNATURE) callable from kernels as `symbol`."""
    _EXPORTED.append(cfunc)
    ll.add_symbol(symbol, cfunc.address)


def chooser_call(symbol: str):
    """An intrinsic `call(R, st, kind, n, sid, params)` that calls the exported `symbol`."""
    i64 = ir.IntType(64)
    fnty = ir.FunctionType(i64, [i64.as_pointer(), i64.as_pointer(), i64, i64, i64,
                                 ir.DoubleType().as_pointer()])

    @intrinsic
    def call(typingctx, R, st, kind, n, sid, params):
        if not (isinstance(R, PackedType) and isinstance(st, PackedType)
                and isinstance(params, VectorType)):
            return None
        sig = types.int64(R, st, types.int64, types.int64, types.int64, params)

        def codegen(context, builder, sig, args):
            def address(rec_type, value):
                return cgutils.create_struct_proxy(rec_type)(context, builder, value=value).data

            p = vector_values(context, builder, sig.args[5], args[5])
            fn = cgutils.get_or_insert_function(builder.module, fnty, symbol)
            return builder.call(fn, [address(sig.args[0], args[0]), address(sig.args[1], args[1]),
                                     args[2], args[3], args[4], p])

        return sig, codegen

    return call
