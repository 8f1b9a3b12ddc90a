"""The Hobbit deck-builder on the command line: a readable log and its events (JSON lines), the commands
every game has, and bad input as one error line with exit 2."""
import json
import shutil
from pathlib import Path

import pytest

from simcore.games.hobbit.catalog import load_catalog
from tests.clikit import ok, one_error

DATA = Path(__file__).resolve().parents[2] / "simcore" / "games" / "hobbit" / "data"


def test_play_prints_each_turn_the_chapter_change_and_the_end():
    out = ok("play", "--game", "hobbit", "--players", "4", "--seed", "3")
    for words in ("turn 1 (round 1), player 0", "plays Courage (Power 1)", "buys ", "defeats ",
                  "the chapter changes: The Desolation of Smaug", "step 1: destroy the main deck",
                  "step 9: Smaug the Magnificent on top", "game over after turn", " VP ("):
        assert words in out, words
    steps = [ln for ln in out.splitlines() if ln.strip().startswith("step ")]
    assert [int(s.split()[1].rstrip(":")) for s in steps] == list(range(1, 10))


def test_play_json_gives_the_events():
    out = ok("play", "--game", "hobbit", "--players", "3", "--seed", "3", "--json")
    events = [json.loads(ln) for ln in out.splitlines() if ln.startswith("{")]
    kinds = {e["event"] for e in events}
    assert {"turn", "play", "buy", "fight", "chapter", "end", "score", "drawn"} <= kinds
    drawn = [e for e in events if e["event"] == "drawn"]
    names = set(load_catalog().card_names)
    assert drawn and all(e["text"].startswith(f"player {e['b']} draws ") for e in drawn)
    assert {e["text"].split(" draws ")[1] for e in drawn} <= names


def test_run_ladder_and_compare_play_the_modes():
    out = ok("run", "--game", "hobbit", "--games", "300", "--mode", "coop")
    assert "Smaug fell" in out and "game length" in out
    out = ok("ladder", "--game", "hobbit", "--games", "200")
    assert "normal" in out and "impossible" in out and "coop" in out
    out = ok("compare", "--game", "hobbit", "--games", "200", "--a", "mode=normal",
             "--b", "mode=impossible")
    assert "paired" in out.lower() or "difference" in out.lower()


def test_levels_lists_the_modes():
    out = ok("levels", "--game", "hobbit")
    assert "normal" in out and "Company loses" in out


def test_sweep_then_report_reads_hobbit_results(tmp_path):
    ok("sweep", "hobbit-smoke", "--results", tmp_path / "r")
    ok("report", tmp_path / "r", "--out", tmp_path / "rep")
    assert (tmp_path / "rep" / "index.html").is_file()


@pytest.mark.parametrize("args,words", [
    (("--players", "6"), "players must be 2 to 5, got 6"),
    (("--heroes", "frodo,bilbo,thorin,balin"), "unknown hero 'frodo'"),
    (("--mode", "impossible", "--start", "dos"), "excludes --start dos"),
    (("--mode", "coop", "--start", "dos"), "excludes --start dos"),
    (("--heroes", "bilbo,bilbo,thorin,balin"), "one seat only"),
])
def test_bad_options_are_one_error_line(args, words):
    assert words in one_error("run", "--game", "hobbit", *args)


def test_a_card_file_with_an_unknown_effect_is_one_error_line(tmp_path):
    shutil.copy(DATA / "cards.toml", tmp_path / "cards.toml")
    text = (tmp_path / "cards.toml").read_text()
    (tmp_path / "cards.toml").write_text(text.replace('"play barge"', '"play bargee"', 1))
    line = one_error("run", "--game", "hobbit", "--data", tmp_path)
    assert "card 'the-barge'" in line and "unknown effect 'bargee'" in line
