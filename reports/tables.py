"""Text tables from summary rows (dicts with level, die, hungry, games, wins, win_rate,
ci_low, ci_high, mean_rounds)."""
from __future__ import annotations


def odds_table(rows: list[dict]) -> str:
    """The win-odds table of `meeplesim ladder`: one line per level and die."""
    head = (f"{'level':<18}{'die':<7}{'hungry':<8}{'games':>7}{'wins':>7}{'win rate':>10}"
            f"   {'95% CI':<17}{'rounds':>7}")
    lines = [head, "-" * len(head)]
    for r in rows:
        ci = f"{100 * r['ci_low']:.2f}-{100 * r['ci_high']:.2f}%"
        lines.append(f"{r['level']:<18}{r['die']:<7}{'yes' if r['hungry'] else 'no':<8}"
                     f"{r['games']:>7}{r['wins']:>7}{100 * r['win_rate']:>9.2f}%   {ci:<17}"
                     f"{r['mean_rounds']:>7.2f}")
    return "\n".join(lines)
