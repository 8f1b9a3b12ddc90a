"""Named integer codes shared by the loader, the kernels and the tests of Gnome Village.

Module-level ints are compile-time constants for numba. Data files use the names; the loader
(catalog.py) maps names to these codes. Rule IDs refer to ../rules-checklist.md.
"""
MAX_PLAYERS = 4
GRID = 13               # a village's cells per side (GV-V01, assumed bound: a village holds at most
                        # some 40 tiles; the starting village sits in the middle, 6 cells from each edge)
N_CELLS = GRID * GRID
MAX_GNOMES = 5          # gnomes per player (GV-G06: 20 in the box, 4 players)
MAX_FACE_UP = 6         # face-up business tiles the data may ask for (GV-S07: 2)

# --- the four sides of a cell, as bits of a road's path mask (GV-V03, GV-V04)
SIDE_N = 0
SIDE_E = 1
SIDE_S = 2
SIDE_W = 3
N_SIDES = 4
SIDE_NAMES = {"n": SIDE_N, "e": SIDE_E, "s": SIDE_S, "w": SIDE_W}
ALL_SIDES = 15          # a four-way's paths: every side
# (row, column) step to the neighbour across each side; the opposite side is (side + 2) % 4
DROW = (-1, 0, 1, 0)
DCOL = (0, 1, 0, -1)

# --- what a village cell holds (Village.kind)
T_EMPTY = 0
T_ROAD = 1
T_HOUSE = 2
T_WORKSHOP = 3
T_BUSINESS = 4

# --- workshops (GV-W..): their order is the product tokens' order too (GV-W07)
W_CARPENTER = 0
W_PAINTER = 1
W_SCHOOL = 2
W_GARDENER = 3
N_WORKSHOPS = 4
WORKSHOPS = {"carpenter": W_CARPENTER, "painter": W_PAINTER, "school": W_SCHOOL,
             "gardener": W_GARDENER}
WORKSHOP_NAMES = {v: k for k, v in WORKSHOPS.items()}

# --- business actions (GV-A.., GV-B.., GV-X..): what a business tile does
A_NONE = 0              # scoring businesses (Restaurant, Hat) have no action
A_POLICE = 1
A_CHAPEL = 2
A_THEATER = 3
A_COURIER = 4
A_MILITARY = 5
A_THIEF = 6
A_ADVISOR = 7
A_ARCHITECT = 8
A_DOCTOR = 9
A_AIRPORT = 10
A_CONSTRUCTION = 11     # mini-expansion
A_PRISON = 12           # mini-expansion
A_POOL = 13             # mini-expansion
ACTIONS = {"none": A_NONE, "police": A_POLICE, "chapel": A_CHAPEL, "theater": A_THEATER,
           "courier": A_COURIER, "military": A_MILITARY, "thief": A_THIEF,
           "financial-advisor": A_ADVISOR, "architect": A_ARCHITECT, "doctor": A_DOCTOR,
           "airport": A_AIRPORT, "construction-site": A_CONSTRUCTION, "prison": A_PRISON,
           "swimming-pool": A_POOL}
N_ACTIONS = len(ACTIONS)

# --- Forest cards (GV-F..)
F_ACTIVATE = 0
F_REMOVAL = 1
F_COINS = 2
F_ROADS = 3
F_ANGRY = 4
FOREST_KINDS = {"activate": F_ACTIVATE, "removal": F_REMOVAL, "coins": F_COINS, "roads": F_ROADS,
                "angry-gnome": F_ANGRY}
N_FOREST_KINDS = len(FOREST_KINDS)

