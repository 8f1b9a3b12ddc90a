"""The `greedy` strategy of Gnome Village: every option scored by its immediate value in points
(a coin kept is worth params[0] points, GV-E02), the best taken.

params[1], `plan`, and params[2], `plan_until`, make it a plan (the named plans are in
__init__.py): > 0 (workshop-first) the workshop the plan wants next (the first type of
PLAN_WORKSHOPS the village lacks) is worth `plan` points more, until the village holds
`plan_until` workshops; < 0 (business-first) a business is worth `-plan` points more, until the
village holds `plan_until` businesses. Then it plays plain greedy. 0 (the default): no lean, plain
greedy's games.

Why it is built so (3 players, the focal seat against greedy rivals; plain greedy wins 33.1%):
the first version leaned `plan` points towards every workshop and as many away from businesses
over the player's first 6 turns; as workshop-first (plan 2) it won 1.7% of 10 000 games, and
ended them (4 000 games) with 0.7 coins on average against greedy's 12.0, 17.8 points against
25.6. Capped at 1 to 3 workshops but still taking points off businesses: 8-13%. A player who
says "workshops first" buys the workshops they mean to use and then plays on; measured: docs/gnome-village.md,
"Plans".

Importing this module compiles (or loads from the kernel cache) greedy's chooser and binds it to
its id in the rules' chooser table (simcore.linked): only a run that seats greedy pays for it.
"""
from simcore.games.gnome_village import consts as K
from simcore.games.gnome_village import state as S
from simcore.games.gnome_village import tables as T
from simcore.games.gnome_village.config import as_config
from strategies.gnome_village.ids import GREEDY
from simcore.games.gnome_village.core import count_kind, count_lights, find_workshop, score
from simcore.games.gnome_village.decide import CHOOSERS
from simcore.jit import cfunc, njit
from simcore.linked import CHOOSE_SIGNATURE, bind
from simcore.packed import as_record

P_COIN, P_PLAN, P_PLAN_UNTIL = 0, 1, 2     # the parameter vector (config.GREEDY_PARAMS' order)

# What things are worth, in points (GV-E02 scores a coin 1, a workshop 2, a Lights On house 2).
GNOME_VALUE = 6.0         # lights a house (2), earns about a coin a turn on a business, nears the end
HOUSE_VALUE = 5.0         # dark it scores nothing, but the next gnome needs it (GV-G01): the way
                          # to the fifth gnome that ends the game (measured: at 1.5 greedy bought
                          # no house for 6 coins, and 2-player games lasted 60 rounds)
SPARE_HOUSE = 0.3         # a second dark house waits longer for its gnome
WORKSHOP_VALUE = 2.5      # 2 points, and an action when a gnome lights it
BUSINESS_VALUE = 1.0      # a place to earn and act, beside its printed coins and points
ROAD_VALUE = 0.3          # room for later tiles
PRODUCT_VALUE = 0.5       # a workshop action in hand
ACTIVATE_VALUE = 1.2      # a gnome lighting an inactive workshop
SCHOOL_BONUS = 1.0        # the school's action is a gnome
PAIR_BONUS = 0.8          # a painter or carpenter whose partner is active: a house
KEEP_ACTIVE = 0.1         # moving onto an already active workshop
SKIP = 0.0                # passing an optional action
OPPONENT_LEAD = 0.1       # per point an opponent has: aim at the leader
# the order in which workshop-first wants its workshops: the School first (its action is a
# gnome, the purchase greedy values most: GNOME_VALUE 6 against 3 coins without it), then the
# Painter and the Carpenter (together a house without coins), the Gardener (a road) last.
# Measured against the option order (Carpenter first): docs/gnome-village.md, "Plans".
PLAN_WORKSHOPS = (K.W_SCHOOL, K.W_PAINTER, K.W_CARPENTER, K.W_GARDENER)
# what performing an action is worth to the actor, about (the coins it brings, or denies)
ACTION_VALUE = (0.0,      # none (Restaurant, Hat)
                1.5,      # police: a coin from each opponent
                0.6,      # chapel: an opponent's gnome off its business
                1.5,      # theater: a coin and more
                1.5,      # courier: 3 coins for a workshop action
                0.4,      # military: protection
                1.6,      # thief: up to 2 coins
                0.3,      # financial advisor: a coin if all spent
                0.0,      # architect: our villages need no remodel
                0.8,      # doctor: a free workshop action, a token given away
                1.0,      # airport: an action or a token elsewhere, and a coin
                1.5,      # construction site: a free business
                0.8,      # prison: a coin from an opponent
                1.0)      # swimming pool: one more action


