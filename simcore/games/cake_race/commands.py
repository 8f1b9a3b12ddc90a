"""The cake race's own commands: `meeplesim cake-race ...` (mounted by the command line, which
wraps each in its error guard: bad input is one `error:` line, exit 2)."""
from __future__ import annotations

import json
from typing import Optional

import typer

from ...errors import UserError

app = typer.Typer(add_completion=False, no_args_is_help=True, rich_markup_mode=None,
                  help="The Smurf cake race's own commands.\n\nExample:\n\n"
                       "  meeplesim cake-race exact --threshold 5")


@app.command()
def exact(
    threshold: str = typer.Option(..., "--threshold", "-k", help="Leave the cake at K cakes (1 to the carry cap)."),
    data: Optional[str] = typer.Option(None, "--data", help="Folder of rules data files replacing the defaults."),
    option: list[str] = typer.Option([], "--option", "-o", help="A rule choice NAME=VALUE (repeatable): "
                                     "hat_spent, caught_loses, chase_first, exact_home, e.g. -o hat_spent=false."),
    as_json: bool = typer.Option(False, "--json", help="Machine-readable output."),
):
    """Exact odds of a one-player game's first trip under `threshold` K: the probability of
    bringing home each number of cakes (dynamic programming over position, cakes carried and
    the cards seen; see simcore/games/cake_race/exact.py).

    Example: meeplesim cake-race exact --threshold 5 -o hat_spent=false
    """
    from .catalog import KNOBS, load_catalog
    from .config import OPTIONS
    from .exact import Exact
    try:
        k = int(threshold)
    except ValueError:
        raise UserError(f"--threshold must be a whole number, got '{threshold}'") from None
    by_name = {o.name: o for o in OPTIONS if o.name in KNOBS}
    rules = {}
    for text in option:
        name, sep, value = text.partition("=")
        name = name.strip().replace("-", "_")
        if not sep or name not in by_name:
            raise UserError(f"-o {text}: give NAME=VALUE, NAME one of {', '.join(by_name)}")
        rules[name] = by_name[name].parse(value, f"-o {text}")
    cat = load_catalog(data, **rules)
    probs = Exact(cat, k).first_trip()
    mean = sum(n * p for n, p in enumerate(probs))
    if as_json:
        typer.echo(json.dumps({"threshold": k, "probabilities": [float(p) for p in probs],
                               "mean": float(mean), "rules": cat.mix, "catalog": cat.digest}))
        return
    rules_note = "" if cat.mix == "default" else f" ({cat.mix})"
    typer.echo(f"The Smurf cake race, one player, threshold {k}{rules_note}: cakes brought home by the first trip (exact)")
    typer.echo(f"{'cakes':>5}  {'probability':>12}")
    for n, p in enumerate(probs):
        typer.echo(f"{n:>5}  {float(p):>12.6f}")
    typer.echo(f"mean   {float(mean):>12.6f}")
