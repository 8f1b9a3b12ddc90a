"""What the balance report says of the cake race (`Game.report`): its configuration columns
(players, the rivals, the strategy and its threshold k), the focal seat's win rate by seat and
by threshold, the cakes it secures, eliminations, game length and why it lost, and its answers
in plain sentences. Read by `reports/` through simcore.reportkit.Report."""
from __future__ import annotations

from ...reportkit import Axis, Measure, Report, count, pct, rate_words, select
from . import consts as K

STRATEGY_ORDER = ("random", "first", "threshold", "adaptive")     # weakest first (assumed)


def rivals_words(r) -> str:
    r = str(r)
    return {"same": "rivals playing the same", "first": "rivals taking the first option",
            "random": "random rivals", "adaptive": "adaptive rivals"}.get(r, f"{r} rivals")


def _k(v) -> str:
    return "-" if v != v else f"{float(v):g}"


AXES = (
    Axis("players", "players", phrase=lambda p: count(p, "player")),
    Axis("rivals", "rivals", ("same", "first", "random", "adaptive"), phrase=rivals_words),
    Axis("strategy", "strategy", STRATEGY_ORDER, phrase=lambda s: f"playing {s}"),
    Axis("param_k", "threshold k", words=_k, phrase=lambda k: "" if k != k else f"k = {_k(k)}"),
    Axis("mix", "data", ("default",), phrase=lambda m: "" if m == "default" else f"data {m}"),
)

AXIS_NAMES = {a.name for a in AXES}

FIELDS = {
    "outcome": "outcome", "loss_reason": "loss reason", "seat": "seat", "players": "players",
    "rounds": "rounds", "turns": "turns", "winner": "winning seat",
    "secured": "cakes secured", "markers": "cat markers", "eliminated": "eliminated",
    "first_trip": "cakes secured on the first trip home", "eliminations": "eliminations (all seats)",
    "cakes_left": "cakes left on the big cake", "cakes_removed": "cakes removed by the cat",
    "cakes_returned": "cakes returned by Gargamel", "chases": "chases", "catches": "catches",
    "gargamels": "Gargamel cards", "hats_used": "hats used", "trips": "trips home",
    **{f"secured_{i}": f"cakes secured by seat {i}" for i in range(K.MAX_PLAYERS)},
    "cut": "cut by the round cap",
}
assert set(FIELDS) == set(K.RESULT_FIELDS), "label every result field"

LOSS_LABELS = {"outscored": "outscored", "eliminated": "eliminated",
               "no cakes": "nobody secured a cake"}

MEASURES = (
    Measure("secured", "cakes secured by the focal seat", figure=True),
    Measure("eliminated", "focal seat eliminated", kind="rate", figure=True),
    Measure("eliminations", "eliminations per game (all seats)"),
    Measure("first_trip", "cakes secured on the first trip home"),
)


def _config(row, columns, rep=None) -> str:
    """A configuration in words, from the columns that tell configurations apart (`rep`: the
    descriptor that names the others, an axis the game does not declare)."""
    words = []
    for c in columns:
        if c == "strategy":
            words.append(f"playing {row['strategy']}")
        elif c == "param_k" and row.get("param_k") == row.get("param_k"):
            words.append(f"with k = {_k(row['param_k'])}")
        elif c == "rivals":
            words.append(f"against {rivals_words(row['rivals'])}")
        elif rep is not None and c in row:
            words.append(f"with {rep.axis(c).say(row[c])}")
    return " ".join(words)


def _games(t) -> str:
    lo, hi = int(t["games"].min()), int(t["games"].max())
    return f"{lo:,} games each" if lo == hi else f"{lo:,} to {hi:,} games each"


