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
# the harness's words of st.ctl (the deciding seat, decisions asked, an illegal answer, events)
from ...harness import (H_ASKED, H_BAD_INDEX, H_BAD_KIND, H_BAD_N, H_EV_N, H_LOG, H_SEAT,  # noqa: F401
                        N_H as N_CONTROL, control_fields)
from ...packed import Layout, Record
from . import consts as K
from . import tables as T

# --- st.sc: the game's scalars
S_TURN = 0              # turns played
S_ROUND = 1             # rounds started (a round: every player's turn once)
S_CUR = 2               # whose turn it is
S_PLAYERS = 3
S_FOCAL = 4             # the seat whose outcome a result row gives
S_MODE = 5              # consts.MODE_*
S_OUTCOME = 6           # consts.RUNNING / WIN / LOSS / TIE for the focal seat
S_LOSS = 7              # consts.LOSS_*
S_WINNER = 8            # the sole winner, -1 if shared or none
S_END = 9               # consts.END_*, 0 while the game runs
S_CHAPTER = 10          # 0: An Unexpected Journey, 1: The Desolation of Smaug
S_CHAPTER_TURN = 11     # the turn at whose end the chapter changed (0: not yet)
S_AZOG_FELL = 12        # 1 once Azog is defeated this turn: the chapter changes at its end (HB-D*)
S_SMAUG_FELL = 13       # 1 once Smaug the Terrible is defeated (HB-E01)
S_POWER = 14            # the current player's unspent Power (HB-T04)
S_FIGHTS = 15           # archenemy defeats this turn
S_GROUP_DUE = 16        # 1: the Group Ambush of the archenemy on top is due at this end of turn (HB-T07)
S_CUP = 17              # A Small Cups waiting for the next card played (HB-K21)
S_ASK = 18              # what a D_CARD decision is for (consts.ASK_*)
S_ASK_CARD = 19         # the card whose effect asks it (-1: a rule)
# the shared zones' counts
S_MAIN_N = 20
S_VALOR_N = 21
S_CORR_N = 22
S_ARCH_N = 23
S_DESTROYED_AUJ_N = 24
S_DESTROYED_DOS_N = 25
S_REMOVED_N = 26
S_BOX_N = 27
S_PEND_N = 28           # Ambushes waiting to hit the next player (HB-T10)
S_CUP_N = 29            # cards to Stash at the end of this turn (A Small Cup)
S_LAST_DRAWN = 30       # the cost of the card drawn last (Durin's Line Tapestry, HB-K14)
S_DRAWN = 31            # cards drawn in the game so far (a card drawn while buying is then played, HB-T01)
N_SCALARS = 32

# --- st.pl[p, P_*]: each player's scalars
P_HERO = 0          # a row of Rules.hero
P_VP = 1            # at the end: the score (HB-E03)
P_TYPES_PLAYED = 2  # this turn: a bit per consts.T_* played (first-time abilities)
P_DREW = 3          # 1 once this turn a card he played drew (Bombur, HB-H01)
P_BIG_GAINED = 4    # 1 once this turn he bought or gained a card of the hero's cost (HB-H03)
P_DESTROYED = 5     # 1 once this turn he destroyed a card
P_TOPPED = 6        # 1 once this turn a bought card went on top of his deck
P_DEFEATS = 7       # archenemies (and Loot) he defeated
P_TURNS = 8         # turns taken
P_CORRUPTIONS = 9   # Corruptions gained
N_PLAYER = 10

# --- st.ctl: the harness's words, H_* (simcore.harness: the deciding seat, the decisions
# asked, an illegal answer, the events written), imported above

MAX_PARAMS = 32                          # a strategy's parameters per seat
EVENT_CAPACITY = 1 << 14
HARNESS, EVENTS = control_fields(K.MAX_PLAYERS, MAX_PARAMS, K.MAX_OPTIONS, K.N_DECISIONS,
                                 K.EVENT_FIELDS)

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
    *HARNESS,                  # ctl, options, sid, par, decisions (simcore.harness)
    ("optcard", "i8", (K.MAX_OPTIONS,), "control"),  # the card kind each option names (-1: none)
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
    *EVENTS,
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
