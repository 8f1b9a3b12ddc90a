"""The data-file checks every game's loader uses (simcore/datafile.py): each problem is one
DataError naming the file, the entry and the field, worded the same in every game."""
import pytest

from simcore.datafile import SOURCE, SOURCES, DataFile, Field
from simcore.errors import DataError
from simcore.games.cake_race.catalog import DATA_DIR as CAKE_DATA
from simcore.games.cake_race.catalog import load_catalog as load_cake_race
from simcore.games.hidden_village.catalog import DEFAULT_DATA_DIR as HV_DATA
from simcore.games.hidden_village.catalog import load_catalog as load_hidden_village

ROOF = {"id": Field(str), "cost": Field(int), "note": Field(str, required=False), "source": SOURCE}


def data_file(tmp_path, text):
    p = tmp_path / "roofs.toml"
    p.write_text(text)
    return DataFile(p)


def problem(f, row, schema=ROOF):
    with pytest.raises(DataError) as e:
        f.check("roof 'r1'", row, schema)
    assert e.value.path == str(f.path) and e.value.entry == "roof 'r1'"
    return e.value.problem


def test_a_good_table_passes_and_comes_back(tmp_path):
    f = data_file(tmp_path, "")
    row = {"id": "r1", "cost": 2, "source": "review"}
    assert f.check("roof 'r1'", row, ROOF) is row


@pytest.mark.parametrize("row,message", [
    ({"id": "r1", "cost": 2, "source": "rulebook", "colour": "red"},
     "unknown key 'colour' (known: id, cost, note, source)"),
    ({"id": "r1", "source": "rulebook"}, "missing key 'cost'"),
    ({"id": "r1", "cost": "2", "source": "rulebook"}, "'cost' must be a whole number, got '2'"),
    ({"id": "r1", "cost": True, "source": "rulebook"}, "'cost' must be a whole number, got True"),
    ({"id": "r1", "cost": 2, "note": 3, "source": "rulebook"}, "'note' must be a string, got 3"),
    ({"id": "r1", "cost": 2, "source": "guess"},
     "unknown source 'guess' (known: rulebook, review, assumed)"),
    ({"id": "r1", "cost": 2, "source": "asumed"},
     "unknown source 'asumed' (did you mean 'assumed'? known: rulebook, review, assumed)"),
], ids=["unknown-key", "missing-key", "type", "bool-is-not-int", "optional-type", "source", "source-hint"])
def test_each_problem_names_the_entry_and_the_field(tmp_path, row, message):
    assert problem(data_file(tmp_path, ""), row) == message


def test_a_source_kept_under_another_key_is_named(tmp_path):
    schema = {"cost": Field(int), "cost_source": SOURCE}
    assert problem(data_file(tmp_path, ""), {"cost": 1, "cost_source": "x"}, schema) == (
        "unknown source 'x' in 'cost_source' (known: rulebook, review, assumed)")


def test_file_level_keys_and_sections(tmp_path):
    f = data_file(tmp_path, "[board]\ncake = 'c'\n[extra]\nx = 1\n")
    with pytest.raises(DataError, match=r"roofs.toml: unknown key 'extra' \(known: board\)$"):
        f.top_keys(("board",))
    assert f.section("board") == {"cake": "c"}
    with pytest.raises(DataError, match=r"roofs.toml: paths: missing \[paths\] table$"):
        f.section("paths")


def test_the_source_vocabulary_is_what_the_shipped_data_uses():
    assert SOURCES == ("rulebook", "review", "assumed")
    load_hidden_village()    # every shipped source is in the vocabulary
    load_cake_race()


def edited(tmp_path, data_dir, name, old, new):
    text = (data_dir / name).read_text()
    assert old in text
    (tmp_path / name).write_text(text.replace(old, new, 1))
    return tmp_path


@pytest.mark.parametrize("load,data_dir,name,old,entry", [
    (load_hidden_village, HV_DATA, "roofs.toml", 'source = "assumed"', "roof 'roof-1'"),
    (load_cake_race, CAKE_DATA, "deck.toml", 'source = "assumed"', "card nothing"),
], ids=["hidden-village", "cake-race"])
def test_both_games_word_a_bad_source_and_an_unknown_key_alike(tmp_path, load, data_dir, name, old, entry):
    d = edited(tmp_path, data_dir, name, old, 'source = "guess"')
    with pytest.raises(DataError) as e:
        load(d)
    assert str(e.value) == (f"{d / name}: {entry}: unknown source 'guess' "
                            f"(known: rulebook, review, assumed)")
    d = edited(tmp_path, data_dir, name, old, old + '\ncolour = "blue"')
    with pytest.raises(DataError) as e:
        load(d)
    assert str(e.value).startswith(f"{d / name}: {entry}: unknown key 'colour' (known: ")


def test_a_data_file_edited_without_a_new_size_or_time_is_read_again(tmp_path):
    """The parsed-file memo is keyed by the file's bytes: an edit of the same size whose
    modification time is put back (a copy that keeps times, or two writes within the
    clock's resolution) is read as edited."""
    import os

    from simcore.gamekit import read_toml
    p = tmp_path / "setup.toml"
    p.write_text("[cake_supply]\nvalue = 40\n")
    st = p.stat()
    assert read_toml(p)["cake_supply"]["value"] == 40
    p.write_text("[cake_supply]\nvalue = 30\n")
    os.utime(p, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert p.stat().st_size == st.st_size and p.stat().st_mtime_ns == st.st_mtime_ns
    assert read_toml(p)["cake_supply"]["value"] == 30
