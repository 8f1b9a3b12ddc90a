"""Named integer codes shared by the catalog, the kernels and the trace of the cake race.

Module-level ints are compile-time constants for numba. Data files use the names; the catalog
maps names to these codes.
"""
MAX_PLAYERS = 4
MAX_DEGREE = 6          # paths from one point
MAX_OPTIONS = 64        # destinations of one move
MAX_FORCED = 256        # die faces a test can queue

# --- cards (CR-C01..C05)
CARD_NOTHING = 0
CARD_GARGAMEL = 1
CARD_HAT = 2
CARD_CAT = 3
N_CARD_KINDS = 4
CARD_KINDS = {"nothing": CARD_NOTHING, "gargamel": CARD_GARGAMEL, "hat": CARD_HAT, "cat": CARD_CAT}
CARD_NAMES = {v: k for k, v in CARD_KINDS.items()}

# --- where Gargamel / the cat send a Smurf (setup.toml gargamel_to, caught_to)
TO_OWN = 0
TO_NEAREST = 1
TO_NAMES = {"own": TO_OWN, "nearest": TO_NEAREST}

# --- what a caught Smurf loses (setup.toml caught_loses, CR-H04)
CAUGHT_ALL = 0          # every unsafe cake
CAUGHT_ROLL = 1         # all but a die roll's worth, as with Gargamel (the kept ones secured)
CAUGHT_NAMES = {"all": CAUGHT_ALL, "roll": CAUGHT_ROLL}

# --- who rolls first in a chase (setup.toml chase_first, CR-H02)
FIRST_SMURF = 0
FIRST_CAT = 1
CHASE_FIRST_NAMES = {"smurf": FIRST_SMURF, "cat": FIRST_CAT}

# --- outcome of a game for the focal seat
RUNNING = 0
WIN = 1
LOSS = 2
TIE = 3                 # shares the most secured cakes with another player
OUTCOMES = {RUNNING: "running", WIN: "win", LOSS: "loss", TIE: "shared win"}
LOSS_NONE = 0
LOSS_OUTSCORED = 1
LOSS_ELIMINATED = 2
# code 3 was "timeout" until a game cut by the round cap was scored by its cakes secured
# (column `cut` flags it); codes stay stable for stored results
LOSS_NO_CAKES = 4       # nobody secured a cake
LOSS_REASONS = {LOSS_NONE: "", LOSS_OUTSCORED: "outscored", LOSS_ELIMINATED: "eliminated",
                LOSS_NO_CAKES: "no cakes"}

# --- decisions (the strategy's options)
D_STAY = 0              # at the cake: option 0 stay (roll, take, turn a card), 1 leave
D_MOVE = 1              # where a move ends: options sorted nearest-to-goal first
D_FLEE = 2              # where a move in a chase ends: options sorted nearest-to-a-start first
DECISIONS = ["stay-at-cake", "move", "flee"]
N_DECISIONS = len(DECISIONS)

# --- random stream purposes (simcore.rng): chance never depends on the strategy
STREAM_SETUP = 0
STREAM_DICE = 1
STREAM_POLICY = 2
N_STREAMS = 3

# --- results: one row per game
RESULT_FIELDS = [
    "outcome", "loss_reason", "seat", "players", "rounds", "turns", "winner", "secured",
    "markers", "eliminated", "first_trip", "eliminations", "cakes_left", "cakes_removed",
    "cakes_returned", "chases", "catches", "gargamels", "hats_used", "trips",
    "secured_0", "secured_1", "secured_2", "secured_3",
    "cut",              # 1: the round cap cut the game (CR-E03); it is scored all the same
]
(R_OUTCOME, R_LOSS_REASON, R_SEAT, R_PLAYERS, R_ROUNDS, R_TURNS, R_WINNER, R_SECURED,
 R_MARKERS, R_ELIMINATED, R_FIRST_TRIP, R_ELIMINATIONS, R_CAKES_LEFT, R_REMOVED, R_RETURNED,
 R_CHASES, R_CATCHES, R_GARGAMELS, R_HATS_USED, R_TRIPS, R_SECURED_0) = range(21)
R_CUT = 24
N_RESULT_FIELDS = len(RESULT_FIELDS)

# --- events of the game log (trace.py decodes them): (kind, round, player, a, b, c)
EV_TURN = 0             # a: position, b: carried, c: secured
EV_ROLL = 1             # a: face, b: what for (ROLL_*)
EV_MOVE = 2             # a: from, b: to
EV_TAKE = 3             # a: cakes taken, b: now carried, c: left on the big cake
EV_CARD = 4             # a: card kind, b: point
EV_HAT_KEPT = 5         # a: hats held
EV_HAT_USED = 6         # a: hats held after
EV_GARGAMEL = 7         # a: cakes kept, b: returned to the big cake, c: start sent to
EV_SECURE = 8           # a: cakes secured now, b: secured in all
EV_CHASE = 9            # a: cat's point
EV_CAT_MOVE = 10        # a: from, b: to
EV_CAUGHT = 11          # a: cakes lost (removed), b: markers now, c: start sent to
EV_SAFE = 12            # a: start reached in the chase
EV_ELIMINATED = 13      # a: markers
EV_STAY = 14            # a: 0 stays at the cake, 1 leaves
EV_END = 15             # a: outcome of the focal seat, b: winner (-1 none), c: 1 cut by the cap
EV_WAIT = 16            # a Smurf at home once the cake is empty
EVENT_FIELDS = 6
ROLL_MOVE = 0
ROLL_TAKE = 1
ROLL_GARGAMEL = 2
ROLL_FLEE = 3
ROLL_CAT = 4
ROLL_CAUGHT = 5         # caught_loses = "roll": the cakes a caught Smurf keeps
