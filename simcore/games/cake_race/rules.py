"""The rules of the cake race as small kernels (rule ids in rules-checklist.md).

Rolling and applying are separate where a test needs to force a result: dice come from
`roll` (tests queue faces in st.forced) and cards from the deck ring buffer (tests set it).
Kernels never allocate: every buffer is in the State.
"""
import numpy as np

from ...harness import event
from ...jit import njit
from ...rng import randint, shuffle
from . import tables as T
from . import consts as K
from . import state as S
from .decide import decide


# ------------------------------------------------------------------ log and dice
@njit(inline="always")
def ev(st, kind, p, a, b, c):
    """Record an event stamped with its round when the log is on (simcore.harness.event)."""
    event(st, kind, st.sc[S.S_ROUND], p, a, b, c)


@njit
def roll(R, st, p, what):
    """One roll of the die (CR-D01): a queued test face, else uniform over the faces."""
    if st.ctl[S.H_FORCED_POS] < st.ctl[S.H_FORCED_N]:
        face = st.forced[st.ctl[S.H_FORCED_POS]]
        st.ctl[S.H_FORCED_POS] += 1
    else:
        face = R.faces[randint(st.rng, K.STREAM_DICE, R.faces.shape[0])]
    ev(st, K.EV_ROLL, p, face, what, 0)
    return face


# ------------------------------------------------------------------ setup (CR-S..)
@njit
def setup_game(R, cfg, st, game_index):
    """Reset `st` for game `game_index`, its random streams seeded (simcore.harness.start_game;
    CR-S01..S05); returns the focal seat."""
    st.sc[:] = 0
    st.ctl[S.H_FORCED_N] = 0
    st.ctl[S.H_FORCED_POS] = 0
    n = R.deck.shape[0]
    for i in range(n):
        st.deck[i] = R.deck[i]
    shuffle(st.deck, n, st.rng, K.STREAM_SETUP)                 # CR-S02
    st.sc[S.S_DECK_N] = n
    st.sc[S.S_PASS_LEFT] = n
    st.seen[:] = 0
    for kind in range(K.N_CARD_KINDS):
        st.pass0[kind] = R.counts[kind]
    st.sc[S.S_CAKE_LEFT] = R.k[T.K_SUPPLY]                      # CR-S03
    st.sc[S.S_CAT] = -1
    st.sc[S.S_WINNER] = -1
    st.sc[S.S_PLAYERS] = cfg.players
    st.sc[S.S_FOCAL] = cfg.seat if cfg.seat >= 0 else game_index % cfg.players
    st.pl[:, :] = 0
    for p in range(K.MAX_PLAYERS):
        st.pl[p, S.P_POS] = R.starts[p] if p < R.starts.shape[0] else R.starts[0]   # CR-S01
        st.pl[p, S.P_FIRST_TRIP] = -1
        st.pl[p, S.P_ELIM] = 0 if p < cfg.players else 1
    st.sc[S.S_OUTCOME] = K.RUNNING
    return st.sc[S.S_FOCAL]


# ------------------------------------------------------------------ moving (CR-M..)
@njit
def _add_option(st, n, u):
    for j in range(n):
        if st.options[j] == u:
            return n
    if n < st.options.shape[0]:
        st.options[n] = u
        return n + 1
    return n


@njit
def _ends_move(R, u):
    """A move stops early on the big cake (CR-K02) or on a start (CR-M04)."""
    return u == R.k[T.K_CAKE] or R.start_no[u] >= 0


@njit(inline="always")
def to_goal(R, u, to_home):
    """Steps from point u to the Smurf's goal: the nearest start coming home, else the cake."""
    return R.dist_home[u] if to_home else R.dist[u, R.k[T.K_CAKE]]


