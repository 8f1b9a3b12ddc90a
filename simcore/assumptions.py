"""Knobs: a game's assumptions with their plausible alternatives, as patches of its data files
(plain Python; knows no game).

A game declares its knobs file through its `Game` (`assumptions = "data/assumptions.toml"`);
a `--data` folder holding an `assumptions.toml` replaces it. The file:

    [[knob]]
    id = "wardrobe"                               # kebab-case, unique
    question = "Is the Wardrobe durable or single-use?"
    topic = "inventions"                          # optional: groups the list
    rules = ["HV-N17"]                            # optional: rule IDs of the checklist
    default = "durable"                           # the name of what the data files hold
    default_evidence = "The rulebook gives no type; ..."
    [[knob.alternative]]
    id = "single-use"
    direction = "pessimistic"                     # or "optimistic", or "neutral"
    evidence = "Single use is one of the 3 invention types; ..."
    patch = [
      { file = "inventions.toml", table = "invention", entry = "wardrobe",
        set = { type = "single-use", text = "..." } },
    ]

A patch names a data file and either its top level (no `table`: `set` replaces top-level keys,
as in setup.toml) or entries of one of its `[[table]]` lists: `entry` is an id, a list of ids or
"*" (every entry). `set = { key = value }` replaces keys (whole values: a cost table, a die's
faces); `add = { key = n }` adds a whole number to a key, then `min`/`max` (optional) clamp it.
Applied knobs are checked like any data: the game's loader validates the patched files.

`choice` ({knob: alternative}) comes from `--assume KNOB=ALTERNATIVE` (repeatable; `KNOB=default`
is the data as shipped); `all=pessimistic` / `all=optimistic` take every knob's first
alternative in that direction (a knob given by name wins). Two knobs of one choice may not
change the same key of the same entry. `patched(data, knobs, choice)` returns patched copies of
the data files' TOML: what a sensitivity sweep applies, any number of knobs at once, without
touching a kernel (the patches change values in the data, never the layout the kernels read).
"""
from __future__ import annotations

import copy
import difflib
import hashlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from .errors import DataError, UserError
from .gamekit import read_toml

FILE_NAME = "assumptions.toml"
DIRECTIONS = ("pessimistic", "optimistic", "neutral")
ALL = "all"               # --assume all=pessimistic
DEFAULT = "default"       # --assume KNOB=default: the data as shipped
KNOB_ID = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
KNOB_KEYS = ("id", "question", "topic", "rules", "default", "default_evidence", "alternative")
ALT_KEYS = ("id", "direction", "evidence", "patch")
PATCH_KEYS = ("file", "table", "entry", "set", "add", "min", "max")


@dataclass(frozen=True)
class Alternative:
    id: str
    direction: str            # pessimistic / optimistic / neutral (for the game's players)
    evidence: str
    patches: tuple            # dicts as in the file


@dataclass(frozen=True)
class Knob:
    id: str
    question: str
    default: str
    default_evidence: str
    alternatives: tuple       # Alternative
    topic: str = ""
    rules: tuple = ()

    def alternative(self, alt_id: str) -> Alternative:
        return next(a for a in self.alternatives if a.id == alt_id)

    @property
    def names(self) -> list:
        return [a.id for a in self.alternatives]


@dataclass
class Knobs:
    """A game's knobs, in file order."""
    path: Path
    knobs: dict = field(default_factory=dict)    # id -> Knob

    def __iter__(self):
        return iter(self.knobs.values())

    def __len__(self):
        return len(self.knobs)

    def get(self, knob_id: str) -> Knob:
        if knob_id not in self.knobs:
            raise UserError(_unknown("knob", knob_id, list(self.knobs), f" in {self.path}"))
        return self.knobs[knob_id]

    def extreme(self, direction: str) -> dict:
        """{knob: its first alternative labelled `direction`} over the knobs that have one:
        the all-pessimistic or all-optimistic rule set."""
        out = {}
        for k in self:
            first = next((a for a in k.alternatives if a.direction == direction), None)
            if first is not None:
                out[k.id] = first.id
        return out


