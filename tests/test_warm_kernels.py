"""The tests' start-up warms only the games a run's tests may use (tests.warm_kernels.games_for,
read by tests/conftest.py): one game's tests, under tests/<game package>/ or beside a game's
own folder, need only that game; a test file anywhere else, tests/ itself or no path at all,
every game."""
from pathlib import Path

from simcore.games import all_games
from tests.test_toy_game import TOY, TOYS, game_path
from tests.warm_kernels import games_for

TESTS = Path(__file__).resolve().parent
EVERY = [g.name for g in all_games()]


def test_a_game_s_own_test_folder_needs_only_that_game():
    assert games_for([TESTS / "cake_race" / "test_rules.py"]) == ["cake-race"]
    assert games_for([TESTS / "hobbit", TESTS / "cake_race"]) == ["cake-race", "hobbit"]
    for g in all_games():            # every game that has a test folder of its own
        if (TESTS / g.folder.name).is_dir():
            assert games_for({TESTS / g.folder.name / "x.py"}) == [g.name]


def test_a_test_file_elsewhere_or_no_path_needs_every_game():
    assert len(EVERY) >= 4
    assert games_for([]) == EVERY                                     # the whole suite
    assert games_for([TESTS]) == EVERY
    assert games_for([TESTS / "test_cli.py"]) == EVERY
    assert games_for([TESTS / "cake_race", TESTS / "test_cli.py"]) == EVERY


def test_a_game_s_own_tests_beside_its_folder_need_only_that_game():
    """The toy brought by MEEPLESIM_GAME_PATH: its tests under its folder's tests/ or as
    test_*.py in it (scripts/rules-coverage reads them too) need only the toy."""
    with game_path(TOYS):
        assert games_for([TOY / "tests" / "test_rules.py", TOY / "test_more.py"]) == ["coin-race"]
        assert games_for([TOY, TESTS / "hobbit"]) == ["coin-race", "hobbit"]
        # the folder of games: the toy and the tutorial's game
        assert games_for([TOYS]) == sorted([*EVERY, "coin-race", "ship-captain-crew"])
