"""Card mixes: a full replacement catalog (--cards FILE) and cards removed (--without ID).

The loader keeps card positions consistent after a removal, names the mix, and a level short of
cards fails only when that level is used.
"""
import re
from pathlib import Path

import numpy as np
import pytest

from simcore.errors import DataError, UserError
from simcore.games.hidden_village import run_games
from simcore.games.hidden_village.card_data import CARD_FILES, card_slug
from simcore.games.hidden_village.catalog import DEFAULT_DATA_DIR, find_card, load_catalog, validate_cards
from simcore.games.hidden_village.config import make_config, mix_shortfall
from simcore.policy import RANDOM
from tests.hidden_village.test_invariants import run_checked

THREE_LOST = ["poet-smurf", "storm", "willow"]      # lost Smurfs: 20 -> 17


def default_cards_text() -> str:
    """The four default card files concatenated: a valid --cards catalog."""
    return "\n".join((DEFAULT_DATA_DIR / n).read_text(encoding="utf-8") for n in CARD_FILES)


def edit_card(text: str, card_id: str, old: str, new: str) -> str:
    """`text` with `old` replaced by `new` inside the entry of `card_id` only."""
    blocks = re.split(r"(?m)^(?=\[\[)", text)
    hits = [i for i, b in enumerate(blocks) if f'\nid = "{card_id}"\n' in b]
    assert len(hits) == 1, f"{card_id}: {len(hits)} entries"
    assert old in blocks[hits[0]], f"{old!r} not in {card_id}"
    blocks[hits[0]] = blocks[hits[0]].replace(old, new, 1)
    return "".join(blocks)


def write(tmp_path: Path, text: str, name: str = "my-cards.toml") -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def results(cat, level="standard", games=300, seed=5, players=3):
    C, _ = make_config(cat, level=level, players=players)
    return run_games(cat, C, RANDOM, np.zeros(1), seed, 0, games)


def ids(rows):
    return [r["id"] for r in rows]