def _unknown(what, name, known, where="") -> str:
    near = difflib.get_close_matches(name, known, n=1)
    hint = f"did you mean '{near[0]}'? " if near else ""
    return f"unknown {what} '{name}'{where} ({hint}known: {', '.join(known) or 'none'})"


# ----------------------------------------------------------------------------- reading
def load(path, data_files=None) -> Knobs:
    """The knobs of a file; the first problem raises DataError (see `problems` for all)."""
    found = problems(path, data_files)
    if found:
        raise found[0]
    return _parse(Path(path), read_toml(Path(path)), [])


def problems(path, data_files=None) -> list:
    """Every problem of a knobs file, one DataError each (the file, the knob, the problem).
    With `data_files` ({name: parsed TOML}), each patch is also checked against the data: the
    file, the table, the entries and the keys it changes must exist."""
    return check(path, data_files)[1]


def check(path, data_files=None) -> tuple:
    """(the knobs without a problem, every problem): see `problems`."""
    path = Path(path)
    try:
        raw = read_toml(path)
    except DataError as e:
        return Knobs(path), [e]
    out: list = []
    knobs = _parse(path, raw, out)
    if data_files is not None:
        for k in list(knobs):
            for a in k.alternatives:
                try:
                    apply(copy.deepcopy(data_files), [(k.id, a)], path)
                except UserError as e:
                    out.append(e if isinstance(e, DataError) else DataError(path, f"knob '{k.id}'", str(e)))
                    knobs.knobs.pop(k.id, None)
    return knobs, out


def validate_for(game, path, data_dir=None) -> tuple:
    """A knobs file checked for `game` (a simcore.gamekit.Game): its format, each patch
    against the game's data (a data folder's, else its own), then the game's loader on the
    data each alternative patches, and on the all-pessimistic and all-optimistic sets (two
    knobs changing one key). Returns (Knobs, [one line per problem])."""
    path = Path(path)
    if not path.is_file():
        raise UserError(f"{path}: {'is a folder, not a file' if path.is_dir() else 'file not found'}")
    base = game.load_catalog(data_dir)
    data_files = {name: read_toml(Path(f)) for name, f in base.files.items()}
    knobs, found = check(path, data_files)
    lines = [str(e) for e in found]
    # the knobs without a problem so far go through the loader (so every problem is listed)
    sets = [(f"knob '{k.id}' alternative '{a.id}'", (f"{k.id}={a.id}",)) for k in knobs for a in k.alternatives]
    sets += [(f"the all-{d} set", (f"{ALL}={d}",)) for d in DIRECTIONS[:2] if knobs.extreme(d)]
    for what, assume in sets:
        try:
            game.load_catalog(data_dir, assume=assume, assumptions_file=knobs)
        except UserError as e:
            lines.append(f"{path}: {what}: {e}")
    return knobs, lines


