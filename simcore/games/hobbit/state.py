"""The Hobbit deck-builder's state as a packed record (simcore/packed.py, docs/packed.md): every
zone is an array of card kinds (rows of Rules.card) with its count, the top of a stack or deck
last. One State serves a whole chunk: game.setup_game resets every game field.

A player's zones are `z[p, Z_*, :zn[p, Z_*]]` (consts.Z_*: deck, hand, played, discard, Stash,
Locations). The shared zones are one array each with its count in `sc`: the main deck, the
Valor and Corruption stacks, the archenemy stack (Loot lies under its archenemy: the entries
below it down to the next archenemy the rules stacked; `arch_by` says, entry by entry, who put
a card there face down: 0 the rules, else consts.PUT_* * MAX_PLAYERS + the seat), the two destroyed piles (HB-K08), the cards removed from
the game and the box (cards this game does not use, or not yet: the DoS deck before the chapter
change). The Path is `path[:MAX_PATH]`, -1 for an empty slot (HB-T06).
"""
from ...packed import Layout, Record
from . import consts as K
from . import tables as T

# --- st.sc: the game's scalars
_SCALARS = [
    "TURN",           # turns played
    "ROUND",          # rounds started (a round: every player's turn once)
    "CUR",            # whose turn it is
    "PLAYERS",
    "FOCAL",          # the seat whose outcome a result row gives
    "MODE",           # consts.MODE_*
    "OUTCOME",        # consts.RUNNING / WIN / LOSS / TIE for the focal seat
    "LOSS",           # consts.LOSS_*
    "WINNER",         # the sole winner, -1 if shared or none
    "END",            # consts.END_*, 0 while the game runs
    "CHAPTER",        # 0: An Unexpected Journey, 1: The Desolation of Smaug
    "CHAPTER_TURN",   # the turn at whose end the chapter changed (0: not yet)
    "AZOG_FELL",      # 1 once Azog is defeated this turn: the chapter changes at its end (HB-D*)
    "SMAUG_FELL",     # 1 once Smaug the Terrible is defeated (HB-E01)
    "POWER",          # the current player's unspent Power (HB-T04)
    "FIGHTS",         # archenemy defeats this turn
    "GROUP_DUE",      # 1: the Group Ambush of the archenemy on top is due at this end of turn (HB-T07)
    "CUP",            # A Small Cups waiting for the next card played (HB-K21)
    "ASK",            # what a D_CARD decision is for (consts.ASK_*)
    "ASK_CARD",       # the card whose effect asks it (-1: a rule)
    "MAIN_N", "VALOR_N", "CORR_N", "ARCH_N", "DESTROYED_AUJ_N", "DESTROYED_DOS_N", "REMOVED_N",
    "BOX_N",          # the shared zones' counts
    "PEND_N",         # Ambushes waiting to hit the next player (HB-T10)
    "CUP_N",          # cards to Stash at the end of this turn (A Small Cup)
    "LAST_DRAWN",     # the cost of the card drawn last (Durin's Line Tapestry, HB-K14)
    "DRAWN",          # cards drawn in the game so far (a card drawn while buying is then played, HB-T01)
    "EV_N",
    "EV_ON",
]
for _i, _name in enumerate(_SCALARS):
    globals()["S_" + _name] = _i
N_SCALARS = len(_SCALARS)

# --- st.pl[p, P_*]: each player's scalars
_PLAYER = [
    "HERO",           # a row of Rules.hero
    "VP",             # at the end: the score (HB-E03)
    "TYPES_PLAYED",   # this turn: a bit per consts.T_* played (first-time abilities)
    "DREW",           # 1 once this turn a card he played drew (Bombur, HB-H01)
    "BIG_GAINED",     # 1 once this turn he bought or gained a card of the hero's cost (HB-H03)
    "DESTROYED",      # 1 once this turn he destroyed a card
    "TOPPED",         # 1 once this turn a bought card went on top of his deck
    "DEFEATS",        # archenemies (and Loot) he defeated
    "TURNS",          # turns taken
    "CORRUPTIONS",    # Corruptions gained
]
for _i, _name in enumerate(_PLAYER):
    globals()["P_" + _name] = _i
