"""How much the unknown rules matter (`meeplesim sensitivity`, `api.sensitivity`): a game's
declared knobs (Game.assumptions, simcore.assumptions) played as rule sets against the
default on paired seeds, at one or more settings (e.g. levels), into a results folder.

The design (simcore.assumptions.design): the default; every alternative of every knob alone
(the tornado); a Latin hypercube sample of many knobs at once; the all-pessimistic and
all-optimistic sets. Then, per setting, the knobs with the largest single effects are played
two at a time (every pair among the top `interactions`), so that an interaction (a joint
effect unlike the sum of the two single effects) can be named. A game with no knobs (its rules
complete) has nothing open: its default rules alone are played, at each setting.

Every rule set of a setting is a cell paired with that setting's default cell (a unit of the
engine): fixed game counts, or `until_halfwidth` per pair. The cells' rows carry `setting`,
`rules` (the rule set's name) and `rule_kind` beside the options as played, so the report
reads the same folder (reports.sensitivity). Knows no game.
"""
from __future__ import annotations

import contextlib
import itertools
from dataclasses import dataclass, field

from simcore.errors import UserError
from simcore.games import get_game

from .engine import make_cell
from .playing import Execution, folder_or_temporary, play_cells, run_identity
from .runs import RunSpec, check_games

DEFAULT_SAMPLES = 64
DEFAULT_INTERACTIONS = 4        # pairs among the 4 largest single effects: 6 pair rule sets
COMMON = ("players", "strategy")


@dataclass
class SensitivityResult:
    settings: list             # per setting: {"setting", "axes", "played", "shown", "analysis"}
    rule_sets: list            # simcore.assumptions.RuleSet of the design (pairs apart)
    notes: list                # rule sets that could not be played at a setting, and why
    games: int
    stopping: dict
    results: str | None
    knobs: object              # simcore.assumptions.Knobs
    seconds: float = 0.0
    played: int = 0
    extra: dict = field(default_factory=dict)

    def to_dicts(self) -> list:
        """One JSON-able object per setting (`sensitivity --json` prints one per line)."""
        from reports.sensitivity import to_json
        return [{"setting": s["axes"], **{k: s["played"][k] for k in s["shown"] if k in s["played"]},
                 **to_json(s["analysis"], self.knobs), "games": self.games,
                 **({"stopping": self.stopping} if self.stopping.get("rule") != "fixed" else {}),
                 **({"results": self.results} if self.results else {})}
                for s in self.settings]


def parse_across(items) -> dict:
    """--across NAME=V1,V2 (repeatable) -> {name: [values as typed]}."""
    out: dict = {}
    for item in items or ():
        k, sep, v = item.partition("=")
        k = k.strip().replace("-", "_")
        vals = [x.strip() for x in v.split(",") if x.strip()]
        if not sep or not k or not vals:
            raise UserError(f"--across {item!r}: expected NAME=V1,V2,... (e.g. level=standard,terrible)")
        if k in out:
            raise UserError(f"--across: '{k}' given twice")
        if k == "assume":
            raise UserError("--across assume: the sensitivity analysis varies the knobs itself")
        out[k] = vals
    return out


def _settings(spec: RunSpec, across: dict, game) -> list:
    """(setting id, its varied values, its spec) for every combination of `across`."""
    from .grid import cell_id
    known = list(COMMON) + [o.name for o in game.options if o.name != "assume"]
    for k in across:
        if k not in known:
            raise UserError(f"--across {k}: unknown option (known: {', '.join(known)})")
    out = []
    names = list(across)
    for combo in itertools.product(*[across[n] for n in names]):
        axes = dict(zip(names, combo))
        changes: dict = {"options": {}}
        for n, v in axes.items():
            if n == "players":
                try:
                    changes["players"] = int(v)
                except ValueError:
                    raise UserError(f"--across players={v}: players must be a whole number") from None
            elif n == "strategy":
                changes["strategy"] = v
            else:
                changes["options"][n] = game.option(n).parse(v, f"--across {n}")
        out.append((cell_id(axes) if axes else "", axes, spec.but(**changes)))
    return out


def _cell(setting_id: str, rs, spec: RunSpec):
    cid = (f"{setting_id}," if setting_id else "") + f"rules={rs.name}"
    knobbed = bool(get_game(spec.game).assumptions)    # a game with no knobs has no `assume`
    cell = make_cell(cid, spec.but(options={"assume": list(rs.assume)}) if knobbed else spec,
                     {"rules": rs.name})
    cell.constants.update(setting=setting_id or "all", rules=rs.name, rule_kind=rs.kind)
    return cell


def _rule_set_cell(setting_id: str, rs, spec: RunSpec, notes: list):
    """_cell, or None with a note when the data refuse the rule set at this setting."""
    try:
        return _cell(setting_id, rs, spec)
    except UserError as e:
        notes.append(f"{setting_id or 'all'}: rule set {rs.name}: not played: {e}")
        return None


