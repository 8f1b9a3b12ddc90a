"""What the balance report says of the Hobbit deck-builder (`Game.report`): its configuration
columns (players, the mode, where the campaign starts, the heroes, the strategies), the words
for its results and loss reasons, the comparisons it makes (the seats, the modes), its
measures (how often Smaug the Terrible fell, VP, the chapter change) and its answers in plain
sentences: how often Smaug falls before the Path runs dry in each mode, what the focal seat
and the co-operative Company win, the seat advantage, each hero's win share against the fair
share, each DoS card's impact, and game length. Read by `reports/` through
simcore.reportkit.Report; nothing here draws or writes.

The report's tables count the focal seat's games (the `outcome` of a result row is the focal
seat's), but for the heroes: a hero's win share counts every seat that plays the measured
strategy (`seat_games`: each game once per such seat, the seat's own hero, its win alone, a
shared most-VP a shared win), summed over the cells that play the same configuration with the
heroes rotated (`hero_shift`, the hobbit-heroes grid: on the same seeds every dealt hero takes
every seat once per deal, so no hero gains from the first seat). `run` prints the focal
seat's record by hero (summary.py)."""
from __future__ import annotations

from functools import lru_cache

import numpy as np

from ...reportkit import (Axis, Comparison, Measure, Report, count, diff_words, pct, rate_words,
                          select)
from ...seats import listed_names
from ...stats import wilson_interval
from . import consts as K

STRATEGY_ORDER = ("random", "first", "big-money", "skill", "greedy", "lookahead")   # weakest first
RIVALS_ORDER = ("same", "first", "random", "big-money", "greedy")
# the modes in difficulty order (the game's levels); a results table holds their codes (the
# result field `mode`), a hand-made one may hold their names
MODE_ORDER = (K.MODE_NORMAL, "normal", K.MODE_IMPOSSIBLE, "impossible", K.MODE_COOP, "coop")
MODE_WORDS = {K.MODE_NORMAL: "normal", K.MODE_IMPOSSIBLE: "impossible", K.MODE_COOP: "co-op"}
MODE_PHRASE = {K.MODE_NORMAL: "normal mode", K.MODE_IMPOSSIBLE: "Impossible Mode",
               K.MODE_COOP: "co-operative Impossible Mode"}
HERO_KEY = "hero:"          # Report.cards' keys of the heroes' names: "hero:<row>"
POOL_WORDS = {"auj": "AUJ", "dos": "DoS"}


def mode_code(v):
    """A mode as its code (consts.MODE_*), from a code or a name; other values unchanged."""
    if isinstance(v, str):
        return K.MODES.get(v, v)
    try:
        return int(v)
    except (TypeError, ValueError):
        return v


def mode_word(v) -> str:
    return MODE_WORDS.get(mode_code(v), str(v))


def mode_phrase(v) -> str:
    return MODE_PHRASE.get(mode_code(v), f"mode {v}")


def rivals_words(r) -> str:
    r = str(r)
    return {"same": "rivals playing the same", "first": "rivals taking the first option",
            "random": "random rivals", "big-money": "big-money rivals",
            "greedy": "greedy rivals"}.get(r, f"{r} rivals")


def _missing(v) -> bool:
    return v is None or (isinstance(v, float) and v != v) or v == ""


