"""Hidden Village's cards as data: the card files' schema, the effect vocabulary a card's
`effects` compile to, card mixes (`--cards FILE`, `--without CARD_ID`) and the views of the
cards the CLI prints (`card_records`); the loader's check of a card file is
catalog.validate_cards.

Plain Python: the loader (catalog.py) calls `parse_cards` and packs what it returns into the
Rules tables (tables.py); kernels never import this module.
"""
from __future__ import annotations

import difflib
import hashlib
import re
import unicodedata
from pathlib import Path
from typing import NamedTuple

import numpy as np

from ...datafile import SOURCE, Field
from ...errors import DataError, UserError
from . import consts as K
from . import tables as T

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
    # ignore-danger, rewind, second-lost and collect-extra-same act at their moment, then the
    # card is discarded (a single-use Disguise, Wardrobe or Shovel: assumptions.toml's knobs)
    "single-use": _INSTANT | {"ignore-danger", "rewind", "second-lost", "collect-extra-same"},
    "durable": {"ignore-danger", "extra-meeple", "collect-extra-same", "second-lost",
                "build-discount", "shortage-reduce", "no-cracoucass-discard", "craft-discount",
                "azrael-slow", "no-house-destroy"},
}


# an effect's arguments, by name: the type of each
EFFECT_ARGS = {"amount": int, "resource": str, "locations": list, "resources": list,
               "cost": int, "cost_resource": str}
# the keys of an effect table, by op
EFFECT = {name: {"op": Field(str), **{a: Field(EFFECT_ARGS[a]) for a in sorted(required)},
                 **{a: Field(EFFECT_ARGS[a], required=False) for a in sorted(optional)}}
          for name, (required, optional) in OP_ARGS.items()}


def _parse_effects(f, label, row, category, loc_ids, resources):
    """A card's `effects` list -> int32[N_OPS, N_OPV] (consts.OPV_* per op)."""
    out = np.zeros((K.N_OPS, K.N_OPV), np.int32)
    out[:, K.OPV_RES] = -1
    out[:, K.OPV_COST_RES] = -1
    for j, eff in enumerate(row["effects"]):
        elabel = f"{label} effect {j + 1}"
        if not isinstance(eff, dict):
            f.fail(elabel, 'each effect is a table like { op = "draw", amount = 2 }')
        name = f.choice(elabel, eff, "op", list(OP_ARGS), "op")
        if name not in OPS_ALLOWED[category]:
            f.fail(elabel, f"op '{name}' does not fit a {category} card "
                           f"(allowed: {', '.join(sorted(OPS_ALLOWED[category]))})")
        f.check(elabel, eff, EFFECT[name])
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
            items = eff[key]
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
ALIASES = Field(list, required=False)   # a card's former ids, still accepted where a user names it
GARGAMEL_ARGS = {   # each Gargamel effect's arguments
    K.GE_LOSE_HALF: ("resource",), K.GE_LOSE_OR_DESTROY: ("amount",), K.GE_LOSE: ("amount",),
    K.GE_DESTROY_HOUSE: (), K.GE_CRACOUCASS: (), K.GE_DISCARD_IDEAS: (),
    K.GE_DESTROY_INVENTION: (), K.GE_BLOCK_LOCATION: ("location",),
    K.GE_DANGER_LOCATION: ("location",), K.GE_EXTRA_COST: ("location", "resource", "amount"),
}
_GARGAMEL_ARG_TYPES = {"location": str, "resource": str, "amount": int}
GARGAMEL_EFFECT = {op: {"op": Field(str), **{a: Field(_GARGAMEL_ARG_TYPES[a]) for a in args}}
                   for op, args in GARGAMEL_ARGS.items()}

# Where each field comes from. `source` is the card's own (its name and text: "rulebook" when
# the rulebook names the card); a field whose value is ours although the card is the rulebook's
# says so with `<field>_source = "assumed"` (absent: the card's `source`). `rulebook` quotes the
# rulebook's words about the card (passages joined by " [...] "): a field claimed "rulebook"
# must be stated there (tests/hidden_village/test_sources.py checks it against evidence.py).
FIELD_SOURCE = Field(str, required=False, vocabulary=SOURCE.vocabulary, what="source")
QUOTE = Field(str, required=False)
# the fields of each kind of card that may carry their own source: (key, what it is, in words)
SOURCED_FIELDS = {
    "smurf": (("kind", "kind"), ("effects", "ability")),
    "invention": (("type", "type"), ("effects", "effect and trigger"), ("cost", "Smurfberry cost")),
    "cake": (("requires", "prerequisite"),),
    "gargamel": (("timing", "timing"), ("effects", "effect"), ("azrael", "Azrael value")),
}

