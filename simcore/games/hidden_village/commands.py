"""Hidden Village's own commands, mounted as `meeplesim hidden-village ...`: the cards of a
mix (list, show, validate a card catalog file). The command line wraps each in its error guard
(bad input: one `error:` line, exit 2)."""
from __future__ import annotations

import json
from typing import List, Optional

import typer

from . import catalog

DataOpt = typer.Option(None, "--data",
                       help="Folder of rules data files; each file there replaces the default one.")
CardsOpt = typer.Option(None, "--cards",
                        help="A card catalog file (TOML with [[smurf]], [[invention]], [[cake]] and "
                             "[[gargamel]] tables) replacing the four card files.")
WithoutOpt = typer.Option(None, "--without",
                          help="Remove a card from the mix by id (repeatable).")
JsonOpt = typer.Option(False, "--json", help="Machine-readable output.")


app = typer.Typer(
    add_completion=False, no_args_is_help=True, rich_markup_mode=None,
    help="Hidden Village's own commands.\n\nExample:\n\n  meeplesim hidden-village cards list",
)
cards_app = typer.Typer(
    add_completion=False, no_args_is_help=True, rich_markup_mode=None,
    help="The cards of the mix: list them, show one, validate a card catalog file.\n\n"
         "Examples:\n\n"
         "  meeplesim hidden-village cards list\n\n"
         "  meeplesim hidden-village cards show beta-smurf\n\n"
         "  meeplesim hidden-village cards validate my-cards.toml",
)
app.add_typer(cards_app, name="cards")


def _load_mix(data, cards, without):
    return catalog.load_catalog(data, cards=cards, without=tuple(without or ()))


def _inline(value):
    """A data value as TOML inline syntax ({ op = "draw", amount = 2 })."""
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {_inline(v)}" for k, v in value.items()) + " }"
    if isinstance(value, list):
        return "[" + ", ".join(_inline(v) for v in value) + "]"
    return json.dumps(value)


@cards_app.command("list")
def cards_list(data: Optional[str] = DataOpt, cards: Optional[str] = CardsOpt,
               without: Optional[List[str]] = WithoutOpt, as_json: bool = JsonOpt):
    """List every card of the mix: id, name, kind, source, text.

    One row per card, grouped Smurf, Invention, Cake, Gargamel. --json prints JSON lines with
    the effects, invention costs, Azrael values and cake prerequisites too.

    Example: meeplesim hidden-village cards list --without beta-smurf
    """
    cat = _load_mix(data, cards, without)
    records = catalog.card_records(cat)
    if as_json:
        for rec in records:
            typer.echo(json.dumps(rec))
        return
    cols = ("category", "id", "name", "kind", "source")
    width = {c: max([len(c)] + [len(str(r[c])) for r in records]) for c in cols}
    typer.echo("  ".join(c.ljust(width[c]) for c in cols) + "  text")
    for r in records:
        typer.echo("  ".join(str(r[c]).ljust(width[c]) for c in cols) + "  " + r["text"])
    n = {c: sum(1 for r in records if r["category"] == c) for c in catalog.CATEGORY_TITLES}
    typer.echo(f"{len(records)} cards: " + ", ".join(f"{n[c]} {t}" for c, t in catalog.CATEGORY_TITLES.items())
               + f"; mix {cat.mix}")


@cards_app.command("show")
def cards_show(card_id: str = typer.Argument(..., help="The card's id (see `meeplesim hidden-village cards list`)."),
               data: Optional[str] = DataOpt, cards: Optional[str] = CardsOpt,
               without: Optional[List[str]] = WithoutOpt, as_json: bool = JsonOpt):
    """Every field of one card, as in its data file.

    Example: meeplesim hidden-village cards show robot-assistant
    """
    cat = _load_mix(data, cards, without)
    found = catalog.find_card(cat, card_id)     # by id, or by a former id (an alias)
    if as_json:
        recs = {r["id"] + r["category"]: r for r in catalog.card_records(cat)}
        for category, row in found:
            typer.echo(json.dumps(recs[row["id"] + category]))
        return
    for i, (category, row) in enumerate(found):
        if i:
            typer.echo("")
        fields = {"id": row["id"], "category": category, "kind": catalog.card_kind(category, row), **row}
        width = max(len(k) for k in fields)
        for key, value in fields.items():
            if key == "effects" and value:
                typer.echo(f"{key.ljust(width)}  {_inline(value[0])}")
                for eff in value[1:]:
                    typer.echo(f"{'': <{width}}  {_inline(eff)}")
            else:
                typer.echo(f"{key.ljust(width)}  {value if isinstance(value, str) else _inline(value)}")


@cards_app.command("validate")
def cards_validate(file: str = typer.Argument(..., help="The card catalog file to check."),
                   data: Optional[str] = typer.Option(
                       None, "--data", help="Folder of rules data files to check against "
                                            "(board, levels, setup); default: the shipped ones.")):
    """Check a card catalog file and report every problem.

    The file holds [[smurf]], [[invention]], [[cake]] and [[gargamel]] tables, in the format of
    the four card files. Each problem is one line naming the file, the card and the field;
    the exit code is 2 if there is any.

    Example: meeplesim hidden-village cards validate my-cards.toml
    """
    problems, summary = catalog.validate_cards(file, data)
    if problems:
        for e in problems:
            typer.echo(f"error: {e}", err=True)
        n = len(problems)
        typer.echo(f"{file}: {n} problem{'s' if n > 1 else ''}", err=True)
        raise typer.Exit(2)
    for note in summary["notes"]:
        typer.echo(f"note: {note}: that cannot be played with these cards")
    typer.echo(f"ok: {file}: {summary['smurfs']} Smurf cards ({summary['starting']} starting, "
               f"{summary['lost']} lost), {summary['inventions']} inventions, {summary['cakes']} cakes, "
               f"{summary['gargamel']} Gargamel cards; mix {summary['mix']}")
