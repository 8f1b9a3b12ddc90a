"""The report's page: one self-contained index.html (figures embedded) from the tables, the
figures' PNGs, the answers and the context. Headers are labels (the game's descriptor names
its columns; this module names the generic ones); a section with nothing to show is left out.
Pure: returns text."""
from __future__ import annotations

import base64
import html
import json

import pandas as pd

# generic columns of the report's tables -> header labels ("%": shown in percent)
LABELS = {
    "results": "results folder", "games": "games", "wins": "wins", "win_rate": "win rate (%)",
    "halfwidth": "± (points)", "losses": "losses", "axis": "changed", "base": "from", "other": "to",
    "base_rate": "win rate, from (%)", "other_rate": "win rate, to (%)",
    "diff": "difference (points)", "correlation": "correlation", "rank": "rank",
    "removed": "removed", "card": "card", "base_mix": "compared with mix", "best": "strongest played",
    "baseline": "baseline", "mean": "mean", "q10": "10%", "q25": "25%", "q50": "median",
    "q75": "75%", "q90": "90%", "max": "max", "mean_won": "mean, won games",
    "mean_lost": "mean, lost games", "one_step_share": "one item from victory (% of losses)",
    "share": "share (%)", "p_value": "p", "fdr": "survives FDR (BH 5%)",
    "knob": "knob", "alternative": "alternative", "rules": "rule set", "rule_kind": "kind",
    "assume": "knobs changed", "significant": "beyond 95% CI", "interaction": "interaction (points)",
    "diff_a": "A alone (points)", "diff_b": "B alone (points)", "diff_sum": "sum (points)",
    "diff_joint": "together (points)", "named": "named", "a": "knob A", "b": "knob B",
    "single_low": "single alternatives, lowest (%)", "single_high": "single alternatives, highest (%)",
    "sample_low": "sample, lowest (%)", "sample_high": "sample, highest (%)", "samples": "sampled rule sets",
    "pessimistic": "all pessimistic (%)", "optimistic": "all optimistic (%)",
    "envelope_low": "envelope, lowest (%)", "envelope_high": "envelope, highest (%)",
    "most_sensitive_to": "most sensitive to",
    "skill": "skill", "target": "target win rate (%)", "skill_needed": "skill needed",
    "reached": "resamples that reach it (%)",
    "tuned_for": "target", "lever": "lever", "current": "in the data", "proposed": "proposed",
    "goal": "goal (%)", "value": "value", "met": "goal within the 95% CI",
    "goal_rounds": "goal (rounds)", "mean_rounds": "mean rounds",
    "fitted": "fitted win rate (%)", "misfit": "misfit (share of the deviance)",
    "band_low": "knob band, lowest (%)", "band_high": "knob band, highest (%)",
}
# interval column pairs (X_ci_low, X_ci_high) -> the label of the merged column
INTERVALS = {("ci_low", "ci_high"): "95% CI (%)",
             ("diff_ci_low", "diff_ci_high"): "paired 95% CI (points)",
             ("unpaired_ci_low", "unpaired_ci_high"): "unpaired 95% CI (points)",
             ("interaction_ci_low", "interaction_ci_high"): "interaction 95% CI (points)",
             ("rounds_ci_low", "rounds_ci_high"): "95% CI (rounds)",
             ("fitted_ci_low", "fitted_ci_high"): "fitted 95% CI (%)"}
PERCENT = {"win_rate", "ci_low", "ci_high", "halfwidth", "base_rate", "other_rate", "diff",
           "diff_ci_low", "diff_ci_high", "unpaired_ci_low", "unpaired_ci_high", "share",
           "one_step_share", "interaction", "interaction_ci_low", "interaction_ci_high",
           "diff_a", "diff_b", "diff_sum", "diff_joint", "single_low", "single_high",
           "sample_low", "sample_high", "pessimistic", "optimistic", "envelope_low", "envelope_high",
           "target", "reached", "goal", "fitted", "fitted_ci_low", "fitted_ci_high",
           "band_low", "band_high"}


