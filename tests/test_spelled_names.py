"""Every name in simcore/ and strategies/ is spelled out where it is defined: no module makes
constants by assigning through `globals()` (a reader, grep or an editor finds `S_ROUND = 0`,
never `globals()["S_" + name] = i`). The spelled-out indices are checked here instead: each
family counts 0 .. N-1 with no gap or repeat, and the names that mirror a list or a table
(Hidden Village's effect ops, the Hobbit's result columns, Hidden Village's strategy
parameters and fixed weights) agree with it entry by entry."""
import ast
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _is_globals_call(node):
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "globals"


def globals_assignments(source, filename):
    """'file:line: ...' for every assignment through globals() in `source`: a subscript of
    globals() as a target (`globals()[name] = v`, `+=`, `del`) or a call of one of its
    mutating methods (`globals().update(...)`, `setdefault`, `__setitem__`)."""
    found = []
    for node in ast.walk(ast.parse(source, filename)):
        targets = []
        if isinstance(node, (ast.Assign, ast.Delete)):
            targets = node.targets
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        elif isinstance(node, (ast.For, ast.comprehension)):
            targets = [node.target]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and _is_globals_call(node.func.value) \
                and node.func.attr in ("update", "setdefault", "__setitem__", "pop", "__delitem__"):
            found.append(f"{filename}:{node.lineno}: globals().{node.func.attr}(...) makes names "
                         "no reader can find: assign each name explicitly")
            continue
        for t in targets:
            for sub in ast.walk(t):
                if isinstance(sub, ast.Subscript) and _is_globals_call(sub.value):
                    found.append(f"{filename}:{node.lineno}: assigns through globals()[...]: "
                                 "spell the name out (NAME = value, one per line)")
    return sorted(found, key=lambda f: int(f.split(":")[1]))


def test_no_module_in_simcore_or_strategies_assigns_through_globals():
    found = []
    for top in ("simcore", "strategies"):
        for path in sorted((ROOT / top).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            found += globals_assignments(path.read_text(encoding="utf-8"), rel)
    assert not found, "\n".join(found)


def test_the_check_finds_each_way_of_assigning_through_globals():
    source = ("for _i, _n in enumerate(NAMES):\n"
              "    globals()['S_' + _n] = _i\n"
              "globals().update(P_A=1)\n"
              "globals()[f'K_{x}'] += 1\n"
              "x = globals()['S_A']\n")          # reading is not making a name
    found = globals_assignments(source, "m.py")
    assert [f.split(":")[1] for f in found] == ["2", "3", "4"], found
    assert found[0].startswith("m.py:2: assigns through globals()")
    assert "globals().update" in found[1]


def _family(module, prefix):
    return {n: v for n, v in vars(module).items() if n.startswith(prefix) and type(v) is int}


# (module, prefix, count): the prefix names an index of one packed field, 0 .. count-1
FAMILIES = [
    ("simcore.games.hidden_village.state", "S_", "N_SCALARS"),
    ("simcore.games.hidden_village.state", "X_", "N_SCRATCH"),
    ("simcore.games.hidden_village.state", "H_", "N_CONTROL"),
    ("simcore.games.hobbit.state", "S_", "N_SCALARS"),
    ("simcore.games.hobbit.state", "P_", "N_PLAYER"),
    ("simcore.games.hobbit.state", "H_", "N_CONTROL"),
    ("simcore.games.hobbit.tables", "K_", "N_K"),
    ("simcore.games.gnome_village.state", "S_", "N_SCALARS"),
    ("simcore.games.gnome_village.state", "P_", "N_PLAYER"),
    ("simcore.games.gnome_village.state", "H_", "N_CONTROL"),
    ("simcore.games.gnome_village.tables", "K_", "N_K"),
    ("simcore.games.cake_race.state", "S_", "N_SCALARS"),
    ("simcore.games.cake_race.state", "P_", "N_PLAYER"),
    ("simcore.games.cake_race.state", "H_", "N_CONTROL"),
    ("simcore.games.cake_race.tables", "K_", "N_K"),
]


@pytest.mark.parametrize("module, prefix, count", FAMILIES)
def test_each_family_of_indices_counts_from_0_to_its_size_without_gap_or_repeat(module, prefix, count):
    m = importlib.import_module(module)
    names = _family(m, prefix)
    by_index = {}
    for n, v in names.items():
        by_index.setdefault(v, []).append(n)
    repeats = {v: ns for v, ns in by_index.items() if len(ns) > 1}
    assert not repeats, f"{module}: {prefix}* names sharing an index: {repeats}"
    size = getattr(m, count)
    assert sorted(by_index) == list(range(size)), \
        f"{module}: the {prefix}* indices are {sorted(by_index)}, {count} is {size}: " \
        f"they must be 0 .. {count}-1, each once"


def test_hidden_villages_op_names_are_the_effect_ops_at_their_index():
    from simcore.games.hidden_village import consts as K
    expected = {"OP_" + op.upper().replace("-", "_"): i for i, op in enumerate(K.EFFECT_OPS)}
    assert _family(K, "OP_") == expected
    assert K.N_OPS == len(K.EFFECT_OPS)


def test_the_hobbits_result_columns_are_the_result_fields_at_their_index():
    from simcore.games.hobbit import consts as K
    expected = {"R_" + f.upper(): i for i, f in enumerate(K.RESULT_FIELDS)}
    assert _family(K, "R_") == expected
    assert K.N_RESULT_FIELDS == len(K.RESULT_FIELDS)


def test_hidden_villages_parameter_indices_and_weights_agree_with_their_tables():
    from strategies.hidden_village import params
    indices = {}
    for table in (params.ROLLOUT_TABLE, params.SKILL_TABLE):   # both extend the planner's
        for i, (name, _, _) in enumerate(table):
            indices["P_" + name.upper()] = i
    assert _family(params, "P_") == indices
    weights = {n: v for n, v in vars(params).items() if n.startswith("W_")}
    assert weights == {"W_" + name.upper(): value for name, value, _ in params.FIXED_TABLE}