@njit
def _walk(R, st, frm, steps, to_home):
    """Endpoints of every forward path of exactly `steps` steps from `frm`: each step one
    point nearer the goal (CR-M06), so no point is visited twice (CR-M02); a path stops early
    where it reaches the cake or a start (CR-K02, CR-M04), except that with exact_home a start
    reached with steps to spare is no endpoint (CR-M03)."""
    n = 0
    depth = 0
    st.path[0] = frm
    st.it[0] = 0
    while depth >= 0:
        u = st.path[depth]
        if depth > 0 and _ends_move(R, u):
            if depth == steps or not (R.k[T.K_EXACT_HOME] and R.start_no[u] >= 0):
                n = _add_option(st, n, u)
            depth -= 1
            continue
        if depth == steps:
            n = _add_option(st, n, u)
            depth -= 1
            continue
        if st.it[depth] >= R.deg[u]:
            depth -= 1
            continue
        v = R.adj[u, st.it[depth]]
        st.it[depth] += 1
        if to_goal(R, v, to_home) == to_goal(R, u, to_home) - 1:
            depth += 1
            st.path[depth] = v
            st.it[depth] = 0
    return n


@njit
def move_options(R, st, frm, steps, to_home):
    """The points a forward move of `steps` can end on (CR-M01, CR-M06): more than one only at
    a fork; the goal first (the start points when `to_home`, else the cake), ties by point
    index. None (0 options) when a start needs an exact roll and the roll overshoots it: the
    Smurf then stays where it is (CR-M03)."""
    n = _walk(R, st, frm, steps, to_home)
    for i in range(1, n):        # insertion sort by (distance to goal, index)
        u = st.options[i]
        du = to_goal(R, u, to_home)
        j = i - 1
        while j >= 0:
            w = st.options[j]
            dw = to_goal(R, w, to_home)
            if dw < du or (dw == du and w < u):
                break
            st.options[j + 1] = w
            j -= 1
        st.options[j + 1] = u
    return n


@njit
def start_for(R, st, p, how):
    """The start a Smurf is sent to: its own (seat p's) or the nearest one."""
    if how == K.TO_OWN:
        return R.starts[p % R.starts.shape[0]]
    pos = st.pl[p, S.P_POS]
    best = R.starts[0]
    for i in range(R.starts.shape[0]):
        if R.dist[pos, R.starts[i]] < R.dist[pos, best]:
            best = R.starts[i]
    return best


# ------------------------------------------------------------------ cakes (CR-K..)
@njit
def take_cakes(R, st, p):
    """Roll and take that many cakes, trimmed to the carry cap and to what is left
    (CR-K02, CR-K03, CR-K04)."""
    face = roll(R, st, p, K.ROLL_TAKE)
    room = R.k[T.K_CAP] - st.pl[p, S.P_CARRIED]
    n = min(face, room, st.sc[S.S_CAKE_LEFT])
    if n < 0:
        n = 0
    st.pl[p, S.P_CARRIED] += n
    st.sc[S.S_CAKE_LEFT] -= n
    ev(st, K.EV_TAKE, p, n, st.pl[p, S.P_CARRIED], st.sc[S.S_CAKE_LEFT])
    return n


@njit
def secure(st, p):
    """At a start the unsafe cakes are turned face down: secured for good (CR-K06)."""
    n = st.pl[p, S.P_CARRIED]
    st.pl[p, S.P_SECURED] += n
    st.pl[p, S.P_CARRIED] = 0
    st.pl[p, S.P_TRIPS] += 1
    if st.pl[p, S.P_FIRST_TRIP] < 0:
        st.pl[p, S.P_FIRST_TRIP] = n
    ev(st, K.EV_SECURE, p, n, st.pl[p, S.P_SECURED], 0)


# ------------------------------------------------------------------ cards (CR-C..)
@njit
def push_bottom(st, card):
    """Put a card under the deck (CR-C01)."""
    n = st.deck.shape[0]
    st.deck[(st.sc[S.S_DECK_HEAD] + st.sc[S.S_DECK_N]) % n] = card
    st.sc[S.S_DECK_N] += 1


@njit
def draw_card(st):
    """Take the top card of the deck (-1 if every card is held as a hat)."""
    if st.sc[S.S_DECK_N] == 0:
        return -1
    n = st.deck.shape[0]
    card = st.deck[st.sc[S.S_DECK_HEAD]]
    st.sc[S.S_DECK_HEAD] = (st.sc[S.S_DECK_HEAD] + 1) % n
    st.sc[S.S_DECK_N] -= 1
    st.seen[card] += 1
    st.sc[S.S_PASS_LEFT] -= 1
    return card


