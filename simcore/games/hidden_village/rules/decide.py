"""Every decision of the game goes through `decide`, the harness's decision call
(simcore.harness): the kernel has listed the legal options in st.options[:n]; the team's
strategy picks one. The generic strategies (simcore.policy) are compiled in; any other id is
looked up in the game's chooser table, CHOOSERS (simcore.linked): the game's own strategies
(strategies/hidden_village/) bind their compiled kernels there when they are imported, and a
plug-in's Python callback is bound when a plug-in plays (simcore.plugin_chooser). The rules
import no strategy; an id nothing bound answers -1, which the harness reports as an illegal
answer. Before each turn the rules call the harness's `plan_turn`: a strategy that plans whole
turns (the rollout) plans the turn there (PLANNERS).

`imagine_future` is the rules' knowledge of what the team cannot know (the dice, the order of
the face-down decks): a rollout's playouts (strategies/hidden_village/rollout.py) re-draw it
when they stop replaying a turn's known decisions."""
from ....harness import game_kernels
from ....jit import njit
from ....rng import next_u64, randint, shuffle
from .. import consts as K
from .. import state as S
from .. import tables as T

H = game_kernels(__name__, K.STREAM_POLICY)     # the harness's kernels, for these rules
CHOOSERS = H.choosers                           # the chooser table's symbol
PLANNERS = H.planners                           # the turn planners' table (a rollout's)
seat_decides = H.decide                         # simcore.harness.decide (kernels read it by name)
plan_turn = H.plan_turn                         # simcore.harness.plan_turn


@njit
def imagine_future(R, st):
    """Re-draw what the team cannot know, from the rollout stream: the dice and reshuffle
    streams, and every face-down card it cannot tell apart. The Smurf deck and the Invention
    deck are shuffled (the team knows what they hold, not the order); the lost Smurfs of the
    Dark Forest and of the additional pile are shuffled together and dealt back in the two
    piles' counts (the team never saw which went where); the Gargamel cards not yet revealed
    are drawn from every effect card not yet seen, those left in the box included (the team
    does not know which were dealt into the deck). Too Late keeps its depth: with
    `--too-late bottom-K` a playout knows the round it comes (an assumption of the rollout,
    docs/strategies.md)."""
    st.rng[K.STREAM_DICE] = next_u64(st.rng, K.STREAM_ROLLOUT)
    st.rng[K.STREAM_SHUFFLE] = next_u64(st.rng, K.STREAM_ROLLOUT)
    rs = K.STREAM_SHUFFLE
    shuffle(st.piles[S.P_DECK], st.pile_n[S.P_DECK], st.rng, rs)
    shuffle_two(st.piles[S.P_FOREST], st.pile_n[S.P_FOREST], st.piles[S.P_EXTRA],
                st.pile_n[S.P_EXTRA], st.rng, rs)
    shuffle(st.inv[S.I_DECK], st.inv_n[S.I_DECK], st.rng, rs)
    redraw_gargamel(R, st, rs)


@njit
def shuffle_two(a, na, b, nb, states, stream):
    """Fisher-Yates over a[:na] followed by b[:nb], as one sequence: the cards of both are
    shuffled together, and each keeps its count."""
    n = na + nb
    for i in range(n - 1, 0, -1):
        j = randint(states, stream, i + 1)
        x = a[i] if i < na else b[i - na]
        y = a[j] if j < na else b[j - na]
        if i < na:
            a[i] = y
        else:
            b[i - na] = y
        if j < na:
            a[j] = x
        else:
            b[j - na] = x


@njit
def hidden_slot(R, st, k, n):
    """The deck position (0..n-1) of the k-th unseen effect card from the bottom, or, past
    those, the slot n + (k - m) of the box's cards written above the deck."""
    for p in range(n):
        c = st.garg_deck[p]
        if st.garg_seen[c] == 0 and R.garg[c, T.G_TIMING] != K.G_TOO_LATE:
            if k == 0:
                return p
            k -= 1
    return n + k


@njit
def redraw_gargamel(R, st, rs):
    """Deal the Gargamel deck's unseen effect cards again from every effect card not yet
    revealed (in the deck or left in the box). The box's cards are written above the deck's
    top (slots n.., free: the revealed cards left them) as scratch for the draw."""
    n = st.sc[S.S_GARG_N]
    m = 0
    for p in range(n):
        c = st.garg_deck[p]
        if st.garg_seen[c] == 0 and R.garg[c, T.G_TIMING] != K.G_TOO_LATE:
            m += 1
    b = 0
    for c in range(R.garg.shape[0]):
        if st.garg_seen[c] == 0 and R.garg[c, T.G_TIMING] != K.G_TOO_LATE:
            in_deck = False
            for p in range(n):
                if st.garg_deck[p] == c:
                    in_deck = True
            if not in_deck:
                st.garg_deck[n + b] = c
                b += 1
    for i in range(m):   # the first m of a Fisher-Yates over the m deck slots and the b box slots
        j = i + randint(st.rng, rs, m + b - i)
        if j != i:
            pi = hidden_slot(R, st, i, n)
            pj = hidden_slot(R, st, j, n)
            t = st.garg_deck[pi]
            st.garg_deck[pi] = st.garg_deck[pj]
            st.garg_deck[pj] = t


@njit(inline="always")   # typed into each rule that asks: one call, as before
def decide(R, C, st, kind, n):
    """The team's answer to a decision: every seat plays the same strategy (a cooperative game),
    asked as the player whose turn it is (simcore.harness's decide: the generic strategies
    compiled in, the others through the chooser table, the answer checked)."""
    return seat_decides(R, C, st, st.sc[S.S_CUR], kind, n)
