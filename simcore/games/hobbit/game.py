"""Playing games of the Hobbit deck-builder: set-up (HB-S*, HB-X01), the turn loop, the end
(HB-E*), the result rows, and the Python entry points.

`run_games` plays a chunk of games (a plain range of game indices) and returns one result row
per game; `play_logged` plays one game with the event log on.
"""
from __future__ import annotations


from ...seating import runners
from ...jit import njit
from ...rng import shuffle
from . import consts as K
from . import state as S
from . import tables as T
from .config import GAME_NAME, check_strategy
from .decide import H
from .state import new_state
from .turn import chapter_change, end_turn, main_phase, score, start_turn
from .zones import draw, ev, pile_take, push, spop, spush


# ------------------------------------------------------------------ set-up
@njit
def deal_heroes(R, C, st):
    """HB-S01: the named heroes, the others dealt at random from the pool, rotated by
    hero_shift seats (the same deal, heroes rotated)."""
    players = C.players
    named = (C.hero_0, C.hero_1, C.hero_2, C.hero_3, C.hero_4)
    n = 0
    for h in range(R.hero.shape[0]):
        if C.pool != 0 and R.hero[h, T.HR_SET] != C.pool - 1:
            continue
        taken = False
        for q in range(players):
            if named[q] == h:
                taken = True
        if not taken:
            st.work[n] = h
            n += 1
    shuffle(st.work, n, st.rng, K.STREAM_SETUP)
    k = 0
    for j in range(players):
        q = (j + C.hero_shift) % players
        if named[q] >= 0:
            st.pl[q, S.P_HERO] = named[q]
        else:
            st.pl[q, S.P_HERO] = st.work[k]
            k += 1


@njit
def take_kind(R, st, kind):
    """Take one card of kind from the Valor or Corruption stack, the box or the main deck
    (the decks of the assumed AUJ chapter, HB-X01); -1 if none is left."""
    s = R.card[kind, T.C_SET]
    if s == K.SET_VALOR:
        for i in range(st.sc[S.S_VALOR_N] - 1, -1, -1):
            if st.valor[i] == kind:
                return pile_take(st.valor, st.sc, S.S_VALOR_N, i)
    if s == K.SET_CORRUPTION:
        for i in range(st.sc[S.S_CORR_N] - 1, -1, -1):
            if st.corr[i] == kind:
                return pile_take(st.corr, st.sc, S.S_CORR_N, i)
    for i in range(st.sc[S.S_BOX_N] - 1, -1, -1):
        if st.box[i] == kind:
            return pile_take(st.box, st.sc, S.S_BOX_N, i)
    for i in range(st.sc[S.S_MAIN_N] - 1, -1, -1):
        if st.main[i] == kind:
            return pile_take(st.main, st.sc, S.S_MAIN_N, i)
    return -1


@njit
def loot_onto_stack(R, st, loot_set, keep):
    """`keep` random cards of loot_set from the box onto the archenemy stack (HB-S06, S07)."""
    n = 0
    for i in range(st.sc[S.S_BOX_N]):
        if R.card[st.box[i], T.C_SET] == loot_set:
            st.work[n] = i
            n += 1
    shuffle(st.work, n, st.rng, K.STREAM_SETUP)
    k = min(keep, n)
    # take the chosen box positions, highest first so the others keep their places
    for a in range(k):
        for b in range(a + 1, k):
            if st.work[b] > st.work[a]:
                t = st.work[a]
                st.work[a] = st.work[b]
                st.work[b] = t
    for a in range(k):
        spush(st.arch, st.sc, S.S_ARCH_N, pile_take(st.box, st.sc, S.S_BOX_N, st.work[a]))


