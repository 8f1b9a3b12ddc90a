"""Load and validate the rules data (data/*.toml) and compile it to typed arrays (`Rules`).

Every number the engine uses comes from here. A malformed file raises `DataError` naming the
file, the entry and the problem; the CLI prints that one line and exits 2.

A user corrects the rules by copying any of the data files into a folder of their own,
editing it, and passing the folder (`--data DIR`): each file found there replaces the default
one of the same name; the others stay the defaults. A card mix (`--cards FILE`, `--without
CARD_ID`) replaces or thins the four card files; see `load_catalog`.

`load_catalog` is a sequence of steps, one per data file, then the card mix and the packing.
The layout the kernels read is in tables.py; the card schema, the effect vocabulary, the mixes
and the card views in card_data.py (their names are importable from here too).
"""
from __future__ import annotations

import difflib
import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

import numpy as np

from ... import assumptions as knobs_
from ... import levers as levers_
from ...datafile import SOURCE, DataFile, Field
from ...errors import DataError, UserError
from . import consts as K
from .card_data import (CARD_FILES, CARD_KINDS, CATEGORY_TITLES, FIELD_SOURCE, QUOTE, base_mix,
                        card_aliases, field_source,
                        card_kind, card_records, cards_path, find_card, hand_shortfall,
                        level_shortfall, mix_counts, parse_cards, without_ids)
from .tables import (A_AMOUNT, A_COST, A_DANGER, A_EFFECT, A_LOC, A_RES, A_SPACES, CAKE_N,
                     CAKE_REQ, CAKE_RES, G_AZRAEL, G_TIMING, INV_COST, INV_TYPE, N_ACT_COLS,
                     RULES, Rules, die_results, op_masks)

__all__ = ["DATA_FILES", "DEFAULT_DATA_DIR", "Catalog", "load_catalog",
           # the card views and mix checks (card_data.py; validate_cards here) and two table names (tables.py),
           # importable from here for the code that has always found them here
           "CATEGORY_TITLES", "card_kind", "card_records", "find_card", "validate_cards",
           "mix_counts", "level_shortfall", "hand_shortfall", "G_TIMING", "op_masks"]

DEFAULT_DATA_DIR = Path(__file__).resolve().parent / "data"
DATA_FILES = ("board.toml", "dice.toml", "levels.toml", "roofs.toml", "setup.toml",
              "smurfs.toml", "inventions.toml", "cakes.toml", "gargamel.toml")
# the knobs: each assumption's plausible alternatives as patches of the files above
# (simcore/assumptions.py); a data folder's own assumptions.toml replaces it
KNOBS_FILE = DEFAULT_DATA_DIR / knobs_.FILE_NAME


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
    without: tuple = ()        # card ids removed from the mix (--without, aliases resolved), sorted
    assume: tuple = ()         # the knobs in force, "knob=alternative" sorted (--assume)
    knobs_file: str | None = None  # the knobs file they come from

    def card_name(self, card):
        return self.smurfs[card]["name"]


def load_catalog(data_dir: str | Path | None = None, cards: str | Path | None = None,
                 without=(), assume=(), assumptions_file: str | Path | None = None) -> Catalog:
    """Load the default data, with each file found in `data_dir` replacing the default one.

    `cards`: one TOML file holding a full card catalog ([[smurf]], [[invention]], [[cake]] and
    [[gargamel]] tables) that replaces the four card files. `without`: card ids removed from
    the mix (from every kind that has the id; a card's former id, in its `aliases`, names it
    too). The level and hand-size checks against the card
    counts are made here for the data files; for a --cards file or a mix with cards removed,
    make_config makes them for the level and player count actually used.

    `assume`: knobs in force, "KNOB=ALTERNATIVE" (the option --assume; simcore/assumptions.py):
    each patches the data files before they are checked. `assumptions_file` replaces the knobs
    file (the data folder's assumptions.toml, else the game's), as a path or read (Knobs).
    """
    without = without_ids(without)
    files, cards_file = _data_files(data_dir, cards)
    knobs, choice = _knobs(data_dir, assume, assumptions_file)
    try:
        return _load(data_dir, files, cards_file, without, knobs, choice)
    except DataError as e:
        if not choice:
            raise
        raise UserError(f"{e} (in the data as changed by --assume "
                        f"{' '.join(knobs_.words(choice))})") from None