AXES = (
    Axis("players", "players", phrase=lambda p: count(p, "player")),
    Axis("mode", "mode", MODE_ORDER, words=mode_word, phrase=mode_phrase),
    Axis("start", "start", ("auj", "dos"),
         words=lambda s: {"auj": "the journey", "dos": "the chapter change"}.get(s, str(s)),
         phrase=lambda s: "from the chapter change" if s == "dos" else ""),
    Axis("strategy", "strategy", STRATEGY_ORDER, phrase=lambda s: f"playing {s}"),
    Axis("rivals", "rivals", RIVALS_ORDER, phrase=rivals_words),
    Axis("seat_strategy", "seat strategies", ("",),
         words=lambda v: "-" if _missing(v) else str(v),
         phrase=lambda v: "" if _missing(v) else f"seats playing {v}"),
    Axis("hero_shift", "heroes shifted", (0,),
         phrase=lambda s: "" if not s or s != s else f"heroes shifted {count(int(s), 'seat')}"),
    Axis("heroes", "heroes", ("random",), phrase=lambda h: "" if h == "random" else f"heroes {h}"),
    Axis("pool", "hero pool", ("all", "auj", "dos"),
         phrase=lambda p: "" if p == "all" else f"heroes from the {POOL_WORDS.get(p, p)} pool"),
    Axis("mix", "DoS deck", ("default",),
         words=lambda m: "whole" if m == "default" else str(m),
         phrase=lambda m: "" if m == "default" else f"the DoS deck {m}"),
    Axis("assume", "knobs in force", ("none",),
         phrase=lambda a: "" if a == "none" else f"assuming {a}"),
)

FIELDS = {
    "outcome": "outcome", "loss_reason": "loss reason", "seat": "focal seat",
    "players": "players", "mode": "mode", "turns": "turns", "rounds": "rounds",
    "end": "how the game ended", "winner": "winning seat (-1: shared or none)",
    "vp": "VP of the focal seat", "margin": "margin to the best other seat",
    "smaug": "Smaug the Terrible fell", "chapter_turn": "turn of the chapter change (0: none)",
    "deck": "cards of the focal seat", "stash": "cards in the focal seat's Stash",
    "corruption": "Corruptions the focal seat gained", "defeats": "archenemy defeats of the focal seat",
    "hero": "hero",
    **{f"vp_{i}": f"VP of seat {i}" for i in range(K.MAX_PLAYERS)},
    **{f"hero_{i}": f"hero of seat {i}" for i in range(K.MAX_PLAYERS)},
}
assert set(FIELDS) == set(K.RESULT_FIELDS), "label every result field"

LOSS_LABELS = {"outscored": "outscored", "path-ran-dry": "the Path ran dry (Impossible Mode)",
               "turn-cap": "the turn cap"}
LOSS_KEYS = {code: key.replace("-", "_") for code, key in K.LOSS_REASONS.items() if key}

MEASURES = (
    Measure("smaug", "Smaug the Terrible fell", kind="rate", figure=True),
    Measure("vp", "VP of the focal seat"),
    Measure("margin", "margin to the best other seat"),
    Measure("rounds", "rounds"),
    Measure("chapter_turn", "the chapter changed", kind="rate"),
    Measure("chapter_turn", "turn of the chapter change (0 where it never came)"),
    Measure("stash", "cards in the focal seat's Stash"),
    Measure("corruption", "Corruptions the focal seat gained"),
    Measure("defeats", "archenemy defeats of the focal seat"),
)


# ----------------------------------------------------------------------------- names
def card_names(catalog) -> dict:
    """Card id -> name (card-impact rows name their cards), and "hero:<row>" -> the hero's
    name, from the catalog the results were played with (the answers name heroes by it)."""
    out = dict(zip(catalog.cards, catalog.card_names))
    out.update({f"{HERO_KEY}{i}": name for i, name in enumerate(catalog.hero_names)})
    return out


def card_mix(mix: str) -> tuple:
    """A mix's name (catalog.load_catalog: "default", or "without:" + the DoS cards taken out,
    "+"-joined) -> (the mix it was cut from, the card ids taken out)."""
    mix = str(mix)
    if mix.startswith("without:"):
        return "default", frozenset(mix[len("without:"):].split("+"))
    return mix, frozenset()


@lru_cache(maxsize=1)
def _default_hero_names() -> tuple:
    """The heroes' names of the data as shipped, by row (when the report was given none)."""
    try:
        from .catalog import load_catalog
        return tuple(load_catalog(None).hero_names)
    except Exception:           # a broken data file must not break the report's words
        return ()


def hero_name(ov, row) -> str:
    row = int(row)
    name = ov.card_names.get(f"{HERO_KEY}{row}")
    if name:
        return name
    names = _default_hero_names()
    return names[row] if 0 <= row < len(names) else f"hero #{row}"