# the keys of each kind of card, in the card files' order
SMURF = {"id": Field(str), "name": Field(str), "aliases": ALIASES, "kind": Field(str),
         "source": SOURCE, "kind_source": FIELD_SOURCE, "effects_source": FIELD_SOURCE,
         "rulebook": QUOTE, "text": Field(str), "effects": Field(list)}
INVENTION = {"id": Field(str), "name": Field(str), "aliases": ALIASES, "type": Field(str),
             "cost": Field(int), "source": SOURCE, "type_source": FIELD_SOURCE,
             "effects_source": FIELD_SOURCE, "cost_source": SOURCE, "rulebook": QUOTE,
             "text": Field(str), "effects": Field(list)}
CAKE = {"id": Field(str), "name": Field(str), "aliases": ALIASES, "requires": Field(str),
        "n": Field(int), "resource": Field(str, required=False), "source": SOURCE,
        "requires_source": FIELD_SOURCE, "rulebook": QUOTE, "text": Field(str)}
GARGAMEL = {"id": Field(str), "name": Field(str), "aliases": ALIASES, "timing": Field(str),
            "azrael": Field(int), "source": SOURCE, "timing_source": FIELD_SOURCE,
            "effects_source": FIELD_SOURCE, "azrael_source": FIELD_SOURCE, "rulebook": QUOTE,
            "text": Field(str), "effects": Field(list)}


def field_source(row: dict, key: str) -> str:
    """Where field `key` of a card or action comes from: its `<key>_source`, else the entry's."""
    return row.get(f"{key}_source", row["source"])


def field_notes(category: str, row: dict) -> tuple:
    """(what, source) pairs for the assumptions list: one for a card that is ours throughout,
    else one per field (and the text) whose source is not the card's own."""
    fields = SOURCED_FIELDS[category]
    srcs = [field_source(row, k) for k, _ in fields]
    if row["source"] == "assumed" and all(x == "assumed" for x in srcs):
        return (("the whole card: " + ", ".join(["text"] + [w for _, w in fields]), "assumed"),)
    out = [("text", row["source"])]
    for (k, what), src in zip(fields, srcs):
        value = row.get(k)
        shown = f" ({value})" if isinstance(value, (str, int)) and not isinstance(value, bool) else ""
        out.append((f"{what}{shown}", src))
    return tuple(out)


def card_slug(name: str) -> str:
    """The id made from a card's name: "Handy Smurf" -> "handy-smurf", "Inventor's Gateau" ->
    "inventors-gateau" (accents and apostrophes dropped, other non-alphanumerics a hyphen).
    Every shipped card's id is its name's slug (tests/test_card_mixes.py)."""
    text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    return re.sub(r"[^a-z0-9]+", "-", re.sub(r"['\u2019]", "", text)).strip("-")


class Card(NamedTuple):
    """One validated card entry: its data row and its values for the Rules arrays."""
    category: str
    id: str
    label: str
    row: dict
    values: tuple      # smurf: (kind, op); invention: (type, cost, op); cake: (req, n, res);
    #                    gargamel: (timing, azrael, eff int32[MAX_G_EFFECTS, 4])
    notes: tuple       # (what, source) pairs for the assumptions list


def _smurf_entry(f, label, row, loc_ids, resources):
    f.check(label, row, SMURF)
    kind = K.SMURF_KINDS[f.choice(label, row, "kind", list(K.SMURF_KINDS), "kind")]
    op = _parse_effects(f, label, row, "smurf", loc_ids, resources)
    return Card("smurf", row["id"], label, row, (kind, op), field_notes("smurf", row))


def _invention_entry(f, label, row, loc_ids, resources):
    f.check(label, row, INVENTION)
    typ = f.choice(label, row, "type", list(K.INVENTION_TYPES), "type")
    op = _parse_effects(f, label, row, typ, loc_ids, resources)
    n_ops = int(op[:, K.OPV_ON].sum())
    if not n_ops:
        f.fail(label, "needs at least one entry in 'effects'")
    if typ == "new-action" and n_ops != 1:
        f.fail(label, f"a new-action invention has exactly one entry in 'effects' (its action), got {n_ops}")
    cost = f.count(label, row, "cost", 0, 20)
    return Card("invention", row["id"], label, row, (K.INVENTION_TYPES[typ], cost, op),
                field_notes("invention", row))


