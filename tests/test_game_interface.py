"""One game interface: every game declares itself in its own folder, the generic layers name
no game, and the commands treat every game alike (through typer's CliRunner)."""
import json
import re
from pathlib import Path

import pytest

from experiments.grid import load_grid, natural_key
from simcore.gamekit import Game, Option
from simcore.games import DEFAULT_GAME, GAMES, all_games, get_game
from tests.clikit import ok, one_error

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_declares_itself_completely(name):
    g = get_game(name)
    assert isinstance(g, Game) and g.name == name and g.title
    assert g.result_fields[0] == "outcome" and g.outcomes[1]
    assert len({o.name for o in g.options}) == len(g.options)
    for o in g.options:
        assert isinstance(o, Option) and o.kind in ("str", "int", "bool", "list") and o.help
    resolved = g.resolve_options({})                    # every default resolves
    cat = g.load_catalog(None, **g.catalog_options(resolved))
    cfg, variant = g.make_config(cat, players=g.default_players, **g.config_options(resolved))
    assert variant.players == g.default_players
    assert (g.folder / "data").is_dir() and g.checklist.is_file()
    for grid in g.grids:                                # its built-in grids parse
        assert load_grid(grid).fixed["game"] == name


def _words_of(game) -> list[str]:
    """What names a game: its command-line name, its package's folder name and its title."""
    return [game.name, game.name.replace("-", "_"), game.title]


def test_no_module_outside_a_game_folder_names_a_game():
    """A game is a folder: the generic layers (simcore outside games/<game>/, experiments,
    reports, strategies' registry) read everything about a game from its descriptor. The one
    exception is the DEFAULT_GAME constant."""
    found = []
    for game in all_games():
        own = game.folder
        pattern = re.compile("|".join(re.escape(w) for w in _words_of(game)), re.I)
        for top in ("simcore", "experiments", "reports"):
            for py in (ROOT / top).rglob("*.py"):
                if own in py.parents:
                    continue
                for n, line in enumerate(py.read_text(encoding="utf-8").splitlines(), 1):
                    if pattern.search(line) and not line.startswith("DEFAULT_GAME = "):
                        found.append(f"{py.relative_to(ROOT)}:{n}: {line.strip()}")
    assert not found, "\n".join(found)


def test_an_option_the_game_does_not_have_is_an_error_naming_its_options():
    line = one_error("run", "--game", "cake-race", "--level", "standard")
    assert "game 'cake-race' has no option 'level' (its options: rivals, seat, hat_spent, caught_loses, chase_first, exact_home, assume)" in line
    line = one_error("run", "-o", "rivals=adaptive")
    assert f"game '{DEFAULT_GAME}' has no option 'rivals'" in line


@pytest.mark.parametrize("args, words", [
    (("run", "--level", ""), "level is empty"),
    (("run", "-o", "level="), "level is empty"),
    (("play", "--die", ""), "die is empty"),
    (("run", "--game", "cake-race", "--rivals", ""), "rivals is empty"),
    (("compare", "--a", "die=", "--b", "die=red"), "die is empty"),
])
def test_an_empty_option_value_is_an_error_naming_the_option(args, words):
    assert words in one_error(*args)


def test_a_game_without_levels_says_so_for_ladder_and_levels():
    assert "game 'cake-race' has no difficulty levels" in one_error("ladder", "--game", "cake-race")
    assert "game 'cake-race' has no difficulty levels" in one_error("levels", "--game", "cake-race")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_headline_options_are_options_and_a_ladder_names_its_difficulty_first(name):
    """Game.headline_options are options of the game; a game with a ladder names its
    difficulty option first, and every ladder cell sets it (curve --level filters by it)."""
    g = get_game(name)
    declared = {o.name for o in g.options}
    assert set(g.headline_options) <= declared
    if g.ladder is not None:
        assert g.headline_options, f"{name} has a ladder but no difficulty option"
        cells, _ = g.ladder(g.load_catalog(None))
        assert cells and all(g.headline_options[0] in axes for axes in cells)


def test_games_lists_every_game_with_its_options_and_grids():
    out = ok("games")
    for g in all_games():
        assert f"{g.name}" in out and g.title in out
        for o in g.options:
            assert o.flag in out
        for grid in g.grids:
            assert grid in out


def test_each_game_plays_its_strongest_fast_strategy_by_default_and_says_so():
    for g in all_games():
        out = ok("run", "--game", g.name, "--games", "50", "--jobs", "1")
        assert f"{g.default_strategy}" in out.splitlines()[0]


def test_compare_shows_exactly_what_each_side_played():
    args = ["compare", "--a", "strategy=greedy", "--b", "strategy=planner", "--die", "red",
            "--players", "2", "--games", "200", "--jobs", "1"]
    d = json.loads(ok(*args, "--json"))
    assert d["a"]["strategy"] == "greedy" and d["b"]["strategy"] == "planner"
    assert d["a"]["die"] == d["b"]["die"] == "red" and d["players"] == 2
    assert "strategy" not in d                       # not common to both sides
    text = ok(*args)
    head = text.splitlines()[0]
    assert "die red" in head and "players 2" in head and "strategy" not in head
    assert re.search(r"^A  strategy greedy ", text, re.M) and re.search(r"^B  strategy planner ", text, re.M)


def test_compare_prints_card_lists_as_words():
    text = ok("compare", "--a", "without=wardrobe+disguise", "--b", "without=none", "--games", "50",
              "--jobs", "1", "--strategy", "random")
    assert "without disguise, wardrobe" in text and "[" not in text


def test_a_difference_with_no_spread_is_not_estimable():
    args = ["compare", "--a", "die=white", "--b", "die=red", "--strategy", "random", "--games",
            "100", "--jobs", "1"]
    text = ok(*args)
    assert "not estimable: every game lost on both sides" in text and "+0.00 .. +0.00" not in text
    d = json.loads(ok(*args, "--json"))
    assert d["estimable"] is False and d["why_not_estimable"] == "every game lost on both sides"


def test_until_halfwidth_says_when_it_stopped_at_max_games_short_of_the_target():
    out = ok("run", "--game", "cake-race", "--games", "100", "--until-halfwidth", "0.001",
             "--max-games", "400", "--jobs", "1")
    assert "note: run stopped at --max-games 400 without reaching the half-width target 0.001" in out
    d = json.loads(ok("run", "--game", "cake-race", "--games", "100", "--until-halfwidth", "0.001",
                      "--max-games", "400", "--jobs", "1", "--json"))
    assert d["games"] == 400 and "run" in d["stopping"]["target_missed"]


def test_sweep_cells_sort_numbers_by_value(tmp_path):
    grid = tmp_path / "k.toml"
    grid.write_text('games = 20\nchunk = 20\n[fixed]\ngame = "cake-race"\nstrategy = "threshold"\n'
                    '[axes]\nparams = [{k = 10}, {k = 2}, {k = 1}]\n')
    rows = [json.loads(l) for l in ok("sweep", str(grid), "--results", str(tmp_path / "r"),
                                      "--jobs", "1", "--json").splitlines()]
    assert [r["cell"] for r in rows] == ["params=k:1", "params=k:2", "params=k:10"]
    assert sorted(["k:10", "k:2"], key=natural_key) == ["k:2", "k:10"]


def test_a_game_command_s_bad_input_is_one_error_line():
    assert "--threshold must be a whole number" in one_error("cake-race", "exact", "--threshold", "x")


def test_check_data_works_for_every_game():
    for g in all_games():
        out = ok("check-data", str(g.folder / "data"), "--game", g.name)
        assert out.startswith("ok: ") and "no file replaced" in out