# ------------------------------------------------------------------ the default mix
def test_the_default_mix_is_named_default_and_has_every_card(cat):
    assert cat.mix == "default" and cat.cards_file is None and cat.without == ()
    assert (len(cat.smurfs), len(cat.inventions), len(cat.cakes), len(cat.gargamel)) == (35, 24, 10, 17)
    for rows in (cat.smurfs, cat.inventions, cat.cakes, cat.gargamel):
        assert all(re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", i) for i in ids(rows))   # kebab-case
        assert len(set(ids(rows))) == len(rows)


# ------------------------------------------------------------------ --without
def test_without_removes_cards_of_every_kind_and_keeps_each_card_consistent(cat):
    gone = ["beta-smurf", "papa-smurf", "robot-assistant", "berry-tart", "looting"]
    mix = load_catalog(without=gone)
    assert (len(mix.smurfs), len(mix.inventions), len(mix.cakes), len(mix.gargamel)) == (33, 23, 9, 16)
    R, R0 = mix.rules, cat.rules
    assert R.smurf_kind.shape == (33,) and R.smurf_op.shape[0] == 33
    assert R.inv.shape == (23, 2) and R.inv_op.shape[0] == 23
    assert R.cake.shape == (9, 3) and R.garg.shape == (16, 2) and R.garg_eff.shape[0] == 16
    for rows, rows0, arrays in ((mix.smurfs, cat.smurfs, ("smurf_kind", "smurf_op", "smurf_ops")),
                                (mix.inventions, cat.inventions, ("inv", "inv_op", "inv_ops")),
                                (mix.cakes, cat.cakes, ("cake",)),
                                (mix.gargamel, cat.gargamel, ("garg", "garg_eff"))):
        assert not set(gone) & set(ids(rows))
        assert ids(rows) == [i for i in ids(rows0) if i not in gone]     # order kept
        for i, row in enumerate(rows):
            j = ids(rows0).index(row["id"])
            assert row is rows0[j] or row == rows0[j]
            for a in arrays:
                assert np.array_equal(getattr(R, a)[i], getattr(R0, a)[j]), (row["id"], a)
    for a in R._fields:
        assert getattr(R, a).dtype == getattr(R0, a).dtype and getattr(R, a).flags.c_contiguous
    assert not any("'robot-assistant'" in label for _, label, _ in mix.assumptions)


def test_the_mix_name_lists_the_removed_cards_sorted_once():
    mix = load_catalog(without=["willow", "beta-smurf", "willow"])
    assert mix.mix == "default-without-beta-smurf+willow"
    assert mix.without == ("beta-smurf", "willow")
    assert load_catalog(without=["beta-smurf", "willow"]).digest == mix.digest
    assert load_catalog(without=["beta-smurf"]).digest != mix.digest != load_catalog().digest


def test_an_unknown_card_id_is_an_error():
    with pytest.raises(UserError, match=r"--without: no card 'beta-smurff' in the mix 'default' "
                                        r"\(did you mean 'beta-smurf'\?\)"):
        load_catalog(without=["beta-smurff"])
    with pytest.raises(UserError, match="--without: no card 'nobody' in the mix"):
        load_catalog(without=["beta-smurf", "nobody"])


# ------------------------------------------------------------------ ids and their former spellings
RENAMED = {"builder-smurf": "handy-smurf"}     # former id -> the id made from the card's name


def test_every_card_id_is_made_from_its_name(cat):
    assert card_slug("Handy Smurf") == "handy-smurf"
    assert card_slug("Inventor's Gateau") == "inventors-gateau" == card_slug("Inventor\u2019s G\u00e2teau")
    for rows in (cat.smurfs, cat.inventions, cat.cakes, cat.gargamel):
        for row in rows:
            assert row["id"] == card_slug(row["name"]), (row["id"], row["name"])


def test_a_former_id_still_names_its_card(cat):
    for old, new in RENAMED.items():
        assert new in ids(cat.smurfs) and old not in ids(cat.smurfs)
        by_old, by_new = load_catalog(without=[old]), load_catalog(without=[new])
        assert by_old.mix == by_new.mix == f"default-without-{new}"
        assert by_old.without == by_new.without == (new,)
        assert by_old.digest == by_new.digest
        assert ids(by_old.smurfs) == ids(by_new.smurfs) == [i for i in ids(cat.smurfs) if i != new]
        assert find_card(cat, old) == find_card(cat, new) == [("smurf", cat.smurfs[ids(cat.smurfs).index(new)])]
    with pytest.raises(UserError, match=r"no card 'builder-smurff' in the mix 'default' \(did you mean"):
        find_card(cat, "builder-smurff")


def test_a_grids_without_axis_accepts_a_former_id():
    from experiments.grid import expand, parse_grid
    grid = parse_grid({"games": 10, "axes": {"without": [[], ["builder-smurf"], ["handy-smurf"]]}}, "grid")
    cells, skipped = expand(grid)
    assert skipped == []
    assert sorted(c.mix for c in cells) == ["default", "default-without-handy-smurf",
                                            "default-without-handy-smurf"]


def test_a_former_id_and_its_id_remove_the_card_once():
    mix = load_catalog(without=["builder-smurf", "handy-smurf", "willow"])
    assert mix.mix == "default-without-handy-smurf+willow" and len(mix.smurfs) == 33


def test_a_renamed_card_plays_the_same_games(cat, tmp_path):
    """Ids name cards for users only: the deal follows the cards' order in the files, and no
    seed is made from an id or a mix name (the cards under their former ids, another mix
    name, play the same games)."""
    text = default_cards_text()
    for old, new in RENAMED.items():
        text = edit_card(text, new, f'id = "{new}"\nname', f'id = "{old}"\nname')
        text = text.replace(f'aliases = ["{old}"]', "")
    former = load_catalog(cards=write(tmp_path, text))
    assert former.mix != cat.mix and set(RENAMED) <= set(ids(former.smurfs))
    assert np.array_equal(former.rules.buf, cat.rules.buf)
    assert np.array_equal(results(former), results(cat))


@pytest.mark.parametrize("old,new,needle", [
    ('aliases = ["builder-smurf"]', 'aliases = ["beta-smurf"]',
     "smurf 'handy-smurf': alias 'beta-smurf' is the id of smurf 'beta-smurf'"),
    ('aliases = ["builder-smurf"]', 'aliases = ["Builder Smurf"]',
     "smurf 'handy-smurf': each of 'aliases' must be a kebab-case card id, got 'Builder Smurf'"),
    ('aliases = ["builder-smurf"]', 'aliases = ["handy-smurf"]',
     "smurf 'handy-smurf': alias 'handy-smurf' is the card's own id"),
    ('aliases = ["builder-smurf"]', 'aliases = "builder-smurf"',
     "smurf 'handy-smurf': 'aliases' must be a list, got 'builder-smurf'"),
], ids=["another-id", "not-kebab", "own-id", "not-a-list"])
def test_a_bad_alias_is_an_error_naming_the_card(tmp_path, old, new, needle):
    p = write(tmp_path, edit_card(default_cards_text(), "handy-smurf", old, new))
    with pytest.raises(DataError) as e:
        load_catalog(cards=p)
    assert str(e.value) == f"{p}: {needle}"
    problems, _ = validate_cards(p)
    assert [str(x) for x in problems] == [f"{p}: {needle}"]


def test_an_alias_names_one_card(tmp_path):
    text = edit_card(default_cards_text(), "willow", 'name = "Willow"', 'name = "Willow"\naliases = ["builder-smurf"]')
    p = write(tmp_path, text)
    with pytest.raises(DataError, match="smurf 'handy-smurf': alias 'builder-smurf' is an alias of smurf 'willow' too"):
        load_catalog(cards=p)


def test_the_too_late_card_cannot_be_removed():
    with pytest.raises(UserError, match="'too-late' is the Too Late card"):
        load_catalog(without=["too-late"])


def test_an_id_in_several_kinds_is_removed_from_each(tmp_path):
    text = edit_card(default_cards_text(), "shovel", 'id = "shovel"', 'id = "storm"')
    mix = load_catalog(cards=write(tmp_path, text), without=["storm"])
    assert "storm" not in ids(mix.smurfs) and "storm" not in ids(mix.inventions)
    assert (len(mix.smurfs), len(mix.inventions)) == (34, 23)


def test_removing_cards_changes_the_game_for_the_same_seed(cat):
    base = results(cat)
    assert np.array_equal(base, results(load_catalog()))                 # reproducible
    assert not np.array_equal(base, results(load_catalog(without=["beta-smurf"])))
    assert not np.array_equal(base, results(load_catalog(without=["looting", "bird-call"])))


# ------------------------------------------------------------------ levels short of cards
def test_a_level_short_of_lost_smurfs_fails_only_when_used():
    mix = load_catalog(without=THREE_LOST)                   # loads: 17 lost Smurfs
    for level in ("standard", "complex", "terrible"):
        make_config(mix, level=level)
        assert mix_shortfall(mix, level) is None
    with pytest.raises(UserError) as e:
        make_config(mix, level="smurfnightmarish")
    assert str(e.value) == ("level 'smurfnightmarish' needs 18 lost Smurfs; "
                            "the mix 'default-without-poet-smurf+storm+willow' has 17")


def test_a_level_short_of_cakes_or_gargamel_cards_fails_only_when_used(cat):
    cakes = ids(cat.cakes)
    mix = load_catalog(without=cakes[:7])                     # 3 cakes: Terrible needs 4
    make_config(mix, level="complex")
    with pytest.raises(UserError, match=r"level 'terrible' needs 4 cakes; the mix '.*' has 3"):
        make_config(mix, level="terrible")
    garg = [r["id"] for r in cat.gargamel if r["timing"] != "too-late"]
    mix = load_catalog(without=garg[:7])                      # 9 effect cards: Complex needs 10
    make_config(mix, level="standard")
    with pytest.raises(UserError, match="level 'complex' needs 10 Gargamel effect cards plus Too Late; "
                                        "the mix '.*' has 9"):
        make_config(mix, level="complex")


def test_too_few_starting_smurfs_fail_only_for_the_player_counts_they_cannot_deal(cat):
    starting = [r["id"] for r in cat.smurfs if r["kind"] == "starting"]
    mix = load_catalog(without=starting[:7])                  # 8 starting Smurfs
    for players in (1, 2):                                    # 5 and 2 x 4
        make_config(mix, players=players)
    with pytest.raises(UserError, match="3 players x 3 cards needs 9 starting Smurfs; the mix '.*' has 8"):
        make_config(mix, players=3)


def test_the_data_files_keep_their_load_time_errors(tmp_path):
    text = (DEFAULT_DATA_DIR / "smurfs.toml").read_text(encoding="utf-8")
    blocks = re.split(r"(?m)^(?=\[\[)", text)
    blocks = [b for b in blocks if not any(f'id = "{i}"\n' in b for i in THREE_LOST)]
    (tmp_path / "smurfs.toml").write_text("".join(blocks), encoding="utf-8")
    with pytest.raises(DataError, match=r"levels.toml: level 'smurfnightmarish': needs 18 lost Smurfs "
                                        r"but .*smurfs.toml has 17"):
        load_catalog(tmp_path)


# ------------------------------------------------------------------ --cards
def test_a_copy_of_the_default_cards_plays_the_same_games(cat, tmp_path):
    p = write(tmp_path, default_cards_text())
    mine = load_catalog(cards=p)
    for a in cat.rules._fields:
        assert np.array_equal(getattr(mine.rules, a), getattr(cat.rules, a)), a
    assert np.array_equal(results(mine), results(cat))
    assert re.fullmatch(r"my-cards-[0-9a-f]{8}", mine.mix)
    assert mine.cards_file == str(p)
    assert all(mine.files[n] == str(p) for n in CARD_FILES)
    assert mine.digest != cat.digest


def test_a_user_catalog_with_one_card_edited_changes_the_game(cat, tmp_path):
    text = edit_card(default_cards_text(), "mellow-smurf", "amount = -1", "amount = 3")
    mine = load_catalog(cards=write(tmp_path, text))
    i = ids(mine.smurfs).index("mellow-smurf")
    assert mine.smurfs[i]["effects"] == [{"op": "collect-delta", "amount": 3}]
    assert not np.array_equal(results(mine), results(cat))


def test_the_cards_mix_name_is_stable_and_follows_the_content(tmp_path):
    text = default_cards_text()
    a = load_catalog(cards=write(tmp_path, text, "a.toml"))
    b = load_catalog(cards=write(tmp_path, text, "a2.toml"))
    c = load_catalog(cards=write(tmp_path, text + "\n# a comment\n", "a3.toml"))
    assert a.mix[-8:] == b.mix[-8:] != c.mix[-8:]
    assert load_catalog(cards=tmp_path / "a.toml").mix == a.mix
    w = load_catalog(cards=tmp_path / "a.toml", without=["willow"])
    assert w.mix == a.mix + "-without-willow"


def test_a_user_catalog_with_fewer_cards_fails_only_for_the_levels_it_cannot_set_up(tmp_path):
    blocks = re.split(r"(?m)^(?=\[\[)", default_cards_text())
    blocks = [b for b in blocks if not any(f'id = "{i}"\n' in b for i in THREE_LOST)]
    mine = load_catalog(cards=write(tmp_path, "".join(blocks)))
    make_config(mine, level="terrible")
    with pytest.raises(UserError, match=rf"level 'smurfnightmarish' needs 18 lost Smurfs; "
                                        rf"the mix '{mine.mix}' has 17"):
        make_config(mine, level="smurfnightmarish")


def test_cards_and_card_files_in_the_data_folder_do_not_mix(tmp_path):
    d = tmp_path / "rules"
    d.mkdir()
    (d / "cakes.toml").write_text((DEFAULT_DATA_DIR / "cakes.toml").read_text())
    with pytest.raises(UserError, match="use one or the other"):
        load_catalog(d, cards=write(tmp_path, default_cards_text()))


def test_card_files_replaced_through_the_data_folder_name_the_mix(tmp_path):
    d = tmp_path / "rules"
    d.mkdir()
    text = (DEFAULT_DATA_DIR / "cakes.toml").read_text()
    (d / "cakes.toml").write_text(text)
    assert load_catalog(d).mix == "default"                   # the same bytes
    (d / "cakes.toml").write_text(text.replace("n = 10", "n = 9", 1))
    assert re.fullmatch(r"rules-[0-9a-f]{8}", load_catalog(d).mix)


# ------------------------------------------------------------------ validation
def test_validate_reports_every_bad_entry(tmp_path):
    text = default_cards_text()
    text = edit_card(text, "beta-smurf", '{ op = "no-inventions" }', '{ op = "no-invention" }')
    text = edit_card(text, "lazy-smurf", 'kind = "starting"', 'kind = "grumpy"')
    text = edit_card(text, "robot-assistant", "cost = 4", "cost = -1")
    text = edit_card(text, "daredevil-cake", 'requires = "danger-streak"', 'requires = "danger-spree"')
    text = edit_card(text, "looting", "azrael = 2", 'azrael = "two"')
    problems, _ = validate_cards(write(tmp_path, text))
    assert [(e.entry, e.problem.split(" (")[0]) for e in problems] == [
        ("smurf 'beta-smurf' effect 2", "unknown op 'no-invention'"),
        ("smurf 'lazy-smurf'", "unknown kind 'grumpy'"),
        ("invention 'robot-assistant'", "'cost' must be at least 0, got -1"),
        ("cake 'daredevil-cake'", "unknown prerequisite 'danger-spree' in 'requires'"),
        ("gargamel card 'looting'", "'azrael' must be a whole number, got 'two'"),
    ]
    assert all(e.path == str(tmp_path / "my-cards.toml") for e in problems)
    with pytest.raises(DataError, match="beta-smurf"):       # the loader stops at the first
        load_catalog(cards=tmp_path / "my-cards.toml")


def test_validate_a_good_catalog_notes_the_levels_it_cannot_set_up(tmp_path):
    problems, summary = validate_cards(write(tmp_path, default_cards_text()))
    assert problems == []
    assert (summary["smurfs"], summary["inventions"], summary["cakes"], summary["gargamel"]) == (35, 24, 10, 17)
    assert summary["notes"] == []
    blocks = re.split(r"(?m)^(?=\[\[)", default_cards_text())
    blocks = [b for b in blocks if not any(f'id = "{i}"\n' in b for i in THREE_LOST)]
    problems, summary = validate_cards(write(tmp_path, "".join(blocks), "fewer.toml"))
    assert problems == [] and summary["lost"] == 17
    assert len(summary["notes"]) == 1 and "level 'smurfnightmarish' needs 18 lost Smurfs" in summary["notes"][0]


# ------------------------------------------------------------------ the engine with a mix
def test_invariants_hold_with_thinned_mixes(cat):
    inventions = ids(cat.inventions)
    starting = [r["id"] for r in cat.smurfs if r["kind"] == "starting"]
    garg = [r["id"] for r in cat.gargamel if r["timing"] != "too-late"]
    run_checked(load_catalog(without=inventions), "standard", "white", games=100)          # no inventions
    run_checked(load_catalog(without=inventions[:-1]), "complex", "red", games=100, players=1)
    run_checked(load_catalog(without=starting[:7]), "standard", "red", games=100, players=2)  # 8 = 2 x 4
    run_checked(load_catalog(without=THREE_LOST + garg[:6] + ids(cat.cakes)[:6]), "terrible", "red",
                games=100, players=5)