def _parse(path: Path, raw: dict, out: list) -> Knobs:
    def bad(entry, problem):
        out.append(DataError(path, entry, problem))

    for key in raw:
        if key != "knob":
            bad("", f"unknown key '{key}' (known: knob)")
    rows = raw.get("knob")
    knobs = Knobs(path)
    if not isinstance(rows, list) or not rows or not all(isinstance(r, dict) for r in rows):
        bad("", "no [[knob]] entries")
        return knobs
    for i, row in enumerate(rows):
        kid = row.get("id")
        label = f"knob '{kid}'" if isinstance(kid, str) and kid else f"knob #{i + 1}"
        n_before = len(out)
        for key in row:
            if key not in KNOB_KEYS:
                bad(label, f"unknown key '{key}' (known: {', '.join(KNOB_KEYS)})")
        for key in ("id", "question", "default", "default_evidence"):
            v = row.get(key)
            if not isinstance(v, str) or not v.strip():
                bad(label, f"missing '{key}' (a non-empty string)")
        if isinstance(kid, str) and kid and not KNOB_ID.fullmatch(kid):
            bad(label, "'id' must be kebab-case, like 'wardrobe' or 'white-die'")
        if isinstance(kid, str) and kid in (ALL,):
            bad(label, f"'{ALL}' is reserved (--assume all=pessimistic)")
        if isinstance(kid, str) and kid in knobs.knobs:
            bad(label, "duplicate id")
        q = row.get("question")
        if isinstance(q, str) and q.strip() and not q.strip().endswith("?"):
            bad(label, "'question' must be a question (end with '?')")
        if "topic" in row and not isinstance(row["topic"], str):
            bad(label, "'topic' must be a string")
        rules = row.get("rules", [])
        if not isinstance(rules, list) or not all(isinstance(x, str) for x in rules):
            bad(label, "'rules' must be a list of rule IDs")
            rules = []
        default = row.get("default")
        alts = _alternatives(label, row.get("alternative"), default, bad)
        if len(out) == n_before:
            knobs.knobs[kid] = Knob(kid, q.strip(), default, row["default_evidence"].strip(),
                                    tuple(alts), row.get("topic", ""), tuple(rules))
    return knobs


def _alternatives(label, rows, default, bad) -> list:
    if not isinstance(rows, list) or not rows or not all(isinstance(r, dict) for r in rows):
        bad(label, "needs at least one [[knob.alternative]]")
        return []
    out, seen = [], set()
    for j, row in enumerate(rows):
        aid = row.get("id")
        alabel = f"{label} alternative '{aid}'" if isinstance(aid, str) and aid else f"{label} alternative #{j + 1}"
        ok = True
        for key in row:
            if key not in ALT_KEYS:
                bad(alabel, f"unknown key '{key}' (known: {', '.join(ALT_KEYS)})")
                ok = False
        if not isinstance(aid, str) or not KNOB_ID.fullmatch(aid):
            bad(alabel, "missing 'id' (kebab-case, like 'single-use')")
            ok = False
        elif aid in (default, DEFAULT):
            bad(alabel, f"'{aid}' names the default: an alternative differs from it")
            ok = False
        elif aid in seen:
            bad(alabel, "duplicate id")
            ok = False
        seen.add(aid)
        d = row.get("direction")
        if d not in DIRECTIONS:
            bad(alabel, f"'direction' must be one of {', '.join(DIRECTIONS)}, got {d!r}")
            ok = False
        ev = row.get("evidence")
        if not isinstance(ev, str) or not ev.strip():
            bad(alabel, "missing 'evidence' (a non-empty string: why this reading is plausible)")
            ok = False
        patches = row.get("patch")
        if not isinstance(patches, list) or not patches:
            bad(alabel, "missing 'patch' (a list of patches of the data files)")
            ok = False
        else:
            for n, p in enumerate(patches):
                why = _patch_problem(p)
                if why:
                    bad(f"{alabel} patch {n + 1}", why)
                    ok = False
        if ok:
            out.append(Alternative(aid, d, ev.strip(), tuple(patches)))
    return out


