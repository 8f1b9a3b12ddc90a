"""The game state: a NamedTuple of a few typed arrays, allocated once per chunk.

Every count and card id is int64, the type of a Python int: a kernel called from Python
(tests, tools) then reuses the machine code compiled for the game loop instead of compiling a
second version for int32 arguments.

Why few arrays: every kernel call passes the state, and numba reference-counts each array
argument of each call. With one array per field (about 60) a first version compiled in 214 s
and played ~400 games/s; grouping the fields into the arrays below, with a named index for
every slot (`S_*` for scalars, `P_*` for piles...), keeps each field named while the call
overhead stays small. Read a scalar as `st.sc[S_ROUND]`.

The kernels reset every field at the start of each game (rules/setup.py), so one State serves
a whole chunk.
"""
from typing import NamedTuple

import numpy as np

from . import consts as K
from .catalog import Rules

EVENT_CAPACITY = 4096
MAX_SCRIPT = 64     # decisions of one turn a rollout can replay and trace

# --- st.sc: int64 scalars
_SCALARS = [
    "ROUND",          # rounds started so far
    "TURN",           # turns started so far
    "FIRST",          # holder of the First Player marker (HV-S11, HV-E04)
    "CUR",            # player whose turn it is
    "OUTCOME",        # consts.RUNNING / WIN / LOSS
    "LOSS",           # consts.LOSS_*
    "ESPLANADE",      # meeples free to place (HV-S10)
    "NEST",           # meeples in the Cracoucass' nest (HV-X02)
    "IDLE",           # meeples that found no legal space this round
    "MEEPLES",        # meeples in play (8, or 9 with Robot Assistant)
    "AZRAEL",         # Azrael's location 0..7
    "PLAYED",         # Smurf card revealed this turn, -1 if none
    "REMOVED",        # Smurf cards relocated (back in the box)
    "INV_DISCARD",    # Invention cards discarded
    "N_HOUSES",       # houses in play (HV-S02)
    "N_CAKES",        # cakes revealed (HV-S03)
    "DANGER_STREAK",  # dangerous actions in a row (HV-K02)
    "BUILDS_ROUND",   # houses built this round
    "RESCUES_ROUND",  # Dark Forest rescues this round
    "GARG_N",         # cards left in the Gargamel deck
    "GARG_TOP",       # Gargamel card on top of the revealed pile, -1 before the first
    "N_DANGEROUS",    # counters for results ...
    "N_ATTACKS",      # Cracoucass attacks (with or without a meeple taken)
    "N_RESCUES",
    "N_CRAFTED",
    "N_ACTIONS",
    "FORCED_N",       # die faces queued by tests in st.forced
    "FORCED_POS",
    "EV_N",           # events recorded
    "ASKED",          # decisions put to the strategy so far (forced moves excluded)
    "NO_INV",         # 1 while the played card forbids crafted inventions (Beta Smurf)
    "INV_ORPHANS",    # meeples left in the inventions zone by a discarded new-action card (HV-I04)
    "N_ABILITIES",    # card abilities and invention effects that changed something
    "N_INV_USED",     # inventions used (single-use, new actions, ignore-danger, rewind)
    "PLAYERS",        # copies of the configuration, for decision kernels ...
    "HUNGRY",
    "DANGER_DIE",
    "SCRIPT_N",       # decisions queued in st.script (a rollout replaying a turn) ...
    "SCRIPT_POS",     # ... and how many of them were taken
    "HIDE",           # 1: when the script runs out, re-draw the future (rules/decide.py)
    "TRACE_ON",       # 1: record every decision asked in st.trace (a rollout's probe)
    "TRACE_N",
    "BAD_KIND",       # the decision a strategy answered with an illegal index ...
    "BAD_N",          # ... its number of legal options ...
    "BAD_INDEX",      # ... and the index returned (read by game.py to name them in the error)
    "REQ_CACHED",     # 1 while a decision is scored: REQ_* hold what the objectives require ...
    "REQ_0",          # ... of each resource (heuristics.requirement), so scoring the options
    "REQ_1",          #     does not recount the houses and cakes for every option
    "REQ_2",
]
for _i, _name in enumerate(_SCALARS):
    globals()["S_" + _name] = _i
N_SCALARS = len(_SCALARS)

