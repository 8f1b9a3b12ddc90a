"""Kernel caches: one numba cache folder per game package, keyed by exactly the sources its
kernels are compiled from (simcore/kernel_sources.py): the modules that define kernels and the
project modules they import. Editing a kernel, a table layout or a module a kernel imports
starts a fresh cache; editing the loader, its messages or docstrings keeps it.

The key tests compute keys on a temporary copy of the sources: nothing is recompiled."""
import ast
import shutil
import sys
import types
from pathlib import Path

import numpy as np
import pytest
from numba.core.types import BaseNamedTuple

from simcore import jit, kernel_sources, rng
from simcore.games.cake_race import rules as cake_rules
from simcore.games.hidden_village import game as hv_game
from simcore.packed import PackedType, WordTupleType

HV = "simcore/games/hidden_village"


@pytest.fixture
def copy(tmp_path, monkeypatch):
    """A copy of the project's Python sources (simcore/, strategies/), and an edit helper."""
    monkeypatch.setattr(kernel_sources, "MEMO", tmp_path / "memo.json")
    root = tmp_path / "src"
    for package in ("simcore", "strategies"):
        shutil.copytree(jit._ROOT / package, root / package,
                        ignore=shutil.ignore_patterns("__pycache__", "data", "*.md"))

    class Copy:
        path = root

        @staticmethod
        def key(package="hidden_village"):
            kernel_sources.clear()
            return jit.source_hash(package, root)

        @staticmethod
        def edit(rel, old, new):
            p = root / rel
            text = p.read_text()
            assert old in text, (rel, old)
            p.write_text(text.replace(old, new, 1))

        @staticmethod
        def write(rel, text):
            (root / rel).write_text(text)

    yield Copy
    kernel_sources.clear()


def test_each_game_has_its_own_cache_folder():
    cake = Path(cake_rules.play_turn._cache._cache_path).parent.name
    hv = Path(hv_game.run_chunk._cache._cache_path).parent.name
    generic = Path(rng.mix64._cache._cache_path).parent.name
    assert cake == f"numba-cake_race-{jit._source_hash('cake_race')}"
    assert hv == f"numba-hidden_village-{jit._source_hash('hidden_village')}"
    assert generic == f"numba-generic-{jit._generic_hash()}"
    assert len({cake, hv, generic}) == 3


def test_the_hidden_village_key_covers_its_kernels_and_what_they_import_not_the_loader():
    files = {p.relative_to(jit._ROOT).as_posix() for p in jit.key_files("hidden_village")}
    for kernel_source in ("rules/core.py", "rules/turn.py", "rules/decide.py", "game.py",
                          "tables.py", "state.py", "consts.py"):
        assert f"{HV}/{kernel_source}" in files
    for strategy_source in ("heuristics.py", "greedy.py", "planner.py", "rollout.py", "params.py"):
        assert f"strategies/hidden_village/{strategy_source}" in files
    for generic in ("jit.py", "rng.py", "packed.py", "linked.py", "policy.py"):
        assert f"simcore/{generic}" in files
    for not_kernel in ("catalog.py", "card_data.py", "config.py", "trace.py", "__init__.py"):
        assert f"{HV}/{not_kernel}" not in files
    assert "simcore/datafile.py" not in files and "simcore/runner.py" not in files


@pytest.mark.parametrize("package", jit.game_packages())
def test_every_games_kernels_read_its_tables_never_its_loader(package):
    """The one contract (docs/adding-a-game.md): a game's kernels import its tables.py, and
    nothing a kernel imports reaches its loader, catalog.py."""
    files = {p.relative_to(jit._ROOT).as_posix() for p in jit.key_files(package)}
    assert f"simcore/games/{package}/tables.py" in files
    assert f"simcore/games/{package}/catalog.py" not in files


def test_a_loader_docstring_or_message_edit_keeps_the_key(copy):
    before = copy.key()
    copy.edit(f"{HV}/catalog.py", '"""Load and validate the rules data', '"""Load, check and validate the rules data')
    copy.edit(f"{HV}/catalog.py", "data folder not found", "no such data folder")
    copy.edit(f"{HV}/card_data.py", "appears twice", "is given twice")
    copy.edit(f"{HV}/config.py", "requires the red super danger die", "needs the red die")
    copy.edit(f"{HV}/trace.py", '"no effect"', '"nothing"')
    copy.edit("simcore/datafile.py", "must be at least", "must not be below")
    assert copy.key() == before