@njit
def build_arch_stack(R, st):
    """HB-S05..S07: the AUJ archenemies in story order (The Trolls on top), two random Level 1
    Loot under The Trolls, two random Level 2 Loot and The One Ring under Great Goblin
    (shuffled with them; on top of them or under them with ring_at first / last)."""
    top_order = -1
    for c in range(R.card.shape[0]):
        if R.card[c, T.C_SET] == K.SET_ARCH_AUJ and R.card[c, T.C_ORDER] > top_order:
            top_order = R.card[c, T.C_ORDER]
    for order in range(top_order, -1, -1):
        if order == 1:                               # the One Ring's place: knob one-ring
            n0 = st.sc[S.S_ARCH_N]
            if R.k[T.K_RING_AT] == K.RING_LAST:
                loot_onto_stack(R, st, K.SET_RING, 1)
                n0 = st.sc[S.S_ARCH_N]
            loot_onto_stack(R, st, K.SET_LOOT2, R.k[T.K_LOOT2_UNDER])
            if R.k[T.K_RING_AT] == K.RING_SHUFFLED:
                loot_onto_stack(R, st, K.SET_RING, 1)
            shuffle(st.arch[n0:], st.sc[S.S_ARCH_N] - n0, st.rng, K.STREAM_SETUP)
            if R.k[T.K_RING_AT] == K.RING_FIRST:
                loot_onto_stack(R, st, K.SET_RING, 1)
        elif order == 0:
            loot_onto_stack(R, st, K.SET_LOOT1, R.k[T.K_LOOT1_UNDER])
        for i in range(st.sc[S.S_BOX_N]):
            c = st.box[i]
            if R.card[c, T.C_SET] == K.SET_ARCH_AUJ and R.card[c, T.C_ORDER] == order:
                spush(st.arch, st.sc, S.S_ARCH_N, pile_take(st.box, st.sc, S.S_BOX_N, i))
                break


@njit
def setup_game(R, C, st, game_index):
    """Reset `st` for game `game_index` (its random streams
    seeded: simcore.harness.start_game; HB-S01..S08; HB-X01 for the second chapter alone);
    returns the focal seat."""
    players = C.players
    st.sc[:] = 0
    st.pl[:, :] = 0
    st.zn[:, :] = 0
    st.path[:] = -1
    st.arch_by[:] = 0
    st.pend[:] = 0
    st.tcount[:] = 0
    st.sc[S.S_PLAYERS] = players
    st.sc[S.S_FOCAL] = C.seat if C.seat >= 0 else game_index % players
    st.sc[S.S_MODE] = C.mode
    st.sc[S.S_WINNER] = -1
    deal_heroes(R, C, st)
    dos = C.start == K.START_DOS
    for c in range(R.card.shape[0]):                                 # every card to its zone
        s, cnt = R.card[c, T.C_SET], R.card[c, T.C_COUNT]
        if s == K.SET_START:
            for q in range(K.MAX_PLAYERS):
                for _ in range(cnt):
                    if q < players and not dos:
                        push(st, q, K.Z_DECK, c)                     # HB-S02
                    else:
                        spush(st.box, st.sc, S.S_BOX_N, c)
        else:
            for _ in range(cnt):
                if s == K.SET_VALOR:
                    spush(st.valor, st.sc, S.S_VALOR_N, c)
                elif s == K.SET_CORRUPTION:
                    spush(st.corr, st.sc, S.S_CORR_N, c)
                elif s == K.SET_AUJ:
                    spush(st.main, st.sc, S.S_MAIN_N, c)
                else:
                    spush(st.box, st.sc, S.S_BOX_N, c)
    shuffle(st.main, st.sc[S.S_MAIN_N], st.rng, K.STREAM_SETUP)      # HB-S03
    while st.sc[S.S_MAIN_N] > R.k[T.K_AUJ_DECK]:                     # the auj_deck lever
        spush(st.box, st.sc, S.S_BOX_N, spop(st.main, st.sc, S.S_MAIN_N))
    build_arch_stack(R, st)
    # HB-T07: The Trolls come to the top at set-up: their Group Ambush is due at the end of the
    # first turn (not with group_when not-at-start)
    st.sc[S.S_GROUP_DUE] = 0 if R.k[T.K_GROUP_WHEN] == K.GROUP_NOT_AT_START else 1
    if dos:
        dos_start(R, C, st)
        return st.sc[S.S_FOCAL]
    for q in range(players):
        shuffle(st.z[q, K.Z_DECK], st.zn[q, K.Z_DECK], st.rng, K.STREAM_SETUP)
        draw(st, q, R.k[T.K_HAND])
    for s in range(R.k[T.K_PATH]):                                   # HB-S03, HB-S04
        if st.sc[S.S_MAIN_N] > 0:
            st.path[s] = spop(st.main, st.sc, S.S_MAIN_N)
    return st.sc[S.S_FOCAL]