def sensitivity(spec: RunSpec, across: dict | None = None, games: int = 2000,
                samples: int = DEFAULT_SAMPLES, interactions: int = DEFAULT_INTERACTIONS,
                results: str | None = None, execution=None) -> SensitivityResult:
    """Play the design at every setting (spec, crossed with `across`) into `results` (a
    temporary folder if None) and analyse it (reports.sensitivity.analyse)."""
    import time

    from simcore import assumptions as A

    ex = execution or Execution()
    check_games(games)
    if samples < 0:
        raise UserError(f"--samples must be at least 0, got {samples}")
    if interactions < 0 or interactions == 1:
        raise UserError(f"--interactions must be 0 (none) or at least 2, got {interactions}")
    game = get_game(spec.game)
    if spec.options.get("assume"):
        raise UserError("--assume: the sensitivity analysis varies the knobs itself; leave it out")
    # a game with no knobs (no knobs file, or none in it) has nothing in its rules assumed
    # open: its default rules alone are played (no sample, no pair to vary)
    knobs = A.load(game.knobs_file(spec.data)) if game.assumptions else A.Knobs(None)
    settings = _settings(spec, dict(across or {}), game)
    ex.check(games)
    design = A.design(knobs, samples if len(knobs) else 0, spec.seed)   # no knobs: the default alone
    notes: list = []
    cells, units, default_of = [], [], {}
    playable = []
    for sid, axes, s in settings:
        try:
            base = _cell(sid, design[0], s)
        except UserError as e:       # a combination the game's data forbid (a die a level refuses)
            if len(settings) == 1:
                raise
            notes.append(f"{sid}: skipped: {e}")
            continue
        playable.append((sid, axes, s))
        cells.append(base)
        default_of[sid] = base.id
        if len(design) == 1:        # no knobs: the default alone, a unit of its own
            units.append((base.id,))
        for rs in design[1:]:
            c = _rule_set_cell(sid, rs, s, notes)
            if c is not None:
                cells.append(c)
                units.append((base.id, c.id))
    if not playable:
        raise UserError("no setting can be played: " + "; ".join(notes))
    settings = playable
    held = contextlib.ExitStack()
    folder = held.enter_context(folder_or_temporary(results, "sensitivity"))
    identity = run_identity(game.name, spec.seed, experiment="sensitivity", samples=samples,
                             interactions=interactions)
    t0 = time.perf_counter()
    try:
        player, stops, z, info = play_cells(cells, units, games, folder, "sensitivity", identity, ex)
        played = player.played
        df = _read(folder, cells, stops)
        # the pairs among the largest single effects of each setting
        from reports.sensitivity import analyse, top_knobs
        pair_cells, pair_units = [], []
        if interactions:
            for sid, axes, s in settings:
                top = top_knobs(analyse(df[df["setting"] == (sid or "all")]), interactions)
                for a, b in itertools.combinations(top, 2):
                    c = _rule_set_cell(sid, A.pair_set(a, b), s, notes)
                    if c is not None:
                        pair_cells.append(c)
                        pair_units.append((default_of[sid], c.id))
        if pair_cells:
            player, stops2, z2, info2 = play_cells(cells + pair_cells, units + pair_units, games,
                                                  folder, "sensitivity", identity, ex)
            played += player.played
            stops.update(stops2)
            df = _read(folder, cells + pair_cells, stops)
        out = []
        for sid, axes, s in settings:
            base = next(c for c in cells if c.id == default_of[sid])
            played_as = {"game": game.name, **base.run.variant._asdict(),
                         "strategy": base.run.strategy_name}
            out.append({"setting": sid or "all", "axes": axes, "played": played_as,
                        "shown": ("game", *game.headline_options, *COMMON),
                        "analysis": analyse(df[df["setting"] == (sid or "all")], z)})
    finally:
        held.close()
    return SensitivityResult(out, design, notes, games, info, results, knobs,
                             time.perf_counter() - t0, played)


def _read(folder, cells, stops):
    """The games of the cells, each cut at the largest count any of its units stopped at."""
    from simcore.store import read_table
    n_of: dict = {}
    for u, n in stops.items():
        for cid in u:
            n_of[cid] = max(n, n_of.get(cid, 0))
    knobbed = "assume" in cells[0].constants          # a game with no knobs has no column
    df = read_table(folder, cells=[c.id for c in cells],
                    columns=["setting", "rules", "rule_kind", "outcome"] + ["assume"] * knobbed)
    if not knobbed:
        df["assume"] = "none"
    for col in ("cell", "setting", "rules", "rule_kind", "assume"):
        df[col] = df[col].astype(str)
    df = df[df["game"] < df["cell"].map(n_of).fillna(0)]
    df["won"] = df["outcome"] == 1
    return df.reset_index(drop=True)