def _knobs(data_dir, assume, assumptions_file) -> tuple:
    """(the knobs file's Knobs or None, {knob: alternative}) (simcore.assumptions.chosen)."""
    return knobs_.chosen(data_dir, assume, assumptions_file, KNOBS_FILE)


def _load(data_dir, files, cards_file, without, knobs, choice) -> Catalog:
    loaded = _read(files, knobs, choice)
    assumed: list = []
    board = _board(loaded["board.toml"], assumed)
    die, dice = _dice(loaded["dice.toml"], assumed)
    roof_cost, roofs = _roofs(loaded["roofs.toml"], board.resources, assumed)
    setup = _setup(loaded["setup.toml"], assumed)
    parsed = parse_cards({c: loaded[CARD_KINDS[c][0]] for c in CARD_KINDS}, board.loc_ids,
                         board.resources)
    counts = _counts(parsed)
    _check_option_encodings(loaded[CARD_KINDS["invention"][0]], len(parsed["invention"]))
    data_file_checks = cards_file is None   # the card files' counts are checked here, as before
    if data_file_checks:
        _check_setup_against_cards(loaded["setup.toml"], setup, counts, len(parsed["invention"]), files)
    levels = _levels(loaded["levels.toml"], len(roofs), counts if data_file_checks else None, files)
    mix, parsed, without = _mix(parsed, without, base_mix(data_dir, files, cards_file, DEFAULT_DATA_DIR))
    _note_card_sources(parsed, loaded, assumed)
    for k, a in choice.items():
        knob = knobs.knobs[k]
        assumed.append((knobs_.FILE_NAME, f"knob '{k}'",
                        f"{a} instead of {knob.default}: {knob.question}"))
    return Catalog(rules=_pack_rules(board.act, die, roof_cost, setup, parsed),
                   resources=board.resources, locations=board.locations, actions=board.actions,
                   dice=dice, levels=levels, roofs=roofs,
                   smurfs=[c.row for c in parsed["smurf"]],
                   inventions=[c.row for c in parsed["invention"]],
                   cakes=[c.row for c in parsed["cake"]],
                   gargamel=[c.row for c in parsed["gargamel"]],
                   setup=setup, files={k: str(v) for k, v in files.items()},
                   digest=_digest(files, without, knobs, choice), assumptions=assumed, mix=mix,
                   cards_file=str(cards_file) if cards_file is not None else None,
                   without=without, assume=knobs_.words(choice),
                   knobs_file=str(knobs.path) if knobs is not None else None)


# ---------------------------------------------------------------- the files
def _data_files(data_dir, cards) -> tuple:
    """The path each data file is read from ({name: path}), and the --cards file or None: a
    file of `data_dir` replaces the default of its name; a --cards file replaces the four
    card files."""
    files = {}
    if data_dir is not None:
        d = Path(data_dir)
        if not d.is_dir():
            raise UserError(f"{d}: data folder not found")
        extra = (knobs_.FILE_NAME, levers_.FILE_NAME)    # read by sensitivity and tune
        for p in sorted(d.glob("*.toml")):
            if p.name not in set(DATA_FILES) | set(extra):
                raise DataError(p, "", f"not a rules data file (expected one of: "
                                       f"{', '.join(DATA_FILES + extra)})")
    for name in DATA_FILES:
        p = Path(data_dir) / name if data_dir is not None else None
        files[name] = p if p is not None and p.is_file() else DEFAULT_DATA_DIR / name
    cards_file = None
    if cards is not None:
        cards_file = cards_path(cards)
        if data_dir is not None:
            clash = [n for n in CARD_FILES if (Path(data_dir) / n).is_file()]
            if clash:
                raise UserError(f"--cards {cards_file} replaces the card files, but the data folder "
                                f"{data_dir} has {', '.join(clash)} too: use one or the other")
        for n in CARD_FILES:
            files[n] = cards_file
    return files, cards_file


