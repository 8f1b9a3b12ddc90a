"""The layers' arrows point down: the engine and the games (simcore/) never import the
strategies (strategies/); the rules reach a strategy only through their chooser table
(simcore/linked.py). A strategy may import its game's rules. And no module imports one that imports it back."""
import graphlib
from pathlib import Path

from simcore import kernel_sources

ROOT = kernel_sources.ROOT


def test_no_module_under_simcore_imports_from_strategies():
    offenders = []
    for path in sorted((ROOT / "simcore").rglob("*.py")):
        project, _ = kernel_sources.imports(path)
        bad = sorted(m for m in project if m == "strategies" or m.startswith("strategies."))
        if bad:
            offenders.append(f"{path.relative_to(ROOT)}: {', '.join(bad)}")
    assert not offenders, "simcore/ imports strategies/:\n" + "\n".join(offenders)


def test_the_walk_sees_an_import_of_strategies(tmp_path):
    """The check above finds such an import, at module level or inside a function."""
    (tmp_path / "simcore").mkdir()
    (tmp_path / "strategies").mkdir()
    (tmp_path / "strategies" / "__init__.py").write_text("")
    (tmp_path / "strategies" / "greedy.py").write_text("X = 1\n")
    f = tmp_path / "simcore" / "bad.py"
    (tmp_path / "simcore" / "__init__.py").write_text("")
    f.write_text("def g():\n    from strategies.greedy import X\n    return X\n")
    kernel_sources.clear()
    try:
        project, _ = kernel_sources.imports(f, tmp_path)
    finally:
        kernel_sources.clear()
    assert "strategies.greedy" in project


def test_hidden_villages_strategies_live_in_strategies():
    here = ROOT / "strategies" / "hidden_village"
    for name in ("greedy.py", "planner.py", "rollout.py", "heuristics.py"):
        assert (here / name).is_file()
    game = ROOT / "simcore" / "games" / "hidden_village"
    for name in ("heuristics.py", "planner.py", "rollout.py", "choosers.py"):
        assert not (game / name).exists()


def test_the_cake_races_strategies_live_in_strategies():
    here = ROOT / "strategies" / "cake_race"
    for name in ("threshold.py", "adaptive.py"):
        assert (here / name).is_file()
    # the game package holds no strategy kernel: its decide only asks the chooser table
    game = (ROOT / "simcore" / "games" / "cake_race" / "decide.py").read_text()
    for kernel in ("def leave_threshold", "def leave_adaptive", "choose_plugin"):
        assert kernel not in game
    import strategies
    for name in ("threshold", "adaptive"):
        assert strategies.get(name, "cake-race", load=False).kernels == f"strategies.cake_race.{name}"


def import_graph(root: Path = ROOT, folders=("simcore", "strategies", "experiments", "reports")) -> dict:
    """{project module: the project modules it imports}, imports inside functions included."""
    paths = {kernel_sources.module_name(p, root): p
             for d in folders if (root / d).is_dir() for p in sorted((root / d).rglob("*.py"))}
    return {name: {m for m in kernel_sources.imports(p, root)[0] if m in paths}
            for name, p in paths.items()}


def import_circle(graph: dict) -> list | None:
    """One circle of imports (its modules, the first repeated at the end), or None."""
    try:
        tuple(graphlib.TopologicalSorter(graph).static_order())
    except graphlib.CycleError as e:
        return list(e.args[1])
    return None


def test_no_project_module_imports_a_module_that_imports_it_back():
    """Every import points one way: no circle among the modules of simcore/, strategies/,
    experiments/ and reports/, even through an import inside a function."""
    circle = import_circle(import_graph())
    assert circle is None, "an import circle: " + " -> ".join(circle)


def test_the_circle_check_finds_a_circle_through_a_function_level_import(tmp_path):
    (tmp_path / "simcore").mkdir()
    (tmp_path / "simcore" / "__init__.py").write_text("")
    (tmp_path / "simcore" / "a.py").write_text("from . import b\n")
    (tmp_path / "simcore" / "b.py").write_text("def f():\n    from .c import X\n    return X\n")
    (tmp_path / "simcore" / "c.py").write_text("from simcore.a import b\nX = 1\n")
    kernel_sources.clear()
    try:
        circle = import_circle(import_graph(tmp_path, ("simcore",)))
    finally:
        kernel_sources.clear()
    assert circle is not None and set(circle) == {"simcore.a", "simcore.b", "simcore.c"}