# --- the readings of ambiguous passages, as data (setup.toml, knobs in assumptions.toml)
# how two road tiles connect (GV-V03)
CONNECT_PATH = 0        # they share an edge and both have a path on it
CONNECT_EDGE = 1        # they share an edge
ROAD_CONNECT = {"path": CONNECT_PATH, "edge": CONNECT_EDGE}
# what a blockade stops (GV-M02) and what may not border a business (GV-V05)
BLOCKADE_TILE = 0       # the whole road tile: a gnome cannot enter it; it shares no edge with a business
BLOCKADE_PATH = 1       # the blockaded path's edge: a gnome cannot cross it; it does not face a business
BLOCKADE = {"tile": BLOCKADE_TILE, "path": BLOCKADE_PATH}
# where a gnome sent home stands (GV-F04, GV-F09, GV-A02, GV-X04)
HOME_FIRST = 0          # the first Lights On house of its village in reading order
HOME_OWN = 1            # the house it lit when it was placed (its own), while that house stands lit
HOME_HOUSE = {"first": HOME_FIRST, "own": HOME_OWN}
# how many tiles one Architect action moves (GV-A08), each move keeping the placement rules
ARCHITECT_ONE = 0       # one tile
ARCHITECT_ANY = 1       # one tile at a time, as many as the player likes (at most the village's tiles)
ARCHITECT = {"one": ARCHITECT_ONE, "any": ARCHITECT_ANY}
# when the Financial Advisor pays (GV-A07): what "spend all your coins this turn" asks
ADVISOR_SPENT = 0       # 0 coins at the end of the turn, at least 1 spent this turn
ADVISOR_WORK_BUY = 1    # 0 coins at the end of the Work & Buy phase, at least 1 spent: coins the
                        # Move phase brings later do not undo it
ADVISOR = {"spent": ADVISOR_SPENT, "work-buy": ADVISOR_WORK_BUY}
# which workshop the Doctor may activate (GV-A09): one of the player's own inactive workshops
DOCTOR_ANY = 0          # a gnome on it or not (rb L221: "without placing a Gnome on it")
DOCTOR_EMPTY = 1        # only one without a gnome on it
DOCTOR = {"any": DOCTOR_ANY, "empty": DOCTOR_EMPTY}
# when a business tile counts as used, for "not 2 turns in a row" (GV-B05)
USED_PERFORMED = 0      # when its action is performed (not when declined or impossible)
USED_VISITED = 1        # whenever a gnome ends its move there, the action performed or not
BUSINESS_USED = {"performed": USED_PERFORMED, "visited": USED_VISITED}
# which edges of a road tile a gnome may cross (GV-M01)
WALK_EDGE = 0           # any edge, whatever the paths drawn on the tile
WALK_PATH = 1           # only an edge a path of the road tile leads to (in and out of the road)
ROAD_WALK = {"edge": WALK_EDGE, "path": WALK_PATH}
# who activates on a group Activate card (GV-F02)
GROUP_ALL = 0           # every player with an inactive workshop of an icon activates one
GROUP_OPTIONAL = 1      # the revealing player does; each other player may decline
GROUP_ACTIVATE = {"all": GROUP_ALL, "optional": GROUP_OPTIONAL}
# which of Painter and Carpenter 3 coins may stand in for when a house is made (GV-C04, GV-W04)
HOUSE_SUB_BOTH = 0      # either or both (6 coins with neither)
HOUSE_SUB_ONE = 1       # at most one: the other is an active tile or a token (rb L199's example)
HOUSE_SUBSTITUTE = {"both": HOUSE_SUB_BOTH, "one": HOUSE_SUB_ONE}

# --- what a Work & Buy option does (GV-T04): option value = BUY_* * BUY_ARG + argument
BUY_ARG = 16
BUY_END = 0             # end the phase
BUY_HOUSE = 1           # Painter + Carpenter: a free house (GV-W04)
BUY_GNOME = 2           # School: a new gnome (GV-W05, GV-G02)
BUY_ROAD = 3            # Gardener: a road from the stack (GV-W06)
BUY_BUSINESS = 4        # argument: the face-up slot (GV-C01)
BUY_WORKSHOP = 5        # argument: the workshop type (GV-W08)
BUY_PRODUCT = 6         # argument: the workshop type of the token (GV-C05)
# how a workshop's action is paid (GV-W03, GV-W07, GV-C04)
PAY_TILE = 0            # deactivate an active tile
PAY_TOKEN = 1           # spend a product token
PAY_COINS = 2           # 3 coins

# --- decisions (the strategy's options, in st.options)
D_ACTIVATE = 0          # Forest Activate: a workshop type (GV-F01, GV-F02)
D_REMOVAL = 1           # Forest Removal: player * N_CELLS + cell of an opponent's business (GV-F04)
D_ROAD = 2              # where a drawn road goes: cell * 4 + quarter turns (GV-V06)
D_ANGRY = 3             # Angry Gnome: which gnome goes home (GV-F09)
D_BUY = 4               # Work & Buy: BUY_* codes
D_PLACE = 5             # where a building goes: a cell
D_MOVE = 6              # where a gnome ends its move: a cell, or STAY
D_TARGET = 7            # a business action's target (ACTION_SKIP to pass): encoded per action
D_ARCHITECT = 8         # Architect: the tile to move (a cell), or ACTION_SKIP
D_ARCHITECT_TO = 9           # Architect: where it goes (a cell)
D_POOL = 10             # Swimming pool: the tile to activate (a cell), or ACTION_SKIP
DECISIONS = ["activate", "removal", "road", "angry-gnome", "buy", "place", "move", "target",
             "architect", "architect-to", "pool"]
