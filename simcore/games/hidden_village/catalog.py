"""Load and validate the rules data (data/*.toml) and compile it to typed arrays (`Rules`).

Every number the engine uses comes from here. A malformed file raises `DataError` naming the
file, the entry and the problem; the CLI prints that one line and exits 2.

A user corrects the rules by copying any of the data files into a folder of their own,
editing it, and passing the folder (`--data DIR`): each file found there replaces the default
one of the same name; the others stay the defaults. A card mix (`--cards FILE`, `--without
CARD_ID`) replaces or thins the four card files; see `load_catalog`.
"""
from __future__ import annotations

import difflib
import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

import numpy as np

from ...errors import DataError, UserError
from ...gamekit import read_toml
from ...packed import Layout, Record
from . import consts as K

DEFAULT_DATA_DIR = Path(__file__).resolve().parent / "data"
DATA_FILES = ("board.toml", "dice.toml", "levels.toml", "roofs.toml", "setup.toml",
              "smurfs.toml", "inventions.toml", "cakes.toml", "gargamel.toml")
SOURCES = ("rulebook", "review", "assumed")


# column indices of Rules.act
A_LOC = 0        # location index 0..7
A_SPACES = 1     # Smurf spaces (1 or 2)
A_COST = 2       # A_COST + resource: resources paid when performed
A_DANGER = 5     # 1 if the danger die is rolled
A_EFFECT = 6     # consts.ACT_*
A_RES = 7        # resource of `collect`
A_AMOUNT = 8     # amount of `collect`, `collect-different`, `reveal-ideas`
N_ACT_COLS = 9
# columns of Rules.inv, Rules.cake, Rules.garg, Rules.garg_eff, Rules.setup
INV_TYPE, INV_COST = 0, 1
CAKE_REQ, CAKE_N, CAKE_RES = 0, 1, 2
G_TIMING, G_AZRAEL = 0, 1
GE_OP, GE_LOC, GE_RES, GE_AMOUNT = 0, 1, 2, 3
SU_MEEPLES, SU_MEEPLES_IN_BOX, SU_INVENTIONS_MAX, SU_IDEAS_AT_SETUP, SU_SUPPLY_CAP = range(5)

# The effect vocabulary: each op's arguments (required, optional) and the cards that may carry it.
OP_ARGS = {
    "forbid-locations": ({"locations"}, set()), "lazy": (set(), set()), "baby": (set(), set()),
    "vain": (set(), set()), "no-dangerous": (set(), set()), "one-space-only": (set(), set()),
    "avoid-azrael": (set(), set()), "no-inventions": (set(), set()),
    "lose": ({"resource", "amount"}, set()), "roll-danger": (set(), set()),
    "draw": ({"amount"}, set()), "gain-choice": ({"amount"}, set()), "gain-same": ({"amount"}, set()),
    "free-nest": ({"amount"}, set()), "draw-lost": ({"amount"}, set()),
    "reveal-ideas": ({"amount"}, set()), "craft-discount": ({"amount"}, set()),
    "move-azrael": ({"amount"}, set()), "azrael-to": (set(), set()), "prepare-cake": (set(), set()),
    "collect": ({"resource", "amount"}, {"cost_resource", "cost"}),
    "collect-delta": ({"amount"}, set()), "collect-identical": (set(), set()),
    "collect-any-type": (set(), set()), "collect-extra-same": ({"amount"}, set()),
    "collect-bonus": ({"resources", "amount"}, set()), "collect-also": ({"resource", "amount"}, set()),
    "force-danger": (set(), set()), "skip-danger": (set(), set()), "skip-azrael": (set(), set()),
    "extra-cost": ({"amount"}, set()), "discount": ({"locations", "resource", "amount"}, set()),
    "build-discount": ({"amount"}, {"resource"}), "rescue-gain-different": ({"amount"}, set()),
    "rescue-second-draw": (set(), set()), "perform-reveal-ideas": ({"amount"}, set()),
    "ignore-danger": (set(), set()), "rewind": (set(), set()), "extra-meeple": (set(), set()),
    "second-lost": (set(), set()), "shortage-reduce": ({"amount"}, set()),
    "no-cracoucass-discard": (set(), set()), "azrael-slow": ({"amount"}, set()),
    "no-house-destroy": (set(), set()),
}
assert set(OP_ARGS) == set(K.EFFECT_OPS)
_INSTANT = {"lose", "roll-danger", "draw", "gain-choice", "gain-same", "free-nest", "draw-lost",
            "reveal-ideas", "move-azrael", "azrael-to", "prepare-cake"}
OPS_ALLOWED = {
    "smurf": {"forbid-locations", "lazy", "baby", "vain", "no-dangerous", "one-space-only",
              "avoid-azrael", "no-inventions", "lose", "roll-danger", "draw", "gain-choice",
              "gain-same", "free-nest", "reveal-ideas", "craft-discount", "move-azrael",
              "collect-delta", "collect-identical", "collect-any-type", "collect-extra-same",
              "collect-bonus", "collect-also", "force-danger", "skip-danger", "skip-azrael",
              "extra-cost", "discount", "build-discount", "rescue-gain-different",
              "rescue-second-draw", "perform-reveal-ideas"},
    "new-action": {"collect", "move-azrael", "draw", "gain-choice", "gain-same", "free-nest",
                   "draw-lost", "reveal-ideas"},
    "single-use": _INSTANT | {"ignore-danger", "rewind"},
    "durable": {"ignore-danger", "extra-meeple", "collect-extra-same", "second-lost",
                "build-discount", "shortage-reduce", "no-cracoucass-discard", "craft-discount",
                "azrael-slow", "no-house-destroy"},
}


