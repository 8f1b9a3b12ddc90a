"""The `lookahead` strategy's parameters (strategies/gnome_village/lookahead.py), apart from its
kernels so that registering the strategy compiles nothing."""
from strategies.gnome_village.ids import GREEDY_PARAMS

# The parameters, in the order of the vector the rules pass (the first two are greedy's, in its
# order: the vector doubles as greedy's for the decisions lookahead leaves to it). In points.
PARAMS = {
    "coin": GREEDY_PARAMS["coin"],   # a coin kept (greedy's own weight, for its decisions)
    "plan": GREEDY_PARAMS["plan"],   # greedy's plan bonus, for its decisions (none: greedy's);
                                     # it stops at greedy's default plan_until
    "samples": 2.0,     # imagined futures per option
    "turns": -1.0,      # the other players' turns played after ours; -1: until our next turn
    "earn": 1.0,        # per coin our gnomes' businesses will pay at our next Earn (GV-T03)
    "business": 1.0,    # per business tile: a place to earn and act (greedy's BUSINESS_VALUE)
    "business_earn": 0.5,   # per coin a business tile of ours prints (greedy's share)
    "workshop": 0.5,    # per workshop tile, beside its 2 points (greedy's 2.5 in all)
    "active": 0.5,      # per active workshop: an action without paying (GV-W03)
    "token": 0.5,       # per product token held: an action without paying (greedy's PRODUCT_VALUE)
    "gnome": 4.0,       # per gnome placed, beside its lit house's 2 points: income, the end nearer
    "dark": 4.0,        # the first Lights Off house: the next gnome's (GV-G01)
    "spare": 0.3,       # each further Lights Off house (greedy's SPARE_HOUSE)
    "road": 0.3,        # per road tile: room for later tiles (greedy's ROAD_VALUE)
    "rival": 0.2,       # per point of the best rival's score, taken off ours
    "win": 10.0,        # a playout that ends the game: we are on top (+), or not (-)
}
PARAM_HELP = {
    "coin": "what a coin kept is worth, in points, in the decisions left to greedy",
    "plan": "greedy's plan bonus (workshops > 0, businesses < 0; until greedy's default "
            "plan_until), in the decisions left to it",
    "samples": "imagined futures (reshuffled stacks and deck) each option is played on",
    "turns": "other players' turns played after ours (-1: all of them, until our next turn)",
    "earn": "points per coin our gnomes' businesses will earn us at our next turn",
    "business": "points per business tile in our village, beside its printed points",
    "business_earn": "points per coin a business tile of ours prints",
    "workshop": "points per workshop tile, beside the 2 it scores",
    "active": "points per active workshop (a free action)",
    "token": "points per product token (a free action)",
    "gnome": "points per gnome placed, beside its lit house's 2",
    "dark": "points for a Lights Off house ready for a new gnome (the first)",
    "spare": "points per further Lights Off house",
    "road": "points per road tile",
    "rival": "points taken off per point the best rival has",
    "win": "points for being on top when a playout ends the game (taken off when not)",
}
BOUNDS = {"plan": (-10.0, 10.0, None), "samples": (1.0, 64.0, None), "turns": (0.0, 3.0, -1.0)}
(P_COIN, P_PLAN, P_SAMPLES, P_TURNS, P_EARN, P_BUSINESS, P_BUSINESS_EARN, P_WORKSHOP, P_ACTIVE, P_TOKEN,
 P_GNOME, P_DARK, P_SPARE, P_ROAD, P_RIVAL, P_WIN) = range(len(PARAMS))
UNTIL_MY_TURN = -1.0     # P_TURNS: every other player's turn once
