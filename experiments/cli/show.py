"""Text the commands print: pure functions of the API's results (no statistics here)."""
from __future__ import annotations


def value(v) -> str:
    """An option's value in words: lists as 'wardrobe, disguise', booleans on/off."""
    if isinstance(v, (list, tuple)):
        return ", ".join(map(str, v)) if v else "none"
    if isinstance(v, bool):
        return "on" if v else "off"
    if isinstance(v, float):
        return f"{v:g}"
    return str(v)


def options_words(d: dict) -> str:
    """{'die': 'red', 'params': {'k': 3}} -> 'die red, param.k 3'."""
    parts = []
    for k, v in d.items():
        if k == "params":
            parts += [f"param.{pk} {value(pv)}" for pk, pv in v.items()]
        elif k == "data" and v is None:
            parts.append("data default")
        elif v == "":              # an option not given (a game's config keeps "" for it)
            continue
        else:
            parts.append(f"{k.replace('_', ' ')} {value(v)}")
    return ", ".join(parts)


def ci_words(info: dict, z: float) -> str:
    if info["rule"] == "fixed":
        return "95% CI"
    return f"95% CI, sequential: z {z:.3f} over {len(info['looks'])} looks"


def stopping_notes(info: dict) -> list[str]:
    """A note for every unit that stopped at --max-games above its half-width target."""
    return [f"note: {unit} stopped at --max-games {info['max_games']} without reaching the "
            f"half-width target {info['halfwidth_target']:g} (reached {half:.4f})"
            for unit, half in info.get("target_missed", {}).items()]


def pct(x: float) -> str:
    return f"{100 * x:.2f}%"


def run_lines(r) -> list[str]:
    """`run`'s text: what was played, the game's summary lines, the time."""
    out = [f"{r.run.game.title}: {r.run.describe()}; seed {r.run.spec.seed}"]
    out += r.run.game.summary_lines(r.summary, ci_words(r.stopping, r.z))
    from_folder = r.summary["games"] - r.played
    out.append(f"time         {r.seconds:.1f} s ({r.played / max(r.seconds, 1e-9):,.0f} games/s played"
               + (f", {from_folder} games from {r.results}" if from_folder > 0 else "") + ")")
    return out


_HIDDEN = ("catalog", "seed", "mix")      # said elsewhere in compare's header


def compare_lines(c) -> list[str]:
    s = c.stats
    words = ci_words(c.stopping, c.z)
    common = {k: v for k, v in c.common().items()
              if k not in _HIDDEN and v not in (None, [], {})}
    da, db = c.differences()
    desc = {"A": options_words({k: v for k, v in da.items() if k not in ("catalog",)}),
            "B": options_words({k: v for k, v in db.items() if k not in ("catalog",)})}
    width = max(len(desc["A"]), len(desc["B"]), 10)
    out = [f"paired comparison on seed {c.a.spec.seed}, {c.games} games each; both sides: "
           f"{options_words(common)}"]
    for side in ("A", "B"):
        x = s[side.lower()]
        out.append(f"{side}  {desc[side]:<{width}}  win rate {100 * x['win_rate']:6.2f}%  ({words} "
                   f"{pct(x['ci_low'])} - {pct(x['ci_high'])})")
    if s.get("estimable", True):
        out.append(f"A - B  {100 * s['diff']:+.2f} points  (paired {words} {100 * s['diff_ci_low']:+.2f} .. "
                   f"{100 * s['diff_ci_high']:+.2f}; unpaired {100 * s['unpaired_ci_low']:+.2f} .. "
                   f"{100 * s['unpaired_ci_high']:+.2f})")
        out.append(f"pairing removes {100 * s['variance_reduction']:.1f}% of the unpaired variance "
                   f"(correlation of the outcomes {s['correlation']:.3f})")
    else:
        out.append(f"A - B  {100 * s['diff']:+.2f} points  (interval not estimable: "
                   f"{s['why_not_estimable']})")
    return out + stopping_notes(c.stopping)


