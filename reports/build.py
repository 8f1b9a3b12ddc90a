"""The balance report of any game: results table and the game's report descriptor
(`Game.report`, a `simcore.reportkit.Report`) in; `tables/*.csv`, `figures/*.png` and one
self-contained `index.html` out. `compute()` and `make_figures()` are pure; `build()` does the
writing. The caller (`experiments.reporting.build_report`) reads the results folders and the
rules' assumptions.
"""
from __future__ import annotations

import io
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from simcore.reportkit import a_an, select, usual

from . import curve as C
from . import figures as F
from . import html as H
from . import sensitivity as S
from . import table as Y
from .tune import at_skill_ends, proposed, searched, split_tune
from . import tables as T
from .answers import (answers, fair_results, fixed_cells, full_mix, headline, main_results,
                      overview_report, overview_rows, players_of, shown_curves, shown_report,
                      strong_first)


@dataclass
class Source:
    """One results folder: its path, its manifest (as read from manifest.json) and the
    calibration it keeps (`meeplesim calibrate --results`: reports.table), if any."""
    path: str
    manifest: dict
    calibration: dict | None = None


@dataclass
class Context:
    """What the report says besides the games: where they come from and the rules in force."""
    title: str = "Balance report"
    sources: list = field(default_factory=list)        # Source, one per results folder
    assumptions: list = field(default_factory=list)    # (file, entry, what) in force
    assumption_notes: list = field(default_factory=list)   # rules sets that could not be loaded
    card_names: dict = field(default_factory=dict)     # card id -> name


# ----------------------------------------------------------------------------- tables
def compute(df: pd.DataFrame, rep, ctx: Context | None = None) -> dict:
    """Every table of the report, by file stem (tables that do not apply to the game are
    absent; a table may be empty when the results hold nothing for it); with a calibrated
    folder among the sources, the section "Your table"'s (reports.table)."""
    return {**games_tables(df, rep, ctx), **Y.tables(df, ctx.sources if ctx else [])}


def games_tables(df: pd.DataFrame, rep, ctx: Context | None = None) -> dict:
    """The tables read from the games alone (compute)."""
    df, tune = split_tune(df)
    df, curves = C.split(df, rep)
    df, sens = split_sensitivity(df)
    tables = {}
    if tune is not None:
        tables["proposed_levels"], tables["tune_searched"] = proposed(tune), searched(tune)
        ends = at_skill_ends(tune)
        if not ends.empty:      # a calibrated tune: the proposal at the skill interval's ends
            tables["proposed_at_skill_ends"] = ends
        if df.empty:            # a tune is all the results hold: its candidates are other rules
            return {**tables, "win_odds": pd.DataFrame(columns=["cell", "strategy", "games", "wins",
                                                             "win_rate", "ci_low", "ci_high"]),
                    "headline": pd.DataFrame()}
    if curves is not None:
        tables["difficulty_curve"], tables["skill_thresholds"] = C.analyse(curves, rep)
        if df.empty:            # curves are all the results hold: no other table reads a game
            return {**tables, "win_odds": pd.DataFrame(columns=["cell", "strategy", "games", "wins",
                                                             "win_rate", "ci_low", "ci_high"]),
                    "headline": pd.DataFrame()}
    analyses = S.report_analyses(sens, rep) if sens is not None else []
    odds = T.win_odds(df, rep)
    tables["win_odds"] = odds
    seats = rep.seat_games(df) if rep.by_seat and rep.seat_games and not df.empty else None
    for b in rep.breakdowns:
        games = seats if seats is not None and b.name in rep.by_seat else df
        tables[f"win_odds_by_{b.name}"] = T.win_odds(games, rep, by=b.name)
        if rep.fair == b.name:
            tables[f"win_odds_by_{b.name}"] = T.fair_share(tables[f"win_odds_by_{b.name}"])
    for c in rep.comparisons:
        tables[c.stem] = T.paired_deltas(df, rep, c.axis, T.comparison_pairs(df, rep, c))
    tables["strategy_delta"] = T.paired_deltas(df, rep, "strategy")
    tables["skill_gap"] = T.skill_gap(df, rep)
    if rep.measures:
        tables["measures"] = T.measures(df, rep)
    tables["rounds"] = T.rounds_played(df, rep)
    tables["survival"] = T.survival(df, rep)
    tables["loss_reasons"] = T.loss_reasons(df, rep)
    if rep.objectives:
        tables["loss_proximity"] = T.loss_proximity(df, rep)
    if rep.card_mix is not None:
        ci = T.card_impact(df, rep)
        names = (ctx.card_names if ctx else None) or {}
        if names and not ci.empty:
            name = lambda ids: " + ".join(names.get(i, i) for i in ids.split("+"))
            ci.insert(ci.columns.get_loc("removed") + 1, "card", ci["removed"].map(name))
        tables["card_impact"] = ci
    if analyses:
        tables["_sensitivity"] = analyses            # not a table: what the section is drawn from
    if analyses and not S.varied(analyses):          # no knobs: the default rules alone
        tables["sensitivity_rule_sets"] = S.stacked(analyses, "rule_sets")
    elif analyses:
        tables["sensitivity_envelope"] = S.envelope_table(analyses)
        tables["sensitivity_knobs"] = S.stacked(analyses, "knobs")
        tables["sensitivity_interactions"] = S.stacked(analyses, "interactions")
        tables["sensitivity_rule_sets"] = S.stacked(analyses, "rule_sets")
        robust = S.robust_conclusions(analyses, rep)
        tables["robust_conclusions"] = pd.DataFrame(
            [{**r, "broken_by": " ".join(r["broken_by"])} for r in robust],
            columns=["statement", "holds", "rule_sets", "broken_by", "broken"])
    tables["headline"], _ = headline(odds, rep, tables.get("sensitivity_envelope"),
                                     fixed_cells(tables, rep))
    return tables