RULES = Layout("HiddenVillageRules", [
    # fields of a fixed shape first: each sits at a constant offset (simcore/packed.py)
    ("act", "i8", (K.N_ACTIONS, N_ACT_COLS)),   # the 16 actions, in board order
    ("die", "i8", (3, K.N_FACES, K.MAX_FACE_RESULTS, 2)),  # die (white, red, Azrael), face, result, (code, amount)
    ("setup", "i8", (5,)),                      # SU_* values
    # sized by the card mix
    ("roof_cost", "i8", (None, K.N_RES)),       # [n_roofs, 3]
    ("smurf_kind", "i8", (None,)),              # [n_smurfs]  consts.KIND_*
    ("smurf_op", "i8", (None, K.N_OPS, K.N_OPV)),  # each card's ability (consts.OPV_*)
    ("inv_op", "i8", (None, K.N_OPS, K.N_OPV)),
    ("smurf_ops", "i8", (None,)),               # [n_smurfs]  the ops each card carries, a bit mask (op_masks)
    ("inv_ops", "i8", (None,)),                 # [n_inventions]
    ("inv", "i8", (None, 2)),                   # [n_inventions]  type, Smurfberry cost
    ("cake", "i8", (None, 3)),                  # [n_cakes]  prerequisite, n, resource (-1 if none)
    ("garg", "i8", (None, 2)),                  # [n_gargamel]  timing, Azrael's movement
    ("garg_eff", "i8", (None, K.MAX_G_EFFECTS, 4)),  # op, location, resource, amount
])


def op_masks(table: np.ndarray) -> np.ndarray:
    """Each card's ops as one bit mask (bit `op` set when table[card, op, OPV_ON] is set): a
    kernel asks which ops a card carries with one word instead of a row of the table per op.
    Derived from the table: Rules built with other ability tables use `with_abilities`."""
    on = (table[:, :, K.OPV_ON] != 0).astype(np.int64)
    return (on << np.arange(K.N_OPS, dtype=np.int64)).sum(axis=1).astype(np.int64)


def with_abilities(rules: "Record", **tables) -> "Record":
    """A copy of `rules` with other ability tables (smurf_op=..., inv_op=...), their op masks
    recomputed to match."""
    masks = {{"smurf_op": "smurf_ops", "inv_op": "inv_ops"}[name]: op_masks(t) for name, t in tables.items()}
    return rules.replace(**tables, **masks)


Rules = Record   # every rule value as a typed array with named columns, packed in one
                 # record (see state.py for why); the kernels read only these


@dataclass
class Catalog:
    """The loaded data: names for humans, `rules` arrays for the kernels."""
    rules: Rules
    resources: list
    locations: list            # dicts: id, name
    actions: list              # dicts as in board.toml
    dice: list
    levels: dict               # id -> dict
    roofs: list
    smurfs: list
    inventions: list
    cakes: list
    gargamel: list
    setup: dict
    files: dict                # file name -> path actually loaded
    digest: str                # hash of the loaded files' bytes (and of the cards removed)
    assumptions: list = field(default_factory=list)  # (file, entry, what) for source = "assumed"
    mix: str = "default"       # the card mix's stable name (see load_catalog)
    cards_file: str | None = None  # the --cards file, if any
    without: tuple = ()        # card ids removed from the mix (--without), sorted

    def card_name(self, card):
        return self.smurfs[card]["name"]


# ---------------------------------------------------------------- validation helpers
class _File:
    def __init__(self, path: Path):
        self.path = path
        self.data = read_toml(path)

    def fail(self, entry, problem):
        raise DataError(self.path, entry, problem)

    def table(self, key, entry_kind, problems=None):
        """The [[key]] entries as (label, row). With `problems` (a list), an entry without an id
        or with a duplicate id is recorded there and skipped instead of raising."""
        def bad(entry, problem):
            if problems is None:
                self.fail(entry, problem)
            problems.append(DataError(self.path, entry, problem))

        rows = self.data.get(key)
        if rows is None:
            bad("", f"no [[{key}]] entries")
            return []
        if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
            bad(key, f"must be a list of [[{key}]] tables")
            return []
        seen = set()
        out = []
        for i, row in enumerate(rows):
            rid = row.get("id")
            label = f"{entry_kind} '{rid}'" if isinstance(rid, str) else f"{entry_kind} #{i + 1}"
            if not isinstance(rid, str) or not rid:
                bad(label, "missing 'id' (a non-empty string)")
                continue
            if rid in seen:
                bad(label, "duplicate id")
                continue
            seen.add(rid)
            out.append((label, row))
        return out

    def keys(self, label, row, required, optional=()):
        for k in row:
            if k not in required and k not in optional:
                self.fail(label, f"unknown key '{k}'")
        for k in required:
            if k not in row:
                self.fail(label, f"missing key '{k}'")

    def get(self, label, row, key, typ, default=None):
        v = row.get(key, default)
        if typ is int:
            if isinstance(v, bool) or not isinstance(v, int):
                self.fail(label, f"'{key}' must be a whole number, got {v!r}")
        elif typ is bool:
            if not isinstance(v, bool):
                self.fail(label, f"'{key}' must be true or false, got {v!r}")
        elif typ is str:
            if not isinstance(v, str):
                self.fail(label, f"'{key}' must be a string, got {v!r}")
        elif typ is dict:
            if not isinstance(v, dict):
                self.fail(label, f"'{key}' must be a table, got {v!r}")
        elif typ is list:
            if not isinstance(v, list):
                self.fail(label, f"'{key}' must be a list, got {v!r}")
        return v

    def count(self, label, row, key, lo=0, hi=127, default=None):
        v = self.get(label, row, key, int, default)
        if v < lo:
            self.fail(label, f"'{key}' must be at least {lo}, got {v}")
        if v > hi:
            self.fail(label, f"'{key}' must be at most {hi}, got {v}")
        return v

    def choice(self, label, row, key, options, what):
        v = self.get(label, row, key, str)
        if v not in options:
            where = "" if key == what else f" in '{key}'"
            near = difflib.get_close_matches(v, options, n=1)
            hint = f"did you mean '{near[0]}'? " if near else ""
            self.fail(label, f"unknown {what} '{v}'{where} ({hint}known: {', '.join(options)})")
        return v

    def source(self, label, row, key="source"):
        return self.choice(label, row, key, SOURCES, "source")

    def cost(self, label, row, key, resources):
        table = self.get(label, row, key, dict)
        out = np.zeros(K.N_RES, np.int16)
        for r, n in table.items():
            if r not in resources:
                self.fail(label, f"unknown resource '{r}' in '{key}' (known: {', '.join(resources)})")
            if isinstance(n, bool) or not isinstance(n, int):
                self.fail(label, f"'{key}.{r}' must be a whole number, got {n!r}")
            if n < 0:
                self.fail(label, f"'{key}.{r}' must not be negative, got {n}")
            if n > 99:
                self.fail(label, f"'{key}.{r}' must be at most 99, got {n}")
            out[resources.index(r)] = n
        return out