def sweep_lines(s) -> list[str]:
    words = ci_words(s.stopping, s.z)
    out = [f"{s.grid.name}: {len(s.cells)} cells, seed {s.grid.seed}, results in {s.results}"
           + (f" ({len(s.skipped)} skipped)" if s.skipped else "")]
    width = max(len("cell"), *(len(c.id) for c in s.cells))
    extra = s.extra_columns
    ci_width = 24 if extra else 0
    out.append(f"{'cell':<{width}}  {'games':>8}  {'wins':>8}  {'win rate':>8}  {words:<{ci_width}}"
               + "".join(f"  {k:>14}" for k in extra))
    for r in s.rows:
        ci = f"{pct(r['ci_low'])} - {pct(r['ci_high'])}"
        out.append(f"{r['cell']:<{width}}  {r['games']:>8}  {r['wins']:>8}  {100 * r['win_rate']:7.2f}%  "
                   f"{ci:<{ci_width}}" + "".join(f"  {r[k]:>14.3f}" for k in extra))
    if s.pairs:
        axis = s.grid.compare
        by_id = {r["cell"]: r for r in s.rows}
        out.append("")
        out.append(f"paired differences against {axis} = {value(by_id[s.pairs[0][0]][axis])}"
                   + (", ranked by the change" if s.grid.rank_pairs else ""))
        diffs = [by_id[o] for _, o in s.pairs]
        if s.grid.rank_pairs:
            diffs.sort(key=lambda r: r["diff"])
        for r in diffs:
            out.append(f"{r['cell']:<{width}}  {100 * r['diff']:+7.2f} points  (paired "
                       f"{100 * r['diff_ci_low']:+.2f} .. {100 * r['diff_ci_high']:+.2f}; unpaired "
                       f"{100 * r['unpaired_ci_low']:+.2f} .. {100 * r['unpaired_ci_high']:+.2f})")
    return out + stopping_notes(s.stopping)


def table(rows: list[dict], columns: list[str]) -> list[str]:
    """A plain aligned table (numbers right-aligned)."""
    cells = [[value(r.get(c, "")) for c in columns] for r in rows]
    width = [max(len(c), *(len(x[i]) for x in cells)) for i, c in enumerate(columns)]
    right = [all(isinstance(r.get(c), (int, float)) and not isinstance(r.get(c), bool)
                 for r in rows) for c in columns]
    fmt = lambda xs: "  ".join(x.rjust(w) if rt else x.ljust(w)
                               for x, w, rt in zip(xs, width, right)).rstrip()
    head = fmt([c.replace("_", " ") for c in columns])
    return [head, "-" * len(head)] + [fmt(x) for x in cells]


def ladder_lines(l) -> list[str]:
    b = l.base
    head = (f"{b.game.title}: win odds by {', '.join(l.axes)}; {b.players} players, strategy "
            f"{b.strategy_name}, {l.games} games each, seed {b.spec.seed}"
            + (f", cards {b.catalog.mix}" if b.catalog.mix != "default" else ""))
    return [head] + odds_table(l.rows, l.axes).splitlines()


def odds_table(rows: list[dict], axes=None) -> str:
    """The win-odds table of a ladder: one line per row. `axes`: the configuration columns to
    show (default: the keys the rows list before `games`, but the run-wide ones)."""
    if axes is None:
        keys = list(rows[0]) if rows else []
        keys = keys[:keys.index("games")] if "games" in keys else keys
        axes = [k for k in keys if k not in ("players", "strategy", "seed", "cards", "game", "mix")]
    word = lambda v: ("yes" if v else "no") if isinstance(v, bool) else str(v)
    width = {a: max([len(a)] + [len(word(r[a])) for r in rows]) + 2 for a in axes}
    head = ("".join(f"{a:<{width[a]}}" for a in axes) + f"{'games':>7}{'wins':>7}{'win rate':>10}"
            f"   {'95% CI':<17}{'rounds':>7}")
    lines = [head, "-" * len(head)]
    for r in rows:
        ci = f"{100 * r['ci_low']:.2f}-{100 * r['ci_high']:.2f}%"
        rounds = f"{r['mean_rounds']:>7.2f}" if "mean_rounds" in r else ""
        lines.append("".join(f"{word(r[a]):<{width[a]}}" for a in axes)
                     + f"{r['games']:>7}{r['wins']:>7}{100 * r['win_rate']:>9.2f}%   {ci:<17}{rounds}")
    return "\n".join(lines)