def split_sensitivity(df: pd.DataFrame) -> tuple:
    """(the games the report's tables speak of, a sensitivity sweep's games or None). A
    sensitivity sweep's rows (reports.sensitivity: they carry `rule_kind`) feed the section
    "How much the unknowns matter"; the other tables read the other folders, or, when the
    sweep is all there is, its default rules only."""
    if "rule_kind" not in df.columns:
        return df, None
    mask = df["rule_kind"].notna().to_numpy()
    sens = df[mask]
    rest = df[~mask]
    if rest.empty:
        rest = sens[sens["rules"].astype(str) == "default"]
    rest = rest.drop(columns=[c for c in S.SENS_COLS if c in rest.columns])
    return rest, (sens if len(sens) else None)


def sections(tables: dict, rep) -> list:
    """The page's table sections in order, (stem, title, intro, table), those with rows only."""
    by = rep.headline_by
    rows = ", ".join(rep.label(c) for c in (rep.x, *rep.variants))
    who = rep.who
    unit = rep.length_unit
    out = [("headline", "Headline",
            f"Win rate with its 95% interval (± half-width where the interval is nearly "
            f"symmetric), per {rows} (rows) and {'strategy' if by == 'strategy' else 'player count'} "
            f"(columns).")]
    out.append(("skill_thresholds", "Skill each level needs",
                f"The skill {a_an(who)} needs to win half its games (target 50%) and 80% of them: "
                f"where the win rate, fitted non-decreasing in skill (isotonic regression, "
                f"weighted by games), first reaches the target, interpolated between the skills "
                f"played; 95% interval by bootstrap over games (1 000 refits). Blank where the "
                f"curve does not reach the target even at skill 1."))
    out.append(("difficulty_curve", "Difficulty curve", f"Win rate of {a_an(who)} against its "
                f"skill (0 plays like random, 1 like the strongest strategy), every skill on the "
                f"same seeds: games, wins, win rate with its 95% Wilson interval."))
    out.append(("proposed_levels", "Proposed levels", "Design mode (`meeplesim tune`): per "
                "target, the lever's value the tune proposes beside the data's, and the win rate "
                "at the proposal replayed on fresh seeds with its 95% Wilson interval, and whether "
                "that interval holds the goal."))
    out.append(("proposed_at_skill_ends", "The proposal at the calibrated skill's ends",
                "Design mode for a calibrated table (`meeplesim tune --calibrated`): each "
                "proposal replayed on the confirmation's fresh seeds by a team at each end of the "
                "calibrated skill's 95% interval: win rate with its 95% Wilson interval, and "
                "whether that interval holds the goal."))
    out.append(("tune_searched", "Values the tune searched", "Every value of each lever the "
                "search played, on paired seeds: games, wins, win rate with its 95% Wilson "
                "interval."))
    out.append(("win_odds", "Win odds", "Every configuration: games, wins, win rate with its 95% "
                "Wilson interval (rates in %)."))
    for b in rep.breakdowns:
        games = ("its games counted once for every seat that plays the measured strategy, each "
                 "seat's win its own," if b.name in rep.by_seat else "its games")
        out.append((f"win_odds_by_{b.name}", f"Win odds by {b.label}",
                    f"Every configuration, {games} split by {b.label}: win rate with its 95% "
                    f"Wilson interval (rates in %)."))
    for c in rep.comparisons:
        out.append((c.stem, c.title, c.intro))
    out.append(("skill_gap", "Skill gap", f"The strategy that wins most among those played "
                f"minus {a_an('random')} {who}, everything else equal (points, paired game by "
                f"game)."))
    out.append(("strategy_delta", "Strategy vs strategy", "One strategy (to) minus another "
                "(from), everything else equal, paired game by game (points)."))
    out.append(("measures", "The game's numbers", "Per configuration: means with a normal 95% "
                "interval, shares of games with a Wilson 95% interval (in %)."))
    out.append(("rounds", "Game length", f"{unit[0].upper()}{unit[1:]}s played: mean, quantiles "
                f"(10% .. 90%), maximum, mean of won and of lost games."))
    out.append(("loss_reasons", "Loss reasons" + (" and how far losses were from victory"
                                                  if rep.objectives else ""),
                "Losses by reason (count, and share of the losses in %)"
                + ("; for losses, the mean of each objective left undone, and the losses one "
                   "item from victory (%)." if rep.objectives else ".")))
    thing = rep.impact_words
    out.append(("card_impact", f"{thing[0].upper()}{thing[1:]} impact", f"Win rate without the "
                f"{thing} minus with it (points), paired game by game, ranked: the removal that "
                f"hurts most first."))
    return [(s, title, intro, tables[s]) for s, title, intro in out
            if s in tables and tables[s] is not None and not tables[s].empty
            and not (s == "loss_reasons" and not tables[s]["losses"].any())]


