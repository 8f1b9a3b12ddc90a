"""Gnome Village's state as a packed record (simcore/packed.py, docs/packed.md): so far the
villages, one small grid per player, and the gnomes standing in them; the kernels' working
space for searches over a grid; and the options a placement or a move offers.

A village cell (player p, row r, column c) is three words, `kind[p, r, c]` (consts.T_*),
`arg[p, r, c]` and `flag[p, r, c]`, read by kind:

| kind     | arg                                   | flag                                    |
|----------|---------------------------------------|-----------------------------------------|
| road     | its paths, a bit per side (consts.SIDE_*), already turned | its blockade's side as a bit, 0 if none |
| house    | 1 Lights On, 0 Lights Off             | 0                                       |
| workshop | its type (consts.W_*)                 | 1 active, 0 inactive                    |
| business | its type (an index of Rules.biz)      | 0                                       |

A gnome is `gnome[p, g, GN_*]`: its state (GS_*) and its cell.
"""
from ...packed import Layout, Record
from . import consts as K

# st.gnome[p, g, GN_*]
GN_STATE = 0
GN_ROW = 1
GN_COL = 2
N_GN = 3
# a gnome's state
GS_NONE = 0         # not in the village (still in the supply)
GS_ACTIVE = 1       # standing in its village: it may move (GV-G04)
GS_RESTING = 2      # new, lying on its house: it stands up at its owner's next Move phase (GV-G04)

# why a village breaks the placement rules (village.check_village), 0 when it keeps them
LEGAL = 0
BAD_NO_ROAD = 1         # a building borders no road (GV-V02)
BAD_ROADS_SPLIT = 2     # the roads are not all connected (GV-V03)
BAD_BLOCKADE = 3        # a blockade borders a business (GV-V05)
BAD_REASONS = {LEGAL: "legal", BAD_NO_ROAD: "a building borders no road",
               BAD_ROADS_SPLIT: "the roads are not all connected",
               BAD_BLOCKADE: "a blockade borders a business"}

MAX_OPTIONS = K.N_CELLS * K.N_SIDES      # a road's placements: every cell in each of 4 turns

STATE = Layout("GnomeVillageState", [
    # the villages (section game)
    ("kind", "i8", (K.MAX_PLAYERS, K.GRID, K.GRID), "game"),
    ("arg", "i8", (K.MAX_PLAYERS, K.GRID, K.GRID), "game"),
    ("flag", "i8", (K.MAX_PLAYERS, K.GRID, K.GRID), "game"),
    ("gnome", "i8", (K.MAX_PLAYERS, K.MAX_GNOMES, N_GN), "game"),
    # the kernels' working space: meaningless between two calls (section work)
    ("queue", "i8", (K.N_CELLS,), "work"),     # a breadth-first search's queue of cells
    ("mark", "i8", (K.N_CELLS,), "work"),      # 1 on a cell the last search reached
    # the options of the current decision (section control)
    ("options", "i8", (MAX_OPTIONS,), "control"),
])
State = Record   # a packed record of the STATE layout


def new_state() -> State:
    return STATE.allocate({name: shape for (name, _, _), shape in zip(STATE.fields, STATE.fixed)})
