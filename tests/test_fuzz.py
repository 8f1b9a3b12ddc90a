"""Fuzzed inputs (property-based, hypothesis): card catalogs, data folders and grid files.

Each input is built from the shipped files with values replaced (wrong type, out of range,
unknown names), keys removed or added, entries dropped or duplicated, or the TOML broken.
Properties:
- a valid input never crashes the engine: a few games play, with the invariant checks of the
  invariant drivers (tests/*/test_invariants.py) after every turn;
- an invalid one gives `error:` lines and exit 2, never a traceback: one line per problem
  from `hidden-village cards validate`, exactly one from `run`, `check-data` and `sweep`.

The default suite runs a few derandomized examples of each (fixed seed: the same inputs on
every run); the slow tier (`scripts/test --slow`) runs many more.
"""
from __future__ import annotations

import copy
import tempfile
import tomllib
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import strategies
from experiments.cli import app
from experiments.grid import TOP_KEYS
from simcore.errors import UserError
from simcore.policy import RANDOM
from simcore.games.cake_race import catalog as cr_catalog
from simcore.games.hidden_village.card_data import CARD_FILES
from simcore.games.hidden_village.catalog import DATA_FILES, DEFAULT_DATA_DIR, load_catalog
from simcore.games.hidden_village.config import make_config
from tests.cake_race import test_invariants as cr_inv
from tests.fuzzkit import PLAUSIBLE, _get, broken_text, dumps, mutations, paths
from tests.hidden_village import test_invariants as hv_inv

runner = CliRunner()
CR_DATA_DIR = Path(cr_catalog.__file__).parent / "data"
CR_FILES = sorted(p.name for p in CR_DATA_DIR.glob("*.toml"))


def fuzz_settings(examples: int):
    return settings(max_examples=examples, derandomize=True, deadline=None, database=None,
                    suppress_health_check=list(HealthCheck), print_blob=True)


FAST, SLOW = 20, 600         # examples per property: default suite, slow tier
SEEN: dict = {}              # outcome -> examples, per property (each must see both)


def seen(what: str):
    event(what)
    SEEN[what] = SEEN.get(what, 0) + 1


def invoke(*args):
    return runner.invoke(app, [str(a) for a in args])


def lines_of(r) -> list[str]:
    return r.output.strip().splitlines()


def assert_no_crash(r):
    assert r.exception is None or isinstance(r.exception, SystemExit), \
        f"crashed: {r.exception!r}\n{r.output}"
    assert "Traceback" not in r.output, r.output
    assert r.exit_code in (0, 2), (r.exit_code, r.output)


def assert_one_error(r) -> str:
    assert_no_crash(r)
    lines = lines_of(r)
    assert r.exit_code == 2 and len(lines) == 1 and lines[0].startswith("error: "), r.output
    return lines[0]


def load_doc(path: Path) -> dict:
    return tomllib.loads(path.read_text(encoding="utf-8"))


# every id, location, resource and op name the shipped data use: mutations draw from these too
def _names(doc, out):
    if isinstance(doc, dict):
        for v in doc.values():
            _names(v, out)
    elif isinstance(doc, list):
        for v in doc:
            _names(v, out)
    elif isinstance(doc, str) and len(doc) < 30:
        out.add(doc)
    return out


CARDS_DOC = {}
for _file in CARD_FILES:
    CARDS_DOC.update(load_doc(DEFAULT_DATA_DIR / _file))
HV_DOCS = {n: load_doc(DEFAULT_DATA_DIR / n) for n in DATA_FILES}
CR_DOCS = {n: load_doc(CR_DATA_DIR / n) for n in CR_FILES}
HV_NAMES = sorted(_names(HV_DOCS, set()))
CR_NAMES = sorted(_names(CR_DOCS, set()))

HV_CONFIGS = [(lv, die, hungry) for lv in ("standard", "complex") for die in ("white", "red")
              for hungry in (True, False)] + [("terrible", "white", True), ("terrible", "red", True),
                                              ("smurfnightmarish", "red", True)]
HV_STRATEGIES = ["random", "first", "greedy", "planner"]
CR_STRATEGIES = ["random", "first", "threshold", "adaptive", "skill"]
CR_RIVALS = ["same", "first", "random", "threshold-3", "adaptive"]


def test_the_toml_writer_round_trips_every_shipped_file():
    for doc in list(HV_DOCS.values()) + list(CR_DOCS.values()) + [CARDS_DOC]:
        assert tomllib.loads(dumps(doc)) == doc