@njit
def plan_bonus(st, p, plan, until, kind):
    """What the plan adds now to a tile of `kind` (consts.T_*), in points: |plan| to the kind
    it favours (workshops for plan > 0, businesses for plan < 0) while p's village holds fewer
    than `until` of them; else 0 (and always 0 when plan is 0: greedy's own values)."""
    if plan == 0.0:
        return 0.0
    favoured = K.T_WORKSHOP if plan > 0.0 else K.T_BUSINESS
    if kind != favoured or count_kind(st, p, favoured) >= until:
        return 0.0
    return abs(plan)


@njit
def lacks_workshop(st, p, w):
    """Does p's village hold no workshop of type w, active or not?"""
    return find_workshop(st, p, w, 0) < 0 and find_workshop(st, p, w, 1) < 0


@njit
def wanted_workshop(st, p):
    """The workshop type workshop-first buys next: the first of PLAN_WORKSHOPS that p's
    village lacks (-1 if it holds them all)."""
    for w in PLAN_WORKSHOPS:
        if lacks_workshop(st, p, w):
            return w
    return -1


@njit
def buy_value(R, st, p, o, coin, plan, until):
    """The Work & Buy option o (consts.BUY_*): its value less its price (and, while a plan
    holds, its bonus: plan_bonus)."""
    what, a = o // K.BUY_ARG, o % K.BUY_ARG
    if what == K.BUY_END:
        return 0.0
    if what == K.BUY_HOUSE:
        price = workshop_price(R, st, p, K.W_PAINTER) + workshop_price(R, st, p, K.W_CARPENTER)
        v = HOUSE_VALUE if count_lights(st, p, 0) == 0 else SPARE_HOUSE
        return v - coin * price
    if what == K.BUY_GNOME:
        return GNOME_VALUE - coin * workshop_price(R, st, p, K.W_SCHOOL)
    if what == K.BUY_ROAD:
        return ROAD_VALUE - coin * workshop_price(R, st, p, K.W_GARDENER)
    if what == K.BUY_BUSINESS:
        b = st.faceup[a]
        v = BUSINESS_VALUE + 0.5 * R.biz[b, T.BZ_EARN] + R.biz[b, T.BZ_POINTS] + R.biz[b, T.BZ_HAT]
        return v + plan_bonus(st, p, plan, until, K.T_BUSINESS) - coin * R.k[T.K_COST_BUSINESS]
    if what == K.BUY_WORKSHOP:
        v = WORKSHOP_VALUE
        if plan > 0.0 and a == wanted_workshop(st, p):
            v += plan_bonus(st, p, plan, until, K.T_WORKSHOP)
        return v - coin * R.k[T.K_COST_WORKSHOP]
    return PRODUCT_VALUE - coin * R.k[T.K_COST_PRODUCT]


@njit
def workshop_price(R, st, p, w):
    if find_workshop(st, p, w, 1) >= 0 or st.prod[p, w] > 0:
        return 0
    return R.k[T.K_COST_SUBSTITUTE]


@njit
def tile_value(R, st, p, host, cell):
    """What ending a move on `cell` of host's village is worth to p."""
    r, c = cell // K.GRID, cell % K.GRID
    kind = st.kind[host, r, c]
    if kind == K.T_BUSINESS:
        b = st.arg[host, r, c]
        v = R.biz[b, T.BZ_EARN] + 0.0
        u = st.used[host, r, c]
        t = st.pl[p, S.P_TURNS]
        if host != p or not (u > 0 and (u == t or u == t - 1)):
            v += ACTION_VALUE[R.biz[b, T.BZ_ACTION]]
        return v
    if kind == K.T_WORKSHOP:
        if st.flag[host, r, c] == 1:
            return KEEP_ACTIVE
        w = st.arg[host, r, c]
        v = ACTIVATE_VALUE
        if w == K.W_SCHOOL:
            v += SCHOOL_BONUS
        elif (w == K.W_PAINTER and find_workshop(st, host, K.W_CARPENTER, 1) >= 0) or \
                (w == K.W_CARPENTER and find_workshop(st, host, K.W_PAINTER, 1) >= 0):
            v += PAIR_BONUS
        return v
    return 0.0


