"""Named integer codes shared by the loader, the kernels and the tests of the Hobbit
deck-builder (An Unexpected Journey, then The Desolation of Smaug: desolation-of-smaug.txt).

Module-level ints are compile-time constants for numba. Data files use the names; the loader
(catalog.py) maps names to these codes. Rule IDs refer to ../rules-checklist.md; the effect
vocabulary is documented in docs/hobbit-effects.md.
"""
MAX_PLAYERS = 5                 # HB-S01: 2 to 5 players
MIN_PLAYERS = 2
HAND = 5                        # HB-T09: draw five cards
PATH_SLOTS = 5                  # HB-S04: the Path's five slots
MAX_PATH = 12                   # the Path with the cards Smaug the Terrible adds (HB-D12)
MAX_FX = 4                      # effect rows per card (tables.FX_*)
MAX_OPTIONS = 64                # options of one decision
MAX_PENDING = 8                 # Ambushes waiting to hit the next player (HB-T10)

# --- card types (HB-C01): the type a card's text and the heroes read
T_COURAGE = 0
T_DESPAIR = 1
T_ALLY = 2
T_ARTIFACT = 3
T_ENEMY = 4
T_LOCATION = 5
T_MANEUVER = 6
T_VALOR = 7
T_CORRUPTION = 8
T_LOOT = 9
T_ARCHENEMY = 10
T_QUEST = 11
TYPES = {"courage": T_COURAGE, "despair": T_DESPAIR, "ally": T_ALLY, "artifact": T_ARTIFACT,
         "enemy": T_ENEMY, "location": T_LOCATION, "maneuver": T_MANEUVER, "valor": T_VALOR,
         "corruption": T_CORRUPTION, "loot": T_LOOT, "archenemy": T_ARCHENEMY, "quest": T_QUEST}
TYPE_NAMES = {v: k for k, v in TYPES.items()}
N_TYPES = len(TYPES)
ANY_TYPE = -1

# --- where a card starts (its set): which stack set-up puts it in (HB-S*, HB-D*)
SET_START = 0           # each player's starting deck (count per player)
SET_VALOR = 1           # the Valor stack
SET_CORRUPTION = 2      # the Corruption stack
SET_HOARDING = 3        # the five Corruption (Hoarding) cards (HB-D03, HB-I01)
SET_AUJ = 4             # An Unexpected Journey's main deck
SET_DOS = 5             # The Desolation of Smaug's main deck
SET_LOOT1 = 6           # Level 1 Loot (two at random under The Trolls, HB-S06)
SET_LOOT2 = 7           # Level 2 Loot (two at random under Great Goblin, HB-S07)
SET_RING = 8            # The One Ring, under Great Goblin as usual (HB-S07)
SET_LOOT4 = 9           # the four Level 4 Loot, under Smaug the Magnificent (HB-D08)
SET_ARCH_AUJ = 10       # the AUJ archenemies in story order (HB-S05)
SET_SMAUG = 11          # Smaug the Magnificent and Smaug the Terrible (normal mode)
SET_SMAUG_IMPOSSIBLE = 12   # the Impossible Mode Smaugs (HB-I02)
SETS = {"start": SET_START, "valor": SET_VALOR, "corruption": SET_CORRUPTION,
        "hoarding": SET_HOARDING, "auj": SET_AUJ, "dos": SET_DOS, "loot1": SET_LOOT1,
        "loot2": SET_LOOT2, "ring": SET_RING, "loot4": SET_LOOT4, "arch-auj": SET_ARCH_AUJ,
        "smaug": SET_SMAUG, "smaug-impossible": SET_SMAUG_IMPOSSIBLE}
SET_NAMES = {v: k for k, v in SETS.items()}
N_SETS = len(SETS)

