"""The overview of a balance report: which rows it speaks of, the headline table, and the
game's answers in plain words (the game's descriptor writes them from the tables, see
`simcore.reportkit.Overview`). Pure functions."""
from __future__ import annotations

import pandas as pd

from simcore.reportkit import SKILL, Overview, rate_words, select, usual


def is_full_mix(t: pd.DataFrame, rep) -> pd.Series:
    """True where a row's card mix removes no card (every row for a game without mixes)."""
    if rep.card_mix is None or "mix" not in t.columns:
        return pd.Series(True, index=t.index)
    return pd.Series([not rep.card_mix(str(m))[1] for m in t["mix"]], index=t.index, dtype=bool)


def cell_keys(t: pd.DataFrame) -> list:
    """(results folder or None, cell) of each row of `t`: a configuration's name across
    folders (cell ids are unique within a folder only)."""
    folders = t["results"] if "results" in t.columns else [None] * len(t)
    return list(zip(folders, t["cell"]))


def fixed_cells(tables: dict, rep) -> dict:
    """The configurations of a competitive game whose fair breakdown (rep.fair, the focal
    seat) is one value in every game, read from its win odds by that breakdown:
    {(results folder or None, cell): the value}. A configuration whose seat rotates, or of
    one player, is not listed; empty for a game without a fair breakdown."""
    t = tables.get(f"win_odds_by_{rep.fair}") if rep.fair else None
    if t is None or t.empty or rep.fair not in t.columns or "cell" not in t.columns:
        return {}
    values, players = {}, {}
    ps = t["players"] if "players" in t.columns else [None] * len(t)
    for k, v, p in zip(cell_keys(t), t[rep.fair], ps):
        values.setdefault(k, []).append(v)
        players[k] = p
    return {k: v[0] for k, v in values.items()
            if len(set(v)) == 1 and not (players[k] is not None and int(players[k]) < 2)}


def _rotating(t: pd.DataFrame, fixed: dict) -> pd.DataFrame:
    """The rows of `t` whose configuration is not in `fixed` (every row without a cell)."""
    if not fixed or "cell" not in t.columns:
        return t
    return t.loc[[k not in fixed for k in cell_keys(t)]]     # .loc: t[[]] selects no column


def main_results(odds: pd.DataFrame, rep, fixed: dict | None = None):
    """The results folder the overview speaks of: with several folders, the one with the most
    full-mix configurations (the first such if tied), counting, for a competitive game, those
    whose focal seat rotates (`fixed`: see fixed_cells) when any folder has one: a folder
    that fixes the seat cell by cell (seat 0, seat 1, ...) measures the seats, not the game.
    None with one folder."""
    if odds is None or odds.empty or "results" not in odds.columns or odds["results"].nunique() < 2:
        return None
    full = odds[is_full_mix(odds, rep)]
    full = full if len(full) else odds
    rotating = _rotating(full, fixed or {})
    full = rotating if len(rotating) else full
    return str(full.groupby("results", sort=False)["cell"].nunique().idxmax())


def fair_results(odds: pd.DataFrame, rep, fixed: dict | None = None):
    """The results folder the seat views (the win rate by the fair breakdown, the seat
    answers) read: with several folders, the one with the most full-mix configurations of a
    fixed seat (the seats measured one by one on shared deals), else main_results'."""
    if odds is None or odds.empty or "results" not in odds.columns or odds["results"].nunique() < 2:
        return None
    full = odds[is_full_mix(odds, rep)]
    full = full if len(full) else odds
    if not fixed or "cell" not in full.columns:
        return main_results(odds, rep, fixed)
    held = full.loc[[k in fixed for k in cell_keys(full)]]
    if held.empty:
        return main_results(odds, rep, fixed)
    return str(held.groupby("results", sort=False)["cell"].nunique().idxmax())


def full_mix(t: pd.DataFrame, rep, main=None) -> pd.DataFrame:
    """The rows the overview (headline, answers, figures) speaks of: the main results
    folder's, with the mixes that remove no card (or every row if every mix removes some)."""
    if t is None or t.empty:
        return t
    if main is not None and "results" in t.columns:
        t = t[t["results"] == main]
    full = t[is_full_mix(t, rep)]
    return full if len(full) else t