def strategy_params(s, base=None) -> list[str]:
    """A strategy's parameters (--param NAME=VALUE) and fixed weights (named constants of its
    kernels), one line each: name, value, what it weighs. What it shares with `base` (the
    strategy it extends) is named once, not repeated."""
    own = {k: v for k, v in s.params.items() if base is None or k not in base.params}
    fixed = {k: v for k, v in s.fixed.items() if base is None or k not in base.fixed}
    lines = []
    if base is not None:
        shared = f" and {len(base.fixed)} fixed weights" if base.fixed else ""
        lines.append(f"    the {len(base.params)} parameters{shared} of {base.name} (above), and:")
    width = max((len(k) for k in [*own, *fixed]), default=0)
    for k, v in own.items():
        words = {w: x for w, x in s.choices.get(k, {}).items() if x == v}
        shown = next(iter(words), f"{v:g}")
        lines.append(f"    {k:<{width}} = {shown:<7} {s.param_help.get(k, '')}".rstrip())
    if fixed:
        lines.append(f"    fixed weights (named constants; change them in {s.kernels.rpartition('.')[0].replace('.', '/')}/params.py):")
        for k, v in fixed.items():
            lines.append(f"    {k:<{width}} = {v:<7g} {s.param_help.get(k, '')}".rstrip())
    return lines


def curve_lines(c) -> list[str]:
    """Per curve (level, die...): the win rate at each skill with its interval, then the skill
    needed for each target with its bootstrap interval."""
    b = c.base
    lines = [f"{b.game.title}: win rate by skill ({b.strategy_name}); {b.variant.players} players, "
             f"{c.games} games per point, seed {b.spec.seed}, every point on the same seeds"]
    keys = list(c.axes)
    groups: dict = {}
    for r in c.points:
        groups.setdefault(tuple(r[k] for k in keys), []).append(r)
    for vals, rows in groups.items():
        # a game without levels draws one curve: it is named by the options played and, where
        # the other seats play the run's strategy too (the game seats no other), their skills
        # (e.g. a `rival_skill` parameter)
        others = {} if b.game.seated and b.game.seated(b.variant) else {
            k: v for k, v in b.param_values().items() if k.endswith("skill") and k != "skill"}
        name = (", ".join(f"{k} {v}" for k, v in zip(keys, vals)) if keys else
                ", ".join([f"{k} {v}" for k, v in b.variant._asdict().items() if k != "players"]
                          + [f"{k} {v:g}" for k, v in others.items()]))
        lines.append("")
        lines.append(name)
        lines.append("  skill  win rate  95% CI")
        for r in rows:
            lines.append(f"  {r['skill']:5.2f}  {pct(r['win_rate']):>8}  {pct(r['ci_low'])} - {pct(r['ci_high'])}")
        for t in c.thresholds:
            if tuple(t[k] for k in keys) != vals:
                continue
            odds = "even odds" if t["target"] == 0.5 else f"{t['target']:.0%} odds"
            if t["skill"] is None:
                lines.append(f"  {odds}: not reached even at skill 1")
                continue
            ci = ("" if t["ci_low"] is None else
                  f" (95% CI {t['ci_low']:.2f} - {t['ci_high']:.2f}"
                  + (f"; {t['reached']:.0%} of resamples reach it" if t["reached"] < 1 else "") + ")")
            lines.append(f"  {odds} need skill {t['skill']:.2f}{ci}")
    return lines