# --- when an effect row acts (tables.FX_TRIG): docs/hobbit-effects.md
TR_NONE = 0
TR_PLAY = 1             # when the card is played
TR_ATTACK = 2           # when played: each opponent, unless he avoids it with a Defense
TR_ATTACK_OR = 3        # when played: the player picks one of these rows, before any Defense (HB-K09)
TR_AMBUSH = 4           # when the card enters the Path: it hits the next player (HB-T10)
TR_GROUP = 5            # an archenemy's Group Ambush: every player, in turn order (HB-T07)
TR_STACK = 6            # Stack Ongoing: live only while the card is on top of the archenemy stack (HB-K01)
TR_ONGOING = 7          # a Location's text while it is in front of its owner (HB-C05)
TR_END_TURN = 8         # at the end of the turn it was played (step 3, HB-T03)
TR_DEFENSE = 9          # from the hand: discard it to avoid an Attack or an Ambush, then this row
TR_GAINED = 10          # when the card is bought or gained
TR_IN_HAND = 11         # at the start of its owner's turn, while in hand (Riddle Game in DoS, HB-K06)
TR_END_GAME = 12        # an end-of-game Victory Point formula
TRIGGERS = {"play": TR_PLAY, "attack": TR_ATTACK, "attack-or": TR_ATTACK_OR, "ambush": TR_AMBUSH,
            "group": TR_GROUP, "stack": TR_STACK, "ongoing": TR_ONGOING, "end-turn": TR_END_TURN,
            "defense": TR_DEFENSE, "gained": TR_GAINED, "in-hand": TR_IN_HAND,
            "end-game": TR_END_GAME}
TRIGGER_NAMES = {v: k for k, v in TRIGGERS.items()}

# --- what an effect row does (tables.FX_OP), with its two numbers A and B (FX_A, FX_B)
OP_NONE = 0
OP_POWER = 1            # +A Power
OP_DRAW = 2             # draw A cards
OP_DESTROY = 3          # you may destroy up to A cards from your hand or discard pile
OP_STASH = 4            # you may Stash up to A cards from your hand
OP_CORRUPT = 5          # gain A Corruptions (the player hit, in an Attack or an Ambush)
OP_DISCARD = 6          # discard A cards from your hand (the player hit chooses)
OP_POWER_IF = 7         # +A Power if you played another card of type B this turn
OP_POWER_PER = 8        # +A Power for each other card of type B you played this turn
OP_BARGE = 9            # The Barge: you may destroy the lowest-cost card of the Path (HB-K11)
OP_BURGLE = 10          # The Burglar: gain the Loot immediately under the current archenemy (HB-K12)
OP_TAPESTRY = 11        # Durin's Line Tapestry: draw, and again while the cost does not fall (HB-K14)
OP_BALLISTA = 12        # Lake-town Ballista: return an Ally and an Enemy from discard to hand, else +A (HB-K16)
OP_GUARDS = 13          # Lake-town Guards: all discard their top card; Stash one from a chosen discard (HB-K17)
OP_BARRELS = 14         # River Barrels: Stash up to one Ally and one Enemy from your discard pile (HB-K20)
OP_SMALL_CUP = 15       # A Small Cup: the next card you play this turn is Stashed at its end (HB-K21)
OP_SEND_OFF = 16        # A Warm Send-Off (when gained): you may Stash another you have (HB-K22)
OP_HIDE_SEEK = 17       # Hide and Seek: put a card of your Stash into your hand (HB-K04)
OP_FIMBUL = 18          # Fimbul the Hunter: destroy the costliest non-Corruption card of the Stash (HB-K04)
OP_FLAMES = 19          # Escape the Flames: the costliest card of the hand goes under the current Smaug (HB-K15)
OP_RIDDLE = 20          # Riddle Game in DoS: Stash it and draw a card (HB-K06)
OP_BOLG = 21            # Bolg: each player Stashes his deck's top card unless it costs 0 (HB-K13)
OP_STASH_RANDOM = 22    # Smaug the Magnificent: Stash a random card of your hand (HB-D14)
OP_HOARD_OR = 23        # Impossible Smaug the Magnificent: a card of your hand to Smaug's Loot, or a Corruption (HB-I03)
OP_SCORCH = 24          # Smaug the Terrible: the main deck's top card into the Path; destroy the Path's
                        # cheaper cards; with A > 0 (Impossible), an A-cost card destroys every other cost (HB-D12, HB-I04)
