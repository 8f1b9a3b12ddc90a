"""The plug-in strategies' chooser (simcore.plugins), compiled only when a plug-in plays: bound
in every game's chooser table (simcore.linked) at PLUGIN_SLOT when a plug-in is activated.
Its object-mode callback then stays out of the rules' kernels (it was linked into each of the
~60 rule kernels that ask a decision)."""
from .jit import cfunc
from .linked import CHOOSE_SIGNATURE, PLUGIN_SLOT, bind_all
from .policy import choose_plugin


@cfunc(CHOOSE_SIGNATURE)
def choose_exported(rules, config, state, kind, n, params):
    return choose_plugin(kind, n)


def choose_python(R, C, st, kind, n, params):
    return choose_plugin(kind, n)


bind_all(PLUGIN_SLOT, choose_exported, choose_python)