def labels(rep) -> dict:
    """Every column the report's tables may have -> its header."""
    out = dict(LABELS)
    for key, label in rep.loss_reasons.values():
        out[key] = label
        out[f"{key}_share"] = f"{label} (% of losses)"
    for o in rep.objectives:
        out[f"mean_{o.field}"] = f"{o.name} left (mean)"
    for m in rep.measures:
        out[f"mean_{m.field}" if m.kind == "mean" else f"{m.field}_rate"] = \
            m.label + (" (mean)" if m.kind == "mean" else " (%)")
    for a in rep.axes + rep.breakdowns:
        out[a.name] = a.label
    return out


def _is_pct(c: str, rep) -> bool:
    return c in PERCENT or c.endswith("_share") or any(
        c.startswith(f"{m.field}_rate") for m in rep.measures if m.kind == "rate")


def _num(v, pct: bool) -> str:
    if v is None or (isinstance(v, float) and v != v):
        return ""
    if isinstance(v, (bool,)):
        return "yes" if v else "no"
    if isinstance(v, float):
        return f"{100 * v:.2f}" if pct else f"{v:.2f}"
    return f"{v:,}" if isinstance(v, int) and abs(v) >= 10000 else str(v)


def readable(t: pd.DataFrame, rep) -> tuple[pd.DataFrame, list]:
    """A table as the page shows it, and the sentences said above it: labels for headers, axis
    values in words, each interval in one column ('30.1 to 95.4', or why it cannot be
    estimated); configuration columns with one value in every row, and loss reasons no game
    was lost by, are taken out of the table and said in a sentence."""
    t = t.drop(columns=[c for c in ("cell",) if c in t.columns]).reset_index(drop=True)
    if "note" in t.columns:
        notes, t = t["note"].fillna(""), t.drop(columns=["note"])
    else:
        notes = pd.Series("", index=t.index)
    declared = {a.name for a in rep.axes}
    cfg = {c for c in t.columns if c in declared or c.startswith("param_")} | \
        {"results", "axis", "base", "other", "best", "baseline"}
    names = labels(rep)
    constant, never = [], []
    for c in list(t.columns):
        if c not in cfg:
            continue
        vals = t[c].dropna().astype(str).unique()
        undeclared_param = c.startswith("param_") and c not in declared
        if undeclared_param and ("strategy" not in t.columns
                                 or t.groupby("strategy")[c].nunique().max() <= 1):
            t = t.drop(columns=[c])         # a strategy's own settings: the configuration says
        elif len(t) > 1 and len(vals) <= 1 and c not in (rep.x, *rep.variants):
            if c not in ("axis", "base", "other") and len(vals):
                constant.append(f"{html.escape(names.get(c) or rep.label(c))} "
                                f"<b>{html.escape(_word(rep, t, c, t[c].dropna().iloc[0]))}</b>")
            t = t.drop(columns=[c])
    for key, label in rep.loss_reasons.values():
        if key in t.columns and len(t) > 1 and not t[key].any():
            never.append(label)
            t = t.drop(columns=[c for c in (key, f"{key}_share") if c in t.columns])
    cols = []                               # (header, cells): headers may repeat ("95% CI")
    skip = set()
    for c in t.columns:
        if c in skip:
            continue
        high = c[:-3] + "high" if c.endswith("ci_low") else None      # ci_low -> ci_high
        if high in t.columns:
            skip.add(high)
            pct = _is_pct(c, rep)
            # the paired interval alone can be not estimable; the note says why
            why = notes if c == "diff_ci_low" else pd.Series("", index=t.index)
            cols.append((INTERVALS.get((c, high), "95% CI" + (" (%)" if pct else "")),
                         [(f"not estimable: {n}" if n else "-") if lo != lo else
                          f"{_num(lo, pct)} to {_num(hi, pct)}"
                          for lo, hi, n in zip(t[c], t[high], why)]))
        elif c in cfg or c in {a.name for a in rep.breakdowns}:
            cols.append((names.get(c) or rep.label(c), [_word(rep, t, c, v) for v in t[c]]))
        else:
            pct = _is_pct(c, rep)
            # a column of whole numbers (quantiles of a count) reads better without decimals
            whole = not pct and t[c].dtype.kind == "f" and bool((t[c].dropna() % 1 == 0).all())
            cols.append((names.get(c) or rep.label(c),
                         [_num(int(v) if whole and v == v else v, pct) for v in t[c]]))
    shown = pd.DataFrame({i: v for i, (_, v) in enumerate(cols)}, index=t.index)
    shown.columns = [h for h, _ in cols]
    said = (["In every row: " + ", ".join(constant) + "."] if constant else []) + \
        ([f"No game was lost by: {html.escape(', '.join(never))}."] if never else [])
    return shown, said


