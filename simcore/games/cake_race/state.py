"""The cake race's state as a packed record (simcore/packed.py, docs/packed.md), allocated
once per chunk (by Python: kernels never allocate) and reset in place by `setup_game` for every
game: the game's scalars in `sc` (read `st.sc[S_ROUND]`), the players' in `pl`
(`st.pl[p, P_POS]`), the deck; a move's enumeration as working space; and the harness's
control fields (`st.ctl[H_ASKED]`: decisions asked, forced dice, an illegal answer).
"""
# the harness's words of st.ctl (decisions asked, an illegal answer, events)
from ...harness import (H_ASKED, H_BAD_INDEX, H_BAD_KIND, H_BAD_N, H_EV_N, H_LOG, H_SEAT,  # noqa: F401
                        N_H, control_fields)
from ...packed import Layout, Record
from . import consts as K
from .tables import Rules

EVENT_CAPACITY = 1 << 14
MAX_PARAMS = 64      # a strategy's parameter vector per seat (scripted tests use up to this many)
MAX_STEPS = 8        # the longest move (die faces are 1..6)

# --- st.sc: the game's scalars
S_ROUND = 0         # rounds started
S_TURN = 1          # turns played
S_CUR = 2           # whose turn it is
S_OUTCOME = 3       # consts.RUNNING / WIN / LOSS / TIE for the focal seat
S_LOSS = 4          # consts.LOSS_*
S_FOCAL = 5         # the focal seat: plays the run's strategy and gives the outcome
S_PLAYERS = 6
S_CAKE_LEFT = 7     # cakes on the big cake (CR-S03)
S_REMOVED = 8       # cakes removed from the game by the cat (CR-H04)
S_RETURNED = 9      # cakes Gargamel sent back to the big cake (CR-C03)
S_DECK_HEAD = 10    # ring buffer: index of the top card
S_DECK_N = 11       # cards in the deck (hats held by players are out of it)
S_PASS_LEFT = 12    # cards still to turn before the deck comes round again
S_CAT = 13          # the cat's point (CR-B03), -1 outside a chase
S_WINNER = 14       # the sole winner's seat, -1 if none or shared
S_TIMEOUT = 15      # 1 if the game hit max_rounds (CR-E03)
S_N_CHASES = 16
S_N_CATCHES = 17
S_N_GARG = 18
S_N_HATS_USED = 19
N_SCALARS = 20

# --- st.pl[p, P_*]: each player's scalars
P_POS = 0           # point index
P_CARRIED = 1       # unsafe cakes (face up) (CR-K01)
P_SECURED = 2       # secured cakes (face down) (CR-K06)
P_MARKERS = 3       # cat markers (CR-H05)
P_HATS = 4          # hat cards held (CR-C04)
P_ELIM = 5          # 1 once eliminated (CR-H05)
P_FIRST_TRIP = 6    # cakes brought to a start the first time back at one, -1 before
P_TRIPS = 7         # times back at a start
N_PLAYER = 8


# --- st.ctl: the harness's words H_* (imported above), then the cake race's own
H_FORCED_N = N_H        # die faces queued by tests in `forced` ...
H_FORCED_POS = N_H + 1  # ... and how many were used
N_CONTROL = N_H + 2

HARNESS, EVENTS = control_fields(K.MAX_PLAYERS, MAX_PARAMS, K.MAX_OPTIONS, K.N_DECISIONS,
                                 K.EVENT_FIELDS, game_words=2)

STATE = Layout("CakeRaceState", [
    # the game (fixed shapes first: constant offsets)
    ("sc", "i8", (N_SCALARS,), "game"),
    ("pl", "i8", (K.MAX_PLAYERS, N_PLAYER), "game"),
    ("seen", "i8", (K.N_CARD_KINDS,), "game"),     # cards turned in the deck's current pass
    ("pass0", "i8", (K.N_CARD_KINDS,), "game"),    # cards of each kind in the deck when the pass began
    ("rng", "u8", (K.N_STREAMS,), "game"),
    # the kernels' working space: meaningless between two calls
    ("path", "i8", (MAX_STEPS + 1,), "work"),      # move enumeration: the path so far
    ("it", "i8", (MAX_STEPS + 1,), "work"),        # move enumeration: next neighbour to try
    # the harness: strategies, decisions, the log
    *HARNESS,                  # ctl, options, sid, par, decisions (simcore.harness)
    ("forced", "i8", (K.MAX_FORCED,), "control"),     # die faces queued by tests
    # sized by the data
    ("deck", "i8", (None,), "game"),               # [n_cards] ring buffer of card kinds (CR-C01)
    *EVENTS,
])
State = Record   # a packed record of the STATE layout


def new_state(rules: Rules, event_capacity: int = EVENT_CAPACITY) -> State:
    """A State sized for `rules` (contents are set by rules.setup_game)."""
    return STATE.allocate(dict(deck=(max(1, rules.deck.shape[0]),),
                               events=(max(1, event_capacity), K.EVENT_FIELDS)))