N_DECISIONS = len(DECISIONS)
STAY = N_CELLS          # D_MOVE: the gnome stays where it is
ACTION_SKIP = 1 << 20   # D_TARGET, D_ARCHITECT, D_POOL: do nothing
TARGET_MUL = 64         # D_TARGET: player * TARGET_MUL + what (a gnome, a workshop type) or
                        # player * N_CELLS + cell (Airport)

# --- outcome of a game for the focal seat
RUNNING = 0
WIN = 1
LOSS = 2
TIE = 3                 # shares the most points and the most tiles with another player (GV-E03)
OUTCOMES = {RUNNING: "running", WIN: "win", LOSS: "loss", TIE: "shared win"}
LOSS_NONE = 0
LOSS_OUTSCORED = 1      # another player has more points
LOSS_TIEBREAK = 2       # as many points as the winner, fewer tiles
LOSS_REASONS = {LOSS_NONE: "", LOSS_OUTSCORED: "outscored", LOSS_TIEBREAK: "lost the tie-break"}

# --- random stream purposes (simcore.rng): chance never depends on the strategy
STREAM_SETUP = 0
STREAM_SHUFFLE = 1      # the Forest deck reshuffled (GV-S08)
STREAM_POLICY = 2
N_STREAMS = 3

# --- results: one row per game
RESULT_FIELDS = [
    "outcome", "loss_reason", "seat", "players", "rounds", "turns", "winner", "points",
    "margin",           # the focal seat's points minus the best other seat's
    "tiles", "gnomes", "coins", "happy",
    "points_0", "points_1", "points_2", "points_3",
    "cut",              # 1: the round cap cut the game (GV-E04); it is scored all the same
]
(R_OUTCOME, R_LOSS_REASON, R_SEAT, R_PLAYERS, R_ROUNDS, R_TURNS, R_WINNER, R_POINTS, R_MARGIN,
 R_TILES, R_GNOMES, R_COINS, R_HAPPY, R_POINTS_0) = range(14)
R_CUT = 17
N_RESULT_FIELDS = len(RESULT_FIELDS)

# --- events of the game log (trace.py decodes them): (kind, round, player, a, b, c)
EV_TURN = 0             # a: coins
EV_CARD = 1             # a: Forest card row (Rules.forest), b: coins gained
EV_NO_CARD = 2          # the deck is out and not reshuffled
EV_RESHUFFLE = 3        # a: cards in the new deck
EV_ACTIVATE = 4         # a: workshop type, b: cell (-1: nothing to activate; c = 1: declined, GV-F02)
EV_REMOVE = 5           # a: owner, b: cell, c: business type
EV_ANGRY = 6            # a: gnome, b: cell it left
EV_EARN = 7             # a: coins, b: business type
EV_VISIT_PAY = 8        # a: host, b: 0 a coin, 1 + w a product token of type w
EV_PRISON_PAY = 9       # a: the prisoner's owner, b: coins taken
EV_BUY = 10             # a: BUY_* option, b: coins paid
EV_PLACE = 11           # a: kind (T_*), b: cell, c: arg (road: paths; business: type; workshop: type)
EV_DISCARD_ROAD = 12    # a road tile that fits nowhere
EV_NEW_GNOME = 13       # a: gnome, b: cell
EV_MOVE = 14            # a: gnome, b: from cell, c: to cell
EV_ACTION = 15          # a: action (A_*), b: target (player or -1), c: amount
EV_HAPPY = 16           # a: new holder (-1: back to the centre)
EV_HOME = 17            # a: gnome's owner, b: gnome, c: cell (a gnome sent back to a house)
EV_ADVISOR = 18         # a: coin gained
EV_END = 19             # a: outcome of the focal seat, b: winner (-1 none), c: 1 cut by the cap
EV_SCORE = 20           # a: points, b: tiles, c: coins
EV_FLY = 21             # a: host, b: cell
EV_ROUND_END = 22       # a: 1 once the end is triggered
EVENT_FIELDS = 6
