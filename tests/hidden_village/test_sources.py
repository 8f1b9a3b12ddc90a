"""Every assumption labelled, field by field (issue 18, item 1).

A card or action from the rulebook whose type, trigger, amount or cost is ours says so per
field (`type_source = "assumed"`...). A field claimed for the rulebook must be stated by the
rulebook's words the entry quotes (`rulebook`), and the quote must be the rulebook's own
words: simcore/games/hidden_village/evidence.py says which words state which claim."""
import re
import tomllib
from pathlib import Path

import pytest

from simcore.games.hidden_village import evidence
from simcore.games.hidden_village.catalog import DEFAULT_DATA_DIR, load_catalog

# the rulebook's text, beside the project (../shared/rulebooks): checked when it is there
RULEBOOK = Path(__file__).resolve().parents[2].parent / "shared" / "rulebooks" / "hidden-village.txt"
FILES = {"smurf": ("smurfs.toml", "smurf"), "invention": ("inventions.toml", "invention"),
         "cake": ("cakes.toml", "cake"), "gargamel": ("gargamel.toml", "gargamel"),
         "action": ("board.toml", "action")}


def entries():
    for category, (name, key) in FILES.items():
        data = tomllib.loads((DEFAULT_DATA_DIR / name).read_text())
        for row in data[key]:
            yield category, row


RULEBOOK_ENTRIES = [(c, r) for c, r in entries() if r["source"] == "rulebook"]


def test_there_are_rulebook_entries_to_check():
    assert len(RULEBOOK_ENTRIES) >= 25


@pytest.mark.parametrize("category,row", RULEBOOK_ENTRIES, ids=lambda x: x["id"] if isinstance(x, dict) else x)
def test_a_rulebook_entry_claims_for_the_rulebook_only_what_its_quote_states(category, row):
    assert evidence.unsupported(category, row) == []


@pytest.mark.skipif(not RULEBOOK.is_file(), reason="the rulebook's text is not beside the project")
@pytest.mark.parametrize("category,row", [(c, r) for c, r in entries() if "rulebook" in r],
                         ids=lambda x: x["id"] if isinstance(x, dict) else x)
def test_each_quote_is_the_rulebooks_own_words(category, row):
    text = evidence.normalize(RULEBOOK.read_text(encoding="utf-8"))
    for part in evidence.quote_parts(row):
        assert evidence.normalize(part) in text, part


@pytest.mark.parametrize("category,row_id,field,why", [
    ("invention", "disguise", "type", "type 'durable'"),
    ("invention", "disguise", "effects", "effect 'ignore-danger'"),
    ("invention", "wardrobe", "type", "type 'durable'"),
    ("invention", "shovel", "type", "type 'durable'"),
    ("invention", "rewind-spell", "type", "type 'single-use'"),
    ("gargamel", "fit-of-rage", "effects", "amount 3"),
    ("action", "bushes-upper", "amount", "amount 3"),
    ("action", "bushes-lower", "amount", "amount 3"),
    ("action", "sawmill-upper", "cost", "cost (free)"),
    ("smurf", "lazy-smurf", "kind", "kind 'starting'"),
    ("smurf", "saxophonist-smurf", "effects", "effect 'collect-identical'"),
])
def test_the_check_refuses_a_field_the_rulebook_does_not_state(category, row_id, field, why):
    """The assumed fields of the rulebook's cards, claimed for the rulebook, fail: the check is
    not vacuous (each was mislabelled "rulebook" before issue 18)."""
    row = next(r for c, r in entries() if c == category and r["id"] == row_id)
    assert row.get(f"{field}_source") == "assumed"
    claimed = {**row, f"{field}_source": "rulebook"}
    problems = evidence.unsupported(category, claimed)
    assert problems and any(why.split(" ")[0] in p for p in problems), problems


def test_a_rulebook_claim_without_a_quote_fails():
    row = next(r for c, r in entries() if r["id"] == "beta-smurf")
    assert evidence.unsupported("smurf", {k: v for k, v in row.items() if k != "rulebook"})


def test_a_changed_number_no_longer_matches_its_quote():
    row = next(r for c, r in entries() if r["id"] == "mellow-smurf")
    changed = {**row, "effects": [{"op": "collect-delta", "amount": -2}]}
    assert evidence.unsupported("smurf", changed)
    cake = next(r for c, r in entries() if r["id"] == "daredevil-cake")
    assert evidence.unsupported("cake", {**cake, "n": 5})


@pytest.mark.parametrize("entry,what", [
    ("invention 'disguise'", "type (durable)"),
    ("invention 'disguise'", "effect and trigger"),
    ("invention 'wardrobe'", "type (durable)"),
    ("invention 'shovel'", "type (durable)"),
    ("action 'bushes-upper'", "amount (3)"),
    ("action 'bushes-lower'", "amount (3)"),
    ("gargamel card 'fit-of-rage'", "effect"),
    ("smurf 'saxophonist-smurf'", "kind (lasting)"),
])
def test_the_assumed_fields_are_in_the_assumptions_list(entry, what):
    """The list the report's "Rules assumed" and `meeplesim assumptions list` show."""
    found = [(f, e, w) for f, e, w in load_catalog().assumptions if e == entry]
    assert any(w.startswith(what) for _, _, w in found), found


def test_every_entry_of_ours_is_listed_once_whole():
    found = load_catalog().assumptions
    whole = [e for _, e, w in found if w.startswith("the whole card")]
    assert "invention 'smurfberry-press'" in whole
    assert len(whole) == len(set(whole))
    assert not any(e == "smurf 'beta-smurf'" for _, e, _ in found)     # the rulebook's throughout


def test_per_field_sources_take_only_the_source_vocabulary(tmp_path):
    from simcore.errors import DataError
    text = (DEFAULT_DATA_DIR / "inventions.toml").read_text()
    (tmp_path / "inventions.toml").write_text(
        re.sub(r'type_source = "assumed"', 'type_source = "guess"', text, count=1))
    with pytest.raises(DataError, match="unknown source 'guess'"):
        load_catalog(tmp_path)