def _read(files, knobs=None, choice=None) -> dict:
    """{name: DataFile}; a file that serves several names (a --cards file) is read once. The
    knobs of `choice` patch copies of the files' data (the files themselves are not changed)."""
    loaded, by_path = {}, {}
    for name, path in files.items():
        if path not in by_path:
            by_path[path] = DataFile(path)
        loaded[name] = by_path[path]
    return knobs_.patch_files(loaded, knobs, choice)


def _digest(files, without, knobs=None, choice=None) -> str:
    """A hash of the loaded files' bytes, the cards removed and the knobs' patches (results
    manifests)."""
    digest = hashlib.sha256()
    for name in DATA_FILES:
        digest.update(name.encode() + b"\0" + files[name].read_bytes())
    if without:
        digest.update(b"without\0" + "+".join(without).encode())
    if choice:
        digest.update(b"assume\0" + knobs_.digest(knobs, choice).encode())
    return digest.hexdigest()[:16]


def _note(assumed, fname, label, what, src):
    if src == "assumed":
        assumed.append((fname, label, what))


def _cost(f, label, row, key, resources):
    """A cost table ({ log = 2, stone = 1 }) -> int16[N_RES]."""
    table = row[key]   # a table: checked by the schema
    out = np.zeros(K.N_RES, np.int16)
    for r, n in table.items():
        if r not in resources:
            f.fail(label, f"unknown resource '{r}' in '{key}' (known: {', '.join(resources)})")
        if isinstance(n, bool) or not isinstance(n, int):
            f.fail(label, f"'{key}.{r}' must be a whole number, got {n!r}")
        if n < 0:
            f.fail(label, f"'{key}.{r}' must not be negative, got {n}")
        if n > 99:
            f.fail(label, f"'{key}.{r}' must be at most 99, got {n}")
        out[resources.index(r)] = n
    return out


# ---------------------------------------------------------------- board.toml
# an action's fields that may carry their own source (`spaces_source = "assumed"`...): a
# rulebook action whose amount or danger is ours says so per field
ACTION_FIELDS = (("spaces", "spaces"), ("cost", "cost"), ("dangerous", "danger"),
                 ("effect", "effect"), ("amount", "amount"))
LOCATION = {"id": Field(str), "name": Field(str)}
ACTION = {"id": Field(str), "location": Field(str), "slot": Field(str), "spaces": Field(int),
          "cost": Field(dict), "dangerous": Field(bool), "effect": Field(str),
          "resource": Field(str, required=False), "amount": Field(int, required=False),
          "source": SOURCE, **{f"{k}_source": FIELD_SOURCE for k, _ in ACTION_FIELDS},
          "rulebook": QUOTE}


class _Board(NamedTuple):
    resources: list
    locations: list      # dicts: id, name
    loc_ids: list
    actions: list        # dicts as in board.toml
    act: np.ndarray      # int64[N_ACTIONS, N_ACT_COLS]: Rules.act


