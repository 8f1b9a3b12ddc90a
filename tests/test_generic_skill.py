"""The generic skill scale (`skill` of a game without one of its own: simcore.policy.SKILL,
played by simcore.harness's `decide`), on the coin race toy: skill 0 plays random's very games,
skill 1 the strong strategy's; each seat plays its own row (the rivals at rival_skill); a
game's own `skill` keeps precedence; `curve` draws it; a bad `strong` is one error line. The
tutorial game (tests/toy_games/ship_captain_crew/) checks skill 1 against a compiled strong
strategy of its own."""
import pytest

import strategies
from experiments.runs import RunSpec, resolve
from simcore.errors import UserError
from simcore.policy import FIRST, SKILL
from tests.test_toy_game import TOYS, cli, game_path

NAME = "coin-race"
GAMES = 600


@pytest.fixture(scope="module")
def toy():
    with game_path(TOYS):
        yield


def rows(strategy, players=2, games=GAMES, **params):
    """The rows of `games` games of the toy (seed 1), every parameter given by name."""
    r = resolve(RunSpec(game=NAME, strategy=strategy, players=players,
                        options={k: params.pop(k) for k in ("rivals", "seat_strategy")
                                 if k in params},
                        params=params))
    return r.game.run_games(r.catalog, r.config, r.strategy.kernel_id, r.params, 1, 0, games)


def test_a_game_without_a_skill_of_its_own_plays_the_generic_scale(toy):
    s = strategies.get("skill", NAME, load=False)
    assert s.kernel_id == SKILL and s.param_values() == {"skill": 0.5, "rival_skill": 0.5,
                                                          "strong": float(FIRST)}
    assert "skill" in strategies.available(NAME) and "skill" in strategies.seatable(NAME)


def test_a_games_own_skill_keeps_precedence():
    own = strategies.get("skill", "cake-race", load=False)
    assert own.kernel_id != SKILL and own.kernels == "strategies.cake_race.skill"
    assert strategies.seatable("cake-race")["skill"] is own


def test_skill_0_plays_randoms_very_games(toy):
    assert (rows("skill", skill=0, rival_skill=-1) == rows("random")).all()


def test_skill_1_plays_the_strong_strategys_very_games(toy):
    played = rows("skill", skill=1, rival_skill=-1)
    assert (played == rows("first")).all()
    assert not (played == rows("random")).all()


def test_between_it_plays_neither(toy):
    half = rows("skill", skill=0.5, rival_skill=-1)
    assert not (half == rows("first")).all() and not (half == rows("random")).all()


def test_each_seat_plays_its_own_row_the_rivals_at_rival_skill(toy):
    # the focal seat at skill 1 (first's answers), the rival at 0 (random's draws): the games of
    # first against random rivals, seat by seat
    assert (rows("skill", skill=1, rival_skill=0) == rows("first", rivals="random")).all()
    assert (rows("skill", skill=0, rival_skill=1) == rows("random", rivals="first")).all()
    # --rivals skill: the rivals at the scale's defaults (0.5), as rival_skill 0.5 seats them
    assert (rows("skill", skill=1, rivals="skill") == rows("skill", skill=1)).all()


def test_a_strong_strategy_that_is_not_compiled_for_the_game_is_one_error(toy):
    with pytest.raises(UserError, match="parameter 'strong' must be one of first"):
        rows("skill", strong="greedy")
    with pytest.raises(UserError, match="parameter 'skill' must be from 0 to 1"):
        rows("skill", skill=1.5)


def test_curve_draws_the_generic_scale_of_a_game_with_no_strategy_of_its_own(toy):
    r = cli("curve", "--game", NAME, "--games", 200, "--jobs", 1)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert "rival_skill 0.5" in r.stdout
    points = [ln.split() for ln in lines if ln.strip()[:4] in ("0.00", "0.50", "1.00")]
    assert [p[0] for p in points] == ["0.00", "0.50", "1.00"]


def test_strategies_lists_it_with_its_strong_strategy(toy):
    r = cli("strategies", "--game", NAME)
    assert r.returncode == 0, r.stderr
    assert "1 like first" in r.stdout and "strong      = first" in r.stdout
