"""What the balance report says of Hidden Village (`Game.report`): its configuration columns
and their order, the words for its results, loss reasons and objectives, the comparisons it
makes (the red die, the Hungry Cracoucass), and its answers in plain sentences. Read by
`reports/` through simcore.reportkit.Report; nothing here draws or writes."""
from __future__ import annotations

from ...reportkit import (Axis, Comparison, Objective, Report, a_an, count, interval_words, pct,
                          points, rate_words, select)
from . import consts as K

LEVEL_ORDER = ("standard", "complex", "terrible", "smurfnightmarish")
STRATEGY_ORDER = ("random", "first", "greedy", "planner", "rollout")     # weakest first


def level_name(level) -> str:
    return str(level).replace("-", " ").replace("_", " ").title()


AXES = (
    Axis("level", "level", LEVEL_ORDER, words=level_name, phrase=level_name),
    Axis("die", "die", ("white", "red"), phrase=lambda d: f"{d} die"),
    Axis("hungry", "Hungry Cracoucass", (False, True), words=lambda h: "on" if h else "off",
         phrase=lambda h: "Hungry" if h else ""),
    Axis("players", "players", phrase=lambda p: count(p, "player")),
    Axis("too_late", "Too Late", ("bottom",),
         phrase=lambda v: "" if v == "bottom" else f"Too Late {v}"),
    Axis("finite_supply", "finite supply", (False, True), words=lambda v: "yes" if v else "no",
         phrase=lambda v: "finite supply" if v else ""),
    Axis("strategy", "strategy", STRATEGY_ORDER, phrase=lambda s: f"{s} team"),
    Axis("mix", "card mix", ("default",), phrase=lambda m: "" if m == "default" else f"cards {m}"),
    Axis("assume", "knobs in force", ("none",),
         phrase=lambda a: "" if a == "none" else f"assuming {a}"),
)

FIELDS = {
    "outcome": "outcome", "loss_reason": "loss reason", "rounds": "rounds", "turns": "turns",
    "forest_left": "lost Smurfs left", "houses_left": "houses left", "cakes_left": "cakes left",
    "dangerous_actions": "dangerous actions", "cracoucass_attacks": "Cracoucass attacks",
    "rescues": "rescues", "crafted": "inventions crafted", "houses_built": "houses built",
    "cakes_done": "cakes prepared", "actions": "actions", "abilities": "abilities used",
    "inventions_used": "inventions used",
}
assert set(FIELDS) == set(K.RESULT_FIELDS), "label every result field"

LOSS_LABELS = {"too-late": "Too Late", "gargamel-deck-empty": "Gargamel deck empty"}

OBJECTIVES = (Objective("forest_left", "lost Smurfs", "lost Smurfs still in the Dark Forest"),
              Objective("houses_left", "houses", "houses unbuilt"),
              Objective("cakes_left", "cakes", "cakes unprepared"))


def card_names(catalog) -> dict:
    """Card id -> name over the four card kinds (card-impact rows name their cards)."""
    return {r["id"]: r["name"] for rows in (catalog.smurfs, catalog.inventions, catalog.cakes,
                                            catalog.gargamel) for r in rows}


def card_mix(mix: str):
    """A mix's name (catalog.load_catalog: '<base>-without-<id>+<id>') -> (base, removed ids)."""
    if "-without-" in mix:
        stem, ids = mix.split("-without-", 1)
        return stem, frozenset(ids.split("+"))
    return mix, frozenset()