# ----------------------------------------------------------------------------- helpers
CONTEXT = ("results", "strategy", "rivals", "seat_strategy", "start", "heroes", "pool",
           "hero_shift", "mix", "assume")


def _keys(t) -> list:
    """(results folder or None, cell) of each row: cell ids are unique within a folder only."""
    folders = t["results"] if "results" in t.columns else [None] * len(t)
    return list(zip(folders, t["cell"]))


def _in(t, keys) -> list:
    return [k in keys for k in _keys(t)]


def _fixed_seat_cells(ov) -> dict:
    """The cells whose focal seat is fixed (one seat in every game): {_keys' key: the seat}."""
    seats = ov.tables.get("win_odds_by_seat")
    if seats is None or seats.empty:
        return {}
    by: dict = {}
    for k, seat in zip(_keys(seats), seats["seat"]):
        by.setdefault(k, set()).add(int(seat))
    return {k: min(v) for k, v in by.items() if len(v) == 1}


def _context(t, r, skip=()) -> dict:
    """The configuration of row `r` but the mode and the player count (and `skip`)."""
    cols = [c for c in t.columns if (c in CONTEXT or c.startswith("param_")) and c not in skip]
    return {c: r[c] for c in cols}


def _groups(t, skip=(), by=()) -> list:
    """The rows of `t` grouped by configuration but the mode and the player count (and
    `skip`; with `by`, those columns too), in table order."""
    out: dict = {}
    for i, r in t.iterrows():
        key = tuple((c, str(v)) for c, v in _context(t, r, skip).items()) + \
            tuple((c, str(r[c])) for c in by if c in t.columns)
        out.setdefault(key, []).append(i)
    return [t.loc[idx] for idx in out.values()]


def first_shift(ov, t):
    """The rows of `t` at the first heroes' shift played among the configurations that differ
    only in it (the hobbit-heroes grid's cells rotate the heroes on the same seeds: their
    modes and length are said once, at shift 0)."""
    if t is None or t.empty or "hero_shift" not in t.columns:
        return t
    keep = []
    for g in _groups(t, skip=("hero_shift",), by=("players", "mode")):
        first = ov.values(g, "hero_shift")[0]
        keep += list(select(g, hero_shift=first).index)
    return t.loc[sorted(keep)]


def _who(r) -> str:
    """'greedy against random rivals', 'greedy in every seat', 'seats playing ...'."""
    ss = r.get("seat_strategy")
    if not _missing(ss):
        return f"seats playing {ss}"
    rivals = r.get("rivals", "same")
    if _missing(rivals) or rivals == "same":
        return f"{r['strategy']} in every seat"
    return f"{r['strategy']} against {rivals_words(rivals)}"


REPORT_VARIANTS = ("start", "hero_shift")     # the report's variants (REPORT below)


def _extra(r, rep=None) -> str:
    """The row's variants in words (start, heroes, pool, shift, DoS deck, knobs, and the other
    axes the overview shows: `rep`, its descriptor, e.g. a swept parameter), ', '-led."""
    said = ("start", "heroes", "pool", "hero_shift", "mix", "assume")
    words = [a.say(r[a.name]) for a in AXES
             if a.name in said and a.name in r and not _missing(r[a.name])]
    words += [rep.axis(v).say(r[v]) for v in (rep.variants if rep is not None else ())
              if v not in said and v not in REPORT_VARIANTS and v in r and not _missing(r[v])]
    words = [w for w in words if w]
    return "".join(f", {w}" for w in words)


def band_words(ov, r) -> str:
    """The assumption band of a sensitivity sweep played at row `r`'s setting (its win rate's
    range across plausible rules), '' where none was played."""
    env = ov.tables.get("sensitivity_envelope")
    if env is None or env.empty:
        return ""
    keys = {c: r[c] for c in env.columns if c in r and c not in ("games", "win_rate", "ci_low", "ci_high")
            and c in {a.name for a in AXES} | {"results"}}
    m = select(env, **keys)
    if len(m) != 1 or m.iloc[0]["envelope_low"] is None or m.iloc[0]["envelope_low"] != m.iloc[0]["envelope_low"]:
        return ""
    lo, hi = float(m.iloc[0]["envelope_low"]), float(m.iloc[0]["envelope_high"])
    k = 0 if hi - lo >= 0.1 else 1
    return f"{100 * lo:.{k}f}-{100 * hi:.{k}f}% across plausible rules"


