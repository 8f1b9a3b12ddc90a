"""The cake race's game state: a NamedTuple of a few typed arrays, allocated once per chunk
(by Python: kernels never allocate) and reset in place by `setup_game` for every game.

Scalars live in `sc` (read `st.sc[S_ROUND]`), per-player fields in `pl` (`st.pl[p, P_POS]`).
"""
from typing import NamedTuple

import numpy as np

from ...linked import arrays_type
from . import consts as K
from .catalog import Rules

EVENT_CAPACITY = 1 << 14
MAX_PARAMS = 64      # a strategy's parameter vector per seat (scripted tests use up to this many)
MAX_STEPS = 8        # the longest move (die faces are 1..6)

_SCALARS = [
    "ROUND",         # rounds started
    "TURN",          # turns played
    "CUR",           # whose turn it is
    "OUTCOME",       # consts.RUNNING / WIN / LOSS / TIE for the focal seat
    "LOSS",          # consts.LOSS_*
    "FOCAL",         # the focal seat: plays the run's strategy and gives the outcome
    "PLAYERS",
    "CAKE_LEFT",     # cakes on the big cake (CR-S03)
    "REMOVED",       # cakes removed from the game by the cat (CR-H04)
    "RETURNED",      # cakes Gargamel sent back to the big cake (CR-C03)
    "DECK_HEAD",     # ring buffer: index of the top card
    "DECK_N",        # cards in the deck (hats held by players are out of it)
    "PASS_LEFT",     # cards still to turn before the deck comes round again
    "CAT",           # the cat's point (CR-B03), -1 outside a chase
    "WINNER",        # the sole winner's seat, -1 if none or shared
    "TIMEOUT",       # 1 if the game hit max_rounds (CR-E03)
    "N_CHASES", "N_CATCHES", "N_GARG", "N_HATS_USED",
    "EV_N", "EV_ON",
    "ASKED",         # decisions put to strategies (forced ones excluded)
    "FORCED_N", "FORCED_POS",   # die faces queued by tests in `forced`
    "BAD_KIND", "BAD_N", "BAD_INDEX",   # an illegal answer: decision, options, index
]
for _i, _n in enumerate(_SCALARS):
    globals()[f"S_{_n}"] = _i
N_SCALARS = len(_SCALARS)

_PLAYER = [
    "POS",           # point index
    "CARRIED",       # unsafe cakes (face up) (CR-K01)
    "SECURED",       # secured cakes (face down) (CR-K06)
    "MARKERS",       # cat markers (CR-H05)
    "HATS",          # hat cards held (CR-C04)
    "ELIM",          # 1 once eliminated (CR-H05)
    "FIRST_TRIP",    # cakes brought to a start the first time back at one, -1 before
    "TRIPS",         # times back at a start
]
for _i, _n in enumerate(_PLAYER):
    globals()[f"P_{_n}"] = _i
N_PLAYER = len(_PLAYER)


class State(NamedTuple):
    sc: np.ndarray        # int64[N_SCALARS]
    pl: np.ndarray        # int64[MAX_PLAYERS, N_PLAYER]
    deck: np.ndarray      # int64[n_cards]  ring buffer of card kinds (CR-C01)
    seen: np.ndarray      # int64[N_CARD_KINDS]  cards turned in the deck's current pass
    pass0: np.ndarray     # int64[N_CARD_KINDS]  cards of each kind in the deck when the pass began
    opts: np.ndarray      # int64[MAX_OPTIONS]  options of the current decision
    path: np.ndarray      # int64[MAX_STEPS + 1]  move enumeration: the path so far
    it: np.ndarray        # int64[MAX_STEPS + 1]  move enumeration: next neighbour to try
    forced: np.ndarray    # int64[MAX_FORCED]  die faces queued by tests
    rng: np.ndarray       # uint64[N_STREAMS]
    sid: np.ndarray       # int64[MAX_PLAYERS]  strategy kernel id per seat
    par: np.ndarray       # float64[MAX_PLAYERS, MAX_PARAMS]  strategy parameters per seat
    events: np.ndarray    # int32[capacity, EVENT_FIELDS]


# how a chooser receives the State (simcore.linked.tuple_view)
STATE_TYPE = arrays_type(State, sc=(np.int64, 1), pl=(np.int64, 2), deck=(np.int64, 1),
                         seen=(np.int64, 1), pass0=(np.int64, 1), opts=(np.int64, 1),
                         path=(np.int64, 1), it=(np.int64, 1), forced=(np.int64, 1),
                         rng=(np.uint64, 1), sid=(np.int64, 1), par=(np.float64, 2),
                         events=(np.int32, 2))


def new_state(rules: Rules, event_capacity: int = EVENT_CAPACITY) -> State:
    return State(
        sc=np.zeros(N_SCALARS, np.int64), pl=np.zeros((K.MAX_PLAYERS, N_PLAYER), np.int64),
        deck=np.zeros(max(1, rules.deck.shape[0]), np.int64), seen=np.zeros(K.N_CARD_KINDS, np.int64),
        pass0=np.zeros(K.N_CARD_KINDS, np.int64),
        opts=np.zeros(K.MAX_OPTIONS, np.int64), path=np.zeros(MAX_STEPS + 1, np.int64),
        it=np.zeros(MAX_STEPS + 1, np.int64), forced=np.zeros(K.MAX_FORCED, np.int64),
        rng=np.zeros(K.N_STREAMS, np.uint64), sid=np.zeros(K.MAX_PLAYERS, np.int64),
        par=np.zeros((K.MAX_PLAYERS, MAX_PARAMS), np.float64),
        events=np.zeros((max(1, event_capacity), K.EVENT_FIELDS), np.int32),
    )
