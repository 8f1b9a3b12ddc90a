"""Named integer codes shared by the catalog, the kernels and the trace.

Module-level ints are compile-time constants for numba. Data files use the names; the catalog
maps names to these codes.
"""
# --- resources (HV-S01); order matches data/board.toml `resources`
BERRY = 0
LOG = 1
STONE = 2
N_RES = 3

N_LOCATIONS = 8
N_ACTIONS = 16
MAX_SPACES = 2
MAX_PLAYERS = 5

# --- Smurf card kinds (HV-T08)
KIND_STARTING = 0
KIND_IMMEDIATE = 1
KIND_LASTING = 2
SMURF_KINDS = {"starting": KIND_STARTING, "immediate": KIND_IMMEDIATE, "lasting": KIND_LASTING}

# --- action effects (HV-L07..L11)
ACT_RESCUE = 0
ACT_COLLECT = 1
ACT_COLLECT_DIFFERENT = 2
ACT_CRAFT_FREE = 3
ACT_REVEAL_IDEAS = 4
ACT_RELOCATE = 5
ACT_BUILD = 6
ACTION_EFFECTS = {
    "rescue": ACT_RESCUE, "collect": ACT_COLLECT, "collect-different": ACT_COLLECT_DIFFERENT,
    "craft-free": ACT_CRAFT_FREE, "reveal-ideas": ACT_REVEAL_IDEAS, "relocate": ACT_RELOCATE,
    "build": ACT_BUILD,
}

# --- dice (HV-Y01, HV-Y02)
DIE_WHITE = 0
DIE_RED = 1
DIE_AZRAEL = 2
N_FACES = 6
MAX_FACE_RESULTS = 2
FACE_NOTHING = 0
FACE_AZRAEL = 1
FACE_CRACOUCASS = 2
FACE_SHORTAGE = 3
FACE_DESTROY_INVENTION = 4
FACE_SMURF_HUNT = 5
FACE_FIND = 6
FACE_BRIGHT_IDEA = 7
N_FACE_KINDS = 8
FACE_RESULTS = {
    "nothing": FACE_NOTHING, "azrael": FACE_AZRAEL, "cracoucass": FACE_CRACOUCASS,
    "shortage": FACE_SHORTAGE, "destroy-invention": FACE_DESTROY_INVENTION,
    "smurf-hunt": FACE_SMURF_HUNT, "find": FACE_FIND, "bright-idea": FACE_BRIGHT_IDEA,
}

# --- invention types (HV-I04..I06)
INV_NEW_ACTION = 0
INV_SINGLE_USE = 1
INV_DURABLE = 2
INVENTION_TYPES = {"new-action": INV_NEW_ACTION, "single-use": INV_SINGLE_USE, "durable": INV_DURABLE}

# --- cake prerequisites (HV-K01, HV-K02, HV-N20)
CAKE_STOCK_TOTAL = 0
CAKE_DANGER_STREAK = 1
CAKE_BUILDS_IN_ROUND = 2
CAKE_STOCK_EACH = 3
CAKE_STOCK_OF = 4
CAKE_CRAFTED = 5
CAKE_RESCUES_IN_ROUND = 6
CAKE_HOUSES_BUILT = 7
CAKE_IDEAS = 8
CAKE_REQUIRES = {
    "stock-total": CAKE_STOCK_TOTAL, "danger-streak": CAKE_DANGER_STREAK,
    "builds-in-round": CAKE_BUILDS_IN_ROUND, "stock-each": CAKE_STOCK_EACH,
    "stock-of": CAKE_STOCK_OF, "crafted": CAKE_CRAFTED, "rescues-in-round": CAKE_RESCUES_IN_ROUND,
    "houses-built": CAKE_HOUSES_BUILT, "ideas": CAKE_IDEAS,
}