def _parse_effects(f, label, row, category, loc_ids, resources):
    """A card's `effects` list -> int32[N_OPS, N_OPV] (consts.OPV_* per op)."""
    out = np.zeros((K.N_OPS, K.N_OPV), np.int32)
    out[:, K.OPV_RES] = -1
    out[:, K.OPV_COST_RES] = -1
    effects = f.get(label, row, "effects", list)
    for j, eff in enumerate(effects):
        elabel = f"{label} effect {j + 1}"
        if not isinstance(eff, dict):
            f.fail(elabel, 'each effect is a table like { op = "draw", amount = 2 }')
        name = f.choice(elabel, eff, "op", list(OP_ARGS), "op")
        if name not in OPS_ALLOWED[category]:
            f.fail(elabel, f"op '{name}' does not fit a {category} card "
                           f"(allowed: {', '.join(sorted(OPS_ALLOWED[category]))})")
        required, optional = OP_ARGS[name]
        f.keys(elabel, eff, ("op",) + tuple(sorted(required)), tuple(sorted(optional)))
        op = K.EFFECT_OPS.index(name)
        if out[op, K.OPV_ON]:
            f.fail(elabel, f"op '{name}' appears twice")
        out[op, K.OPV_ON] = 1
        if "amount" in eff:
            lo = -9 if name == "collect-delta" else 1
            out[op, K.OPV_AMOUNT] = f.count(elabel, eff, "amount", lo, 20)
        if "resource" in eff:
            out[op, K.OPV_RES] = resources.index(f.choice(elabel, eff, "resource", resources, "resource"))
        if "locations" in eff or "resources" in eff:
            key, names, what = (("locations", loc_ids, "location") if "locations" in eff
                                else ("resources", resources, "resource"))
            items = f.get(elabel, eff, key, list)
            if not items:
                f.fail(elabel, f"'{key}' must name at least one {what}")
            for item in items:
                if item not in names:
                    f.fail(elabel, f"unknown {what} '{item}' in '{key}' (known: {', '.join(names)})")
                out[op, K.OPV_MASK] |= 1 << names.index(item)
        if "cost" in eff or "cost_resource" in eff:
            if "cost" not in eff or "cost_resource" not in eff:
                f.fail(elabel, "'cost' and 'cost_resource' go together")
            out[op, K.OPV_COST_RES] = resources.index(
                f.choice(elabel, eff, "cost_resource", resources, "resource"))
            out[op, K.OPV_COST] = f.count(elabel, eff, "cost", 1, 20)
    return out




def _note(assumed, fname, label, what, src):
    if src == "assumed":
        assumed.append((fname, label, what))


# ---------------------------------------------------------------- the cards, one entry at a time
# category -> (default data file, TOML table, how an entry is named in messages)
CARD_KINDS = {
    "smurf": ("smurfs.toml", "smurf", "smurf"),
    "invention": ("inventions.toml", "invention", "invention"),
    "cake": ("cakes.toml", "cake", "cake"),
    "gargamel": ("gargamel.toml", "gargamel", "gargamel card"),
}
CARD_FILES = tuple(v[0] for v in CARD_KINDS.values())
CARD_ID = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")   # stable kebab-case card ids (--without, cards show)
GARGAMEL_ARGS = {   # each Gargamel effect's arguments
    K.GE_LOSE_HALF: ("resource",), K.GE_LOSE_OR_DESTROY: ("amount",), K.GE_LOSE: ("amount",),
    K.GE_DESTROY_HOUSE: (), K.GE_CRACOUCASS: (), K.GE_DISCARD_IDEAS: (),
    K.GE_DESTROY_INVENTION: (), K.GE_BLOCK_LOCATION: ("location",),
    K.GE_DANGER_LOCATION: ("location",), K.GE_EXTRA_COST: ("location", "resource", "amount"),
}


class _Card(NamedTuple):
    """One validated card entry: its data row and its values for the Rules arrays."""
    category: str
    id: str
    label: str
    row: dict
    values: tuple      # smurf: (kind, op); invention: (type, cost, op); cake: (req, n, res);
    #                    gargamel: (timing, azrael, eff int32[MAX_G_EFFECTS, 4])
    notes: tuple       # (what, source) pairs for the assumptions list


def _smurf_entry(f, label, row, loc_ids, resources):
    f.keys(label, row, ("id", "name", "kind", "source", "text", "effects"))
    f.get(label, row, "name", str)
    f.get(label, row, "text", str)
    kind = K.SMURF_KINDS[f.choice(label, row, "kind", list(K.SMURF_KINDS), "kind")]
    op = _parse_effects(f, label, row, "smurf", loc_ids, resources)
    src = f.source(label, row)
    return _Card("smurf", row["id"], label, row, (kind, op), (("card text and kind", src),))


def _invention_entry(f, label, row, loc_ids, resources):
    f.keys(label, row, ("id", "name", "type", "cost", "source", "cost_source", "text", "effects"))
    f.get(label, row, "name", str)
    f.get(label, row, "text", str)
    typ = f.choice(label, row, "type", list(K.INVENTION_TYPES), "type")
    op = _parse_effects(f, label, row, typ, loc_ids, resources)
    n_ops = int(op[:, K.OPV_ON].sum())
    if not n_ops:
        f.fail(label, "needs at least one entry in 'effects'")
    if typ == "new-action" and n_ops != 1:
        f.fail(label, f"a new-action invention has exactly one entry in 'effects' (its action), got {n_ops}")
    cost = f.count(label, row, "cost", 0, 20)
    src = f.source(label, row)
    cost_src = f.source(label, row, "cost_source")
    return _Card("invention", row["id"], label, row, (K.INVENTION_TYPES[typ], cost, op),
                 (("card text and type", src), ("Smurfberry cost", cost_src)))


