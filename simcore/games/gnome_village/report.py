"""What the balance report says of Gnome Village (`Game.report`): its configuration columns
(players, rivals, strategy, the children's variant, the mini-expansion), the focal seat's win
rate by player count and by seat (the seat advantage), its points and margin, game length, why
it lost, and the variants compared game by game. Read by `reports/` through
simcore.reportkit.Report."""
from __future__ import annotations

from ...reportkit import (Axis, Comparison, Measure, Report, count, diff_words, pct, rate_words,
                          select)
from . import consts as K

STRATEGY_ORDER = ("random", "first", "business-first", "workshop-first", "greedy")
# weakest first (measured: greedy wins >99% of its games against random rivals); the two plans
# of greedy (strategies/gnome_village) before it


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


def business_names(catalog) -> dict:
    """Business type id -> its name ("financial-advisor" -> "Financial advisor")."""
    return {b: b.replace("-", " ").capitalize() for b in catalog.businesses}


def business_mix(mix: str) -> tuple:
    """A results table's `mix` (catalog.mix: "default", or "without=police+thief") -> (the mix
    it was cut from, the business types taken out): the business-impact table pairs each
    supply without some types with the full one."""
    mix = str(mix)
    if mix.startswith("without="):
        return "default", frozenset(mix[len("without="):].split("+"))
    return mix, frozenset()


def _variant(r, rep=None) -> str:
    """The variants a row of a results table played, in words ("" for the base game), and
    the other axes the overview shows (`rep`: its descriptor, e.g. a swept parameter)."""
    words = [w for col, w in (("family", "the children's variant"), ("expansion", "the mini-expansion"))
             if bool(r.get(col, False)) and r.get(col) == r.get(col)]
    words += [rep.axis(v).say(r[v]) for v in (rep.variants if rep is not None else ())
              if v not in ("family", "expansion") and v in r and rep.axis(v).say(r[v])]
    return " and ".join(words)


def _keys(t) -> list:
    """(results folder or None, cell) of each row: cell ids are unique within a folder only."""
    folders = t["results"] if "results" in t.columns else [None] * len(t)
    return list(zip(folders, t["cell"]))


def _fixed_seat_cells(ov) -> dict:
    """The cells whose focal seat is fixed (one seat in every game): {_keys' key: the seat}."""
    seats = ov.tables.get("win_odds_by_seat")
    if seats is None or seats.empty:
        return {}
    by = {}
    for k, seat in zip(_keys(seats), seats["seat"]):
        by.setdefault(k, set()).add(int(seat))
    return {k: min(v) for k, v in by.items() if len(v) == 1}


def _in(t, keys) -> list:
    """Per row of `t`: whether its cell is one of `keys` (from _keys); a mask for `t.loc`
    (`t[[]]` would select no column of an empty `t`)."""
    return [k in keys for k in _keys(t)]


def seat_answers(ov, p) -> list[str]:
    """The seats of p players, each the focal seat on the same deals: win rates against the
    fair share, and each seat minus seat 0, paired."""
    seats = select(ov.tables.get("win_odds_by_seat"), players=p)
    fixed = _fixed_seat_cells(ov)
    seats = seats.loc[_in(seats, fixed)].drop_duplicates("seat")
    if len(seats) < 2:
        return []
    rates = "; ".join(f"seat {int(r['seat'])} {rate_words(r['win_rate'], r['ci_low'], r['ci_high'])}"
                      for _, r in seats.iterrows())
    out = [f"Seat advantage with {count(p, 'player')} (each seat the focal one on the same "
           f"{int(seats['games'].min()):,} deals, {seats['strategy'].iloc[0]} in every seat; seat 0 "
           f"plays first; fair share {pct(1 / p, 0)}): {rates}."]
    d = select(ov.tables.get("seat_delta", seats.head(0)), players=p)
    if len(d):
        out.append(f"Paired against seat 0 ({count(p, 'player')}): " + "; ".join(
            f"seat {int(r['other'])} {diff_words(r)}" for _, r in d.iterrows()) + ".")
    return out


def impact_answers(ov) -> list[str]:
    """The three business types whose removal moves the focal seat's win rate most."""
    ci = ov.tables.get("card_impact")
    if ci is None or ci.empty:
        return []
    top = ci.reindex(ci["diff"].abs().sort_values(ascending=False, kind="stable").index).head(3)
    r0 = top.iloc[0]
    by = ov.tables.get("win_odds_by_seat")
    keys = {k: r0[k] for k in ("results", "players", "strategy", "rivals", "family", "expansion")
            if k in top.columns}
    # the focal seat, where the overview's tables hold the impact's folder (not with several)
    s = select(by, **keys, mix=r0["base_mix"]) if by is not None else None
    seats = s["seat"].unique() if s is not None and "seat" in s.columns else []
    seat = f"focal seat {int(seats[0])}, " if len(seats) == 1 else ""
    return [f"Business types whose removal moves the focal seat's win rate most ({count(int(r0['players']), 'player')}, "
            f"{seat}{int(r0['games']):,} paired games, from {pct(r0['base_rate'])} with the full supply): "
            + "; ".join(f"without {ov.card_names.get(r['removed'], r['removed'])} {diff_words(r)}"
                        for _, r in top.iterrows()) + "."]