@pytest.mark.parametrize("rel,old,new", [
    (f"{HV}/tables.py", "A_AMOUNT = 8 ", "A_AMOUNT = 9 "),
    (f"{HV}/rules/core.py", '"""Shared kernels', '"""The shared kernels'),
    ("strategies/hidden_village/params.py", "GREEDY = 3", "GREEDY = 4"),
    (f"{HV}/consts.py", "MAX_PLAYERS = 5", "MAX_PLAYERS = 6"),
    (f"{HV}/state.py", "EVENT_CAPACITY = 4096", "EVENT_CAPACITY = 8192"),
    ("simcore/rng.py", '"""', '"""Edited. '),
    ("simcore/packed.py", "MAX_DIMS = 4", "MAX_DIMS = 5"),
], ids=["tables", "rules-kernel", "strategy-kernel", "consts", "state", "generic-rng", "packed"])
def test_an_edit_to_a_kernel_or_a_module_kernels_import_changes_the_key(copy, rel, old, new):
    before = copy.key()
    copy.edit(rel, old, new)
    assert copy.key() != before


def test_one_games_edit_keeps_the_other_games_key_and_the_generic_one(copy):
    hv, cake, generic = copy.key("hidden_village"), copy.key("cake_race"), copy.key(None)
    copy.edit(f"{HV}/rules/core.py", '"""Shared kernels', '"""The shared kernels')
    assert copy.key("hidden_village") != hv
    assert copy.key("cake_race") == cake and copy.key(None) == generic
    copy.edit("simcore/rng.py", '"""', '"""Edited. ')
    assert copy.key("cake_race") != cake and copy.key(None) != generic


def test_the_code_version_of_results_follows_the_same_key(copy):
    from experiments.engine import code_version
    assert code_version("hidden-village").endswith("+" + jit._source_hash("hidden_village"))
    assert jit._source_hash("hidden_village") == jit.source_hash("hidden_village")
    assert jit._source_hash() == jit.source_hash(all_games=True)
    before = jit.source_hash(root=copy.path, all_games=True)
    copy.edit(f"{HV}/catalog.py", "data folder not found", "no such data folder")
    kernel_sources.clear()
    assert jit.source_hash(root=copy.path, all_games=True) == before
    copy.edit(f"{HV}/tables.py", "A_AMOUNT = 8 ", "A_AMOUNT = 9 ")
    kernel_sources.clear()
    assert jit.source_hash(root=copy.path, all_games=True) != before


def test_kernels_in_a_strategies_package_share_their_games_key(copy):
    before = copy.key()
    copy.write("strategies/hidden_village/greedy2.py",
               "from simcore.jit import njit\nfrom .weights import W\n\n@njit\ndef f(x):\n    return x * W\n")
    copy.write("strategies/hidden_village/weights.py", "W = 2\n")
    with_kernels = copy.key()
    assert with_kernels != before
    copy.edit("strategies/hidden_village/weights.py", "W = 2", "W = 3")   # what the kernel imports
    assert copy.key() != with_kernels
    assert jit._package_of("strategies.hidden_village.greedy2") == "hidden_village"
    assert jit.cache_dir_for("strategies.hidden_village.greedy2") == \
        jit.cache_dir_for("simcore.games.hidden_village.rules")


