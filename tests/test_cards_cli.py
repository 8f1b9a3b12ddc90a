"""The `cards` commands (list, show, validate) and the card-mix options of play, run and ladder.

Bad card data in a --cards file gives one `error:` line naming the file, the card and the
field, and exit code 2; `cards validate` lists every problem of a file.
"""
import json
import re

import pytest
from typer.testing import CliRunner

from experiments.cli import app
from tests.test_card_mixes import THREE_LOST, default_cards_text, edit_card, write
from tests.test_cli_errors import assert_one_line_error

runner = CliRunner()


def invoke(*args):
    return runner.invoke(app, [str(a) for a in args])


def ok(*args):
    r = invoke(*args)
    assert r.exit_code == 0, r.output
    return r.output


def json_lines(out):
    return [json.loads(line) for line in out.splitlines() if line.startswith("{")]


def stats(out):
    """run --json without the fields that name the run rather than its games."""
    return {k: v for k, v in json.loads(out).items() if k not in ("seconds", "cards", "catalog")}


KINDS = {"smurf": {"starting", "immediate", "lasting"},
         "invention": {"new-action", "single-use", "durable"},
         "cake": {"cake"},
         "gargamel": {"immediate", "lasting", "too-late"}}


# ------------------------------------------------------------------ cards list
def test_cards_list_shows_every_card_grouped_by_category():
    out = ok("hidden-village", "cards", "list")
    lines = out.strip().splitlines()
    assert lines[0].split() == ["category", "id", "name", "kind", "source", "text"]
    rows = [l.split()[0] for l in lines[1:-1]]
    assert rows == ["smurf"] * 35 + ["invention"] * 24 + ["cake"] * 10 + ["gargamel"] * 17
    assert lines[-1] == "86 cards: 35 Smurf, 24 Invention, 10 Cake, 17 Gargamel; mix default"
    beta = next(l for l in lines if l.split()[1] == "beta-smurf")
    assert re.match(r"smurf +beta-smurf +Beta Smurf +starting +rulebook +This Smurf cannot", beta)


def test_cards_list_json_has_one_record_per_card():
    recs = json_lines(ok("hidden-village", "cards", "list", "--json"))
    assert [sum(r["category"] == c for r in recs) for c in KINDS] == [35, 24, 10, 17]
    for r in recs:
        assert r["kind"] in KINDS[r["category"]], r
        assert r["source"] in ("rulebook", "review", "assumed") and r["name"] and r["text"]
        if r["category"] == "invention":
            assert isinstance(r["cost"], int) and r["effects"]
        if r["category"] == "gargamel":
            assert isinstance(r["azrael"], int)
        if r["category"] == "cake":
            assert {"requires", "n", "resource"} <= set(r) and "effects" not in r
    beta = next(r for r in recs if r["id"] == "beta-smurf")
    assert beta["effects"] == [{"op": "forbid-locations", "locations": ["workshop", "construction-site"]},
                               {"op": "no-inventions"}]
    tart = next(r for r in recs if r["id"] == "berry-tart")
    assert (tart["requires"], tart["n"], tart["resource"]) == ("stock-of", 6, "berry")


def test_cards_list_follows_the_mix(tmp_path):
    out = ok("hidden-village", "cards", "list", "--without", "beta-smurf", "--without", "looting")
    listed = [l.split()[1] for l in out.strip().splitlines()[1:-1]]
    assert len(listed) == 84 and "beta-smurf" not in listed and "looting" not in listed
    assert out.strip().splitlines()[-1] == ("84 cards: 34 Smurf, 24 Invention, 10 Cake, 16 Gargamel; "
                                            "mix default-without-beta-smurf+looting")
    p = write(tmp_path, edit_card(default_cards_text(), "looting", 'name = "Looting"', 'name = "Pillage"'))
    recs = json_lines(ok("hidden-village", "cards", "list", "--json", "--cards", p))
    assert next(r for r in recs if r["id"] == "looting")["name"] == "Pillage"