def sensitivity_lines(r, top: int | None = None) -> list[str]:
    """`sensitivity`'s text per setting: the default's win rate, the knobs ranked by effect
    (a tornado in rows; '*' beyond the paired 95% interval, 'FDR' surviving Benjamini-
    Hochberg), the envelope by kind of rule set, and the interactions named."""
    if not len(r.knobs):            # nothing assumed open: the default rules alone
        return _no_knobs_lines(r)
    out = [f"sensitivity: {len(r.knobs)} knobs, {len(r.rule_sets)} rule sets per setting "
           f"({r.games} games each, paired with the default game by game); "
           f"{r.seconds:.1f} s, {r.played:,} games played"
           + (f"; results in {r.results}" if r.results else "")]
    for s in r.settings:
        a, e = s["analysis"], s["analysis"]["envelope"]
        p = s["played"]
        head = options_words({k: v for k, v in p.items() if k not in ("game",) and v is not None})
        out += ["", f"{s['setting']}: {head}",
                f"default rules: win rate {pct(e['default'])} (95% CI {pct(e['default_ci_low'])} - "
                f"{pct(e['default_ci_high'])}, {e['games']} games)", ""]
        k = a["knobs"]
        rows = k if top is None else k[k["rank"] <= top]
        out.append(f"{'rank':>4}  {'knob = alternative':<44} {'win rate':>8}  {'diff':>7}  "
                   f"{'paired 95% CI':<17} marks")
        for _, x in rows.iterrows():
            ci = ("not estimable" if x["diff_ci_low"] != x["diff_ci_low"] else
                  f"{100 * x['diff_ci_low']:+.1f} .. {100 * x['diff_ci_high']:+.1f}")
            marks = ("*" if x["significant"] else "") + (" FDR" if x["fdr"] else "")
            out.append(f"{int(x['rank']):>4}  {x['knob'] + ' = ' + x['alternative']:<44} "
                       f"{100 * x['win_rate']:7.1f}%  {100 * x['diff']:+7.1f}  {ci:<17} {marks}".rstrip())
        if top is not None and len(rows) < len(k):
            out.append(f"      ... {len(k) - len(rows)} more alternatives (--top 0 lists all)")
        out.append("      * paired 95% interval excludes 0; FDR: survives Benjamini-Hochberg at 5% "
                   f"over the {len(k)} alternatives")
        out.append("")
        out.append("envelope of the win rate:")
        for kind, label in (("single", "single alternatives"), ("sample", "many knobs at once")):
            if e.get(f"{kind}_count"):
                out.append(f"  {label:<24} {pct(e[f'{kind}_low'])} - {pct(e[f'{kind}_high'])}  "
                           f"({e[f'{kind}_count']} rule sets; lowest {e[f'{kind}_low_rules']}, "
                           f"highest {e[f'{kind}_high_rules']})")
        for kind in ("pessimistic", "optimistic"):
            if e.get(kind) is not None:
                out.append(f"  {'all ' + kind:<24} {pct(e[kind])}")
        out.append(f"  {'every rule set':<24} {pct(e['envelope_low'])} - {pct(e['envelope_high'])}  "
                   f"({e['rule_sets']} rule sets)")
        it = a["interactions"]
        if len(it):
            out.append("")
            out.append("interactions (pairs of the largest single effects; joint - sum of the two):")
            for _, x in it.iterrows():
                ci = ("not estimable" if x["interaction_ci_low"] != x["interaction_ci_low"] else
                      f"{100 * x['interaction_ci_low']:+.1f} .. {100 * x['interaction_ci_high']:+.1f}")
                out.append(f"  {x['a']} + {x['b']}: joint {100 * x['diff_joint']:+.1f}, sum "
                           f"{100 * x['diff_sum']:+.1f}, interaction {100 * x['interaction']:+.1f} "
                           f"({ci})" + ("  NAMED" if x["named"] else ""))
    for n in r.notes:
        out.append(f"note: {n}")
    return out + stopping_notes(r.stopping)


