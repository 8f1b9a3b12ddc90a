"""The game's own strategies are compiled apart from the rules and reached through the rules'
chooser table (simcore/linked.py, rules/decide.py): through the table they must answer exactly
as the strategy kernels called directly, and leave the state as those do; an id nothing bound
gets no answer."""
import numpy as np
import pytest

import strategies
from simcore.games.hidden_village import consts as K
from simcore.games.hidden_village import make_config
from simcore.games.hidden_village.rules.query import enumerate_placements
from simcore.games.hidden_village.state import new_state
from simcore.packed import Vector
from strategies.hidden_village.greedy import choose_greedy
from strategies.hidden_village.planner import choose_planner
from tests.conftest import set_up
from tests.hidden_village.scenario import through_the_table


@pytest.mark.parametrize("name, kernel", [("greedy", choose_greedy), ("planner", choose_planner)])
def test_the_linked_strategy_answers_as_its_kernel(cat, name, kernel):
    C, _ = make_config(cat, level="complex", die="white", players=4)
    s = strategies.get(name)
    params = s.param_vector()
    answers = set()
    for game in range(12):
        st = new_state(cat.rules, event_capacity=1)
        set_up(cat.rules, C, st, 11, game)
        st.stock[:] = [game % 4, (game // 4) % 3, game % 3]   # positions the answer depends on
        n = enumerate_placements(cat.rules, st)
        assert n > 1
        direct, linked = st.copy(), st.copy()
        expected = kernel(cat.rules, C, direct, K.D_PLACE, n, params)
        got = through_the_table(cat.rules, C, linked, K.D_PLACE, n, s.kernel_id, params)
        assert got == expected
        assert np.array_equal(direct.buf, linked.buf)
        answers.add(int(expected))
    assert len(answers) > 1   # the positions differ enough that the answer depends on them


def test_an_id_that_is_not_the_games_own_strategy_gets_no_answer(cat):
    C, _ = make_config(cat, level="standard", die="white", players=3)
    st = new_state(cat.rules, event_capacity=1)
    set_up(cat.rules, C, st, 1, 0)
    n = enumerate_placements(cat.rules, st)
    assert through_the_table(cat.rules, C, st, K.D_PLACE, n, 42, Vector([0.0])) == -1