# --- Gargamel cards (HV-E02, HV-N18, HV-N19)
G_IMMEDIATE = 0
G_LASTING = 1
G_TOO_LATE = 2
GARGAMEL_TIMINGS = {"immediate": G_IMMEDIATE, "lasting": G_LASTING, "too-late": G_TOO_LATE}
MAX_G_EFFECTS = 2
GE_NONE = 0
GE_LOSE_HALF = 1
GE_LOSE_OR_DESTROY = 2
GE_LOSE = 3
GE_DESTROY_HOUSE = 4
GE_CRACOUCASS = 5
GE_DISCARD_IDEAS = 6
GE_DESTROY_INVENTION = 7
GE_BLOCK_LOCATION = 8
GE_DANGER_LOCATION = 9
GE_EXTRA_COST = 10
GARGAMEL_EFFECTS = {
    "lose-half": GE_LOSE_HALF, "lose-or-destroy": GE_LOSE_OR_DESTROY, "lose": GE_LOSE,
    "destroy-house": GE_DESTROY_HOUSE, "cracoucass": GE_CRACOUCASS,
    "discard-ideas": GE_DISCARD_IDEAS, "destroy-invention": GE_DESTROY_INVENTION,
    "block-location": GE_BLOCK_LOCATION, "danger-location": GE_DANGER_LOCATION,
    "extra-cost": GE_EXTRA_COST,
}
GARGAMEL_LASTING_ONLY = (GE_BLOCK_LOCATION, GE_DANGER_LOCATION, GE_EXTRA_COST)

# --- game outcome
RUNNING = 0
WIN = 1
LOSS = 2
LOSS_NONE = 0
LOSS_TOO_LATE = 1
LOSS_DECK_EMPTY = 2
LOSS_REASONS = {LOSS_NONE: "", LOSS_TOO_LATE: "too-late", LOSS_DECK_EMPTY: "gargamel-deck-empty"}

# --- card effect vocabulary (docs/effects.md). Each op is a column of Rules.smurf_op /
# Rules.inv_op; its trigger follows from the op and the card's type.
EFFECT_OPS = [
    # placement limits of the meeple placed this turn (Smurf cards)
    "forbid-locations", "lazy", "baby", "vain", "no-dangerous", "one-space-only", "avoid-azrael",
    # for the turn (Smurf cards)
    "no-inventions",
    # instant: when a Smurf card is played, a single-use invention is used, or a new-action
    # invention's action is performed
    "lose", "roll-danger", "draw", "gain-choice", "gain-same", "free-nest", "draw-lost",
    "reveal-ideas", "craft-discount", "move-azrael", "azrael-to", "prepare-cake", "collect",
    # when this Smurf performs an action (Smurf cards), or always (durable inventions)
    "collect-delta", "collect-identical", "collect-any-type", "collect-extra-same",
    "collect-bonus", "collect-also", "force-danger", "skip-danger", "skip-azrael", "extra-cost",
    "discount", "build-discount", "rescue-gain-different", "rescue-second-draw",
    "perform-reveal-ideas",
    # timed or passive inventions
    "ignore-danger", "rewind", "extra-meeple", "second-lost", "shortage-reduce",
    "no-cracoucass-discard", "azrael-slow", "no-house-destroy",
]
# OP_<NAME>: the index of the op "name" above (tests/test_spelled_names.py checks they agree)
OP_FORBID_LOCATIONS = 0
OP_LAZY = 1
OP_BABY = 2
OP_VAIN = 3
OP_NO_DANGEROUS = 4
OP_ONE_SPACE_ONLY = 5
OP_AVOID_AZRAEL = 6
OP_NO_INVENTIONS = 7
OP_LOSE = 8
OP_ROLL_DANGER = 9
OP_DRAW = 10
OP_GAIN_CHOICE = 11
OP_GAIN_SAME = 12
OP_FREE_NEST = 13
OP_DRAW_LOST = 14
OP_REVEAL_IDEAS = 15
OP_CRAFT_DISCOUNT = 16
OP_MOVE_AZRAEL = 17
OP_AZRAEL_TO = 18
OP_PREPARE_CAKE = 19
OP_COLLECT = 20
OP_COLLECT_DELTA = 21
OP_COLLECT_IDENTICAL = 22
OP_COLLECT_ANY_TYPE = 23
OP_COLLECT_EXTRA_SAME = 24
OP_COLLECT_BONUS = 25
OP_COLLECT_ALSO = 26
OP_FORCE_DANGER = 27
OP_SKIP_DANGER = 28
OP_SKIP_AZRAEL = 29
OP_EXTRA_COST = 30
OP_DISCOUNT = 31
OP_BUILD_DISCOUNT = 32
OP_RESCUE_GAIN_DIFFERENT = 33
OP_RESCUE_SECOND_DRAW = 34
OP_PERFORM_REVEAL_IDEAS = 35
OP_IGNORE_DANGER = 36
OP_REWIND = 37
OP_EXTRA_MEEPLE = 38
OP_SECOND_LOST = 39
OP_SHORTAGE_REDUCE = 40
OP_NO_CRACOUCASS_DISCARD = 41
OP_AZRAEL_SLOW = 42
OP_NO_HOUSE_DESTROY = 43
N_OPS = len(EFFECT_OPS)
# a card's ops are also kept as one int64 bit mask (Rules.smurf_ops, Rules.inv_ops: bit op set
# when the card carries op), so the vocabulary must fit in 63 bits
assert N_OPS <= 63, f"{N_OPS} effect ops do not fit a card's op mask (63 at most)"