def overview_rows(t: pd.DataFrame, rep, main=None, fixed: dict | None = None) -> pd.DataFrame:
    """full_mix's rows, and of a competitive game (`fixed`: see fixed_cells) those whose focal
    seat rotates; where none rotates (a folder of the seats one by one), those of the first
    fixed value (seat 0), so that a row is one configuration, not one per seat."""
    t = full_mix(t, rep, main)
    if t is None or t.empty or not fixed or "cell" not in t.columns:
        return t
    rotating = _rotating(t, fixed)
    if len(rotating):
        return rotating
    first = first_fixed(t, rep, fixed)
    return t.loc[[fixed[k] == first for k in cell_keys(t)]]


def first_fixed(t: pd.DataFrame, rep, fixed: dict):
    """The first (in report order: seat 0) fixed value of the fair breakdown among the rows of
    `t`, or None when none of them has a fixed one."""
    vals = [fixed[k] for k in cell_keys(t) if k in fixed] if "cell" in t.columns else []
    return sorted(vals, key=rep.axis(rep.fair).rank)[0] if vals else None


# columns the overview shows on their own: the headline's columns or the player count it names
OWN_PLACE = ("results", "cell", "strategy", "players")


def table_configs(t: pd.DataFrame, rep) -> list:
    """The configuration columns of a report table: those before its `cell` column (the
    tables put them first, reports.tables._frame), or of a results table without one
    (reports.tables.config_columns)."""
    if "cell" in t.columns:
        return list(t.columns[:t.columns.get_loc("cell")])
    from .tables import config_columns
    return config_columns(t, rep)


def varying(t: pd.DataFrame, rep, columns=None) -> list:
    """The configuration columns of `t` (table_configs, or `columns`) whose
    value differs between its rows, besides the x axis, the variants and OWN_PLACE: the axes
    a sweep varies that the descriptor does not show (a parameter, an option it does not
    declare). A strategy's parameter (param_<name>, missing for the other strategies) varies
    only where one strategy played several values of it."""
    if t is None or t.empty:
        return []
    cols = table_configs(t, rep) if columns is None else columns
    out = []
    for c in cols:
        if c in OWN_PLACE or c == rep.x or c in rep.variants or c not in t.columns:
            continue
        if c.startswith("param_") and "strategy" in t.columns:
            differs = t.groupby("strategy", dropna=False)[c].nunique(dropna=False).max() > 1
        else:
            differs = t[c].nunique(dropna=False) > 1
        if differs:
            out.append(c)
    return out


def untold(t: pd.DataFrame, rep, shown: list) -> bool:
    """Do two cells of `t` (one results folder) share every configuration column, so that
    no column tells them apart (a grid axis that no column records, e.g. `data`)?"""
    if t is None or t.empty or "cell" not in t.columns:
        return False
    keys = [c for c in ["results", *shown] if c in t.columns]
    if not keys:
        return t["cell"].nunique() > 1
    return bool((t.groupby(keys, dropna=False)["cell"].nunique() > 1).any())


def shown_report(rep, t: pd.DataFrame, columns=None):
    """The descriptor the overview (headline, figures, answers) reads the rows of `t` with:
    the game's own, its variants followed by every axis `varying` finds, so that no line,
    headline cell or sentence speaks of one configuration for several; and by `cell` when
    cells are still not told apart. The game's descriptor itself when nothing more varies."""
    from dataclasses import replace
    extra = varying(t, rep, columns)
    cols = (table_configs(t, rep) if columns is None else columns) if t is not None else []
    if untold(t, rep, [c for c in cols if c != "cell"]):
        extra.append("cell")
    return replace(rep, variants=(*rep.variants, *extra)) if extra else rep


def overview_report(tables: dict, rep):
    """shown_report of the rows the overview speaks of (overview_rows of the win odds)."""
    odds = tables.get("win_odds")
    if odds is None or odds.empty:
        return rep
    fixed = fixed_cells(tables, rep)
    return shown_report(rep, overview_rows(odds, rep, main_results(odds, rep, fixed), fixed))


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


