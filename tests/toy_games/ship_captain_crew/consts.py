"""Ship, Captain and Crew's codes (rules-checklist.md: SCC-*)."""
MAX_PLAYERS = 6
N_DICE, SHIP, CAPTAIN, CREW = 5, 6, 5, 4   # SCC-T02: set aside in this order; the others: cargo
DECISIONS = ["cargo"]           # loaded, with a roll left: keep the cargo or roll it (SCC-T03)
D_CARGO = 0
KEEP, ROLL = 0, 1
RESULT_FIELDS = ["outcome", "loss_reason", "seat", "players", "rounds", "score"]
R_OUTCOME, R_LOSS_REASON, R_SEAT, R_PLAYERS, R_ROUNDS, R_SCORE = range(6)
WIN, TIE, LOSS = 1, 3, 2        # a tie is played off (SCC-E02): no shared win
OUTCOMES = {WIN: "win", LOSS: "loss"}
LOSS_REASONS = {0: "", 1: "outscored", 2: "sunk", 3: "cut"}   # nobody loaded; the tie cap
EV_ROLL = 0                     # (kind, round, seat, a: dice rolled, b: set aside, c: cargo)
EV_END = 1                      # a: the winner (-1: none)
EVENT_FIELDS = 6
STREAM_DICE, STREAM_POLICY, N_STREAMS = 0, 1, 2   # random streams (simcore.rng): chance, choices
