"""Hidden Village's built-in sweeps (`meeplesim sweep NAME`), its `levels` table and the cells
of its `ladder`: read by the generic layers through the game's descriptor."""
from __future__ import annotations

from .catalog import card_records, load_catalog

DICE = ("white", "red")

# games per cell of the `balance` grid (165 cells): sized so `scripts/report` plays it in a few
# minutes on 2 cores with the kernels compiled (see docs/report.md)
BALANCE_GAMES = 2000


def _allowed(levels: dict) -> list:
    """The (level, die, hungry) combinations the data allow, in data order."""
    return [(lv, die, hungry) for lv, row in levels.items()
            for die in (["red"] if row["super_danger_die"] else list(DICE))
            for hungry in ([True] if row["hungry_cracoucass"] else [False, True])]


def balance() -> dict:
    # the level x die x Hungry combinations the data allow, linked (so none is skipped)
    combos = _allowed(load_catalog(None).levels)
    return {"description": "the default balance report's sweep: every level x both dice x Hungry "
            "Cracoucass on/off (where the level allows) x 1 to 5 players x the random, greedy and "
            "planner teams", "games": BALANCE_GAMES, "seed": 1, "chunk": BALANCE_GAMES // 2,
            "axes": {"players": [1, 2, 3, 4, 5], "strategy": ["random", "greedy", "planner"]},
            "linked": [{"level": [c[0] for c in combos], "die": [c[1] for c in combos],
                        "hungry": [c[2] for c in combos]}]}


# games per point of the `difficulty` grid (7 curves x 11 skills): 2 000, as `meeplesim curve`
DIFFICULTY_GAMES = 2000
SKILLS = tuple(round(i / 10, 6) for i in range(11))


def difficulty() -> dict:
    """The difficulty curve of every level with each die it allows (the ladder): the skill
    team at 11 skills from 0 to 1, every point on the same seeds (the report draws the curves
    and the skill each level needs, reports.curve)."""
    cells, _ = ladder_cells(load_catalog(None))
    return {"description": "the difficulty curve of every level with each die it allows: the "
            "skill team (3 players) at 11 skills from 0 to 1 on the same seeds",
            "games": DIFFICULTY_GAMES, "seed": 1, "chunk": DIFFICULTY_GAMES // 2,
            "fixed": {"strategy": "skill", "players": 3},
            "axes": {"params": [{"skill": s} for s in SKILLS]},
            "linked": [{"level": [c["level"] for c in cells], "die": [c["die"] for c in cells]}]}


def card_impact() -> dict:
    ids = sorted({r["id"] for r in card_records(load_catalog(None))} - {"too-late"})
    return {"description": "the full card mix and each one-card-removed mix on paired seeds, "
            "ranked by the change in win rate (greedy team, Terrible, 3 players)",
            "games": 2000, "seed": 1, "compare": "without", "rank": True,
            "fixed": {"strategy": "greedy", "players": 3, "level": "terrible"},
            "axes": {"without": [[]] + [[i] for i in ids]}}


def sensitivity() -> dict:
    """The knobs' design (simcore.assumptions.design: the default, every alternative alone, 64
    rule sets of many knobs at once, the all-pessimistic and all-optimistic sets) as a grid
    on the `assume` axis, each cell paired with the default and ranked by the change.
    `meeplesim sensitivity` plays the same design at chosen settings, with the envelope,
    the FDR marks and the interactions."""
    from pathlib import Path

    from ...assumptions import design, load
    sets = design(load(Path(__file__).parent / "data" / "assumptions.toml"), 64, 1)
    return {"description": "the default rules against every knob's alternatives, 64 rule sets "
            "of many knobs at once and the all-pessimistic and all-optimistic sets, paired game "
            "by game (planner team, Smurfnightmarish, 3 players)", "games": 1000, "seed": 1,
            "compare": "assume", "rank": True,
            "fixed": {"strategy": "planner", "players": 3, "level": "smurfnightmarish"},
            "axes": {"assume": [list(r.assume) for r in sets]}}


GRIDS = {
    "smoke": {"description": "a quick check of the machinery: random team, Standard, white and "
              "red die", "games": 200, "seed": 1, "chunk": 100,
              "fixed": {"strategy": "random"}, "axes": {"die": list(DICE)}},
    "difficulty-ladder": {"description": "every level with the white and the red die (greedy "
                          "team, 3 players)", "games": 2000, "seed": 1,
                          "fixed": {"strategy": "greedy", "players": 3},
                          "axes": {"level": ["standard", "complex", "terrible", "smurfnightmarish"],
                                   "die": list(DICE)}},
    "die-duel": {"description": "white against red die at every level that allows both, paired "
                 "game by game (greedy team, 3 players)", "games": 5000, "seed": 1,
                 "compare": "die", "fixed": {"strategy": "greedy", "players": 3},
                 "axes": {"level": ["standard", "complex", "terrible"], "die": list(DICE)}},
    "card-impact": card_impact,
    "balance": balance,
    "difficulty": difficulty,
    "sensitivity": sensitivity,
}


def levels_table(catalog) -> list[dict]:
    """The `levels` table: each level of the data with its counts and mandatory variants."""
    rows = []
    for lid, lv in catalog.levels.items():
        forced = [n for n, k in (("Hungry Cracoucass", "hungry_cracoucass"),
                                 ("red die", "super_danger_die")) if lv[k]]
        rows.append({"level": lid, "houses": lv["houses"], "lost": lv["lost_smurfs"],
                     "cakes": lv["cakes"], "gargamel": lv["gargamel_cards"],
                     "mandatory": ", ".join(forced) or "-"})
    return rows


def ladder_cells(catalog) -> tuple[list[dict], list[str]]:
    """The `ladder`'s cells: every level the mix can set up, with the white and the red die
    (a level that requires the red die has no white cell); notes for the levels left out."""
    from .config import mix_shortfall
    cells, notes = [], []
    for level, lv in catalog.levels.items():
        why = mix_shortfall(catalog, level)
        if why:
            notes.append(why)
            continue
        for die in DICE:
            if die == "white" and lv["super_danger_die"]:
                continue
            cells.append({"level": level, "die": die})
    return cells, notes