@njit
def turn_card(R, cfg, st, p):
    """Turn the top card at a red point or the cake and resolve it (CR-C01..C06)."""
    card = draw_card(st)
    if card < 0:
        return
    ev(st, K.EV_CARD, p, card, st.pl[p, S.P_POS], 0)
    if card == K.CARD_NOTHING:                                   # CR-C02
        push_bottom(st, card)
    elif card == K.CARD_GARGAMEL:                                # CR-C03
        push_bottom(st, card)
        gargamel(R, st, p)
    elif card == K.CARD_HAT:                                     # CR-C04
        st.pl[p, S.P_HATS] += 1
        ev(st, K.EV_HAT_KEPT, p, st.pl[p, S.P_HATS], 0, 0)
    else:                                                        # CR-C05
        push_bottom(st, card)
        if st.pl[p, S.P_HATS] > 0:                               # CR-C06
            st.sc[S.S_N_HATS_USED] += 1
            if R.k[T.K_HAT_SPENT]:
                st.pl[p, S.P_HATS] -= 1
                push_bottom(st, K.CARD_HAT)
            ev(st, K.EV_HAT_USED, p, st.pl[p, S.P_HATS], 0, 0)
        else:
            chase(R, cfg, st, p)
    if st.sc[S.S_PASS_LEFT] <= 0:          # the deck came round: a new pass of seen cards
        new_pass(st)


@njit
def new_pass(st):
    """The deck came round: what it holds now is the next pass (public knowledge)."""
    st.seen[:] = 0
    st.pass0[:] = 0
    n = st.deck.shape[0]
    for i in range(st.sc[S.S_DECK_N]):
        st.pass0[st.deck[(st.sc[S.S_DECK_HEAD] + i) % n]] += 1
    st.sc[S.S_PASS_LEFT] = st.sc[S.S_DECK_N]


@njit
def gargamel(R, st, p):
    """Gargamel: with unsafe cakes, roll and keep that many, the rest back on the big cake;
    always back to a start, where the kept cakes are secured (CR-C03)."""
    st.sc[S.S_N_GARG] += 1
    carried = st.pl[p, S.P_CARRIED]
    kept = carried
    if carried > 0:
        face = roll(R, st, p, K.ROLL_GARGAMEL)
        kept = min(face, carried)
    back = carried - kept
    st.pl[p, S.P_CARRIED] = kept
    st.sc[S.S_CAKE_LEFT] += back
    st.sc[S.S_RETURNED] += back
    to = start_for(R, st, p, R.k[T.K_GARG_TO])
    st.pl[p, S.P_POS] = to
    ev(st, K.EV_GARGAMEL, p, kept, back, to)
    secure(st, p)


# ------------------------------------------------------------------ the cat (CR-H..)
@njit
def cat_step(R, st, target):
    """Move the cat one step along a shortest path toward `target` (lowest index on ties)."""
    cat = st.sc[S.S_CAT]
    d = R.dist[cat, target]
    for j in range(R.deg[cat]):
        v = R.adj[cat, j]
        if R.dist[v, target] == d - 1:
            st.sc[S.S_CAT] = v
            return


@njit
def flee(R, cfg, st, p):
    """The Smurf's roll in a chase: a forward move toward a start, past the cat if the route
    goes through its point (CR-H07); True when it reaches a start (safe, cakes secured)."""
    face = roll(R, st, p, K.ROLL_FLEE)                           # CR-H02
    frm = st.pl[p, S.P_POS]
    n = move_options(R, st, frm, face, True)
    to = frm
    if n > 0:
        to = st.options[decide(R, cfg, st, p, K.D_FLEE, n)]
    st.pl[p, S.P_POS] = to
    ev(st, K.EV_MOVE, p, frm, to, 1)
    if to != frm and R.start_no[to] >= 0:                        # CR-H03: safe
        ev(st, K.EV_SAFE, p, to, 0, 0)
        st.sc[S.S_CAT] = -1
        secure(st, p)
        return True
    return False


