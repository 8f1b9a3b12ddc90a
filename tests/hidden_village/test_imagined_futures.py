"""A rollout's imagined futures (rules/decide.py imagine_future) re-draw only what the team
cannot tell apart: the lost Smurfs of the Dark Forest and of the additional pile as one pool
(the team never saw which went where), and the unrevealed Gargamel cards from every effect card
not yet seen, those left in the box included. What the team has seen stays where it is."""
from collections import Counter

import numpy as np

from simcore.games.hidden_village import consts as K
from simcore.games.hidden_village import make_config
from simcore.games.hidden_village import state as S
from simcore.games.hidden_village import tables as T
from simcore.games.hidden_village.rules.decide import imagine_future
from simcore.games.hidden_village.state import new_state
from tests.conftest import set_up


def dealt(cat, level="terrible", seed=3):
    C, _ = make_config(cat, level=level, players=3)
    st = new_state(cat.rules, event_capacity=1)
    set_up(cat.rules, C, st, seed, 0)
    return st


def pile(st, p):
    return list(st.piles[p, :st.pile_n[p]])


def test_the_forest_and_the_additional_pile_are_imagined_from_one_pool(cat):
    st = dealt(cat)
    forest, extra = pile(st, S.P_FOREST), pile(st, S.P_EXTRA)
    assert forest and extra
    moved = 0
    for k in range(200):
        scr = st.copy()
        scr.rng[K.STREAM_ROLLOUT] = 1000 + k
        imagine_future(cat.rules, scr)
        f, e = pile(scr, S.P_FOREST), pile(scr, S.P_EXTRA)
        assert (len(f), len(e)) == (len(forest), len(extra))
        assert Counter(f + e) == Counter(forest + extra)
        moved += len(set(f) - set(forest))
    assert moved > 0   # cards of the additional pile are imagined in the forest


def deck(st):
    return list(st.garg_deck[:st.sc[S.S_GARG_N]])


def test_unrevealed_gargamel_cards_are_imagined_from_every_card_not_yet_seen(cat):
    R = cat.rules
    st = dealt(cat)
    effect = {c for c in range(R.garg.shape[0]) if R.garg[c, T.G_TIMING] != K.G_TOO_LATE}
    # two cards revealed, one of them rewound to the bottom of the deck (seen, known)
    n = st.sc[S.S_GARG_N]
    top, second = st.garg_deck[n - 1], st.garg_deck[n - 2]
    st.garg_seen[top] = st.garg_seen[second] = 1
    st.garg_deck[1:n - 1] = st.garg_deck[0:n - 2].copy()
    st.garg_deck[0] = top
    st.sc[S.S_GARG_N] = n - 1
    before = deck(st)
    too_late = next(i for i, c in enumerate(before) if R.garg[c, T.G_TIMING] == K.G_TOO_LATE)
    boxed = 0
    for k in range(300):
        scr = st.copy()
        scr.rng[K.STREAM_ROLLOUT] = 7000 + k
        imagine_future(R, scr)
        after = deck(scr)
        assert len(after) == len(before) and len(set(after)) == len(after)
        assert after[0] == top and after[too_late] == before[too_late]   # seen: unchanged
        hidden = [c for i, c in enumerate(after) if i not in (0, too_late)]
        assert all(c in effect and not scr.garg_seen[c] for c in hidden)
        assert second not in after
        boxed += len(set(hidden) - set(before))
    assert boxed > 0   # a card left in the box is imagined in the deck