def _word(rep, t, c, v) -> str:
    if c in ("base", "other") and "axis" in t.columns and len(t):
        return rep.axis(str(t["axis"].iloc[0])).word(v)
    if v is None or (isinstance(v, float) and v != v):
        return "-"
    return rep.axis(c).word(v) if c not in ("results", "axis") else \
        (rep.label(v) if c == "axis" else str(v))


def table_html(t: pd.DataFrame, rep, max_rows: int | None = 400) -> str:
    shown, said = readable(t, rep)
    more = ""
    if max_rows is not None and len(shown) > max_rows:
        more = f"<p class='none'>First {max_rows} of {len(shown)} rows; all in the CSV file.</p>"
        shown = shown.head(max_rows)
    every = "".join(f"<p class='every'>{s}</p>" for s in said)
    return every + "<div class='scroll'>" + shown.to_html(index=False, escape=True, border=0,
                                                          classes="t") + "</div>" + more


def _plain_table(t: pd.DataFrame) -> str:
    """A table already in words (the headline)."""
    return "<div class='scroll'>" + t.to_html(index=False, escape=True, border=0, classes="t") + "</div>"


CSS = """
body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;max-width:1180px;margin:2em auto;
padding:0 1em;color:#222;line-height:1.45}
h1{margin-bottom:.2em} h2{border-bottom:1px solid #ddd;padding-bottom:.2em;margin-top:2em}
.sub{color:#666;margin-top:0} ul.answers li{margin:.4em 0}
figure{margin:1.5em 0} figure img{max-width:100%;border:1px solid #eee}
figcaption{color:#444;font-size:.92em;margin-top:.3em}
table.t{border-collapse:collapse;font-size:.82em;margin:.5em 0}
table.t th,table.t td{padding:.2em .6em;border-bottom:1px solid #eee;text-align:right}
table.t td{white-space:nowrap}
table.t th{background:#f5f5f5;position:sticky;top:0;vertical-align:bottom}
.scroll{max-height:28em;overflow:auto;border:1px solid #eee;display:inline-block;max-width:100%}
.none{color:#777;font-style:italic} .every{color:#444;font-size:.92em;margin:.2em 0}
code{background:#f4f4f4;padding:0 .2em}
details{margin:.6em 0} summary{cursor:pointer;color:#335}
table.kv td,table.kv th{text-align:left} nav a{margin-right:1em}
"""


def config_html(sources: list, df: pd.DataFrame) -> str:
    parts = []
    for src in sources:
        m = src.manifest
        ident = m.get("identity", {})
        cells = m.get("cells", {})
        sub = df[df["results"] == src.path] if "results" in df.columns else df
        counts = sub.groupby("cell", observed=True).size() if len(sub) else pd.Series(dtype=int)
        rows = "".join(
            f"<tr><th>{html.escape(k)}</th><td>{html.escape(str(v))}</td></tr>" for k, v in [
                ("results folder", src.path), ("kind", m.get("kind")),
                ("experiment", ident.get("experiment", "-")), ("game", ident.get("game")),
                ("root seed", ident.get("seed")), ("code version", ident.get("code")),
                ("axes", ", ".join(ident.get("axes", [])) or "-"), ("created", m.get("created")),
                ("cells", f"{len(cells)} in the manifest, {len(counts)} with games"),
                ("games per cell", (f"{counts.min()}" if counts.min() == counts.max() else
                                    f"{counts.min()} to {counts.max()}") if len(counts) else "0"),
                ("games in all", f"{int(counts.sum()):,}" if len(counts) else 0)])
        cell_rows = "".join(
            f"<tr><td>{html.escape(c)}</td><td>{int(counts.get(c, 0))}</td>"
            f"<td style='text-align:left;white-space:normal'><code>{html.escape(json.dumps(d))}"
            f"</code></td></tr>"
            for c, d in cells.items())
        parts.append(
            f"<h3>{html.escape(src.path)}</h3><table class='t kv'>{rows}</table>"
            f"<details><summary>Every cell's configuration ({len(cells)})</summary><div class='scroll'>"
            f"<table class='t'><tr><th>cell</th><th>games</th><th>configuration</th></tr>{cell_rows}"
            f"</table></div></details>")
    return "".join(parts) + strategy_params_html(sources) + (
        "<p>Game <i>i</i> of every cell of a results folder is dealt from the same root seed, "
        "so cells are compared game by game (common random numbers).</p>")