def _patch_problem(p) -> str | None:
    if not isinstance(p, dict):
        return "a patch is a table like { file = \"setup.toml\", set = { ... } }"
    for key in p:
        if key not in PATCH_KEYS:
            return f"unknown key '{key}' (known: {', '.join(PATCH_KEYS)})"
    if not isinstance(p.get("file"), str) or not p["file"].endswith(".toml"):
        return "missing 'file' (a data file's name, like \"setup.toml\")"
    if ("table" in p) != ("entry" in p):
        return "'table' and 'entry' go together (without them the patch changes top-level keys)"
    if "table" in p and not isinstance(p["table"], str):
        return "'table' must be a string"
    e = p.get("entry")
    if e is not None and not (isinstance(e, str) or (isinstance(e, list) and e and
                                                      all(isinstance(x, str) for x in e))):
        return "'entry' must be an id, a list of ids or \"*\""
    if "set" not in p and "add" not in p:
        return "needs 'set' or 'add'"
    if "set" in p and (not isinstance(p["set"], dict) or not p["set"]):
        return "'set' must be a non-empty table of keys and their new values"
    if "add" in p:
        if not isinstance(p["add"], dict) or not p["add"]:
            return "'add' must be a non-empty table of keys and whole numbers"
        for k, v in p["add"].items():
            if isinstance(v, bool) or not isinstance(v, int):
                return f"'add.{k}' must be a whole number, got {v!r}"
        if "set" in p and set(p["set"]) & set(p["add"]):
            return "a key is both in 'set' and in 'add'"
    elif "min" in p or "max" in p:
        return "'min' and 'max' go with 'add'"
    for k in ("min", "max"):
        if k in p and (isinstance(p[k], bool) or not isinstance(p[k], int)):
            return f"'{k}' must be a whole number"
    return None


# ----------------------------------------------------------------------------- choosing
def parse_choice(items, knobs: Knobs) -> dict:
    """`--assume` values ("KNOB=ALTERNATIVE", "all=pessimistic") -> {knob: alternative},
    defaults left out. UserError (one line, naming the known knobs or alternatives) for a
    malformed item, an unknown knob or alternative, or a knob given twice."""
    if isinstance(items, str):
        items = [items]
    named: dict = {}
    extreme: dict = {}
    for item in items or ():
        if not isinstance(item, str) or "=" not in item:
            raise UserError(f"--assume {item!r}: expected KNOB=ALTERNATIVE (e.g. wardrobe=single-use; "
                            f"`meeplesim assumptions list` shows them)")
        k, v = (x.strip() for x in item.split("=", 1))
        if k == ALL:
            if v not in DIRECTIONS[:2]:
                raise UserError(f"--assume {item}: all= takes pessimistic or optimistic")
            extreme.update(knobs.extreme(v))
            continue
        if k not in knobs.knobs:
            raise UserError("--assume " + _unknown("knob", k, list(knobs.knobs)))
        knob = knobs.knobs[k]
        if v not in knob.names and v not in (DEFAULT, knob.default):
            raise UserError(f"--assume {item}: knob '{k}' has no alternative '{v}' (its alternatives: "
                            f"{', '.join(knob.names)}; default: {knob.default})")
        if k in named and named[k] != v:
            raise UserError(f"--assume: knob '{k}' given twice ({named[k]}, {v})")
        named[k] = v
    choice = {**extreme, **named}
    return {k: v for k, v in sorted(choice.items()) if v not in (DEFAULT, knobs.knobs[k].default)}


def words(choice: dict) -> tuple:
    """{knob: alternative} -> ("knob=alternative", ...) sorted: the option's canonical value."""
    return tuple(f"{k}={v}" for k, v in sorted(choice.items()))


def digest(knobs: Knobs, choice: dict) -> str:
    """A hash of the patches a choice applies (results manifests: the same words with other
    patches are other rules)."""
    body = [(k, knobs.knobs[k].alternative(a).patches) for k, a in sorted(choice.items())]
    return hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()[:16]


# ----------------------------------------------------------------------------- applying
def chosen(data_dir, assume, assumptions_file, default_file) -> tuple:
    """(the knobs file's Knobs or None, {knob: alternative}) for a game's loader: the file is
    a Knobs already read, a path, a data folder's own assumptions.toml, else `default_file`;
    it is read only when some knob is asked for."""
    if isinstance(assume, str):
        assume = (assume,)
    if not assume:
        return None, {}
    if isinstance(assumptions_file, Knobs):      # already read (assumptions validate)
        return assumptions_file, parse_choice(assume, assumptions_file)
    path = Path(assumptions_file) if assumptions_file is not None else (
        Path(data_dir) / FILE_NAME if data_dir is not None
        and (Path(data_dir) / FILE_NAME).is_file() else Path(default_file))
    knobs = load(path)
    return knobs, parse_choice(assume, knobs)


