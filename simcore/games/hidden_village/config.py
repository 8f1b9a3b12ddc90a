"""One game configuration: level, die, variants and player count, resolved against the data."""
from __future__ import annotations

import re
from typing import NamedTuple

from ...errors import UserError
from . import consts as K
from .catalog import G_TIMING, Catalog, hand_shortfall, level_shortfall, mix_counts
from .inforce import Config

DIES = {"white": K.DIE_WHITE, "red": K.DIE_RED}


class Variant(NamedTuple):
    """The user-facing names of a configuration (for output and manifests)."""
    level: str
    die: str
    hungry: bool
    players: int
    too_late: str
    finite_supply: bool


def parse_too_late(text: str) -> int:
    """'bottom' -> 0, 'bottom-3' -> 3."""
    if text == "bottom":
        return 0
    m = re.fullmatch(r"bottom-(\d+)", text)
    if not m or int(m.group(1)) < 1:
        raise UserError(f"unknown Too Late placement '{text}' (use 'bottom' or 'bottom-K', K >= 1)")
    return int(m.group(1))


def mix_shortfall(catalog: Catalog, level: str, players: int | None = None) -> str | None:
    """Why the catalog's card mix cannot set up `level` (and deal `players` hands), or None.

    The data files' own counts are checked when they are loaded; a mix that removes cards
    (--without) or replaces them (--cards) is checked here, for the level actually used."""
    R = catalog.rules
    counts = mix_counts(R.smurf_kind.tolist(), R.cake.shape[0], R.garg[:, G_TIMING].tolist())
    mix = getattr(catalog, "mix", "default")
    why = level_shortfall(level, catalog.levels[level], counts, mix)
    if why is None and players is not None:
        why = hand_shortfall(players, catalog.setup["hand_size"][players], counts, mix)
    return why


def make_config(catalog: Catalog, level: str = "standard", die: str | None = None,
                hungry: bool | None = None, players: int = 3, too_late: str | None = None,
                finite_supply: bool | None = None, log: bool = False) -> tuple[Config, Variant]:
    """Resolve user options into a Config. `die`/`hungry` None means the level's default;
    `too_late`/`finite_supply` None, setup.toml's.

    A level that makes a variant mandatory (HV-D02, HV-D03) forces it on; asking for it off
    at such a level is an error rather than a silent change.
    """
    if level not in catalog.levels:
        raise UserError(f"unknown level '{level}' (known: {', '.join(catalog.levels)})")
    lv = catalog.levels[level]
    if die is None:
        die = "red" if lv["super_danger_die"] else "white"
    if die not in DIES:
        raise UserError(f"unknown die '{die}' (known: {', '.join(DIES)})")
    if lv["super_danger_die"] and die != "red":
        raise UserError(f"level '{level}' requires the red super danger die")
    if hungry is None:
        hungry = bool(lv["hungry_cracoucass"])
    if lv["hungry_cracoucass"] and not hungry:
        raise UserError(f"level '{level}' requires the Hungry Cracoucass")
    if not isinstance(players, int) or not 1 <= players <= K.MAX_PLAYERS:
        raise UserError(f"players must be 1 to {K.MAX_PLAYERS}, got {players}")
    setup = catalog.setup
    why = mix_shortfall(catalog, level, players)
    if why:
        raise UserError(why)
    if too_late is None:
        too_late = "bottom" if setup["too_late"] == "bottom" else f"bottom-{setup['too_late_k']}"
    if finite_supply is None:
        finite_supply = bool(setup.get("finite_supply", False))
    k = parse_too_late(too_late)
    if k > lv["gargamel_cards"]:
        raise UserError(f"Too Late placement '{too_late}' is deeper than the {lv['gargamel_cards']}-card "
                        f"Gargamel deck of level '{level}'")
    cfg = Config(
        players=players, hand_size=setup["hand_size"][players], n_houses=lv["houses"],
        n_lost=lv["lost_smurfs"], n_cakes=lv["cakes"], n_garg=lv["gargamel_cards"],
        danger_die=DIES[die], hungry=int(hungry), finite_supply=int(finite_supply),
        too_late_k=k, first_player=min(setup["first_player"], players - 1), log_on=int(log),
    )
    return cfg, Variant(level, die, bool(hungry), players, too_late, bool(finite_supply))


def check_strategy(catalog: Catalog, strategy_id: int, params) -> None:
    """A strategy Hidden Village's decisions can ask (UserError otherwise): the generic ones,
    a plug-in, or one bound in the game's chooser table (its own: strategies/hidden_village/)."""
    from ...linked import bound
    from ...policy import N_GENERIC, PLUGIN
    from .rules.decide import CHOOSERS
    if not (0 <= strategy_id < N_GENERIC or strategy_id == PLUGIN or bound(CHOOSERS, strategy_id)):
        raise UserError(f"strategy #{strategy_id} does not play Hidden Village")
