"""Named integer codes shared by the loader, the kernels and the tests of Gnome Village.

Module-level ints are compile-time constants for numba. Data files use the names; the loader
(catalog.py) maps names to these codes. Rule IDs refer to ../rules-checklist.md.
"""
MAX_PLAYERS = 4
GRID = 13               # a village's cells per side (GV-V01, assumed bound: a village holds at most
                        # some 40 tiles; the starting village sits in the middle, 6 cells from each edge)
N_CELLS = GRID * GRID
MAX_GNOMES = 5          # gnomes per player (GV-G06: 20 in the box, 4 players)

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
TILE_NAMES = {T_EMPTY: "empty", T_ROAD: "road", T_HOUSE: "house", T_WORKSHOP: "workshop",
              T_BUSINESS: "business"}

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