def _no_knobs_lines(r) -> list[str]:
    """`sensitivity` of a game with no knobs: it says so, then each setting's default rules."""
    game = r.settings[0]["played"]["game"]
    out = [f"{game} has no knobs: nothing in its rules is assumed open; the default rules alone:"]
    for s in r.settings:
        e, p = s["analysis"]["envelope"], s["played"]
        head = options_words({k: v for k, v in p.items() if k not in ("game",) and v is not None})
        out.append(f"{s['setting'] + ': ' if len(r.settings) > 1 else ''}{head}: win rate "
                   f"{pct(e['default'])} (95% CI {pct(e['default_ci_low'])} - "
                   f"{pct(e['default_ci_high'])}, {e['games']} games)")
    out.append(f"{r.seconds:.1f} s, {r.played:,} games played"
               + (f"; results in {r.results}" if r.results else ""))
    return out + [f"note: {n}" for n in r.notes] + stopping_notes(r.stopping)


def lever_lines(rows: list) -> list[str]:
    """`tune --list-levers`: one line per lever."""
    out = [f"{'lever':<32} {'range':>9} {'step':>4} {'now':>4}  field / what"]
    for r in rows:
        out.append(f"{r['id']:<32} {str(r['low']) + '..' + str(r['high']):>9} {r['step']:>4} "
                   f"{r['current']:>4}  {r['field']}: {r['what']}")
    return out


def tune_lines(r) -> list[str]:
    """`tune`'s table: per target the levers, their current and proposed values, the win rate
    at the proposal on fresh seeds with its 95% interval, the target, whether the interval
    holds it, and the band over the knobs; then the points searched and the games spent."""
    how = ("every value of the range" if r.exhaustive else
           " and ".join(sorted({s.optimiser if s.optimiser == "noisy bisection"
                                else f"{s.optimiser} over the squared miss" for s in r.searches})))
    out = [f"tune ({how}, paired seeds): {r.strategy}"
           + (f" {options_words(r.params)}" if r.params else "")
           + f"; {r.games_spent:,} games in {r.seconds:.1f} s"
           + (f"; results in {r.results}" if r.results else "")]
    if r.calibration is not None:
        f = r.calibration.fit
        out.append(f"calibrated: playtests {r.calibration.playtests.path} place the table at skill "
                   f"{f.skill:.2f} (95% interval {f.low:.2f} - {f.high:.2f}"
                   + (f"; fit p = {f.fit_p:.3f}" if f.fit_p is not None else "")
                   + f"); tuned at the interval's middle, skill {r.params.get('skill'):g}")
        if f.fit_p is not None and f.fit_p < 0.05:
            out.append(f"note: {r.calibration.misfit_words()}")
    out.append("")
    out.append(f"{'target':<18} {'lever':<30} {'now':>4} {'tuned':>5}  {'measured':>8}  "
               f"{'95% CI':<15} {'goal':>6}  {'met':<3}  band over the knobs")
    rows = iter(r.rows)

    def stats(row):
        band = ("-" if row["band_low"] is None else f"{pct(row['band_low'])} - {pct(row['band_high'])}")
        say = (lambda x: f"{x:.1f}") if row["key"] == "rounds" else pct    # a mean, not a rate
        return (f"  {say(row['win_rate']):>8}  {say(row['ci_low']) + ' - ' + say(row['ci_high']):<15} "
                f"{say(row['target']):>6}  {'yes' if row['met'] else 'no':<3}  {band}")

    for s in r.searches:
        for t in s.targets:
            mine = [next(rows) for _ in range(t.answers)]
            levers = list(s.point.items())
            for k in range(max(len(levers), len(mine))):
                key = mine[k]["key"] if k < len(mine) else ""
                lever = (f"{levers[k][0].id:<30} {levers[k][0].current:>4} {levers[k][1]:>5}"
                         if k < len(levers) else " " * 41)
                out.append(f"{key:<18} {lever}{stats(mine[k]) if k < len(mine) else ''}".rstrip())
    for s in r.searches:
        if not s.reachable:
            out.append(f"note: unreachable: {s.why}")
        out += [f"note: {n}" for n in s.notes]
    if r.ends:
        out.append("")
        out.append("the proposal at both ends of the skill interval (fresh seeds, as measured "
                   "above):")
        for e in r.ends:
            out.append(f"  {e['key']:<16} skill {e['skill']:.2f}: {pct(e['win_rate'])} "
                       f"({pct(e['ci_low'])} - {pct(e['ci_high'])}); goal {pct(e['target'])} "
                       f"{'within' if e['met'] else 'outside'} the 95% CI")
    out.append("")
    out.append("searched (point: win rate, or mean rounds, over the paired games played):")
    for s in r.searches:
        for t in s.targets:
            say = (lambda x: f"{x:.1f} rounds") if t.rounds else pct
            tried = ", ".join(f"{p}: {say(x)} ({n})" for p, n, x in s.tried(t))
            out.append(f"  {t.key} {', '.join(lv.id for lv in s.levers)}: {tried}")
    return out