def _rate(r, band: str = "") -> str:
    return rate_words(r["win_rate"], r["ci_low"], r["ci_high"]) + (f" ({band})" if band else "")


def _measure_row(ov, r):
    """The measures table's row of the configuration of win-odds row `r` (None if none)."""
    m = ov.tables.get("measures")
    if m is None or m.empty:
        return None
    s = m[[k == (r.get("results"), r["cell"]) for k in _keys(m)]]
    return s.iloc[0] if len(s) else None


def _loss_row(ov, r):
    t = ov.tables.get("loss_reasons")
    if t is None or t.empty:
        return None
    s = t[[k == (r.get("results"), r["cell"]) for k in _keys(t)]]
    return s.iloc[0] if len(s) else None


# ----------------------------------------------------------------------------- answers
def mode_answers(ov) -> list[str]:
    """Per player count and configuration: how often Smaug the Terrible fell in each mode
    (the Path ran dry in the other games), then what the focal seat wins in each competitive
    mode and the Company co-operatively."""
    odds = first_shift(ov, ov.tables["win_odds"])
    fixed = _fixed_seat_cells(ov)
    out = []
    for p in ov.values(odds, "players"):
        at = select(odds, players=p)
        if any(_in(at, fixed)) and not all(_in(at, fixed)):
            at = at.loc[[not f for f in _in(at, fixed)]]        # the seats are said by seat
        for g in _groups(at):
            g = g.sort_values("mode", key=lambda s: [ov.report.axis("mode").rank(v) for v in s],
                              kind="stable")
            r0 = g.iloc[0]
            k0 = (r0.get("results"), r0["cell"])
            where = f"{count(int(p), 'player')}, {_who(r0)}{_extra(r0, ov.report)}" + \
                (f", seat {fixed[k0]} the focal one" if k0 in fixed else "")
            fell, cut = [], []
            for _, r in g.iterrows():
                m = _measure_row(ov, r)
                if m is None or "smaug_rate" not in m:
                    continue
                fell.append(f"{rate_words(m['smaug_rate'], m['smaug_rate_ci_low'], m['smaug_rate_ci_high'])}"
                            f" of the games in {mode_phrase(r['mode'])}")
                lr = _loss_row(ov, r)
                n = int(lr["turn_cap"]) if lr is not None and "turn_cap" in lr else 0
                if n:
                    cut.append(f"{n:,} in {mode_phrase(r['mode'])}")
            games = int(g["games"].iloc[0])
            if fell:
                out.append(f"With {where}: Smaug the Terrible fell in " + _and(fell)
                           + f" ({games:,} games{' each' if len(fell) > 1 else ''}); in the other "
                           f"games the Path could not be refilled"
                           + (f", except those the turn cap ended: {_and(cut)}" if cut else "")
                           + ".")
            competitive, coop = [], ""
            for _, r in g.iterrows():
                mode, band = mode_code(r["mode"]), band_words(ov, r)
                if mode == K.MODE_COOP:
                    coop = (f"the Company wins {_rate(r, band)} co-operatively (everyone wins if "
                            f"Smaug the Terrible falls)")
                elif mode == K.MODE_IMPOSSIBLE:
                    competitive.append(f"{_rate(r, band)} in Impossible Mode, where Smaug must "
                                       f"fall before the most VP wins")
                else:
                    competitive.append(f"{_rate(r, band)} in {mode_phrase(mode)}")
            who = f"seat {fixed[k0]}" if k0 in fixed else "the focal seat"
            parts = ([f"{who} (a shared win not counted; fair share {pct(1 / int(p), 0)}) wins "
                      + _and(competitive)] if competitive else []) + \
                ([coop] if coop else [])
            if parts:
                out.append(f"With {where}: " + "; ".join(parts) + ".")
    return out


