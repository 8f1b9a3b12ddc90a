"""The game log every game keeps: events of six words (kind, round, seat, a, b, c) appended to
a fixed-size array while the log is on; a full log drops further events (the runners size it).
Which flag turns the log on is the game's (a word of its state or of its Config)."""
from .jit import njit


@njit(inline="always")
def append_event(events, counts, n_at, kind, rnd, p, a, b, c):
    """Append (kind, rnd, p, a, b, c) at row counts[n_at] of `events` and count it, unless
    the log is full."""
    i = counts[n_at]
    if i < events.shape[0]:
        row = events[i]
        row[0] = kind
        row[1] = rnd
        row[2] = p
        row[3] = a
        row[4] = b
        row[5] = c
        counts[n_at] = i + 1