# ------------------------------------------------------------------ cards show
def test_cards_show_prints_every_field():
    out = ok("hidden-village", "cards", "show", "smurfberry-press")
    fields = dict(re.match(r"(\S+)\s+(.*)", l).groups() for l in out.strip().splitlines())
    assert fields["id"] == "smurfberry-press" and fields["category"] == "invention"
    assert fields["kind"] == "new-action" and fields["type"] == "new-action"
    for key in ("name", "cost", "source", "cost_source", "text", "effects"):
        assert key in fields
    assert fields["effects"] == '{ op = "collect", resource = "berry", amount = 3, cost_resource = "log", cost = 1 }'
    beta = ok("hidden-village", "cards", "show", "beta-smurf").strip().splitlines()
    assert beta[-2].startswith("effects") and beta[-1].strip() == '{ op = "no-inventions" }'
    rec = json.loads(ok("hidden-village", "cards", "show", "too-late", "--json"))
    assert rec["category"] == "gargamel" and rec["kind"] == "too-late" and rec["effects"] == []


def test_cards_show_an_unknown_card_is_one_error_line():
    assert_one_line_error(invoke("hidden-village", "cards", "show", "robot-assistan"),
                          "no card 'robot-assistan' in the mix 'default'", "did you mean 'robot-assistant'")
    assert_one_line_error(invoke("hidden-village", "cards", "show", "beta-smurf", "--without", "beta-smurf"),
                          "no card 'beta-smurf' in the mix 'default-without-beta-smurf'")


# ------------------------------------------------------------------ bad card data
# (card, old text, new text, words the error line must contain besides the file name)
BAD_CARDS = [
    ("beta-smurf", '{ op = "no-inventions" }', '{ op = "no-invention" }',
     ["smurf 'beta-smurf' effect 2", "unknown op 'no-invention'"]),
    ("mellow-smurf", '{ op = "collect-delta", amount = -1 }', '{ op = "extra-meeple" }',
     ["smurf 'mellow-smurf' effect 1", "op 'extra-meeple' does not fit a smurf card"]),
    ("mellow-smurf", '{ op = "collect-delta", amount = -1 }', '{ op = "collect-delta" }',
     ["smurf 'mellow-smurf' effect 1", "missing key 'amount'"]),
    ("beta-smurf", '"construction-site"', '"castle"',
     ["smurf 'beta-smurf' effect 1", "unknown location 'castle' in 'locations'"]),
    ("mellow-smurf", 'id = "mellow-smurf"', 'id = "beta-smurf"',
     ["smurf 'beta-smurf'", "duplicate id"]),
    ("lazy-smurf", 'kind = "starting"', 'kind = "grumpy"',
     ["smurf 'lazy-smurf'", "unknown kind 'grumpy'"]),
    ("disguise", "cost = 2", 'cost = "two"',
     ["invention 'disguise'", "'cost' must be a whole number, got 'two'"]),
    ("smurfberry-press", 'cost = 1 },', 'cost = 1 },\n    { op = "draw", amount = 1 },',
     ["invention 'smurfberry-press'", "a new-action invention has exactly one entry in 'effects'", "got 2"]),
    ("trapped-forest", 'timing = "lasting"', 'timing = "immediate"',
     ["gargamel card 'trapped-forest' effect 1", "'block-location' acts over a round", "'timing' must be 'lasting'"]),
    ("daredevil-cake", 'requires = "danger-streak"', 'requires = "danger-spree"',
     ["cake 'daredevil-cake'", "unknown prerequisite 'danger-spree' in 'requires'"]),
    ("disguise", 'effects = [\n    { op = "ignore-danger" },\n]', "effects = []",
     ["invention 'disguise'", "needs at least one entry in 'effects'"]),
    ("robot-assistant", "cost = 4", "cost = -1",
     ["invention 'robot-assistant'", "'cost' must be at least 0, got -1"]),
    ("greedy-smurf", 'resource = "berry"', 'resource = "gold"',
     ["smurf 'greedy-smurf' effect 1", "unknown resource 'gold'"]),
    ("looting", "azrael = 2", "azrael = -1",
     ["gargamel card 'looting'", "'azrael' must be at least 0, got -1"]),
    ("berry-tart", '\nresource = "berry"', "",
     ["cake 'berry-tart'", "prerequisite 'stock-of' needs 'resource'"]),
    ("papa-smurf", 'source = "assumed"', 'source = "guess"',
     ["smurf 'papa-smurf'", "unknown source 'guess'"]),
    ("too-late", "effects = []", 'effects = [{ op = "lose", amount = 1 }]',
     ["gargamel card 'too-late'", "a Too Late card has no other effect: 'effects' must be empty"]),
    ("wardrobe", 'name = "Wardrobe"', 'name = "Wardrobe"\ncolour = "blue"',
     ["invention 'wardrobe'", "unknown key 'colour'"]),
    ("harvest-cake", 'id = "harvest-cake"', 'id = "Harvest Cake"',
     ["cake 'Harvest Cake'", "'id' must be kebab-case"]),
]


