"""Gnome Village's state as a packed record (simcore/packed.py, docs/packed.md): the villages,
one small grid per player, the gnomes, the players' coins and tokens, the supplies and decks,
the kernels' working space and the harness's control fields. One State serves a whole chunk:
setup.setup_game resets every game field.

A village cell (player p, row r, column c) is three words, `kind[p, r, c]` (consts.T_*),
`arg[p, r, c]` and `flag[p, r, c]`, read by kind:

| kind     | arg                                   | flag                                    |
|----------|---------------------------------------|-----------------------------------------|
| road     | its paths, a bit per side (consts.SIDE_*), already turned | its blockade's side as a bit, 0 if none |
| house    | 1 Lights On, 0 Lights Off             | 0                                       |
| workshop | its type (consts.W_*)                 | 1 active, 0 inactive                    |
| business | its type (an index of Rules.biz)      | 0                                       |

`used[p, r, c]` is the owner's turn number when the business there was last used (GV-B05).

A gnome is `gnome[p, g, GN_*]`: its state (GS_*), the village it is in (HOST: its own, or
another's through the Airport, the Chapel or the Prison), its cell there, and the cell of the
house it lit (HOME).
"""
# the harness's words of st.ctl (the deciding seat, decisions asked, an illegal answer, events)
from ...harness import (H_ASKED, H_BAD_INDEX, H_BAD_KIND, H_BAD_N, H_EV_N, H_LOG, H_SEAT,  # noqa: F401
                        N_H as N_CONTROL, control_fields)
from ...packed import Layout, Record
from . import consts as K
from . import tables as T

# --- st.sc: the game's scalars
S_ROUND = 0         # rounds started
S_TURN = 1          # turns played
S_CUR = 2           # whose turn it is
S_PLAYERS = 3
S_FOCAL = 4         # the seat whose outcome a result row gives
S_OUTCOME = 5       # consts.RUNNING / WIN / LOSS / TIE for the focal seat
S_LOSS = 6          # consts.LOSS_*
S_WINNER = 7        # the sole winner, -1 if shared
S_END = 8           # 1 once a player has placed the last gnome: the round is finished (GV-E01)
S_END_AT = 9        # gnomes that end the game (5; 4 in the children's variant, GV-X01)
S_CUT = 10          # 1 if the round cap ended the game (GV-E04)
S_HAPPY = 11        # the Happy Gnome's holder, -1 in the centre (GV-B04)
S_BANK = 12         # coins in the supply (GV-S10)
S_GNOME_BOX = 13    # gnomes in the supply
S_HOUSES = 14       # houses in the supply (GV-S05)
S_ROAD_N = 15       # road tiles in the face-down stack (st.roads[:ROAD_N], top last)
S_ROADS_OUT = 16    # road tiles drawn that fit nowhere (GV-W06, GV-F08)
S_BIZ_N = 17        # business tiles in the face-down stack (st.bizs[:BIZ_N], top last)
S_BIZ_TOTAL = 18    # business tiles in play (the base game's, and the expansion's with it)
S_BIZ_OUT = 19      # business tiles removed from the game (GV-F04)
S_FOREST_N = 20     # Forest cards in the deck (st.forest[:FOREST_N], top last)
S_DISCARD_N = 21    # Forest cards in the discard pile (st.discard[:DISCARD_N])
S_EXPANSION = 22    # 1 with the mini-expansion (GV-X02)
S_ACTION = 23       # the business action being resolved (consts.A_*): what a D_TARGET decision is for
S_MOVING = 24       # the gnome whose move a D_MOVE decision chooses
N_SCALARS = 25

# --- st.pl[p, P_*]: each player's scalars
P_COINS = 0
P_PLACED = 1        # gnomes placed in the village, the starting one included (GV-E01)
P_TURNS = 2         # turns taken (GV-B05 reads business use by it)
P_SPENT = 3         # coins spent this turn (GV-A07)
P_ADVISOR = 4       # 1 once the Financial Advisor acted this turn (GV-A07)
P_POINTS = 5        # at the end: the score (GV-E02)
P_TILES = 6         # at the end: the tiles in the village (GV-E03)
P_BROKE = 7         # 1: 0 coins left at the end of this turn's Work & Buy, at least 1 spent
                    # (GV-A07, read with the knob advisor=work-buy)
N_PLAYER = 8

# --- st.ctl: the harness's words, H_* (simcore.harness: the deciding seat, the decisions
# asked, an illegal answer, the events written), imported above

