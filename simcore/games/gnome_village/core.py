"""Small kernels every phase uses: the log, coins, tokens, gnomes going home, the Happy Gnome,
Military protection and counts over a village (over the rectangle that holds its tiles,
village.tile_box). Rule IDs refer to ../rules-checklist.md."""
from ...harness import event
from ...jit import njit
from . import consts as K
from . import state as S
from . import tables as T
from .village import gnome_at, tile_box


@njit
def ev(st, kind, p, a, b, c):
    """Record an event stamped with its round when the log is on (simcore.harness.event)."""
    event(st, kind, st.sc[S.S_ROUND], p, a, b, c)


# ------------------------------------------------------------------ coins (GV-S10)
@njit
def gain(st, p, n):
    """Player p takes up to n coins from the supply; returns how many it held."""
    take = min(n, st.sc[S.S_BANK])
    st.sc[S.S_BANK] -= take
    st.pl[p, S.P_COINS] += take
    return take


@njit
def pay(st, p, n):
    """Player p pays n coins (it has them) to the supply, as spending (GV-A07)."""
    st.pl[p, S.P_COINS] -= n
    st.sc[S.S_BANK] += n
    st.pl[p, S.P_SPENT] += n


@njit
def take_from(st, q, p, n):
    """Player p takes up to n coins from player q; returns how many."""
    take = min(n, st.pl[q, S.P_COINS])
    st.pl[q, S.P_COINS] -= take
    st.pl[p, S.P_COINS] += take
    return take


@njit
def give_token(st, q, w):
    """Player q receives a product token of workshop type w from the supply, if it holds one
    (GV-A04, GV-A09, GV-A10); returns 1 if given."""
    if st.psupply[w] > 0:
        st.psupply[w] -= 1
        st.prod[q, w] += 1
        return 1
    return 0


# ------------------------------------------------------------------ counts over a village
@njit
def count_kind(st, p, kind):
    n = 0
    r0, r1, c0, c1 = tile_box(st, p)
    for r in range(r0, r1 + 1):
        for c in range(c0, c1 + 1):
            if st.kind[p, r, c] == kind:
                n += 1
    return n


@njit
def count_lights(st, p, on):
    """Houses of player p with the light on (on = 1) or off (on = 0)."""
    n = 0
    r0, r1, c0, c1 = tile_box(st, p)
    for r in range(r0, r1 + 1):
        for c in range(c0, c1 + 1):
            if st.kind[p, r, c] == K.T_HOUSE and st.arg[p, r, c] == on:
                n += 1
    return n


@njit
def first_house(st, p, on):
    """The first house of player p (reading order) with the light on (on = 1) or off (0), as a
    cell; -1 if none."""
    r0, r1, c0, c1 = tile_box(st, p)
    for r in range(r0, r1 + 1):
        for c in range(c0, c1 + 1):
            if st.kind[p, r, c] == K.T_HOUSE and st.arg[p, r, c] == on:
                return r * K.GRID + c
    return -1


@njit
def count_hats(R, st, p):
    n = 0
    r0, r1, c0, c1 = tile_box(st, p)
    for r in range(r0, r1 + 1):
        for c in range(c0, c1 + 1):
            if st.kind[p, r, c] == K.T_BUSINESS and R.biz[st.arg[p, r, c], T.BZ_HAT] == 1:
                n += 1
    return n


@njit
def find_workshop(st, p, w, active):
    """The first workshop of type w of player p that is active (active = 1) or inactive (0),
    as a cell; -1 if none."""
    r0, r1, c0, c1 = tile_box(st, p)
    for r in range(r0, r1 + 1):
        for c in range(c0, c1 + 1):
            if st.kind[p, r, c] == K.T_WORKSHOP and st.arg[p, r, c] == w and st.flag[p, r, c] == active:
                return r * K.GRID + c
    return -1


@njit
def any_gnome_on(st, host, r, c):
    """Is any gnome (of any player, in any state but the supply) on (r, c) of host's village?"""
    for q in range(K.MAX_PLAYERS):
        for g in range(K.MAX_GNOMES):
            s = st.gnome[q, g, S.GN_STATE]
            if s != S.GS_NONE and st.gnome[q, g, S.GN_HOST] == host \
                    and st.gnome[q, g, S.GN_ROW] == r and st.gnome[q, g, S.GN_COL] == c:
                return True
    return False