def test_how_imports_are_followed(copy):
    """Imports inside functions count; imports under TYPE_CHECKING do not; `from pkg import
    name` reads pkg/__init__.py only when the __init__ binds `name` itself."""
    files = {p.relative_to(copy.path).as_posix() for p in jit.key_files("hidden_village", copy.path)}
    assert "simcore/stats.py" not in files and "simcore/store.py" not in files
    copy.write(f"{HV}/extra_kernels.py",
               "from typing import TYPE_CHECKING\nfrom simcore.jit import njit\n"
               "if TYPE_CHECKING:\n    from ...store import ResultsStore\n"
               "def late():\n    from ...stats import wilson_interval\n    return wilson_interval\n")
    kernel_sources.clear()
    files = {p.relative_to(copy.path).as_posix() for p in jit.key_files("hidden_village", copy.path)}
    assert f"{HV}/extra_kernels.py" in files
    assert "simcore/stats.py" in files and "simcore/store.py" not in files
    assert f"{HV}/__init__.py" not in files
    copy.edit(f"{HV}/__init__.py", 'NAME = "hidden-village"', 'NAME = "hidden-village"\nconsts = None')
    kernel_sources.clear()
    files = {p.relative_to(copy.path).as_posix() for p in jit.key_files("hidden_village", copy.path)}
    assert f"{HV}/__init__.py" in files       # `from .. import consts` now reads the __init__


def test_a_cached_kernel_outside_its_key_is_refused():
    def orphan(x):
        return x

    catalog = jit._ROOT / HV / "catalog.py"
    orphan.__code__ = orphan.__code__.replace(co_filename=str(catalog))
    orphan.__module__ = "simcore.games.hidden_village.catalog"
    with pytest.raises(RuntimeError, match="not among the kernel sources of game package 'hidden_village'"):
        jit.njit(orphan)
    jit._check_keyed(hv_game.run_chunk.py_func)      # a kernel module's kernel passes


def _kernels(module):
    return [v for v in vars(module).values() if hasattr(v, "py_func") and getattr(v, "__module__", None) == module.__name__]


def _global_names(code):
    yield from code.co_names
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            yield from _global_names(const)


@pytest.mark.parametrize("package", ["hidden_village", "cake_race"])
def test_every_module_a_kernel_reads_is_in_its_key(package):
    """The rule checked on the loaded kernels: every module, kernel and function a kernel
    reads as a global comes from a file of its key."""
    __import__(f"simcore.games.{package}.game")
    keyed = set(jit.key_files(package)) | set(jit.key_files(None))
    modules = [m for name, m in list(sys.modules.items())
               if name.startswith(f"simcore.games.{package}.") and getattr(m, "__file__", None)
               and _kernels(m)]
    assert modules
    for m in modules:
        assert Path(m.__file__).resolve() in keyed, m.__name__
        for kernel in _kernels(m):
            g = kernel.py_func.__globals__
            for name in set(_global_names(kernel.py_func.__code__)):
                value = g.get(name)
                if isinstance(value, types.ModuleType):
                    origin = getattr(value, "__file__", None)
                else:
                    origin = getattr(sys.modules.get(getattr(value, "__module__", "") or ""), "__file__", None)
                if origin and any(Path(origin).resolve().is_relative_to(jit._ROOT / p)
                                  for p in ("simcore", "strategies")):
                    assert Path(origin).resolve() in keyed, (m.__name__, kernel.__name__, name)


def test_every_type_a_kernel_receives_carries_its_layout_or_is_defined_in_a_keyed_module(cat):
    """numba's cache tells argument types apart by their key: our packed types name their
    layout; a NamedTuple's key is its class, so its module must be hashed."""
    import strategies
    from simcore.games.cake_race import catalog as cake_catalog
    from simcore.games.cake_race import config as cake_config
    from simcore.games.cake_race import game as cake_game
    from simcore.games.hidden_village import make_config, run_games
    C, _ = make_config(cat, level="standard", die="white", players=2)
    run_games(cat, C, strategies.get("random").kernel_id, np.zeros(1), 1, 0, 1)
    ccat = cake_catalog.load_catalog()
    cc, _ = cake_config.make_config(ccat, players=2)
    cake_game.run_games(ccat, cc, strategies.get("random").kernel_id, np.zeros(1), 1, 0, 1)
    for package, dispatcher in (("hidden_village", hv_game.run_chunk), ("cake_race", cake_game.run_chunk)):
        keyed = set(jit.key_files(package))
        assert dispatcher.signatures
        for sig in dispatcher.signatures:
            for typ in sig:
                if isinstance(typ, BaseNamedTuple):
                    origin = Path(sys.modules[typ.instance_class.__module__].__file__).resolve()
                    assert origin in keyed, (package, typ)
                elif isinstance(typ, PackedType):
                    assert "#" in typ.name
                elif isinstance(typ, WordTupleType):
                    assert "#" in typ.name