# ----------------------------------------------------------------------------- figures
def _slug(s: str) -> str:
    return "".join(c if c.isalnum() or c in "-_" else "-" for c in str(s)).strip("-").lower()


def make_figures(tables: dict, rep) -> tuple[dict, list]:
    """(the report's figures by file stem, sentences for what is left out: a strategy that
    lost every game gets no all-zero figure)."""
    # of a competitive game, the configurations whose focal seat rotates (answers.overview_rows)
    fixed = fixed_cells(tables, rep)
    main = main_results(tables["win_odds"], rep, fixed)
    odds = T.sort_configs(overview_rows(tables["win_odds"], rep, main, fixed), rep)
    rep = shown_report(rep, odds)       # every axis the rows vary: a line, a row each
    figs, notes = {}, []
    figs.update(your_table_figures(tables))
    fig = curve_figure(tables, rep)
    if fig is not None:
        figs["difficulty_curve"] = fig
    if odds.empty:
        return figs, notes
    surv, prox = tables["survival"], tables.get("loss_proximity")
    if main is not None:            # cell ids are unique within a folder only
        surv = surv[surv["results"] == main]
        prox = prox[prox["results"] == main] if prox is not None else None
    figs.update(sensitivity_figures(tables, rep))
    strategies = strong_first(odds["strategy"], rep)
    x = rep.axis(rep.x)
    if "win_rate" in rep.figures:
        for s in strategies:
            fig = F.by_x(odds, rep, s)
            if fig is None:
                n = int(odds.loc[odds["strategy"] == s, "games"].sum())
                notes.append(f"{a_an(s).capitalize()} {rep.who} lost every one of its {n:,} games "
                             f"in these results: no win-rate figure for it.")
            else:
                figs[f"win_rate_by_{_slug(rep.x)}-{_slug(s)}"] = fig
    if "heatmap" in rep.figures:
        fig = F.heatmap(odds, rep, strategies)
        if fig is not None:
            figs[f"{_slug(rep.x)}_players_heatmap"] = fig
    if "measures" in rep.figures and not tables.get("measures", pd.DataFrame()).empty:
        mt = overview_rows(tables["measures"], rep, main, fixed)
        for m in (m for m in rep.measures if m.figure):
            col = f"mean_{m.field}" if m.kind == "mean" else f"{m.field}_rate"
            fig = F.by_x(mt, rep, strategies[0], y=col, low=f"{col}_ci_low", high=f"{col}_ci_high",
                         pct=m.kind == "rate", what=m.label[0].upper() + m.label[1:])
            if fig is not None:
                figs[f"{_slug(m.field)}_by_{_slug(rep.x)}-{_slug(strategies[0])}"] = fig
    if rep.fair:
        fig = fair_figure(tables, rep, fair_results(tables["win_odds"], rep, fixed))
        if fig is not None:
            figs[f"win_rate_by_{_slug(rep.fair)}"] = fig
    # one line per x value: its usual variant, the strongest strategy, the usual player count
    p = players_of(odds, rep)
    s = strategies[0]
    sel = odds[(odds["strategy"] == s) & ((odds["players"] == p) if p is not None else True)]
    label_of = {}
    for xv in sorted(sel[rep.x].unique().tolist(), key=x.rank) if rep.x in sel else []:
        at = sel[sel[rep.x] == xv]
        v = usual(rep, at)
        r = select(at, **v).iloc[0]
        label_of[r["cell"]] = x.say(xv) + (f" ({rep.phrase(v)})" if rep.phrase(v) else "")
    who = f" ({s} {rep.who}" + (f", {p} players)" if p is not None else ")")
    if label_of and "survival" in rep.figures:
        f1 = F.survival_curves(surv, rep, label_of)
        f1.suptitle("How long games last" + who)
        figs[f"survival-{_slug(s)}"] = f1
    lost = prox is not None and prox[prox["cell"].isin(list(label_of))]["losses"].sum() > 0
    if label_of and "loss_proximity" in rep.figures and lost:   # no figure of a team that never lost
        f2 = F.loss_proximity_histograms(prox, rep, label_of)
        f2.suptitle("How close losses came" + who)
        figs[f"loss_proximity-{_slug(s)}"] = f2
    ci = tables.get("card_impact")
    if ci is not None and not ci.empty and "card_impact" in rep.figures:
        keys = [k for k in ["results", rep.x, *rep.variants, "players", "strategy"]
                if k in ci.columns]
        for i, (vals, g) in enumerate(ci.groupby(keys, sort=False)):
            d = dict(zip(keys, vals))
            g = g.assign(removed=g["card"] if "card" in g.columns else g["removed"])
            v = rep.phrase({k: d[k] for k in rep.variants if k in d})
            thing = rep.impact_words
            title = (f"{thing[0].upper()}{thing[1:]} impact at "
                     f"{x.say(d[rep.x]) if rep.x in d else 'these settings'} ("
                     + (f"{v}, " if v else "") + f"{d['strategy']} {rep.who}, {d['players']} "
                     f"players, {int(g['games'].min())} games per mix)")
            fig = F.card_impact_bars(g, title, rep.who, thing)
            if fig is None:
                where = title[len(f"{thing} impact "):]
                notes.append(f"Removing {a_an(thing)} changed no game's outcome ({where}): no "
                             f"{thing}-impact figure.")
            else:
                figs["card_impact" + (f"-{i + 1}" if i else "")] = fig
    return figs, notes


