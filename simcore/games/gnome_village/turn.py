"""A game of Gnome Village: setup, the four phases of a turn, the rounds, the end and the
scoring. Rule IDs refer to ../rules-checklist.md. Kernels never allocate: every buffer is in
the State (one State serves a whole chunk; setup_game resets it)."""
from ...jit import njit
from ...rng import shuffle
from . import consts as K
from . import state as S
from . import tables as T
from .actions import can_use, perform
from .build import can_place, draw_road, place_new_building
from .core import (count_kind, count_lights, count_tiles, ev, find_workshop, first_house, gain,
                   go_home, give_token, on_gnome, pay, score, take_from,
                   update_happy)
from .decide import decide
from .village import move_gnome, move_targets, start_village


# ------------------------------------------------------------------ setup (GV-S..)
@njit
def setup_game(R, C, st, game_index):
    """Reset `st` for game `game_index` (its random streams
    seeded: simcore.harness.start_game): supplies by player count, shuffled stacks and deck,
    each player's starting village, gnome and coins; returns the focal seat."""
    players = C.players
    st.sc[:] = 0
    st.pl[:, :] = 0
    st.kind[:, :, :] = 0
    st.arg[:, :, :] = 0
    st.flag[:, :, :] = 0
    st.used[:, :, :] = 0
    st.gnome[:, :, :] = 0
    st.box[:, :] = 0                # the whole grid until start_village (a seat not playing keeps it)
    st.prod[:, :] = 0
    st.sc[S.S_PLAYERS] = players
    st.sc[S.S_FOCAL] = C.seat if C.seat >= 0 else game_index % players
    st.sc[S.S_WINNER] = -1
    st.sc[S.S_HAPPY] = -1                                               # GV-B04: in the centre
    st.sc[S.S_OUTCOME] = K.RUNNING
    st.sc[S.S_END_AT] = R.k[T.K_FAMILY_GNOMES] if C.family else R.k[T.K_END_GNOMES]   # GV-E01, GV-X01
    st.sc[S.S_EXPANSION] = C.expansion
    st.sc[S.S_BANK] = R.k[T.K_COINS]                                    # GV-S10
    st.sc[S.S_GNOME_BOX] = R.k[T.K_GNOMES]
    houses = R.supply[players, T.SUP_HOUSES]                            # GV-S05
    if R.k[T.K_START_FROM_SUPPLY]:
        houses -= players * R.k[T.K_START_HOUSES]
    st.sc[S.S_HOUSES] = houses
    for w in range(K.N_WORKSHOPS):
        st.wsupply[w] = R.supply[players, T.SUP_WORKSHOPS]
        st.psupply[w] = R.k[T.K_PRODUCTS]
    n = 0                                                               # GV-S06: the road stack
    for kind in range(R.road.shape[0]):
        for _ in range(R.road[kind, T.RD_COUNT] - players * R.road[kind, T.RD_START]):
            st.roads[n] = kind
            n += 1
    shuffle(st.roads, n, st.rng, K.STREAM_SETUP)
    st.sc[S.S_ROAD_N] = n
    n = 0                                                               # GV-S07, GV-X02
    for b in range(R.biz.shape[0]):
        if R.biz[b, T.BZ_EXPANSION] == 0 or C.expansion:
            for _ in range(R.biz[b, T.BZ_COUNT]):
                st.bizs[n] = b
                n += 1
    shuffle(st.bizs, n, st.rng, K.STREAM_SETUP)
    st.sc[S.S_BIZ_TOTAL] = n
    st.faceup[:] = -1
    for s in range(R.k[T.K_FACE_UP]):
        if n > 0:
            n -= 1
            st.faceup[s] = st.bizs[n]
    st.sc[S.S_BIZ_N] = n
    n = 0                                                               # GV-S08: the Forest deck
    for card in range(R.forest.shape[0]):
        for _ in range(R.forest[card, T.FC_COUNT]):
            st.forest[n] = card
            n += 1
    shuffle(st.forest, n, st.rng, K.STREAM_SETUP)
    st.sc[S.S_FOREST_N] = n
    for p in range(K.MAX_PLAYERS):
        for g in range(K.MAX_GNOMES):
            st.gnome[p, g, S.GN_HOST] = p
    for p in range(players):                                            # GV-S02..S04
        start_village(R, st, p)
        st.pl[p, S.P_PLACED] = 1
        st.sc[S.S_GNOME_BOX] -= 1
        gain(st, p, R.k[T.K_START_COINS] + R.k[T.K_SEAT_COINS_0 + p])
    return st.sc[S.S_FOCAL]


