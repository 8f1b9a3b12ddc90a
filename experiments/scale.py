"""The skill scale and the ladder a difficulty curve (`meeplesim curve`) and a calibration
(`meeplesim calibrate`) are drawn on: the spec playing the `skill` strategy, and the ladder's
configurations that match the options given."""
from __future__ import annotations

from simcore.errors import UserError

from .runs import Resolved, RunSpec, resolve


def skill_base(spec: RunSpec) -> tuple:
    """(the spec, playing `skill` unless it names a strategy, resolved): UserError for a
    strategy without a skill scale (a `skill` parameter)."""
    spec = spec if spec.strategy else spec.but(strategy="skill")
    base = resolve(spec)
    import strategies
    if "skill" not in strategies.get(base.strategy_name, base.game.name, load=False).params:
        raise UserError(f"strategy '{base.strategy_name}' has no skill scale (a `skill` parameter): "
                        f"use --strategy skill")
    return spec, base


def ladder_axes(base: Resolved, spec: RunSpec, notes: list, levels: list | None = None) -> list:
    """The ladder's cells (each level with each die it allows; `levels` keeps some) matching
    the options given, or for a game without levels one cell at the options given ([{}]);
    the ladder's notes are added to `notes`."""
    if base.game.ladder is None:
        if levels:
            raise UserError(f"game '{base.game.name}' has no difficulty levels")
        return [{}]
    axes_list, more = base.game.ladder(base.catalog)
    notes += more
    if levels:
        key = base.game.headline_options[0]       # the difficulty option (simcore.gamekit.Game)
        known = sorted({a.get(key) for a in axes_list})
        unknown = [lv for lv in levels if lv not in known]
        if unknown:
            raise UserError(f"unknown level {', '.join(unknown)} (known: {', '.join(known)})")
        axes_list = [a for a in axes_list if a.get(key) in levels]
    fixed = {k: v for k, v in (spec.options or {}).items() if v is not None}
    axes_list = [a for a in axes_list if all(a.get(k, v) == v for k, v in fixed.items())]
    if not axes_list:
        raise UserError("no level can be played with these options")
    return axes_list