# ------------------------------------------------------------------ gnomes
@njit
def go_home(R, st, q, g):
    """Player q's gnome g goes back to a house of its own village with the light on (GV-F04,
    GV-F09, GV-A02, GV-X04) and stands there: the first in reading order (assumed; data
    setup.toml `home_house`), or with the knob home-house=own the house it lit, while that
    house stands lit in its village (else the first)."""
    cell = -1
    if R.k[T.K_HOME] == K.HOME_OWN:
        h = st.gnome[q, g, S.GN_HOME]
        if st.kind[q, h // K.GRID, h % K.GRID] == K.T_HOUSE and st.arg[q, h // K.GRID, h % K.GRID] == 1:
            cell = h
    if cell < 0:
        cell = first_house(st, q, 1)
    st.gnome[q, g, S.GN_STATE] = S.GS_ACTIVE
    st.gnome[q, g, S.GN_HOST] = q
    st.gnome[q, g, S.GN_ROW] = cell // K.GRID
    st.gnome[q, g, S.GN_COL] = cell % K.GRID
    ev(st, K.EV_HOME, st.sc[S.S_CUR], q, g, cell)


@njit
def protected(R, st, q):
    """Is player q protected by a Military (GV-A05)? While one of q's gnomes stands on a
    Military tile: q's own, or another's reached by the Airport (that protects only q)."""
    for g in range(K.MAX_GNOMES):
        if st.gnome[q, g, S.GN_STATE] == S.GS_ACTIVE:
            h = st.gnome[q, g, S.GN_HOST]
            r, c = st.gnome[q, g, S.GN_ROW], st.gnome[q, g, S.GN_COL]
            if st.kind[h, r, c] == K.T_BUSINESS and R.biz[st.arg[h, r, c], T.BZ_ACTION] == K.A_MILITARY:
                return True
    return False


@njit
def update_happy(R, st):
    """The Happy Gnome (GV-B04, GV-F06): a player with more Hat businesses than every other
    takes it; on a tie it stays with its holder, unless the holder has no Hat business left,
    when it goes back to the centre."""
    best = 0
    who = -1
    tie = False
    for p in range(st.sc[S.S_PLAYERS]):
        h = count_hats(R, st, p)
        if h > best:
            best, who, tie = h, p, False
        elif h == best and h > 0:
            tie = True
    holder = st.sc[S.S_HAPPY]
    new = holder
    if who >= 0 and not tie:
        new = who
    elif holder >= 0 and count_hats(R, st, holder) == 0:
        new = -1
    if new != holder:
        st.sc[S.S_HAPPY] = new
        ev(st, K.EV_HAPPY, st.sc[S.S_CUR], new, 0, 0)


@njit
def score(R, st, p):
    """Player p's points (GV-E02): 2 per workshop, 2 per Lights On house, the Restaurants'
    points, 1 per Hat business for the Happy Gnome's holder, 1 per coin."""
    pts = st.pl[p, S.P_COINS]
    hats = 0
    r0, r1, c0, c1 = tile_box(st, p)
    for r in range(r0, r1 + 1):
        for c in range(c0, c1 + 1):
            kind = st.kind[p, r, c]
            if kind == K.T_WORKSHOP:
                pts += 2
            elif kind == K.T_HOUSE and st.arg[p, r, c] == 1:
                pts += 2
            elif kind == K.T_BUSINESS:
                pts += R.biz[st.arg[p, r, c], T.BZ_POINTS]
                hats += R.biz[st.arg[p, r, c], T.BZ_HAT]
    if st.sc[S.S_HAPPY] == p:
        pts += hats
    return pts


@njit
def count_tiles(st, p):
    """Tiles in player p's village (GV-E03's tie-break)."""
    n = 0
    r0, r1, c0, c1 = tile_box(st, p)
    for r in range(r0, r1 + 1):
        for c in range(c0, c1 + 1):
            if st.kind[p, r, c] != K.T_EMPTY:
                n += 1
    return n


@njit
def standing_home(st, p, g):
    """Is player p's gnome g standing or lying in its own village?"""
    s = st.gnome[p, g, S.GN_STATE]
    return (s == S.GS_ACTIVE or s == S.GS_RESTING) and st.gnome[p, g, S.GN_HOST] == p


@njit
def on_gnome(st, p, r, c):
    return gnome_at(st, p, p, r, c)
