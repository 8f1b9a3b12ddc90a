"""The game state: a packed record of a few named arrays (simcore.packed), allocated once per
chunk.

Every field is int64 (the rng streams uint64, a strategy's scores float64): a kernel called
from Python (tests, tools) reuses the machine code compiled for the game loop.

Why a packed record: every kernel call passes the state. As a NamedTuple of 25 arrays it cost
some 200 machine words per call (numba passes each array's whole descriptor); packed, it is
one array. Within it, fields are grouped by section (below: the game, strategies' scratch, the
harness's control), and the scalars of each section share a field with a named index per slot:
`st.sc[S_ROUND]` (the game), `st.scratch[X_MEMO]` (strategies), `st.ctl[H_FORCED_N]`
(control); `P_*` name piles...

The kernels reset every field at the start of each game (rules/setup.py), so one State serves
a whole chunk.
"""
from ...harness import (H_ASKED, H_BAD_INDEX, H_BAD_KIND, H_BAD_N, H_EV_N, H_LOG, H_SEAT,  # noqa: F401
                        N_H, control_fields)
from ...packed import Layout, Record, section_copier
from . import consts as K

EVENT_CAPACITY = 4096
MAX_SCRIPT = 64     # decisions of one turn a rollout can replay and trace

# The State's sections. A playout (a rollout's imagined continuation) copies the sections of
# PLAYOUT_COPY from the real state (strategies/hidden_village/rollout.py, copy_playout below):
#   game      what the rules change and a game reads: the game itself
#   scratch   strategies' caches of what they computed from the state (copied with it, or a
#             cache would claim to hold the counts of another state)
#   control   never copied: a replay's queued and traced decisions (rollout), tests' forced die
#             faces, the decision counts, the event log and the error channel
PLAYOUT_COPY = "game scratch"

# --- st.sc: the game's int64 scalars (section game)
S_ROUND = 0             # rounds started so far
S_TURN = 1              # turns started so far
S_FIRST = 2             # holder of the First Player marker (HV-S11, HV-E04)
S_CUR = 3               # player whose turn it is
S_OUTCOME = 4           # consts.RUNNING / WIN / LOSS
S_LOSS = 5              # consts.LOSS_*
S_ESPLANADE = 6         # meeples free to place (HV-S10)
S_NEST = 7              # meeples in the Cracoucass' nest (HV-X02)
S_IDLE = 8              # meeples that found no legal space this round
S_MEEPLES = 9           # meeples in play (8, or 9 with Robot Assistant)
S_AZRAEL = 10           # Azrael's location 0..7
S_PLAYED = 11           # Smurf card revealed this turn, -1 if none
S_REMOVED = 12          # Smurf cards relocated (back in the box)
S_INV_DISCARD = 13      # Invention cards discarded
S_N_HOUSES = 14         # houses in play (HV-S02)
S_N_CAKES = 15          # cakes revealed (HV-S03)
S_DANGER_STREAK = 16    # dangerous actions in a row (HV-K02)
S_BUILDS_ROUND = 17     # houses built this round
S_RESCUES_ROUND = 18    # Dark Forest rescues this round
S_GARG_N = 19           # cards left in the Gargamel deck
S_GARG_TOP = 20         # Gargamel card on top of the revealed pile, -1 before the first
S_N_DANGEROUS = 21      # counters for results ...
S_N_ATTACKS = 22        # Cracoucass attacks (with or without a meeple taken)
S_N_RESCUES = 23
S_N_CRAFTED = 24
S_N_ACTIONS = 25
S_NO_INV = 26           # 1 while the played card forbids crafted inventions (Beta Smurf), or
                        # from the turn's start when every card in the hand forbids them
S_INV_BEFORE_CARD = 27  # 1 once a crafted invention was used or acted this turn before the card
S_INV_ORPHANS = 28      # meeples left in the inventions zone by a discarded new-action card (HV-I04)
S_N_ABILITIES = 29      # card abilities and invention effects that changed something
S_N_INV_USED = 30       # inventions used (single-use, new actions, ignore-danger, rewind)
S_DIE = 31              # the die rolled last (consts.DIE_*) and the face it shows, -1 before any
S_FACE = 32             # roll: what a decision about that roll (Disguise, Lucky Charm) looks at
S_CRAFTED_OPS = 33      # the op masks of the crafted inventions or-ed (Rules.inv_ops): inv_slot and
                        # inv_sum answer "none" from it without walking the zone. Kept by craft and
                        # take_from_zone; a state whose zone is edited from Python outside the rules
                        # needs rules.inventions.recount_crafted_ops
S_OBJ_VER = 34          # bumped by every rule that builds or destroys a house or prepares a cake
N_SCALARS = 35

# --- st.scratch: strategies' int64 scalars (section scratch)
X_REQ_0 = 0         # what the objectives require of each resource (strategies/hidden_village/needs.objectives in
X_REQ_1 = 1         # strategies/hidden_village/), kept between greedy's and the planner's
X_REQ_2 = 2         # decisions ...
X_CAKES_OPEN = 3    # ... with the requirement kinds of the unprepared cakes (a mask)
X_REQ_VER = 4       # S_OBJ_VER + 1 while REQ_* and CAKES_OPEN hold the current counts (0: never
                    # counted): they are recounted only after a house or a cake changed