def _cake_entry(f, label, row, loc_ids, resources):
    f.keys(label, row, ("id", "name", "requires", "n", "source", "text"), ("resource",))
    f.get(label, row, "name", str)
    f.get(label, row, "text", str)
    req = f.choice(label, row, "requires", list(K.CAKE_REQUIRES), "prerequisite")
    n = f.count(label, row, "n", 1, 999)
    res = -1
    if req == "stock-of":
        if "resource" not in row:
            f.fail(label, "prerequisite 'stock-of' needs 'resource'")
        res = resources.index(f.choice(label, row, "resource", resources, "resource"))
    elif "resource" in row:
        f.fail(label, f"prerequisite '{req}' takes no 'resource'")
    src = f.source(label, row)
    return _Card("cake", row["id"], label, row, (K.CAKE_REQUIRES[req], n, res), (("prerequisite", src),))


def _gargamel_entry(f, label, row, loc_ids, resources):
    f.keys(label, row, ("id", "name", "timing", "azrael", "source", "text", "effects"))
    f.get(label, row, "name", str)
    f.get(label, row, "text", str)
    timing = K.GARGAMEL_TIMINGS[f.choice(label, row, "timing", list(K.GARGAMEL_TIMINGS), "timing")]
    azrael = f.count(label, row, "azrael", 0, 20)
    effects = f.get(label, row, "effects", list)
    if timing == K.G_TOO_LATE and effects:
        f.fail(label, "a Too Late card has no other effect: 'effects' must be empty")
    if timing != K.G_TOO_LATE and not effects:
        f.fail(label, "needs at least one entry in 'effects'")
    if len(effects) > K.MAX_G_EFFECTS:
        f.fail(label, f"at most {K.MAX_G_EFFECTS} entries in 'effects', got {len(effects)}")
    eff_out = np.zeros((K.MAX_G_EFFECTS, 4), np.int32)
    eff_out[:, GE_LOC] = -1
    eff_out[:, GE_RES] = -1
    for j, eff in enumerate(effects):
        elabel = f"{label} effect {j + 1}"
        if not isinstance(eff, dict):
            f.fail(elabel, 'each effect is a table like { op = "lose", amount = 2 }')
        op = K.GARGAMEL_EFFECTS[f.choice(elabel, eff, "op", list(K.GARGAMEL_EFFECTS), "op")]
        f.keys(elabel, eff, ("op",) + GARGAMEL_ARGS[op])
        if op in K.GARGAMEL_LASTING_ONLY and timing != K.G_LASTING:
            f.fail(elabel, f"'{eff['op']}' acts over a round: the card's 'timing' must be 'lasting'")
        if op not in K.GARGAMEL_LASTING_ONLY and timing == K.G_LASTING:
            f.fail(elabel, f"'{eff['op']}' acts at once: the card's 'timing' must be 'immediate'")
        eff_out[j, GE_OP] = op
        if "location" in eff:
            eff_out[j, GE_LOC] = loc_ids.index(f.choice(elabel, eff, "location", loc_ids, "location"))
        if "resource" in eff:
            eff_out[j, GE_RES] = resources.index(f.choice(elabel, eff, "resource", resources, "resource"))
        if "amount" in eff:
            eff_out[j, GE_AMOUNT] = f.count(elabel, eff, "amount", 1, 99)
    src = f.source(label, row)
    return _Card("gargamel", row["id"], label, row, (timing, azrael, eff_out),
                 (("effect and Azrael value", src),))


_ENTRY_PARSERS = {"smurf": _smurf_entry, "invention": _invention_entry, "cake": _cake_entry,
                  "gargamel": _gargamel_entry}


