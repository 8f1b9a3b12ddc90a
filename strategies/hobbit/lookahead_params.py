"""The `lookahead` strategy's parameters (strategies/hobbit/lookahead.py), apart from its
kernels so that registering the strategy compiles nothing. The vector holds these first, then
greedy's weights (greedy_params.PARAMS, read at offset GREEDY_AT: the decisions lookahead
leaves to greedy, and its own seat's greedy in the playouts)."""

OWN_PARAMS = {
    "samples": 2.0,     # imagined futures (hidden order reshuffled) each option is played on
    "rounds": 1.0,      # rounds played after this turn (every seat once each); -1: to the end
    "rival": 1.0,       # per VP of the best rival's, taken off ours
    "win": 10.0,        # a playout that ends the game: ours (+), or not (-)
    "engine": 3.0,      # per point of greedy's worth of an average hand of our deck, left to play
    "progress": 3.0,    # Impossible and co-op: per archenemy or Loot defeated (the way to Smaug)
    "reserve": 0.1,     # Impossible and co-op: per main-deck card left (the Path's clock)
}
PARAM_HELP = {
    "samples": "imagined futures (decks, other hands, the main deck and the Loot reshuffled) "
               "each buy option is played on",
    "rounds": "rounds played after this turn, every seat by greedy (-1: to the end of the game)",
    "rival": "points taken off per VP the best rival has (normal and Impossible)",
    "win": "points for a playout that ends the game with us alone on top, or co-op Smaug's "
           "fall (taken off when we lose: outscored, or the Path ran dry)",
    "engine": "points per point of greedy's worth of an average hand of our deck (what the "
              "deck will still do), fading with the game's phase",
    "progress": "Impossible and co-op: points per archenemy or Loot defeated by the Company",
    "reserve": "Impossible and co-op: points per main-deck card left for the Path",
}
BOUNDS = {"samples": (1.0, 64.0, None), "rounds": (0.0, 50.0, -1.0), "rival": (0.0, 10.0, None),
          "win": (0.0, 1000.0, None), "engine": (0.0, 10.0, None),
          "progress": (0.0, 100.0, None), "reserve": (0.0, 10.0, None)}
(P_SAMPLES, P_ROUNDS, P_RIVAL, P_WIN, P_ENGINE, P_PROGRESS, P_RESERVE) = range(len(OWN_PARAMS))
GREEDY_AT = len(OWN_PARAMS)      # where greedy's weights start in the vector
TO_THE_END = -1.0                # P_ROUNDS: play the game out