def op_bits(*ops):
    """The bit mask of `ops` (to test a card's op mask against several ops at once)."""
    m = 0
    for op in ops:
        m |= 1 << op
    return m


# values stored per (card, op): Rules.smurf_op[card, op, OPV_*]
OPV_ON = 0        # 1 if the card has the op
OPV_AMOUNT = 1
OPV_RES = 2       # a resource, -1 if none
OPV_MASK = 3      # a bit mask of locations or resources
OPV_COST_RES = 4  # the resource an invention action costs, -1 if none
OPV_COST = 5
N_OPV = 6
# the instant ops, in the order they resolve
INSTANT_OPS = (OP_LOSE, OP_ROLL_DANGER, OP_DRAW, OP_GAIN_CHOICE, OP_GAIN_SAME, OP_FREE_NEST,
               OP_DRAW_LOST, OP_REVEAL_IDEAS, OP_MOVE_AZRAEL, OP_AZRAEL_TO, OP_PREPARE_CAKE,
               OP_CRAFT_DISCOUNT)
INSTANT_BITS = op_bits(*INSTANT_OPS)
# the placement limits of a played Smurf card (rules/query.card_limits)
LIMIT_BITS = op_bits(OP_FORBID_LOCATIONS, OP_LAZY, OP_VAIN, OP_BABY, OP_NO_DANGEROUS,
                     OP_ONE_SPACE_ONLY, OP_AVOID_AZRAEL)

# --- random stream purposes (simcore.rng): chance streams never depend on the strategy
STREAM_SETUP = 0
STREAM_SHUFFLE = 1
STREAM_DICE = 2
STREAM_POLICY = 3
STREAM_ROLLOUT = 4   # a rollout's imagined futures (seeded from the policy stream, never from chance)
N_STREAMS = 5

