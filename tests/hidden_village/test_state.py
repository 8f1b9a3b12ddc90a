"""The State holds the game, the strategies' scratch and the harness's control in separate
sections (state.py), and what a playout copies is derived from them: a copy equals the state
in every field of the game and scratch sections, whatever fields they hold."""
import numpy as np
import pytest

import strategies
from simcore.games.hidden_village import consts as K
from simcore.games.hidden_village import make_config
from simcore.games.hidden_village import state as S
from simcore.games.hidden_village.rules.setup import setup_game
from simcore.games.hidden_village.rules.turn import begin_round, play_turn
from simcore.games.hidden_village.state import STATE, new_state
from simcore.packed import as_vector
from strategies.hidden_village.rollout import copy_state

SECTIONS = {"game", "scratch", "control"}


def test_every_field_has_a_section():
    assert set(STATE.sections) <= SECTIONS and "" not in STATE.sections
    assert S.PLAYOUT_COPY.split() == ["game", "scratch"]


def test_the_scalars_of_each_section_have_their_own_field():
    assert STATE.in_sections("game")[0] == "sc"
    assert "scratch" in STATE.in_sections("scratch")
    assert "ctl" in STATE.in_sections("control")
    assert not hasattr(S, "S_DANGER_DIE")   # a config copy nothing read


@pytest.mark.parametrize("level, die", [("standard", "white"), ("smurfnightmarish", "red")])
def test_a_playout_copy_equals_the_state_in_every_game_and_scratch_field(cat, level, die):
    C, _ = make_config(cat, level=level, die=die, players=3)
    s = strategies.get("planner")
    params = as_vector(s.param_vector())
    st = new_state(cat.rules, event_capacity=1)
    setup_game(cat.rules, C, st, 7, 3)
    p = begin_round(C, st)
    for turn in range(6):              # into the first round, the planner's caches filled
        if st.sc[S.S_OUTCOME] != K.RUNNING or st.sc[S.S_ESPLANADE] == 0:
            break
        play_turn(cat.rules, C, st, p, s.kernel_id, params)
        p = (p + 1) % C.players
    assert st.scratch[S.X_REQ_VER] > 0      # the scratch holds something to copy
    dst = new_state(cat.rules, event_capacity=1)
    dst.buf[len(STATE.fields) * 5:] = -7      # every field's data differs from the state's
    copy_state(st, dst)
    for name in STATE.in_sections("game", "scratch"):
        assert np.array_equal(getattr(dst, name), getattr(st, name)), name
    for name in STATE.in_sections("control"):
        if name != "script":                   # the rollout copies its queued decisions
            assert (getattr(dst, name).view(np.int64) == -7).all(), f"{name} was copied"
    assert np.array_equal(dst.script, st.script)
    assert np.array_equal(dst.buf[: len(STATE.fields) * 5], st.buf[: len(STATE.fields) * 5])
