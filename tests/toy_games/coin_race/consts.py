"""The coin race's codes (rules-checklist.md: CN-*): kernels, loader and trace share them."""
MAX_PLAYERS = 4
DECISIONS = ["move"]            # what a seat is asked, in kernel order
D_MOVE = 0                      # options: STEP one space, or FLIP the coin (CN-T01)
STEP, FLIP = 0, 1
RESULT_FIELDS = ["outcome", "loss_reason", "seat", "players", "rounds", "position"]
R_OUTCOME, R_LOSS_REASON, R_SEAT, R_PLAYERS, R_ROUNDS, R_POSITION = range(6)
WIN, TIE, LOSS = 1, 3, 2        # the focal seat's outcome (no tie in this race)
OUTCOMES = {WIN: "win", LOSS: "loss"}
LOSS_REASONS = {0: "", 1: "outrun", 2: "cut"}   # another seat got there first; the round cap
EV_MOVE = 0                     # (kind, round, seat, a: spaces moved, b: now at, c: 1 flipped)
EV_END = 1                      # a: the winner (-1: none, the round cap)
EVENT_FIELDS = 6
STREAM_COIN, STREAM_POLICY, N_STREAMS = 0, 1, 2   # random streams (simcore.rng): chance, choices