@pytest.mark.parametrize("card,old,new,needles", BAD_CARDS,
                         ids=[f"{b[0]}:{b[3][-1][:40]}" for b in BAD_CARDS])
def test_bad_card_data_gives_one_line_naming_file_card_and_field(tmp_path, card, old, new, needles):
    p = write(tmp_path, edit_card(default_cards_text(), card, old, new))
    assert_one_line_error(invoke("run", "--games", "10", "--cards", p), str(p), *needles)
    r = invoke("hidden-village", "cards", "validate", p)
    assert r.exit_code == 2, r.output
    lines = r.output.strip().splitlines()
    assert len(lines) == 2 and lines[-1] == f"{p}: 1 problem", r.output
    assert lines[0].startswith(f"error: {p}: ") and all(n in lines[0] for n in needles), lines[0]


def test_validate_lists_every_problem_of_a_file(tmp_path):
    first_per_card = {}
    for bad in BAD_CARDS:
        first_per_card.setdefault(bad[0], bad)
    text = default_cards_text()
    for card, old, new, _ in first_per_card.values():
        text = edit_card(text, card, old, new)
    p = write(tmp_path, text)
    r = invoke("hidden-village", "cards", "validate", p)
    assert r.exit_code == 2
    lines = r.output.strip().splitlines()
    problems = lines[:-1]
    assert len(problems) == len(first_per_card) == 15
    assert lines[-1] == f"{p}: 15 problems"
    for _, _, _, needles in first_per_card.values():
        assert sum(all(n in l for n in needles) for l in problems) == 1, needles
    assert all(l.startswith(f"error: {p}: ") for l in problems)
    # `run --cards` stops at the first one
    assert_one_line_error(invoke("run", "--cards", p), "beta-smurf")


def test_validate_a_good_catalog(tmp_path):
    p = write(tmp_path, default_cards_text())
    out = ok("hidden-village", "cards", "validate", p)
    assert re.fullmatch(rf"ok: {re.escape(str(p))}: 35 Smurf cards \(15 starting, 20 lost\), 24 inventions, "
                        r"10 cakes, 17 Gargamel cards; mix my-cards-[0-9a-f]{8}\n", out)


def test_validate_notes_levels_a_smaller_catalog_cannot_set_up(tmp_path):
    blocks = re.split(r"(?m)^(?=\[\[)", default_cards_text())
    p = write(tmp_path, "".join(b for b in blocks if not any(f'id = "{i}"\n' in b for i in THREE_LOST)))
    out = ok("hidden-village", "cards", "validate", p)
    assert "note: level 'smurfnightmarish' needs 18 lost Smurfs" in out
    assert "ok: " in out and "20 lost" not in out and "17 lost" in out


@pytest.mark.parametrize("args,needles", [
    (["hidden-village", "cards", "validate", "/nonexistent/cards.toml"], ["cards.toml", "file not found"]),
    (["hidden-village", "cards", "validate", "cards.txt"], ["cards.txt", "a card catalog is a .toml file"]),
    (["run", "--cards", "/nonexistent/cards.toml"], ["cards.toml", "file not found"]),
    (["play", "--cards", "cards.json"], ["cards.json", "a card catalog is a .toml file"]),
], ids=["validate-missing", "validate-ext", "run-missing", "play-ext"])
def test_a_card_file_that_cannot_be_read_is_one_error(args, needles):
    assert_one_line_error(invoke(*args), *needles)


def test_a_card_file_that_is_not_toml_or_has_an_unknown_table(tmp_path):
    p = write(tmp_path, "[[smurf]\nid = ")
    assert_one_line_error(invoke("run", "--cards", p), str(p), "not valid TOML")
    assert_one_line_error(invoke("hidden-village", "cards", "validate", p), str(p), "not valid TOML")
    p = write(tmp_path, default_cards_text() + '\n[[smurff]]\nid = "x"\n')
    assert_one_line_error(invoke("run", "--cards", p), str(p), "unknown key 'smurff'",
                          "[[smurf]], [[invention]], [[cake]] and [[gargamel]] tables")
    p = write(tmp_path, (tmp_path / "my-cards.toml").read_text().split("[[invention]]")[0])
    assert_one_line_error(invoke("run", "--cards", p), str(p), "no [[invention]] entries")