def fair_figure(tables: dict, rep, main=None):
    """The win rate by the fair breakdown (rep.fair, the seat) per player count, with the fair
    share: the rows of `main`'s full mix (answers.fair_results: the folder of the seats one by
    one), the strongest strategy, the usual variants;
    where several configurations give a seat (a rotating cell and a fixed one), the one with
    the most games. None when no player count has two seats."""
    t = tables.get(f"win_odds_by_{rep.fair}")
    if t is None or t.empty or "players" not in t.columns:
        return None
    t = full_mix(t, rep, main)
    t = t[t["strategy"] == strong_first(t["strategy"], rep)[0]] if "strategy" in t.columns else t
    parts = []
    for p in sorted(t["players"].unique().tolist()):
        s = select(t, players=p)
        s = select(s, **usual(rep, s))
        s = s.sort_values("games", ascending=False, kind="stable").drop_duplicates(rep.fair)
        if len(s) > 1:
            parts.append(s)
    if not parts:
        return None
    return F.fair_shares(pd.concat(parts), rep, rep.fair)


def curve_figure(tables: dict, rep):
    """The difficulty curves (reports.curve) of the first results folder and the usual player
    count, or None when the results hold no curve."""
    shown = shown_curves(tables, rep)
    if shown is None:
        return None
    pts, thr, p = shown
    who = ", ".join(w for w in (f"{p} players" if p is not None else "",) if w)
    return F.difficulty_curves(pts, thr, rep, f"How the win rate of {a_an(rep.who)} rises with "
                               f"its skill" + (f" ({who})" if who else ""))


