"""Load and validate the cake race's data files into the `Rules` record the kernels read
(tables.py: its layout).

Files (data/): board.toml (points, paths, starts, red points, cake, brown point), deck.toml
(card kinds and counts), setup.toml (die, cap, supply, markers and the assumed rule choices).
A `--data DIR` folder replaces each file it holds; the others stay the defaults. Every problem
is a DataError naming the file, the entry and what is wrong.
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from ... import assumptions as knobs_
from ...datafile import SOURCE, Field
from ...errors import UserError
from . import consts as K
from .tables import (K_BROWN, K_CAKE, K_CAP, K_CAUGHT_LOSES, K_CAUGHT_TO, K_CHASE_FIRST,
                     K_ELIM_AT, K_EXACT_HOME, K_GARG_TO, K_HAT_SPENT, K_MAX_CHASE, K_MAX_ROUNDS,
                     K_N_CARDS, K_N_FACES, K_N_POINTS, K_N_STARTS, K_SUPPLY, N_K, RULES, Rules)

DATA_DIR = Path(__file__).resolve().parent / "data"
FILES = ("board.toml", "deck.toml", "setup.toml")
KNOBS_FILE = DATA_DIR / knobs_.FILE_NAME   # the rule choices' alternatives (simcore/assumptions.py)

# the rule choices of setup.toml a game option can override (None: the data's value)
KNOBS = ("hat_spent", "caught_loses", "chase_first", "exact_home")
# rule choices that were settings and are now fixed readings of the rulebook (CR-H02, CR-H03)
FIXED = {"cat_catch": "the cat catches the Smurf when its roll reaches the Smurf's point "
                      "(\"når ikapp dig\"), a fixed reading (CR-H03)",
         "cards_in_chase": "red points turn no card during a chase, whose only endings are a "
                           "start or the cat, a fixed reading (CR-H02)"}


@dataclass
class Catalog:
    rules: Rules
    points: list            # point ids (names) by index
    setup: dict             # setup.toml values by key
    files: dict             # file name -> path loaded
    digest: str
    assumptions: list = field(default_factory=list)   # (file, entry, what)
    mix: str = "default"
    assume: tuple = ()      # the knobs in force, "knob=alternative" (--assume)

    def point_name(self, i: int) -> str:
        return self.points[i] if 0 <= i < len(self.points) else f"#{i}"


def _note(f, entry, table, assumptions, what):
    if table["source"] == "assumed":
        assumptions.append((f.path.name, entry, what))


def _int(f, entry, v, low, high=None):
    if not isinstance(v, int) or isinstance(v, bool) or v < low or (high is not None and v > high):
        rng = f"{low}..{high}" if high is not None else f">= {low}"
        f.fail(entry, f"must be an integer {rng}, got {v!r}")
    return v


# the tables of board.toml and their keys
BOARD = {"source": SOURCE, "cake": Field(str), "brown": Field(str), "starts": Field(list)}
POINTS = {"source": SOURCE, "ids": Field(list), "red": Field(list, required=False)}
PATHS = {"source": SOURCE, "edges": Field(list)}


def _board(f, assumptions):
    f.top_keys(("board", "points", "paths"))
    b = f.check("board", f.section("board"), BOARD)
    _note(f, "board", b, assumptions, "board layout")
    p = f.section("points")
    if not isinstance(p.get("ids"), list) or not p["ids"]:
        f.fail("points", "missing [points] ids = [...] (a non-empty list of names)")
    f.check("points", p, POINTS)
    _note(f, "points", p, assumptions, "red points")
    ids = p["ids"]
    if not all(isinstance(x, str) and x for x in ids):
        f.fail("points.ids", "every point id must be a non-empty string")
    dup = sorted({x for x in ids if ids.count(x) > 1})
    if dup:
        f.fail("points.ids", f"duplicate point ids: {', '.join(dup)}")
    index = {x: i for i, x in enumerate(ids)}

    def point(entry, name):
        if not isinstance(name, str):
            f.fail(entry, f"a point is named by a string, got {name!r}")
        if name not in index:
            f.fail(entry, f"unknown point '{name}'")
        return index[name]

    cake = point("board.cake", b["cake"])
    brown = point("board.brown", b["brown"])
    starts = b["starts"]
    if not 1 <= len(starts) <= K.MAX_PLAYERS:
        f.fail("board.starts", f"must be a list of 1 to {K.MAX_PLAYERS} points")
    starts = [point("board.starts", s) for s in starts]
    if len(set(starts)) != len(starts) or cake in starts:
        f.fail("board.starts", "start points must be distinct and not the cake")
    red_idx = [point("points.red", r) for r in p.get("red", [])]
    if any(r in starts or r == cake for r in red_idx):
        f.fail("points.red", "a start or the cake cannot be a red point")
    e = f.check("paths", f.section("paths"), PATHS)
    _note(f, "paths", e, assumptions, "paths between points")
    n = len(ids)
    nbrs = [set() for _ in range(n)]
    for i, edge in enumerate(e["edges"]):
        if not (isinstance(edge, list) and len(edge) == 2):
            f.fail(f"paths.edges[{i}]", "must be a pair [a, b]")
        a, c = point(f"paths.edges[{i}]", edge[0]), point(f"paths.edges[{i}]", edge[1])
        if a == c:
            f.fail(f"paths.edges[{i}]", "a path must join two different points")
        nbrs[a].add(c)
        nbrs[c].add(a)
    for i, s in enumerate(nbrs):
        if len(s) > K.MAX_DEGREE:
            f.fail(f"points.{ids[i]}", f"more than {K.MAX_DEGREE} paths")
        if not s:
            f.fail(f"points.{ids[i]}", "no path leads to this point")
    dist = np.full((n, n), -1, np.int64)
    for s in range(n):
        dist[s, s] = 0
        q = deque([s])
        while q:
            u = q.popleft()
            for v in nbrs[u]:
                if dist[s, v] < 0:
                    dist[s, v] = dist[s, u] + 1
                    q.append(v)
    if (dist < 0).any():
        far = ids[int(np.argwhere(dist[cake] < 0)[0][0])] if (dist[cake] < 0).any() else "?"
        f.fail("paths", f"the board is not connected (e.g. '{far}' cannot reach the cake)")
    adj = np.full((n, K.MAX_DEGREE), -1, np.int64)
    deg = np.zeros(n, np.int64)
    for i, s in enumerate(nbrs):
        for j, v in enumerate(sorted(s)):
            adj[i, j] = v
        deg[i] = len(s)
    red_arr = np.zeros(n, np.int64)
    red_arr[red_idx] = 1
    start_no = np.full(n, -1, np.int64)
    for i, s in enumerate(starts):
        start_no[s] = i
    dist_home = dist[:, starts].min(axis=1)
    return ids, adj, deg, red_arr, start_no, np.array(starts, np.int64), dist, dist_home, cake, brown


CARD = {"kind": Field(str), "count": Field(int), "source": SOURCE}   # a [[card]] of deck.toml


def _deck(f, assumptions):
    f.top_keys(("card",))
    cards = f.data.get("card")
    if not isinstance(cards, list) or not cards:
        f.fail("card", "missing [[card]] entries")
    counts = np.zeros(K.N_CARD_KINDS, np.int64)
    for i, c in enumerate(cards):
        entry = f"card #{i + 1}"
        if not isinstance(c, dict):
            f.fail(entry, "must be a table")
        kind = c.get("kind")
        if not isinstance(kind, str) or kind not in K.CARD_KINDS:
            f.fail(entry, f"unknown kind {kind!r} (known: {', '.join(K.CARD_KINDS)})")
        entry = f"card {kind}"
        if counts[K.CARD_KINDS[kind]]:
            f.fail(entry, "kind listed twice")
        f.check(entry, c, CARD)
        _note(f, entry, c, assumptions, f"number of {kind} cards")
        counts[K.CARD_KINDS[kind]] = _int(f, f"{entry}.count", c["count"], 0, 200)
    if counts.sum() < 1:
        f.fail("card", "the deck has no card")
    deck = np.repeat(np.arange(K.N_CARD_KINDS, dtype=np.int64), counts)
    return deck, counts


# the tables of setup.toml: each holds one value (under `value`, or the key named here) and
# its source
SETUP = {"die": ("faces", list), "carry_cap": ("value", int), "cat_markers": ("eliminated_at", int),
         "max_players": ("value", int), "cake_supply": ("value", int), "hat_spent": ("value", bool),
         "gargamel_to": ("value", str), "caught_to": ("value", str), "caught_loses": ("value", str),
         "chase_first": ("value", str), "exact_home": ("value", bool),
         "max_rounds": ("value", int), "max_chase_rounds": ("value", int)}


def _setup(f, assumptions):
    for key, why in FIXED.items():
        if key in f.data:
            f.fail(key, f"is no longer a setting: {why}; remove it")
    f.top_keys(tuple(SETUP))

    def val(key, check):
        name, typ = SETUP[key]
        t = f.check(key, f.section(key), {name: Field(typ), "source": SOURCE})
        _note(f, key, t, assumptions, key.replace("_", " "))
        return check(key, t[name])

    def choice(names):
        def check(entry, v):
            if v not in names:
                f.fail(entry, f"must be one of {', '.join(names)}, got {v!r}")
            return v
        return check

    def faces(entry, v):
        if not v or not all(isinstance(x, int) and not isinstance(x, bool) and 1 <= x <= 6 for x in v):
            f.fail(entry, f"faces must be a list of integers 1..6, got {v!r}")
        return v

    def any_value(entry, v):
        return v

    s = {
        "die": val("die", faces),
        "carry_cap": val("carry_cap", lambda e, v: _int(f, e, v, 1, 100)),
        "cat_markers": val("cat_markers", lambda e, v: _int(f, e, v, 1, 100)),
        "max_players": val("max_players", lambda e, v: _int(f, e, v, 1, K.MAX_PLAYERS)),
        "cake_supply": val("cake_supply", lambda e, v: _int(f, e, v, 1, 10000)),
        "hat_spent": val("hat_spent", any_value),
        "gargamel_to": val("gargamel_to", choice(list(K.TO_NAMES))),
        "caught_to": val("caught_to", choice(list(K.TO_NAMES))),
        "caught_loses": val("caught_loses", choice(list(K.CAUGHT_NAMES))),
        "chase_first": val("chase_first", choice(list(K.CHASE_FIRST_NAMES))),
        "exact_home": val("exact_home", any_value),
        "max_rounds": val("max_rounds", lambda e, v: _int(f, e, v, 1, 100000)),
        "max_chase_rounds": val("max_chase_rounds", lambda e, v: _int(f, e, v, 1, 100000)),
    }
    return s


def load_catalog(data_dir: str | Path | None = None, hat_spent: bool | None = None,
                 caught_loses: str | None = None, chase_first: str | None = None,
                 exact_home: bool | None = None, assume=(), assumptions_file=None,
                 **unused) -> Catalog:
    """Load the data (a `data_dir` file replaces the default of the same name). `assume`:
    knobs in force ("KNOB=ALTERNATIVE", data/assumptions.toml or a data folder's own): each
    patches the data before it is checked. A rule choice given here (a game option; None: the
    data's, knobs applied) overrides setup.toml's value."""
    files, loaded, assumptions, choice = knobs_.open_data(data_dir, FILES, DATA_DIR, assume,
                                                          assumptions_file, KNOBS_FILE)
    ids, adj, deg, red, start_no, starts, dist, dist_home, cake, brown = _board(
        loaded["board.toml"], assumptions)
    deck, counts = _deck(loaded["deck.toml"], assumptions)
    setup = _setup(loaded["setup.toml"], assumptions)
    given = {"hat_spent": hat_spent, "caught_loses": caught_loses, "chase_first": chase_first,
             "exact_home": exact_home}
    names = {"caught_loses": K.CAUGHT_NAMES, "chase_first": K.CHASE_FIRST_NAMES}
    changed = {}
    for key, v in given.items():
        if v is None:
            continue
        if key in names and v not in names[key]:
            raise UserError(f"{key.replace('_', '-')} must be one of {', '.join(names[key])}, got {v!r}")
        if key not in names and not isinstance(v, bool):
            raise UserError(f"{key.replace('_', '-')} must be true or false, got {v!r}")
        if v != setup[key]:
            changed[key] = v
        setup[key] = v
    if setup["max_players"] > len(starts):
        loaded["setup.toml"].fail(
            "max_players", f"{setup['max_players']} players need as many starts; the board has {len(starts)}")
    k = np.zeros(N_K, np.int64)
    k[K_CAKE], k[K_BROWN], k[K_N_POINTS] = cake, brown, len(ids)
    k[K_CAP], k[K_SUPPLY], k[K_ELIM_AT] = setup["carry_cap"], setup["cake_supply"], setup["cat_markers"]
    k[K_HAT_SPENT] = int(setup["hat_spent"])
    k[K_GARG_TO], k[K_CAUGHT_TO] = K.TO_NAMES[setup["gargamel_to"]], K.TO_NAMES[setup["caught_to"]]
    k[K_CAUGHT_LOSES] = K.CAUGHT_NAMES[setup["caught_loses"]]
    k[K_CHASE_FIRST] = K.CHASE_FIRST_NAMES[setup["chase_first"]]
    k[K_EXACT_HOME] = int(setup["exact_home"])
    k[K_MAX_ROUNDS], k[K_N_FACES], k[K_N_CARDS] = setup["max_rounds"], len(setup["die"]), len(deck)
    k[K_N_STARTS] = len(starts)
    k[K_MAX_CHASE] = setup["max_chase_rounds"]
    rules = RULES.pack(dict(adj=adj, deg=deg, red=red, start_no=start_no, starts=starts, dist=dist,
                            dist_home=dist_home, faces=np.array(setup["die"], np.int64), deck=deck,
                            counts=counts, k=k))
    mix = "+".join(f"{key}={str(v).lower()}" for key, v in sorted(changed.items())) or "default"
    digest = knobs_.data_digest(files, FILES, mix if changed else "", knobs_.assume_part(choice))
    return Catalog(rules, list(ids), setup, {n: str(p) for n, p in files.items()},
                   digest, assumptions, mix, tuple(knobs_.words(choice)))