N_PLAYER = len(_PLAYER)

# --- st.ctl: the harness's scalars
_CONTROL = ["ASKED", "SEAT", "BAD_KIND", "BAD_N", "BAD_INDEX"]   # SEAT: the seat deciding
for _i, _name in enumerate(_CONTROL):
    globals()["H_" + _name] = _i
N_CONTROL = len(_CONTROL)

MAX_PARAMS = 32                          # a strategy's parameters per seat
EVENT_CAPACITY = 1 << 14

STATE = Layout("HobbitState", [
    # the game (fixed shapes first: constant offsets)
    ("sc", "i8", (N_SCALARS,), "game"),
    ("pl", "i8", (K.MAX_PLAYERS, N_PLAYER), "game"),
    ("zn", "i8", (K.MAX_PLAYERS, K.N_PLAYER_ZONES), "game"),
    ("path", "i8", (K.MAX_PATH,), "game"),
    ("pend", "i8", (K.MAX_PENDING,), "game"),       # the Path slots of Ambushes waiting (HB-T10)
    ("tcount", "i8", (K.N_TYPES,), "game"),         # cards of each type played this turn
    ("rng", "u8", (K.N_STREAMS,), "game"),
    # the harness: strategies, decisions, the log
    ("ctl", "i8", (N_CONTROL,), "control"),
    ("options", "i8", (K.MAX_OPTIONS,), "control"),
    ("optcard", "i8", (K.MAX_OPTIONS,), "control"),  # the card kind each option names (-1: none)
    ("sid", "i8", (K.MAX_PLAYERS,), "control"),
    ("par", "f8", (K.MAX_PLAYERS, MAX_PARAMS), "control"),
    ("decisions", "i8", (K.N_DECISIONS,), "control"),
    # sized by the data: every zone can hold every card of the box
    ("z", "i8", (K.MAX_PLAYERS, K.N_PLAYER_ZONES, None), "game"),
    ("main", "i8", (None,), "game"),
    ("valor", "i8", (None,), "game"),
    ("corr", "i8", (None,), "game"),
    ("arch", "i8", (None,), "game"),
    ("arch_by", "i8", (None,), "game"),             # who put each arch entry there (zones.put_under_top)
    ("destroyed_auj", "i8", (None,), "game"),
    ("destroyed_dos", "i8", (None,), "game"),
    ("removed", "i8", (None,), "game"),
    ("box", "i8", (None,), "game"),
    ("cup", "i8", (None,), "game"),                 # card kinds a Small Cup will Stash (HB-K21)
    ("work", "i8", (None,), "work"),                # scratch for scans and shuffles
    ("events", "i8", (None, K.EVENT_FIELDS), "control"),
])
State = Record   # a packed record of the STATE layout


def box_size(rules) -> int:
    """Every physical card of the box, five starting decks included."""
    card = rules.card
    n = 0
    for kind in range(card.shape[0]):
        c = int(card[kind, T.C_COUNT])
        n += c * K.MAX_PLAYERS if int(card[kind, T.C_SET]) == K.SET_START else c
    return n


def new_state(rules=None, event_capacity: int = EVENT_CAPACITY) -> State:
    """A State sized for `rules` (room for 512 cards without): contents are set by
    game.setup_game."""
    n = 512 if rules is None else max(1, box_size(rules))
    return STATE.allocate(dict(z=(K.MAX_PLAYERS, K.N_PLAYER_ZONES, n), main=(n,), valor=(n,),
                               corr=(n,), arch=(n,), arch_by=(n,), destroyed_auj=(n,), destroyed_dos=(n,),
                               removed=(n,), box=(n,), cup=(n,), work=(n,),
                               events=(max(1, event_capacity), K.EVENT_FIELDS)))
