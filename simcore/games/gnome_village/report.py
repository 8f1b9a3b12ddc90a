"""What the balance report says of Gnome Village (`Game.report`): its configuration columns
(players, rivals, strategy, the children's variant, the mini-expansion), the focal seat's win
rate by player count and by seat (the seat advantage), its points and margin, game length, why
it lost, and the variants compared game by game. Read by `reports/` through
simcore.reportkit.Report."""
from __future__ import annotations

from ...reportkit import Axis, Comparison, Measure, Report, count, pct, rate_words, select
from . import consts as K

STRATEGY_ORDER = ("random", "first", "greedy")     # weakest first (measured: greedy wins >99%
                                                   # of its games against random rivals)


def rivals_words(r) -> str:
    r = str(r)
    return {"same": "rivals playing the same", "first": "rivals taking the first option",
            "random": "random rivals", "greedy": "greedy rivals"}.get(r, f"{r} rivals")


AXES = (
    Axis("players", "players", phrase=lambda p: count(p, "player")),
    Axis("rivals", "rivals", ("same", "first", "random", "greedy"), phrase=rivals_words),
    Axis("strategy", "strategy", STRATEGY_ORDER, phrase=lambda s: f"playing {s}"),
    Axis("family", "children's variant", (False, True), words=lambda v: "on" if v else "off",
         phrase=lambda v: "children's variant" if v else ""),
    Axis("expansion", "mini-expansion", (False, True), words=lambda v: "on" if v else "off",
         phrase=lambda v: "mini-expansion" if v else ""),
    Axis("mix", "data", ("default",), phrase=lambda m: "" if m == "default" else f"data {m}"),
)

FIELDS = {
    "outcome": "outcome", "loss_reason": "loss reason", "seat": "seat", "players": "players",
    "rounds": "rounds", "turns": "turns", "winner": "winning seat", "points": "points",
    "margin": "margin to the best other seat", "tiles": "tiles", "gnomes": "gnomes placed",
    "coins": "coins left", "happy": "Happy Gnome's holder",
    **{f"points_{i}": f"points of seat {i}" for i in range(K.MAX_PLAYERS)},
    "cut": "cut by the round cap",
}
assert set(FIELDS) == set(K.RESULT_FIELDS), "label every result field"

LOSS_LABELS = {"outscored": "outscored", "lost the tie-break": "lost the tie-break on tiles"}

MEASURES = (
    Measure("points", "points of the focal seat", figure=True),
    Measure("margin", "margin to the best other seat", figure=True),
    Measure("gnomes", "gnomes placed by the focal seat"),
    Measure("tiles", "tiles in the focal seat's village"),
)


def _variant(r) -> str:
    """The variants a row of a results table played, in words ("" for the base game)."""
    words = [w for col, w in (("family", "the children's variant"), ("expansion", "the mini-expansion"))
             if bool(r.get(col, False)) and r.get(col) == r.get(col)]
    return " and ".join(words)


def answers(ov) -> list[str]:
    """Win rate by player count, by seat (the first player's advantage), points and length, in
    plain sentences."""
    out = []
    odds = ov.tables["win_odds"]
    for p in ov.values(odds, "players"):
        s = select(odds, players=p)
        for _, r in s.iterrows():
            v = _variant(r)
            out.append(f"With {count(p, 'player')}{' and ' + v if v else ''}, the focal seat playing {r['strategy']} against "
                       f"{rivals_words(r.get('rivals', 'same'))} wins "
                       f"{rate_words(r['win_rate'], r['ci_low'], r['ci_high'])} of {int(r['games']):,} "
                       f"games (a shared win is not counted; a fair share is {pct(1 / p, 0)}).")
        seats = select(ov.tables.get("win_odds_by_seat", odds.head(0)), players=p)
        if len(seats) > 1 and "cell" in s.columns and len(s) == 1:
            out.append(f"By seat ({count(p, 'player')}; seat 0 plays first): " + "; ".join(
                f"seat {int(r['seat'])} wins {rate_words(r['win_rate'], r['ci_low'], r['ci_high'])}"
                for _, r in seats.iterrows()) + ".")
    rounds = ov.tables.get("rounds")
    if rounds is not None:
        for p in ov.values(rounds, "players"):
            for _, r in select(rounds, players=p).iterrows():
                v = _variant(r)
                out.append(f"Game length ({count(p, 'player')}{', ' + v if v else ''}): {r['mean']:.1f} rounds on average "
                           f"(median {r['q50']:.0f}; 90% of games end by round {r['q90']:.0f}).")
    return out


REPORT = Report(
    axes=AXES, x="players", variants=("family", "expansion"), headline_by="players", players=3,
    fields=FIELDS, lost=K.LOSS, outcomes={K.TIE: "shared wins"},
    loss_reasons={code: (key.replace(" ", "_").replace("-", "_"), LOSS_LABELS[key])
                  for code, key in K.LOSS_REASONS.items() if key},
    length="rounds", length_unit="round",
    breakdowns=(Axis("seat", "seat", phrase=lambda s: f"seat {s}"),),
    measures=MEASURES,
    comparisons=(
        Comparison("family", False, True, "Children's variant vs the full game",
                   "Children's variant (one gnome less) minus the full game, everything else "
                   "equal, paired game by game (points)."),
        Comparison("expansion", False, True, "Mini-expansion vs the base game",
                   "Mini-expansion minus the base game, everything else equal, paired game by "
                   "game (points)."),
    ),
    figures=("win_rate", "measures", "survival"),
    who="player", ends_words="a fifth gnome placed and the round completed",
    answers=answers, cards=None, card_mix=None, correct_with=("--data", "--assume"),
)