X_MEMO = 5          # the state's key when the planner last scored every placement
N_SCRATCH = 6

# --- st.ctl: the harness's words H_* (simcore.harness, imported above: the decisions asked, the
# seat deciding, an illegal answer, the events written and the log's switch), then the game's
# own (section control: a playout never copies them)
H_FORCED_N = N_H        # die faces queued by tests in st.forced ...
H_FORCED_POS = N_H + 1  # ... and how many were used
H_SCRIPT_N = N_H + 2    # decisions queued in st.script (a rollout replaying a turn: its chooser,
                        # strategies/hidden_village/rollout.py, takes them first) ...
H_SCRIPT_POS = N_H + 3  # ... and how many of them were taken
H_HIDE = N_H + 4        # 1: when the script runs out, re-draw the future (rules.decide.imagine_future)
H_TRACE_ON = N_H + 5    # 1: record every decision asked in st.trace (a rollout's probe)
H_TRACE_N = N_H + 6
N_CONTROL = N_H + 7
MAX_PARAMS = 32         # a strategy's parameter vector per seat (the longest, skill's, has 20)

HARNESS, EVENTS = control_fields(K.MAX_PLAYERS, MAX_PARAMS, K.MAX_OPTIONS, K.N_DECISIONS,
                                 K.EVENT_FIELDS, game_words=N_CONTROL - N_H)

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


STATE = Layout("HiddenVillageState", [
    # fields of a fixed shape first: each sits at a constant offset (simcore/packed.py)
    ("sc", "i8", (N_SCALARS,), "game"),
    ("stock", "i8", (K.N_RES,), "game"),                      # the village stock (HV-R01)
    ("occ", "i8", (K.N_ACTIONS, K.MAX_SPACES), "game"),       # player on each action space, -1 when free
    ("loc_mod", "i8", (K.N_LOCATIONS, N_LOC_MOD), "game"),
    ("pile_n", "i8", (N_PILES,), "game"),
    ("hand", "i8", (K.MAX_PLAYERS, K.CARD_SLOTS), "game"),
    ("hand_n", "i8", (K.MAX_PLAYERS,), "game"),
    ("inv_n", "i8", (N_INV_ZONES,), "game"),
    ("rng", "u8", (K.N_STREAMS,), "game"),                    # one stream per purpose (simcore.rng)
    ("scratch", "i8", (N_SCRATCH,), "scratch"),
    ("scores", "f8", (K.MAX_OPTIONS,), "scratch"),            # a strategy's working space (the planner's)
    ("option_scores", "f8", (K.MAX_OPTIONS,), "scratch"),     # the planner's score of each option of the
                                                              # decision it answered last (the skill scale's)
    *HARNESS,                  # ctl, options, sid, par, decisions (simcore.harness)
    ("forced", "i8", (64,), "control"),                       # die faces forced by tests, used before random rolls
    ("script", "i8", (MAX_SCRIPT,), "control"),               # option indices to take first (rollout replays)
    ("trace", "i8", (MAX_SCRIPT, 3), "control"),              # (kind, n, index) of the decisions asked
    # sized by the card mix
    ("piles", "i8", (N_PILES, None), "game"),                 # [N_PILES, n_smurfs]
    ("inv", "i8", (N_INV_ZONES, None), "game"),               # [N_INV_ZONES, n_inventions]
    ("house_roof", "i8", (None,), "game"),    # [n_roofs]  roof of each house in play
    ("house_built", "i8", (None,), "game"),   # [n_roofs]
    ("cake", "i8", (None,), "game"),          # [n_cakes] Cake card of each revealed cake
    ("cake_done", "i8", (None,), "game"),     # [n_cakes]
    ("inv_occ", "i8", (None,), "game"),       # [n_inventions]  player + 1 on each crafted slot's card, 0 if none
    ("inv_used", "i8", (None,), "game"),      # [n_inventions]  per Invention card: used this turn (once per turn)
    ("garg_deck", "i8", (None,), "game"),     # [n_gargamel]  index 0 is the bottom
    ("garg_seen", "i8", (None,), "game"),     # [n_gargamel]  1 once a card has been revealed
    *EVENTS,                   # [capacity, EVENT_FIELDS]  the game log (last: a playout's copy stops there)
])
State = Record   # a packed record of the STATE layout
# in kernels, copy_playout(src, dst) copies the PLAYOUT_COPY sections (a new field of theirs
# is copied without a word elsewhere)
copy_playout = section_copier(PLAYOUT_COPY)


def new_state(rules: Record, event_capacity: int = EVENT_CAPACITY) -> State:
    """Allocate a State sized for `rules` (contents are set by the setup kernel)."""
    ns = rules.smurf_kind.shape[0]
    ni = rules.inv.shape[0]
    nr = rules.roof_cost.shape[0]
    nc = rules.cake.shape[0]
    ng = rules.garg.shape[0]
    st = STATE.allocate(dict(
        piles=(N_PILES, ns), inv=(N_INV_ZONES, ni), house_roof=(nr,), house_built=(nr,),
        cake=(nc,), cake_done=(nc,), inv_occ=(ni,), inv_used=(ni,), garg_deck=(ng,),
        garg_seen=(ng,), events=(max(1, event_capacity), K.EVENT_FIELDS)))
    st.occ[:, :] = -1
    return st