def _board(f, assumed) -> _Board:
    f.top_keys(("resources", "location", "action"))
    resources = f.data.get("resources")
    if resources != ["berry", "log", "stone"]:
        f.fail("resources", 'must be ["berry", "log", "stone"] (the engine names the three types)')
    locs = []
    for label, row in f.table("location", "location"):
        locs.append(f.check(label, row, LOCATION))
    if len(locs) != K.N_LOCATIONS:
        f.fail("location", f"the village has {K.N_LOCATIONS} locations, got {len(locs)}")
    loc_ids = [r["id"] for r in locs]
    acts = f.table("action", "action")
    if len(acts) != K.N_ACTIONS:
        f.fail("action", f"the village has {K.N_ACTIONS} actions (upper and lower per location), got {len(acts)}")
    act = np.zeros((K.N_ACTIONS, N_ACT_COLS), np.int64)
    act[:, A_RES] = -1
    slots_seen = set()
    actions = []
    for i, (label, row) in enumerate(acts):
        f.check(label, row, ACTION)
        loc = f.choice(label, row, "location", loc_ids, "location")
        slot = f.choice(label, row, "slot", ["upper", "lower"], "slot")
        if (loc, slot) in slots_seen:
            f.fail(label, f"location '{loc}' already has a {slot} action")
        slots_seen.add((loc, slot))
        expected = 2 * loc_ids.index(loc) + (0 if slot == "upper" else 1)
        if expected != i:
            f.fail(label, "actions must be listed in board order: each location's upper, then lower")
        act[i, A_LOC] = loc_ids.index(loc)
        act[i, A_SPACES] = f.count(label, row, "spaces", 1, K.MAX_SPACES)
        act[i, A_COST:A_COST + K.N_RES] = _cost(f, label, row, "cost", resources)
        act[i, A_DANGER] = row["dangerous"]
        eff = f.choice(label, row, "effect", list(K.ACTION_EFFECTS), "effect")
        act[i, A_EFFECT] = K.ACTION_EFFECTS[eff]
        if eff == "collect":
            if "resource" not in row or "amount" not in row:
                f.fail(label, "effect 'collect' needs 'resource' and 'amount'")
            act[i, A_RES] = resources.index(f.choice(label, row, "resource", resources, "resource"))
        elif "resource" in row:
            f.fail(label, f"effect '{eff}' takes no 'resource'")
        if eff in ("collect", "collect-different", "reveal-ideas"):
            if "amount" not in row:
                f.fail(label, f"effect '{eff}' needs 'amount'")
            act[i, A_AMOUNT] = f.count(label, row, "amount", 1, 20)
        elif "amount" in row:
            f.fail(label, f"effect '{eff}' takes no 'amount'")
        if eff == "collect-different" and act[i, A_AMOUNT] != 2:
            f.fail(label, "'collect-different' gives 2 different resources: 'amount' must be 2")
        srcs = {k: field_source(row, k) for k, _ in ACTION_FIELDS}
        if row["source"] == "assumed" and all(v == "assumed" for v in srcs.values()):
            _note(assumed, "board.toml", label, "spaces, cost, danger, effect and amount", "assumed")
        else:
            for k, what in ACTION_FIELDS:
                if k in row or k in ("cost", "dangerous"):
                    value = row[k] if not isinstance(row.get(k), dict) else (
                        " + ".join(f"{n} {r}" for r, n in row[k].items()) or "free")
                    _note(assumed, "board.toml", label, f"{what} ({value})", srcs[k])
        actions.append(row)
    return _Board(resources, locs, loc_ids, actions, act)


# ---------------------------------------------------------------- dice.toml
DIE = {"id": Field(str), "name": Field(str), "role": Field(str), "source": SOURCE, "faces": Field(list)}
FACE_RESULT = {"result": Field(str), "amount": Field(int, required=False)}


def _dice(f, assumed) -> tuple:
    """Rules.die (int64[3, N_FACES, MAX_FACE_RESULTS, (code, amount)]) and the dice rows."""
    f.top_keys(("die",))
    dice_rows = f.table("die", "die")
    ids = [r["id"] for _, r in dice_rows]
    if ids != ["white", "red", "azrael"]:
        f.fail("die", f"expected the dice white, red, azrael in that order, got {', '.join(ids)}")
    die = np.zeros((3, K.N_FACES, K.MAX_FACE_RESULTS, 2), np.int64)
    dice = []
    for d, (label, row) in enumerate(dice_rows):
        f.check(label, row, DIE)
        role = f.choice(label, row, "role", ["danger", "azrael"], "role")
        if role != ("azrael" if d == 2 else "danger"):
            f.fail(label, f"role must be '{'azrael' if d == 2 else 'danger'}'")
        faces = row["faces"]
        if len(faces) != K.N_FACES:
            f.fail(label, f"a die has {K.N_FACES} faces, got {len(faces)}")
        for j, face in enumerate(faces):
            flabel = f"{label} face {j + 1}"
            if not isinstance(face, list) or not face or len(face) > K.MAX_FACE_RESULTS:
                f.fail(flabel, f"a face is a list of 1 to {K.MAX_FACE_RESULTS} results")
            for k, res in enumerate(face):
                die[d, j, k] = _face_result(f, flabel, res)
        _note(assumed, "dice.toml", label, "faces", row["source"])
        dice.append(row)
    return die, dice


