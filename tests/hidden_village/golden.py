"""The golden games: 300 games of seed 2026 with 3 players for each recorded level, die and
strategy, kept as their win count and the SHA-256 of their result rows
(golden_results.json). tests/test_speed_contracts.py checks that the engine still plays
exactly these games; `scripts/update-golden STRATEGY...` records them again for the named
strategies only, when a change to those strategies is meant to change their play (say why in
the commit message)."""
from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

FILE = Path(__file__).parent / "golden_results.json"
SEED, GAMES, PLAYERS = 2026, 300, 3


def recorded() -> dict:
    return json.loads(FILE.read_text())


def play(cat, key: str) -> dict:
    """The golden entry of `key` ('level/die/strategy') as the engine plays it now."""
    import strategies
    from simcore.games.hidden_village import make_config, run_games
    level, die, name = key.split("/")
    C, _ = make_config(cat, level=level, die=die, players=PLAYERS)
    s = strategies.get(name)
    rows = run_games(cat, C, s.kernel_id, s.param_vector(), SEED, 0, GAMES)
    return {"sha256": hashlib.sha256(rows.tobytes()).hexdigest(), "wins": int((rows[:, 0] == 1).sum())}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="scripts/update-golden", description=__doc__.split("\n\n")[0])
    ap.add_argument("strategies", nargs="+", help="the strategies whose golden games to record again")
    args = ap.parse_args(argv)
    golden = recorded()
    known = sorted({k.split("/")[2] for k in golden})
    unknown = [s for s in args.strategies if s not in known]
    if unknown:
        print(f"error: no golden games for {', '.join(unknown)} (recorded: {', '.join(known)})",
              file=sys.stderr)
        return 2
    from simcore.games.hidden_village import load_catalog
    cat = load_catalog()
    for key in sorted(golden):
        if key.split("/")[2] not in args.strategies:
            continue
        new = play(cat, key)
        old = golden[key]
        what = "unchanged" if new == old else f"wins {old['wins']} -> {new['wins']}, rows changed"
        print(f"{key:<32} {what}")
        golden[key] = new
    FILE.write_text(json.dumps(golden, indent=1) + "\n")
    print(f"wrote {FILE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