def open_data(data_dir, names, default_dir, assume, assumptions_file, default_file) -> tuple:
    """What a game's loader opens with: each data file of `names` (a data folder's own, else
    the game's in `default_dir`) read and patched by the knobs asked for (`chosen`,
    `patch_files`). Returns ({name: path read}, {name: DataFile}, the knobs in force as the
    catalog's assumptions [(file, entry, what)], the choice {knob: alternative}). A `data_dir` that is not a folder
    is one UserError line."""
    from .datafile import DataFile
    from .errors import UserError
    if data_dir is not None and not Path(data_dir).is_dir():
        raise UserError(f"--data {data_dir}: not a folder")
    files = {}
    for name in names:
        p = Path(data_dir) / name if data_dir else None
        files[name] = p if p is not None and p.exists() else Path(default_dir) / name
    knobs, choice = chosen(data_dir, assume, assumptions_file, default_file)
    loaded = patch_files({n: DataFile(p) for n, p in files.items()}, knobs, choice)
    assumed = [(FILE_NAME, f"knob '{kid}'",
                f"{alt} instead of {knobs.knobs[kid].default}: {knobs.knobs[kid].question}")
               for kid, alt in choice.items()]
    return files, loaded, assumed, choice


def data_digest(files: dict, names, *parts: str) -> str:
    """The digest a catalog is named by: each data file's name and bytes, in `names`' order,
    then each non-empty `part` (the knobs in force, `assume_part`; the mix), in the order
    given: the order is part of a results folder's key, so a game keeps its own."""
    import hashlib
    h = hashlib.sha256()
    for name in names:
        h.update(name.encode())
        h.update(Path(files[name]).read_bytes())
    for part in parts:
        if part:
            h.update(part.encode())
    return h.hexdigest()


def assume_part(choice: dict) -> str:
    """The knobs in force as a digest part ("assume:K=A+..."; "" when none)."""
    assume = words(choice)
    return "assume:" + "+".join(assume) if assume else ""


def patch_files(loaded: dict, knobs, choice: dict) -> dict:
    """{name: DataFile} with the choice's patches applied to copies of their data (the files
    and the DataFile objects given are not changed); a file serving several names is copied
    once."""
    if not choice:
        return loaded
    copies = {}
    for f in loaded.values():
        if id(f) not in copies:
            c = copy.copy(f)
            c.data = copy.deepcopy(f.data)
            copies[id(f)] = c
    out = {name: copies[id(f)] for name, f in loaded.items()}
    apply({name: f.data for name, f in out.items()},
          [(k, knobs.knobs[k].alternative(a)) for k, a in choice.items()], knobs.path)
    return out


def patched(data: dict, knobs: Knobs, choice: dict) -> dict:
    """Copies of the data files' TOML ({file name: dict}) with the choice's patches applied
    (the inputs are not changed). UserError naming the knob for a patch that does not fit
    the data, or two knobs changing the same key."""
    out = copy.deepcopy(data)
    apply(out, [(k, knobs.knobs[k].alternative(a)) for k, a in sorted(choice.items())], knobs.path)
    return out