def _face_result(f, flabel, res) -> tuple:
    """One result of a die face -> (code, amount)."""
    if not isinstance(res, dict):
        f.fail(flabel, "each result is a table like { result = \"find\" }")
    f.check(flabel, res, FACE_RESULT)
    name = f.choice(flabel, res, "result", list(K.FACE_RESULTS), "result")
    code = K.FACE_RESULTS[name]
    if code in (K.FACE_AZRAEL, K.FACE_SHORTAGE):
        if "amount" not in res:
            f.fail(flabel, f"result '{name}' needs 'amount'")
        return code, f.count(flabel, res, "amount", 1, 20)
    if "amount" in res:
        f.fail(flabel, f"result '{name}' takes no 'amount'")
    return code, 1


# ---------------------------------------------------------------- roofs.toml
ROOF = {"id": Field(str), "cost": Field(dict), "source": SOURCE}


def _roofs(f, resources, assumed) -> tuple:
    """Rules.roof_cost (int16[n_roofs, N_RES]) and the roof rows."""
    f.top_keys(("roof",))
    roofs = []
    roof_rows = f.table("roof", "roof")
    roof_cost = np.zeros((len(roof_rows), K.N_RES), np.int16)
    for i, (label, row) in enumerate(roof_rows):
        f.check(label, row, ROOF)
        roof_cost[i] = _cost(f, label, row, "cost", resources)
        if roof_cost[i].sum() == 0:
            f.fail(label, "a roof costs at least 1 resource")
        _note(assumed, "roofs.toml", label, "construction cost", row["source"])
        roofs.append(row)
    return roof_cost, roofs


# ---------------------------------------------------------------- setup.toml
OPTIONAL_SOURCE = Field(str, required=False, vocabulary=SOURCE.vocabulary, what="source")
SETUP = {"meeples": Field(int), "meeples_in_box": Field(int), "meeples_source": SOURCE,
         "inventions_max": Field(int), "ideas_at_setup": Field(int), "inventions_source": SOURCE,
         "supply_per_resource": Field(int), "supply_source": SOURCE, "hand_size": Field(dict),
         "hand_size_source": SOURCE, "too_late": Field(str), "too_late_k": Field(int),
         "too_late_source": SOURCE, "first_player": Field(int), "first_player_source": SOURCE,
         # optional, for data folders written before they existed: absent, the default reading
         "finite_supply": Field(bool, required=False), "finite_supply_source": OPTIONAL_SOURCE,
         "end_of_round": Field(str, required=False), "end_of_round_source": OPTIONAL_SOURCE,
         "azrael_roll": Field(str, required=False), "azrael_roll_source": OPTIONAL_SOURCE}
END_OF_ROUND = ("meeples-first", "gargamel-first")     # SU_GARGAMEL_FIRST 0, 1
AZRAEL_ROLL = ("after-payment", "at-placement")        # SU_AZRAEL_AT_PLACEMENT 0, 1