def coop_answers(ov) -> list[str]:
    """The co-operative variant's win rate at each player count played (the rulebook suggests
    it at 4 and 5 players)."""
    odds = ov.tables["win_odds"]
    rows = odds[[mode_code(m) == K.MODE_COOP for m in odds["mode"]]] if "mode" in odds.columns else odds.head(0)
    if rows.empty:
        return []
    out = []
    for g in _groups(rows, skip=()):
        g = g.sort_values("players", kind="stable").drop_duplicates("players")
        r0 = g.iloc[0]
        parts = [f"{_rate(r, band_words(ov, r))} at {count(int(r['players']), 'player')}"
                 for _, r in g.iterrows()]
        out.append(f"Co-operative Impossible Mode ({_who(r0)}{_extra(r0, ov.report)}; the rulebook suggests "
                   f"it at 4 and 5 players): the Company wins " + _and(parts) + ".")
    return out


def delta_answers(ov, stem: str, words: str) -> list[str]:
    t = ov.tables.get(stem)
    out = []
    for _, r in (t.iterrows() if t is not None else ()):
        out.append(f"{words} ({count(int(r['players']), 'player')}, {_who(r)}{_extra(r, ov.report)}): "
                   f"{diff_words(r)}, from {pct(r['base_rate'])} to {pct(r['other_rate'])}.")
    return out


def seat_answers(ov) -> list[str]:
    """The seats of each player count, each the focal seat on the same seeds: win rates
    against the fair share, and each seat minus seat 0, paired."""
    by = ov.tables.get("win_odds_by_seat")
    fixed = _fixed_seat_cells(ov)
    out = []
    if by is None or by.empty or not fixed:
        return out
    for p in ov.values(by, "players"):
        seats = select(by, players=p)
        seats = seats.loc[_in(seats, fixed)]
        for g in (x for m in ov.values(seats, "mode") for x in _groups(select(seats, mode=m))):
            g = g.drop_duplicates("seat")
            if len(g) < 2:
                continue
            r0 = g.iloc[0]
            rates = "; ".join(f"seat {int(r['seat'])} {_rate(r)}" for _, r in g.iterrows())
            out.append(f"Seat advantage with {count(int(p), 'player')} in {mode_phrase(r0['mode'])} "
                       f"(each seat the focal one on the same {int(g['games'].min()):,} seeds, "
                       f"{_who(r0)}{_extra(r0, ov.report)}; seat 0 plays first; fair share {pct(1 / int(p), 0)}): "
                       f"{rates}.")
    d = ov.tables.get("seat_delta")
    for p in (ov.values(d, "players") if d is not None and not d.empty else ()):
        s = select(d, players=p)
        for g in (x for m in ov.values(s, "mode") for x in _groups(select(s, mode=m))):
            r0 = g.iloc[0]
            out.append(f"Paired against seat 0 ({count(int(p), 'player')}, {mode_phrase(r0['mode'])}): "
                       + "; ".join(f"seat {int(r['other'])} {diff_words(r)}" for _, r in g.iterrows()) + ".")
    return out


