"""Playtests as data (experiments/playtests.py): the CSV a designer keeps of a real table's
games, read into pooled configurations; every bad input one line naming the row and column."""
import pytest

from experiments.playtests import read_playtests
from simcore.errors import UserError
from simcore.games import get_game

HV = get_game("hidden-village")


def write(tmp_path, text, name="playtests.csv"):
    p = tmp_path / name
    p.write_text(text)
    return p


def test_groups_and_single_games_are_read_and_rows_of_one_configuration_pooled(tmp_path):
    p = write(tmp_path, "level,die,games,wins\ncomplex,white,12,7\nterrible,red,10,2\n"
                        "complex,white,3,1\n")
    t = read_playtests(p, HV)
    assert t.columns == ["level", "die"]
    assert [(x.options, x.games, x.wins, x.rows) for x in t.tests] == [
        ({"level": "complex", "die": "white"}, 15, 8, [2, 4]),
        ({"level": "terrible", "die": "red"}, 10, 2, [3])]
    one = read_playtests(write(tmp_path, "Level,players,won\nterrible,4,1\nterrible,4,0\n"
                                         "terrible,3,1\n", "one.csv"), HV)
    assert [(x.options, x.games, x.wins) for x in one.tests] == [
        ({"level": "terrible", "players": 4}, 2, 1), ({"level": "terrible", "players": 3}, 1, 1)]


BAD = [
    ("", ["empty file"]),
    ("level,games\nstandard,3\n", ["row 1", "wins is missing"]),
    ("level,won,games,wins\nstandard,1,1,1\n", ["row 1", "either games and wins or won"]),
    ("level\nstandard\n", ["row 1", "no outcome column"]),
    ("level,colour,games,wins\nstandard,blue,3,1\n", ["row 1, column 2 (colour)", "no option"]),
    ("level,level,games,wins\nstandard,standard,3,1\n", ["row 1, column 2", "appears twice"]),
    ("level,die,games,wins\nstandard,green,3,1\n", ["row 2, column die", "unknown die 'green'"]),
    ("level,games,wins\nstandard,3,4\n", ["row 2, column wins", "4 wins of 3 games"]),
    ("level,games,wins\nstandard,-3,0\n", ["row 2, column games", "must not be negative"]),
    ("level,games,wins\nstandard,3,-1\n", ["row 2, column wins", "must not be negative"]),
    ("level,games,wins\nstandard,0,0\n", ["row 2, column games", "at least 1 game"]),
    ("level,games,wins\nstandard,three,1\n", ["row 2, column games", "whole number"]),
    ("level,games,wins\nstandard,3,1\ncomplex,3\n", ["row 3", "2 values, the header has 3"]),
    ("level,won\nstandard,2\n", ["row 2, column won", "1 (won) or 0 (lost)"]),
    ("players,won\n0,1\n", ["row 2, column players", "at least 1"]),
    ("level,games,wins\n", ["no playtest rows"]),
]


@pytest.mark.parametrize("text,words", BAD)
def test_every_bad_file_is_one_error_naming_the_row_and_column(tmp_path, text, words):
    p = write(tmp_path, text)
    with pytest.raises(UserError) as e:
        read_playtests(p, HV)
    msg = str(e.value)
    assert "\n" not in msg and msg.startswith(str(p))
    for w in words:
        assert w in msg, (w, msg)


def test_a_missing_file_and_a_column_also_given_on_the_command_line_are_errors(tmp_path):
    with pytest.raises(UserError, match="no such file"):
        read_playtests(tmp_path / "nope.csv", HV)
    p = write(tmp_path, "level,games,wins\nstandard,3,1\n")
    with pytest.raises(UserError, match=r"row 1, column level: level is given both .*--level"):
        read_playtests(p, HV, given={"level": "terrible"})