OP_COST_UP = 25         # Stack Ongoing: cards of type B cost A more to buy
OP_FIRST_POWER = 26     # the first time each turn you play a card of type B, +A Power
OP_FIRST_DRAW = 27      # the first time each turn you play a card of type B, draw A cards
OP_END_DRAW = 28        # at the end of your turn, draw A more cards (a Location, HB-H01)
OP_VP_PER_STASH = 29    # end of game: +A VP for every B cards in your Stash (HB-K19)
OP_VP_PER_TYPE = 30     # end of game: +A VP for every card of type B in your deck
OP_HOARDING = 31        # Hoarding: -A VP more for every B cards in your Stash (HB-D03)
OP_DRAW_DISCARD = 32    # draw A cards, then discard B (the replacement Magic, HB-K05)
OP_DRAW_MORE = 33       # Bombur: the first time each turn a card you play draws, draw A more (HB-H01)
OP_AMBUSH_GUARD = 34    # Tauriel: discard a card of your hand to avoid an Ambush (not an Attack) (HB-H02)
OP_BIG_GAIN = 35        # the first time each turn you buy or gain a card of cost >= B, draw A (HB-H03)
OP_DEFEAT_POWER = 36    # each time you defeat an archenemy, +A Power
OP_TOP_DECK = 37        # the first card of type B you buy each turn goes on top of your deck
OP_DESTROY_POWER = 38   # the first time each turn you destroy a card, +A Power
OP_STASH_START = 39     # at the start of your turn you may Stash a card of your hand
OP_VALOR_DISCOUNT = 40  # Valor cards cost you A less
OPS = {"none": OP_NONE, "power": OP_POWER, "draw": OP_DRAW, "destroy": OP_DESTROY,
       "stash": OP_STASH, "corrupt": OP_CORRUPT, "discard": OP_DISCARD, "power-if": OP_POWER_IF,
       "power-per": OP_POWER_PER, "barge": OP_BARGE, "burgle": OP_BURGLE,
       "tapestry": OP_TAPESTRY, "ballista": OP_BALLISTA, "guards": OP_GUARDS,
       "barrels": OP_BARRELS, "small-cup": OP_SMALL_CUP, "send-off": OP_SEND_OFF,
       "hide-and-seek": OP_HIDE_SEEK, "fimbul": OP_FIMBUL, "flames": OP_FLAMES,
       "riddle": OP_RIDDLE, "bolg": OP_BOLG, "stash-random": OP_STASH_RANDOM,
       "hoard-or-corrupt": OP_HOARD_OR, "scorch": OP_SCORCH, "cost-up": OP_COST_UP,
       "first-power": OP_FIRST_POWER, "first-draw": OP_FIRST_DRAW, "end-draw": OP_END_DRAW,
       "vp-per-stash": OP_VP_PER_STASH, "vp-per-type": OP_VP_PER_TYPE,
       "hoarding": OP_HOARDING, "draw-discard": OP_DRAW_DISCARD, "draw-more": OP_DRAW_MORE,
       "ambush-guard": OP_AMBUSH_GUARD, "big-gain": OP_BIG_GAIN,
       "defeat-power": OP_DEFEAT_POWER, "top-deck": OP_TOP_DECK,
       "destroy-power": OP_DESTROY_POWER, "stash-start": OP_STASH_START,
       "valor-discount": OP_VALOR_DISCOUNT}
OP_NAMES = {v: k for k, v in OPS.items()}

# --- zones (HB-Z01): every card is in exactly one
Z_DECK = 0
Z_HAND = 1
Z_PLAYED = 2
Z_DISCARD = 3
Z_STASH = 4
Z_LOCATIONS = 5         # Locations stay in front of their owner (HB-C05)
N_PLAYER_ZONES = 6
PLAYER_ZONES = ("deck", "hand", "played", "discard", "stash", "locations")