# ---------------------------------------------------------------- playing a valid input
def play_hidden_village(cat, data, games=8):
    """A few games of a configuration drawn from `data`, invariants checked after every turn.
    A configuration the data cannot set up must be refused with a UserError (one line)."""
    level, die, hungry = data.draw(st.sampled_from(HV_CONFIGS), "config")
    players = data.draw(st.integers(1, 5), "players")
    strategy = data.draw(st.sampled_from(HV_STRATEGIES), "strategy")
    try:
        make_config(cat, level=level, die=die, hungry=hungry, players=players)
    except UserError:
        return
    hv_inv.run_checked(cat, level, die, games=games, players=players, strategy=strategy,
                       seed=data.draw(st.integers(0, 2 ** 20), "seed"))


def play_cake_race(cat, data, games=20):
    players = data.draw(st.integers(1, 4), "players")
    strategy = strategies.get(data.draw(st.sampled_from(CR_STRATEGIES), "strategy"), "cake-race")
    rivals = data.draw(st.sampled_from(CR_RIVALS), "rivals")
    try:
        cr_inv.make_config(cat, players=players, rivals=rivals)
    except UserError:
        return
    cr_inv.run_checked(cat, players, strategy.kernel_id, rivals, games,
                       seed=data.draw(st.integers(0, 2 ** 20), "seed"), params=np.asarray(strategy.param_vector()))


# ---------------------------------------------------------------- card catalogs (--cards)
def check_card_catalog(text: str, n_changes: int, data):
    with tempfile.TemporaryDirectory() as d:
        p = Path(d) / "fuzz-cards.toml"
        p.write_text(text, encoding="utf-8")
        r = invoke("hidden-village", "cards", "validate", p)
        assert_no_crash(r)
        lines = lines_of(r)
        seen("valid" if r.exit_code == 0 else "invalid")
        if r.exit_code == 0:
            assert lines[-1].startswith(f"ok: {p}: ") and all(l.startswith("note: ") for l in lines[:-1]), r.output
            play_hidden_village(load_catalog(cards=p), data)
            return
        errors = [l for l in lines if l.startswith("error: ")]
        if len(lines) == 1:                      # the file cannot be read at all
            assert errors == lines, r.output
        else:                                    # one line per problem, then the count
            n = len(errors)
            assert lines[:-1] == errors and lines[-1] == f"{p}: {n} problem{'s' if n > 1 else ''}", r.output
        assert all(l.startswith(f"error: {p}") for l in errors), r.output
        assert 1 <= len(errors) <= n_changes + 1, r.output
        # run stops at one of them, with the same words
        line = assert_one_error(invoke("run", "--cards", p, "--games", 4, "--jobs", 1))
        assert line in errors, (line, errors)


@pytest.mark.parametrize("examples", [pytest.param(FAST, id="default"),
                                      pytest.param(SLOW, id="slow", marks=pytest.mark.slow)])
def test_fuzzed_card_catalogs(examples):
    @fuzz_settings(examples)
    @given(st.one_of(mutations(CARDS_DOC, HV_NAMES, max_mutations=4),
                     mutations(CARDS_DOC, HV_NAMES, max_mutations=2, ops=PLAUSIBLE)), st.data())
    def prop(mutated, data):
        doc, done = mutated
        check_card_catalog(dumps(doc), len(done), data)
    SEEN.clear()
    prop()
    assert SEEN.get("valid") and SEEN.get("invalid"), f"only {SEEN}: the generator needs tuning"


