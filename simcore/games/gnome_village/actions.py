"""The business actions (GV-A.., GV-X03..X05): what a gnome ending its move on a business does.
Rule IDs refer to ../rules-checklist.md.

A target is chosen through a D_TARGET decision whose options are, by action (st.sc[S_ACTION]):
player * TARGET_MUL + gnome (Chapel, Prison), player * TARGET_MUL + workshop type (Courier,
Doctor), player * TARGET_MUL (Thief), player * N_CELLS + cell (Airport); ACTION_SKIP passes
("you may perform the associated action", GV-B05).
"""
from ...jit import njit
from . import consts as K
from . import state as S
from . import tables as T
from .build import can_place, place_new_building
from .core import any_gnome_on, count_tiles, ev, gain, give_token, protected, standing_home, take_from
from .decide import decide
from .village import check_village, grow_box, visitor_on


@njit
def can_use(st, p, host, r, c):
    """May player p use the business on (r, c) of host's village (GV-B05)? Not a tile of its
    own that it used this turn or its previous turn."""
    if host != p:
        return True
    u = st.used[p, r, c]
    t = st.pl[p, S.P_TURNS]
    return not (u > 0 and (u == t or u == t - 1))


@njit
def mark_used(R, st, p, host, r, c, done):
    """The business on (r, c) of host's village counts as used by p this turn (GV-B05): a tile
    of its own whose action was performed (`done`), or, with the knob business-used=visited,
    whenever a gnome of p ended its move there."""
    if host == p and (done or R.k[T.K_BUSINESS_USED] == K.USED_VISITED):
        st.used[p, r, c] = st.pl[p, S.P_TURNS]


@njit
def ask_target(R, C, st, p, n):
    """Add ACTION_SKIP to the n options listed, ask player p; the option chosen (ACTION_SKIP,
    without asking, when none is listed)."""
    if n == 0:
        return K.ACTION_SKIP
    st.options[n] = K.ACTION_SKIP
    return st.options[decide(R, C, st, p, K.D_TARGET, n + 1)]


