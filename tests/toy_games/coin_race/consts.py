"""The coin race's codes (rules-checklist.md: CN-*): kernels, loader and trace share them."""
MAX_PLAYERS = 4
DECISIONS = ["move"]            # what a seat is asked, in kernel order
D_MOVE = 0                      # options: STEP one space, or FLIP the coin (CN-T01)
STEP, FLIP = 0, 1
RESULT_FIELDS = ["outcome", "loss_reason", "players", "rounds", "position"]
R_OUTCOME, R_LOSS_REASON, R_PLAYERS, R_ROUNDS, R_POSITION = range(5)
N_RESULT_FIELDS = len(RESULT_FIELDS)
WIN, LOSS = 1, 2                # the outcome of seat 0, the first player
OUTCOMES = {WIN: "win", LOSS: "loss"}
LOSS_REASONS = {0: "", 1: "outrun", 2: "cut"}   # another seat got there first; the round cap
LOSS_OUTRUN, LOSS_CUT = 1, 2
EV_MOVE = 0                     # (kind, round, seat, a: spaces moved, b: now at, c: 1 flipped)
EV_END = 1                      # a: the winner (-1: none, the round cap)
EVENT_FIELDS = 6
STREAM_COIN, STREAM_POLICY = 0, 1   # random streams (simcore.rng): chance apart from choices
N_STREAMS = 2