def your_table_figures(tables: dict) -> dict:
    """Each calibrated folder's playtests on their curves (stems start with 'your_table')."""
    figs = {}
    ok = [e for e in tables.get("_your_table") or [] if not e["stale"]]
    for i, e in enumerate(ok):
        r = e["calibration"]["result"]
        pt = e["calibration"]["playtests"]
        fig = F.your_table(e["points"], e["rows"], r["skill"], r["skill_low"], r["skill_high"],
                           f"Your table: the playtests of {Path(pt['file']).name} on the skill "
                           f"scale (skill {r['skill']:.2f})")
        if fig is not None:
            figs["your_table" + (f"-{i + 1}" if len(ok) > 1 else "")] = fig
    return figs


def setting_label(values: dict, rep) -> str:
    """A sensitivity setting in words: 'Terrible (red die, Hungry), planner team, 3 players'."""
    x = rep.axis(rep.x).say(values[rep.x]) if rep.x in values else ""
    v = rep.phrase({k: values[k] for k in rep.variants if k in values})
    rest = rep.phrase({k: values[k] for k in ("strategy", C.SKILL, "players") if k in values})
    return ", ".join(p for p in (x + (f" ({v})" if v else ""), rest) if p)


def sensitivity_figures(tables: dict, rep) -> dict:
    """The tornado of each setting and one envelope figure (stems start with 'sensitivity')."""
    analyses = tables.get("_sensitivity") or []
    figs = {}
    if not S.varied(analyses):
        return figs            # none, or a game with no knobs: its default rules alone
    env = tables["sensitivity_envelope"]
    labels = [setting_label(v, rep) for v, _ in analyses]
    samples = [a["rule_sets"].loc[a["rule_sets"]["rule_kind"] == "sample", "win_rate"].tolist()
               for _, a in analyses]
    fig = F.envelope(env, labels, samples, "Win rate under the default rules and across "
                     "plausible rules")
    if fig is not None:
        figs["sensitivity_envelope"] = fig
    for i, ((values, a), label) in enumerate(zip(analyses, labels)):
        games = int(a["envelope"].get("games", 0))
        fig = F.tornado(a["knobs"], f"How much each assumption moves the win rate: {label} "
                        f"({games:,} paired games per rule set)")
        if fig is not None:
            figs[f"sensitivity_tornado-{i + 1}-{_slug(values.get('setting', i))}"] = fig
    return figs


# ----------------------------------------------------------------------------- writing
def _png(fig) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=100)
    return buf.getvalue()


def build(df: pd.DataFrame, rep, ctx: Context, out) -> dict:
    """Write `out/tables/*.csv` (the tables with rows), `out/figures/*.png` and
    `out/index.html`; returns {"index": path, "tables": {stem: path}, "figures": {stem: path},
    "headline": DataFrame, "headline_title": str, "answers": [sentences]}."""
    import matplotlib.pyplot as plt
    out = Path(out)
    (out / "tables").mkdir(parents=True, exist_ok=True)
    (out / "figures").mkdir(parents=True, exist_ok=True)
    tables = compute(df, rep, ctx)
    head, head_title = headline(tables["win_odds"], rep, tables.get("sensitivity_envelope"),
                                fixed_cells(tables, rep))
    lines = answers(tables, rep, ctx.card_names)
    written = {"tables": {}, "figures": {}}
    for stem, t in tables.items():
        if stem.startswith("_") or t is None or t.empty:
            continue
        p = out / "tables" / f"{stem}.csv"
        t.to_csv(p, index=False)
        written["tables"][stem] = p
    pngs, captions = {}, {}
    figs, notes = make_figures(tables, rep)
    for stem, fig in figs.items():
        pngs[stem] = _png(fig)
        captions[stem] = fig.caption
        plt.close(fig)
        p = out / "figures" / f"{stem}.png"
        p.write_bytes(pngs[stem])
        written["figures"][stem] = p
    # a table or figure an earlier report wrote into `out` and this one does not is stale
    for folder, ext, kept in (("tables", "csv", written["tables"]), ("figures", "png", written["figures"])):
        for old in (out / folder).glob(f"*.{ext}"):
            if old not in kept.values():
                old.unlink()
    index = out / "index.html"
    tmp = out / ".index.html.tmp"
    sens = {k: pngs.pop(k) for k in list(pngs) if k.startswith("sensitivity")}
    unknowns = H.unknowns_html(tables, rep, sens, captions, setting_label)
    yours = H.your_table_html(tables, rep, {k: pngs.pop(k) for k in list(pngs)
                                            if k.startswith("your_table")}, captions)
    tmp.write_text(H.render(ctx, rep, df, sections(tables, overview_report(tables, rep)), pngs,
                            captions, notes, lines, unknowns, yours), encoding="utf-8")
    tmp.replace(index)
    written.update(index=index, headline=head, headline_title=head_title, answers=lines)
    return written