# --- st.piles[P_*, :] hold Smurf card ids; the count is st.pile_n[P_*]; the top is the last
P_DECK = 0      # the Smurf deck
P_DISCARD = 1   # the discard pile
P_FOREST = 2    # the Dark Forest deck of lost Smurfs (HV-S08)
P_EXTRA = 3     # the additional pile outside the board
N_PILES = 4
# --- st.inv[I_*, :] hold Invention card ids; counts in st.inv_n[I_*]
I_DECK = 0      # the Invention deck
I_IDEAS = 1     # the ideas zone (no limit, HV-I03)
I_CRAFTED = 2   # the inventions zone (limit 4, HV-I02)
N_INV_ZONES = 3
# --- st.loc_mod[location, LM_*]: lasting Gargamel effects in force this round (HV-E02)
LM_BLOCKED = 0
LM_DANGER = 1
LM_EXTRA = 2    # LM_EXTRA + resource: extra cost of every action there
N_LOC_MOD = 2 + K.N_RES


class State(NamedTuple):
    sc: np.ndarray            # int64[N_SCALARS]
    stock: np.ndarray         # int64[3]  the village stock (HV-R01)
    occ: np.ndarray           # int8[16, 2] player on each action space, -1 when free
    loc_mod: np.ndarray       # int64[8, N_LOC_MOD]
    piles: np.ndarray         # int64[N_PILES, n_smurfs]
    pile_n: np.ndarray        # int64[N_PILES]
    hand: np.ndarray          # int64[5, CARD_SLOTS]
    hand_n: np.ndarray        # int64[5]
    inv: np.ndarray           # int64[N_INV_ZONES, n_inventions]
    inv_n: np.ndarray         # int64[N_INV_ZONES]
    house_roof: np.ndarray    # int8[n_roofs]  roof of each house in play
    house_built: np.ndarray   # int8[n_roofs]
    cake: np.ndarray          # int64[n_cakes] Cake card of each revealed cake
    cake_done: np.ndarray     # int8[n_cakes]
    inv_occ: np.ndarray       # int8[n_inventions]  player + 1 on each crafted slot's card, 0 if none
    inv_used: np.ndarray      # int8[n_inventions]  per Invention card: used this turn (once per turn)
    garg_deck: np.ndarray     # int64[n_gargamel]  index 0 is the bottom
    rng: np.ndarray           # uint64[N_STREAMS]  one stream per purpose (simcore.rng)
    forced: np.ndarray        # int8[64]  die faces forced by tests, used before random rolls
    options: np.ndarray       # int64[MAX_OPTIONS]  legal options of the current decision
    scores: np.ndarray        # float64[MAX_OPTIONS]  a strategy's working space (planner.py)
    script: np.ndarray        # int64[MAX_SCRIPT]  option indices to take first (rollout replays)
    trace: np.ndarray         # int64[MAX_SCRIPT, 3]  (kind, n, index) of the decisions asked
    decisions: np.ndarray     # int64[N_DECISIONS] decisions asked by kind, over the whole chunk
    events: np.ndarray        # int64[capacity, 6]  the game log


def new_state(rules: Rules, event_capacity: int = EVENT_CAPACITY) -> State:
    """Allocate a State sized for `rules` (contents are set by the setup kernel)."""
    ns = rules.smurf_kind.shape[0]
    ni = rules.inv.shape[0]
    nr = rules.roof_cost.shape[0]
    nc = rules.cake.shape[0]
    ng = rules.garg.shape[0]
    return State(
        sc=np.zeros(N_SCALARS, np.int64), stock=np.zeros(K.N_RES, np.int64),
        occ=np.full((K.N_ACTIONS, K.MAX_SPACES), -1, np.int8),
        loc_mod=np.zeros((K.N_LOCATIONS, N_LOC_MOD), np.int64),
        piles=np.zeros((N_PILES, ns), np.int64), pile_n=np.zeros(N_PILES, np.int64),
        hand=np.zeros((K.MAX_PLAYERS, K.CARD_SLOTS), np.int64),
        hand_n=np.zeros(K.MAX_PLAYERS, np.int64),
        inv=np.zeros((N_INV_ZONES, ni), np.int64), inv_n=np.zeros(N_INV_ZONES, np.int64),
        house_roof=np.zeros(nr, np.int8), house_built=np.zeros(nr, np.int8),
        cake=np.zeros(nc, np.int64), cake_done=np.zeros(nc, np.int8),
        inv_occ=np.zeros(ni, np.int8), inv_used=np.zeros(ni, np.int8),
        garg_deck=np.zeros(ng, np.int64), rng=np.zeros(K.N_STREAMS, np.uint64),
        forced=np.zeros(64, np.int8), options=np.zeros(K.MAX_OPTIONS, np.int64),
        scores=np.zeros(K.MAX_OPTIONS, np.float64), script=np.zeros(MAX_SCRIPT, np.int64), trace=np.zeros((MAX_SCRIPT, 3), np.int64),
        decisions=np.zeros(K.N_DECISIONS, np.int64),
        events=np.zeros((max(1, event_capacity), K.EVENT_FIELDS), np.int64),
    )