def _setup(f, assumed) -> dict:
    sd = f.check("setup", f.data, SETUP)
    meeples = f.count("setup", sd, "meeples", 1, 20)
    meeples_in_box = f.count("setup", sd, "meeples_in_box", 1, 20)
    if meeples_in_box < meeples:
        f.fail("setup", f"'meeples_in_box' ({meeples_in_box}) is less than 'meeples' ({meeples})")
    inventions_max = f.count("setup", sd, "inventions_max", 1, 20)
    ideas_at_setup = f.count("setup", sd, "ideas_at_setup", 0, 24)
    supply = f.count("setup", sd, "supply_per_resource", 1, 999)
    hs = sd["hand_size"]
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
    _note(assumed, "setup.toml", "hand_size", "starting hand size by player count",
          sd["hand_size_source"])
    _note(assumed, "setup.toml", "too_late", "Gargamel deck construction and Too Late placement",
          sd["too_late_source"])
    _note(assumed, "setup.toml", "first_player", "who holds the First Player marker first",
          sd["first_player_source"])
    finite = sd.get("finite_supply", False)
    end = f.choice("setup", sd, "end_of_round", END_OF_ROUND, "end_of_round order") \
        if "end_of_round" in sd else END_OF_ROUND[0]
    azrael = f.choice("setup", sd, "azrael_roll", AZRAEL_ROLL, "azrael_roll moment") \
        if "azrael_roll" in sd else AZRAEL_ROLL[0]
    _note(assumed, "setup.toml", "finite_supply",
          f"the supply is {'capped at the box' if finite else 'unlimited'}",
          sd.get("finite_supply_source", "assumed"))
    _note(assumed, "setup.toml", "end_of_round",
          f"the end of the round's order: {end} (the rulebook gives two)",
          sd.get("end_of_round_source", "assumed"))
    _note(assumed, "setup.toml", "azrael_roll",
          f"the Azrael die for a meeple filling an action is rolled {azrael.replace('-', ' ')}",
          sd.get("azrael_roll_source", "assumed"))
    return dict(meeples=meeples, meeples_in_box=meeples_in_box, inventions_max=inventions_max,
                ideas_at_setup=ideas_at_setup, supply_per_resource=supply, hand_size=hand_size,
                too_late=too_late, too_late_k=too_late_k, first_player=first_player,
                finite_supply=finite, end_of_round=end, azrael_roll=azrael)


# ---------------------------------------------------------------- the card files' counts
def _counts(parsed) -> dict:
    return mix_counts([c.values[0] for c in parsed["smurf"]], len(parsed["cake"]),
                      [c.values[0] for c in parsed["gargamel"]])


def _check_option_encodings(f, n_inventions):
    """The bonus decision's options name an ideas slot below K.BONUS_USE (consts.py): a catalog
    of more inventions could not be told apart from the crafted ones."""
    most = K.BONUS_USE - K.BONUS_CRAFT
    if n_inventions > most:
        f.fail("invention", f"{n_inventions} Invention cards; at most {most} can be played")


def _check_setup_against_cards(f, setup, counts, n_inventions, files):
    """The card files can deal every player count's starting hands and the ideas at setup."""
    for p, h in setup["hand_size"].items():
        if p * h > counts["starting"]:
            f.fail("hand_size", f"{p} players x {h} cards needs {p * h} starting Smurfs, "
                   f"but {files['smurfs.toml']} has {counts['starting']}")
    if setup["ideas_at_setup"] > n_inventions:
        f.fail("setup", f"'ideas_at_setup' ({setup['ideas_at_setup']}) exceeds the "
               f"{n_inventions} Invention cards")


# ---------------------------------------------------------------- levels.toml
LEVEL = {"id": Field(str), "name": Field(str), "houses": Field(int), "lost_smurfs": Field(int),
         "cakes": Field(int), "gargamel_cards": Field(int), "hungry_cracoucass": Field(bool),
         "super_danger_die": Field(bool), "source": SOURCE}


def _levels(f, n_roofs, counts, files) -> dict:
    """{id: row}, each level checked against the roofs and, with `counts` (the card files'
    counts; None for a --cards mix, checked in make_config), against the cards."""
    f.top_keys(("level",))
    levels = {}
    for label, row in f.table("level", "level"):
        f.check(label, row, LEVEL)
        houses = f.count(label, row, "houses", 1, 99)
        lost = f.count(label, row, "lost_smurfs", 0, 999)
        ncake = f.count(label, row, "cakes", 0, 99)
        ngc = f.count(label, row, "gargamel_cards", 1, 999)
        if houses > n_roofs:
            f.fail(label, f"needs {houses} houses but {files['roofs.toml']} has {n_roofs} roofs")
        if counts is not None:
            if lost > counts["lost"]:
                f.fail(label, f"needs {lost} lost Smurfs but {files['smurfs.toml']} has {counts['lost']}")
            if ncake > counts["cakes"]:
                f.fail(label, f"needs {ncake} cakes but {files['cakes.toml']} has {counts['cakes']}")
            if ngc - 1 > counts["gargamel_effects"]:
                f.fail(label, f"needs {ngc - 1} Gargamel effect cards plus Too Late but "
                              f"{files['gargamel.toml']} has {counts['gargamel_effects']}")
        levels[row["id"]] = row
    return levels