# --- decisions the kernel asks the strategy (the checklist's "Choices the players make")
D_PLAY_CARD = 0          # option: hand slot
D_PLACE = 1              # option: action index
D_CRAFT_DISCARD = 2      # option: crafted slot to discard (limit of 4)
D_RESCUE = 3             # option: RESCUE_* bits (draw, free a nest meeple, both)
D_GAIN_PAIR = 4          # option: PAIR_BASE * first + second resource ("2 different")
D_GAIN_ONE = 5           # option: resource type (Find)
D_LOSE_ONE = 6           # option: resource type to lose (Shortage, Gargamel)
D_CRACOUCASS_DISCARD = 7 # option: player * CARD_SLOTS + hand slot
D_HUNT_DISCARD = 8       # option: hand slot of the roller
D_DESTROY_INVENTION = 9  # option: crafted slot
D_FREE_CRAFT = 10        # option: ideas slot
D_BUILD = 11             # option: house index
D_RELOCATE = 12          # option: -1 none, else card id
D_FIT_OF_RAGE = 13       # option: -1 lose resources, else house index to destroy
D_DESTROY_HOUSE = 14     # option: house index
D_BONUS = 15             # option: BONUS_PASS, BONUS_CRAFT + ideas slot, BONUS_USE + crafted slot
D_IGNORE_DANGER = 16     # option: -1 apply the result, else crafted slot of the invention used
D_OPTIONAL = 17          # option: 0 no, 1 yes (Willow's second card, Baker's discounted craft)
D_DISCOUNT = 18          # option: resource paid 1 less (Handy Smurf)
D_AZRAEL_TO = 19         # option: location
D_PREPARE_CAKE = 20      # option: cake slot
D_REWIND = 21            # option: 0 keep Gargamel's card, 1 use Rewind Spell
D_ROBOT_REMOVE = 22      # option: action * 2 + space of the meeple removed from the game
D_EXTRA_COST = 23        # option: resource paid extra (Grumpy Smurf)
D_SECOND_DRAW = 24       # option: 0 no, 1 draw Willow's second lost Smurf
DECISIONS = [
    "play-card", "place", "craft-discard", "rescue", "gain-pair", "gain-one",
    "lose-one", "cracoucass-discard", "hunt-discard", "destroy-invention", "free-craft",
    "build", "relocate", "fit-of-rage", "destroy-house", "bonus", "ignore-danger", "optional",
    "discount", "azrael-to", "prepare-cake", "rewind", "robot-remove", "extra-cost",
    "second-draw",
]
N_DECISIONS = len(DECISIONS)

# Option encodings the rules list and the strategies read back (one place, both sides).
# D_RESCUE: the rescue's parts as bits: RESCUE_DRAW draws a lost Smurf (from the additional
# pile once the forest is empty), RESCUE_FREE frees a meeple from the nest; both is their OR;
# RESCUE_NONE (offered only when the forest is empty) does neither.
RESCUE_NONE = 0
RESCUE_DRAW = 1
RESCUE_FREE = 2
# D_GAIN_PAIR: two different resources r1 < r2 as one option, PAIR_BASE * r1 + r2.
PAIR_BASE = N_RES
# D_BONUS: pass; craft the idea in slot i (BONUS_CRAFT + i); use the single-use crafted
# invention in slot i (BONUS_USE + i: above every craft option, the ideas holding fewer than 99 cards).
BONUS_PASS = 0
BONUS_CRAFT = 1
BONUS_USE = 100
MAX_OPTIONS = 256
CARD_SLOTS = 64          # hand capacity per player (>= number of Smurf cards)

# --- results: one row per game (the per-game record of run_chunk)
RESULT_FIELDS = [
    "outcome", "loss_reason", "rounds", "turns", "forest_left", "houses_left", "cakes_left",
    "dangerous_actions", "cracoucass_attacks", "rescues", "crafted", "houses_built", "cakes_done",
    "actions", "abilities", "inventions_used",
]
R_OUTCOME, R_LOSS_REASON, R_ROUNDS, R_TURNS, R_FOREST_LEFT, R_HOUSES_LEFT, R_CAKES_LEFT, \
    R_DANGEROUS, R_ATTACKS, R_RESCUES, R_CRAFTED, R_HOUSES_BUILT, R_CAKES_DONE, R_ACTIONS, \
    R_ABILITIES, R_INVENTIONS_USED = range(16)
N_RESULT_FIELDS = len(RESULT_FIELDS)