def strategy_params_html(sources: list) -> str:
    """The parameters in force of every strategy that played (a cell's --param values, else the
    strategy's defaults in this code version) and its fixed weights, one table per strategy:
    a parameter the cells set to several values (a skill axis) lists them in one row."""
    import strategies
    from simcore.errors import UserError
    seen: dict = {}         # (game, strategy) -> the parameter sets its cells gave
    for src in sources:
        game = src.manifest.get("identity", {}).get("game")
        for d in src.manifest.get("cells", {}).values():
            name = d.get("strategy")
            if name:
                sets = seen.setdefault((game, name), {})
                sets.setdefault(json.dumps(d.get("params") or {}, sort_keys=True), None)
    parts = []
    for (game, name), sets in seen.items():
        try:
            s = strategies.get(name, game, load=False)
        except UserError:   # a plug-in no longer importable: its parameters as the run gave them
            s = None
        overs = [json.loads(g) for g in sets]
        params = {k: [v] for k, v in (s.params.items() if s is not None else ())}
        for over in overs:
            for k in over:
                params.setdefault(k, [])
        for k in params:    # each parameter's values over the cells, in the order first played
            vals = [over.get(k, s.params.get(k) if s is not None else None) for over in overs]
            params[k] = list(dict.fromkeys(v for v in vals if v is not None))
        if not params and not (s is not None and s.fixed):
            continue
        given = {k for over in overs for k in over}

        def value(vs):
            return ", ".join(f"{v:g}" for v in sorted(vs)) + (" (per cell)" if len(vs) > 1 else "")
        rows = "".join(
            f"<tr><th>{html.escape(k)}</th><td>{html.escape(value(vs))}</td>"
            f"<td>{'set' if k in given else 'default'}</td>"
            f"<td style='text-align:left;white-space:normal'>"
            f"{html.escape(s.param_help.get(k, '') if s is not None else '')}</td></tr>"
            for k, vs in params.items())
        fixed = "" if s is None or not s.fixed else (
            f"<details><summary>{len(s.fixed)} fixed weights (named constants of its kernels)"
            f"</summary><table class='t kv'>" + "".join(
                f"<tr><th>{html.escape(k)}</th><td>{v:g}</td><td style='text-align:left;"
                f"white-space:normal'>{html.escape(s.param_help.get(k, ''))}</td></tr>"
                for k, v in s.fixed.items()) + "</table></details>")
        what = (f" with {html.escape(', '.join(f'{k}={vs[0]:g}' for k, vs in params.items() if k in given))}"
                if len(overs) == 1 and given else "")
        parts.append(f"<h3>Strategy <code>{html.escape(name)}</code>{what}: its parameters in force</h3>"
                     f"<table class='t kv'><tr><th>parameter</th><th>value</th><th></th>"
                     f"<th>what it weighs</th></tr>{rows}</table>{fixed}")
    return "".join(parts)


