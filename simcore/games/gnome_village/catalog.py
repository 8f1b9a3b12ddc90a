"""Load and validate Gnome Village's data files into the packed `Rules` record (tables.py).

Files (data/): tiles.toml (workshops, houses, pieces, supply by player count), roads.toml (the
road tile kinds), businesses.toml (the business types), forest.toml (the Forest card kinds),
setup.toml (numbers, the starting village and the readings of ambiguous passages). A
`--data DIR` folder replaces each file it holds; the others stay the defaults. Knobs
(data/assumptions.toml, simcore/assumptions.py) patch the files before they are checked.
Every problem is a DataError naming the file, the entry and what is wrong.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from ... import assumptions as knobs_
from ...datafile import SOURCE, Field
from ...errors import UserError
from . import consts as K
from . import tables as T

DATA_DIR = Path(__file__).resolve().parent / "data"
FILES = ("tiles.toml", "roads.toml", "businesses.toml", "forest.toml", "setup.toml")
KNOBS_FILE = DATA_DIR / knobs_.FILE_NAME
FOREST_CARDS = 39           # GV-F10: rb L44 "Forest Cards (39)"
ROAD_TILES = 45             # GV-V04: rb L31 "Roads (45)"
BASE_BUSINESSES = 24        # GV-B01: rb L32 "Businesses (24)"
EXPANSION_BUSINESSES = 4    # GV-X02: rb L238 "4 extra Business tiles"
# GV-S01: the box's other totals. The data may hold fewer (a knob, a --data folder), never more,
# and the pieces a game puts in play may not outnumber them under any knob (box_totals)
BOX = {                     # tiles.toml entry.key -> (the box's count, its line)
    "workshops.per_type": (5, 'rb L29 "Carpenter (5), Painter (5), School (5), Gardener (5)"'),
    "houses.count": (20, 'rb L30 "Houses (20)"'),
    "pieces.gnomes": (20, 'rb L36 "Gnomes (20)"'),
    "pieces.coins": (40, 'rb L37 "Gnome Coins (40)"'),
}
BOX_PRODUCTS = (8, 'rb L38 "Product Tokens (8)"')
PLAYER_COUNTS = (2, 3, 4)


@dataclass
class Catalog:
    rules: object               # a packed record of tables.RULES
    roads: list                 # road kind ids, by index
    businesses: list            # business type ids, by index
    forest: list                # Forest card kind ids, by index
    setup: dict                 # setup.toml values by key
    files: dict                 # file name -> path loaded
    digest: str
    assumptions: list = field(default_factory=list)   # (file, entry, what)
    assume: tuple = ()          # the knobs in force, "knob=alternative" (--assume)
    mix: str = "default"        # what results tables call these data: "default", or the
                                # businesses taken out ("without=police+thief")


def _note(f, entry, table, assumptions, what):
    if table.get("source") == "assumed":
        assumptions.append((f.path.name, entry, what))


def _sides(f, entry, names, what):
    if not isinstance(names, list) or not all(isinstance(s, str) for s in names):
        f.fail(entry, f"'{what}' must be a list of sides (n, e, s, w)")
    mask = 0
    for s in names:
        if s not in K.SIDE_NAMES:
            f.fail(entry, f"unknown side '{s}' in '{what}' (known: {', '.join(K.SIDE_NAMES)})")
        if mask & (1 << K.SIDE_NAMES[s]):
            f.fail(entry, f"side '{s}' listed twice in '{what}'")
        mask |= 1 << K.SIDE_NAMES[s]
    return mask


# --------------------------------------------------------------------------- tiles.toml
WORKSHOPS = {"types": Field(list), "per_type": Field(int), "source": SOURCE}
HOUSES = {"count": Field(int), "source": SOURCE}
PIECES = {"gnomes": Field(int), "coins": Field(int), "source": SOURCE}
PRODUCTS = {"per_workshop": Field(int), "source": SOURCE}
SUPPLY = {"houses": Field(dict), "workshops_per_type": Field(dict), "source": SOURCE}
FLAG = {"value": Field(bool), "source": SOURCE}


def _tiles(f, assumptions):
    f.top_keys(("workshops", "houses", "pieces", "products", "supply", "start_houses_from_supply"))
    w = f.check("workshops", f.section("workshops"), WORKSHOPS)
    if sorted(w["types"]) != sorted(K.WORKSHOPS):
        f.fail("workshops", f"'types' must be the four workshops {', '.join(K.WORKSHOPS)}")
    _note(f, "workshops", w, assumptions, "workshop tiles")
    h = f.check("houses", f.section("houses"), HOUSES)
    _note(f, "houses", h, assumptions, "house tiles")
    p = f.check("pieces", f.section("pieces"), PIECES)
    _note(f, "pieces", p, assumptions, "gnomes and coins")
    pr = f.check("products", f.section("products"), PRODUCTS)
    _note(f, "products", pr, assumptions, "product tokens per workshop colour")
    s = f.check("supply", f.section("supply"), SUPPLY)
    _note(f, "supply", s, assumptions, "supply by player count")
    sf = f.check("start_houses_from_supply", f.section("start_houses_from_supply"), FLAG)
    _note(f, "start_houses_from_supply", sf, assumptions, "starting houses taken from the supply")
    per_type = f.count("workshops", w, "per_type", 1, 20)
    houses = f.count("houses", h, "count", 1, 60)
    gnomes = f.count("pieces", p, "gnomes", 1, 40)
    if gnomes < K.MAX_PLAYERS * K.MAX_GNOMES:
        f.fail("pieces", f"'gnomes' must be at least {K.MAX_PLAYERS * K.MAX_GNOMES} "
                         f"({K.MAX_GNOMES} for each of {K.MAX_PLAYERS} players), got {gnomes}")
    coins = f.count("pieces", p, "coins", 1, 1000)
    products = f.count("products", pr, "per_workshop", 0, 20)
    supply = np.zeros((T.MAX_PLAYER_COUNT, T.N_SUP), np.int64)
    for key, col, limit in (("houses", T.SUP_HOUSES, houses), ("workshops_per_type", T.SUP_WORKSHOPS, per_type)):
        table = s[key]
        if sorted(table) != [str(n) for n in PLAYER_COUNTS]:
            f.fail(f"supply.{key}", f"needs a value for 2, 3 and 4 players, got keys {sorted(table)}")
        for n in PLAYER_COUNTS:
            supply[n, col] = f.count(f"supply.{key}", table, str(n), 1, limit)
    return dict(per_type=per_type, houses=houses, gnomes=gnomes, coins=coins, products=products,
                supply=supply, from_supply=sf["value"])


# --------------------------------------------------------------------------- roads.toml
ROAD = {"id": Field(str), "paths": Field(list), "blockade": Field(str, False), "count": Field(int),
        "start": Field(int), "source": SOURCE}


def _roads(f, assumptions):
    f.top_keys(("road",))
    ids, rows = [], []
    for label, row in f.table("road", "road"):
        f.check(label, row, ROAD)
        paths = _sides(f, label, row["paths"], "paths")
        if bin(paths).count("1") < 2:
            f.fail(label, "a road tile has at least 2 paths")
        block = 0
        if "blockade" in row:
            block = _sides(f, label, [row["blockade"]], "blockade")
            if not block & paths:
                f.fail(label, f"the blockade's side '{row['blockade']}' has no path")
        count = f.count(label, row, "count", 0, ROAD_TILES)
        start = f.count(label, row, "start", 0, 10)
        if start and block:
            f.fail(label, "a starting road has no blockade (rb L55: four-ways and T-junctions)")
        _note(f, label, row, assumptions, "road tile mix")
        ids.append(row["id"])
        rows.append((paths, block, count, start))
    table = np.array(rows, np.int64).reshape(-1, T.N_RD)
    total = int(table[:, T.RD_COUNT].sum())
    if total != ROAD_TILES:
        f.fail("road", f"the road tiles must number {ROAD_TILES} (rb L31 'Roads (45)'), got {total}")
    return ids, table


# --------------------------------------------------------------------------- businesses.toml
BUSINESS = {"id": Field(str), "action": Field(str, vocabulary=tuple(K.ACTIONS), what="action"),
            "earn": Field(int), "points": Field(int, False), "hat": Field(bool, False),
            "count": Field(int), "expansion": Field(bool, False), "source": SOURCE}
EXPANSION_ACTIONS = (K.A_CONSTRUCTION, K.A_PRISON, K.A_POOL)


def _businesses(f, assumptions):
    f.top_keys(("business",))
    ids, rows = [], []
    for label, row in f.table("business", "business"):
        f.check(label, row, BUSINESS)
        action = K.ACTIONS[row["action"]]
        expansion = bool(row.get("expansion", False))
        if (action in EXPANSION_ACTIONS) != expansion:
            f.fail(label, "the Construction site, Prison and Swimming pool are the mini-expansion's "
                          "(expansion = true), and only they (rb L230-L238)")
        hat = bool(row.get("hat", False))
        if hat and action != K.A_NONE:
            f.fail(label, "a Hat business has no action (rb L179-L183)")
        earn = f.count(label, row, "earn", 0, 10)
        points = f.count(label, row, "points", 0, 10, default=0)
        count = f.count(label, row, "count", 0, 30)
        _note(f, label, row, assumptions, "count and earnings of the business")
        ids.append(row["id"])
        rows.append((action, earn, points, int(hat), count, int(expansion)))
    table = np.array(rows, np.int64).reshape(-1, T.N_BZ)
    base = int(table[table[:, T.BZ_EXPANSION] == 0, T.BZ_COUNT].sum())
    extra = int(table[table[:, T.BZ_EXPANSION] == 1, T.BZ_COUNT].sum())
    if base != BASE_BUSINESSES:
        f.fail("business", f"the base game's businesses must number {BASE_BUSINESSES} (rb L32 'Businesses (24)'), got {base}")
    if extra != EXPANSION_BUSINESSES:
        f.fail("business", f"the mini-expansion's businesses must number {EXPANSION_BUSINESSES} "
                           f"(rb L238), got {extra}")
    for name, a in K.ACTIONS.items():
        if a != K.A_NONE and not (table[:, T.BZ_ACTION] == a).any():
            f.fail("business", f"no business has the action '{name}'")
    return ids, table


# --------------------------------------------------------------------------- forest.toml
CARD = {"id": Field(str), "kind": Field(str, vocabulary=tuple(K.FOREST_KINDS), what="Forest card kind"),
        "icons": Field(list, False), "group": Field(bool, False), "coins": Field(int),
        "count": Field(int), "source": SOURCE}


def _forest(f, assumptions):
    f.top_keys(("card",))
    ids, rows = [], []
    for label, row in f.table("card", "Forest card"):
        f.check(label, row, CARD)
        kind = K.FOREST_KINDS[row["kind"]]
        icons = 0
        if kind == K.F_ACTIVATE:
            names = row.get("icons")
            if not isinstance(names, list) or not names:
                f.fail(label, "an Activate card shows at least one workshop icon ('icons')")
            for n in names:
                if n not in K.WORKSHOPS:
                    f.fail(label, f"unknown workshop '{n}' in 'icons' (known: {', '.join(K.WORKSHOPS)})")
                icons |= 1 << K.WORKSHOPS[n]
        elif "icons" in row or "group" in row:
            f.fail(label, "only an Activate card has 'icons' and 'group'")
        coins = f.count(label, row, "coins", 0, 10)
        if kind != K.F_COINS and coins != 1:
            f.fail(label, "every Forest card but Gnome Coins gives exactly 1 coin (rb L110, L115, L129, L134)")
        if kind == K.F_COINS and coins < 1:
            f.fail(label, "a Gnome Coins card gives at least 1 coin")
        count = f.count(label, row, "count", 0, FOREST_CARDS)
        _note(f, label, row, assumptions, "Forest card mix")
        ids.append(row["id"])
        rows.append((kind, icons, int(bool(row.get("group", False))), coins, count))
    table = np.array(rows, np.int64).reshape(-1, T.N_FC)
    total = int(table[:, T.FC_COUNT].sum())
    if total != FOREST_CARDS:
        f.fail("card", f"the Forest cards must number {FOREST_CARDS} (rb L44), got {total}")
    return ids, table


# --------------------------------------------------------------------------- setup.toml
SETUP = {"start_coins": int, "seat_coins": list, "max_houses": int, "end_gnomes": int, "family_gnomes": int,
         "face_up_businesses": int, "cost_business": int, "cost_workshop": int,
         "cost_substitute": int, "cost_product": int, "road_connect": str, "blockade": str,
         "forest_reshuffle": bool, "max_rounds": int, "home_house": str, "architect": str,
         "advisor": str, "doctor": str, "business_used": str, "road_walk": str,
         "group_activate": str, "house_substitute": str}
VILLAGE = {"rows": Field(list), "source": SOURCE}


def _setup(f, assumptions):
    f.top_keys(tuple(SETUP) + ("start_village",))
    s = {}
    for key, typ in SETUP.items():
        t = f.check(key, f.section(key), {"value": Field(typ), "source": SOURCE})
        _note(f, key, t, assumptions, key.replace("_", " "))
        s[key] = t["value"]
    for key, lo, hi in (("start_coins", 0, 40), ("max_houses", 1, 20), ("end_gnomes", 2, K.MAX_GNOMES),
                        ("family_gnomes", 1, K.MAX_GNOMES), ("face_up_businesses", 1, K.MAX_FACE_UP),
                        ("cost_business", 0, 20), ("cost_workshop", 0, 20), ("cost_substitute", 0, 20),
                        ("cost_product", 0, 20), ("max_rounds", 1, 100000)):
        f.count(key, {"value": s[key]}, "value", lo, hi)
    extra = s["seat_coins"]
    if len(extra) != K.MAX_PLAYERS or not all(isinstance(x, int) and not isinstance(x, bool)
                                              and 0 <= x <= 40 for x in extra):
        f.fail("seat_coins", f"'value' must be {K.MAX_PLAYERS} whole numbers from 0 to 40, one per "
                             f"seat (first player first), got {extra!r}")
    if s["family_gnomes"] >= s["end_gnomes"]:
        f.fail("family_gnomes", "the children's variant plays with fewer gnomes than end_gnomes (rb L264)")
    for key, names in (("road_connect", K.ROAD_CONNECT), ("blockade", K.BLOCKADE),
                       ("home_house", K.HOME_HOUSE), ("architect", K.ARCHITECT),
                       ("advisor", K.ADVISOR), ("doctor", K.DOCTOR),
                       ("business_used", K.BUSINESS_USED), ("road_walk", K.ROAD_WALK),
                       ("group_activate", K.GROUP_ACTIVATE), ("house_substitute", K.HOUSE_SUBSTITUTE)):
        f.choice(key, {"value": s[key]}, "value", tuple(names), key.replace("_", " "))
    v = f.check("start_village", f.section("start_village"), VILLAGE)
    _note(f, "start_village", v, assumptions, "starting village layout")
    s["start_village"] = v["rows"]
    return s


def start_grid(f, rows) -> tuple:
    """The starting village's tokens (setup.toml) -> (kind, arg, block) grids, centred."""
    if not rows or not all(isinstance(r, str) for r in rows):
        f.fail("start_village", "'rows' must be a non-empty list of strings")
    cells = [r.split() for r in rows]
    h, w = len(cells), max(len(r) for r in cells)
    if h > K.GRID or w > K.GRID:
        f.fail("start_village", f"at most {K.GRID} x {K.GRID} cells")
    top, left = (K.GRID - h) // 2, (K.GRID - w) // 2
    grid = np.zeros((T.N_ST, K.GRID, K.GRID), np.int64)
    for i, row in enumerate(cells):
        for j, tok in enumerate(row):
            r, c = top + i, left + j
            if tok == ".":
                continue
            if tok in ("H", "h"):
                grid[T.ST_KIND, r, c], grid[T.ST_ARG, r, c] = K.T_HOUSE, int(tok == "H")
            elif tok == "X":
                grid[T.ST_KIND, r, c], grid[T.ST_ARG, r, c] = K.T_ROAD, K.ALL_SIDES
            elif len(tok) == 2 and tok[0] == "T" and tok[1] in K.SIDE_NAMES:
                grid[T.ST_KIND, r, c] = K.T_ROAD
                grid[T.ST_ARG, r, c] = K.ALL_SIDES & ~(1 << K.SIDE_NAMES[tok[1]])
            else:
                f.fail("start_village", f"unknown token '{tok}' in row {i + 1} (known: . H h X Tn Te Ts Tw)")
    return grid


