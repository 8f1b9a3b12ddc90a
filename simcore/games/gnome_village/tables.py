"""The kernels' view of Gnome Village's rules: the layout of the `Rules` record and the column
of every value in it.

Kernels import their table constants from here (and from consts.py and state.py), never from
the loader (catalog.py): editing the loader or its messages does not recompile the game
(simcore/jit.py keys the kernel cache by the modules kernels import). catalog.py fills these
tables from data/*.toml.
"""
from ...packed import Layout, Record
from . import consts as K

# Rules.k: the game's numbers and the readings in force (data/setup.toml, data/tiles.toml)
K_START_COINS = 0         # GV-S02
K_MAX_HOUSES = 1          # GV-T05
K_END_GNOMES = 2          # GV-E01
K_FAMILY_GNOMES = 3       # GV-X01
K_FACE_UP = 4             # GV-S07: face-up businesses
K_COST_BUSINESS = 5       # GV-C01
K_COST_WORKSHOP = 6       # GV-W08
K_COST_SUBSTITUTE = 7     # GV-C02..C04
K_COST_PRODUCT = 8        # GV-C05
K_ROAD_CONNECT = 9        # GV-V03: consts.CONNECT_*
K_BLOCKADE = 10           # GV-M02, GV-V05: consts.BLOCKADE_*
K_RESHUFFLE = 11          # GV-S08: 1 if the Forest discard pile is reshuffled
K_MAX_ROUNDS = 12         # GV-E04
K_GNOMES = 13             # GV-S01: gnomes in the box
K_COINS = 14              # GV-S01: coins in the box
K_PRODUCTS = 15           # GV-S01: product tokens per workshop colour
K_WORKSHOPS = 16          # GV-S01: workshop tiles per type in the box
K_HOUSES = 17             # GV-S01: houses in the box
K_START_FROM_SUPPLY = 18  # GV-S05: 1 if the starting houses come out of the supply count
K_START_HOUSES = 19       # GV-S02: houses in the starting village
K_START_ROADS = 20        # GV-S02: roads in the starting village
K_HOME = 21               # GV-F04, GV-F09, GV-A02, GV-X04: consts.HOME_*
K_ARCHITECT = 22          # GV-A08: consts.ARCHITECT_*
K_ADVISOR = 23            # GV-A07: consts.ADVISOR_*
K_DOCTOR = 24             # GV-A09: consts.DOCTOR_*
K_BUSINESS_USED = 25      # GV-B05: consts.USED_*
K_ROAD_WALK = 26          # GV-M01: consts.WALK_*
K_GROUP_ACTIVATE = 27     # GV-F02: consts.GROUP_*
K_HOUSE_SUBSTITUTE = 28   # GV-C04, GV-W04: consts.HOUSE_SUB_*
K_SEAT_COINS_0 = 29       # GV-S02: coins a seat starts with beyond START_COINS, one per seat
K_SEAT_COINS_1 = 30       #   (first player first; the rulebook's 0 for all: a designer's lever)
K_SEAT_COINS_2 = 31
K_SEAT_COINS_3 = 32
N_K = 33

# Rules.supply[players, SUP_*]: the supply by player count (GV-S05)
SUP_HOUSES = 0
SUP_WORKSHOPS = 1       # tiles of each workshop type
N_SUP = 2

# Rules.start[ST_*, row, col]: the starting village (GV-S03), already placed on the grid
ST_KIND = 0             # consts.T_*
ST_ARG = 1              # road: its path mask; house: 1 Lights On
ST_BLOCK = 2            # road: its blockade's side as a mask (0 if none)
N_ST = 3

# Rules.road[kind, RD_*]: the road tile kinds (GV-V04), paths as drawn (bit = consts.SIDE_*)
RD_PATHS = 0
RD_BLOCK = 1            # the blockaded path's side as a bit mask, 0 without a blockade
RD_COUNT = 2            # tiles of the kind in the box
RD_START = 3            # tiles of the kind in each player's starting kit
N_RD = 4

# Rules.biz[type, BZ_*]: the business types (GV-B01)
BZ_ACTION = 0           # consts.A_*
BZ_EARN = 1             # GV-B02
BZ_POINTS = 2           # GV-B03
BZ_HAT = 3              # GV-B04
BZ_COUNT = 4
BZ_EXPANSION = 5        # GV-X02
N_BZ = 6

# Rules.forest[kind of card, FC_*]: the Forest card kinds (GV-F10)
FC_KIND = 0             # consts.F_*
FC_ICONS = 1            # Activate: the workshop icons as a bit mask (bit = consts.W_*)
FC_GROUP = 2            # Activate: 1 with the "group of Gnomes" symbol
FC_COINS = 3            # coins the revealing player gains
FC_COUNT = 4
N_FC = 5

MAX_PLAYER_COUNT = K.MAX_PLAYERS + 1    # supply rows indexed by the number of players

RULES = Layout("GnomeVillageRules", [
    ("k", "i8", (N_K,)),
    ("supply", "i8", (MAX_PLAYER_COUNT, N_SUP)),
    ("start", "i8", (N_ST, K.GRID, K.GRID)),
    ("road", "i8", (None, N_RD)),
    ("biz", "i8", (None, N_BZ)),
    ("forest", "i8", (None, N_FC)),
])
Rules = Record   # a packed record of the RULES layout