def headline(odds: pd.DataFrame, rep, bands: pd.DataFrame | None = None,
             fixed: dict | None = None) -> tuple[pd.DataFrame, str]:
    """(the headline table, its title). With headline_by "strategy": at the usual player
    count, a row per x value and variant, a column per strategy (strongest first); with
    "players": a row per strategy, x value and variant, a column per player count. Each cell:
    'win rate ± half-width' or the rate and its interval (cell_words). Every other axis the
    rows vary (shown_report) adds a column of rows after the variants. Columns carry readable
    labels. The
    rows are overview_rows' (`fixed`: see fixed_cells): of a competitive game, the
    configurations whose focal seat rotates; where none does, the title names the seat."""
    t = overview_rows(odds, rep, main_results(odds, rep, fixed), fixed)
    if t is None or t.empty:
        return pd.DataFrame(), ""
    rep = shown_report(rep, t)          # every axis the rows vary, declared or not
    seat = first_fixed(t, rep, fixed) if fixed else None
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
    if seat is not None:            # no configuration rotates the seat: seat 0's games only
        title = f"{title[:-1]}, {rep.label(rep.fair)} {rep.axis(rep.fair).word(seat)} only:"
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
            row[head[c]] = cell_words(select(s, **{by: c}))
            # the assumption band beside the interval, where a sensitivity sweep played it
            setting = {**dict(zip(rows_by, key)), by: c}
            if by != "players" and "players" in t.columns:
                setting["players"] = p
            band = _band(bands, setting)
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


def cell_words(m: pd.DataFrame) -> str:
    """A headline cell: the win rate of its one configuration and its interval; '-' when none
    matches. Rows the configuration columns do not tell apart (shown_report splits every
    column that varies, so only rows of several results folders) are pooled, and the cell
    says so: their games and wins added up, the interval of the pooled games."""
    if m.empty:
        return "-"
    if len(m) == 1:
        r = m.iloc[0]
        return rate_words(r["win_rate"], r["ci_low"], r["ci_high"])
    from simcore.stats import wilson_interval
    games, wins = int(m["games"].sum()), int(m["wins"].sum())
    lo, hi = wilson_interval(wins, games)
    return f"{rate_words(wins / games, lo, hi)} (pooled: {len(m)} configurations, {games:,} games)"


def overview(tables: dict, rep, card_names: dict | None = None) -> Overview:
    """What the game's answers are written from: every table restricted to the main results
    folder, the full mix and, of a competitive game, the configurations whose focal seat
    rotates (overview_rows); the win odds by seat to the folder of the seats one by one
    (fair_results), whose games also give the length at the player counts the main folder
    lacks; card impact and the comparisons whole."""
    fixed = fixed_cells(tables, rep)
    main = main_results(tables["win_odds"], rep, fixed)
    seats_folder = fair_results(tables["win_odds"], rep, fixed)
    t = overview_rows(tables["win_odds"], rep, main, fixed)
    rep = shown_report(rep, t)          # every axis the rows vary, declared or not
    whole = {"card_impact", *(c.stem for c in rep.comparisons)}    # paired within a folder
    seats = f"win_odds_by_{rep.fair}" if rep.fair else None         # the seats measured one by one
    restricted = {k: (v if k in whole or k.startswith(("_", "sensitivity", "robust"))
                      or v is None or v.empty
                      else full_mix(v, rep, seats_folder) if k == seats
                      else overview_rows(v, rep, main, fixed))
                  for k, v in tables.items()}
    # a game's length does not depend on which seat is measured: the player counts only the
    # seats' folder played keep their length (its first seat's cells)
    length = restricted.get("rounds")
    if fixed and seats_folder not in (None, main) and length is not None and "players" in length:
        more = overview_rows(tables["rounds"], rep, seats_folder, fixed)
        more = more[~more["players"].isin(set(length["players"]))]
        restricted["rounds"] = pd.concat([length, more], ignore_index=True) if len(more) else length
    return Overview(rep, restricted, players_of(t, rep) if len(t) else None,
                    strong_first(t["strategy"], rep) if len(t) and "strategy" in t else [],
                    dict(card_names or {}))


def answers(tables: dict, rep, card_names: dict | None = None) -> list[str]:
    """The questions a designer asks, answered in plain sentences: the difficulty curves
    first (`curve_answers`, where the results hold some), then the game's descriptor's
    answers from the tables (none when it declares none or the tables hold no game)."""
    curves = curve_answers(tables, rep)
    if rep.answers is None or tables["win_odds"].empty:
        return curves
    return curves + list(rep.answers(overview(tables, rep, card_names)))


# ----------------------------------------------------------------------------- difficulty curves
SKILL_SAID = 0.5        # the skill the first sentence speaks of: a table of middling players


def _at_skill(p: pd.DataFrame, skill: float) -> tuple[float, bool]:
    """(the win rate of one curve at `skill`, whether it was played there: else read off the
    monotone fit between the skills played)."""
    from .curve import fitted_at
    m = p[(p["skill"] - skill).abs() < 1e-9]
    if len(m):
        return float(m.iloc[0]["win_rate"]), True
    return fitted_at(p, skill), False