def box_totals(f, tiles, start_houses):
    """The box's totals (GV-S01, rb L27-L40) hold under every knob: no count of tiles.toml
    beyond the box's, and at every player count the houses in play, the supply's stack and
    the starting houses when they come on top of it (start-houses=extra), at most the box's."""
    have = {"workshops.per_type": tiles["per_type"], "houses.count": tiles["houses"],
            "pieces.gnomes": tiles["gnomes"], "pieces.coins": tiles["coins"]}
    for key, (n, cite) in BOX.items():
        if have[key] > n:
            f.fail(key.split(".")[0], f"'{key.split('.')[1]}' is {have[key]}, more than the box's {n} ({cite})")
    if tiles["products"] * K.N_WORKSHOPS > BOX_PRODUCTS[0]:
        f.fail("products", f"{tiles['products']} tokens of each of {K.N_WORKSHOPS} colours are "
                           f"{tiles['products'] * K.N_WORKSHOPS}, more than the box's {BOX_PRODUCTS[0]} ({BOX_PRODUCTS[1]})")
    for n in PLAYER_COUNTS:
        stack = int(tiles["supply"][n, T.SUP_HOUSES])
        in_play = stack if tiles["from_supply"] else stack + n * start_houses
        if in_play > tiles["houses"]:
            f.fail("supply.houses", f"{n} players: a stack of {stack} houses and {n * start_houses} starting "
                                    f"houses on top make {in_play}, more than the {tiles['houses']} houses of "
                                    f"the box ({BOX['houses.count'][1]})")