@njit
def cat_runs(R, st, p):
    """The cat's roll in a chase: True when the roll reaches the Smurf along a shortest path
    (caught, CR-H03), else the cat runs that many steps toward it."""
    face = roll(R, st, p, K.ROLL_CAT)
    cat = st.sc[S.S_CAT]
    to = st.pl[p, S.P_POS]
    if R.dist[cat, to] <= face:                                  # CR-H03: caught
        ev(st, K.EV_CAT_MOVE, p, cat, to, 0)
        return True
    for _s in range(face):
        cat_step(R, st, to)
    ev(st, K.EV_CAT_MOVE, p, cat, st.sc[S.S_CAT], 0)
    return False


@njit
def chase(R, cfg, st, p):
    """Azrael chases from the brown point; the Smurf and the cat roll in turn, the Smurf
    first (or the cat, chase_first), until the Smurf reaches a start (safe, cakes secured) or
    the cat reaches it (caught) (CR-H01..H07)."""
    st.sc[S.S_N_CHASES] += 1
    st.sc[S.S_CAT] = R.k[T.K_BROWN]
    ev(st, K.EV_CHASE, p, st.sc[S.S_CAT], 0, 0)
    if R.k[T.K_CHASE_FIRST] == K.FIRST_CAT and cat_runs(R, st, p):    # CR-H02
        caught(R, st, p)
        return
    for _ in range(R.k[T.K_MAX_CHASE]):
        if flee(R, cfg, st, p):
            return
        if cat_runs(R, st, p):
            caught(R, st, p)
            return
    caught(R, st, p)                                             # CR-H06: a chase that never ends


@njit
def caught(R, st, p):
    """A caught Smurf takes a cat marker and loses its unsafe cakes (removed from the game):
    all of them, or with caught_loses = "roll" all but a die roll's worth, which it keeps;
    it goes back to a start, where kept cakes are secured (CR-H04, CR-H05)."""
    st.sc[S.S_N_CATCHES] += 1
    st.sc[S.S_CAT] = -1
    carried = st.pl[p, S.P_CARRIED]
    kept = 0
    if R.k[T.K_CAUGHT_LOSES] == K.CAUGHT_ROLL and carried > 0:
        kept = min(roll(R, st, p, K.ROLL_CAUGHT), carried)
    lost = carried - kept
    st.pl[p, S.P_CARRIED] = kept
    st.sc[S.S_REMOVED] += lost
    st.pl[p, S.P_MARKERS] += 1
    to = start_for(R, st, p, R.k[T.K_CAUGHT_TO])
    st.pl[p, S.P_POS] = to
    ev(st, K.EV_CAUGHT, p, lost, st.pl[p, S.P_MARKERS], to)
    if kept > 0:
        secure(st, p)
    else:
        st.pl[p, S.P_TRIPS] += 1
        if st.pl[p, S.P_FIRST_TRIP] < 0:
            st.pl[p, S.P_FIRST_TRIP] = 0
    if st.pl[p, S.P_MARKERS] >= R.k[T.K_ELIM_AT]:
        st.pl[p, S.P_ELIM] = 1
        ev(st, K.EV_ELIMINATED, p, st.pl[p, S.P_MARKERS], 0, 0)


