"""Kernel caches: one numba cache folder per game package, keyed by the generic kernel modules
and that game's own sources, so editing one game never invalidates another's machine code."""
from pathlib import Path

from simcore import jit, rng
from simcore.games.cake_race import rules as cake_rules
from simcore.games.hidden_village import game as hv_game


def test_each_game_has_its_own_cache_folder():
    cake = Path(cake_rules.play_turn._cache._cache_path).parent.name
    hv = Path(hv_game.run_chunk._cache._cache_path).parent.name
    generic = Path(rng.mix64._cache._cache_path).parent.name
    if jit._USER_CACHE_DIR:            # NUMBA_CACHE_DIR set by the user: everything goes there
        assert cake == hv == generic
        return
    assert cake == f"numba-cake_race-{jit._source_hash('cake_race')}"
    assert hv == f"numba-hidden_village-{jit._source_hash('hidden_village')}"
    assert generic.startswith("numba-generic-")
    assert len({cake, hv, generic}) == 3


def test_a_game_hash_covers_only_its_package_and_the_generic_modules(tmp_path, monkeypatch):
    for name in jit._KERNEL_MODULES:
        (tmp_path / name).write_text(f"# {name}\n")
    monkeypatch.setattr(jit, "_ROOT", tmp_path)
    games = tmp_path / "games"
    for name in ("alpha", "beta"):
        (games / name).mkdir(parents=True)
        (games / name / "__init__.py").write_text(f"NAME = '{name}'\n")
        (games / name / "rules.py").write_text("x = 1\n")
        (games / name / "trace.py").write_text("log = 1\n")
    monkeypatch.setattr(jit, "_GAMES", games)
    jit._source_hash.cache_clear()
    before = {g: jit._source_hash(g) for g in ("alpha", "beta")}
    everything = jit._source_hash()
    jit._source_hash.cache_clear()
    (games / "alpha" / "rules.py").write_text("x = 2\n")
    after = {g: jit._source_hash(g) for g in ("alpha", "beta")}
    assert after["alpha"] != before["alpha"] and after["beta"] == before["beta"]
    assert jit._source_hash() != everything          # the code version of all kernels moved
    jit._source_hash.cache_clear()
    (games / "beta" / "trace.py").write_text("log = 2\n")       # text output is not a kernel
    assert jit._source_hash("beta") == before["beta"]
    jit._source_hash.cache_clear()


def test_user_cache_dir_wins(monkeypatch):
    monkeypatch.setattr(jit, "_USER_CACHE_DIR", "/somewhere/else")
    assert jit.cache_dir_for("simcore.games.cake_race.rules") == "/somewhere/else"
    assert jit.cache_dir_for("simcore.rng") == "/somewhere/else"
    monkeypatch.setattr(jit, "_USER_CACHE_DIR", None)
    assert "numba-generic-" in jit.cache_dir_for("simcore.rng")
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
    if not jit._USER_CACHE_DIR:
        assert folder.name == f"numba-hidden_village-{jit._source_hash('hidden_village')}"