@njit
def dos_start(R, C, st):
    """HB-X01: each player's deck as the assumed AUJ chapter left it (Rules.dos_deck, random
    AUJ cards up to a cost, Corruptions, a Stash); the last seat defeated Azog, who is in his
    deck (HB-K07); the other AUJ archenemies are removed, their Loot stays boxed; then the
    chapter change, seat 0 taking the first turn."""
    players = C.players
    for q in range(players):
        for c in range(R.card.shape[0]):
            for _ in range(R.dos_deck[c]):
                got = take_kind(R, st, c)
                if got >= 0:
                    push(st, q, K.Z_DECK, got)
        for j in range(R.k[T.K_DOS_RANDOM] + R.k[T.K_DOS_STASH]):
            for i in range(st.sc[S.S_MAIN_N] - 1, -1, -1):
                c = st.main[i]
                if R.card[c, T.C_COST] <= R.k[T.K_DOS_MAX_COST]:
                    pile_take(st.main, st.sc, S.S_MAIN_N, i)
                    push(st, q, K.Z_STASH if j >= R.k[T.K_DOS_RANDOM] else K.Z_DECK, c)
                    break
        for _ in range(R.k[T.K_DOS_CORRUPTION]):
            if st.sc[S.S_CORR_N] > 0:
                push(st, q, K.Z_DECK, spop(st.corr, st.sc, S.S_CORR_N))
                st.pl[q, S.P_CORRUPTIONS] += 1
    azog = players - 1
    while st.sc[S.S_ARCH_N] > 0:
        c = spop(st.arch, st.sc, S.S_ARCH_N)
        if R.card[c, T.C_TYPE] != K.T_ARCHENEMY:
            spush(st.box, st.sc, S.S_BOX_N, c)
        elif st.sc[S.S_ARCH_N] == 0:
            push(st, azog, K.Z_DECK, c)
        else:
            spush(st.removed, st.sc, S.S_REMOVED_N, c)
    for q in range(players):
        shuffle(st.z[q, K.Z_DECK], st.zn[q, K.Z_DECK], st.rng, K.STREAM_SETUP)
        draw(st, q, R.k[T.K_HAND])
    st.sc[S.S_CUR] = azog
    chapter_change(R, C, st, azog)
    st.sc[S.S_CHAPTER_TURN] = 0


# ------------------------------------------------------------------ the game
@njit
def play_game(R, C, st):
    """HB-S08: seat 0 first, play passing left; a turn's start, its hand and its buys (the
    cards drawn while buying played too, HB-T01) and its end; the game ends by Smaug's fall or a Path left unfilled (HB-E01, E02), or the cap."""
    play_turns(R, C, st, 0, -1)
    finish(R, C, st)


@njit
def play_turns(R, C, st, cur, turns):
    """Seat `cur`'s turn and the next seats' (passing left), `turns` turns or (-1) to the end
    of the game: a playout goes on from any state this way. Returns the seat whose turn is
    next."""
    players = st.sc[S.S_PLAYERS]
    t = 0
    while st.sc[S.S_END] == 0 and (turns < 0 or t < turns):
        if cur == 0:
            st.sc[S.S_ROUND] += 1
        st.sc[S.S_TURN] += 1
        st.sc[S.S_CUR] = cur
        start_turn(R, C, st, cur)
        main_phase(R, C, st, cur)
        if st.sc[S.S_END] == 0:
            end_turn(R, C, st, cur)
        cap_turns(R, st)
        cur = (cur + 1) % players
        t += 1
    return cur


@njit
def cap_turns(R, st):
    """HB-E04: the game ends once the turn cap is reached."""
    if st.sc[S.S_END] == 0 and st.sc[S.S_TURN] >= R.k[T.K_MAX_TURNS]:
        st.sc[S.S_END] = K.END_CUT