def _cake_entry(f, label, row, loc_ids, resources):
    f.check(label, row, CAKE)
    req = f.choice(label, row, "requires", list(K.CAKE_REQUIRES), "prerequisite")
    n = f.count(label, row, "n", 1, 999)
    res = -1
    if req == "stock-of":
        if "resource" not in row:
            f.fail(label, "prerequisite 'stock-of' needs 'resource'")
        res = resources.index(f.choice(label, row, "resource", resources, "resource"))
    elif "resource" in row:
        f.fail(label, f"prerequisite '{req}' takes no 'resource'")
    return Card("cake", row["id"], label, row, (K.CAKE_REQUIRES[req], n, res),
                field_notes("cake", row))


def _gargamel_entry(f, label, row, loc_ids, resources):
    f.check(label, row, GARGAMEL)
    timing = K.GARGAMEL_TIMINGS[f.choice(label, row, "timing", list(K.GARGAMEL_TIMINGS), "timing")]
    azrael = f.count(label, row, "azrael", 0, 20)
    effects = row["effects"]
    if timing == K.G_TOO_LATE and effects:
        f.fail(label, "a Too Late card has no other effect: 'effects' must be empty")
    if timing != K.G_TOO_LATE and not effects:
        f.fail(label, "needs at least one entry in 'effects'")
    if len(effects) > K.MAX_G_EFFECTS:
        f.fail(label, f"at most {K.MAX_G_EFFECTS} entries in 'effects', got {len(effects)}")
    eff_out = np.zeros((K.MAX_G_EFFECTS, 4), np.int32)
    eff_out[:, T.GE_LOC] = -1
    eff_out[:, T.GE_RES] = -1
    for j, eff in enumerate(effects):
        elabel = f"{label} effect {j + 1}"
        if not isinstance(eff, dict):
            f.fail(elabel, 'each effect is a table like { op = "lose", amount = 2 }')
        op = K.GARGAMEL_EFFECTS[f.choice(elabel, eff, "op", list(K.GARGAMEL_EFFECTS), "op")]
        f.check(elabel, eff, GARGAMEL_EFFECT[op])
        if op in K.GARGAMEL_LASTING_ONLY and timing != K.G_LASTING:
            f.fail(elabel, f"'{eff['op']}' acts over a round: the card's 'timing' must be 'lasting'")
        if op not in K.GARGAMEL_LASTING_ONLY and timing == K.G_LASTING:
            f.fail(elabel, f"'{eff['op']}' acts at once: the card's 'timing' must be 'immediate'")
        eff_out[j, T.GE_OP] = op
        if "location" in eff:
            eff_out[j, T.GE_LOC] = loc_ids.index(f.choice(elabel, eff, "location", loc_ids, "location"))
        if "resource" in eff:
            eff_out[j, T.GE_RES] = resources.index(f.choice(elabel, eff, "resource", resources, "resource"))
        if "amount" in eff:
            eff_out[j, T.GE_AMOUNT] = f.count(elabel, eff, "amount", 1, 99)
    return Card("gargamel", row["id"], label, row, (timing, azrael, eff_out),
                field_notes("gargamel", row))


_ENTRY_PARSERS = {"smurf": _smurf_entry, "invention": _invention_entry, "cake": _cake_entry,
                  "gargamel": _gargamel_entry}