# --- decisions (every one through decide.decide)
DECISIONS = ["play", "buy", "card", "defend", "target", "attack", "order"]
D_PLAY = 0      # which card of the hand to play next (options: hand positions, NONE: stop playing)
D_BUY = 1       # buy a Path card or a Valor, fight the archenemy, or end the turn (OPT_*)
D_CARD = 2      # pick one card for an effect (options: positions; NONE where optional)
D_DEFEND = 3    # avoid an Attack or an Ambush with a Defense card of the hand (positions, or NONE)
D_TARGET = 4    # pick a player (Lake-town Guards: yourself allowed)
D_ATTACK = 5    # pick one Attack of an attack-or card, before any Defense (HB-K09)
D_ORDER = 6     # the order of the Ambushes at the chapter change (HB-D06): the next to resolve
N_DECISIONS = len(DECISIONS)
NONE = -1               # "none of these" where a choice is optional
OPT_VALOR = 100         # D_BUY: buy the top Valor card
OPT_FIGHT = 101         # D_BUY: fight the current archenemy
OPT_END = 102           # D_BUY: end the turn
# what a D_CARD decision is for (st.sc[S_ASK]): strategies read it
ASK_DESTROY = 0
ASK_STASH = 1
ASK_DISCARD = 2
ASK_BARGE = 3
ASK_HIDE_SEEK = 4
ASK_GUARDS = 5
ASK_BARRELS = 6
ASK_FLAMES = 7
ASK_HOARD = 8
ASK_SEND_OFF = 9
ASK_TAURIEL = 10
ASK_BALLISTA = 11
ASK_NAMES = ("destroy", "stash", "discard", "barge", "hide-and-seek", "guards", "barrels",
             "flames", "hoard", "send-off", "tauriel", "ballista")

# --- modes (HB-M*): this game's difficulty levels
MODE_NORMAL = 0
MODE_IMPOSSIBLE = 1
MODE_COOP = 2           # Impossible Mode played co-operatively (HB-I06)
MODES = {"normal": MODE_NORMAL, "impossible": MODE_IMPOSSIBLE, "coop": MODE_COOP}
MODE_NAMES = {v: k for k, v in MODES.items()}
START_AUJ = 0           # the campaign from An Unexpected Journey (HB-S*)
START_DOS = 1           # at the chapter change, from decks an assumed AUJ chapter built (HB-X01)
STARTS = {"auj": START_AUJ, "dos": START_DOS}

# --- results
RESULT_FIELDS = ["outcome", "loss_reason", "seat", "players", "mode", "turns", "rounds",
                 "end", "winner", "vp", "margin", "smaug", "chapter_turn", "deck", "stash",
                 "corruption", "defeats", "hero", "vp_0", "vp_1", "vp_2", "vp_3", "vp_4",
                 "hero_0", "hero_1", "hero_2", "hero_3", "hero_4"]
R_OUTCOME = 0
R_LOSS_REASON = 1
R_SEAT = 2
R_PLAYERS = 3
R_MODE = 4
R_TURNS = 5
R_ROUNDS = 6
R_END = 7
R_WINNER = 8
R_VP = 9
R_MARGIN = 10
R_SMAUG = 11
R_CHAPTER_TURN = 12
R_DECK = 13
R_STASH = 14
R_CORRUPTION = 15
R_DEFEATS = 16
R_HERO = 17
R_VP_0 = 18
R_VP_1 = 19
R_VP_2 = 20
R_VP_3 = 21
R_VP_4 = 22
R_HERO_0 = 23
R_HERO_1 = 24
R_HERO_2 = 25
R_HERO_3 = 26
R_HERO_4 = 27
N_RESULT_FIELDS = len(RESULT_FIELDS)
RUNNING = 0
WIN = 1
LOSS = 2
TIE = 3                 # the focal seat shares the most VP (HB-E03)
OUTCOMES = {WIN: "win", LOSS: "loss", TIE: "tie"}
LOSS_NONE = 0
LOSS_OUTSCORED = 1      # another player has more VP (HB-E03)
LOSS_PATH = 2           # Impossible Mode: the Path could not be refilled (HB-I05)
LOSS_CUT = 3            # the turn cap (HB-E04)
LOSS_REASONS = {LOSS_NONE: "", LOSS_OUTSCORED: "outscored", LOSS_PATH: "path-ran-dry",
                LOSS_CUT: "turn-cap"}
END_SMAUG = 1           # Smaug the Terrible fell (HB-E01)
END_PATH = 2            # the Path could not be refilled (HB-E02)
END_CUT = 3             # the turn cap (HB-E04)
END_NAMES = {0: "", END_SMAUG: "smaug-defeated", END_PATH: "path-ran-dry", END_CUT: "turn-cap"}