def _tables(keys):
    names = [f"[[{k}]]" for k in keys]
    return (", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]) + " tables"


def _parse_cards(sources, loc_ids, resources, problems=None):
    """The four card tables -> {category: [_Card, ...]} in file order. `sources` maps each
    category to the _File holding it (one file for a --cards catalog).

    Without `problems`, the first problem raises DataError. With `problems` (a list), each
    entry is validated on its own: a bad entry's DataError is appended and the entry skipped,
    so every bad entry is reported (its first problem)."""
    def bad(f, entry, problem):
        if problems is None:
            f.fail(entry, problem)
        problems.append(DataError(f.path, entry, problem))

    out = {}
    checked = set()
    for cat, (_, key, entry_kind) in CARD_KINDS.items():
        f = sources[cat]
        if id(f) not in checked:
            checked.add(id(f))
            held = [CARD_KINDS[c][1] for c in CARD_KINDS if sources[c] is f]
            for k in f.data:
                if k not in held:
                    bad(f, "", f"unknown key '{k}' (the file holds {_tables(held)})")
        rows = f.table(key, entry_kind, problems)
        if cat == "smurf" and len(rows) > K.CARD_SLOTS:
            bad(f, "smurf", f"at most {K.CARD_SLOTS} Smurf cards, got {len(rows)}")
        cards = []
        for label, row in rows:
            try:
                if not CARD_ID.fullmatch(row["id"]):
                    f.fail(label, "'id' must be kebab-case: lower-case letters and digits joined "
                                  "by single hyphens, like 'beta-smurf'")
                cards.append(_ENTRY_PARSERS[cat](f, label, row, loc_ids, resources))
            except DataError as e:
                if problems is None:
                    raise
                problems.append(e)
        if cat == "gargamel" and isinstance(f.data.get(key), list):
            n_too_late = sum(1 for _, r in rows if r.get("timing") == "too-late")
            if n_too_late != 1:
                bad(f, "gargamel", f"the deck needs exactly one Too Late card, got {n_too_late}")
        out[cat] = cards
    return out


def mix_counts(smurf_kinds, n_cakes, garg_timings) -> dict:
    """The card counts a level and a hand size need, from the loaded cards."""
    n_starting = sum(1 for k in smurf_kinds if k == K.KIND_STARTING)
    return {"starting": n_starting, "lost": len(smurf_kinds) - n_starting, "cakes": n_cakes,
            "gargamel_effects": sum(1 for t in garg_timings if t != K.G_TOO_LATE)}


def level_shortfall(level_id, lv, counts, mix) -> str | None:
    """Why a card mix (`counts`, named `mix`) cannot set up a level, or None."""
    if lv["lost_smurfs"] > counts["lost"]:
        return f"level '{level_id}' needs {lv['lost_smurfs']} lost Smurfs; the mix '{mix}' has {counts['lost']}"
    if lv["cakes"] > counts["cakes"]:
        return f"level '{level_id}' needs {lv['cakes']} cakes; the mix '{mix}' has {counts['cakes']}"
    if lv["gargamel_cards"] - 1 > counts["gargamel_effects"]:
        return (f"level '{level_id}' needs {lv['gargamel_cards'] - 1} Gargamel effect cards plus Too Late; "
                f"the mix '{mix}' has {counts['gargamel_effects']}")
    return None


def hand_shortfall(players, hand, counts, mix) -> str | None:
    """Why a card mix cannot deal the starting hands of `players` players, or None."""
    if players * hand > counts["starting"]:
        return (f"{players} player{'s' if players > 1 else ''} x {hand} cards needs {players * hand} "
                f"starting Smurfs; the mix '{mix}' has {counts['starting']}")
    return None


# ---------------------------------------------------------------- the loader
def _cards_path(cards) -> Path:
    p = Path(cards)
    if p.suffix.lower() != ".toml":
        raise UserError(f"{p}: a card catalog is a .toml file")
    if not p.exists():
        raise DataError(p, "", "file not found")
    if p.is_dir():
        raise DataError(p, "", "is a folder, not a card catalog file")
    return p


def _without_ids(without) -> tuple:
    if isinstance(without, str):
        without = (without,)
    ids = set()
    for w in without or ():
        if not isinstance(w, str):
            raise UserError(f"--without: a card id is a string, got {w!r}")
        ids.add(w.strip())
    return tuple(sorted(ids))


def _files_hash(paths) -> str:
    h = hashlib.sha256()
    for name, path in paths:
        h.update(name.encode() + b"\0" + Path(path).read_bytes())
    return h.hexdigest()


def _base_mix(data_dir, files, cards_path) -> str:
    """The mix's name before --without: 'default' for the shipped cards, '<file stem>-<sha8>'
    for a --cards file, '<folder>-<sha8>' for card files replaced through --data."""
    if cards_path is not None:
        return f"{cards_path.stem}-{hashlib.sha256(cards_path.read_bytes()).hexdigest()[:8]}"
    if all(files[n] == DEFAULT_DATA_DIR / n for n in CARD_FILES):
        return "default"
    h = _files_hash((n, files[n]) for n in CARD_FILES)
    if h == _files_hash((n, DEFAULT_DATA_DIR / n) for n in CARD_FILES):
        return "default"
    return f"{Path(data_dir).resolve().name or 'data'}-{h[:8]}"


def load_catalog(data_dir: str | Path | None = None, cards: str | Path | None = None,
                 without=()) -> Catalog:
    """Load the default data, with each file found in `data_dir` replacing the default one.

    `cards`: one TOML file holding a full card catalog ([[smurf]], [[invention]], [[cake]] and
    [[gargamel]] tables) that replaces the four card files. `without`: card ids removed from
    the mix (from every kind that has the id). The level and hand-size checks against the card
    counts are made here for the data files; for a --cards file or a mix with cards removed,
    make_config makes them for the level and player count actually used.
    """
    without = _without_ids(without)
    files = {}
    if data_dir is not None:
        d = Path(data_dir)
        if not d.is_dir():
            raise UserError(f"{d}: data folder not found")
        known = set(DATA_FILES)
        for p in sorted(d.glob("*.toml")):
            if p.name not in known:
                raise DataError(p, "", f"not a rules data file (expected one of: {', '.join(DATA_FILES)})")
    for name in DATA_FILES:
        p = Path(data_dir) / name if data_dir is not None else None
        files[name] = p if p is not None and p.is_file() else DEFAULT_DATA_DIR / name
    cards_path = None
    if cards is not None:
        cards_path = _cards_path(cards)
        if data_dir is not None:
            clash = [n for n in CARD_FILES if (Path(data_dir) / n).is_file()]
            if clash:
                raise UserError(f"--cards {cards_path} replaces the card files, but the data folder "
                                f"{data_dir} has {', '.join(clash)} too: use one or the other")
        for n in CARD_FILES:
            files[n] = cards_path
    loaded, by_path = {}, {}
    for name, path in files.items():
        if path not in by_path:
            by_path[path] = _File(path)
        loaded[name] = by_path[path]
    digest = hashlib.sha256()
    for name in DATA_FILES:
        digest.update(name.encode() + b"\0" + files[name].read_bytes())
    if without:
        digest.update(b"without\0" + "+".join(without).encode())
    assumed: list = []

    # ---- board
    f = loaded["board.toml"]
    for k in f.data:
        if k not in ("resources", "location", "action"):
            f.fail("", f"unknown key '{k}'")
    resources = f.data.get("resources")
    if resources != ["berry", "log", "stone"]:
        f.fail("resources", 'must be ["berry", "log", "stone"] (the engine names the three types)')
    locs = []
    for label, row in f.table("location", "location"):
        f.keys(label, row, ("id", "name"))
        f.get(label, row, "name", str)
        locs.append(row)
    if len(locs) != K.N_LOCATIONS:
        f.fail("location", f"the village has {K.N_LOCATIONS} locations, got {len(locs)}")
    loc_ids = [r["id"] for r in locs]
    acts = f.table("action", "action")
    if len(acts) != K.N_ACTIONS:
        f.fail("action", f"the village has {K.N_ACTIONS} actions (upper and lower per location), got {len(acts)}")
    act_location = np.zeros(K.N_ACTIONS, np.int8)
    act_spaces = np.zeros(K.N_ACTIONS, np.int8)
    act_cost = np.zeros((K.N_ACTIONS, K.N_RES), np.int16)
    act_dangerous = np.zeros(K.N_ACTIONS, np.int8)
    act_effect = np.zeros(K.N_ACTIONS, np.int8)
    act_resource = np.full(K.N_ACTIONS, -1, np.int8)
    act_amount = np.zeros(K.N_ACTIONS, np.int8)
    slots_seen = set()
    actions = []
    for i, (label, row) in enumerate(acts):
        f.keys(label, row, ("id", "location", "slot", "spaces", "cost", "dangerous", "effect", "source"),
               ("resource", "amount"))
        loc = f.choice(label, row, "location", loc_ids, "location")
        slot = f.choice(label, row, "slot", ["upper", "lower"], "slot")
        if (loc, slot) in slots_seen:
            f.fail(label, f"location '{loc}' already has a {slot} action")
        slots_seen.add((loc, slot))
        expected = 2 * loc_ids.index(loc) + (0 if slot == "upper" else 1)
        if expected != i:
            f.fail(label, "actions must be listed in board order: each location's upper, then lower")
        act_location[i] = loc_ids.index(loc)
        act_spaces[i] = f.count(label, row, "spaces", 1, K.MAX_SPACES)
        act_cost[i] = f.cost(label, row, "cost", resources)
        act_dangerous[i] = f.get(label, row, "dangerous", bool)
        eff = f.choice(label, row, "effect", list(K.ACTION_EFFECTS), "effect")
        act_effect[i] = K.ACTION_EFFECTS[eff]
        if eff == "collect":
            if "resource" not in row or "amount" not in row:
                f.fail(label, "effect 'collect' needs 'resource' and 'amount'")
            act_resource[i] = resources.index(f.choice(label, row, "resource", resources, "resource"))
        elif "resource" in row:
            f.fail(label, f"effect '{eff}' takes no 'resource'")
        if eff in ("collect", "collect-different", "reveal-ideas"):
            if "amount" not in row:
                f.fail(label, f"effect '{eff}' needs 'amount'")
            act_amount[i] = f.count(label, row, "amount", 1, 20)
        elif "amount" in row:
            f.fail(label, f"effect '{eff}' takes no 'amount'")
        if eff == "collect-different" and act_amount[i] != 2:
            f.fail(label, "'collect-different' gives 2 different resources: 'amount' must be 2")
        _note(assumed, "board.toml", label, "spaces, cost, danger and effect", f.source(label, row))
        actions.append(row)

    # ---- dice
    f = loaded["dice.toml"]
    for k in f.data:
        if k != "die":
            f.fail("", f"unknown key '{k}'")
    dice_rows = f.table("die", "die")
    ids = [r["id"] for _, r in dice_rows]
    if ids != ["white", "red", "azrael"]:
        f.fail("die", f"expected the dice white, red, azrael in that order, got {', '.join(ids)}")
    die_result = np.zeros((3, K.N_FACES, K.MAX_FACE_RESULTS), np.int8)
    die_amount = np.zeros((3, K.N_FACES, K.MAX_FACE_RESULTS), np.int8)
    dice = []
    for d, (label, row) in enumerate(dice_rows):
        f.keys(label, row, ("id", "name", "role", "faces", "source"))
        f.get(label, row, "name", str)
        role = f.choice(label, row, "role", ["danger", "azrael"], "role")
        if role != ("azrael" if d == 2 else "danger"):
            f.fail(label, f"role must be '{'azrael' if d == 2 else 'danger'}'")
        faces = f.get(label, row, "faces", list)
        if len(faces) != K.N_FACES:
            f.fail(label, f"a die has {K.N_FACES} faces, got {len(faces)}")
        for j, face in enumerate(faces):
            flabel = f"{label} face {j + 1}"
            if not isinstance(face, list) or not face or len(face) > K.MAX_FACE_RESULTS:
                f.fail(flabel, f"a face is a list of 1 to {K.MAX_FACE_RESULTS} results")
            for k, res in enumerate(face):
                if not isinstance(res, dict):
                    f.fail(flabel, "each result is a table like { result = \"find\" }")
                f.keys(flabel, res, ("result",), ("amount",))
                name = f.choice(flabel, res, "result", list(K.FACE_RESULTS), "result")
                code = K.FACE_RESULTS[name]
                needs_amount = code in (K.FACE_AZRAEL, K.FACE_SHORTAGE)
                if needs_amount:
                    if "amount" not in res:
                        f.fail(flabel, f"result '{name}' needs 'amount'")
                    amount = f.count(flabel, res, "amount", 1, 20)
                else:
                    if "amount" in res:
                        f.fail(flabel, f"result '{name}' takes no 'amount'")
                    amount = 1
                die_result[d, j, k] = code
                die_amount[d, j, k] = amount
        _note(assumed, "dice.toml", label, "faces", f.source(label, row))
        dice.append(row)

    # ---- roofs
    f = loaded["roofs.toml"]
    for k in f.data:
        if k != "roof":
            f.fail("", f"unknown key '{k}'")
    roofs = []
    roof_rows = f.table("roof", "roof")
    roof_cost = np.zeros((len(roof_rows), K.N_RES), np.int16)
    for i, (label, row) in enumerate(roof_rows):
        f.keys(label, row, ("id", "cost", "source"))
        roof_cost[i] = f.cost(label, row, "cost", resources)
        if roof_cost[i].sum() == 0:
            f.fail(label, "a roof costs at least 1 resource")
        _note(assumed, "roofs.toml", label, "construction cost", f.source(label, row))
        roofs.append(row)

    # ---- setup
    f = loaded["setup.toml"]
    setup_keys = ("meeples", "meeples_in_box", "meeples_source", "inventions_max", "ideas_at_setup",
                  "inventions_source", "supply_per_resource", "supply_source", "hand_size",
                  "hand_size_source", "too_late", "too_late_k", "too_late_source", "first_player",
                  "first_player_source")
    sd = f.data
    f.keys("setup", sd, setup_keys)
    meeples = f.count("setup", sd, "meeples", 1, 20)
    meeples_in_box = f.count("setup", sd, "meeples_in_box", 1, 20)
    if meeples_in_box < meeples:
        f.fail("setup", f"'meeples_in_box' ({meeples_in_box}) is less than 'meeples' ({meeples})")
    inventions_max = f.count("setup", sd, "inventions_max", 1, 20)
    ideas_at_setup = f.count("setup", sd, "ideas_at_setup", 0, 24)
    supply = f.count("setup", sd, "supply_per_resource", 1, 999)
    hs = f.get("setup", sd, "hand_size", dict)
    hand_size = {}
    for p in range(1, K.MAX_PLAYERS + 1):
        if str(p) not in hs:
            f.fail("setup", f"'hand_size' has no entry for {p} player{'s' if p > 1 else ''}")
    for key in hs:
        if key not in [str(p) for p in range(1, K.MAX_PLAYERS + 1)]:
            f.fail("setup", f"'hand_size' key '{key}' is not a player count 1 to {K.MAX_PLAYERS}")
        hand_size[int(key)] = f.count("setup", hs, key, 1, 20)
    too_late = f.choice("setup", sd, "too_late", ["bottom", "bottom-k"], "too_late placement")
    too_late_k = f.count("setup", sd, "too_late_k", 1, 20)
    first_player = f.count("setup", sd, "first_player", 0, K.MAX_PLAYERS - 1)
    for key in ("meeples_source", "inventions_source", "supply_source"):
        f.source("setup", sd, key)
    _note(assumed, "setup.toml", "hand_size", "starting hand size by player count",
          f.source("setup", sd, "hand_size_source"))
    _note(assumed, "setup.toml", "too_late", "Gargamel deck construction and Too Late placement",
          f.source("setup", sd, "too_late_source"))
    _note(assumed, "setup.toml", "first_player", "who holds the First Player marker first",
          f.source("setup", sd, "first_player_source"))
    setup = dict(meeples=meeples, meeples_in_box=meeples_in_box, inventions_max=inventions_max,
                 ideas_at_setup=ideas_at_setup, supply_per_resource=supply, hand_size=hand_size,
                 too_late=too_late, too_late_k=too_late_k, first_player=first_player)


    # ---- the cards: Smurfs, inventions, cakes, Gargamel
    sources = {c: loaded[CARD_KINDS[c][0]] for c in CARD_KINDS}
    parsed = _parse_cards(sources, loc_ids, resources)
    counts = mix_counts([c.values[0] for c in parsed["smurf"]], len(parsed["cake"]),
                        [c.values[0] for c in parsed["gargamel"]])
    data_file_checks = cards_path is None   # the card files' counts are checked here, as before
    if data_file_checks:
        for p, h in hand_size.items():
            if p * h > counts["starting"]:
                loaded["setup.toml"].fail(
                    "hand_size", f"{p} players x {h} cards needs {p * h} starting Smurfs, "
                    f"but {files['smurfs.toml']} has {counts['starting']}")
        if ideas_at_setup > len(parsed["invention"]):
            loaded["setup.toml"].fail("setup", f"'ideas_at_setup' ({ideas_at_setup}) exceeds the "
                                      f"{len(parsed['invention'])} Invention cards")

    # ---- levels (checked against the roofs, and against the card files' counts)
    f = loaded["levels.toml"]
    for k in f.data:
        if k != "level":
            f.fail("", f"unknown key '{k}'")
    levels = {}
    for label, row in f.table("level", "level"):
        f.keys(label, row, ("id", "name", "houses", "lost_smurfs", "cakes", "gargamel_cards",
                            "hungry_cracoucass", "super_danger_die", "source"))
        f.get(label, row, "name", str)
        houses = f.count(label, row, "houses", 1, 99)
        lost = f.count(label, row, "lost_smurfs", 0, 999)
        ncake = f.count(label, row, "cakes", 0, 99)
        ngc = f.count(label, row, "gargamel_cards", 1, 999)
        f.get(label, row, "hungry_cracoucass", bool)
        f.get(label, row, "super_danger_die", bool)
        f.source(label, row)
        if houses > len(roofs):
            f.fail(label, f"needs {houses} houses but {files['roofs.toml']} has {len(roofs)} roofs")
        if data_file_checks:
            if lost > counts["lost"]:
                f.fail(label, f"needs {lost} lost Smurfs but {files['smurfs.toml']} has {counts['lost']}")
            if ncake > counts["cakes"]:
                f.fail(label, f"needs {ncake} cakes but {files['cakes.toml']} has {counts['cakes']}")
            if ngc - 1 > counts["gargamel_effects"]:
                f.fail(label, f"needs {ngc - 1} Gargamel effect cards plus Too Late but "
                              f"{files['gargamel.toml']} has {counts['gargamel_effects']}")
        levels[row["id"]] = row

    # ---- the mix: --without removes cards; a level short of cards fails in make_config
    mix = _base_mix(data_dir, files, cards_path)
    if without:
        present = {c.id for cards_ in parsed.values() for c in cards_}
        for cid in without:
            if cid not in present:
                near = difflib.get_close_matches(cid, sorted(present), n=1)
                raise UserError(f"--without: no card '{cid}' in the mix '{mix}'"
                                + (f" (did you mean '{near[0]}'?)" if near else
                                   " (see `meeplesim cards list`)"))
            if any(c.id == cid and c.values[0] == K.G_TOO_LATE for c in parsed["gargamel"]):
                raise UserError(f"--without: '{cid}' is the Too Late card; the Gargamel deck needs it")
        parsed = {cat: [c for c in cards_ if c.id not in without] for cat, cards_ in parsed.items()}
        mix = f"{mix}-without-{'+'.join(without)}"
    for cat, cards_ in parsed.items():
        for c in cards_:
            for what, src in c.notes:
                _note(assumed, sources[cat].path.name, c.label, what, src)

    # ---- the arrays, indexed by each card's position in the (filtered) lists
    ns, ni, nc, ng = (len(parsed[c]) for c in CARD_KINDS)
    smurf_kind = np.zeros(ns, np.int8)
    smurf_op = np.zeros((ns, K.N_OPS, K.N_OPV), np.int64)
    for i, c in enumerate(parsed["smurf"]):
        smurf_kind[i], smurf_op[i] = c.values
    inv = np.zeros((ni, 2), np.int64)
    inv_op = np.zeros((ni, K.N_OPS, K.N_OPV), np.int64)
    for i, c in enumerate(parsed["invention"]):
        inv[i, INV_TYPE], inv[i, INV_COST], inv_op[i] = c.values
    cake = np.zeros((nc, 3), np.int64)
    for i, c in enumerate(parsed["cake"]):
        cake[i, CAKE_REQ], cake[i, CAKE_N], cake[i, CAKE_RES] = c.values
    garg = np.zeros((ng, 2), np.int64)
    garg_eff = np.zeros((ng, K.MAX_G_EFFECTS, 4), np.int64)
    for i, c in enumerate(parsed["gargamel"]):
        garg[i, G_TIMING], garg[i, G_AZRAEL], garg_eff[i] = c.values

    act = np.zeros((K.N_ACTIONS, N_ACT_COLS), np.int64)
    act[:, A_LOC] = act_location
    act[:, A_SPACES] = act_spaces
    act[:, A_COST:A_COST + K.N_RES] = act_cost
    act[:, A_DANGER] = act_dangerous
    act[:, A_EFFECT] = act_effect
    act[:, A_RES] = act_resource
    act[:, A_AMOUNT] = act_amount
    rules = RULES.pack(dict(
        act=act, die=np.stack([die_result, die_amount], axis=-1).astype(np.int64),
        roof_cost=roof_cost.astype(np.int64), smurf_kind=smurf_kind, smurf_op=smurf_op,
        inv_op=inv_op, smurf_ops=op_masks(smurf_op), inv_ops=op_masks(inv_op),
        inv=inv, cake=cake, garg=garg, garg_eff=garg_eff,
        setup=np.array([meeples, meeples_in_box, inventions_max, ideas_at_setup, supply], np.int64),
    ))
    return Catalog(rules=rules, resources=resources, locations=locs, actions=actions, dice=dice,
                   levels=levels, roofs=roofs,
                   smurfs=[c.row for c in parsed["smurf"]],
                   inventions=[c.row for c in parsed["invention"]],
                   cakes=[c.row for c in parsed["cake"]],
                   gargamel=[c.row for c in parsed["gargamel"]],
                   setup=setup, files={k: str(v) for k, v in files.items()},
                   digest=digest.hexdigest()[:16], assumptions=assumed, mix=mix,
                   cards_file=str(cards_path) if cards_path is not None else None,
                   without=without)


# ---------------------------------------------------------------- views of the cards
CATEGORY_TITLES = {"smurf": "Smurf", "invention": "Invention", "cake": "Cake", "gargamel": "Gargamel"}


def card_kind(category: str, row: dict) -> str:
    """smurf: starting / immediate / lasting; invention: new-action / single-use / durable;
    cake: cake; gargamel: immediate / lasting / too-late."""
    return {"smurf": lambda: row["kind"], "invention": lambda: row["type"],
            "cake": lambda: "cake", "gargamel": lambda: row["timing"]}[category]()


def card_records(cat: Catalog) -> list:
    """Every card of the catalog as a plain dict, grouped Smurf, Invention, Cake, Gargamel."""
    out = []
    for category, rows in (("smurf", cat.smurfs), ("invention", cat.inventions),
                           ("cake", cat.cakes), ("gargamel", cat.gargamel)):
        for row in rows:
            rec = {"id": row["id"], "category": category, "kind": card_kind(category, row),
                   "name": row["name"], "source": row["source"], "text": row["text"]}
            if category == "invention":
                rec["cost"] = row["cost"]
            if category == "gargamel":
                rec["azrael"] = row["azrael"]
            if category == "cake":
                rec.update(requires=row["requires"], n=row["n"], resource=row.get("resource"))
            else:
                rec["effects"] = row["effects"]
            out.append(rec)
    return out


def validate_cards(path, data_dir=None):
    """Check a card catalog file, each entry on its own, and report every problem found.

    Returns (problems, summary): `problems` is a list of DataError in file order (the first
    problem of each bad entry, and the file-level ones); `summary` holds the counts, the mix
    name and, when there is no problem, notes on the levels and player counts the cards cannot
    set up. Raises UserError only when the file cannot be read at all."""
    p = _cards_path(path)
    f = _File(p)
    base = load_catalog(data_dir)          # the board, levels and setup to check against
    problems: list = []
    parsed = _parse_cards({c: f for c in CARD_KINDS}, [loc["id"] for loc in base.locations],
                          base.resources, problems)
    counts = mix_counts([c.values[0] for c in parsed["smurf"]], len(parsed["cake"]),
                        [c.values[0] for c in parsed["gargamel"]])
    mix = _base_mix(None, {}, p)
    notes = []
    if not problems:
        for lid, lv in base.levels.items():
            why = level_shortfall(lid, lv, counts, mix)
            if why:
                notes.append(why)
        for players, hand in sorted(base.setup["hand_size"].items()):
            why = hand_shortfall(players, hand, counts, mix)
            if why:
                notes.append(why)
    summary = {"mix": mix, "smurfs": len(parsed["smurf"]), "inventions": len(parsed["invention"]),
               "cakes": len(parsed["cake"]), "gargamel": len(parsed["gargamel"]), **counts,
               "notes": notes}
    return problems, summary