def _tables(keys):
    names = [f"[[{k}]]" for k in keys]
    return (", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]) + " tables"


def parse_cards(sources, loc_ids, resources, problems=None):
    """The four card tables -> {category: [Card, ...]} in file order. `sources` maps each
    category to the DataFile holding it (one file for a --cards catalog).

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
                card = _ENTRY_PARSERS[cat](f, label, row, loc_ids, resources)
                _check_aliases(f, label, row)
                cards.append(card)
            except DataError as e:
                if problems is None:
                    raise
                problems.append(e)
        if cat == "gargamel" and isinstance(f.data.get(key), list):
            n_too_late = sum(1 for _, r in rows if r.get("timing") == "too-late")
            if n_too_late != 1:
                bad(f, "gargamel", f"the deck needs exactly one Too Late card, got {n_too_late}")
        out[cat] = cards
    _check_aliases_unique(out, sources, bad)
    return out


def _check_aliases(f, label, row):
    for alias in row.get("aliases", ()):
        if not isinstance(alias, str) or not CARD_ID.fullmatch(alias):
            f.fail(label, f"each of 'aliases' must be a kebab-case card id, got {alias!r}")
        if alias == row["id"]:
            f.fail(label, f"alias '{alias}' is the card's own id")


def _check_aliases_unique(cards, sources, bad):
    """An alias names one card: no card's id, no other card's alias (a card's first such
    problem is reported)."""
    ids = {}
    for cat, cards_ in cards.items():
        for c in cards_:
            ids.setdefault(c.id, c.label)
    owner = {}
    for cat, cards_ in cards.items():
        for c in cards_:
            for alias in c.row.get("aliases", ()):
                if alias in ids or alias in owner:
                    bad(sources[cat], c.label, f"alias '{alias}' is the id of {ids[alias]}" if alias in ids
                        else f"alias '{alias}' is an alias of {owner[alias]} too")
                    break
                owner[alias] = c.label


def card_aliases(cards) -> dict:
    """{alias: id} over the cards of a mix ({category: [Card, ...]})."""
    return {alias: c.id for cards_ in cards.values() for c in cards_ for alias in c.row.get("aliases", ())}


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


# ---------------------------------------------------------------- card mixes
def cards_path(cards) -> Path:
    """The --cards file, checked to be a .toml file that exists."""
    p = Path(cards)
    if p.suffix.lower() != ".toml":
        raise UserError(f"{p}: a card catalog is a .toml file")
    if not p.exists():
        raise DataError(p, "", "file not found")
    if p.is_dir():
        raise DataError(p, "", "is a folder, not a card catalog file")
    return p


def without_ids(without) -> tuple:
    """The --without card ids, stripped, once each, sorted."""
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


def base_mix(data_dir, files, cards_file, default_dir) -> str:
    """The mix's name before --without: 'default' for the shipped cards (the card files of
    `default_dir`), '<file stem>-<sha8>' for a --cards file, '<folder>-<sha8>' for card files
    replaced through --data."""
    if cards_file is not None:
        return f"{cards_file.stem}-{hashlib.sha256(cards_file.read_bytes()).hexdigest()[:8]}"
    if all(files[n] == default_dir / n for n in CARD_FILES):
        return "default"
    h = _files_hash((n, files[n]) for n in CARD_FILES)
    if h == _files_hash((n, default_dir / n) for n in CARD_FILES):
        return "default"
    return f"{Path(data_dir).resolve().name or 'data'}-{h[:8]}"


# ---------------------------------------------------------------- views of the cards
CATEGORY_TITLES = {"smurf": "Smurf", "invention": "Invention", "cake": "Cake", "gargamel": "Gargamel"}


def card_kind(category: str, row: dict) -> str:
    """smurf: starting / immediate / lasting; invention: new-action / single-use / durable;
    cake: cake; gargamel: immediate / lasting / too-late."""
    return {"smurf": lambda: row["kind"], "invention": lambda: row["type"],
            "cake": lambda: "cake", "gargamel": lambda: row["timing"]}[category]()


def find_card(cat, card_id) -> list:
    """The cards of the mix `cat` named `card_id`, by id or by an alias (a former id), as
    (category, row) pairs (an id may name a card of several categories). Raises UserError
    naming the mix, with the nearest id, when there is none."""
    rows = (("smurf", cat.smurfs), ("invention", cat.inventions), ("cake", cat.cakes),
            ("gargamel", cat.gargamel))
    found = [(c, row) for c, rows_ in rows for row in rows_ if row["id"] == card_id]
    if not found:
        found = [(c, row) for c, rows_ in rows for row in rows_ if card_id in row.get("aliases", ())]
    if not found:
        ids = sorted({row["id"] for _, rows_ in rows for row in rows_})
        near = difflib.get_close_matches(card_id, ids, n=1)
        raise UserError(f"no card '{card_id}' in the mix '{cat.mix}'"
                        + (f" (did you mean '{near[0]}'?)" if near else " (see `meeplesim hidden-village cards list`)"))
    return found


def card_records(cat) -> list:
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