@njit
def option_value(R, C, st, p, kind, o, coin, plan, until):
    if kind == K.D_BUY:
        return buy_value(R, st, p, o, coin, plan, until)
    if kind == K.D_MOVE:
        g = st.sc[S.S_MOVING]
        if o == K.STAY:
            here = st.gnome[p, g, S.GN_ROW] * K.GRID + st.gnome[p, g, S.GN_COL]
            if st.kind[p, here // K.GRID, here % K.GRID] == K.T_BUSINESS:
                return R.biz[st.arg[p, here // K.GRID, here % K.GRID], T.BZ_EARN] + 0.0
            return 0.0
        return tile_value(R, st, p, p, o)
    if kind == K.D_ACTIVATE:
        if o == K.ACTION_SKIP:                      # a group card's decline (knob group-activate)
            return SKIP
        v = 1.0
        if o == K.W_SCHOOL:
            v += SCHOOL_BONUS
        elif (o == K.W_PAINTER and find_workshop(st, p, K.W_CARPENTER, 1) >= 0) or \
                (o == K.W_CARPENTER and find_workshop(st, p, K.W_PAINTER, 1) >= 0):
            v += PAIR_BONUS
        return v
    if kind == K.D_REMOVAL:
        q, cell = o // K.N_CELLS, o % K.N_CELLS
        b = st.arg[q, cell // K.GRID, cell % K.GRID]
        return OPPONENT_LEAD * score(R, st, q) + R.biz[b, T.BZ_EARN] + R.biz[b, T.BZ_POINTS] + 2 * R.biz[b, T.BZ_HAT]
    if kind == K.D_ANGRY:
        cell = st.gnome[p, o, S.GN_ROW] * K.GRID + st.gnome[p, o, S.GN_COL]
        return -tile_value(R, st, p, p, cell)
    if kind == K.D_TARGET:
        return target_value(R, st, p, o, coin)
    if kind == K.D_POOL:
        if o == K.ACTION_SKIP:
            return SKIP
        return tile_value(R, st, p, p, o)
    if kind == K.D_ARCHITECT:
        return SKIP if o == K.ACTION_SKIP else -1.0
    if kind == K.D_ROAD:
        cell, q = o // K.N_SIDES, o % K.N_SIDES
        return open_sides(st, p, cell) + 0.0
    if kind == K.D_PLACE or kind == K.D_ARCHITECT_TO:
        return -open_sides(st, p, o) + 0.0          # buildings close ranks: room stays for roads
    return 0.0


@njit
def open_sides(st, p, cell):
    """Empty cells beside `cell`: room a tile there leaves around it."""
    r, c = cell // K.GRID, cell % K.GRID
    n = 0
    for side in range(K.N_SIDES):
        rr, cc = r + K.DROW[side], c + K.DCOL[side]
        if 0 <= rr < K.GRID and 0 <= cc < K.GRID and st.kind[p, rr, cc] == K.T_EMPTY:
            n += 1
    return n


@njit
def target_value(R, st, p, o, coin):
    """A business action's target (consts.D_TARGET's encodings, by st.sc[S_ACTION])."""
    if o == K.ACTION_SKIP:
        return SKIP
    action = st.sc[S.S_ACTION]
    if action == K.A_AIRPORT:
        q, cell = o // K.N_CELLS, o % K.N_CELLS
        return coin + tile_value(R, st, p, q, cell)
    q, x = o // K.TARGET_MUL, o % K.TARGET_MUL
    lead = OPPONENT_LEAD * score(R, st, q)
    if action == K.A_THIEF:
        return coin * min(2, st.pl[q, S.P_COINS]) + lead
    if action == K.A_COURIER:
        return coin * min(3, st.pl[q, S.P_COINS]) - ACTIVATE_VALUE
    if action == K.A_DOCTOR:
        return ACTIVATE_VALUE - PRODUCT_VALUE - lead
    # Chapel, Prison: the gnome of the leader on its best tile
    cell = st.gnome[q, x, S.GN_ROW] * K.GRID + st.gnome[q, x, S.GN_COL]
    return lead + tile_value(R, st, q, q, cell)


@njit
def choose_greedy(R, C, st, kind, n, params):
    return choose_valued(R, C, st, kind, n, params[P_COIN], params[P_PLAN], params[P_PLAN_UNTIL])


@njit
def choose_valued(R, C, st, kind, n, coin, plan, until):
    """The first option of the highest value, with greedy's weights given one by one (what
    lookahead calls for the decisions it leaves to greedy: its own vector is laid out otherwise)."""
    p = st.ctl[S.H_SEAT]
    best = -1e300
    bi = 0
    for i in range(n):
        v = option_value(R, C, st, p, kind, st.options[i], coin, plan, until)
        if v > best:
            best = v
            bi = i
    return bi


@cfunc(CHOOSE_SIGNATURE)
def choose_exported(rules, config, state, kind, n, params):
    """greedy as the rules call it: the records and the parameter vector by address."""
    return choose_greedy(as_record(rules, "GnomeVillageRules"), as_config(config),
                         as_record(state, "GnomeVillageState"), kind, n, params)


bind(CHOOSERS, GREEDY, choose_exported, choose_greedy)