def apply(data: dict, alternatives, where="assumptions") -> None:
    """Apply (knob id, Alternative) pairs to `data` ({file name: dict}) in place."""
    touched: dict = {}
    for knob_id, alt in alternatives:
        for p in alt.patches:
            at = f"knob '{knob_id}' alternative '{alt.id}'"
            name = p["file"]
            if name not in data:
                raise DataError(where, at, _unknown("data file", name, sorted(data)))
            doc = data[name]
            if "table" not in p:
                targets = [("", doc)]
            else:
                rows = doc.get(p["table"])
                if not isinstance(rows, list):
                    raise DataError(where, at, f"{name} has no [[{p['table']}]] entries")
                ids = [r.get("id") for r in rows if isinstance(r, dict)]
                want = ids if p["entry"] == "*" else ([p["entry"]] if isinstance(p["entry"], str) else p["entry"])
                for e in want:
                    if e not in ids:
                        raise DataError(where, at, f"{name} has no {p['table']} '{e}'"
                                        f" (its {p['table']} ids: {', '.join(map(str, ids))})")
                targets = [(f"{p['table']} '{r['id']}'", r) for r in rows
                           if isinstance(r, dict) and r.get("id") in want]
            for label, row in targets:
                for key, value in p.get("set", {}).items():
                    _claim(touched, (name, label, key), knob_id, where, at)
                    row[key] = copy.deepcopy(value)
                for key, delta in p.get("add", {}).items():
                    _claim(touched, (name, label, key), knob_id, where, at)
                    v = row.get(key)
                    if isinstance(v, bool) or not isinstance(v, int):
                        raise DataError(where, at, f"{name} {label}: '{key}' is not a whole number to add to")
                    v += delta
                    v = max(v, p["min"]) if "min" in p else v
                    v = min(v, p["max"]) if "max" in p else v
                    row[key] = v


def _claim(touched, key, knob_id, where, at):
    other = touched.get(key)
    if other is not None and other != knob_id:
        name, label, k = key
        raise DataError(where, at, f"knobs '{other}' and '{knob_id}' both change {name} "
                        f"{label + ' ' if label else ''}'{k}': choose one")
    touched[key] = knob_id


# ----------------------------------------------------------------------------- designs
@dataclass(frozen=True)
class RuleSet:
    """One set of rules of a sensitivity design: a name, what kind of set it is (default,
    single, sample, pessimistic, optimistic, pair) and its choice {knob: alternative}."""
    name: str
    kind: str
    choice: dict

    @property
    def assume(self) -> tuple:
        return words(self.choice)


KINDS = ("default", "single", "sample", "pessimistic", "optimistic", "pair")


def latin_hypercube(knobs: Knobs, samples: int, seed: int = 1) -> list:
    """`samples` choices of every knob at once from a Latin hypercube (scipy.stats.qmc), each
    coordinate cut into as many equal strata as the knob has readings (its default and each
    alternative): every reading of every knob is played in about samples / readings of the
    rule sets, and the knobs vary together, not one at a time. The same (knobs, samples,
    seed) gives the same choices."""
    if samples < 1:
        return []
    from scipy.stats import qmc
    ks = list(knobs)
    u = qmc.LatinHypercube(d=len(ks), seed=seed).random(samples)
    out = []
    for row in u:
        choice = {}
        for k, x in zip(ks, row):
            i = min(int(x * (len(k.alternatives) + 1)), len(k.alternatives))   # 0: the default
            if i:
                choice[k.id] = k.alternatives[i - 1].id
        out.append(choice)
    return out


def design(knobs: Knobs, samples: int = 64, seed: int = 1) -> list:
    """The rule sets of a sensitivity analysis: the default; each alternative of each knob
    alone; `samples` rule sets of many knobs at once (latin_hypercube); the all-pessimistic
    and all-optimistic sets (Knobs.extreme). Names are stable: `default`, `KNOB=ALT`,
    `sample-01` ..., `pessimistic`, `optimistic`."""
    out = [RuleSet("default", "default", {})]
    out += [RuleSet(f"{k.id}={a.id}", "single", {k.id: a.id}) for k in knobs for a in k.alternatives]
    width = len(str(samples))
    out += [RuleSet(f"sample-{i + 1:0{width}d}", "sample", c)
            for i, c in enumerate(latin_hypercube(knobs, samples, seed))]
    for d in DIRECTIONS[:2]:
        c = knobs.extreme(d)
        if c:
            out.append(RuleSet(d, d, c))
    return out


def pair_set(a: tuple, b: tuple) -> RuleSet:
    """The rule set of two single alternatives together ((knob, alternative) each)."""
    choice = dict([a, b])
    return RuleSet("+".join(words(choice)), "pair", choice)