# ---------------------------------------------------------------- the card mix
def _mix(parsed, without, mix) -> tuple:
    """The mix's name, its cards after --without and the ids removed (a card named by an
    alias, a former id, is removed by its id: both spellings give the same mix). A level short
    of cards fails in make_config."""
    if not without:
        return mix, parsed, without
    present = {c.id for cards_ in parsed.values() for c in cards_}
    aliases = card_aliases(parsed)
    removed = set()
    for name in without:
        cid = name if name in present else aliases.get(name)
        if cid is None:
            near = difflib.get_close_matches(name, sorted(present), n=1)
            raise UserError(f"--without: no card '{name}' in the mix '{mix}'"
                            + (f" (did you mean '{near[0]}'?)" if near else
                               " (see `meeplesim hidden-village cards list`)"))
        if any(c.id == cid and c.values[0] == K.G_TOO_LATE for c in parsed["gargamel"]):
            raise UserError(f"--without: '{name}' is the Too Late card; the Gargamel deck needs it")
        removed.add(cid)
    without = tuple(sorted(removed))
    parsed = {cat: [c for c in cards_ if c.id not in without] for cat, cards_ in parsed.items()}
    return f"{mix}-without-{'+'.join(without)}", parsed, without


def _note_card_sources(parsed, loaded, assumed):
    for cat, cards_ in parsed.items():
        for c in cards_:
            for what, src in c.notes:
                _note(assumed, loaded[CARD_KINDS[cat][0]].path.name, c.label, what, src)


# ---------------------------------------------------------------- the Rules record
def _pack_rules(act, die, roof_cost, setup, parsed) -> Rules:
    """The kernels' tables (tables.RULES), indexed by each card's position in the mix."""
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
    return RULES.pack(dict(
        act=act, die=die, die_results=die_results(die), roof_cost=roof_cost.astype(np.int64),
        smurf_kind=smurf_kind,
        smurf_op=smurf_op, inv_op=inv_op, smurf_ops=op_masks(smurf_op), inv_ops=op_masks(inv_op),
        inv=inv, cake=cake, garg=garg, garg_eff=garg_eff,
        setup=np.array([setup["meeples"], setup["meeples_in_box"], setup["inventions_max"],
                        setup["ideas_at_setup"], setup["supply_per_resource"],
                        END_OF_ROUND.index(setup["end_of_round"]),
                        AZRAEL_ROLL.index(setup["azrael_roll"])], np.int64),
    ))


def validate_cards(path, data_dir=None):
    """Check a card catalog file, each entry on its own, and report every problem found.

    Returns (problems, summary): `problems` is a list of DataError in file order (the first
    problem of each bad entry, and the file-level ones); `summary` holds the counts, the mix
    name and, when there is no problem, notes on the levels and player counts the cards cannot
    set up. Raises UserError only when the file cannot be read at all."""
    p = cards_path(path)
    f = DataFile(p)
    base = load_catalog(data_dir)          # the board, levels and setup to check against
    problems: list = []
    parsed = parse_cards({c: f for c in CARD_KINDS}, [loc["id"] for loc in base.locations],
                          base.resources, problems)
    counts = mix_counts([c.values[0] for c in parsed["smurf"]], len(parsed["cake"]),
                        [c.values[0] for c in parsed["gargamel"]])
    mix = base_mix(None, {}, p, DEFAULT_DATA_DIR)
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
