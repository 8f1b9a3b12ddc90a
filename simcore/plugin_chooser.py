"""The plug-in strategies' chooser (simcore.plugins), compiled only when a plug-in plays: bound
in every game's chooser table (simcore.linked) at PLUGIN_SLOT when a plug-in is activated.
Its object-mode callback then stays out of the rules' kernels (it was linked into each of the
~60 rule kernels that ask a decision). Importing this module compiles and binds it, so the
callers import it when a plug-in plays, not before."""
import numba

from . import plugins
from .jit import cfunc, njit
from .linked import CHOOSE_SIGNATURE, PLUGIN_SLOT, bind_all


@njit
def choose_plugin(kind, n):
    """Ask the bound plug-in strategy (simcore.plugins) in Python; -1 if it answers badly."""
    with numba.objmode(idx="int64"):
        idx = plugins.dispatch(kind, n)
    return idx


@cfunc(CHOOSE_SIGNATURE)
def choose_exported(rules, config, state, kind, n, params):
    return choose_plugin(kind, n)


def choose_python(R, C, st, kind, n, params):
    return choose_plugin(kind, n)


bind_all(PLUGIN_SLOT, choose_exported, choose_python)


def activate(fn, params: dict, decisions: list[str]) -> None:
    """Make `fn` the plug-in the kernel calls on this thread (None: no plug-in); the chooser
    that calls it is bound in the games' chooser tables (on this module's import)."""
    plugins.set_current(fn, params, decisions)