def seat_games(df):
    """The games once for every seat that plays the measured strategy (all of them when the
    rivals play the same; the focal seat alone against other rivals; by name with
    seat_strategy): `hero` is that seat's hero, `seat` the seat and `outcome` its own: a win
    when it alone has the most VP (co-operatively, the Company's outcome), a tie when it shares
    the most VP, else a loss (Smaug unfallen in Impossible Mode, the turn cap: a loss for all)."""
    import pandas as pd
    n = len(df)

    def text(column, default):
        return df[column].astype(str).to_numpy() if column in df else np.full(n, default)

    focal, players = df["seat"].to_numpy(), df["players"].to_numpy()
    counted = np.zeros((n, K.MAX_PLAYERS), bool)   # the seats playing the focal seat's strategy
    for i, (seated, f, r, s_) in enumerate(zip(text("seat_strategy", ""), focal,
                                               text("rivals", "same"), text("strategy", ""))):
        if seated:
            names = listed_names(seated)
            counted[i, :len(names)] = [x == names[f] for x in names]
        else:
            counted[i, :] = r == "same" or r == s_
        counted[i, f] = True
    counted &= np.arange(K.MAX_PLAYERS) < players[:, None]
    vp = np.stack([df[f"vp_{q}"].to_numpy() for q in range(K.MAX_PLAYERS)], axis=1)
    best = vp.max(axis=1)
    n_best = (vp == best[:, None]).sum(axis=1)
    mode = np.array([mode_code(m) for m in df["mode"]]) if "mode" in df else np.zeros(n)
    outcome, winner = df["outcome"].to_numpy(), df["winner"].to_numpy()
    for_all = np.isin(df["loss_reason"].to_numpy(), (K.LOSS_PATH, K.LOSS_CUT))
    parts = []
    for q in range(K.MAX_PLAYERS):
        keep = counted[:, q]
        if not keep.any():
            continue
        mine = np.where(winner == q, K.WIN,
                        np.where(~for_all & (vp[:, q] == best) & (n_best > 1), K.TIE, K.LOSS))
        mine = np.where(mode == K.MODE_COOP, outcome, mine)
        part = df[keep].copy()
        part["hero"] = df[f"hero_{q}"].to_numpy()[keep]
        part["seat"] = q
        part["outcome"] = mine[keep]
        parts.append(part)
    out = pd.concat(parts, ignore_index=True) if parts else df.iloc[:0].copy()
    return out.drop(columns=["won"], errors="ignore")


def hero_table(ov):
    """Each hero's record per player count, mode and configuration but the heroes' shift:
    [(a row of the configuration, {hero row: (games, wins)})], from the win odds by hero (every
    seat playing the measured strategy, seat_games), summed over the cells that differ only in
    hero_shift."""
    by = ov.tables.get("win_odds_by_hero")
    if by is None or by.empty or "hero" not in by.columns:
        return []
    out = []
    for p in ov.values(by, "players"):
        for g in _groups(select(by, players=p), skip=("hero_shift",)):
            for mode in ov.values(g, "mode") if "mode" in g.columns else [None]:
                s = select(g, mode=mode) if mode is not None else g
                rec: dict = {}
                for _, r in s.iterrows():
                    if int(r["hero"]) < 0:
                        continue
                    n, w = rec.get(int(r["hero"]), (0, 0))
                    rec[int(r["hero"])] = (n + int(r["games"]), w + int(r["wins"]))
                if rec:
                    out.append((s.iloc[0], s["cell"].nunique(), rec))
    return out


HERO_BAND = 0.05     # the heroes are balanced: a hero's share within 5 points of the fair share