# ------------------------------------------------------------------ phase 1: reveal (GV-F..)
@njit
def activate_card(R, C, st, q, icons, optional):
    """Forest Activate for player q (GV-F01): one of the card's workshop types of which q has an
    inactive tile; that tile flips active (nothing if q has none). `optional`: q may also
    decline (ACTION_SKIP; a group card's other players under the knob group-activate=optional,
    GV-F02)."""
    n = 0
    for w in range(K.N_WORKSHOPS):
        if (icons >> w) & 1 and find_workshop(st, q, w, 0) >= 0:
            st.options[n] = w
            n += 1
    if n == 0:
        ev(st, K.EV_ACTIVATE, q, -1, -1, 0)
        return
    if optional:
        st.options[n] = K.ACTION_SKIP
        n += 1
    w = st.options[decide(R, C, st, q, K.D_ACTIVATE, n)]
    if w == K.ACTION_SKIP:
        ev(st, K.EV_ACTIVATE, q, -1, -1, 1)
        return
    cell = find_workshop(st, q, w, 0)
    st.flag[q, cell // K.GRID, cell % K.GRID] = 1
    ev(st, K.EV_ACTIVATE, q, w, cell, 0)


@njit
def remove_business(R, st, q, r, c):
    """The business on (r, c) of q's village leaves the game (GV-F04): every gnome on it goes
    home (its own village's), the Happy Gnome is reconsidered (GV-F06). The cell stays empty:
    with the readings of GV-V02 and GV-V03 the village keeps every placement rule (GV-F05)."""
    b = st.arg[q, r, c]
    st.kind[q, r, c] = K.T_EMPTY
    st.arg[q, r, c] = 0
    st.flag[q, r, c] = 0
    st.used[q, r, c] = 0
    st.sc[S.S_BIZ_OUT] += 1
    ev(st, K.EV_REMOVE, st.sc[S.S_CUR], q, r * K.GRID + c, b)
    for x in range(K.MAX_PLAYERS):
        for g in range(K.MAX_GNOMES):
            if st.gnome[x, g, S.GN_STATE] != S.GS_NONE and st.gnome[x, g, S.GN_HOST] == q \
                    and st.gnome[x, g, S.GN_ROW] == r and st.gnome[x, g, S.GN_COL] == c:
                go_home(R, st, x, g)
    if R.biz[b, T.BZ_HAT] == 1:
        update_happy(R, st)


@njit
def removal(R, C, st, p):
    """Forest Removal (GV-F04): p takes a business from another player's village."""
    n = 0
    for q in range(st.sc[S.S_PLAYERS]):
        if q == p:
            continue
        for i in range(K.N_CELLS):
            if st.kind[q, i // K.GRID, i % K.GRID] == K.T_BUSINESS:
                st.options[n] = q * K.N_CELLS + i
                n += 1
    if n == 0:
        return
    o = st.options[decide(R, C, st, p, K.D_REMOVAL, n)]
    q, i = o // K.N_CELLS, o % K.N_CELLS
    remove_business(R, st, q, i // K.GRID, i % K.GRID)


@njit
def angry(R, C, st, q):
    """Angry Gnome for player q (GV-F09): one of q's gnomes standing on a Workshop or Business
    of its village goes home; a Workshop it leaves flips inactive."""
    n = 0
    for g in range(K.MAX_GNOMES):
        if st.gnome[q, g, S.GN_STATE] == S.GS_ACTIVE and st.gnome[q, g, S.GN_HOST] == q:
            kind = st.kind[q, st.gnome[q, g, S.GN_ROW], st.gnome[q, g, S.GN_COL]]
            if kind == K.T_WORKSHOP or kind == K.T_BUSINESS:
                st.options[n] = g
                n += 1
    if n == 0:
        return
    g = st.options[decide(R, C, st, q, K.D_ANGRY, n)]
    r, c = st.gnome[q, g, S.GN_ROW], st.gnome[q, g, S.GN_COL]
    if st.kind[q, r, c] == K.T_WORKSHOP:
        st.flag[q, r, c] = 0
    ev(st, K.EV_ANGRY, q, g, r * K.GRID + c, 0)
    go_home(R, st, q, g)


@njit
def reveal(R, C, st, p):
    """Phase 1 (GV-T02): flip the top Forest card onto the discard pile and resolve it. An
    empty deck is made again from the discard pile (GV-S08), or, without reshuffling, reveals
    nothing."""
    if st.sc[S.S_FOREST_N] == 0:
        if R.k[T.K_RESHUFFLE] == 0 or st.sc[S.S_DISCARD_N] == 0:
            ev(st, K.EV_NO_CARD, p, 0, 0, 0)
            return
        n = st.sc[S.S_DISCARD_N]
        for i in range(n):
            st.forest[i] = st.discard[i]
        shuffle(st.forest, n, st.rng, K.STREAM_SHUFFLE)
        st.sc[S.S_FOREST_N] = n
        st.sc[S.S_DISCARD_N] = 0
        ev(st, K.EV_RESHUFFLE, p, n, 0, 0)
    st.sc[S.S_FOREST_N] -= 1
    card = st.forest[st.sc[S.S_FOREST_N]]
    st.discard[st.sc[S.S_DISCARD_N]] = card
    st.sc[S.S_DISCARD_N] += 1
    resolve_card(R, C, st, p, card)


@njit
def resolve_card(R, C, st, p, card):
    """Resolve Forest card `card` (a row of Rules.forest) for player p (GV-F01..F09)."""
    kind = R.forest[card, T.FC_KIND]
    ev(st, K.EV_CARD, p, card, R.forest[card, T.FC_COINS], 0)
    players = st.sc[S.S_PLAYERS]
    if kind == K.F_ACTIVATE:
        activate_card(R, C, st, p, R.forest[card, T.FC_ICONS], False)
        if R.forest[card, T.FC_GROUP]:                  # GV-F02: the others in seat order
            optional = R.k[T.K_GROUP_ACTIVATE] == K.GROUP_OPTIONAL
            for k in range(1, players):
                activate_card(R, C, st, (p + k) % players, R.forest[card, T.FC_ICONS], optional)
    elif kind == K.F_REMOVAL:
        removal(R, C, st, p)
    elif kind == K.F_ROADS:
        draw_road(R, C, st, p)
    elif kind == K.F_ANGRY:
        for k in range(players):                        # every player, from p in seat order
            angry(R, C, st, (p + k) % players)
    gain(st, p, R.forest[card, T.FC_COINS])             # GV-F03, GV-F07


# ------------------------------------------------------------------ phase 2: earn (GV-T03)
@njit
def earn(R, C, st, p):
    """Phase 2: p earns the printed coins of each business one of its gnomes stands on (GV-T03;
    not a gnome just back on its Airport, GV-A10). Other players' gnomes flown into p's village
    are paid and fly back (GV-A10); p's gnomes in a Prison cost p a coin and come home (GV-X04)."""
    for g in range(K.MAX_GNOMES):
        if st.gnome[p, g, S.GN_STATE] == S.GS_ACTIVE and st.gnome[p, g, S.GN_HOST] == p:
            r, c = st.gnome[p, g, S.GN_ROW], st.gnome[p, g, S.GN_COL]
            if st.kind[p, r, c] == K.T_BUSINESS and st.gnome[p, g, S.GN_NOEARN] == 0:
                b = st.arg[p, r, c]
                got = gain(st, p, R.biz[b, T.BZ_EARN])
                ev(st, K.EV_EARN, p, got, b, 0)
        st.gnome[p, g, S.GN_NOEARN] = 0
    for q in range(st.sc[S.S_PLAYERS]):
        if q == p:
            continue
        for g in range(K.MAX_GNOMES):
            if st.gnome[q, g, S.GN_STATE] == S.GS_ACTIVE and st.gnome[q, g, S.GN_HOST] == p:
                r, c = st.gnome[q, g, S.GN_ROW], st.gnome[q, g, S.GN_COL]
                if st.kind[p, r, c] == K.T_WORKSHOP:
                    w = st.arg[p, r, c]
                    given = give_token(st, q, w)
                    ev(st, K.EV_VISIT_PAY, q, p, 1 + w, given)
                else:
                    got = gain(st, q, 1)
                    ev(st, K.EV_VISIT_PAY, q, p, 0, got)
                fly_back(R, st, q, g)
        for g in range(K.MAX_GNOMES):
            if st.gnome[p, g, S.GN_STATE] == S.GS_PRISON and st.gnome[p, g, S.GN_HOST] == q:
                got = take_from(st, p, q, 1)
                ev(st, K.EV_PRISON_PAY, q, p, got, 0)
                go_home(R, st, p, g)


@njit
def fly_back(R, st, q, g):
    """Player q's gnome g flies back to the Airport it left (GV-A10), earning nothing at q's
    next Earn; home instead if that Airport was removed meanwhile or another gnome of q took it."""
    f = st.gnome[q, g, S.GN_FROM]
    r, c = f // K.GRID, f % K.GRID
    if st.kind[q, r, c] == K.T_BUSINESS and R.biz[st.arg[q, r, c], T.BZ_ACTION] == K.A_AIRPORT \
            and on_gnome(st, q, r, c) < 0:
        st.gnome[q, g, S.GN_HOST] = q
        st.gnome[q, g, S.GN_ROW] = r
        st.gnome[q, g, S.GN_COL] = c
        st.gnome[q, g, S.GN_NOEARN] = 1
        ev(st, K.EV_HOME, st.sc[S.S_CUR], q, g, f)
    else:
        go_home(R, st, q, g)


# ------------------------------------------------------------------ phase 3: work and buy
@njit
def action_cost(R, st, p, w):
    """Coins p pays for workshop type w's action (GV-W03, GV-W07, GV-C04): none with an active
    tile or a token, else the substitute's 3."""
    if find_workshop(st, p, w, 1) >= 0 or st.prod[p, w] > 0:
        return 0
    return R.k[T.K_COST_SUBSTITUTE]


@njit
def house_cost(R, st, p):
    """Coins p pays for a house (GV-W04, GV-C04): the Painter's and the Carpenter's actions,
    -1 if no payment makes one: with the knob house-substitute=one, coins stand in for one of
    the two at most (rb L199's example)."""
    painter, carpenter = action_cost(R, st, p, K.W_PAINTER), action_cost(R, st, p, K.W_CARPENTER)
    if R.k[T.K_HOUSE_SUBSTITUTE] == K.HOUSE_SUB_ONE and painter > 0 and carpenter > 0:
        return -1
    return painter + carpenter


@njit
def use_workshop(R, st, p, w):
    """Perform workshop type w's action for p: deactivate an active tile (GV-W03), else spend a
    token back to the supply (GV-W07), else pay 3 coins (GV-C04). Returns consts.PAY_*."""
    cell = find_workshop(st, p, w, 1)
    if cell >= 0:
        st.flag[p, cell // K.GRID, cell % K.GRID] = 0
        return K.PAY_TILE
    if st.prod[p, w] > 0:
        st.prod[p, w] -= 1
        st.psupply[w] += 1
        return K.PAY_TOKEN
    pay(st, p, R.k[T.K_COST_SUBSTITUTE])
    return K.PAY_COINS


@njit
def list_buys(R, st, p):
    """The Work & Buy options of p (consts.BUY_*), END last; returns how many."""
    coins = st.pl[p, S.P_COINS]
    n = 0
    # a House and a Workshop go on the same cells (GV-V02), a Business on some of them (GV-V05):
    # whether there is one is asked once (-1 until asked)
    room = -1
    if count_kind(st, p, K.T_HOUSE) < R.k[T.K_MAX_HOUSES] and st.sc[S.S_HOUSES] > 0 \
            and 0 <= house_cost(R, st, p) <= coins:
        room = 1 if can_place(R, st, p, K.T_HOUSE) else 0
        if room:                                                            # GV-W04, GV-T05, GV-C06
            st.options[n] = K.BUY_HOUSE * K.BUY_ARG
            n += 1
    if st.pl[p, S.P_PLACED] < st.sc[S.S_END_AT] and st.sc[S.S_GNOME_BOX] > 0 \
            and count_lights(st, p, 0) > 0 and action_cost(R, st, p, K.W_SCHOOL) <= coins:   # GV-G01, GV-G02
        st.options[n] = K.BUY_GNOME * K.BUY_ARG
        n += 1
    if st.sc[S.S_ROAD_N] > 0 and action_cost(R, st, p, K.W_GARDENER) <= coins:          # GV-W06, GV-C02
        st.options[n] = K.BUY_ROAD * K.BUY_ARG
        n += 1
    if R.k[T.K_COST_BUSINESS] <= coins and room != 0 and can_place(R, st, p, K.T_BUSINESS):   # GV-C01
        for s in range(R.k[T.K_FACE_UP]):
            if st.faceup[s] >= 0:
                st.options[n] = K.BUY_BUSINESS * K.BUY_ARG + s
                n += 1
    if R.k[T.K_COST_WORKSHOP] <= coins:                                                 # GV-W08
        if room < 0:
            room = 1 if can_place(R, st, p, K.T_WORKSHOP) else 0
        if room:
            for w in range(K.N_WORKSHOPS):
                if st.wsupply[w] > 0:
                    st.options[n] = K.BUY_WORKSHOP * K.BUY_ARG + w
                    n += 1
    if R.k[T.K_COST_PRODUCT] <= coins:                                                  # GV-C05
        for w in range(K.N_WORKSHOPS):
            if st.psupply[w] > 0:
                st.options[n] = K.BUY_PRODUCT * K.BUY_ARG + w
                n += 1
    st.options[n] = K.BUY_END * K.BUY_ARG
    return n + 1


@njit
def buy(R, C, st, p, o):
    """Carry out Work & Buy option `o` (consts.BUY_*) for p."""
    what, a = o // K.BUY_ARG, o % K.BUY_ARG
    before = st.pl[p, S.P_COINS]
    if what == K.BUY_HOUSE:                                 # GV-W04: Painter + Carpenter
        use_workshop(R, st, p, K.W_PAINTER)
        use_workshop(R, st, p, K.W_CARPENTER)
        st.sc[S.S_HOUSES] -= 1
        ev(st, K.EV_BUY, p, o, before - st.pl[p, S.P_COINS], 0)
        place_new_building(R, C, st, p, K.T_HOUSE, 0, 0)  # GV-G05: Lights Off
    elif what == K.BUY_GNOME:                               # GV-W05, GV-G02, GV-G03
        use_workshop(R, st, p, K.W_SCHOOL)
        ev(st, K.EV_BUY, p, o, before - st.pl[p, S.P_COINS], 0)
        place_gnome(st, p)
    elif what == K.BUY_ROAD:                                # GV-W06, GV-C02
        use_workshop(R, st, p, K.W_GARDENER)
        ev(st, K.EV_BUY, p, o, before - st.pl[p, S.P_COINS], 0)
        draw_road(R, C, st, p)
    elif what == K.BUY_BUSINESS:                            # GV-C01: then the slot is refilled
        pay(st, p, R.k[T.K_COST_BUSINESS])
        b = st.faceup[a]
        st.faceup[a] = -1
        if st.sc[S.S_BIZ_N] > 0:
            st.sc[S.S_BIZ_N] -= 1
            st.faceup[a] = st.bizs[st.sc[S.S_BIZ_N]]
        ev(st, K.EV_BUY, p, o, R.k[T.K_COST_BUSINESS], b)
        place_new_building(R, C, st, p, K.T_BUSINESS, b, 0)
    elif what == K.BUY_WORKSHOP:                            # GV-W08: placed inactive
        pay(st, p, R.k[T.K_COST_WORKSHOP])
        st.wsupply[a] -= 1
        ev(st, K.EV_BUY, p, o, R.k[T.K_COST_WORKSHOP], 0)
        place_new_building(R, C, st, p, K.T_WORKSHOP, a, 0)
    elif what == K.BUY_PRODUCT:                             # GV-C05
        pay(st, p, R.k[T.K_COST_PRODUCT])
        st.psupply[a] -= 1
        st.prod[p, a] += 1
        ev(st, K.EV_BUY, p, o, R.k[T.K_COST_PRODUCT], 0)


@njit
def place_gnome(st, p):
    """A new gnome for p (GV-G03, GV-G04): on the first Lights Off house (reading order,
    assumed), which turns Lights On; it lies resting until p's next Move phase."""
    cell = first_house(st, p, 0)
    r, c = cell // K.GRID, cell % K.GRID
    st.arg[p, r, c] = 1
    for g in range(K.MAX_GNOMES):
        if st.gnome[p, g, S.GN_STATE] == S.GS_NONE:
            st.gnome[p, g, S.GN_STATE] = S.GS_RESTING
            st.gnome[p, g, S.GN_HOST] = p
            st.gnome[p, g, S.GN_ROW] = r
            st.gnome[p, g, S.GN_COL] = c
            st.gnome[p, g, S.GN_HOME] = cell
            st.gnome[p, g, S.GN_BORN] = st.pl[p, S.P_TURNS]
            st.gnome[p, g, S.GN_NOEARN] = 0
            st.pl[p, S.P_PLACED] += 1
            st.sc[S.S_GNOME_BOX] -= 1
            ev(st, K.EV_NEW_GNOME, p, g, cell, 0)
            return


MAX_BUYS = 64   # a safety net: every option but END uses coins, a token, a tile or an active workshop


@njit
def work_and_buy(R, C, st, p):
    """Phase 3 (GV-T04): work the workshops and buy, one option at a time, until p ends it;
    then note whether p spent all its coins (GV-A07's knob advisor=work-buy reads it)."""
    for _ in range(MAX_BUYS):
        n = list_buys(R, st, p)
        o = st.options[decide(R, C, st, p, K.D_BUY, n)]
        if o == K.BUY_END * K.BUY_ARG:
            break
        buy(R, C, st, p, o)
    st.pl[p, S.P_BROKE] = 1 if st.pl[p, S.P_COINS] == 0 and st.pl[p, S.P_SPENT] > 0 else 0


# ------------------------------------------------------------------ phase 4: move (GV-T06)
@njit
def move_phase(R, C, st, p):
    """Phase 4: gnomes placed before this turn stand up (GV-G04); each standing gnome of p in
    its village may move to a Workshop or Business it can reach (GV-M..), activating an
    inactive Workshop (GV-W01) or performing a Business's action (GV-B05)."""
    t = st.pl[p, S.P_TURNS]
    for g in range(K.MAX_GNOMES):
        if st.gnome[p, g, S.GN_STATE] == S.GS_RESTING and st.gnome[p, g, S.GN_BORN] < t:
            st.gnome[p, g, S.GN_STATE] = S.GS_ACTIVE
    move_gnomes(R, C, st, p, 0)


@njit
def move_gnomes(R, C, st, p, g0):
    """The Move phase's moves from gnome g0 on: each standing gnome of p in its village chooses
    where to go (a playout resumes the phase at the gnome it is deciding for)."""
    for g in range(g0, K.MAX_GNOMES):
        if st.gnome[p, g, S.GN_STATE] != S.GS_ACTIVE or st.gnome[p, g, S.GN_HOST] != p:
            continue
        n = move_targets(R, st, p, g)
        st.options[n] = K.STAY
        st.sc[S.S_MOVING] = g
        move_to(R, C, st, p, g, st.options[decide(R, C, st, p, K.D_MOVE, n + 1)])


@njit
def move_to(R, C, st, p, g, o):
    """Gnome g of p ends its move on cell o (or stays, K.STAY): on a Business it may use, it
    performs the action (GV-B05); moving onto an inactive Workshop activates it (GV-W01)."""
    if o == K.STAY:
        return
    r, c = o // K.GRID, o % K.GRID
    frm = st.gnome[p, g, S.GN_ROW] * K.GRID + st.gnome[p, g, S.GN_COL]
    move_gnome(st, p, g, r, c)
    ev(st, K.EV_MOVE, p, g, frm, o)
    if st.kind[p, r, c] == K.T_BUSINESS and can_use(st, p, p, r, c):
        perform(R, C, st, p, p, r, c, g)


# ------------------------------------------------------------------ a turn, a game (GV-T01, GV-E..)
@njit
def play_turn(R, C, st, p):
    """One turn of player p: its gnomes held on a Chapel come home (GV-A02), then the four
    phases (GV-T01); the Financial Advisor pays at the end (GV-A07); a fifth gnome ends the
    game at the end of the round (GV-E01)."""
    st.sc[S.S_CUR] = p
    st.pl[p, S.P_TURNS] += 1
    st.pl[p, S.P_SPENT] = 0
    st.pl[p, S.P_ADVISOR] = 0
    st.pl[p, S.P_BROKE] = 0
    ev(st, K.EV_TURN, p, st.pl[p, S.P_COINS], 0, 0)
    for g in range(K.MAX_GNOMES):
        if st.gnome[p, g, S.GN_STATE] == S.GS_DATE:
            go_home(R, st, p, g)
    reveal(R, C, st, p)
    earn(R, C, st, p)
    work_and_buy(R, C, st, p)
    move_phase(R, C, st, p)
    end_of_turn(R, st, p)


@njit
def end_of_turn(R, st, p):
    """The Financial Advisor pays 1 coin to a player who spent all its coins this turn (GV-A07:
    0 coins left, at least 1 spent; knob advisor=work-buy: 0 coins left at the end of the Work
    & Buy phase, at least 1 spent); a player with the last gnome placed ends the game at the
    end of the round (GV-E01)."""
    if R.k[T.K_ADVISOR] == K.ADVISOR_WORK_BUY:
        spent_all = st.pl[p, S.P_BROKE] == 1
    else:
        spent_all = st.pl[p, S.P_COINS] == 0 and st.pl[p, S.P_SPENT] > 0
    if st.pl[p, S.P_ADVISOR] and spent_all:
        got = gain(st, p, 1)
        ev(st, K.EV_ADVISOR, p, got, 0, 0)
    if st.pl[p, S.P_PLACED] >= st.sc[S.S_END_AT]:
        st.sc[S.S_END] = 1


@njit
def next_turn(R, C, st):
    """Play the next turn (seat order from the first player, GV-S09); after the round's last
    turn, end the game if a player has placed the last gnome (GV-E01: the round is completed)
    or the round cap is reached (GV-E04), and score it. Returns True once the game is over."""
    players = st.sc[S.S_PLAYERS]
    p = st.sc[S.S_TURN] % players
    if p == 0:
        st.sc[S.S_ROUND] += 1
    play_turn(R, C, st, p)
    st.sc[S.S_TURN] += 1
    if p < players - 1:
        return False
    ev(st, K.EV_ROUND_END, -1, st.sc[S.S_END], 0, 0)
    if not st.sc[S.S_END] and st.sc[S.S_ROUND] < R.k[T.K_MAX_ROUNDS]:
        return False
    st.sc[S.S_CUT] = 1 - st.sc[S.S_END]
    finish(R, st)
    return True


@njit
def play_game(R, C, st):
    """Turns until the game is over, then the scoring."""
    while not next_turn(R, C, st):
        pass


@njit
def finish(R, st):
    """Score every player (GV-E02); the most points wins, a tie goes to the most tiles, a tie on
    both is shared (GV-E03). The outcome is the focal seat's."""
    players = st.sc[S.S_PLAYERS]
    best_pts = -1
    best_tiles = -1
    for p in range(players):
        st.pl[p, S.P_POINTS] = score(R, st, p)
        st.pl[p, S.P_TILES] = count_tiles(st, p)
        ev(st, K.EV_SCORE, p, st.pl[p, S.P_POINTS], st.pl[p, S.P_TILES], st.pl[p, S.P_COINS])
        if st.pl[p, S.P_POINTS] > best_pts:
            best_pts = st.pl[p, S.P_POINTS]
    for p in range(players):
        if st.pl[p, S.P_POINTS] == best_pts and st.pl[p, S.P_TILES] > best_tiles:
            best_tiles = st.pl[p, S.P_TILES]
    winners = 0
    winner = -1
    for p in range(players):
        if st.pl[p, S.P_POINTS] == best_pts and st.pl[p, S.P_TILES] == best_tiles:
            winners += 1
            winner = p
    st.sc[S.S_WINNER] = winner if winners == 1 else -1
    f = st.sc[S.S_FOCAL]
    if st.pl[f, S.P_POINTS] == best_pts and st.pl[f, S.P_TILES] == best_tiles:
        st.sc[S.S_OUTCOME] = K.WIN if winners == 1 else K.TIE
        st.sc[S.S_LOSS] = K.LOSS_NONE
    else:
        st.sc[S.S_OUTCOME] = K.LOSS
        st.sc[S.S_LOSS] = K.LOSS_TIEBREAK if st.pl[f, S.P_POINTS] == best_pts else K.LOSS_OUTSCORED
    ev(st, K.EV_END, f, st.sc[S.S_OUTCOME], st.sc[S.S_WINNER], st.sc[S.S_CUT])
