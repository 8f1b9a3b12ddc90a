"""`meeplesim assumptions list|show|validate`: a game's knobs (its assumptions' plausible
alternatives, simcore/assumptions.py) and the assumed values of its data."""
from __future__ import annotations

import json
from typing import Optional

import typer

from experiments import api

from .common import guarded
from .options import DataOpt, GameOpt, JsonOpt

app = typer.Typer(help="A game's assumptions: each one's question, default, plausible "
                       "alternatives and evidence (the knobs of --assume), and every value of "
                       "its data marked assumed.", no_args_is_help=True)


def _knob_record(k) -> dict:
    return {"kind": "knob", "id": k.id, "question": k.question, "topic": k.topic,
            "rules": list(k.rules), "default": k.default, "default_evidence": k.default_evidence,
            "alternatives": [{"id": a.id, "direction": a.direction, "evidence": a.evidence,
                              "patch": list(a.patches)} for a in k.alternatives]}


@app.command("list")
@guarded
def list_cmd(game: GameOpt = None, data: DataOpt = None, as_json: JsonOpt = False,
             knobs_only: bool = typer.Option(False, "--knobs", help="Only the knobs, not the "
                                             "assumed values of the data.")):
    """Every knob of a game (id, question, default, alternatives with their direction, and the
    evidence for each), then every value of its data marked assumed (file, entry, field).

    `--assume KNOB=ALTERNATIVE` (on play, run, compare; a grid axis `assume`) plays an
    alternative; `--assume all=pessimistic` every knob's pessimistic one.

    Example: meeplesim assumptions list --knobs
    """
    v = api.assumptions(game, data)
    if as_json:
        for k in v.knobs:
            typer.echo(json.dumps(_knob_record(k)))
        if not knobs_only:
            for f, e, w in v.assumed:
                typer.echo(json.dumps({"kind": "assumed", "file": f, "entry": e, "what": w}))
        return
    typer.echo(f"{len(v.knobs)} knobs of {v.game.title} ({v.knobs.path}); "
               f"play one with --assume KNOB=ALTERNATIVE")
    topic = None
    for k in v.knobs:
        if k.topic != topic:
            topic = k.topic
            typer.echo("")
            typer.echo(f"[{topic or 'other'}]")
        typer.echo(f"{k.id}: {k.question}" + (f"  ({', '.join(k.rules)})" if k.rules else ""))
        typer.echo(f"    default {k.default}: {k.default_evidence}")
        for a in k.alternatives:
            typer.echo(f"    {a.id} ({a.direction}): {a.evidence}")
    if knobs_only:
        return
    typer.echo("")
    typer.echo(f"{len(v.assumed)} values of the data are assumed (source = \"assumed\", the "
               f"entry's or the field's):")
    width = max((len(f) for f, _, _ in v.assumed), default=0)
    for f, e, w in v.assumed:
        typer.echo(f"  {f:<{width}}  {e}: {w}")


@app.command("show")
@guarded
def show_cmd(knob: str = typer.Argument(..., help="A knob's id (`meeplesim assumptions list`)."),
             game: GameOpt = None, data: DataOpt = None, as_json: JsonOpt = False):
    """One knob: its question, topic and rule IDs, the default and each alternative with its
    direction, evidence and the patches it makes to the data files.

    Example: meeplesim assumptions show wardrobe
    """
    k = api.assumptions(game, data).knobs.get(knob)
    if as_json:
        typer.echo(json.dumps(_knob_record(k)))
        return
    typer.echo(f"{k.id}: {k.question}")
    if k.topic:
        typer.echo(f"topic        {k.topic}")
    if k.rules:
        typer.echo(f"rules        {', '.join(k.rules)}")
    typer.echo(f"default      {k.default}: {k.default_evidence}")
    for a in k.alternatives:
        typer.echo(f"alternative  {a.id} ({a.direction}): {a.evidence}")
        for p in a.patches:
            typer.echo(f"    patch    {_patch_words(p)}")
    typer.echo(f"play it      --assume {k.id}={k.alternatives[0].id}")


def _patch_words(p: dict) -> str:
    where = p["file"] + (f" [[{p['table']}]] {p['entry'] if isinstance(p['entry'], str) else ', '.join(p['entry'])}"
                         if "table" in p else "")
    parts = [f"{k} = {json.dumps(v)}" for k, v in p.get("set", {}).items()]
    parts += [f"{k} {'+' if v >= 0 else '-'}= {abs(v)}" for k, v in p.get("add", {}).items()]
    parts += [f"at least {p['min']}"] if "min" in p else []
    parts += [f"at most {p['max']}"] if "max" in p else []
    return f"{where}: " + "; ".join(parts)


@app.command("validate")
@guarded
def validate_cmd(file: Optional[str] = typer.Argument(None, help="The knobs file to check "
                                                      "(default: the game's own)."),
                 game: GameOpt = None, data: DataOpt = None):
    """Check a knobs file and report every problem, one line each (the file, the knob, the
    problem): its format, each patch against the data, and the data each alternative makes
    (alone, and all pessimistic or all optimistic at once). Exit code 2 if there is any.

    Example: meeplesim assumptions validate my-assumptions.toml
    """
    knobs, lines = api.validate_assumptions(file, game, data)
    if lines:
        for line in lines:
            typer.echo(f"error: {line}", err=True)
        typer.echo(f"{knobs.path}: {len(lines)} problem{'s' if len(lines) > 1 else ''}", err=True)
        raise typer.Exit(2)
    n_alt = sum(len(k.alternatives) for k in knobs)
    typer.echo(f"ok: {knobs.path}: {len(knobs)} knobs, {n_alt} alternatives; each loads")