def hero_answers(ov) -> list[str]:
    """Each hero's win share against the fair share, per player count and mode: the best and
    the worst, and the heroes whose 95% interval leaves out the fair share. In normal mode the
    fair share is 1/players; in Impossible Mode, where nobody wins when the Path runs dry, it
    is the focal seat's win rate over every hero; co-operatively, where everyone wins or loses
    together, each hero's games give the Company's win rate with it at the table, against the
    Company's over every hero. Then every hero's, best first, with its interval, and how many
    lie within HERO_BAND of the fair share (the assumption "the heroes are balanced")."""
    out = []
    for r0, cells, rec in hero_table(ov):
        p, mode = int(r0["players"]), mode_code(r0.get("mode", K.MODE_NORMAL))
        items = []
        for h, (n, w) in rec.items():
            lo, hi = wilson_interval(w, n)
            items.append((w / n, lo, hi, h, n))
        items.sort(key=lambda x: (-x[0], x[3]))
        words = lambda x: f"{hero_name(ov, x[3])} {rate_words(x[0], x[1], x[2])} of {count(x[4], 'game')}"
        shifted = f", the heroes rotated over {count(cells, 'cell')} on the same seeds" if cells > 1 else ""
        rest = r0.drop(labels=["hero_shift"], errors="ignore")
        where = f"{count(p, 'player')}, {mode_phrase(mode)}, {_who(r0)}{_extra(rest, ov.report)}{shifted}"
        overall = sum(w for _, w in rec.values()) / sum(n for n, _ in rec.values())
        if mode == K.MODE_COOP:
            fair = overall
            fair_words = f"the Company's win rate over every hero {pct(fair)}"
            lead = ("The Company's win rate with each hero at the table (" + where
                    + "; everyone wins or loses together; " + fair_words + "): best ")
        elif mode == K.MODE_IMPOSSIBLE:
            fair = overall
            fair_words = f"fair share {pct(fair)}, the win rate over every hero"
        else:
            fair = 1 / p
            fair_words = f"fair share {pct(fair, 0)}"
        if mode != K.MODE_COOP:
            lead = (f"Heroes' win shares ({where}; a hero's games are those it played in any seat "
                    f"playing the focal seat's strategy, a shared win not counted; {fair_words}): best ")
        above = [hero_name(ov, x[3]) for x in items if x[1] > fair]
        below = [hero_name(ov, x[3]) for x in items if x[2] < fair]
        text = lead + words(items[0])
        if len(items) > 1:
            text += f", worst {words(items[-1])}"
        mark = "that rate" if mode == K.MODE_COOP else "the fair share"
        text += "; " + (f"above {mark} beyond the 95% interval: {', '.join(above)}" if above
                        else f"none above {mark} beyond its 95% interval")
        text += "; " + (f"below it: {', '.join(below)}" if below else "none below it") + "."
        out.append(text)
        if len(items) > 2:                     # every hero, best first, and the 5-point band
            near = [hero_name(ov, x[3]) for x in items if abs(x[0] - fair) > HERO_BAND]
            out.append(f"Each hero's {'Company win rate' if mode == K.MODE_COOP else 'win share'} "
                       f"({where}), best first: " + "; ".join(words(x) for x in items)
                       + f"; within {100 * HERO_BAND:.0f} points of {pct(fair)}: "
                       + f"{len(items) - len(near)} of {len(items)}"
                       + (f" (not: {', '.join(near)})." if near else "."))
    return out


def impact_answers(ov) -> list[str]:
    """The DoS cards whose removal moves the focal seat's win rate most (paired, ranked), and
    how many move it beyond their interval."""
    ci = ov.tables.get("card_impact")
    if ci is None or ci.empty:
        return []
    out = []
    keys = [c for c in ("results", "players", "mode", "strategy", "rivals", "start") if c in ci.columns]
    for _, g in ci.groupby(keys, sort=False, dropna=False):
        top = g.reindex(g["diff"].abs().sort_values(ascending=False, kind="stable").index).head(3)
        r0 = top.iloc[0]
        mode = mode_code(r0.get("mode", K.MODE_NORMAL))
        what = ("the Company's win rate (how often Smaug the Terrible falls)"
                if mode == K.MODE_COOP else "the focal seat's win rate")
        sig = g[(g["diff_ci_high"] < 0) | (g["diff_ci_low"] > 0)]
        name = lambda ids: " + ".join(ov.card_names.get(i, i) for i in str(ids).split("+"))
        fdr = int(g["fdr"].sum()) if "fdr" in g.columns else None
        text = (f"DoS cards whose removal moves {what} most ({count(int(r0['players']), 'player')}, "
                f"{mode_phrase(mode)}, {_who(r0)}, {int(r0['games']):,} paired games per card, from "
                f"{pct(r0['base_rate'])} with the whole deck): "
                + "; ".join(f"without {name(r['removed'])} {diff_words(r)}" for _, r in top.iterrows())
                + f"; {len(sig)} of {len(g)} removals change it beyond their paired 95% interval, "
                f"where about {round(0.05 * len(g))} would by chance")
        text += (f", and {fdr} survive a Benjamini-Hochberg correction at 5%." if fdr is not None else ".")
        if mode != K.MODE_COOP:
            text += (" How often Smaug fell without each card is in the table \"The game's "
                     "numbers\" (by DoS deck).")
        out.append(text)
    return out