def test_packed_type_names_change_with_the_layout():
    from simcore.packed import Layout, register_word_tuple
    from typing import NamedTuple
    a = Layout("KeyTestA", [("x", "i8", (3,)), ("y", "i8", (None,))])
    b = Layout("KeyTestB", [("y", "i8", (None,)), ("x", "i8", (3,))])
    assert PackedType(a.name).name.split("#")[1] != PackedType(b.name).name.split("#")[1]

    class P(NamedTuple):
        a: int
        b: int

    class Q(NamedTuple):
        b: int
        a: int

    register_word_tuple(P)
    register_word_tuple(Q)
    assert WordTupleType(P).name.split("#")[1] != WordTupleType(Q).name.split("#")[1]


def _module_bindings(path, root):
    """Names bound in `path` to project modules by its imports."""
    name = kernel_sources.module_name(path, root)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    bound = set()
    for node in ast.walk(ast.parse(path.read_bytes())):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if kernel_sources.module_file(alias.name, root):
                    bound.add(alias.asname or alias.name.split(".")[0])
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                full = ".".join(base + ([node.module] if node.module else []))
            else:
                full = node.module or ""
            for alias in node.names:
                if kernel_sources.module_file(f"{full}.{alias.name}", root):
                    bound.add(alias.asname or alias.name)
    return bound


def _assignments_into_modules(root):
    """Where a project module assigns into another project module (K.X = 1, K.TABLE[i] = 1,
    setattr(T, ...))."""
    found = []
    for package in (p for p in kernel_sources.PACKAGES if p != "tests"):   # what runs beside kernels
        for path in sorted((root / package).rglob("*.py")):
            modules = _module_bindings(path, root)
            for node in ast.walk(ast.parse(path.read_bytes())):
                targets = []
                if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Delete)):
                    targets = node.targets if isinstance(node, (ast.Assign, ast.Delete)) else [node.target]
                elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
                        node.func.id in ("setattr", "delattr") and node.args:
                    targets = [ast.Attribute(value=node.args[0], attr="?")]
                for t in targets:
                    into = t      # follow what is assigned into down to a name
                    while isinstance(into, (ast.Attribute, ast.Subscript)):
                        into = into.value
                    if into is not t and isinstance(into, ast.Name) and into.id in modules:
                        found.append(f"{path.relative_to(root).as_posix()}:{node.lineno}")
    return found


def test_no_module_assigns_into_another_project_module(copy):
    """The key follows imports: a module that set another module's globals could change what
    a kernel reads without being hashed with it."""
    assert _assignments_into_modules(jit._ROOT) == []
    copy.write(f"{HV}/patch.py", "from . import consts as K\nimport simcore.rng\n\n"
                                 "K.N_RES = 4\nsetattr(simcore, 'x', 1)\nK.EFFECT_OPS[0] = 'x'\n")
    assert sorted(_assignments_into_modules(copy.path)) == [f"{HV}/patch.py:{n}" for n in (4, 5, 6)]


def test_a_user_cache_dir_chooses_where_the_keyed_folders_are_not_whether(monkeypatch):
    monkeypatch.setattr(jit, "_USER_CACHE_DIR", "/somewhere/else")
    assert jit.cache_dir_for("simcore.games.cake_race.rules") == \
        f"/somewhere/else/numba-cake_race-{jit._source_hash('cake_race')}"
    assert jit.cache_dir_for("simcore.rng") == f"/somewhere/else/numba-generic-{jit._generic_hash()}"
    monkeypatch.setattr(jit, "_USER_CACHE_DIR", None)
    assert jit.cache_dir_for("simcore.rng") == str(jit._cache_base() / f"numba-generic-{jit._generic_hash()}")
    assert "numba-cake_race-" in jit.cache_dir_for("simcore.games.cake_race.rules")


