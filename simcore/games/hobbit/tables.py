"""The kernels' view of the Hobbit deck-builder's rules: the layout of the `Rules` record and
the column of every value in it.

Kernels import their table constants from here (and from consts.py and state.py), never from
the loader (catalog.py): editing the loader or its messages does not recompile the game.
catalog.py fills these tables from data/*.toml.
"""
from ...packed import Layout, Record
from . import consts as K

# Rules.k: the game's numbers and the readings in force (data/setup.toml)
K_HAND = 0             # HB-T09: cards drawn at the end of a turn (and at set-up)
K_PATH = 1             # HB-S04: the Path's slots
K_MAX_TURNS = 2        # HB-E04: the turn cap (a safety net; no rule)
K_LOOT1_UNDER = 3      # HB-S06: Level 1 Loot under The Trolls
K_LOOT2_UNDER = 4      # HB-S07: Level 2 Loot under Great Goblin
K_GROUP_WHEN = 5       # HB-T07: when an archenemy's Group Ambush is due (consts GROUP_*)
K_DEFENSE_AMBUSH = 6   # HB-C07: 1 if a Defense card avoids an Ambush as it does an Attack
K_LOCATIONS_STAY = 7   # HB-C05: 1 if a played Location stays in front of its owner
K_FIGHTS = 8           # HB-T05: archenemy defeats allowed per turn (0: any number)
K_DOS_RANDOM = 9       # HB-X01: random AUJ main-deck cards in each deck of the assumed AUJ chapter
K_DOS_MAX_COST = 10    # HB-X01: the costliest AUJ card such a deck may hold
K_DOS_CORRUPTION = 11  # HB-X01: Corruptions in each deck of the assumed AUJ chapter
K_DOS_VALOR = 12       # HB-X01: Valor cards in each deck of the assumed AUJ chapter
K_DOS_STASH = 13       # HB-X01: random AUJ cards already in each Stash at the chapter change
K_AUJ_DECK = 14        # HB-S03: cards of the shuffled AUJ main deck played (the rest stay boxed)
K_DOS_DECK = 15        # HB-D04: cards of the shuffled DoS main deck played (the rest stay boxed)
K_IMPOSSIBLE_AUJ = 16  # HB-I07: 1 if Impossible Mode's Corruption and Path rules hold in AUJ too
K_PLAY_AFTER_BUY = 17  # HB-T01: 1 if a card drawn while buying may be played, the buying going on
K_STACK_LIVE = 18      # HB-K01: consts.STACK_*: where a Stack Ongoing is live
K_SCORCH_SLOTS = 19    # HB-D12: 1 if Smaug the Terrible's card takes a slot beyond a full Path's five
K_SCORCH_AMBUSH = 20   # HB-D12: 1 if the Ambush of the card Smaug the Terrible puts into the Path hits
K_RING_AT = 21         # HB-S07: consts.RING_*: where The One Ring lies among the Level 2 Loot
K_SEAT_VP_0 = 22       # HB-E03: VP a seat is given at the end beyond its cards, one per seat
K_SEAT_VP_1 = 23       #   (first player first; the rules' 0 for all: a designer's lever)
K_SEAT_VP_2 = 24
K_SEAT_VP_3 = 25
K_SEAT_VP_4 = 26
N_K = 27

# Rules.card[kind, C_*]: one row per card kind
C_TYPE = 0          # consts.T_*
C_SET = 1           # consts.SET_*: where set-up puts it
C_COST = 2          # Power to buy it; an archenemy's: Power to defeat it
C_VP = 3            # printed Victory Points (may be negative: Corruption)
C_COUNT = 4         # copies in the box (a starting card: per player)
C_ORDER = 5         # archenemies: story order, 0 first (top of the stack)
C_AS_TYPE = 6       # the type it counts as when played (an archenemy in a deck: Enemy, HB-K07)
C_FINAL = 7         # 1: Smaug the Terrible, whose defeat ends the game (HB-E01)
C_DEFENSE = 8       # 1: it has a Defense row (TR_DEFENSE)
C_NFX = 9           # its effect rows in use
C_ZERO_VP = 10      # 1: an archenemy worth no VP (removed once its Loot is gone, HB-T08)
N_C = 11

# Rules.fx[kind, row, FX_*]: a card's effect rows (docs/hobbit-effects.md)
FX_TRIG = 0         # consts.TR_*
FX_OP = 1           # consts.OP_*
FX_A = 2
FX_B = 3
N_FX = 4

# Rules.hero[h, HR_*] and Rules.hfx[h, row, FX_*]: the heroes and their abilities
HR_SET = 0          # 0: An Unexpected Journey's seven, 1: the eight of this box
HR_NFX = 1
N_HR = 2
MAX_HERO_FX = 3

RULES = Layout("HobbitRules", [
    ("k", "i8", (N_K,)),
    ("card", "i8", (None, N_C)),
    ("fx", "i8", (None, K.MAX_FX, N_FX)),
    ("hero", "i8", (None, N_HR)),
    ("hfx", "i8", (None, MAX_HERO_FX, N_FX)),
    ("dos_deck", "i8", (None,)),     # HB-X01: per card kind, copies in each assumed AUJ-chapter deck
])
Rules = Record   # a packed record of the RULES layout