# st.gnome[p, g, GN_*]
GN_STATE = 0
GN_ROW = 1
GN_COL = 2
GN_HOST = 3         # the village it stands in
GN_BORN = 4         # its owner's turn number when it was placed (GV-G04)
GN_FROM = 5         # Airport: the cell of the Airport it flew from, in its own village
GN_NOEARN = 6       # 1: back on its Airport after a flight, it earns nothing this turn (GV-A10)
GN_HOME = 7         # the cell of the house it lit when placed, in its own village (read when a
                    # gnome sent home goes to its own house: the knob home-house)
N_GN = 8
# a gnome's state
GS_NONE = 0         # not in play (still in the supply)
GS_ACTIVE = 1       # standing on a tile: at home, or in another village through the Airport
GS_RESTING = 2      # new, lying on its house: it stands up at its owner's next Move phase (GV-G04)
GS_DATE = 3         # beside an opponent's gnome on their Chapel (GV-A02)
GS_PRISON = 4       # on an opponent's Prison (GV-X04)

# why a village breaks the placement rules (village.check_village), 0 when it keeps them
LEGAL = 0
BAD_NO_ROAD = 1         # a building borders no road (GV-V02)
BAD_ROADS_SPLIT = 2     # the roads are not all connected (GV-V03)
BAD_BLOCKADE = 3        # a blockade borders a business (GV-V05)

MAX_OPTIONS = K.N_CELLS * K.N_SIDES      # a road's placements: every cell in each of 4 turns
MAX_PARAMS = 32                          # a strategy's parameters per seat
EVENT_CAPACITY = 1 << 14
HARNESS, EVENTS = control_fields(K.MAX_PLAYERS, MAX_PARAMS, MAX_OPTIONS, K.N_DECISIONS,
                                 K.EVENT_FIELDS)

STATE = Layout("GnomeVillageState", [
    # the game (fixed shapes first: constant offsets)
    ("sc", "i8", (N_SCALARS,), "game"),
    ("pl", "i8", (K.MAX_PLAYERS, N_PLAYER), "game"),
    ("kind", "i8", (K.MAX_PLAYERS, K.GRID, K.GRID), "game"),
    ("arg", "i8", (K.MAX_PLAYERS, K.GRID, K.GRID), "game"),
    ("flag", "i8", (K.MAX_PLAYERS, K.GRID, K.GRID), "game"),
    ("used", "i8", (K.MAX_PLAYERS, K.GRID, K.GRID), "game"),
    ("gnome", "i8", (K.MAX_PLAYERS, K.MAX_GNOMES, N_GN), "game"),
    # a rectangle holding every tile of each village (village.tile_box): scans ask only its cells
    ("box", "i8", (K.MAX_PLAYERS, 4), "game"),
    ("prod", "i8", (K.MAX_PLAYERS, K.N_WORKSHOPS), "game"),     # product tokens held (GV-W07)
    ("psupply", "i8", (K.N_WORKSHOPS,), "game"),                # product tokens in the supply
    ("wsupply", "i8", (K.N_WORKSHOPS,), "game"),                # workshop tiles in the supply (GV-S05)
    ("faceup", "i8", (K.MAX_FACE_UP,), "game"),                 # face-up business types, -1 if none (GV-S07)
    ("rng", "u8", (K.N_STREAMS,), "game"),
    # the kernels' working space: meaningless between two calls
    ("queue", "i8", (K.N_CELLS,), "work"),     # a breadth-first search's queue of cells
    ("mark", "i8", (K.N_CELLS,), "work"),      # 1 on a cell the last search reached
    ("spare", "i8", (MAX_OPTIONS,), "work"),   # options kept while another decision is listed
    # the harness: strategies, decisions, the log
    *HARNESS,                  # ctl, options, sid, par, decisions (simcore.harness)
    # sized by the data
    ("roads", "i8", (None,), "game"),          # the road stack: road kinds (Rules.road rows)
    ("bizs", "i8", (None,), "game"),           # the business stack: business types
    ("forest", "i8", (None,), "game"),         # the Forest deck: card rows (Rules.forest)
    ("discard", "i8", (None,), "game"),        # the Forest discard pile
    *EVENTS,
])
State = Record   # a packed record of the STATE layout


def new_state(rules=None, event_capacity: int = EVENT_CAPACITY) -> State:
    """A State sized for `rules` (the default data's sizes without): contents are set by
    setup.setup_game."""
    if rules is None:
        n_roads, n_biz, n_forest = 64, 64, 64
    else:
        n_roads = int(rules.road[:, T.RD_COUNT].sum())
        n_biz = int(rules.biz[:, T.BZ_COUNT].sum())
        n_forest = int(rules.forest[:, T.FC_COUNT].sum())
    return STATE.allocate(dict(roads=(max(1, n_roads),), bizs=(max(1, n_biz),),
                               forest=(max(1, n_forest),), discard=(max(1, n_forest),),
                               events=(max(1, event_capacity), K.EVENT_FIELDS)))
