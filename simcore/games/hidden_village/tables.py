"""The kernels' view of the rules: the layout of the `Rules` record and the column of every
value in it.

Kernels import their table constants from here (and from consts.py and state.py), never from
the loader (catalog.py): this file changes only when the layout does, and the kernel cache is
keyed by the modules kernels import (simcore/jit.py), so editing the loader, its messages or
the card views does not recompile the game. catalog.py fills these tables from data/*.toml.
"""
import numpy as np

from ...packed import Layout, Record
from . import consts as K

# column indices of Rules.act
A_LOC = 0        # location index 0..7
A_SPACES = 1     # Smurf spaces (1 or 2)
A_COST = 2       # A_COST + resource: resources paid when performed
A_DANGER = 5     # 1 if the danger die is rolled
A_EFFECT = 6     # consts.ACT_*
A_RES = 7        # resource of `collect`
A_AMOUNT = 8     # amount of `collect`, `collect-different`, `reveal-ideas`
N_ACT_COLS = 9
# columns of Rules.inv, Rules.cake, Rules.garg, Rules.garg_eff, Rules.setup
INV_TYPE, INV_COST = 0, 1
CAKE_REQ, CAKE_N, CAKE_RES = 0, 1, 2
G_TIMING, G_AZRAEL = 0, 1
GE_OP, GE_LOC, GE_RES, GE_AMOUNT = 0, 1, 2, 3
SU_MEEPLES, SU_MEEPLES_IN_BOX, SU_INVENTIONS_MAX, SU_IDEAS_AT_SETUP, SU_SUPPLY_CAP = range(5)
# two readings of the rulebook, as data so that switching them never recompiles (setup.toml):
SU_GARGAMEL_FIRST = 5       # 1: Gargamel's card before the meeples return ("Game Round");
                            # 0: the meeples return first ("End of the Round", steps 1-2)
SU_AZRAEL_AT_PLACEMENT = 6  # 1: the Azrael die is rolled when the meeple is placed (step 2),
                            # before the action's cost is paid (step 3); 0: after paying
N_SETUP = 7


RULES = Layout("HiddenVillageRules", [
    # fields of a fixed shape first: each sits at a constant offset (simcore/packed.py)
    ("act", "i8", (K.N_ACTIONS, N_ACT_COLS)),   # the 16 actions, in board order
    ("die", "i8", (3, K.N_FACES, K.MAX_FACE_RESULTS, 2)),  # die (white, red, Azrael), face, result, (code, amount)
    ("setup", "i8", (N_SETUP,)),                # SU_* values
    ("die_results", "i8", (3, K.N_FACE_KINDS, 3)),  # derived from `die` (die_results): per die and
                                                # result kind, its faces, their amounts' sum and largest
    # sized by the card mix
    ("roof_cost", "i8", (None, K.N_RES)),       # [n_roofs, 3]
    ("smurf_kind", "i8", (None,)),              # [n_smurfs]  consts.KIND_*
    ("smurf_op", "i8", (None, K.N_OPS, K.N_OPV)),  # each card's ability (consts.OPV_*)
    ("inv_op", "i8", (None, K.N_OPS, K.N_OPV)),
    ("smurf_ops", "i8", (None,)),               # [n_smurfs]  the ops each card carries, a bit mask (op_masks)
    ("inv_ops", "i8", (None,)),                 # [n_inventions]
    ("inv", "i8", (None, 2)),                   # [n_inventions]  type, Smurfberry cost
    ("cake", "i8", (None, 3)),                  # [n_cakes]  prerequisite, n, resource (-1 if none)
    ("garg", "i8", (None, 2)),                  # [n_gargamel]  timing, Azrael's movement
    ("garg_eff", "i8", (None, K.MAX_G_EFFECTS, 4)),  # op, location, resource, amount
])


def op_masks(table: np.ndarray) -> np.ndarray:
    """Each card's ops as one bit mask (bit `op` set when table[card, op, OPV_ON] is set): a
    kernel asks which ops a card carries with one word instead of a row of the table per op.
    Derived from the table: Rules built with other ability tables use `with_abilities`."""
    on = (table[:, :, K.OPV_ON] != 0).astype(np.int64)
    return (on << np.arange(K.N_OPS, dtype=np.int64)).sum(axis=1).astype(np.int64)


def die_results(die: np.ndarray) -> np.ndarray:
    """Per die and result kind (consts.FACE_*): how many faces show it, the sum of their
    amounts and the largest amount. Derived from Rules.die; a strategy weighs a roll's
    expected harm from it in a few multiplications instead of a walk over the faces."""
    out = np.zeros((die.shape[0], K.N_FACE_KINDS, 3), np.int64)
    for d in range(die.shape[0]):
        for f in range(die.shape[1]):
            for k in range(die.shape[2]):
                kind, amount = int(die[d, f, k, 0]), int(die[d, f, k, 1])
                if kind != K.FACE_NOTHING:
                    out[d, kind, 0] += 1
                    out[d, kind, 1] += amount
                    out[d, kind, 2] = max(out[d, kind, 2], amount)
    return out


def with_abilities(rules: "Record", **tables) -> "Record":
    """A copy of `rules` with other ability tables (smurf_op=..., inv_op=...), their op masks
    recomputed to match."""
    masks = {{"smurf_op": "smurf_ops", "inv_op": "inv_ops"}[name]: op_masks(t) for name, t in tables.items()}
    return rules.replace(**tables, **masks)


Rules = Record   # every rule value as a typed array with named columns, packed in one
                 # record (see state.py for why); the kernels read only these