# --- events of the game log (trace.py decodes them): (kind, round, player, a, b, c)
EV_ROUND = 0            # a: first player
EV_TURN = 1             # a: meeples on the esplanade
EV_PLAY = 2             # a: card, b: 1 if drawn from the deck (empty hand)
EV_DRAW = 3             # a: card, b: 0 deck step 4, 1 Dark Forest, 2 additional pile
EV_RESHUFFLE = 4        # a: cards shuffled into the new deck
EV_PLACE = 5            # a: action, b: space, c: 1 if it filled the action
EV_PAY = 6              # a: resource, b: amount
EV_ROLL = 7             # a: die, b: face
EV_GAIN = 8             # a: resource, b: amount
EV_LOSE = 9             # a: resource, b: amount
EV_AZRAEL = 10          # a: from location, b: to location
EV_KIDNAP = 11          # a: 1 if a meeple was taken
EV_DISCARD = 12         # a: card, b: player, c: why (DISCARD_*)
EV_RESCUE_NEST = 13     # a: meeples left in the nest
EV_BUILD = 14           # a: house, b: roof
EV_RELOCATE = 15        # a: card
EV_CRAFT = 16           # a: invention, b: berries paid
EV_INV_DISCARD = 17     # a: invention, b: why (INV_OUT_*)
EV_IDEA = 18            # a: invention revealed
EV_CAKE = 19            # a: cake
EV_RETURN = 20          # a: meeples on the esplanade after the return, b: kept in the nest
EV_GARGAMEL = 21        # a: card
EV_HOUSE_DESTROYED = 22 # a: house
EV_FIRST_PLAYER = 23    # a: new first player
EV_OUTCOME = 24         # a: outcome, b: loss reason
EV_ACTION = 25          # a: action performed, b: 1 if dangerous
EV_NO_PLACEMENT = 26    # a: meeples idle for the rest of the round
EV_NOTHING = 27         # a: what found nothing to do (NOTHING_*)
EV_SETUP_HOUSE = 28     # a: house, b: roof
EV_SETUP_CAKE = 29      # a: cake card revealed
EV_DEAL = 30            # a: card dealt, b: player
EV_ABILITY = 31         # a: whose (FROM_*); b: card; c: op
EV_USE = 32             # a: invention used (single-use or its new action)
EV_REWIND = 33          # a: Gargamel card put back at the bottom
EV_MEEPLE_IN = 34       # a: meeples in play after the Robot Assistant's meeple joins
EV_MEEPLE_OUT = 35      # a: meeples in play after one leaves the game

# why a Smurf card leaves a hand (EV_DISCARD's c)
DISCARD_CRACOUCASS = 0   # a Cracoucass attack (HV-X01)
DISCARD_HUNT = 1         # a Smurf hunt (HV-Y01)
DISCARD_END_OF_TURN = 2  # the card played, at the end of its turn (HV-T05)
DISCARD_WHY = ("for the Cracoucass", "in the Smurf hunt", "at the end of the turn")
# why a crafted invention leaves the inventions zone (EV_INV_DISCARD's b)
INV_OUT_OVER_LIMIT = 0   # crafting over the zone's limit (HV-I02)
INV_OUT_DESTROYED = 1    # a die result or a Gargamel card destroyed it
INV_OUT_BURNED = 2       # an idea burned with the ideas zone (a Gargamel card)
INV_OUT_SPENT = 3        # a single-use invention used (HV-I05)
INV_OUT_WHY = ("over the limit of crafted inventions", "destroyed", "burned with the ideas", "used")
# whose ability changed the game (EV_ABILITY's a)
FROM_SMURF = 0
FROM_INVENTION = 1
NOTHING_EFFECT = -1     # an action's effect had nothing to act on
NOTHING_TO_LOSE = 0     # a Shortage or Gargamel loss met an empty stock
NOTHING_TO_HUNT = 1     # a Smurf hunt found no positive Smurf in the roller's hand
NOTHING_TO_DESTROY = 2  # an Invention destruction found no crafted invention
NOTHING_UNPAID = 3      # an action the stock could no longer pay once the Azrael die was rolled
EVENT_FIELDS = 6
