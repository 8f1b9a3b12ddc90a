"""Hidden Village's own strategies: their ids, their parameter vectors (name, default and one
line each, and the index of each in the vector as `P_<NAME>`) and their fixed weights (the
named constants `W_<NAME>`). Every weight the valuations (heuristics.py and the
modules it builds on, planner.py) use is
here: `meeplesim strategies` lists them all, `--param NAME=VALUE` changes a parameter. Plain
constants: `strategies/hidden_village/__init__.py` registers the strategies from them without
importing (and so compiling) their kernels.

Values are on one scale: a house built is worth `build` (12), a lost Smurf rescued `rescue`
(10); the small weights say how a card, an invention or a risk compares with those."""
GREEDY = 3    # strategy ids (simcore.policy's generic ids are 0..2)
PLANNER = 4
ROLLOUT = 5
SKILL = 6

# (name, default, what it weighs): the parameters, tuned with --param NAME=VALUE
GREEDY_TABLE = [
    ("rescue", 10.0, "a lost Smurf drawn from the Dark Forest (the rescue objective)"),
    ("nest", 4.0, "a meeple freed from the Cracoucass' nest"),
    ("build", 12.0, "a house built"),
    ("cake", 6.0, "a cake prepared (or a step that completes one)"),
    ("need", 3.0, "a resource unit the remaining houses and cakes still need"),
    ("spare", 0.5, "a resource unit nobody needs yet"),
    ("partial", 0.45, "share of an action's value for taking the first of its two spaces"),
    ("relocate", 2.5, "relocating a starting Smurf out of the team's cards"),
    ("danger", 1.0, "scale of a danger-die roll's expected harm (the die in force, from its faces' data)"),
    ("azrael", 1.0, "scale of an Azrael-die roll's expected harm (placing where Azrael is)"),
    ("craft", 1.0, "scale of every invention's value"),
]
GREEDY_PARAMS = {name: default for name, default, _ in GREEDY_TABLE}

# the planner: greedy's parameters, then its own
PLANNER_TABLE = GREEDY_TABLE + [
    ("finish", 3.0, "filling the second space of a 2-space action a partner opened"),
    ("open", 1.0, "scale of the value of opening a 2-space action (half of it per meeple)"),
]
PLANNER_PARAMS = {name: default for name, default, _ in PLANNER_TABLE}

# the rollout: the planner's parameters, then its own
ROLLOUT_TABLE = PLANNER_TABLE + [
    ("samples", 2.0, "playouts per option (the same imagined futures for every option)"),
    ("rounds", 0.0, "rounds played after the current one before a playout is scored"),
    ("base", float(PLANNER), "the strategy of the playouts and of the other decisions"),
]
ROLLOUT_PARAMS = {name: default for name, default, _ in ROLLOUT_TABLE}

# the skill scale: the planner's parameters, then its own (skill.py: the error model)
SKILL_TABLE = PLANNER_TABLE + [
    ("skill", 0.5, "0 plays like random, 1 like the planner; between, a softmax over the planner's scores"),
    ("mistake", 2.0, "the score gap a skill-0.5 player overlooks: an option that much worse than the best is chosen e^-1 times as often"),
    ("seat_1", -1.0, "the first seat's own skill (-1: `skill`)"),
    ("seat_2", -1.0, "the second seat's own skill (-1: `skill`)"),
    ("seat_3", -1.0, "the third seat's own skill (-1: `skill`)"),
    ("seat_4", -1.0, "the fourth seat's own skill (-1: `skill`)"),
    ("seat_5", -1.0, "the fifth seat's own skill (-1: `skill`)"),
]
SKILL_PARAMS = {name: default for name, default, _ in SKILL_TABLE}