def answers(ov) -> list[str]:
    """Win rate by player count and threshold, by seat, cakes secured, eliminations, game
    length and loss reasons, in plain sentences."""
    out = []
    odds = ov.tables["win_odds"]
    # and the axes a sweep varied that the report does not declare (a strategy's parameter)
    cols = ["strategy", "param_k", "rivals", *(v for v in ov.report.variants if v not in AXIS_NAMES)]
    for p in ov.values(odds, "players"):
        s = select(odds, players=p)
        tell = [c for c in cols if c in s.columns and s[c].nunique(dropna=False) > 1] or \
            [c for c in cols if c in s.columns]
        if len(s) == 1:
            r = s.iloc[0]
            out.append(f"With {count(p, 'player')}, the focal seat {_config(r, tell, ov.report)} wins "
                       f"{rate_words(r['win_rate'], r['ci_low'], r['ci_high'])} of {int(r['games']):,} "
                       f"games (a shared win is not counted).")
            continue
        hi, lo = s.loc[s["win_rate"].idxmax()], s.loc[s["win_rate"].idxmin()]
        out.append(f"With {count(p, 'player')}, the focal seat wins most often {_config(hi, tell, ov.report)}: "
                   f"{rate_words(hi['win_rate'], hi['ci_low'], hi['ci_high'])}; least often "
                   f"{_config(lo, tell, ov.report)}: {rate_words(lo['win_rate'], lo['ci_low'], lo['ci_high'])} "
                   f"({len(s)} configurations, {_games(s)}).")
    p = ov.players
    at = select(odds, players=p)
    if at.empty:
        return out
    best = at.loc[at["win_rate"].idxmax()]
    where = {c: best[c] for c in ["cell", "results"] if c in best}
    tell = [c for c in cols if c in at.columns and at[c].nunique(dropna=False) > 1]
    who = f"the focal seat{(' ' + _config(best, tell, ov.report)) if tell else ''}, {count(p, 'player')}"
    seats = select(ov.tables.get("win_odds_by_seat", odds.head(0)), **where)
    if len(seats) > 1:
        out.append(f"By seat ({who}; seat 0 starts): " + "; ".join(
            f"seat {int(r['seat'])} wins {rate_words(r['win_rate'], r['ci_low'], r['ci_high'])}"
            for _, r in seats.iterrows()) + ".")
    m = select(ov.tables.get("measures", odds.head(0)), **where)
    if len(m):
        r = m.iloc[0]
        ci = lambda c: f"{r[c]:.2f} (95% CI {r[c + '_ci_low']:.2f} to {r[c + '_ci_high']:.2f})"
        out.append(f"Cakes ({who}): it secures {ci('mean_secured')} cakes a game, "
                   f"{ci('mean_first_trip')} of them on its first trip home.")
        e = [r[f"eliminated_rate{s}"] for s in ("", "_ci_low", "_ci_high")]
        out.append(f"Eliminations ({who}): the focal seat is eliminated in {rate_words(*e)} of "
                   f"games; {r['mean_eliminations']:.2f} Smurfs are eliminated per game, all seats "
                   f"together.")
    rounds = select(ov.tables.get("rounds", odds.head(0)), **where)
    if len(rounds):
        r = rounds.iloc[0]
        out.append(f"Game length ({who}): {r['mean']:.0f} rounds on average (median {r['q50']:.0f}; "
                   f"90% of games end by round {r['q90']:.0f}, the longest after {r['max']:.0f}).")
    losses = select(ov.tables.get("loss_reasons", odds.head(0)), **where)
    if len(losses) and losses.iloc[0]["losses"] > 0:
        r = losses.iloc[0]
        why = ", ".join(f"{pct(r[f'{k}_share'], 0)} {label}" for k, label in LOSS_LABELS.items()
                        if r.get(f"{k}_share", 0) > 0)
        out.append(f"Losses ({who}): {int(r['losses']):,} of {int(r['games']):,} games: {why}.")
    return out


REPORT = Report(
    axes=AXES, x="param_k", variants=("rivals",), headline_by="players", players=2,
    fields=FIELDS, lost=K.LOSS, outcomes={K.TIE: "shared wins"},
    loss_reasons={code: (key, LOSS_LABELS[key]) for code, key in K.LOSS_REASONS.items() if key},
    length="rounds", length_unit="round",
    breakdowns=(Axis("seat", "seat", phrase=lambda s: f"seat {s}"),),
    measures=MEASURES,
    figures=("win_rate", "heatmap", "measures", "survival"),
    who="player", ends_words="the big cake empty and everyone home",
    answers=answers, cards=None, card_mix=None, correct_with=("--data",),
)