# --- events (kind, turn, player, a, b, c): the game log (trace.py)
EV_TURN = 0             # a: round, b: the player's hero
EV_PLAY = 1             # a: card, b: Power after it
EV_BUY = 2              # a: card, b: cost paid, c: 1 Valor
EV_FIGHT = 3            # a: archenemy, b: Power paid, c: card gained (a Loot or the archenemy), -1 none
EV_AMBUSH = 4           # a: card, b: player hit, c: 1 avoided
EV_GROUP = 5            # a: archenemy, b: player hit, c: 1 avoided
EV_ATTACK = 6           # a: card, b: player hit, c: 1 avoided
EV_DESTROY = 7          # a: card, b: zone code (consts.Z_*, or 10 + Path)
EV_STASH = 8            # a: card, b: player
EV_GAIN = 9             # a: card, b: player (a Corruption, a gained card)
EV_CHAPTER = 10         # a: step 1..9 of the chapter change (HB-D01..D09)
EV_REFILL = 11          # a: card put into the Path, b: slot
EV_END = 12             # a: consts.END_*, b: winner (-1: shared or none)
EV_SCORE = 13           # a: VP, b: player, c: cards in Stash
EV_DRAW = 14            # a: cards drawn, b: player
EV_DISCARD = 15         # a: card, b: player
EV_DEFEND = 16          # a: the Defense card discarded, b: player, c: the card avoided (HB-C04, HB-C07)
EV_UNDER = 17           # a: card put face down under the archenemy on top, b: player, c: that archenemy
EV_REMOVE = 18          # a: archenemy removed from the game at step 8 of the end of turn (HB-T08)
EV_DRAWN = 19           # a: the card drawn, b: player (one per card; EV_DRAW counts them)
EVENT_FIELDS = 6

# --- random streams (simcore.rng): chance apart from choices
STREAM_SETUP = 0        # shuffles of set-up and the chapter change, the heroes dealt
STREAM_DECK = 1         # players' reshuffles
STREAM_CHANCE = 2       # random picks the rules make (Smaug the Magnificent's random card)
STREAM_POLICY = 3       # the strategies' own randomness
N_STREAMS = 4

# --- readings of ambiguous passages (setup.toml, knobs in assumptions.toml)
GROUP_DUE = 0           # HB-T07: an archenemy's Group Ambush is due when it comes to the top of the
                        # stack and each time it is defeated for a Loot ("if applicable")
GROUP_EVERY_TURN = 1    # ... at the end of every turn while it is on top
GROUP_NOT_AT_START = 2  # as GROUP_DUE, but not for The Trolls on top at set-up nor Smaug the
                        # Magnificent placed at step 9 of the chapter change
GROUP_WHEN = {"due": GROUP_DUE, "every-turn": GROUP_EVERY_TURN, "not-at-start": GROUP_NOT_AT_START}

# who put a card face down under the archenemy on top (State.arch_by: PUT_* * MAX_PLAYERS + seat;
# 0: the rules, at set-up or the chapter change)
PUT_FLAMES = 1          # Escape the Flames: the costliest card of the seat's hand (HB-K15)
PUT_HOARD = 2           # Impossible Smaug the Magnificent: a card of the seat's hand he chose (HB-I03)

# HB-S07: where The One Ring goes among Great Goblin's Level 2 Loot (setup.toml ring_at, knob one-ring)
RING_SHUFFLED = 0       # shuffled in with them
RING_FIRST = 1          # on top of them: the first Loot Great Goblin gives up
RING_LAST = 2           # under them: the last
RING_AT = {"shuffled": RING_SHUFFLED, "first": RING_FIRST, "last": RING_LAST}
# HB-K01: where a Stack Ongoing is live (setup.toml stack_live, knob stack-ongoing)
STACK_TOP = 0           # only while its card is on top of the archenemy stack
STACK_WHOLE = 1         # while its card is anywhere in the archenemy stack
STACK_LIVE = {"top": STACK_TOP, "whole-stack": STACK_WHOLE}

# --- a card's position in a D_CARD / D_DEFEND option: zone * POS + index
POS = 1024
ZP_PATH = 8             # the Path's slots as a pseudo-zone (Z_* are a player's zones)
ZP_STASH_OF = 9         # Lake-town Guards: a card of the chosen player's discard pile