@njit
def finish(R, C, st):
    """HB-E03, HB-I05, HB-I06: the score of every player and the focal seat's outcome."""
    players = st.sc[S.S_PLAYERS]
    best, n_best, who = -(1 << 30), 0, -1
    for p in range(players):
        vp = score(R, st, p)
        st.pl[p, S.P_VP] = vp
        ev(st, K.EV_SCORE, p, vp, p, st.zn[p, K.Z_STASH])
        if vp > best:
            best, n_best, who = vp, 1, p
        elif vp == best:
            n_best += 1
    f = st.sc[S.S_FOCAL]
    end = st.sc[S.S_END]
    mode = st.sc[S.S_MODE]
    st.sc[S.S_WINNER] = who if n_best == 1 else -1
    if end == K.END_CUT:
        st.sc[S.S_OUTCOME], st.sc[S.S_LOSS], st.sc[S.S_WINNER] = K.LOSS, K.LOSS_CUT, -1
    elif mode == K.MODE_COOP:
        st.sc[S.S_WINNER] = -1
        if end == K.END_SMAUG:
            st.sc[S.S_OUTCOME], st.sc[S.S_LOSS] = K.WIN, K.LOSS_NONE
        else:
            st.sc[S.S_OUTCOME], st.sc[S.S_LOSS] = K.LOSS, K.LOSS_PATH
    elif mode == K.MODE_IMPOSSIBLE and end == K.END_PATH and \
            (R.k[T.K_IMPOSSIBLE_AUJ] != 0 or st.sc[S.S_CHAPTER] == 1):
        # HB-I05: the Company loses; with impossible_auj = 0 (knob impossible-auj=dos-only)
        # only in The Desolation of Smaug, a dry Path in An Unexpected Journey ending on VP
        st.sc[S.S_OUTCOME], st.sc[S.S_LOSS], st.sc[S.S_WINNER] = K.LOSS, K.LOSS_PATH, -1
    elif st.pl[f, S.P_VP] == best:
        st.sc[S.S_OUTCOME] = K.WIN if n_best == 1 else K.TIE
        st.sc[S.S_LOSS] = K.LOSS_NONE
    else:
        st.sc[S.S_OUTCOME], st.sc[S.S_LOSS] = K.LOSS, K.LOSS_OUTSCORED
    ev(st, K.EV_END, f, end, st.sc[S.S_WINNER], 0)


@njit
def record_result(R, C, st, row):
    f = st.sc[S.S_FOCAL]
    players = st.sc[S.S_PLAYERS]
    row[K.R_OUTCOME] = st.sc[S.S_OUTCOME]
    row[K.R_LOSS_REASON] = st.sc[S.S_LOSS]
    row[K.R_SEAT] = f
    row[K.R_PLAYERS] = players
    row[K.R_MODE] = st.sc[S.S_MODE]
    row[K.R_TURNS] = st.sc[S.S_TURN]
    row[K.R_ROUNDS] = st.sc[S.S_ROUND]
    row[K.R_END] = st.sc[S.S_END]
    row[K.R_WINNER] = st.sc[S.S_WINNER]
    row[K.R_VP] = st.pl[f, S.P_VP]
    best = -(1 << 30)
    for p in range(players):
        if p != f and st.pl[p, S.P_VP] > best:
            best = st.pl[p, S.P_VP]
    row[K.R_MARGIN] = st.pl[f, S.P_VP] - best
    row[K.R_SMAUG] = st.sc[S.S_SMAUG_FELL]
    row[K.R_CHAPTER_TURN] = st.sc[S.S_CHAPTER_TURN]
    n = 0
    for z in range(K.N_PLAYER_ZONES):
        n += st.zn[f, z]
    row[K.R_DECK] = n
    row[K.R_STASH] = st.zn[f, K.Z_STASH]
    row[K.R_CORRUPTION] = st.pl[f, S.P_CORRUPTIONS]
    row[K.R_DEFEATS] = st.pl[f, S.P_DEFEATS]
    row[K.R_HERO] = st.pl[f, S.P_HERO]
    for p in range(K.MAX_PLAYERS):
        row[K.R_VP_0 + p] = st.pl[p, S.P_VP] if p < players else -1
        row[K.R_HERO_0 + p] = st.pl[p, S.P_HERO] if p < players else -1


# the harness's chunk loop over this game's set-up, play and result row (simcore.harness)
run_chunk = H.chunk_loop(setup_game, play_game, record_result)
run_games, play_logged = runners(H, run_chunk, game=GAME_NAME, title="the Hobbit deck-builder",
                                 decisions=K.DECISIONS, check_strategy=check_strategy,
                                 new_state=new_state, n_result_fields=K.N_RESULT_FIELDS)
