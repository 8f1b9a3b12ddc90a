"""Commands that look after results folders: `verify` checks every chunk (and repairs)."""
from __future__ import annotations

import typer

from experiments import api

from .common import Bar, guarded
from .options import JobsOpt

app = typer.Typer()


def _health_lines(h) -> list[str]:
    lines = [f"{h.folder}: {h.words()}"]
    lines += [f"  bad {rel}: {why}" for rel, why in h.bad]
    for cid, gaps in h.missing.items():
        ranges = ", ".join(f"{a}..{b - 1}" for a, b in gaps[:5]) + (", ..." if len(gaps) > 5 else "")
        lines.append(f"  missing cell '{cid}': {sum(b - a for a, b in gaps)} games ({ranges})")
    return lines


@app.command()
@guarded
def verify(
    results: str = typer.Argument(..., metavar="RESULTS_DIR", help="A results folder."),
    repair: bool = typer.Option(False, "--repair", help="Move the bad chunks into "
                                "RESULTS_DIR/quarantine/ and replay every missing game."),
    jobs: JobsOpt = None,
):
    """Check every chunk of a results folder: readable, holding the cell and games its name
    says, each game once, its checksum; and the games missing. Exits 1 if anything is wrong
    (after --repair: if anything is still wrong).

    Example: meeplesim verify results/ladder

    Example: meeplesim verify results/ladder --repair --jobs 2
    """
    ex = api.Execution(jobs=jobs, progress=Bar("repairing"))
    with ex.progress:
        v = api.verify(results, repair, ex)
    for line in _health_lines(v.before):
        typer.echo(line)
    if v.after is not None:
        for line in v.quarantined:
            typer.echo(f"repaired: {line}")
        typer.echo(f"repaired: replayed {v.played} games")
        for line in _health_lines(v.after):
            typer.echo(line)
    if not v.ok:
        if v.after is None:
            typer.echo(f"repair with: meeplesim verify {results} --repair", err=True)
        raise typer.Exit(1)
