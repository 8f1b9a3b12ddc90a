"""The State holds the game, the strategies' scratch and the harness's control in separate
sections (state.py), and what a playout copies is derived from them: a copy equals the state
in every field of the game and scratch sections, whatever fields they hold."""
import numpy as np
import pytest

import strategies
from simcore.games.hidden_village import consts as K
from simcore.games.hidden_village import make_config
from simcore.games.hidden_village import state as S
from simcore.games.hidden_village.rules.turn import begin_round, play_turn
from simcore.games.hidden_village.state import STATE, new_state
from simcore import jit
from simcore.playout import record_address
from strategies.hidden_village.params import ROLLOUT
from strategies.hidden_village.rollout import copy_state
from tests.conftest import seat_all, set_up

SECTIONS = {"game", "scratch", "control"}


def test_every_field_has_a_section():
    assert set(STATE.sections) <= SECTIONS and "" not in STATE.sections
    assert S.PLAYOUT_COPY.split() == ["game", "scratch"]


def test_the_scalars_of_each_section_have_their_own_field():
    assert STATE.in_sections("game")[0] == "sc"
    assert "scratch" in STATE.in_sections("scratch")
    assert "ctl" in STATE.in_sections("control")
    assert not hasattr(S, "S_DANGER_DIE")   # a config copy nothing read


@jit.njit(cache=False)
def copy_into(st, dst, sid):
    """The rollout's playout copy of st written over dst's buffer (the size of st's)."""
    copy_state(st, record_address(dst), sid)


@pytest.mark.parametrize("level, die", [("standard", "white"), ("smurfnightmarish", "red")])
def test_a_playout_copy_equals_the_state_in_every_game_and_scratch_field(cat, level, die):
    C, _ = make_config(cat, level=level, die=die, players=3)
    s = strategies.get("planner")
    st = new_state(cat.rules, event_capacity=1)
    seat_all(st, s.kernel_id, s.param_vector())
    set_up(cat.rules, C, st, 7, 3)
    p = begin_round(st)
    for turn in range(6):              # into the first round, the planner's caches filled
        if st.sc[S.S_OUTCOME] != K.RUNNING or st.sc[S.S_ESPLANADE] == 0:
            break
        play_turn(cat.rules, C, st, p)
        p = (p + 1) % C.players
    assert st.scratch[S.X_REQ_VER] > 0      # the scratch holds something to copy
    st.script[:] = np.arange(st.script.shape[0])
    dst = new_state(cat.rules, event_capacity=1)
    dst.buf[len(STATE.fields) * 5:] = -7      # every field's data differs from the state's
    copy_into(st, dst, ROLLOUT)
    for name in STATE.in_sections("game", "scratch"):
        assert np.array_equal(getattr(dst, name), getattr(st, name)), name
    # the control section: the playout's own words cleared, every seat the given strategy with
    # the state's parameters, the queued decisions copied; the rest is the playout's to write
    assert (dst.ctl == 0).all() and (dst.decisions == 0).all()
    assert (dst.sid == ROLLOUT).all() and np.array_equal(dst.par, st.par)
    assert np.array_equal(dst.script, st.script)
    for name in set(STATE.in_sections("control")) - {"ctl", "decisions", "sid", "par", "script"}:
        assert (getattr(dst, name).view(np.int64) == -7).all(), f"{name} was copied"
    assert np.array_equal(dst.buf[: len(STATE.fields) * 5], st.buf[: len(STATE.fields) * 5])