def load_catalog(data_dir: str | Path | None = None, without=(), assume=(), assumptions_file=None,
                 **unused) -> Catalog:
    """Load the data (a `data_dir` file replaces the default of the same name). `without`:
    business types (businesses.toml ids) taken out of the supply after the data are checked,
    the intervention that measures a business's impact. `assume`: the knobs in force
    ("KNOB=ALTERNATIVE", data/assumptions.toml or a data folder's own): each patches the data
    before it is checked."""
    files, loaded, assumptions, choice = knobs_.open_data(data_dir, FILES, DATA_DIR, assume,
                                                          assumptions_file, KNOBS_FILE)
    tiles = _tiles(loaded["tiles.toml"], assumptions)
    road_ids, road = _roads(loaded["roads.toml"], assumptions)
    biz_ids, biz = _businesses(loaded["businesses.toml"], assumptions)
    if isinstance(without, str):
        without = (without,)
    without = tuple(sorted(set(without or ())))
    for name in without:
        if name not in biz_ids:
            raise UserError(f"without: unknown business '{name}' (known: {', '.join(biz_ids)})")
        biz[biz_ids.index(name), T.BZ_COUNT] = 0
    forest_ids, forest = _forest(loaded["forest.toml"], assumptions)
    sf = loaded["setup.toml"]
    setup = _setup(sf, assumptions)
    start = start_grid(sf, setup["start_village"])
    kinds, args = start[T.ST_KIND], start[T.ST_ARG]
    n_houses = int((kinds == K.T_HOUSE).sum())
    n_on = int(((kinds == K.T_HOUSE) & (args == 1)).sum())
    if n_on != 1:
        sf.fail("start_village", f"exactly one house is Lights On (H), the gnome's (rb L63), got {n_on}")
    # the starting village uses the starting kit exactly (GV-S02): as many four-ways and
    # T-junctions as roads.toml's `start` counts
    kit = {}
    for i in range(road.shape[0]):
        if road[i, T.RD_START]:
            shape = bin(int(road[i, T.RD_PATHS])).count("1")
            kit[shape] = kit.get(shape, 0) + int(road[i, T.RD_START])
    laid = {}
    for a in args[kinds == K.T_ROAD]:
        laid[bin(int(a)).count("1")] = laid.get(bin(int(a)).count("1"), 0) + 1
    if laid != kit:
        sf.fail("start_village", f"its roads (by number of paths: {laid}) are not the starting kit of "
                                 f"roads.toml ({kit})")
    if n_houses > setup["max_houses"]:
        sf.fail("start_village", f"more than max_houses ({setup['max_houses']}) houses")
    for n in PLAYER_COUNTS:
        if tiles["from_supply"] and tiles["supply"][n, T.SUP_HOUSES] < n * n_houses:
            loaded["tiles.toml"].fail("supply.houses", f"{n} players take {n * n_houses} starting houses "
                                                       f"out of {tiles['supply'][n, T.SUP_HOUSES]}")
        starting = n * int(road[:, T.RD_START].sum())
        if starting > ROAD_TILES:
            loaded["roads.toml"].fail("road", f"{n} players' starting roads outnumber the {ROAD_TILES} tiles")
        for i in range(road.shape[0]):
            if n * road[i, T.RD_START] > road[i, T.RD_COUNT]:
                loaded["roads.toml"].fail(f"road '{road_ids[i]}'", f"{n} players take "
                                          f"{n * road[i, T.RD_START]} at setup, more than its count")
    if tiles["coins"] < K.MAX_PLAYERS * setup["start_coins"] + sum(setup["seat_coins"]):
        loaded["tiles.toml"].fail("pieces", "the coins cannot pay every player's starting coins")
    box_totals(loaded["tiles.toml"], tiles, n_houses)
    k = np.zeros(T.N_K, np.int64)
    k[T.K_START_COINS], k[T.K_MAX_HOUSES] = setup["start_coins"], setup["max_houses"]
    for seat, n in enumerate(setup["seat_coins"]):
        k[T.K_SEAT_COINS_0 + seat] = n
    k[T.K_END_GNOMES], k[T.K_FAMILY_GNOMES] = setup["end_gnomes"], setup["family_gnomes"]
    k[T.K_FACE_UP] = setup["face_up_businesses"]
    k[T.K_COST_BUSINESS], k[T.K_COST_WORKSHOP] = setup["cost_business"], setup["cost_workshop"]
    k[T.K_COST_SUBSTITUTE], k[T.K_COST_PRODUCT] = setup["cost_substitute"], setup["cost_product"]
    k[T.K_ROAD_CONNECT] = K.ROAD_CONNECT[setup["road_connect"]]
    k[T.K_BLOCKADE] = K.BLOCKADE[setup["blockade"]]
    k[T.K_RESHUFFLE] = int(setup["forest_reshuffle"])
    k[T.K_HOME] = K.HOME_HOUSE[setup["home_house"]]
    k[T.K_ARCHITECT] = K.ARCHITECT[setup["architect"]]
    k[T.K_ADVISOR] = K.ADVISOR[setup["advisor"]]
    k[T.K_DOCTOR] = K.DOCTOR[setup["doctor"]]
    k[T.K_BUSINESS_USED] = K.BUSINESS_USED[setup["business_used"]]
    k[T.K_ROAD_WALK] = K.ROAD_WALK[setup["road_walk"]]
    k[T.K_GROUP_ACTIVATE] = K.GROUP_ACTIVATE[setup["group_activate"]]
    k[T.K_HOUSE_SUBSTITUTE] = K.HOUSE_SUBSTITUTE[setup["house_substitute"]]
    k[T.K_MAX_ROUNDS] = setup["max_rounds"]
    k[T.K_GNOMES], k[T.K_COINS], k[T.K_PRODUCTS] = tiles["gnomes"], tiles["coins"], tiles["products"]
    k[T.K_WORKSHOPS], k[T.K_HOUSES] = tiles["per_type"], tiles["houses"]
    k[T.K_START_FROM_SUPPLY] = int(tiles["from_supply"])
    k[T.K_START_HOUSES], k[T.K_START_ROADS] = n_houses, int((kinds == K.T_ROAD).sum())
    rules = T.RULES.pack(dict(k=k, supply=tiles["supply"], start=start, road=road, biz=biz, forest=forest))
    assume = knobs_.words(choice)
    mix = "without=" + "+".join(without) if without else "default"
    digest = knobs_.data_digest(files, FILES, knobs_.assume_part(choice), mix if without else "")
    return Catalog(rules, road_ids, biz_ids, forest_ids, setup, {n: str(p) for n, p in files.items()},
                   digest, assumptions, tuple(assume), mix)
