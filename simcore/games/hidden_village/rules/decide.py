"""Every decision of the game goes through `decide`: the kernel has listed the legal options
in st.options[:n]; the strategy picks one, chosen by id. The generic strategies
(simcore.policy) are compiled in; any other id is looked up in the game's chooser table,
CHOOSERS (simcore.linked): the game's own strategies (strategies/hidden_village/) bind their
compiled kernels there when they are imported, and a plug-in's Python callback is bound at
PLUGIN_SLOT when a plug-in plays (simcore.plugin_chooser). The rules import no strategy; an
id nothing bound answers -1, which `decide` reports as an illegal answer.

`imagine_future` is the rules' knowledge of what the team cannot know (the dice, the order of
the face-down decks): a rollout's playouts (strategies/hidden_village/rollout.py) re-draw it
when they stop replaying a turn's known decisions."""
from ....jit import njit
from ....linked import PLUGIN_SLOT, chooser_call
from ....policy import N_GENERIC, PLUGIN, choose_generic
from ....rng import next_u64, shuffle
from .. import consts as K
from .. import state as S
from .. import tables as T

CHOOSERS = "meeplesim_hidden_village_choosers"   # the chooser table's symbol
choose_bound = chooser_call(CHOOSERS)


@njit
def imagine_future(R, st):
    """Re-draw what the team cannot know, from the rollout stream: the dice and reshuffle
    streams, and the order of every face-down deck (the Smurf deck, the Dark Forest, the
    additional pile, the Invention deck, the Gargamel cards above Too Late). Too Late keeps
    its depth: with `--too-late bottom-K` a playout knows the round it comes (an assumption
    of the rollout, in the README)."""
    st.rng[K.STREAM_DICE] = next_u64(st.rng, K.STREAM_ROLLOUT)
    st.rng[K.STREAM_SHUFFLE] = next_u64(st.rng, K.STREAM_ROLLOUT)
    rs = K.STREAM_SHUFFLE
    shuffle(st.piles[S.P_DECK], st.pile_n[S.P_DECK], st.rng, rs)
    shuffle(st.piles[S.P_FOREST], st.pile_n[S.P_FOREST], st.rng, rs)
    shuffle(st.piles[S.P_EXTRA], st.pile_n[S.P_EXTRA], st.rng, rs)
    shuffle(st.inv[S.I_DECK], st.inv_n[S.I_DECK], st.rng, rs)
    # Gargamel: the cards above Too Late (below it lie only cards a Rewind Spell put back)
    n = st.sc[S.S_GARG_N]
    t = 0
    while t < n and R.garg[st.garg_deck[t], T.G_TIMING] != K.G_TOO_LATE:
        t += 1
    if t + 1 < n:
        shuffle(st.garg_deck[t + 1:], n - t - 1, st.rng, rs)


@njit(inline="always")   # typed into decide, its only caller: one call fewer per decision
def choose(R, st, kind, n, sid, params):
    """Strategy `sid`'s index into st.options[:n] for a decision of `kind` (-1: no such
    strategy). Of the generic ones only RANDOM changes the state (it draws from the policy
    stream)."""
    if sid < N_GENERIC:
        return choose_generic(sid, st.rng, K.STREAM_POLICY, n, params, st.ctl[S.H_ASKED])
    return choose_bound(R, st, kind, n, PLUGIN_SLOT if sid == PLUGIN else sid, params)


@njit
def decide(R, st, kind, n, sid, params):
    """Ask the strategy for an index into st.options[:n]; a forced move (n == 1) is not asked."""
    st.decisions[kind] += 1
    if n == 1:
        return 0
    idx = choose(R, st, kind, n, sid, params)
    st.ctl[S.H_ASKED] += 1
    if idx < 0 or idx >= n:
        st.ctl[S.H_BAD_KIND] = kind
        st.ctl[S.H_BAD_N] = n
        st.ctl[S.H_BAD_INDEX] = idx
        raise ValueError("a strategy returned an index outside the legal options")
    return idx
