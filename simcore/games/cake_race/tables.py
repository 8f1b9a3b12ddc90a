"""The kernels' view of the cake race's rules: the layout of the `Rules` record and the index
of every value in `Rules.k`.

Kernels import their table constants from here (and from consts.py and state.py), never from
the loader (catalog.py): editing the loader or its messages does not recompile the game
(simcore/jit.py keys the kernel cache by the modules kernels import). catalog.py fills the
record from data/*.toml.
"""
from ...packed import Layout, Record
from . import consts as K

# Rules.k: the board's special points, the numbers of setup.toml and the rule choices in force
K_CAKE = 0          # the big cake's point (CR-B02)
K_BROWN = 1         # the brown point (CR-B03)
K_N_POINTS = 2
K_CAP = 3           # unsafe cakes a Smurf may carry (CR-K04)
K_SUPPLY = 4        # cakes on the big cake at the start (CR-S03)
K_ELIM_AT = 5       # cat markers that eliminate a Smurf (CR-H05)
K_HAT_SPENT = 6     # 1: a hat shown to a cat is spent (CR-C06, knob hat_spent)
K_GARG_TO = 7       # where Gargamel sends the Smurf: consts.TO_* (CR-C03)
K_CAUGHT_TO = 8     # where a caught Smurf goes: consts.TO_* (CR-H04)
K_CAUGHT_LOSES = 9  # what a caught Smurf loses: consts.CAUGHT_* (CR-H04)
K_CHASE_FIRST = 10  # who rolls first in a chase: consts.CHASE_FIRST_* (CR-H02)
K_EXACT_HOME = 11   # 1: a start is reached only by an exact roll (CR-M04)
K_MAX_ROUNDS = 12   # the round cap (CR-E03)
K_N_FACES = 13      # die faces (CR-D01)
K_N_CARDS = 14      # cards in the deck (CR-C01)
K_N_STARTS = 15
K_MAX_CHASE = 16    # the chase's round cap (CR-H06)
N_K = 17

RULES = Layout("CakeRaceRules", [
    ("k", "i8", (N_K,)),
    ("counts", "i8", (K.N_CARD_KINDS,)),          # cards of each kind in the deck
    ("adj", "i8", (None, K.MAX_DEGREE)),           # [n_points, MAX_DEGREE] neighbours, -1 padded, ascending
    ("deg", "i8", (None,)),                        # [n_points]
    ("red", "i8", (None,)),                        # [n_points] 1 on a red point (CR-B05)
    ("start_no", "i8", (None,)),                   # [n_points] start index 0..3, -1 elsewhere
    ("starts", "i8", (None,)),                     # [n_starts] point of each start position
    ("dist", "i8", (None, None)),                  # [n_points, n_points] shortest path lengths
    ("dist_home", "i8", (None,)),                  # [n_points] to the nearest start
    ("faces", "i8", (None,)),                      # [n_faces] die faces (CR-D01)
    ("deck", "i8", (None,)),                       # [n_cards] card kinds, in the data's order (shuffled at setup)
])
Rules = Record   # a packed record of the RULES layout