@pytest.mark.parametrize("examples", [pytest.param(FAST // 2, id="default"),
                                      pytest.param(SLOW // 3, id="slow", marks=pytest.mark.slow)])
def test_fuzzed_card_catalogs_of_broken_toml(examples):
    @fuzz_settings(examples)
    @given(broken_text("\n".join((DEFAULT_DATA_DIR / n).read_text() for n in CARD_FILES)), st.data())
    def prop(text, data):
        check_card_catalog(text, 1, data)
    SEEN.clear()
    prop()
    assert SEEN.get("invalid") and not SEEN.get("valid"), SEEN


# ---------------------------------------------------------------- data folders (--data)
@st.composite
def data_folders(draw):
    """(game, file name, its new text): one data file of either game mutated or broken."""
    game = draw(st.sampled_from(["hidden-village", "cake-race"]))
    docs, names = (HV_DOCS, HV_NAMES) if game == "hidden-village" else (CR_DOCS, CR_NAMES)
    name = draw(st.sampled_from(sorted(docs)))
    if draw(st.integers(0, 9)) == 0:
        return game, name, draw(broken_text(dumps(docs[name])))
    doc, _ = draw(st.one_of(mutations(docs[name], names, max_mutations=2),
                            mutations(docs[name], names, max_mutations=1, ops=PLAUSIBLE)))
    return game, name, dumps(doc)


def check_data_folder(game, name, text, data):
    with tempfile.TemporaryDirectory() as d:
        (Path(d) / name).write_text(text, encoding="utf-8")
        r = invoke("check-data", d, "--game", game)
        assert_no_crash(r)
        seen("valid" if r.exit_code == 0 else "invalid")
        if r.exit_code == 0:
            assert len(lines_of(r)) == 1 and lines_of(r)[0].startswith(f"ok: {d}: "), r.output
            if game == "hidden-village":
                play_hidden_village(load_catalog(d), data)
            else:
                play_cake_race(cr_catalog.load_catalog(d), data)
            return
        line = assert_one_error(r)
        # the command that reads the file refuses the folder with the same line, before
        # playing: run for the rules, tune for the levers (run does not read them)
        reader = (["tune", "--list-levers"] if name == "levers.toml" else
                  ["run", "--games", 4, "--jobs", 1])
        assert assert_one_error(invoke(*reader, "--game", game, "--data", d)) == line


@pytest.mark.parametrize("examples", [pytest.param(2 * FAST, id="default"),
                                      pytest.param(2 * SLOW, id="slow", marks=pytest.mark.slow)])
def test_fuzzed_data_folders(examples):
    @fuzz_settings(examples)
    @given(data_folders(), st.data())
    def prop(folder, data):
        check_data_folder(*folder, data)
    SEEN.clear()
    prop()
    assert SEEN.get("valid") and SEEN.get("invalid"), f"only {SEEN}: the generator needs tuning"


# ---------------------------------------------------------------- grid files (sweep)
OPTION_VALUES = {
    "players": st.one_of(st.integers(0, 6), st.just("three")),
    "strategy": st.sampled_from(["random", "first", "greedy", "planner", "genius", "threshold", 3]),
    "params": st.one_of(st.dictionaries(st.sampled_from(["k", "depth", "w"]), st.integers(-2, 12), max_size=2),
                        st.just(4)),
    "level": st.sampled_from(["standard", "complex", "terrible", "smurfnightmarish", "hard", 2]),
    "die": st.sampled_from(["white", "red", "blue", True]),
    "hungry": st.sampled_from([True, False, "yes"]),
    "too_late": st.sampled_from(["bottom", "top", "bottom-3", "middle", "bottom-40"]),
    "finite_supply": st.sampled_from([True, False, 1]),
    "without": st.one_of(st.lists(st.sampled_from(["beta-smurf", "storm", "too-late", "nobody"]), max_size=2),
                         st.just("beta-smurf")),
    "cards": st.sampled_from(["nope.toml", "cards.csv", 7]),
    "rivals": st.sampled_from(["same", "adaptive", "threshold-4", "threshold-40", "nobody"]),
    "seat": st.sampled_from(["rotate", "0", "1", "9", 0]),
    "game": st.sampled_from(["hidden-village", "cake-race", "chess"]),
    "data": st.sampled_from(["/nonexistent/rules", str(DEFAULT_DATA_DIR)]),
    "colour": st.sampled_from(["blue"]),
}
TOP_VALUES = {
    "name": st.sampled_from(["fuzz", "", 3]),
    "description": st.sampled_from(["a grid", 1]),
    "games": st.sampled_from([2, 0, -5, "many", 2.5]),
    "seed": st.sampled_from([1, 0, -1, 2 ** 63 - 1, "x"]),
    "chunk": st.sampled_from([1, 2, 0, -3, "big"]),
    "compare": st.sampled_from(["die", "level", "players", "colour", 3]),
    "rank": st.sampled_from([True, False, "yes"]),
    "speed": st.just(3),
}


def _axis_values(option):
    return st.lists(OPTION_VALUES[option], min_size=0, max_size=2)


@st.composite
def grid_tables(draw):
    """A random grid: known and unknown top keys; [fixed], [axes] and [[linked]] of known and
    unknown options with known and unknown values. At most 2 x 2 x 2 cells."""
    options = st.sampled_from(sorted(OPTION_VALUES))
    grid = {}
    for k in draw(st.lists(st.sampled_from(sorted(TOP_VALUES)), max_size=3, unique=True)):
        grid[k] = draw(TOP_VALUES[k])
    if draw(st.booleans()):
        grid["fixed"] = {k: draw(OPTION_VALUES[k]) for k in draw(st.lists(options, max_size=3, unique=True))}
    if draw(st.booleans()):
        grid["axes"] = {k: draw(_axis_values(k)) for k in draw(st.lists(options, max_size=2, unique=True))}
    if draw(st.integers(0, 3)) == 0:
        n = draw(st.integers(0, 2))
        grid["linked"] = [{k: draw(st.lists(OPTION_VALUES[k], min_size=n, max_size=n))
                           for k in draw(st.lists(options, min_size=1, max_size=2, unique=True))}]
    if draw(st.integers(0, 4)) == 0:      # a section of the wrong type
        grid[draw(st.sampled_from(["fixed", "axes", "linked"]))] = draw(st.sampled_from([3, "x", [1]]))
    return grid


def check_grid(grid: dict):
    with tempfile.TemporaryDirectory() as d:
        f = Path(d) / "grid.toml"
        f.write_text(dumps(grid), encoding="utf-8")
        results = Path(d) / "r"
        r = invoke("sweep", f, "--results", results, "--games", 2, "--chunk", 2, "--jobs", 1)
        assert_no_crash(r)
        seen("valid" if r.exit_code == 0 else "invalid")
        if r.exit_code == 2:
            assert_one_error(r)
            assert not results.exists() or not any(results.iterdir()), "a refused grid left results"


@pytest.mark.parametrize("examples", [pytest.param(2 * FAST, id="default"),
                                      pytest.param(2 * SLOW, id="slow", marks=pytest.mark.slow)])
def test_fuzzed_grid_files(examples):
    @fuzz_settings(examples)
    @given(grid_tables())
    def prop(grid):
        check_grid(grid)
    SEEN.clear()
    prop()
    assert SEEN.get("valid") and SEEN.get("invalid"), f"only {SEEN}: the generator needs tuning"


def test_the_grid_generator_knows_every_top_key():
    assert set(TOP_KEYS) - {"fixed", "axes", "linked"} <= set(TOP_VALUES)


# ---------------------------------------------------------------- what the fuzzing found
# Each was a traceback; each is now one error line (exit 2) naming the file and the entry.
FOUND = [
    # a cake race point given as a list, not a name: TypeError (unhashable type: 'list')
    ("cake-race", "board.toml", 'red = ["lane1-3"', 'red = [[], "lane1-3"',
     ["board.toml", "points.red", "a point is named by a string, got []"]),
]


@pytest.mark.parametrize("game,name,old,new,needles", FOUND, ids=[f"{f[0]}:{f[1]}:{f[3]}" for f in FOUND])
def test_inputs_the_fuzzing_found_give_one_error_line(tmp_path, game, name, old, new, needles):
    folder = CR_DATA_DIR if game == "cake-race" else DEFAULT_DATA_DIR
    text = (folder / name).read_text(encoding="utf-8")
    assert old in text
    (tmp_path / name).write_text(text.replace(old, new, 1), encoding="utf-8")
    for args in (["check-data", tmp_path, "--game", game],
                 ["run", "--game", game, "--data", tmp_path, "--games", 4, "--jobs", 1]):
        line = assert_one_error(invoke(*args))
        assert all(n in line for n in needles), line


# ---------------------------------------------------------------- every number at the edges
EDGES = (0, -1, 2 ** 63 - 1, 10 ** 6, 1.5)


def _numbers(docs):
    for name, doc in docs.items():
        for path in paths(doc):
            v = _get(doc, path)
            if isinstance(v, (int, float)) and not isinstance(v, bool):
                yield name, doc, path


@pytest.mark.slow
@pytest.mark.parametrize("game", ["hidden-village", "cake-race"])
def test_every_number_of_every_data_file_at_the_edges(game):
    """Not random: each number of each data file set to each of EDGES in turn. Refused with one
    line, or accepted and then 20 games play under the invariant drivers."""
    docs = HV_DOCS if game == "hidden-village" else CR_DOCS
    accepted = 0
    for name, doc, path in _numbers(docs):
        for new in EDGES:
            changed = copy.deepcopy(doc)
            _get(changed, path[:-1])[path[-1]] = new
            with tempfile.TemporaryDirectory() as d:
                (Path(d) / name).write_text(dumps(changed), encoding="utf-8")
                r = invoke("check-data", d, "--game", game)
                if r.exit_code == 2:
                    assert_one_error(r)
                    continue
                assert_no_crash(r)
                accepted += 1
                try:
                    if game == "hidden-village":
                        hv_inv.run_checked(load_catalog(d), "standard", "white", 20)
                    else:
                        cr_inv.run_checked(cr_catalog.load_catalog(d), 3, RANDOM, "same", 20)
                except UserError:
                    pass
    assert accepted > 0
