"""Load and validate the Hobbit deck-builder's data files into the packed `Rules` record
(tables.py: its layout).

Files (data/): cards.toml (every card kind: the starting cards, Valor, Corruption, Hoarding,
both main decks, the Loot, the archenemies and the Smaugs, with their effect rows in the
vocabulary of docs/hobbit-effects.md), heroes.toml (the heroes and their abilities), setup.toml
(numbers, the readings of ambiguous passages and the decks of the assumed AUJ chapter). A
`--data DIR` folder replaces each file it holds; the others stay the defaults. Knobs
(data/assumptions.toml, simcore/assumptions.py) patch the files before they are checked; the
levers (data/levers.toml) are fields of setup.toml. Every problem is a DataError naming the
file, the entry and what is wrong.

Plain Python: the kernels never import this module (they read tables.py and consts.py).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from ... import assumptions as knobs_
from ...datafile import Field
from ...errors import UserError
from . import consts as K
from . import tables as T

DATA_DIR = Path(__file__).resolve().parent / "data"
FILES = ("cards.toml", "heroes.toml", "setup.toml")
KNOBS_FILE = DATA_DIR / knobs_.FILE_NAME

# where an entry's shape comes from: the seed rulebook, the review (game-facts 4.1), the sister
# Cryptozoic deck-builders (DC Comics, Lord of the Rings), or our assumption
SOURCES = ("rulebook", "review", "sister", "assumed")
SOURCE = Field(str, vocabulary=SOURCES, what="source")

# the rulebook's counts (HB-S03, HB-D03, HB-D04, HB-D08); a set's entry -> (count, where it is said)
BOX = {
    K.SET_AUJ: (112, "HB-S03: the review's '112-card main deck' (game-facts 4.1)"),
    K.SET_DOS: (60, "HB-D04: the rulebook's '60 Main Deck Cards'"),
    K.SET_HOARDING: (5, "HB-D03: the rulebook's '5 Corruption (Hoarding) Cards'"),
    K.SET_LOOT4: (4, "HB-D08: the rulebook's 'all four Level 4 Loot cards'"),
    K.SET_RING: (1, "HB-S07: The One Ring, one card"),
}
MAIN_TYPES = ("ally", "artifact", "enemy", "location", "maneuver", "quest")
SET_TYPES = {           # the types a set's cards may have
    "start": ("courage", "despair"), "valor": ("valor",), "corruption": ("corruption",),
    "hoarding": ("corruption",), "auj": MAIN_TYPES, "dos": MAIN_TYPES,
    "loot1": ("loot",) + MAIN_TYPES, "loot2": ("loot",) + MAIN_TYPES,
    "ring": ("loot",) + MAIN_TYPES, "loot4": ("loot",) + MAIN_TYPES,
    "arch-auj": ("archenemy",), "smaug": ("archenemy",), "smaug-impossible": ("archenemy",),
}
ARCH_SETS = (K.SET_ARCH_AUJ, K.SET_SMAUG, K.SET_SMAUG_IMPOSSIBLE)
HERO_SETS = {"auj": 0, "dos": 1}          # tables.HR_SET: 0 the base game's, 1 this box's
MAX_NUMBER = 20                           # an effect row's numbers

# each op's numbers: (A, B), each None (none), "n" (a whole number), "m" (a whole number of at
# least 1: a divisor), "type" (a card type's name, or "any"), "n0" (a whole number, 0 if left out)
ARGS = {
    "power": ("n", None), "draw": ("n", None), "destroy": ("n", None), "stash": ("n", None),
    "corrupt": ("n", None), "discard": ("n", None), "power-if": ("n", "type"),
    "power-per": ("n", "type"), "draw-discard": ("n", "n"), "barge": (None, None),
    "burgle": (None, None), "tapestry": (None, None), "ballista": ("n", None),
    "guards": (None, None), "barrels": (None, None), "small-cup": (None, None),
    "send-off": (None, None), "hide-and-seek": (None, None), "fimbul": (None, None),
    "flames": (None, None), "riddle": (None, None), "bolg": (None, None),
    "stash-random": (None, None), "hoard-or-corrupt": (None, None), "scorch": ("n0", None),
    "cost-up": ("n", "type"), "first-power": ("n", "type"), "first-draw": ("n", "type"),
    "end-draw": ("n", None), "vp-per-stash": ("n", "m"), "vp-per-type": ("n", "type"),
    "hoarding": ("n", "m"), "draw-more": ("n", None), "ambush-guard": (None, None),
    "big-gain": ("n", "n"), "defeat-power": ("n", None), "top-deck": (None, "type"),
    "destroy-power": ("n", None), "stash-start": ("n0", None), "valor-discount": ("n", None),
}
HERO_OPS = ("first-power", "first-draw", "draw-more", "ambush-guard", "big-gain", "defeat-power",
            "top-deck", "destroy-power", "stash-start", "valor-discount")
HERO_ONLY = tuple(op for op in HERO_OPS if op not in ("first-power", "first-draw"))
# the only triggers an op acts on (docs/hobbit-effects.md); ops not listed act on any trigger
# but ongoing, end-game, group and stack
OP_WHEN = {
    "send-off": ("gained",), "riddle": ("in-hand",), "flames": ("ambush",),
    "fimbul": ("attack",), "stash-random": ("group",), "hoard-or-corrupt": ("group",),
    "scorch": ("stack",), "cost-up": ("stack",), "first-power": ("ongoing",),
    "first-draw": ("ongoing",), "end-draw": ("ongoing",), "vp-per-stash": ("end-game",),
    "vp-per-type": ("end-game",), "hoarding": ("end-game",),
}
RESTRICTED = ("ongoing", "end-game", "stack")   # triggers only OP_WHEN's ops use


@dataclass
class Catalog:
    rules: object               # a packed record of tables.RULES: what kernels read
    cards: list                 # card kind ids, by kind (a row of Rules.card)
    card_names: list            # their names, by kind
    kind: dict                  # card id -> kind
    heroes: list                # hero ids, by row of Rules.hero
    hero_names: list            # their names, by row
    setup: dict                 # setup.toml values by key (dos_start: its table)
    files: dict                 # file name -> path read
    digest: str                 # sha256 of the data as read, knobs and mix included
    assumptions: list = field(default_factory=list)   # (file, entry, what) for source = "assumed"
    mix: str = "default"        # "default", or "without:" + the DoS cards taken out ("+"-joined)
    assume: tuple = ()          # the knobs in force, "knob=alternative" (--assume)
    without: tuple = ()         # the DoS main-deck card ids taken out of the deck

    def card_name(self, c: int) -> str:
        return self.card_names[c] if 0 <= c < len(self.card_names) else f"#{c}"


def _note(f, entry, table, assumptions, what):
    if table.get("source") == "assumed":
        assumptions.append((f.path.name, entry, what))


# --------------------------------------------------------------------------- effect rows
def _number(f, label, text, word, what, lo):
    if not word.isdigit():
        f.fail(label, f"effect '{text}': {what} must be a whole number, got '{word}'")
    v = int(word)
    if not lo <= v <= MAX_NUMBER:
        f.fail(label, f"effect '{text}': {what} must be {lo} to {MAX_NUMBER}, got {v}")
    return v


def _type_arg(f, label, text, word, what):
    if word == "any":
        return K.ANY_TYPE
    if word not in K.TYPES:
        f.fail(label, f"effect '{text}': {what} must be a card type ({', '.join(K.TYPES)}, any), "
                      f"got '{word}'")
    return K.TYPES[word]


def _args(f, label, text, op, words):
    """(A, B) of op from the words after it."""
    spec = ARGS[op]
    kinds = [k for k in spec if k is not None]
    need = sum(1 for k in kinds if k != "n0")
    if not need <= len(words) <= len(kinds):
        n = f"{need}" if need == len(kinds) else f"{need} to {len(kinds)}"
        f.fail(label, f"effect '{text}': '{op}' takes {n} argument{'s' if len(kinds) != 1 else ''}, "
                      f"got {len(words)}")
    out = [0, 0]
    i = 0
    for slot, k in enumerate(spec):
        if k is None:
            continue
        what = f"'{op}' {'A' if slot == 0 else 'B'}"
        if i >= len(words):          # an optional number left out
            break
        w = words[i]
        i += 1
        if k == "type":
            out[slot] = _type_arg(f, label, text, w, f"{what} (a type)")
        elif w in K.TYPES or w == "any":
            f.fail(label, f"effect '{text}': {what} must be a whole number, not a type ('{w}')")
        else:
            out[slot] = _number(f, label, text, w, what, 1 if k == "m" else 0)
    return out


def _op(f, label, text, word, allowed):
    if word not in K.OPS or word == "none" or word not in allowed:
        import difflib
        near = difflib.get_close_matches(word, allowed, n=1)
        hint = f"did you mean '{near[0]}'? " if near else ""
        if word in K.OPS and word != "none":
            f.fail(label, f"effect '{text}': '{word}' is not one of these effects "
                          f"({hint}known: {', '.join(allowed)})")
        f.fail(label, f"effect '{text}': unknown effect '{word}' ({hint}known: {', '.join(allowed)})")
    return word


def _card_row(f, label, text, ctype):
    """One effect row of a card -> (trigger, op, A, B) codes."""
    if not isinstance(text, str) or not text.split():
        f.fail(label, f"an effect row is a non-empty string like 'play power 2', got {text!r}")
    words = text.split()
    trig = words[0]
    if trig not in K.TRIGGERS:
        import difflib
        near = difflib.get_close_matches(trig, list(K.TRIGGERS), n=1)
        hint = f"did you mean '{near[0]}'? " if near else ""
        f.fail(label, f"effect '{text}': unknown trigger '{trig}' ({hint}known: {', '.join(K.TRIGGERS)})")
    if len(words) < 2:
        f.fail(label, f"effect '{text}': a trigger, then what it does (e.g. 'play power 2')")
    card_ops = [op for op in ARGS if op not in HERO_ONLY]
    op = _op(f, label, text, words[1], card_ops)
    when = OP_WHEN.get(op)
    if when is not None and trig not in when:
        f.fail(label, f"effect '{text}': '{op}' acts only on {' or '.join(when)} (docs/hobbit-effects.md)")
    if when is None and trig in RESTRICTED:
        ok = [o for o, w in OP_WHEN.items() if trig in w]
        f.fail(label, f"effect '{text}': a{'n' if trig[0] in 'aeiou' else ''} {trig} row does "
                      f"{', '.join(ok)}")
    archenemy = ctype == "archenemy"
    if archenemy and trig not in ("group", "stack"):
        f.fail(label, f"effect '{text}': an archenemy's rows are its Group Ambush (group) and its "
                      f"Stack Ongoing (stack) (HB-K01, HB-K07, HB-T07)")
    if not archenemy and trig in ("group", "stack"):
        f.fail(label, f"effect '{text}': only an archenemy has {trig} rows")
    if trig == "ongoing" and ctype != "location":
        f.fail(label, f"effect '{text}': only a Location has ongoing rows (HB-C05)")
    a, b = _args(f, label, text, op, words[2:])
    return K.TRIGGERS[trig], K.OPS[op], a, b


def _hero_row(f, label, text):
    """An ability: a string of words ('first-power 1 ally'), or the same words as a list with
    its numbers as whole numbers (["first-power", 1, "ally"]: the form a lever can move)."""
    if isinstance(text, list) and text and all(
            isinstance(w, str) or (isinstance(w, int) and not isinstance(w, bool)) for w in text):
        text = " ".join(str(w) for w in text)
    if not isinstance(text, str) or not text.split():
        f.fail(label, f"an ability is a non-empty string like 'first-power 1 ally' or a list "
                      f"like [\"first-power\", 1, \"ally\"], got {text!r}")
    words = text.split()
    if words[0] in K.TRIGGERS:
        f.fail(label, f"ability '{text}': a hero's abilities have no trigger ('{words[0]}'): "
                      f"write '{' '.join(words[1:])}'")
    op = _op(f, label, text, words[0], list(HERO_OPS))
    a, b = _args(f, label, text, op, words[1:])
    return K.TR_NONE, K.OPS[op], a, b


# --------------------------------------------------------------------------- cards.toml
CARD = {"id": Field(str), "name": Field(str), "type": Field(str, vocabulary=tuple(K.TYPES), what="type"),
        "set": Field(str, vocabulary=tuple(K.SETS), what="set"), "order": Field(int, False),
        "final": Field(bool, False), "count": Field(int), "cost": Field(int), "vp": Field(int),
        "effects": Field(list, False), "source": SOURCE, "basis": Field(str)}


def _cards(f, assumptions):
    f.top_keys(("card",))
    ids, names, rows, fx = [], [], [], []
    for label, row in f.table("card", "card"):
        f.check(label, row, CARD)
        ctype, cset = row["type"], row["set"]
        if ctype not in SET_TYPES[cset]:
            f.fail(label, f"a card of the set '{cset}' is of type {' or '.join(SET_TYPES[cset])}, "
                          f"got '{ctype}'")
        arch = K.SETS[cset] in ARCH_SETS
        if arch and "order" not in row:
            f.fail(label, "an archenemy needs 'order' (its place in story order, 0 first: HB-S05)")
        if not arch and ("order" in row or "final" in row):
            f.fail(label, "only an archenemy has 'order' and 'final'")
        final = bool(row.get("final", False))
        if final and K.SETS[cset] == K.SET_ARCH_AUJ:
            f.fail(label, "'final' is Smaug the Terrible's (HB-E01), not an AUJ archenemy's")
        order = f.count(label, row, "order", 0, 9, default=0)
        if cset == "start":
            count = f.count(label, row, "count", 1, 20)
        elif arch:
            count = f.count(label, row, "count", 1, 1)
        else:
            count = f.count(label, row, "count", 0, 60)
        cost = f.count(label, row, "cost", 0, 30)
        vp = f.count(label, row, "vp", -10, 20)
        if ctype == "corruption" and vp > 0:
            f.fail(label, f"a Corruption's VP are not positive (HB-C08), got {vp}")
        if not row["name"].strip() or not row["basis"].strip():
            f.fail(label, "'name' and 'basis' must be non-empty strings")
        effects = row.get("effects", [])
        if len(effects) > K.MAX_FX:
            f.fail(label, f"at most {K.MAX_FX} effect rows, got {len(effects)}")
        frows = [_card_row(f, label, text, ctype) for text in effects]
        n_or = sum(1 for r in frows if r[0] == K.TR_ATTACK_OR)
        if n_or == 1:
            f.fail(label, "an attack-or card has at least two attack-or rows to choose from (HB-K09)")
        defense = int(any(r[0] == K.TR_DEFENSE for r in frows))
        as_type = K.T_ENEMY if arch else K.TYPES[ctype]          # HB-K07
        zero_vp = int(arch and vp == 0)                          # HB-T08
        _note(f, label, row, assumptions, "card text and numbers")
        ids.append(row["id"])
        names.append(row["name"])
        rows.append((K.TYPES[ctype], K.SETS[cset], cost, vp, count, order, as_type, int(final),
                     defense, len(frows), zero_vp))
        table = np.zeros((K.MAX_FX, T.N_FX), np.int64)
        for i, (tr, op, a, b) in enumerate(frows):
            table[i, T.FX_TRIG], table[i, T.FX_OP], table[i, T.FX_A], table[i, T.FX_B] = tr, op, a, b
        fx.append(table)
    card = np.array(rows, np.int64).reshape(-1, T.N_C)
    fx = np.array(fx, np.int64).reshape(-1, K.MAX_FX, T.N_FX)
    _sets(f, ids, card)
    return ids, names, card, fx


def _sets(f, ids, card):
    """The rulebook's counts and each archenemy set's story order."""
    def total(s):
        return int(card[card[:, T.C_SET] == s, T.C_COUNT].sum())

    for s, (n, cite) in BOX.items():
        got = total(s)
        if got != n:
            f.fail(f"set '{K.SET_NAMES[s]}'", f"its cards must number {n} ({cite}), got {got}")
    for s in (K.SET_START, K.SET_VALOR, K.SET_CORRUPTION, K.SET_LOOT1, K.SET_LOOT2):
        if total(s) < 1:
            f.fail(f"set '{K.SET_NAMES[s]}'", "needs at least one card")
    for s in ARCH_SETS:
        rows = np.flatnonzero(card[:, T.C_SET] == s)
        name = f"set '{K.SET_NAMES[s]}'"
        if not len(rows):
            f.fail(name, "needs its archenemies (HB-S05, HB-D07..D09, HB-I02)")
        orders = sorted(int(card[r, T.C_ORDER]) for r in rows)
        if orders != list(range(len(rows))):
            f.fail(name, f"its archenemies' orders must be 0 to {len(rows) - 1}, each once, got {orders}")
        if s != K.SET_ARCH_AUJ:
            finals = [ids[r] for r in rows if card[r, T.C_FINAL]]
            if len(finals) != 1:
                f.fail(name, f"exactly one archenemy is final (Smaug the Terrible, HB-E01), got "
                             f"{len(finals)}{': ' + ', '.join(finals) if finals else ''}")
            last = max(rows, key=lambda r: card[r, T.C_ORDER])
            if not card[last, T.C_FINAL]:
                f.fail(f"card '{ids[last]}'", "the final archenemy is the last in order, at the "
                                              "bottom of the stack (HB-D07)")


# --------------------------------------------------------------------------- heroes.toml
HERO = {"id": Field(str), "name": Field(str), "set": Field(str, vocabulary=tuple(HERO_SETS), what="hero set"),
        "abilities": Field(list), "source": SOURCE, "basis": Field(str)}


def _heroes(f, assumptions):
    f.top_keys(("hero",))
    ids, names, rows, fx = [], [], [], []
    for label, row in f.table("hero", "hero"):
        f.check(label, row, HERO)
        ab = row["abilities"]
        if not 1 <= len(ab) <= T.MAX_HERO_FX:
            f.fail(label, f"'abilities' holds 1 to {T.MAX_HERO_FX} rows, got {len(ab)}")
        hrows = [_hero_row(f, label, text) for text in ab]
        _note(f, label, row, assumptions, "hero ability")
        ids.append(row["id"])
        names.append(row["name"])
        rows.append((HERO_SETS[row["set"]], len(hrows)))
        table = np.zeros((T.MAX_HERO_FX, T.N_FX), np.int64)
        for i, (tr, op, a, b) in enumerate(hrows):
            table[i, T.FX_TRIG], table[i, T.FX_OP], table[i, T.FX_A], table[i, T.FX_B] = tr, op, a, b
        fx.append(table)
    hero = np.array(rows, np.int64).reshape(-1, T.N_HR)
    for s, n in (("auj", 1), ("dos", 1)):
        if sum(1 for r in rows if r[0] == HERO_SETS[s]) < n:
            f.fail("hero", f"no hero of the set '{s}'")
    if len(ids) < K.MAX_PLAYERS:
        f.fail("hero", f"at least {K.MAX_PLAYERS} heroes, one per seat (HB-S01), got {len(ids)}")
    return ids, names, hero, np.array(fx, np.int64).reshape(-1, T.MAX_HERO_FX, T.N_FX)


# --------------------------------------------------------------------------- setup.toml
SETUP = {"hand": int, "path": int, "max_turns": int, "loot1_under": int, "loot2_under": int,
         "group_when": str, "defense_ambush": bool, "locations_stay": bool, "fights": int,
         "auj_deck": int, "dos_deck": int, "impossible_auj": bool, "seat_vp": list,
         "play_after_buy": bool, "stack_live": str, "scorch_slots": bool, "scorch_ambush": bool,
         "ring_at": str}
DOS_START = {"cards": Field(dict), "random_auj": Field(int), "max_cost": Field(int),
             "corruption": Field(int), "stash": Field(int), "source": SOURCE}
DOS_START_SETS = (K.SET_START, K.SET_VALOR, K.SET_AUJ)


def _setup(f, assumptions, ids, card):
    f.top_keys(tuple(SETUP) + ("dos_start",))
    s = {}
    for key, typ in SETUP.items():
        t = f.check(key, f.section(key), {"value": Field(typ), "source": SOURCE})
        _note(f, key, t, assumptions, key.replace("_", " "))
        s[key] = t["value"]

    def total(st):
        return int(card[card[:, T.C_SET] == st, T.C_COUNT].sum())

    for key, lo, hi in (("hand", 1, 10), ("path", 1, K.PATH_SLOTS), ("max_turns", 1, 100000),
                        ("loot1_under", 0, total(K.SET_LOOT1)), ("loot2_under", 0, total(K.SET_LOOT2)),
                        ("fights", 0, 10), ("auj_deck", 1, total(K.SET_AUJ)),
                        ("dos_deck", 1, total(K.SET_DOS))):
        f.count(key, {"value": s[key]}, "value", lo, hi)
    f.choice("group_when", {"value": s["group_when"]}, "value", tuple(K.GROUP_WHEN), "group-ambush reading")
    f.choice("stack_live", {"value": s["stack_live"]}, "value", tuple(K.STACK_LIVE), "stack-ongoing reading")
    f.choice("ring_at", {"value": s["ring_at"]}, "value", tuple(K.RING_AT), "one-ring reading")
    sv = s["seat_vp"]
    if len(sv) != K.MAX_PLAYERS or not all(isinstance(x, int) and not isinstance(x, bool)
                                           and 0 <= x <= 20 for x in sv):
        f.fail("seat_vp", f"'value' must be {K.MAX_PLAYERS} whole numbers from 0 to 20, one per seat "
                          f"(first player first), got {sv!r}")
    d = f.check("dos_start", f.section("dos_start"), DOS_START)
    _note(f, "dos_start", d, assumptions, "decks of the assumed AUJ chapter (HB-X01)")
    dos_deck = np.zeros(len(ids), np.int64)
    valor = 0
    for cid, n in d["cards"].items():
        if cid not in ids:
            f.fail("dos_start", f"unknown card '{cid}' in 'cards' (cards.toml ids)")
        c = ids.index(cid)
        if int(card[c, T.C_SET]) not in DOS_START_SETS:
            f.fail("dos_start", f"'cards' names cards of the start, valor and auj sets, got '{cid}' "
                                f"(set {K.SET_NAMES[int(card[c, T.C_SET])]})")
        per = int(card[c, T.C_COUNT]) if card[c, T.C_SET] == K.SET_START else \
            int(card[c, T.C_COUNT]) // K.MAX_PLAYERS
        f.count("dos_start", {f"cards.{cid}": n}, f"cards.{cid}", 0, per)
        dos_deck[c] = n
        if card[c, T.C_SET] == K.SET_VALOR:
            valor += n
    max_cost = f.count("dos_start", d, "max_cost", 0, 30)
    cheap = int(card[(card[:, T.C_SET] == K.SET_AUJ) & (card[:, T.C_COST] <= max_cost), T.C_COUNT].sum())
    random_auj = f.count("dos_start", d, "random_auj", 0, 40)
    stash = f.count("dos_start", d, "stash", 0, 20)
    named_auj = int(dos_deck[card[:, T.C_SET] == K.SET_AUJ].sum())
    if (random_auj + stash + named_auj) * K.MAX_PLAYERS > cheap:
        f.fail("dos_start", f"{K.MAX_PLAYERS} players' {random_auj + stash + named_auj} AUJ cards each "
                            f"are more than the {cheap} AUJ cards costing at most {max_cost}")
    corr = f.count("dos_start", d, "corruption", 0, total(K.SET_CORRUPTION) // K.MAX_PLAYERS)
    s["dos_start"] = dict(cards=dict(d["cards"]), random_auj=random_auj, max_cost=max_cost,
                          corruption=corr, stash=stash, valor=valor)
    return s, dos_deck


# --------------------------------------------------------------------------- the catalog
def _without(without, ids, card) -> tuple:
    if isinstance(without, str):
        without = without.replace(",", "+").split("+")
    out = tuple(sorted({w.strip() for w in (without or ()) if w and w.strip()}))
    dos = [cid for cid, row in zip(ids, card) if row[T.C_SET] == K.SET_DOS]
    for w in out:
        if w not in dos:
            raise UserError(f"without: unknown DoS card '{w}' (use {', '.join(dos)})")
    return out


def load_catalog(data_dir: str | Path | None = None, assume=(), without=(), assumptions_file=None,
                 **unused) -> Catalog:
    """Load the data (a `data_dir` file replaces the default of the same name). `assume`: the
    knobs in force ("KNOB=ALTERNATIVE", data/assumptions.toml or a data folder's own): each
    patches the data before it is checked. `without`: DoS main-deck card ids taken out of the
    deck (count 0) after the data are checked, the intervention that measures a card's impact."""
    files, loaded, assumptions, choice = knobs_.open_data(data_dir, FILES, DATA_DIR, assume,
                                                          assumptions_file, KNOBS_FILE)
    ids, names, card, fx = _cards(loaded["cards.toml"], assumptions)
    hero_ids, hero_names, hero, hfx = _heroes(loaded["heroes.toml"], assumptions)
    setup, dos_deck = _setup(loaded["setup.toml"], assumptions, ids, card)
    without = _without(without, ids, card)
    for w in without:
        card[ids.index(w), T.C_COUNT] = 0
    k = np.zeros(T.N_K, np.int64)
    k[T.K_HAND], k[T.K_PATH], k[T.K_MAX_TURNS] = setup["hand"], setup["path"], setup["max_turns"]
    k[T.K_LOOT1_UNDER], k[T.K_LOOT2_UNDER] = setup["loot1_under"], setup["loot2_under"]
    k[T.K_GROUP_WHEN] = K.GROUP_WHEN[setup["group_when"]]
    k[T.K_DEFENSE_AMBUSH] = int(setup["defense_ambush"])
    k[T.K_LOCATIONS_STAY] = int(setup["locations_stay"])
    k[T.K_FIGHTS] = setup["fights"]
    ds = setup["dos_start"]
    k[T.K_DOS_RANDOM], k[T.K_DOS_MAX_COST] = ds["random_auj"], ds["max_cost"]
    k[T.K_DOS_CORRUPTION], k[T.K_DOS_VALOR], k[T.K_DOS_STASH] = ds["corruption"], ds["valor"], ds["stash"]
    k[T.K_AUJ_DECK], k[T.K_DOS_DECK] = setup["auj_deck"], setup["dos_deck"]
    k[T.K_IMPOSSIBLE_AUJ] = int(setup["impossible_auj"])
    k[T.K_PLAY_AFTER_BUY] = int(setup["play_after_buy"])
    k[T.K_STACK_LIVE] = K.STACK_LIVE[setup["stack_live"]]
    k[T.K_SCORCH_SLOTS] = int(setup["scorch_slots"])
    k[T.K_SCORCH_AMBUSH] = int(setup["scorch_ambush"])
    k[T.K_RING_AT] = K.RING_AT[setup["ring_at"]]
    for seat, n in enumerate(setup["seat_vp"]):
        k[T.K_SEAT_VP_0 + seat] = n
    rules = T.RULES.pack(dict(k=k, card=card, fx=fx, hero=hero, hfx=hfx, dos_deck=dos_deck))
    assume = knobs_.words(choice)
    mix = "without:" + "+".join(without) if without else "default"
    digest = knobs_.data_digest(files, FILES, knobs_.assume_part(choice), mix if without else "")
    return Catalog(rules, ids, names, {cid: i for i, cid in enumerate(ids)}, hero_ids, hero_names,
                   setup, {n: str(p) for n, p in files.items()}, digest, assumptions, mix,
                   tuple(assume), without)


def data_summary(catalog) -> str:
    """What the data hold, in two lines: the card kinds and cards of each set, the heroes."""
    card = catalog.rules.card
    parts = []
    for name, s in K.SETS.items():
        rows = card[card[:, T.C_SET] == s]
        if len(rows):
            n = int(rows[:, T.C_COUNT].sum())
            parts.append(f"{name} {len(rows)}/{n}{' per player' if s == K.SET_START else ''}")
    hero = catalog.rules.hero
    n_auj = int((hero[:, T.HR_SET] == HERO_SETS["auj"]).sum())
    mix = "" if catalog.mix == "default" else f" ({catalog.mix})"
    return (f"{card.shape[0]} card kinds (kinds/cards by set: {', '.join(parts)}){mix}\n"
            f"{hero.shape[0]} heroes ({n_auj} auj, {hero.shape[0] - n_auj} dos)")
