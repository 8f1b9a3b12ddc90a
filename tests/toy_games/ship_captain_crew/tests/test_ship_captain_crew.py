"""Ship, Captain and Crew's rules: a scenario test per rule ID of rules-checklist.md, marked
with the ID. Run with the folder holding the game's folder in MEEPLESIM_GAME_PATH."""
import numpy as np
import pytest

from simcore.games import get_game
from simcore.policy import FIRST, SCRIPTED

GAME = get_game("ship-captain-crew")
CATALOG = GAME.load_catalog(None)
from simcore.games.ship_captain_crew import consts as K  # noqa: E402  (imported by get_game)
from simcore.games.ship_captain_crew import rules as R  # noqa: E402

ALWAYS_ROLL = np.ones(8)   # `scripted`: the first 8 decisions (a seat's parameter row) roll again


def logged(players=2, sid=FIRST, params=np.zeros(1), games=300, catalog=CATALOG):
    """(events, row) of games 0 .. games - 1 of seed 1, the log on."""
    config = GAME.make_config(catalog, players=players)[0]
    return [GAME.play_logged(catalog, config, sid, params, 1, g)[1:] for g in range(games)]


def turns(events):
    """Each turn's rolls: {(round, seat): [(dice rolled, aside, cargo), ...]}."""
    out = {}
    for e in events:
        if e[0] == K.EV_ROLL:
            out.setdefault((int(e[1]), int(e[2])), []).append(tuple(int(x) for x in e[3:]))
    return out


@pytest.mark.rule("SCC-T02")
@pytest.mark.parametrize("dice, n, held, expected", [
    ([5, 4, 6, 1, 2], 5, 0, (3, 3)),     # ship, captain and crew from one roll
    ([5, 4, 2, 2, 1], 5, 0, (0, 14)),    # no ship: the 5 and the 4 are rolled again
    ([6, 4, 3, 6, 2], 5, 0, (1, 15)),    # a ship (the second 6 stays), no captain
    ([4, 5, 1, 1, 6], 4, 1, (3, 2)),     # captain, then crew, on the second roll (4 dice)
    ([6, 6, 1, 1, 1], 2, 3, (3, 12))])   # loaded: two cargo dice rolled again
def test_ship_then_captain_then_crew_go_aside_in_order(dice, n, held, expected):
    assert R.set_aside(np.array(dice, np.int64), n, held) == expected


@pytest.mark.rule("SCC-S01")
@pytest.mark.rule("SCC-T01")
def test_each_round_seats_play_in_order_each_rolling_every_die_not_aside_at_most_rolls_times():
    for events, _ in logged(players=3, sid=SCRIPTED, params=ALWAYS_ROLL):
        by_turn = turns(events)
        seats = [s for (r, s) in by_turn if r == 1]
        assert seats == [0, 1, 2]
        for rolls in by_turn.values():
            assert 1 <= len(rolls) <= 3
            aside = 0
            for rolled, now_aside, _ in rolls:
                assert rolled == 5 - aside and now_aside >= aside
                aside = now_aside


@pytest.mark.rule("SCC-T03")
@pytest.mark.rule("SCC-T04")
def test_a_loaded_player_keeps_the_cargo_or_rolls_it_and_keeps_the_new_total():
    kept = rolled = 0
    for (events, row), (events_r, row_r) in zip(logged(), logged(sid=SCRIPTED, params=ALWAYS_ROLL)):
        for rolls in turns(events).values():          # `first` keeps at once
            loaded = [i for i, r in enumerate(rolls) if r[1] == 3]
            assert not loaded or loaded[0] == len(rolls) - 1
            kept += bool(loaded)
        for (r, _), rolls in turns(events_r).items():  # always rolling (round 1: at most 4
            if r == 1 and rolls[-1][1] == 3:           # decisions): 3 rolls, the last total
                assert len(rolls) == 3 and all(rolls[i][0] == 2 for i in (1, 2) if rolls[i - 1][1] == 3)
                rolled += rolls[0][1] == 3
        last = turns(events)[(row[K.R_ROUNDS], row[K.R_SEAT])][-1]
        assert row[K.R_SCORE] == (last[2] if last[1] == 3 else 0)
    assert kept > 50 and rolled > 10


@pytest.mark.rule("SCC-E01")
def test_the_highest_score_wins_and_nobody_wins_when_nobody_loaded():
    outcomes = set()
    for events, row in logged(players=3, games=600):
        last = {s: t[-1] for (r, s), t in turns(events).items() if r == row[K.R_ROUNDS]}
        scores = {s: (c if aside == 3 else 0) for s, (_, aside, c) in last.items()}
        best = max(scores.values())
        winner = int(events[-1][3])
        if best == 0:
            assert winner == -1 and row[K.R_LOSS_REASON] in (0, 2)
        elif winner >= 0:
            assert scores[winner] == best and list(scores.values()).count(best) == 1
        outcomes.add(best == 0)
    assert outcomes == {True, False}


@pytest.mark.rule("SCC-E02")
def test_tied_players_alone_play_again_up_to_the_round_cap(tmp_path):
    replays = 0
    for events, row in logged(games=600):
        by_turn = turns(events)
        for r in range(2, row[K.R_ROUNDS] + 1):
            before = {s: t[-1] for (q, s), t in by_turn.items() if q == r - 1}
            top = max(c for _, a, c in before.values() if a == 3)
            again = [s for (q, s) in by_turn if q == r]
            assert again == [s for s, (_, a, c) in before.items() if a == 3 and c == top]
            replays += 1
    assert replays > 10
    (tmp_path / "ship_captain_crew.toml").write_text(
        '[turn]\nrolls = 3\nsource = "rulebook"\n[end]\nmax_rounds = 1\nsource = "assumed"\n')
    rows = [row for _, row in logged(games=600, catalog=GAME.load_catalog(tmp_path))]
    assert any(r[K.R_LOSS_REASON] == 3 for r in rows) and all(r[K.R_ROUNDS] == 1 for r in rows)