@njit
def perform(R, C, st, p, host, r, c, g):
    """Player p's gnome g performs the action of the business on (r, c) of host's village
    (GV-B05; host != p: through the Airport, GV-A10). The Airport and the Swimming pool lead to
    one more action (`act`), which never leads further (assumed: no chains). Each tile counts
    as used when its own action is performed (`mark_used`): the Airport's when the gnome flies,
    the Swimming pool's when it activates a tile."""
    action = R.biz[st.arg[host, r, c], T.BZ_ACTION]
    if action == K.A_AIRPORT:
        st.sc[S.S_ACTION] = action
        target = airport(R, C, st, p, g, r, c)
        mark_used(R, st, p, host, r, c, target >= 0)
        if target >= 0:
            q, i = target // K.N_CELLS, target % K.N_CELLS
            if st.kind[q, i // K.GRID, i % K.GRID] == K.T_BUSINESS:
                act(R, C, st, p, q, i // K.GRID, i % K.GRID)
    elif action == K.A_POOL:
        st.sc[S.S_ACTION] = action
        target = pool(R, C, st, p)
        mark_used(R, st, p, host, r, c, target >= 0)
        if target >= 0 and st.kind[p, target // K.GRID, target % K.GRID] == K.T_BUSINESS:
            act(R, C, st, p, p, target // K.GRID, target % K.GRID)
    else:
        act(R, C, st, p, host, r, c)
    st.sc[S.S_ACTION] = K.A_NONE


@njit
def act(R, C, st, p, host, r, c):
    """The action of the business on (r, c) of host's village, for player p (not the Airport's
    nor the Swimming pool's: `perform`). The tile counts as used when the action is performed
    (`mark_used`): each action says whether it was, none when declined or without a target."""
    action = R.biz[st.arg[host, r, c], T.BZ_ACTION]
    if action == K.A_NONE or action == K.A_AIRPORT or action == K.A_POOL:
        return
    st.sc[S.S_ACTION] = action
    done = True
    if action == K.A_POLICE:
        done = police(R, st, p)
    elif action == K.A_CHAPEL:
        done = chapel(R, C, st, p, host, r, c)
    elif action == K.A_THEATER:
        theater(st, p, host, r, c)
    elif action == K.A_COURIER:
        done = courier(R, C, st, p)
    elif action == K.A_MILITARY:
        ev(st, K.EV_ACTION, p, action, -1, 0)       # protection while the gnome stays (GV-A05)
    elif action == K.A_THIEF:
        done = thief(R, C, st, p)
    elif action == K.A_ADVISOR:
        st.pl[p, S.P_ADVISOR] = 1
        ev(st, K.EV_ACTION, p, action, -1, 0)
    elif action == K.A_ARCHITECT:
        done = architect(R, C, st, p)
    elif action == K.A_DOCTOR:
        done = doctor(R, C, st, p)
    elif action == K.A_CONSTRUCTION:
        done = construction(R, C, st, p)
    elif action == K.A_PRISON:
        done = prison(R, C, st, p, host, r, c)
    mark_used(R, st, p, host, r, c, done)


@njit
def police(R, st, p):
    """GV-A01: each opponent not protected gives 1 coin, if it has one. Performed if one did."""
    total = 0
    for q in range(st.sc[S.S_PLAYERS]):
        if q != p and not protected(R, st, q):
            total += take_from(st, q, p, 1)
    ev(st, K.EV_ACTION, p, K.A_POLICE, -1, total)
    return total > 0


@njit
def ask_standing_gnome(R, C, st, p):
    """p chooses an opponent's gnome standing in its own village, of a player not protected
    (the Chapel's and the Prison's target): q * TARGET_MUL + g, or ACTION_SKIP when there is
    none or p passes."""
    n = 0
    for q in range(st.sc[S.S_PLAYERS]):
        if q != p and not protected(R, st, q):
            for g in range(K.MAX_GNOMES):
                if standing_home(st, q, g):
                    st.options[n] = q * K.TARGET_MUL + g
                    n += 1
    return ask_target(R, C, st, p, n)


@njit
def chapel(R, C, st, p, host, r, c):
    """GV-A02: an opponent's gnome in its own village comes to stand beside p's on the Chapel
    (an active Workshop it leaves flips inactive); it goes home at its owner's next turn."""
    o = ask_standing_gnome(R, C, st, p)
    if o == K.ACTION_SKIP:
        return False
    q, g = o // K.TARGET_MUL, o % K.TARGET_MUL
    rr, cc = st.gnome[q, g, S.GN_ROW], st.gnome[q, g, S.GN_COL]
    if st.kind[q, rr, cc] == K.T_WORKSHOP:
        st.flag[q, rr, cc] = 0
    st.gnome[q, g, S.GN_STATE] = S.GS_DATE
    st.gnome[q, g, S.GN_HOST] = host
    st.gnome[q, g, S.GN_ROW] = r
    st.gnome[q, g, S.GN_COL] = c
    ev(st, K.EV_ACTION, p, K.A_CHAPEL, q, g)
    return True


@njit
def theater(st, p, host, r, c):
    """GV-A03: 1 coin, and 1 more per gnome (any player's) on a Workshop or Business tile next
    to the Theater, diagonals included."""
    n = 0
    for q in range(K.MAX_PLAYERS):
        for g in range(K.MAX_GNOMES):
            if st.gnome[q, g, S.GN_STATE] == S.GS_NONE or st.gnome[q, g, S.GN_HOST] != host:
                continue
            rr, cc = st.gnome[q, g, S.GN_ROW], st.gnome[q, g, S.GN_COL]
            if (rr != r or cc != c) and abs(rr - r) <= 1 and abs(cc - c) <= 1:
                kind = st.kind[host, rr, cc]
                if kind == K.T_WORKSHOP or kind == K.T_BUSINESS:
                    n += 1
    got = gain(st, p, 1 + n)
    ev(st, K.EV_ACTION, p, K.A_THEATER, -1, got)


@njit
def courier(R, C, st, p):
    """GV-A04: flip one of p's active workshops inactive, give the matching product token from
    the supply to an opponent not protected, who pays p 3 coins (what it has, up to 3)."""
    n = 0
    for w in range(K.N_WORKSHOPS):
        if st.psupply[w] == 0:
            continue
        cell = -1
        for i in range(K.N_CELLS):
            if st.kind[p, i // K.GRID, i % K.GRID] == K.T_WORKSHOP and st.arg[p, i // K.GRID, i % K.GRID] == w \
                    and st.flag[p, i // K.GRID, i % K.GRID] == 1:
                cell = i
                break
        if cell < 0:
            continue
        for q in range(st.sc[S.S_PLAYERS]):
            if q != p and not protected(R, st, q):
                st.options[n] = q * K.TARGET_MUL + w
                n += 1
    o = ask_target(R, C, st, p, n)
    if o == K.ACTION_SKIP:
        return False
    q, w = o // K.TARGET_MUL, o % K.TARGET_MUL
    for i in range(K.N_CELLS):
        if st.kind[p, i // K.GRID, i % K.GRID] == K.T_WORKSHOP and st.arg[p, i // K.GRID, i % K.GRID] == w \
                and st.flag[p, i // K.GRID, i % K.GRID] == 1:
            st.flag[p, i // K.GRID, i % K.GRID] = 0
            break
    give_token(st, q, w)
    got = take_from(st, q, p, 3)
    ev(st, K.EV_ACTION, p, K.A_COURIER, q, got)
    return True


@njit
def thief(R, C, st, p):
    """GV-A06: take up to 2 coins from one opponent not protected."""
    n = 0
    for q in range(st.sc[S.S_PLAYERS]):
        if q != p and not protected(R, st, q) and st.pl[q, S.P_COINS] > 0:
            st.options[n] = q * K.TARGET_MUL
            n += 1
    o = ask_target(R, C, st, p, n)
    if o == K.ACTION_SKIP:
        return False
    q = o // K.TARGET_MUL
    got = take_from(st, q, p, 2)
    ev(st, K.EV_ACTION, p, K.A_THIEF, q, got)
    return True


@njit
def doctor_cell(R, st, p, w):
    """The first of p's inactive workshops of type w the Doctor may activate (GV-A09): a gnome
    on it or not ("without placing a Gnome on it", rb L221); with the knob doctor=empty, only
    one without a gnome on it. -1 if none."""
    empty_only = R.k[T.K_DOCTOR] == K.DOCTOR_EMPTY
    for i in range(K.N_CELLS):
        r, c = i // K.GRID, i % K.GRID
        if st.kind[p, r, c] == K.T_WORKSHOP and st.arg[p, r, c] == w and st.flag[p, r, c] == 0 \
                and not (empty_only and any_gnome_on(st, p, r, c)):
            return i
    return -1


@njit
def doctor(R, C, st, p):
    """GV-A09: activate one of p's inactive workshops (`doctor_cell`), and give an opponent the
    matching product token from the supply (none if the supply is out)."""
    n = 0
    for w in range(K.N_WORKSHOPS):
        if doctor_cell(R, st, p, w) >= 0:
            for q in range(st.sc[S.S_PLAYERS]):
                if q != p:
                    st.options[n] = q * K.TARGET_MUL + w
                    n += 1
    o = ask_target(R, C, st, p, n)
    if o == K.ACTION_SKIP:
        return False
    q, w = o // K.TARGET_MUL, o % K.TARGET_MUL
    i = doctor_cell(R, st, p, w)
    st.flag[p, i // K.GRID, i % K.GRID] = 1
    given = give_token(st, q, w)
    ev(st, K.EV_ACTION, p, K.A_DOCTOR, q, given)
    return True


@njit
def architect(R, C, st, p):
    """GV-A08: move one tile of p's village without a gnome on it to an empty cell where the
    village keeps every placement rule (assumed reading of "rearrange", data setup.toml
    `architect`); with the knob architect=any, again and again until the player skips (at most
    as many moves as the village has tiles). Performed if a tile moved."""
    moves = 1 if R.k[T.K_ARCHITECT] == K.ARCHITECT_ONE else count_tiles(st, p)
    moved = False
    for _ in range(moves):
        if not move_one_tile(R, C, st, p):
            break
        moved = True
    return moved


@njit
def move_one_tile(R, C, st, p):
    """One move of the Architect (GV-A08): p picks a tile without a gnome on it (or skips),
    then an empty cell where the village keeps every placement rule. Returns False when p
    skipped or had no tile to move."""
    n = 0
    for i in range(K.N_CELLS):
        r, c = i // K.GRID, i % K.GRID
        if st.kind[p, r, c] != K.T_EMPTY and not any_gnome_on(st, p, r, c):
            st.options[n] = i
            n += 1
    if n == 0:
        return False
    st.options[n] = K.ACTION_SKIP
    src = st.options[decide(R, C, st, p, K.D_ARCHITECT, n + 1)]
    if src == K.ACTION_SKIP:
        return False
    r0, c0 = src // K.GRID, src % K.GRID
    kind, arg, flag, used = st.kind[p, r0, c0], st.arg[p, r0, c0], st.flag[p, r0, c0], st.used[p, r0, c0]
    st.kind[p, r0, c0] = K.T_EMPTY
    m = 0
    for i in range(K.N_CELLS):
        r, c = i // K.GRID, i % K.GRID
        if i == src or st.kind[p, r, c] != K.T_EMPTY:
            continue
        st.kind[p, r, c] = kind
        st.arg[p, r, c] = arg
        st.flag[p, r, c] = flag
        if check_village(R, st, p) == S.LEGAL:
            st.spare[m] = i
            m += 1
        st.kind[p, r, c] = K.T_EMPTY
        st.arg[p, r, c] = 0
        st.flag[p, r, c] = 0
    dst = src
    if m > 0:
        for j in range(m):
            st.options[j] = st.spare[j]
        dst = st.options[decide(R, C, st, p, K.D_ARCHITECT_TO, m)]
    r1, c1 = dst // K.GRID, dst % K.GRID
    if dst != src:
        st.arg[p, r0, c0] = 0
        st.flag[p, r0, c0] = 0
        st.used[p, r0, c0] = 0
    st.kind[p, r1, c1] = kind
    st.arg[p, r1, c1] = arg
    st.flag[p, r1, c1] = flag
    st.used[p, r1, c1] = used
    grow_box(st, p, r1, c1)
    if kind == K.T_HOUSE:                   # its gnome, away, still calls it home (GN_HOME)
        for g in range(K.MAX_GNOMES):
            if st.gnome[p, g, S.GN_STATE] != S.GS_NONE and st.gnome[p, g, S.GN_HOME] == src:
                st.gnome[p, g, S.GN_HOME] = dst
    ev(st, K.EV_ACTION, p, K.A_ARCHITECT, src, dst)
    return True


@njit
def airport(R, C, st, p, g, r, c):
    """GV-A10: p's gnome flies from its Airport (r, c) to a Workshop or Business without a
    gnome in the village of an opponent not protected: a Workshop is activated, a Business's
    action performed at once (not an Airport's or a Swimming pool's: assumed, no chains). It
    is paid and flies back at that opponent's Earn phase (turn.earn). Returns the tile's place
    (q * N_CELLS + cell; a Business's for `perform` to act on), -1 if the gnome did not fly."""
    n = 0
    for q in range(st.sc[S.S_PLAYERS]):
        if q == p or protected(R, st, q):
            continue
        for i in range(K.N_CELLS):
            rr, cc = i // K.GRID, i % K.GRID
            kind = st.kind[q, rr, cc]
            if kind == K.T_WORKSHOP or kind == K.T_BUSINESS:
                if kind == K.T_BUSINESS:
                    a = R.biz[st.arg[q, rr, cc], T.BZ_ACTION]
                    if a == K.A_AIRPORT or a == K.A_POOL:
                        continue
                if not any_gnome_on(st, q, rr, cc):
                    st.options[n] = q * K.N_CELLS + i
                    n += 1
    if n == 0:
        return -1
    o = ask_target(R, C, st, p, n)
    if o == K.ACTION_SKIP:
        return -1
    q, i = o // K.N_CELLS, o % K.N_CELLS
    rr, cc = i // K.GRID, i % K.GRID
    st.gnome[p, g, S.GN_HOST] = q
    st.gnome[p, g, S.GN_ROW] = rr
    st.gnome[p, g, S.GN_COL] = cc
    st.gnome[p, g, S.GN_FROM] = r * K.GRID + c
    ev(st, K.EV_FLY, p, q, i, 0)
    if st.kind[q, rr, cc] == K.T_WORKSHOP:
        st.flag[q, rr, cc] = 1
    return o


@njit
def construction(R, C, st, p):
    """GV-X03: the top business of the face-down stack goes at once into p's village, if it can
    border a road (else the action is not possible and the tile stays)."""
    if st.sc[S.S_BIZ_N] == 0 or not can_place(R, st, p, K.T_BUSINESS):
        return False
    st.sc[S.S_BIZ_N] -= 1
    b = st.bizs[st.sc[S.S_BIZ_N]]
    place_new_building(R, C, st, p, K.T_BUSINESS, b, 0)
    ev(st, K.EV_ACTION, p, K.A_CONSTRUCTION, -1, b)
    return True


@njit
def prison(R, C, st, p, host, r, c):
    """GV-X04: an opponent's gnome (not protected) in its own village goes onto the Prison,
    which holds one; at that opponent's Earn phase p takes 1 coin from them and the gnome goes
    home (turn.earn)."""
    for q in range(K.MAX_PLAYERS):
        for g in range(K.MAX_GNOMES):
            if st.gnome[q, g, S.GN_STATE] == S.GS_PRISON and st.gnome[q, g, S.GN_HOST] == host \
                    and st.gnome[q, g, S.GN_ROW] == r and st.gnome[q, g, S.GN_COL] == c:
                return False
    o = ask_standing_gnome(R, C, st, p)
    if o == K.ACTION_SKIP:
        return False
    q, g = o // K.TARGET_MUL, o % K.TARGET_MUL
    st.gnome[q, g, S.GN_STATE] = S.GS_PRISON
    st.gnome[q, g, S.GN_HOST] = host
    st.gnome[q, g, S.GN_ROW] = r
    st.gnome[q, g, S.GN_COL] = c
    ev(st, K.EV_ACTION, p, K.A_PRISON, q, g)
    return True


@njit
def pool(R, C, st, p):
    """GV-X05: p's gnome, staying on the Swimming pool, activates one more tile of p's village:
    an inactive Workshop flips active; a Business (one p may use, without a visitor; not an
    Airport or a Swimming pool: assumed) performs its action. Returns the tile's cell (a
    Business's for `perform` to act on), -1 if none was activated."""
    n = 0
    for i in range(K.N_CELLS):
        r, c = i // K.GRID, i % K.GRID
        kind = st.kind[p, r, c]
        if kind == K.T_WORKSHOP and st.flag[p, r, c] == 0:
            st.options[n] = i
            n += 1
        elif kind == K.T_BUSINESS and can_use(st, p, p, r, c) and not visitor_on(st, p, r, c):
            a = R.biz[st.arg[p, r, c], T.BZ_ACTION]
            if a != K.A_NONE and a != K.A_AIRPORT and a != K.A_POOL:
                st.options[n] = i
                n += 1
    if n == 0:
        return -1
    st.options[n] = K.ACTION_SKIP
    o = st.options[decide(R, C, st, p, K.D_POOL, n + 1)]
    if o == K.ACTION_SKIP:
        return -1
    r, c = o // K.GRID, o % K.GRID
    ev(st, K.EV_ACTION, p, K.A_POOL, -1, o)
    if st.kind[p, r, c] == K.T_WORKSHOP:
        st.flag[p, r, c] = 1
    return o
