"""Every registered strategy plays complete games at every level without returning an illegal
option (the kernel raises if it does), and greedy beats random."""
import numpy as np
import pytest

import strategies
from simcore.games.hidden_village import consts as K
from simcore.games.hidden_village.config import make_config
from simcore.games.hidden_village.game import run_chunk
from simcore.games.hidden_village.state import new_state
from simcore.errors import UserError

LEVELS = [("standard", "white", 3), ("complex", "red", 2), ("terrible", "white", 5),
          ("smurfnightmarish", "red", 1)]


@pytest.mark.parametrize("name", strategies.available())
def test_every_strategy_plays_legal_options_at_every_level(cat, name):
    s = strategies.get(name)
    asked = np.zeros(K.N_DECISIONS, np.int64)
    for level, die, players in LEVELS:
        C, _ = make_config(cat, level=level, die=die, players=players)
        st = new_state(cat.rules, event_capacity=1)
        out = np.zeros((150, K.N_RESULT_FIELDS), np.int64)
        run_chunk(cat.rules, C, st, s.kernel_id, s.param_vector(), 11, 0, out)
        assert (out[:, K.R_OUTCOME] != K.RUNNING).all()
        asked += st.decisions
    if name == "first":   # always option 0: it never reaches some decisions (it never builds)
        return
    # the decisions every sensible game asks were put to the strategy
    for kind in ("play-card", "place", "bonus", "rescue", "gain-pair", "lose-one", "build",
                 "cracoucass-discard"):
        assert asked[K.DECISIONS.index(kind)] > 0, kind


def test_greedy_wins_more_than_random_at_standard(cat):
    C, _ = make_config(cat, level="standard", die="white", players=3)
    rates = {}
    for name in ("random", "greedy"):
        s = strategies.get(name)
        st = new_state(cat.rules, event_capacity=1)
        out = np.zeros((400, K.N_RESULT_FIELDS), np.int64)
        run_chunk(cat.rules, C, st, s.kernel_id, s.param_vector(), 3, 0, out)
        rates[name] = (out[:, K.R_OUTCOME] == K.WIN).mean()
    assert rates["random"] < 0.05 < 0.5 < rates["greedy"]


def test_greedy_parameters_are_named_and_overridable():
    g = strategies.get("greedy")
    v = g.param_vector({"rescue": 3})
    assert v[list(g.params).index("rescue")] == 3.0
    with pytest.raises(UserError, match="no parameter 'depth'"):
        g.param_vector({"depth": 2})


def test_strategies_list_greedy_for_hidden_village():
    assert strategies.available("hidden-village") == ["first", "greedy", "random"]
