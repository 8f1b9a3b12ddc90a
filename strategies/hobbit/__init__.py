"""The Hobbit deck-builder's own strategies: their kernels (big_money.py, greedy.py with
values.py, lookahead.py, skill.py) and here their names, descriptions and parameters. The
game's rules never import them: a strategy's module binds its compiled chooser into the rules'
chooser table when it is imported (simcore.linked), which `strategies.get` does for the
strategies a run seats. Each also gives the game its default parameters, for the seats
`--rivals` and `--seat-strategy` give it."""
from strategies.hobbit.ids import BIG_MONEY, GREEDY, LOOKAHEAD, SKILL

from .. import Strategy, register
from . import greedy_params as _gr
from . import lookahead_params as _la
from . import skill_params as _sk

GREEDY_HELP = {
    "power": "points per Power a card gives when played",
    "draw": "points per card a card draws",
    "vp": "points per Victory Point at the end of the game (less before: vp_early; none in co-op)",
    "vp_early": "the share of `vp` a Victory Point is worth at the start of the journey (it "
                "grows with the phase: the chapter, the main deck and the archenemies spent)",
    "destroy": "points per card a card may destroy from the hand or the discard pile",
    "stash": "points per card a card may Stash",
    "attack": "points per point of harm an Attack does to an opponent (a Corruption: "
              "`corruption`, a card discarded: 0.6); in co-op it counts against the card, "
              "twice per partner, and greedy neither buys Attacks nor plays one that harms more "
              "than it gives",
    "defense": "points for a Defense card (it avoids an Attack)",
    "corruption": "what gaining a Corruption costs, in points (Attacks' and Ambushes' harm)",
    "loot": "points a fight is worth beyond the card it gains (in Impossible and co-op every "
            "fight is taken first)",
    "location": "a Location's ongoing text counts this many times its row's worth",
    "fade": "the share of a card's effects lost by the end of the game (effects early, VP late)",
    "dilute": "points taken off every card's worth: a card more thins the deck (what is worth "
              "less is not bought; a dead card is destroyed or Stashed)",
    "rush": "Impossible and co-op: Power counts this many times (the Path runs dry)",
    "path": "Impossible and co-op: points taken off a Path card bought (a main-deck card spent)",
}
GREEDY_BOUNDS = {name: (0.0, 20.0, None) for name in _gr.PARAMS}
GREEDY_BOUNDS.update({"vp_early": (0.0, 1.0, None), "fade": (0.0, 1.0, None),
                      "rush": (0.0, 10.0, None)})
GREEDY_DESCRIPTION = (
    "takes the option of the highest immediate value: a card is worth the sum of its effect "
    "rows (Power, draws, destroys, Stashes, Attacks, Defense, each a named weight) and its VP, "
    "effects early and VP late; buys the best pair of cards its Power affords, fights when "
    "the defeat is worth more (in Impossible and co-op always first), plays draws first, "
    "destroys and Stashes dead cards, always defends; in co-op buys no Attack and holds back "
    "the ones that harm the partners")

register(Strategy(
    "big-money", BIG_MONEY,
    "the deck-builders' baseline: plays every card, fights whenever it can, else buys the "
    "costliest card it affords; destroys or Stashes Despair and Corruption, discards its "
    "cheapest card, always defends; the first option elsewhere",
    games=("hobbit",), kernels=f"{__name__}.big_money", compile_s=25))

register(Strategy(
    "greedy", GREEDY, GREEDY_DESCRIPTION,
    params=dict(_gr.PARAMS), param_help=dict(GREEDY_HELP), bounds=dict(GREEDY_BOUNDS),
    games=("hobbit",), kernels=f"{__name__}.greedy", compile_s=30))

register(Strategy(
    "lookahead", LOOKAHEAD,
    "tries each buy (a Path card, the Valor, a fight, the end of the turn) on copies of the "
    "game whose hidden order is reshuffled (decks, other players' hands, the main deck, the "
    "Loot: it sees what a player sees), plays the rest of the turn and `rounds` more rounds "
    "with greedy in every seat, and takes the option whose outcome is best (its VP against "
    "the best rival's; in Impossible and co-op the way to Smaug's fall); the rest greedy's",
    params={**_la.OWN_PARAMS, **_gr.PARAMS}, param_help={**_la.PARAM_HELP, **GREEDY_HELP},
    bounds={**_la.BOUNDS, **GREEDY_BOUNDS},
    games=("hobbit",), kernels=f"{__name__}.lookahead", compile_s=90))

register(Strategy(
    "skill", SKILL,
    "a player of limited skill: from 0 (random) to 1 (greedy); takes each option with "
    "probability growing with greedy's value of it, exp(beta * (value - best)), "
    "beta = skill / ((1 - skill) * mistake)",
    params={**_sk.OWN_PARAMS, **_gr.PARAMS}, param_help={**_sk.PARAM_HELP, **GREEDY_HELP},
    bounds={**_sk.BOUNDS, **GREEDY_BOUNDS},
    games=("hobbit",), kernels=f"{__name__}.skill", compile_s=35))