def test_a_kernel_called_with_different_constants_compiles_once():
    @jit.njit(cache=False)
    def scaled(x, k):
        return x * k

    @jit.njit(cache=False)
    def caller(x):
        return scaled(x, 0) + scaled(x, 1) + scaled(x, 2) + scaled(x, x)

    assert caller(3) == 3 + 6 + 9
    assert len(scaled.signatures) == 1


def test_a_test_kernel_is_cached_with_the_rules_it_calls():
    """A driver loop outside simcore (test_invariants' play_checked) is cached in the folder of
    the game kernels it calls, so an edit to the rules never loads a stale copy of them."""
    from tests.hidden_village import test_invariants
    folder = Path(test_invariants.play_checked._cache._cache_path).parent
    assert str(folder) == jit.cache_dir_for("simcore.games.hidden_village.rules")
    assert folder.name == f"numba-hidden_village-{jit._source_hash('hidden_village')}"


# ----------------------------------------------------------------------------- a cache folder of one's own
TOY = jit._ROOT / "tests" / "toy_games" / "coin_race"


def _toy_run(games_dir: Path, cache: Path) -> dict:
    """`meeplesim run` of the coin race from `games_dir`, its kernels cached under `cache`
    (NUMBA_CACHE_DIR, as a cluster or CI sets it): the JSON summary."""
    import json
    import os
    import subprocess
    env = {k: v for k, v in os.environ.items() if k not in ("NUMBA_CACHE_DIR", "XDG_CACHE_HOME")}
    env.update(NUMBA_CACHE_DIR=str(cache), MEEPLESIM_GAME_PATH=str(games_dir))
    r = subprocess.run([sys.executable, "-m", "experiments.cli", "run", "--game", "coin-race",
                        "--games", "3000", "--jobs", "1", "--json"], cwd=jit._ROOT, env=env,
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    return {k: v for k, v in out.items() if k != "seconds"}          # its timing apart


def test_under_a_user_cache_dir_an_edited_layout_or_helper_recompiles(tmp_path):
    """With NUMBA_CACHE_DIR set, an edit to a module the kernels import (a result-row layout,
    a helper kernel) still starts a fresh cache: the next run's numbers are the edited
    code's, never the old machine code's. numba's own cache, keyed by the kernel's own file,
    would load the stale kernels of rules.py here: the same numbers after the helper's edit,
    rounds read from the position's column after the layout's."""
    games_dir = tmp_path / "games"
    game = games_dir / "coin_race"
    shutil.copytree(TOY, game, ignore=shutil.ignore_patterns("__pycache__"))
    # a helper kernel in a module of its own, imported by the rules' kernels
    (game / "coin.py").write_text("from ...jit import njit\n\n\n@njit\ndef heads_steps(R, k):\n"
                                  "    return R.k[k]\n")
    rules = game / "rules.py"
    text = rules.read_text()
    for old, new in (("from . import consts as K\n", "from . import coin, consts as K\n"),
                     ("steps = (R.k[K_HEADS] if heads", "steps = (coin.heads_steps(R, K_HEADS) if heads")):
        assert old in text
        text = text.replace(old, new, 1)
    rules.write_text(text)
    cache = tmp_path / "my-cache"
    before = _toy_run(games_dir, cache)
    folders = {p.name.rsplit("-", 1)[0] for p in cache.iterdir()}
    assert {"numba-coin_race", "numba-generic"} <= folders     # keyed folders under the user's

    # the helper changes: heads moves one space more
    (game / "coin.py").write_text((game / "coin.py").read_text().replace("return R.k[k]",
                                                                         "return R.k[k] + 1"))
    helper = _toy_run(games_dir, cache)
    assert helper["mean_rounds"] < before["mean_rounds"]

    # the result row's layout changes: rounds and position swap places
    consts = game / "consts.py"
    text = consts.read_text()
    for old, new in (('"rounds", "position"]', '"position", "rounds"]'),
                     ("R_PLAYERS, R_ROUNDS, R_POSITION = range(6)",
                      "R_PLAYERS, R_POSITION, R_ROUNDS = range(6)")):
        assert old in text
        text = text.replace(old, new, 1)
    consts.write_text(text)
    layout = _toy_run(games_dir, cache)
    assert layout == helper                 # the same games, each number read from its column
