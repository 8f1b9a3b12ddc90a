"""The cake race's state as a packed record (simcore/packed.py, docs/packed.md), allocated
once per chunk (by Python: kernels never allocate) and reset in place by `setup_game` for every
game: the game's scalars in `sc` (read `st.sc[S_ROUND]`), the players' in `pl`
(`st.pl[p, P_POS]`), the deck; a move's enumeration as working space; and the harness's
control fields (`st.ctl[H_ASKED]`: decisions asked, forced dice, an illegal answer).
"""
from ...packed import Layout, Record
from . import consts as K
from .tables import Rules

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


# --- st.ctl: the harness's scalars
_CONTROL = [
    "ASKED",         # decisions put to strategies (forced ones excluded)
    "FORCED_N", "FORCED_POS",   # die faces queued by tests in `forced`
    "BAD_KIND", "BAD_N", "BAD_INDEX",   # an illegal answer: decision, options, index
]
for _i, _n in enumerate(_CONTROL):
    globals()[f"H_{_n}"] = _i
N_CONTROL = len(_CONTROL)

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
    ("ctl", "i8", (N_CONTROL,), "control"),
    ("options", "i8", (K.MAX_OPTIONS,), "control"),   # options of the current decision
    ("forced", "i8", (K.MAX_FORCED,), "control"),     # die faces queued by tests
    ("sid", "i8", (K.MAX_PLAYERS,), "control"),       # strategy kernel id per seat
    ("par", "f8", (K.MAX_PLAYERS, MAX_PARAMS), "control"),   # strategy parameters per seat
    # sized by the data
    ("deck", "i8", (None,), "game"),               # [n_cards] ring buffer of card kinds (CR-C01)
    ("events", "i8", (None, K.EVENT_FIELDS), "control"),
])
State = Record   # a packed record of the STATE layout


def new_state(rules: Rules, event_capacity: int = EVENT_CAPACITY) -> State:
    """A State sized for `rules` (contents are set by rules.setup_game)."""
    return STATE.allocate(dict(deck=(max(1, rules.deck.shape[0]),),
                               events=(max(1, event_capacity), K.EVENT_FIELDS)))
