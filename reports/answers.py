"""The overview of a balance report: which rows it speaks of, the headline table, and the
game's answers in plain words (the game's descriptor writes them from the tables, see
`simcore.reportkit.Overview`). Pure functions."""
from __future__ import annotations

import pandas as pd

from simcore.reportkit import Overview, rate_words, select


def is_full_mix(t: pd.DataFrame, rep) -> pd.Series:
    """True where a row's card mix removes no card (every row for a game without mixes)."""
    if rep.card_mix is None or "mix" not in t.columns:
        return pd.Series(True, index=t.index)
    return pd.Series([not rep.card_mix(str(m))[1] for m in t["mix"]], index=t.index, dtype=bool)


def main_results(odds: pd.DataFrame, rep):
    """The results folder the overview speaks of: with several folders, the one with the most
    full-mix configurations (the first such if tied); None with one folder."""
    if odds is None or odds.empty or "results" not in odds.columns or odds["results"].nunique() < 2:
        return None
    full = odds[is_full_mix(odds, rep)]
    full = full if len(full) else odds
    return str(full.groupby("results", sort=False)["cell"].nunique().idxmax())


def full_mix(t: pd.DataFrame, rep, main=None) -> pd.DataFrame:
    """The rows the overview (headline, answers, figures) speaks of: the main results
    folder's, with the mixes that remove no card (or every row if every mix removes some)."""
    if t is None or t.empty:
        return t
    if main is not None and "results" in t.columns:
        t = t[t["results"] == main]
    full = t[is_full_mix(t, rep)]
    return full if len(full) else t


def players_of(t: pd.DataFrame, rep) -> int | None:
    """The player count the overview speaks of: the game's usual one if played, else the
    most played."""
    if "players" not in t.columns or t.empty:
        return None
    ps = sorted(int(p) for p in t["players"].unique())
    return rep.players if rep.players in ps else int(t["players"].value_counts().idxmax())


def strong_first(strategies, rep) -> list:
    vals = list(dict.fromkeys(strategies))
    return sorted(vals, key=rep.axis("strategy").rank, reverse=True)


def _s(n, word):
    return f"{n} {word}{'' if n == 1 else 's'}"


def _band(bands, fixed: dict) -> str:
    """The assumption band of the sensitivity setting matching `fixed`, in words, or ''."""
    if bands is None or bands.empty:
        return ""
    from .sensitivity import band_words
    keys = {k: v for k, v in fixed.items() if k in bands.columns}
    m = select(bands, **keys)
    if len(m) != 1:
        return ""
    r = m.iloc[0]
    knobs = [k for k in str(r["most_sensitive_to"]).split(", ") if k]
    return band_words({"envelope_low": r["envelope_low"], "envelope_high": r["envelope_high"]}, knobs)


def headline(odds: pd.DataFrame, rep, bands: pd.DataFrame | None = None) -> tuple[pd.DataFrame, str]:
    """(the headline table, its title). With headline_by "strategy": at the usual player
    count, a row per x value and variant, a column per strategy (strongest first); with
    "players": a row per strategy, x value and variant, a column per player count. Each cell:
    'win rate ± half-width' or the rate and its interval. Columns carry readable labels."""
    t = full_mix(odds, rep, main_results(odds, rep))
    if t is None or t.empty:
        return pd.DataFrame(), ""
    by = rep.headline_by if rep.headline_by in t.columns else "strategy"
    rows_by = [c for c in ((["strategy"] if by != "strategy" else []) + [rep.x, *rep.variants])
               if c in t.columns and c != by]
    title = "win rate and 95% interval"
    if by != "players" and "players" in t.columns:
        p = players_of(t, rep)
        t = select(t, players=p)
        title += f", {_s(p, 'player')}:"
    else:
        title += f" by player count:"
    cols = strong_first(t[by], rep) if by == "strategy" else \
        sorted(t[by].unique().tolist(), key=rep.axis(by).rank)
    head = {c: (_s(int(c), "player") if by == "players" else str(c)) for c in cols}
    keys = sorted({tuple(r) for r in t[rows_by].itertuples(index=False, name=None)},
                  key=lambda r: [rep.axis(n).rank(v) for n, v in zip(rows_by, r)])
    out = []
    for key in keys:
        s = select(t, **dict(zip(rows_by, key)))
        row = {rep.label(n): rep.axis(n).word(v) for n, v in zip(rows_by, key)}
        for c in cols:
            m = select(s, **{by: c})
            row[head[c]] = rate_words(m.iloc[0]["win_rate"], m.iloc[0]["ci_low"],
                                      m.iloc[0]["ci_high"]) if len(m) else "-"
            # the assumption band beside the interval, where a sensitivity sweep played it
            fixed = {**dict(zip(rows_by, key)), by: c}
            if by != "players" and "players" in t.columns:
                fixed["players"] = p
            band = _band(bands, fixed)
            if band:
                row[f"{head[c]}: {BAND}"] = band
        out.append(row)
    t = pd.DataFrame(out)
    if any(BAND in c for c in t.columns):        # each band right after its win rate
        order = []
        for c in t.columns:
            if BAND not in c:
                order += [c] + ([f"{c}: {BAND}"] if f"{c}: {BAND}" in t.columns else [])
        t = t[order].fillna("-")
    return t, title


BAND = "across plausible rules"


def overview(tables: dict, rep, card_names: dict | None = None) -> Overview:
    """What the game's answers are written from: every table restricted to the main results
    folder and the full mix (card impact whole)."""
    main = main_results(tables["win_odds"], rep)
    t = full_mix(tables["win_odds"], rep, main)
    restricted = {k: (v if k == "card_impact" or k.startswith(("_", "sensitivity", "robust"))
                      or v is None or v.empty else full_mix(v, rep, main))
                  for k, v in tables.items()}
    return Overview(rep, restricted, players_of(t, rep) if len(t) else None,
                    strong_first(t["strategy"], rep) if len(t) and "strategy" in t else [],
                    dict(card_names or {}))


def answers(tables: dict, rep, card_names: dict | None = None) -> list[str]:
    """The questions a designer asks, answered in plain sentences by the game's descriptor
    from the tables (none when the game declares no answers or the tables hold no game)."""
    if rep.answers is None or tables["win_odds"].empty:
        return []
    return list(rep.answers(overview(tables, rep, card_names)))