def assumptions_html(ctx, rep) -> str:
    if not ctx.assumptions and not ctx.assumption_notes:
        return "<p>No rule value in force is marked <code>source = \"assumed\"</code>.</p>"
    rows = "".join(f"<tr><td>{html.escape(f)}</td><td style='text-align:left'>{html.escape(e)}</td>"
                   f"<td style='text-align:left;white-space:normal'>{html.escape(w)}</td></tr>"
                   for f, e, w in ctx.assumptions)
    notes = "".join(f"<p class='none'>{html.escape(n)}</p>" for n in ctx.assumption_notes)
    how = ", ".join(f"<code>{html.escape(o)}</code>" for o in rep.correct_with)
    return (f"<p>{len(ctx.assumptions)} entries of the rules data in force are marked "
            f"<code>source = \"assumed\"</code> (on the whole entry, or on one of its "
            f"fields as <code>&lt;field&gt;_source</code>), or changed by a knob "
            f"(<code>--assume</code>): values the rulebook does not give, authored "
            f"for the simulation. Results depend on them; correct them in a copy of the data "
            f"({how}) and run again.</p>{notes}"
            + (f"<div class='scroll'><table class='t'><tr><th>file</th><th style='text-align:left'>"
               f"entry</th><th style='text-align:left'>what is assumed</th></tr>{rows}</table></div>"
               if ctx.assumptions else ""))


def titled_table(tables: dict, stem: str, title: str, intro: str, rep) -> str:
    """A section's table `stem` under its title and introduction, with a link to its CSV; ''
    when the report has no such table or it is empty."""
    t = tables.get(stem)
    if t is None or t.empty:
        return ""
    return (f"<h3 id='t-{stem}'>{title}</h3><p>{html.escape(intro)} "
            f"(<a href='tables/{stem}.csv'>{stem}.csv</a>)</p>" + table_html(t, rep))


def _figure(stem, png, caption) -> str:
    return (f"<figure id='{stem}'><img alt='{html.escape(stem)}' src='data:image/png;base64,"
            f"{base64.b64encode(png).decode()}'><figcaption>{html.escape(caption)} "
            f"(<a href='figures/{stem}.png'>{stem}.png</a>)</figcaption></figure>")