# ----------------------------------------------------------------------------- answers
def answers(ov) -> list[str]:
    """The questions a designer asks, answered in plain sentences from the report's tables."""
    out = []
    t, p = ov.tables["win_odds"], ov.players
    t = select(t, players=p)
    levels = ov.values(t, "level")
    best = ov.strategies[0]
    phrase = ov.report.phrase
    # 1. how hard is each level
    for lv in levels:
        v = ov.usual(t, level=lv)
        if not v:
            continue
        s = select(t, level=lv, **v)
        parts = [f"{a_an(strat)} team wins {rate_words(r['win_rate'], r['ci_low'], r['ci_high'])}"
                 for strat in ov.strategies for _, r in select(s, strategy=strat).head(1).iterrows()]
        if parts:
            out.append(f"At {level_name(lv)} ({phrase(v)}) with {count(p, 'player')}, "
                       + "; ".join(parts) + f" ({int(s['games'].iloc[0])} games each).")
    # 2. the red die, 3. the Hungry Cracoucass, per level with the other variant at its usual
    for stem, what in (("die_delta", "The red die instead of the white one"),
                       ("hungry_delta", "The Hungry Cracoucass")):
        d = ov.tables.get(stem)
        if d is None or d.empty:
            continue
        s = select(d, players=p, strategy=best)
        rows = [select(s, level=lv, **ov.usual(s, level=lv)).head(1) for lv in ov.values(s, "level")]
        parts = [f"{points(r['diff'])} points at {level_name(r['level'])} ({interval_words(r)})"
                 for x in rows for _, r in x.iterrows()]
        if parts:
            estimable = any("not estimable" not in x for x in parts)
            out.append(f"{what} changes {a_an(best)} team's win rate ({count(p, 'player')}) by "
                       + ", ".join(parts) + (" (paired 95% intervals)." if estimable else "."))
    # 4. how much skill matters
    skill = ov.tables.get("skill_gap")
    if skill is not None and not skill.empty:
        s = select(skill, players=p)
        parts = []
        for lv in levels:
            v = ov.usual(s, level=lv)
            for _, r in select(s, level=lv, **v).head(1).iterrows() if v else ():
                parts.append(f"{points(r['diff'])} points at {level_name(lv)} ({r['best']}, "
                             f"{interval_words(r)})")
        if parts:
            out.append(f"Skill: the strategy that wins most among those played here wins more "
                       f"often than a random team ({count(p, 'player')}) by "
                       + ", ".join(parts) + ".")
    # 5. how close losses come, at the hardest level for the strategy that wins most here
    losses = ov.tables.get("loss_reasons")
    if losses is not None and not losses.empty:
        s = select(losses, players=p, strategy=best)
        s = s[s["losses"] > 0]
        if len(s):
            rates = t.set_index("cell")["win_rate"]
            r = s.loc[s["cell"].map(rates).idxmin()]
            why = ", ".join(f"{pct(r[f'{k}_share'], 0)} {k.replace('-', ' ')}"
                            for k in LOSS_LABELS if r.get(f"{k}_share", 0) > 0)
            out.append(f"When {a_an(best)} team loses at {level_name(r['level'])} "
                       f"({phrase({k: r[k] for k in ov.report.variants if k in r})}, {count(p, 'player')}; "
                       f"{int(r['losses'])} losses: {why}), it ends on average "
                       f"{r['mean_forest_left']:.1f} lost Smurfs, {r['mean_houses_left']:.1f} houses "
                       f"and {r['mean_cakes_left']:.1f} cakes short; {pct(r['one_step_share'], 0)} "
                       f"of those losses were one item from victory.")
    # 6. which cards matter
    impact = ov.tables.get("card_impact")
    if impact is not None and not impact.empty:
        label = lambda ids: " + ".join(ov.card_names.get(i, i) for i in ids.split("+"))
        lo, hi = impact.iloc[0], impact.iloc[-1]
        where = (f"{level_name(lo['level'])}, {lo['strategy']} team, "
                 f"{count(int(lo['players']), 'player')}")
        sig = impact[(impact["diff_ci_high"] < 0) | (impact["diff_ci_low"] > 0)]
        ci = lambda r: f"{points(r['diff'])} points, {interval_words(r)}"
        words = [f"removing {label(lo['removed'])} "
                 + ("hurts the team most" if lo["diff"] < 0 else "helps the team least") + f" ({ci(lo)})"]
        if len(impact) > 1:
            words.append(f"removing {label(hi['removed'])} "
                         + ("helps it most" if hi["diff"] > 0 else "hurts it least") + f" ({ci(hi)})")
        fdr = int(impact["fdr"].sum()) if "fdr" in impact.columns else None
        out.append(f"Cards ({where}, {int(lo['games'])} games per mix): " + "; ".join(words)
                   + f"; {len(sig)} of {len(impact)} removals change the win rate beyond their "
                   f"paired 95% interval, where about {round(0.05 * len(impact))} would by chance"
                   + (f"; {fdr} survive a Benjamini-Hochberg false-discovery-rate correction at 5%."
                      if fdr is not None else "."))
    return out


REPORT = Report(
    axes=AXES, x="level", variants=("die", "hungry"), headline_by="strategy", players=3,
    fields=FIELDS, lost=K.LOSS,
    loss_reasons={code: (key, LOSS_LABELS[key]) for code, key in K.LOSS_REASONS.items() if key},
    objectives=OBJECTIVES, length="rounds", length_unit="round",
    comparisons=(
        Comparison("die", "white", "red", "Red die vs white die",
                   "Red die minus white die, everything else equal, paired game by game "
                   "(points; paired and unpaired 95% intervals)."),
        Comparison("hungry", False, True, "Hungry Cracoucass on vs off",
                   "Hungry Cracoucass on minus off, everything else equal, paired game by game "
                   "(points)."),
    ),
    figures=("win_rate", "heatmap", "survival", "loss_proximity", "card_impact"),
    who="team", ends_words="victory or with Too Late",
    answers=answers, cards=card_names, card_mix=card_mix, correct_with=("--data", "--cards"),
)
