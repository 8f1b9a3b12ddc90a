"""Helpers for the fuzz tests (tests/test_fuzz.py): a small TOML writer and hypothesis
strategies that mutate a parsed TOML document (a value replaced by one of another type or out
of range, a key removed or added, an array entry dropped or duplicated) or break its text."""
from __future__ import annotations

import copy
import json
import math
import re

from hypothesis import strategies as st

BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


# ---------------------------------------------------------------- writing TOML
def _key(k) -> str:
    k = str(k)
    return k if BARE_KEY.fullmatch(k) else json.dumps(k)


def _value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if math.isnan(v):
            return "nan"
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v)            # ASCII with \u escapes: a TOML basic string
    if isinstance(v, list):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_value(x)}" for k, x in v.items()) + " }"
    raise TypeError(type(v))


def _is_table_array(v) -> bool:
    return isinstance(v, list) and len(v) > 0 and all(isinstance(x, dict) for x in v)


def dumps(doc: dict) -> str:
    """`doc` as TOML: top-level scalars, then [tables] and [[arrays of tables]] (nested values
    inline). tomllib.loads(dumps(d)) == d for the documents the data files hold."""
    out = []
    for k, v in doc.items():
        if not isinstance(v, dict) and not _is_table_array(v):
            out.append(f"{_key(k)} = {_value(v)}")
    for k, v in doc.items():
        if isinstance(v, dict):
            out.append(f"\n[{_key(k)}]")
            out += [f"{_key(a)} = {_value(x)}" for a, x in v.items()]
        elif _is_table_array(v):
            for entry in v:
                out.append(f"\n[[{_key(k)}]]")
                out += [f"{_key(a)} = {_value(x)}" for a, x in entry.items()]
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- mutating a document
def paths(doc, prefix=()):
    """Every path to a value of `doc` (dict keys and list indices), deepest last."""
    found = []
    items = doc.items() if isinstance(doc, dict) else enumerate(doc)
    for k, v in items:
        p = prefix + (k,)
        found.append(p)
        if isinstance(v, (dict, list)):
            found += paths(v, p)
    return found


def _get(doc, path):
    for k in path:
        doc = doc[k]
    return doc


NAMES = ["standard", "white", "red", "berry", "log", "stone", "workshop", "river", "lake", "wood",
         "gain", "lose", "explode", "collect-delta", "forbid-locations", "too-late", "starting",
         "lasting", "immediate", "assumed", "rulebook", "guess", "", "beta-smurf", "same", "random"]


def weird_values(names=()):
    """Values of every TOML type, biased to the edges: out-of-range numbers, the game's own
    names and unknown ones, empty containers, nested tables."""
    scalars = st.one_of(
        st.sampled_from([0, 1, -1, 2, 3, 5, 6, 99, 100, 1000, 2 ** 31, 2 ** 63 - 1, -2 ** 63]),
        st.integers(-20, 60),
        st.sampled_from([0.5, -1.5, 2.0, 1e300, math.inf, math.nan]),
        st.booleans(),
        st.sampled_from(list(names) + NAMES),
        st.text(alphabet="abcxyz-_ 0123", max_size=8),
    )
    return st.recursive(scalars, lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.sampled_from(["op", "amount", "id", "value", "source", "locations", "x"]),
                        inner, max_size=3)), max_leaves=6)


OPS = ("set", "set", "like", "like", "like", "delete", "add_key", "drop", "drop", "duplicate",
       "copy_card")

PLAUSIBLE = ("like", "like", "drop", "copy_card")


def like(value, names=()):
    """A value of the same type as `value` (often still valid): a small number, another name,
    the other boolean, a shorter list."""
    if isinstance(value, bool):
        return st.booleans()
    if isinstance(value, int):
        return st.integers(-2, 12)
    if isinstance(value, float):
        return st.floats(-1, 10, allow_nan=False)
    if isinstance(value, str):
        return st.sampled_from(list(names) + NAMES)
    if isinstance(value, list):
        return st.lists(st.sampled_from(value), max_size=len(value)) if value else st.just([])
    return weird_values(names)


@st.composite
def mutations(draw, doc, names=(), max_mutations=3, ops=OPS):
    """(mutated copy of doc, list of (op, path) applied). At least one change. `ops`:
    PLAUSIBLE for changes that often leave the input valid."""
    doc = copy.deepcopy(doc)
    done = []
    for _ in range(draw(st.integers(1, max_mutations))):
        ps = paths(doc)
        if not ps:
            break
        path = draw(st.sampled_from(ps))
        parent, key = _get(doc, path[:-1]), path[-1]
        op = draw(st.sampled_from(ops))
        if op == "set":
            parent[key] = draw(weird_values(names))
        elif op == "delete" or (op == "drop" and isinstance(parent, list)):
            del parent[key]
        elif op == "add_key" and isinstance(parent[key], dict):
            parent[key][draw(st.sampled_from(["spacez", "amount", "extra", "op", "notes", "id"]))] = \
                draw(weird_values(names))
        elif op == "duplicate" and isinstance(parent, list):
            parent.insert(key, copy.deepcopy(parent[key]))
        elif op == "like":
            parent[key] = draw(like(parent[key], names))
        elif op == "copy_card" and isinstance(parent, list) and isinstance(parent[key], dict) \
                and isinstance(parent[key].get("id"), str):
            twin = copy.deepcopy(parent[key])          # a new card: the same with a fresh id
            twin["id"] = f"{twin['id']}-twin-{len(done)}"
            parent.append(twin)
        else:
            parent[key] = draw(weird_values(names))
            op = "set"
        done.append((op, path))
    return doc, done


@st.composite
def broken_text(draw, text):
    """`text` made invalid TOML: cut short inside a table header, or a line of garbage."""
    lines = text.splitlines()
    i = draw(st.integers(0, len(lines)))
    junk = draw(st.sampled_from(["[[smurf]", "x = = 1", "= 3", "[a\nb = ", 'id = "unterminated',
                                 "key = [1, 2", "[[", "a.b = 1\na = 2"]))
    return "\n".join(lines[:i] + [junk] + lines[i:]) + "\n"