def length_answers(ov) -> list[str]:
    """Game length in turns and rounds, and when the chapter changed."""
    rounds = first_shift(ov, ov.tables.get("rounds"))
    if rounds is None or rounds.empty:
        return []
    fixed = _fixed_seat_cells(ov)
    out, said = [], set()
    for _, r in rounds.iterrows():
        k = (r.get("results"), r["cell"])
        if k in fixed:              # every seat's cell plays the same games: say one of them
            sig = (r.get("results"), int(r["players"]), str(r.get("mode")), str(_context(rounds, r)))
            if sig in said:
                continue
            said.add(sig)
        m = _measure_row(ov, r)
        extra = ""
        if m is not None and "mean_rounds" in m:
            extra = f", {m['mean_rounds']:.1f} rounds"
            rate = m.get("chapter_turn_rate")
            if rate is not None and rate > 0:
                extra += (f"; the chapter changed in {pct(rate)} of games, at turn "
                          f"{m['mean_chapter_turn'] / rate:.1f} on average")
            elif rate is not None and str(r.get("start")) != "dos":
                extra += "; the chapter never changed"
        out.append(f"Game length ({count(int(r['players']), 'player')}, {mode_phrase(r['mode'])}, "
                   f"{_who(r)}{_extra(r, ov.report)}): {r['mean']:.1f} turns on average (median {r['q50']:.0f}; "
                   f"90% of games end by turn {r['q90']:.0f}){extra}.")
    return out


def _and(items: list) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def answers(ov) -> list[str]:
    """The balance questions in plain sentences: the modes (Smaug's fall, the win rates, the
    co-operative Company), the modes compared on the same seeds, the seats, the heroes, the
    DoS cards, and game length."""
    out = mode_answers(ov)
    out += coop_answers(ov)
    out += delta_answers(ov, "impossible_delta", "Impossible Mode minus normal mode, the focal seat")
    out += delta_answers(ov, "coop_delta", "Co-operative minus competitive Impossible Mode")
    out += seat_answers(ov)
    out += hero_answers(ov)
    out += impact_answers(ov)
    out += length_answers(ov)
    return out


REPORT = Report(
    axes=AXES, x="mode", variants=REPORT_VARIANTS, headline_by="players", players=4,
    fields=FIELDS, lost=K.LOSS, outcomes={K.TIE: "shared wins"},
    loss_reasons={code: (LOSS_KEYS[code], LOSS_LABELS[key])
                  for code, key in K.LOSS_REASONS.items() if key},
    length="turns", length_unit="turn",
    breakdowns=(Axis("seat", "seat", phrase=lambda s: f"seat {s}"),
                Axis("hero", "hero", phrase=lambda h: f"hero #{h}")),
    by_seat=("hero",), seat_games=seat_games,
    measures=MEASURES,
    comparisons=(
        Comparison("seat", 0, None, "Seat advantage, paired",
                   "Each seat's win rate minus the first seat's (seat 0), per player count, "
                   "paired game by game: every seat's cell plays the same seeds, so game i of "
                   "seat 2 is dealt as game i of seat 0 (points). Cells whose focal seat rotates "
                   "are left out."),
        Comparison("mode", K.MODE_NORMAL, K.MODE_IMPOSSIBLE, "Impossible Mode vs normal mode",
                   "The focal seat's win rate in Impossible Mode (a win needs Smaug the Terrible's "
                   "fall and the most VP) minus normal mode, everything else equal, paired game "
                   "by game on the same seeds (points).", name="impossible_delta"),
        Comparison("mode", K.MODE_IMPOSSIBLE, K.MODE_COOP,
                   "Co-operative vs competitive Impossible Mode",
                   "The co-operative Company's win rate (Smaug the Terrible falls) minus the "
                   "focal seat's in competitive Impossible Mode, everything else equal, paired "
                   "game by game on the same seeds (points).", name="coop_delta"),
    ),
    figures=("win_rate", "heatmap", "measures", "survival", "card_impact"),
    who="player", ends_words="Smaug the Terrible's fall or a Path that cannot be refilled",
    answers=answers, cards=card_names, card_mix=card_mix,
    correct_with=("--data", "--assume"), fair="seat", impact_words="DoS card",
)