def unknowns_html(tables: dict, rep, pngs: dict, captions: dict, setting_label) -> str:
    """The section "How much the unknowns matter": each setting's win rate with its interval
    and its assumption band, the robust conclusions and those that are not, the envelope
    figure and each setting's tornado, and the tables (envelopes, knobs, interactions)."""
    from .sensitivity import band_words, most_sensitive, varied
    analyses = tables.get("_sensitivity") or []
    if not analyses:
        return ""
    from simcore.reportkit import rate_words
    lines = []
    for values, a in analyses:
        e = a["envelope"]
        band = band_words(e, most_sensitive(a)) if varied(analyses) else ""
        lines.append(f"<li><b>{html.escape(setting_label(values, rep))}</b>: "
                     f"{html.escape(rate_words(e['default'], e['default_ci_low'], e['default_ci_high']))}"
                     f"{'; ' + html.escape(band) if band else ''}.</li>")
    if not varied(analyses):   # a game with no knobs: its default rules alone
        return ("<p>This game has no knobs: nothing in its rules is assumed open; the default "
                "rules alone:</p><ul class='answers'>" + "".join(lines) + "</ul>")
    n_sets = max(int(a["envelope"].get("rule_sets", 0)) for _, a in analyses)
    n_samples = max(int(a["envelope"].get("sample_count", 0)) for _, a in analyses)
    n_knobs = max(int(a["knobs"]["knob"].nunique()) if len(a["knobs"]) else 0 for _, a in analyses)
    intro = (f"<p>The rulebook leaves many values unstated; the simulation assumes them (see "
             f"<a href='#assumptions'>Rules assumed</a>). Each of {n_knobs} assumptions (knobs, "
             f"<code>meeplesim assumptions list</code>) has plausible alternatives. A sensitivity "
             f"sweep plays the default rules and {n_sets - 1} other rule sets on the same seeds: "
             f"every alternative alone, {n_samples} rule sets of many knobs at once (a Latin "
             f"hypercube over the knobs' readings), and every knob at its pessimistic or "
             f"optimistic reading at once. The <b>95% interval</b> says how precisely the games "
             f"measured the win rate <i>under the default rules</i>; the <b>band across plausible "
             f"rules</b> is the lowest to the highest win rate over those rule sets: how far the "
             f"number could move if our assumptions are wrong. The band is not a probability "
             f"interval; it is as wide as the alternatives we wrote down.</p>")
    robust = tables.get("robust_conclusions")
    rob = ""
    if robust is not None and not robust.empty:
        holds = robust[robust["holds"]]
        fails = robust[~robust["holds"]]
        rob = "<h3 id='robust'>Robust conclusions</h3>"
        if len(holds):
            rob += ("<p>These hold in every rule set played (the default's order of the two win "
                    "rates is kept in each):</p><ul class='answers'>" + "".join(
                        f"<li>&#10003; {html.escape(r['statement'])} (all {r['rule_sets']} rule "
                        f"sets)</li>" for _, r in holds.iterrows()) + "</ul>")
        if len(fails):
            rob += ("<p>These hold under the default rules but not in every rule set; each with "
                    "the rule sets that break it (their two win rates):</p><ul class='answers'>"
                    + "".join(f"<li>&#10007; {html.escape(r['statement'])}: broken by "
                              f"{len(r['broken_by'].split())} of {r['rule_sets']} rule sets: "
                              f"{html.escape(r['broken'])}</li>" for _, r in fails.iterrows())
                    + "</ul>")
        rob += ("<p class='every'>A rule set breaks a statement when its point estimates reverse "
                "the order; with a few thousand games per rule set, a close pair can reverse by "
                "chance alone.</p>")
    figs = "".join(_figure(k, v, captions[k]) for k, v in pngs.items())
    parts = []
    for stem, title, intro_t in (
            ("sensitivity_envelope", "Envelopes", "Per setting: the default's win rate and 95% "
             "interval, the range over single alternatives and over the sample of many knobs, "
             "the all-pessimistic and all-optimistic sets, the whole envelope, and the knobs "
             "that move it most (those surviving the FDR correction first)."),
            ("sensitivity_knobs", "Every knob's alternatives", "Change in win rate from the "
             "default rules (points, paired game by game), ranked per setting as the tornado; "
             "p from the paired interval; 'survives FDR': Benjamini-Hochberg at 5% over the "
             "setting's alternatives."),
            ("sensitivity_interactions", "Interactions", "Pairs of the knobs with the largest "
             "single effects, played together: the joint change against the sum of the two "
             "single changes; the interaction (joint minus sum) is estimated game by game, and "
             "'named' when its interval excludes 0 and it survives Benjamini-Hochberg over the "
             "pairs. On a win-rate scale two harmful knobs usually add up to less than their "
             "sum: the rate cannot fall below 0%.")):
        parts.append(titled_table(tables, stem, title, intro_t, rep))
    return (intro + "<ul class='answers'>" + "".join(lines) + "</ul>" + rob + figs
            + "".join(parts))


