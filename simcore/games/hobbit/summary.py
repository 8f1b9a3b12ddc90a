"""What `run` reports for the Hobbit deck-builder: the focal seat's win rate (Wilson 95%; in
the co-operative variant, the Company's), win rate by seat, how often Smaug the Terrible fell
and how games ended, VP and margin, game length, the chapter change, and each hero's record."""
from __future__ import annotations

import numpy as np

from ...seating import seats_words
from ...stats import mean_ci, wilson_interval
from ...summarykit import (Accumulating, loss_lines, pct, seat_finish, seat_lines,
                           seat_partial, total)
from . import consts as K

_SUMS = ("turns", "rounds", "vp", "margin", "deck", "stash", "corruption", "defeats")


def _partial(results: np.ndarray) -> dict:
    """Sufficient statistics of some games (exact integer sums: they add up chunk by chunk)."""
    f = {n: i for i, n in enumerate(K.RESULT_FIELDS)}
    col = lambda name: results[:, f[name]]
    vp = col("vp").astype(np.int64)
    turns = col("turns").astype(np.int64)
    ends = {name: int((col("end") == code).sum()) for code, name in K.END_NAMES.items() if code}
    chapter = col("chapter_turn")
    heroes: dict = {}
    for h in np.unique(col("hero")).tolist():
        sel = col("hero") == h
        heroes[int(h)] = {"games": int(sel.sum()), "wins": int((col("outcome")[sel] == K.WIN).sum())}
    return {
        **seat_partial(results, K.RESULT_FIELDS, K, "vp"),
        "smaug": int(col("smaug").sum()), "ends": ends,
        "chapter_games": int((chapter > 0).sum()), "chapter_turns": total(chapter),
        "vp_sq": int((vp * vp).sum()), "turns_sq": int((turns * turns).sum()),
        "heroes": heroes,
        **{name: total(col(name)) for name in _SUMS},
    }


def _finish(p: dict) -> dict:
    games = p["games"]
    vp, vp_lo, vp_hi = mean_ci(p["vp"], p["vp_sq"], games)
    turns, t_lo, t_hi = mean_ci(p["turns"], p["turns_sq"], games)
    per = lambda key: p[key] / games if games else 0.0
    shared = seat_finish(p, K, "vp")
    reasons = shared.pop("loss_reasons")
    s_lo, s_hi = wilson_interval(p["smaug"], games)
    heroes = {}
    for h, v in sorted(p["heroes"].items()):
        a, b = wilson_interval(v["wins"], v["games"])
        heroes[h] = {"games": v["games"], "wins": v["wins"],
                     "win_rate": v["wins"] / v["games"] if v["games"] else 0.0,
                     "ci_low": a, "ci_high": b}
    return {
        **shared,
        "smaug_rate": per("smaug"), "smaug_ci_low": s_lo, "smaug_ci_high": s_hi,
        "ends": p["ends"],
        "mean_vp": vp, "vp_ci_low": vp_lo, "vp_ci_high": vp_hi, "mean_margin": per("margin"),
        "mean_turns": turns, "turns_ci_low": t_lo, "turns_ci_high": t_hi,
        "mean_rounds": per("rounds"),
        "chapter_rate": p["chapter_games"] / games if games else 0.0,
        "mean_chapter_turn": p["chapter_turns"] / p["chapter_games"] if p["chapter_games"] else 0.0,
        "mean_deck": per("deck"), "mean_stash": per("stash"),
        "mean_corruption": per("corruption"), "mean_defeats": per("defeats"),
        "by_hero": heroes,
        "loss_reasons": reasons,
    }


def _extras(p: dict) -> dict:
    """A sweep cell's own numbers beside its win rate: Smaug's fall, VP, margin, length."""
    games = max(1, p["games"])
    return {"smaug_rate": p["smaug"] / games, "mean_vp": p["vp"] / games,
            "mean_margin": p["margin"] / games, "mean_turns": p["turns"] / games}


summarize = Accumulating(_partial, _finish)
cell_extras = Accumulating(_partial, _extras)


def summary_lines(s: dict, ci_words: str = "95% CI") -> list[str]:
    ends = ", ".join(f"{k} {v}" for k, v in sorted(s["ends"].items()) if v)
    out = seat_lines(s, ci_words) + [
        f"Smaug fell   {pct(s['smaug_rate'])} of games (95% CI {pct(s['smaug_ci_low'])} - "
        f"{pct(s['smaug_ci_high'])}); ends: {ends or 'none'}",
        f"VP           {s['mean_vp']:.2f} (95% CI {s['vp_ci_low']:.2f} - {s['vp_ci_high']:.2f}); "
        f"margin to the best other seat {s['mean_margin']:+.2f}",
        f"game length  {s['mean_turns']:.1f} turns (95% CI {s['turns_ci_low']:.1f} - "
        f"{s['turns_ci_high']:.1f}), {s['mean_rounds']:.1f} rounds; the chapter changed in "
        f"{pct(s['chapter_rate'])} of games, at turn {s['mean_chapter_turn']:.1f} (mean)",
        f"deck         {s['mean_deck']:.1f} cards, {s['mean_stash']:.1f} in the Stash, "
        f"{s['mean_corruption']:.2f} Corruptions gained, {s['mean_defeats']:.2f} archenemy defeats",
    ]
    return out + loss_lines(s)


def describe(variant, strategy: str, mix: str = "default") -> str:
    words = [seats_words(variant, strategy)]
    words.append(f"mode {variant.mode}")
    if variant.start != "auj":
        words.append("from the chapter change")
    if variant.heroes != "random":
        words.append(f"heroes {variant.heroes}")
    elif variant.pool != "all":
        words.append(f"heroes from {variant.pool}")
    if variant.hero_shift:
        words.append(f"heroes shifted {variant.hero_shift}")
    if mix != "default":
        words.append(f"data {mix}")
    return ", ".join(words)