def delta_answers(ov, stem: str, words: str) -> list[str]:
    t = ov.tables.get(stem)
    out = []
    for _, r in (t.iterrows() if t is not None else ()):
        v = _variant(r, ov.report)
        out.append(f"{words} ({count(int(r['players']), 'player')}{', ' + v if v else ''}"
                   f"{', against ' + rivals_words(r['rivals']) if 'rivals' in r else ''}): "
                   f"{diff_words(r)}, from {pct(r['base_rate'])} to {pct(r['other_rate'])}.")
    return out


def answers(ov) -> list[str]:
    """Win rate by player count, by seat (the first player's advantage, paired), business
    impact, the plans, the variants, and length, in plain sentences."""
    out = []
    odds = ov.tables["win_odds"]
    fixed = _fixed_seat_cells(ov)
    by_seat = ov.tables.get("win_odds_by_seat", odds.head(0))
    # the overview's rows rotate the seat; the seats one by one may come from another folder
    for p in sorted(set(ov.values(odds, "players")) | set(ov.values(by_seat, "players"))):
        s = select(odds, players=p)
        seat_words = seat_answers(ov, p)
        out += seat_words
        if seat_words:
            s = s.loc[[not f for f in _in(s, fixed)]]
        for k, (_, r) in zip(_keys(s), s.iterrows()):
            v = _variant(r, ov.report)
            who = f"seat {fixed[k]}" if k in fixed else "the focal seat"
            out.append(f"With {count(p, 'player')}{' and ' + v if v else ''}, {who} playing {r['strategy']} against "
                       f"{rivals_words(r.get('rivals', 'same'))} wins "
                       f"{rate_words(r['win_rate'], r['ci_low'], r['ci_high'])} of {int(r['games']):,} "
                       f"games (a shared win is not counted; a fair share is {pct(1 / p, 0)}).")
        # one configuration whose seat rotates: its games split by seat
        seats = by_seat.loc[_in(by_seat, set(_keys(s)))] if len(s) == 1 and len(by_seat) else by_seat.head(0)
        if len(seats) > 1:
            out.append(f"By seat ({count(p, 'player')}; seat 0 plays first): " + "; ".join(
                f"seat {int(r['seat'])} wins {rate_words(r['win_rate'], r['ci_low'], r['ci_high'])}"
                for _, r in seats.iterrows()) + ".")
    out += impact_answers(ov)
    out += delta_answers(ov, "plan_delta", "Workshop-first minus business-first")
    out += delta_answers(ov, "family_delta", "The children's variant minus the full game")
    out += delta_answers(ov, "expansion_delta", "The mini-expansion minus the base game")
    rounds = ov.tables.get("rounds")
    if rounds is not None:
        for p in ov.values(rounds, "players"):
            rows = select(rounds, players=p)
            same = _in(rows, fixed)            # the seat cells played the same games: one of them
            first = same.index(True) if True in same else -1
            rows = rows.loc[[not f or i == first for i, f in enumerate(same)]]
            for _, r in rows.iterrows():
                v = _variant(r, ov.report)
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
        Comparison("seat", 0, None, "Seat advantage, paired",
                   "Each seat's win rate minus the first seat's (seat 0), per player count, "
                   "paired game by game: every seat's cell plays the same deals (the seeds are "
                   "shared and greedy in every seat plays them alike), so game i of seat 2 is "
                   "game i of seat 0 seen from another chair (points). Cells whose focal seat "
                   "rotates are left out."),
        Comparison("strategy", "business-first", "workshop-first",
                   "Workshop-first vs business-first",
                   "The focal seat buying its first workshops first (a School, then a Painter), "
                   "minus buying its first two businesses first, then greedy, against the same "
                   "rivals on the same deals, paired game by game (points).", name="plan_delta"),
        Comparison("family", False, True, "Children's variant vs the full game",
                   "Children's variant (one gnome less) minus the full game, everything else "
                   "equal, paired game by game (points)."),
        Comparison("expansion", False, True, "Mini-expansion vs the base game",
                   "Mini-expansion minus the base game, everything else equal, paired game by "
                   "game (points)."),
    ),
    figures=("win_rate", "measures", "survival", "card_impact"),
    who="player", ends_words="a fifth gnome placed and the round completed",
    answers=answers, cards=business_names, card_mix=business_mix,
    correct_with=("--data", "--assume"), fair="seat", impact_words="business type",
)