def shown_curves(tables: dict, rep):
    """The difficulty curves the report speaks of and draws: (points, thresholds, players) of
    the first results folder at the usual player count (players_of; None where the curves
    hold no player count), or None when the results hold no curve."""
    pts, thr = tables.get("difficulty_curve"), tables.get("skill_thresholds")
    if pts is None or pts.empty:
        return None
    if "results" in pts.columns:
        first = pts["results"].iloc[0]
        pts, thr = pts[pts["results"] == first], thr[thr["results"] == first]
    p = players_of(pts, rep)
    if p is not None:
        pts, thr = select(pts, players=p), select(thr, players=p)
    return pts, thr, p


def curve_answers(tables: dict, rep) -> list[str]:
    """The difficulty curves in plain words: what a team of middling skill wins at each value
    of the x axis (at its usual variant; with its band across plausible rules where a
    sensitivity sweep played that skill and setting), then the skill each curve needs for even odds, the
    usual variants first, then each other variant's curves (e.g. the red die's). Speaks of the
    first results folder and the game's usual player count where the curves hold several."""
    shown = shown_curves(tables, rep)
    if shown is None:
        return []
    pts, thr, p = shown
    from .curve import POINT_COLS
    rep = shown_report(rep, pts, [c for c in pts.columns if c not in POINT_COLS and c != SKILL])
    bands = tables.get("sensitivity_envelope")
    x = rep.axis(rep.x)
    xs = sorted(pts[rep.x].unique().tolist(), key=x.rank) if rep.x in pts.columns else [None]
    names = [v for v in rep.variants if v in pts.columns]
    combos = sorted({tuple(r) for r in pts[names].itertuples(index=False, name=None)},
                    key=lambda c: [rep.axis(n).rank(v) for n, v in zip(names, c)]) if names else [()]
    common = None
    said, approx = [], False
    for xv in xs:
        at = select(pts, **{rep.x: xv}) if xv is not None else pts
        v = usual(rep, at)
        common = v if common is None else common
        mine = select(at, **v)
        rate, played = _at_skill(mine, SKILL_SAID)
        approx |= not played
        extra = {k: val for k, val in v.items() if common.get(k) != val}
        # the assumption band of a sensitivity sweep played at this skill and setting
        band = _band(bands, {**({rep.x: xv} if xv is not None else {}), **v, SKILL: SKILL_SAID,
                             **{k: mine[k].iloc[0] for k in ("strategy", "players") if k in mine}})
        band = band.split(";")[0]
        inside = "; ".join(w for w in (rep.phrase(extra), band) if w)
        where = (f" at {x.say(xv)}" if xv is not None else "") + (f" ({inside})" if inside else "")
        said.append(f"{_pct(rate)}{where}")
    who = f"{_s(p, 'player')}" if p is not None else ""
    usual_words = rep.phrase(common or {})
    ctx = ", ".join(w for w in (who, f"{usual_words} unless said" if usual_words else "") if w)
    out = [f"A {rep.who} that plays at skill {SKILL_SAID:g}{f' ({ctx})' if ctx else ''} wins "
           f"{'about ' if approx else ''}{_and(said)}."]
    half = thr[thr["target"] == 0.5]
    first = names[:1]               # one clause per value of the first variant (e.g. the die)
    firsts = sorted(dict.fromkeys(c[0] for c in combos), key=rep.axis(first[0]).rank) if first else [None]
    parts = []
    for fv in firsts:
        rows = select(half, **{first[0]: fv}) if first else half
        items = []
        for xv in xs:
            r = select(rows, **{rep.x: xv}) if xv is not None else rows
            if r.empty:
                continue
            r = select(r, **usual(rep, r))     # the other variants at their usual values
            r = r.iloc[0]
            where = f" at {x.say(xv)}" if xv is not None else ""
            if r["skill_needed"] is None or r["skill_needed"] != r["skill_needed"]:
                items.append(f"not reached even at skill 1{where}")
            else:
                items.append(f"{r['skill_needed']:.2f}{where}")
        if items:
            parts.append((rep.axis(first[0]).say(fv) if first else "", items))
    if parts:
        text = "; ".join(_and(items) + (f" ({ph})" if ph else "") for ph, items in parts)
        out.append(f"Even odds need skill {text} (95% intervals in the table \"Skill each "
                   f"level needs\").")
    return out


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%" if 0.01 <= x <= 0.99 else f"{100 * x:.1f}%"


def _and(items: list) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]
