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
    as_json: bool = typer.Option(False, "--json", help="Machine-readable output."),
):
    """Exact odds of a one-player game's first trip under `threshold` K: the probability of
    bringing home each number of cakes (dynamic programming over position, cakes carried and
    the cards seen; see simcore/games/cake_race/exact.py).

    Example: meeplesim cake-race exact --threshold 5
    """
    from .catalog import load_catalog
    from .exact import Exact
    try:
        k = int(threshold)
    except ValueError:
        raise UserError(f"--threshold must be a whole number, got '{threshold}'") from None
    cat = load_catalog(data)
    probs = Exact(cat, k).first_trip()
    mean = sum(n * p for n, p in enumerate(probs))
    if as_json:
        typer.echo(json.dumps({"threshold": k, "probabilities": [float(p) for p in probs],
                               "mean": float(mean), "catalog": cat.digest}))
        return
    typer.echo(f"The Smurf cake race, one player, threshold {k}: cakes brought home by the first trip (exact)")
    typer.echo(f"{'cakes':>5}  {'probability':>12}")
    for n, p in enumerate(probs):
        typer.echo(f"{n:>5}  {float(p):>12.6f}")
    typer.echo(f"mean   {float(mean):>12.6f}")