# ------------------------------------------------------------------ mixes in play, run and ladder
def test_run_json_names_the_mix_and_without_changes_the_games():
    base = ok("run", "--games", "300", "--seed", "9", "--json")
    assert json.loads(base)["cards"] == "default"
    mix = ok("run", "--games", "300", "--seed", "9", "--json", "--without", "beta-smurf", "--without", "bird-call")
    assert json.loads(mix)["cards"] == "default-without-beta-smurf+bird-call"
    assert json.loads(mix)["catalog"] != json.loads(base)["catalog"]
    assert stats(mix) != stats(base)
    assert stats(ok("run", "--games", "300", "--seed", "9", "--json", "--without", "bird-call",
                    "--without", "beta-smurf")) == stats(mix)


def test_a_user_catalog_changes_the_results(tmp_path):
    same = write(tmp_path, default_cards_text(), "same.toml")
    edited = write(tmp_path, edit_card(default_cards_text(), "mellow-smurf", "amount = -1", "amount = 3"))
    base = ok("run", "--games", "300", "--seed", "4", "--json")
    a = ok("run", "--games", "300", "--seed", "4", "--json", "--cards", same)
    b = ok("run", "--games", "300", "--seed", "4", "--json", "--cards", edited)
    assert re.fullmatch(r"same-[0-9a-f]{8}", json.loads(a)["cards"])
    assert re.fullmatch(r"my-cards-[0-9a-f]{8}", json.loads(b)["cards"])
    assert stats(a) == stats(base)
    assert stats(b) != stats(base)


def test_text_output_names_a_mix_that_is_not_the_default():
    out = ok("run", "--games", "50", "--without", "beta-smurf")
    assert out.splitlines()[0].endswith("strategy planner, cards default-without-beta-smurf; seed 1")
    assert "cards" not in ok("run", "--games", "50").splitlines()[0]
    out = ok("play", "--seed", "3", "--without", "looting")
    assert "cards default-without-looting; seed 3, game 0" in out.splitlines()[0]
    assert "Looting" not in out


def test_a_level_short_of_cards_fails_only_when_used():
    mix = [a for c in THREE_LOST for a in ("--without", c)]
    ok("run", "--games", "20", "--level", "terrible", *mix)
    assert_one_line_error(invoke("run", "--games", "20", "--level", "smurfnightmarish", *mix),
                          "level 'smurfnightmarish' needs 18 lost Smurfs; "
                          "the mix 'default-without-poet-smurf+storm+willow' has 17")
    assert_one_line_error(invoke("play", "--level", "smurfnightmarish", *mix), "needs 18 lost Smurfs")


def test_ladder_leaves_out_a_level_the_mix_cannot_set_up():
    mix = [a for c in THREE_LOST for a in ("--without", c)]
    r = invoke("ladder", "--games", "20", "--json", *mix)
    assert r.exit_code == 0, r.output
    assert "note: left out: level 'smurfnightmarish' needs 18 lost Smurfs" in r.output
    rows = json_lines(r.output)
    assert [(x["level"], x["die"]) for x in rows] == [
        ("standard", "white"), ("standard", "red"), ("complex", "white"), ("complex", "red"),
        ("terrible", "white"), ("terrible", "red")]
    assert {x["cards"] for x in rows} == {"default-without-poet-smurf+storm+willow"}


def test_cards_and_a_data_folder_with_card_files_conflict(tmp_path):
    d = tmp_path / "rules"
    d.mkdir()
    (d / "smurfs.toml").write_text("")
    p = write(tmp_path, default_cards_text())
    assert_one_line_error(invoke("run", "--cards", p, "--data", d), "use one or the other", "smurfs.toml")


def test_cards_show_finds_a_card_by_its_former_id():
    old = json.loads(ok("hidden-village", "cards", "show", "builder-smurf", "--json"))
    new = json.loads(ok("hidden-village", "cards", "show", "handy-smurf", "--json"))
    assert old == new and new["id"] == "handy-smurf" and new["name"] == "Handy Smurf"
