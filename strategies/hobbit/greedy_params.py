"""The `greedy` strategy's parameters (strategies/hobbit/greedy.py, values.py), apart from its
kernels so that registering the strategy compiles nothing. Their help texts and bounds are in
__init__.py (GREEDY_HELP, GREEDY_BOUNDS).

The values are in "points": about one Victory Point late in the game, about one Power early.
The vector the rules pass a greedy seat holds them in this order; lookahead's and skill's
vectors hold the same block after their own parameters (values.py reads it at an offset)."""

PARAMS = {
    "power": 1.0,        # per Power a card gives when played
    "draw": 1.3,         # per card a card draws (a card of the deck: about a Power and more)
    "vp": 1.0,           # per Victory Point, at the end of the game (less before: vp_early)
    "vp_early": 0.25,    # the share of `vp` a Victory Point is worth at the start
    "destroy": 0.6,      # per card a play may destroy (a Despair or a Corruption out of the deck)
    "stash": 0.5,        # per card a play may Stash (out of the cycle, its VP kept)
    "attack": 0.5,       # per point of harm an Attack does to each opponent (co-op: to a partner, < 0)
    "defense": 0.4,      # a card that can avoid an Attack
    "corruption": 1.5,   # what gaining a Corruption costs (its -1 VP, a dead card in the deck)
    "loot": 1.0,         # a fight's worth beyond the card it gains (a step on the journey)
    "location": 2.5,     # a Location's ongoing text counts this many times (it acts every turn)
    "fade": 0.6,         # a card's effects are worth this share less at the end of the game
    "dilute": 0.5,       # every card bought thins the deck: this much off every card's worth
    "rush": 1.5,         # Impossible and co-op: Power counts this many times (the Path runs dry)
    "path": 0.3,         # Impossible and co-op: a Path card bought spends a main-deck card (the clock)
}
(P_POWER, P_DRAW, P_VP, P_VP_EARLY, P_DESTROY, P_STASH, P_ATTACK, P_DEFENSE, P_CORRUPTION,
 P_LOOT, P_LOCATION, P_FADE, P_DILUTE, P_RUSH, P_PATH) = range(len(PARAMS))
N_PARAMS = len(PARAMS)
