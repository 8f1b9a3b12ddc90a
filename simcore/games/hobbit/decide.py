"""Every decision of the Hobbit deck-builder goes through `decide`: the kernel has listed the
legal options in st.options[:n] (and the card each names in st.optcard[:n]); the deciding
seat's strategy picks one, by id. The generic strategies (simcore.policy: first, random,
scripted) are compiled in; any other id is looked up in the game's chooser table, CHOOSERS
(simcore.linked): the game's own strategies (strategies/hobbit/) bind their compiled kernels
there when they are imported, and a plug-in's Python callback is bound at PLUGIN_SLOT. The
rules import no strategy.

A chooser receives `choose(rules, config, state, kind, n, params)`: the Rules and the State as
the addresses of their buffers, the Config as a word tuple (config.as_config), the decision
(consts.D_*), the option count and the deciding seat's parameter row. The deciding seat is
`st.ctl[H_SEAT]`; a D_CARD decision's purpose is `st.sc[S_ASK]` (consts.ASK_*).
"""
from ...jit import njit
from ...linked import PLUGIN_SLOT, chooser_call
from ...policy import N_GENERIC, PLUGIN, choose_generic
from ...seats import checked_answer
from . import consts as K
from . import state as S

CHOOSERS = "meeplesim_hobbit_choosers"   # the chooser table's symbol
choose_bound = chooser_call(CHOOSERS)


@njit
def decide(R, C, st, p, kind, n):
    """Ask seat p's strategy to pick one of st.options[:n] (0 if there is only one)."""
    st.decisions[kind] += 1
    if n <= 1:
        return 0
    sid = st.sid[p]
    par = st.par[p]
    st.ctl[S.H_SEAT] = p
    if sid < N_GENERIC:
        i = choose_generic(sid, st.rng, K.STREAM_POLICY, n, par, st.ctl[S.H_ASKED])
    else:
        i = choose_bound(R, C, st, kind, n, PLUGIN_SLOT if sid == PLUGIN else sid, par)
    st.ctl[S.H_ASKED] += 1
    return checked_answer(st.ctl, S.H_BAD_KIND, kind, n, i)