# ------------------------------------------------------------------ turns (CR-T..)
@njit
def play_turn(R, cfg, st, p):
    """One player's turn (CR-T01..T04)."""
    if st.pl[p, S.P_ELIM]:
        return
    pos = st.pl[p, S.P_POS]
    cake = R.k[T.K_CAKE]
    if R.start_no[pos] >= 0 and st.sc[S.S_CAKE_LEFT] == 0:       # CR-E01: home, nothing left
        return
    st.sc[S.S_TURN] += 1
    st.sc[S.S_CUR] = p
    ev(st, K.EV_TURN, p, pos, st.pl[p, S.P_CARRIED], st.pl[p, S.P_SECURED])
    if pos == cake:
        carried = st.pl[p, S.P_CARRIED]
        if carried >= R.k[T.K_CAP] or st.sc[S.S_CAKE_LEFT] == 0:  # CR-K05: must leave
            leave = 1
        else:
            leave = decide(R, cfg, st, p, K.D_STAY, 2)           # CR-K05: stay or leave
        ev(st, K.EV_STAY, p, leave, 0, 0)
        if leave == 0:
            take_cakes(R, st, p)                                 # CR-K03
            turn_card(R, cfg, st, p)
            return
    face = roll(R, st, p, K.ROLL_MOVE)                           # CR-T02
    # CR-M06: forward is toward the cake, and toward home once carrying cakes or once the
    # big cake is empty (a Smurf still on its way out then turns for home)
    to_home = st.pl[p, S.P_CARRIED] > 0 or st.sc[S.S_CAKE_LEFT] == 0
    n = move_options(R, st, pos, face, to_home)
    if n == 0:                                                   # CR-M03: stays
        ev(st, K.EV_MOVE, p, pos, pos, 0)
        return
    to = st.options[decide(R, cfg, st, p, K.D_MOVE, n)]
    st.pl[p, S.P_POS] = to
    ev(st, K.EV_MOVE, p, pos, to, 0)
    if to == cake:                                               # CR-K02
        take_cakes(R, st, p)
        turn_card(R, cfg, st, p)
    elif R.start_no[to] >= 0:                                    # CR-K06
        secure(st, p)
    elif R.red[to]:                                              # CR-C01
        turn_card(R, cfg, st, p)


@njit
def game_over(R, st):
    """The big cake is empty and every Smurf still playing is at a start (CR-E01), or every
    Smurf is eliminated."""
    for p in range(st.sc[S.S_PLAYERS]):
        if st.pl[p, S.P_ELIM] == 0:
            if st.sc[S.S_CAKE_LEFT] > 0 or R.start_no[st.pl[p, S.P_POS]] < 0:
                return False
    return True


@njit
def finish(st, timeout):
    """Most secured cakes wins, among Smurfs not eliminated (CR-E02); the focal seat's outcome.
    A game cut by the round cap (`timeout`) is scored the same way, by the cakes secured when
    it was cut, and flagged (CR-E03)."""
    st.sc[S.S_TIMEOUT] = timeout
    best = 0
    n_best = 0
    winner = -1
    for p in range(st.sc[S.S_PLAYERS]):
        if st.pl[p, S.P_ELIM]:
            continue
        s = st.pl[p, S.P_SECURED]
        if s > best:
            best, n_best, winner = s, 1, p
        elif s == best and s > 0:
            n_best += 1
    f = st.sc[S.S_FOCAL]
    st.sc[S.S_WINNER] = winner if n_best == 1 else -1
    if st.pl[f, S.P_ELIM]:
        st.sc[S.S_OUTCOME], st.sc[S.S_LOSS] = K.LOSS, K.LOSS_ELIMINATED
    elif best == 0:
        st.sc[S.S_OUTCOME], st.sc[S.S_LOSS] = K.LOSS, K.LOSS_NO_CAKES
    elif st.pl[f, S.P_SECURED] == best:
        st.sc[S.S_OUTCOME] = K.WIN if n_best == 1 else K.TIE
    else:
        st.sc[S.S_OUTCOME], st.sc[S.S_LOSS] = K.LOSS, K.LOSS_OUTSCORED
    ev(st, K.EV_END, f, st.sc[S.S_OUTCOME], st.sc[S.S_WINNER], timeout)


@njit
def play_round(R, cfg, st):
    """Every player in seat order, seat 0 (the youngest) first (CR-T01); False once over."""
    st.sc[S.S_ROUND] += 1
    if st.sc[S.S_ROUND] > R.k[T.K_MAX_ROUNDS]:                    # CR-E03
        st.sc[S.S_ROUND] -= 1
        finish(st, 1)
        return False
    for p in range(st.sc[S.S_PLAYERS]):
        play_turn(R, cfg, st, p)
        if game_over(R, st):
            finish(st, 0)
            return False
    return True


@njit
def play_game(R, cfg, st):
    while st.sc[S.S_OUTCOME] == K.RUNNING:
        if not play_round(R, cfg, st):
            break