def calibrate_lines(c) -> list[str]:
    """`calibrate`'s text: the skill and its interval, the rows with the fit, the misfit in
    words, the predictions."""
    f = c.fit
    est = f"{f.skill:.2f} (95% interval {f.low:.2f} - {f.high:.2f})"
    lines = [f"{c.game.title}: playtests {c.playtests.path}, {c.playtests.games} games in "
             f"{len(c.rows)} configurations; {c.games} simulated games per configuration and "
             f"skill at {len(c.skills)} skills, seed {c.seed}",
             f"skill {est}"
             + (f"; fit p = {f.fit_p:.3f}" if f.fit_p is not None else ""), ""]
    keys = c.playtests.columns
    rows = [{**{k: value(r["labels"][k]) for k in keys}, "games": r["games"], "wins": r["wins"],
             "won": pct(r["win_rate"]), "95% CI": f"{pct(r['ci_low'])} - {pct(r['ci_high'])}",
             "fitted": pct(r["fitted"]),
             "fitted 95%": f"{pct(r['fitted_low'])} - {pct(r['fitted_high'])}",
             "misfit": f"{r['deviance']:.1f}"} for r in c.rows]
    lines += table(rows, keys + ["games", "wins", "won", "95% CI", "fitted", "fitted 95%", "misfit"])
    lines += ["", c.misfit_words(), ""]
    pkeys = list(c.predictions[0]["labels"]) if c.predictions else []
    banded = any("band_low" in p for p in c.predictions)
    band = lambda p: ("" if p.get("band_low") is None else
                      f"{pct(p['band_low'])} - {pct(p['band_high'])}")
    preds = [{**{k: value(p["labels"][k]) for k in pkeys}, "win rate": pct(p["win_rate"]),
              "95% CI": f"{pct(p['ci_low'])} - {pct(p['ci_high'])}", "knob band": band(p)}
             for p in c.predictions]
    lines.append(f"predicted for this table (skill {est}):")
    lines += table(preds, pkeys + ["win rate", "95% CI"] + (["knob band"] if banded else []))
    if banded:
        lines.append(f"knob band: the win rate at skill {f.skill:.2f} over the rulebook's "
                     f"readings (`meeplesim sensitivity`)")
    lines.append(f"{c.games_simulated:,} simulated games ({c.played:,} played now)"
                 + (f"; knob band: {c.band_games:,} games a rule set ({c.band_played:,} played now)"
                    if banded else "")
                 + (f"; results in {c.results}" if c.results else ""))
    return lines