def your_table_html(tables: dict, rep, pngs: dict, captions: dict) -> str:
    """The section "Your table" (reports.table): per calibrated folder, the playtests, the
    fitted skill with its interval and the fit test, the misfit in words, the playtests on
    their curves, the rows with the fit and the predictions; a folder whose games no longer
    support its calibration says so instead."""
    from .table import PREDICTIONS, ROWS, stale_words
    es = tables.get("_your_table") or []
    if not es:
        return ""
    parts = []
    for e in es:
        if e["stale"]:
            parts.append(f"<p class='none'>{html.escape(stale_words(e))}</p>")
            continue
        c, r = e["calibration"], e["calibration"]["result"]
        pt = c["playtests"]
        games = sum(t["games"] for t in pt["tests"])
        fit = ("" if r["fit_p"] is None else
               f"; the test that one skill explains every row gives p = {r['fit_p']:.3f}")
        parts.append(
            f"<p>The playtests of <code>{html.escape(pt['file'])}</code> ({games:,} games in "
            f"{len(pt['tests'])} configuration{'s' if len(pt['tests']) != 1 else ''}, from "
            f"{html.escape(e['source'])}) placed on the game's skill scale (the "
            f"<code>skill</code> strategy, 0 plays like random): {c['games']:,} simulated games "
            f"per configuration and skill at {len(c['skills'])} skills, on seed {c['seed']}, "
            f"{r['games_simulated']:,} in all.</p><ul class='answers'>"
            f"<li>The table plays like a team of skill <b>{r['skill']:.2f}</b> (95% interval "
            f"{r['skill_low']:.2f} - {r['skill_high']:.2f}){html.escape(fit)}.</li>"
            f"<li>{html.escape(c['misfit_words'])}</li></ul>"
            + "".join(f"<p class='every'>note: {html.escape(n)}</p>" for n in c.get("notes", [])))
    figs = "".join(_figure(k, v, captions[k]) for k, v in pngs.items())
    parts.append(figs)
    for stem, title, intro in (
            (ROWS, "The playtests and the fit", "Per configuration played: the table's games and "
             "wins, its win rate with its 95% Wilson interval, the win rate fitted at its skill "
             "with its 95% interval (the skill's uncertainty and the simulation's error carried), "
             "and the row's share of the fit test's deviance (misfit; about 4 or more is a row "
             "that disagrees on its own, at the 5% level)."),
            (PREDICTIONS, "Predicted for this table", "The calibrated table's win rate at every "
             "level and die (and the options given with --across), with a 95% interval that "
             "carries the skill's uncertainty and the simulation's Monte Carlo error; with "
             "--band, the band of the knobs at the fitted skill.")):
        parts.append(titled_table(tables, stem, title, intro, rep))
    return "".join(parts)


def render(ctx, rep, df: pd.DataFrame, sections: list, pngs: dict, captions: dict,
           figure_notes: list, lines: list, unknowns: str = "", yours: str = "") -> str:
    """The page. `sections`: (stem, title, intro, table) in order, each with rows."""
    figs = "".join(
        f"<figure id='{stem}'><img alt='{html.escape(stem)}' src='data:image/png;base64,"
        f"{base64.b64encode(png).decode()}'><figcaption>{html.escape(captions[stem])} "
        f"(<a href='figures/{stem}.png'>{stem}.png</a>)</figcaption></figure>"
        for stem, png in pngs.items())
    figs = "".join(f"<p>{html.escape(n)}</p>" for n in figure_notes) + figs
    tables = "".join(f"<h3 id='t-{stem}'>{html.escape(title)}</h3><p>{html.escape(intro)} "
                     f"(<a href='tables/{stem}.csv'>{stem}.csv</a>)</p>"
                     + (_plain_table(t) if stem == "headline" else table_html(t, rep))
                     for stem, title, intro, t in sections)
    parts = [("answers", "Answers", "<ul class='answers'>" + "".join(
                 f"<li>{html.escape(s)}</li>" for s in lines) + "</ul>" if lines else ""),
             ("your-table", "Your table", yours),
             ("unknowns", "How much the unknowns matter", unknowns),
             ("figures", "Figures", figs), ("tables", "Tables", tables),
             ("configuration", "Configuration and seeds", config_html(ctx.sources, df)),
             ("assumptions", "Rules assumed", assumptions_html(ctx, rep))]
    parts = [p for p in parts if p[2]]
    nav = "".join(f'<a href="#{k}">{t}</a>' for k, t, _ in parts)
    body = "\n".join(f'<h2 id="{k}">{t}</h2>{h}' for k, t, h in parts)
    games = len(df)
    n = df.groupby(['results', 'cell'] if 'results' in df else 'cell',
                   observed=True).ngroups if games else 0
    configs = f"{n} configuration{'s' if n != 1 else ''}"
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{html.escape(ctx.title)}</title>
<style>{CSS}</style></head><body>
<h1>{html.escape(ctx.title)}</h1>
<p class="sub">{games:,} games in {configs},
from {html.escape(', '.join(s.path for s in ctx.sources))}. Intervals are 95%: Wilson for win
rates, paired (game by game) for differences; differences are in percentage points.</p>
<nav>{nav}</nav>
{body}
</body></html>
"""