# (name, value, what it weighs): the fixed weights of greedy's and the planner's valuations,
# compiled in as the named constants W_<NAME>. They weigh the cards, the inventions and the
# details of a risk against the parameters above. Each was a parameter first: read from the
# parameter vector on every use, these 39 cost greedy about a quarter of its games/s
# (26 000 -> 19 700 on one core), so they are constants a user changes here, not per run.
FIXED_TABLE = [
    ("cake_step", 0.3, "share of `cake` for a rescue or a build toward a cake that counts them this round"),
    ("extra_pile", 1.0, "the Dark Forest action's draw from the additional pile (not a rescue) once the forest is empty"),
    ("extra_card", 0.5, "a card's or a rescue choice's draw from the additional pile once the forest is empty"),
    ("hungry_nest", 1.5, "factor on `nest` under the Hungry Cracoucass (nest meeples stay until freed)"),
    ("stock_progress", 0.8, "in a playout's score: a needed resource unit's share of the unbuilt houses' `build`"),
    ("stranded", 1.0, "cost of a first space with no meeple left this round to fill the action"),
    ("relocate_lost", 5.0, "cost of relocating a lost (positive) Smurf instead of a starting one"),
    ("reveal", 0.3, "an Invention card revealed into the ideas zone"),
    ("azrael_step", 0.5, "a die result that moves Azrael one location"),
    ("kidnap", 2.0, "a meeple taken to the nest for the rest of the round (no Hungry Cracoucass)"),
    ("card_loss", 1.0, "a Smurf card a die result makes the team discard (Cracoucass, Smurf hunt)"),
    ("invention_loss", 2.0, "a crafted invention a die result destroys"),
    ("streak_step", 0.25, "share of `cake` for a danger roll while a danger-streak cake is open"),
    ("streak_break", 0.1, "share of `cake` per roll of the streak a safe action breaks (streak cake open)"),
    ("force_danger", 0.7, "share of `danger` for a card that forces a danger roll"),
    ("draw", 0.8, "a Smurf card drawn"),
    ("card_help", 1.2, "each lasting help of a card (collect bonus, discount, skipped roll...)"),
    ("card_limit", 0.7, "each placement limit of a card (forbidden locations, lazy, vain...)"),
    ("rescue_help", 2.0, "a card that improves rescues while lost Smurfs remain in the forest"),
    ("rescue_help_late", 0.5, "that card once the forest is empty"),
    ("collect_delta", 0.8, "a resource unit a card adds to (or, negative, takes from) each collect"),
    ("extra_cost", 1.0, "a card that adds a cost to actions"),
    ("keep_lost", 2.0, "keeping a lost (positive) Smurf in hand rather than a starting one"),
    ("wasted_free", 0.5, "cost of a card that frees a nest meeple when the nest is empty"),
    ("prepare", 2.0, "factor on `cake` for a card that prepares a cake"),
    ("wasted_prepare", 1.0, "cost of that card with no cake left to prepare"),
    ("single_use", 0.6, "share of a single-use invention's effect counted while it waits to be used"),
    ("new_action", 0.5, "share of a new-action invention's effect per use"),
    ("use_now", 0.5, "cost of using a single-use invention now rather than keeping it"),
    ("zone_full", 3.0, "cost of crafting into a full inventions zone (one must be discarded)"),
    ("craft_discount", 0.5, "an invention or card that makes crafting cheaper"),
    ("extra_meeple", 8.0, "an invention that brings a meeple into play"),
    ("collect_more", 3.0, "an invention that adds to every collect of a resource"),
    ("second_lost", 5.0, "an invention that draws a second lost Smurf (more than one left)"),
    ("build_discount", 3.0, "an invention that makes houses cheaper"),
    ("ignore_roll", 1.5, "an invention that ignores a danger-die result"),
    ("guard", 1.5, "an invention that softens a shortage or keeps the Cracoucass from a card"),
    ("shield", 1.0, "an invention that saves a house from Gargamel or slows Azrael"),
    ("break_commitment", 2.0, "factor on `finish` for an action whose cost leaves an opened action unpayable"),
]
FIXED = {name: value for name, value, _ in FIXED_TABLE}

HELP = {name: text for name, _, text in ROLLOUT_TABLE + SKILL_TABLE + FIXED_TABLE}

# P_<NAME>: a parameter's index in the vector. The rollout's and the skill scale's vectors begin
# with the planner's, which begins with greedy's: one index serves all.
# greedy's
P_RESCUE = 0
P_NEST = 1
P_BUILD = 2
P_CAKE = 3
P_NEED = 4
P_SPARE = 5
P_PARTIAL = 6
P_RELOCATE = 7
P_DANGER = 8
P_AZRAEL = 9
P_CRAFT = 10
# the planner's own, after greedy's
P_FINISH = 11
P_OPEN = 12
# the rollout's own, after the planner's
P_SAMPLES = 13
P_ROUNDS = 14
P_BASE = 15
# the skill scale's own, after the planner's
P_SKILL = 13
P_MISTAKE = 14
P_SEAT_1 = 15
P_SEAT_2 = 16
P_SEAT_3 = 17
P_SEAT_4 = 18
P_SEAT_5 = 19

# W_<NAME>: the fixed weights, read from FIXED_TABLE by name (change a weight there)
W_CAKE_STEP = FIXED["cake_step"]
W_EXTRA_PILE = FIXED["extra_pile"]
W_EXTRA_CARD = FIXED["extra_card"]
W_HUNGRY_NEST = FIXED["hungry_nest"]
W_STOCK_PROGRESS = FIXED["stock_progress"]
W_STRANDED = FIXED["stranded"]
W_RELOCATE_LOST = FIXED["relocate_lost"]
W_REVEAL = FIXED["reveal"]
W_AZRAEL_STEP = FIXED["azrael_step"]
W_KIDNAP = FIXED["kidnap"]
W_CARD_LOSS = FIXED["card_loss"]
W_INVENTION_LOSS = FIXED["invention_loss"]
W_STREAK_STEP = FIXED["streak_step"]
W_STREAK_BREAK = FIXED["streak_break"]
W_FORCE_DANGER = FIXED["force_danger"]
W_DRAW = FIXED["draw"]
W_CARD_HELP = FIXED["card_help"]
W_CARD_LIMIT = FIXED["card_limit"]
W_RESCUE_HELP = FIXED["rescue_help"]
W_RESCUE_HELP_LATE = FIXED["rescue_help_late"]
W_COLLECT_DELTA = FIXED["collect_delta"]
W_EXTRA_COST = FIXED["extra_cost"]
W_KEEP_LOST = FIXED["keep_lost"]
W_WASTED_FREE = FIXED["wasted_free"]
W_PREPARE = FIXED["prepare"]
W_WASTED_PREPARE = FIXED["wasted_prepare"]
W_SINGLE_USE = FIXED["single_use"]
W_NEW_ACTION = FIXED["new_action"]
W_USE_NOW = FIXED["use_now"]
W_ZONE_FULL = FIXED["zone_full"]
W_CRAFT_DISCOUNT = FIXED["craft_discount"]
W_EXTRA_MEEPLE = FIXED["extra_meeple"]
W_COLLECT_MORE = FIXED["collect_more"]
W_SECOND_LOST = FIXED["second_lost"]
W_BUILD_DISCOUNT = FIXED["build_discount"]
W_IGNORE_ROLL = FIXED["ignore_roll"]
W_GUARD = FIXED["guard"]
W_SHIELD = FIXED["shield"]
W_BREAK_COMMITMENT = FIXED["break_commitment"]
