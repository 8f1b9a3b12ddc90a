"""A player's turn, the round, and the end of the round (HV-T01..T09, HV-E01..E05)."""
from ....jit import njit
from .. import consts as K
from .. import state as S
from .. import tables as T
from .cards import draw_from_deck, push, refill_hand, take_from_hand
from .core import check_progress, log, log_ability, move_azrael
from .decide import decide, plan_turn
from .effects import bonus_actions, instant
from .gargamel import reveal_gargamel
from .locations import place_meeple
from .query import enumerate_placements, inv_slot, inv_sum


@njit
def play_card(R, C, st, p):
    """HV-T02: play a card from the hand; with an empty hand, the top card of the Smurf deck.
    Its ability always triggers: instant effects now, the rest for this turn (HV-T08)."""
    n = st.hand_n[p]
    if n == 0:
        card = draw_from_deck(st)
        st.sc[S.S_PLAYED] = card
        log(st, K.EV_PLAY, card, 1, 0)
    else:
        # HV-N01: a card that forbids crafted inventions "during this turn" cannot be played
        # once one was used or acted this turn (unless every card in the hand forbids them:
        # then the team was bound from the turn's start, see bind_turn)
        k = 0
        for s in range(n):
            if not (st.sc[S.S_INV_BEFORE_CARD]
                    and R.smurf_op[st.hand[p, s], K.OP_NO_INVENTIONS, K.OPV_ON]):
                st.options[k] = s
                k += 1
        if k == 0:
            for s in range(n):
                st.options[s] = s
            k = n
        card = take_from_hand(st, p, st.options[decide(R, C, st, K.D_PLAY_CARD, k)])
        st.sc[S.S_PLAYED] = card
        log(st, K.EV_PLAY, card, 0, 0)
    if card < 0:
        return
    if R.smurf_op[card, K.OP_NO_INVENTIONS, K.OPV_ON]:
        st.sc[S.S_NO_INV] = 1
        log_ability(st, K.FROM_SMURF, card, K.OP_NO_INVENTIONS)
    instant(R, C, st, R.smurf_op, card, 0, p)


@njit(inline="always")   # typed into its caller: one compiled copy fewer
def place_step(R, C, st, p):
    """HV-T03: one meeple from the esplanade to a legal space. If the data leave no legal space
    at all, the meeple sits out the round (idle) so the round still ends. If the esplanade
    emptied during the turn (a Cracoucass attack from a card's roll), there is nothing to place."""
    if st.sc[S.S_ESPLANADE] == 0:
        log(st, K.EV_NO_PLACEMENT, 0, 1, 0)
        return
    k = enumerate_placements(R, st)
    if k == 0:
        st.sc[S.S_ESPLANADE] -= 1
        st.sc[S.S_IDLE] += 1
        log(st, K.EV_NO_PLACEMENT, st.sc[S.S_IDLE], 0, 0)
        return
    a = st.options[decide(R, C, st, K.D_PLACE, k)]
    place_meeple(R, C, st, a, p)


@njit
def end_turn(R, C, st, p):
    """HV-T05: discard the played card; only with an empty hand draw up to the hand size."""
    card = st.sc[S.S_PLAYED]
    if card >= 0:
        push(st, S.P_DISCARD, card)
        log(st, K.EV_DISCARD, card, p, K.DISCARD_END_OF_TURN)
        st.sc[S.S_PLAYED] = -1
    st.sc[S.S_NO_INV] = 0
    refill_hand(C, st, p)


@njit
def bind_turn(R, st, p):
    """A turn's start: no invention used yet; if every card in player p's hand forbids crafted
    inventions during the turn (Beta Smurf, HV-N01), the team is bound from now on: none can
    be used or act in the bonus window before the card either. (With an empty hand the card
    is drawn blind at step 1: nothing binds the team before it.)"""
    st.sc[S.S_INV_BEFORE_CARD] = 0
    n = st.hand_n[p]
    bound = n > 0
    for s in range(n):
        if not R.smurf_op[st.hand[p, s], K.OP_NO_INVENTIONS, K.OPV_ON]:
            bound = False
    st.sc[S.S_NO_INV] = 1 if bound else 0


@njit
def play_turn(R, C, st, p):
    """The four steps of a turn. Bonus actions (HV-T07: craft, use an invention) are offered
    before the card is played, before the placement and after the action."""
    st.sc[S.S_CUR] = p
    st.sc[S.S_TURN] += 1
    st.inv_used[:] = 0
    bind_turn(R, st, p)
    log(st, K.EV_TURN, st.sc[S.S_ESPLANADE], 0, 0)
    bonus_actions(R, C, st, p)
    if st.sc[S.S_OUTCOME] != K.RUNNING:
        return
    play_card(R, C, st, p)
    if st.sc[S.S_OUTCOME] != K.RUNNING:
        return
    bonus_actions(R, C, st, p)
    if st.sc[S.S_OUTCOME] != K.RUNNING:
        return
    place_step(R, C, st, p)
    if st.sc[S.S_OUTCOME] != K.RUNNING:
        return
    bonus_actions(R, C, st, p)
    if st.sc[S.S_OUTCOME] != K.RUNNING:
        return
    end_turn(R, C, st, p)
    check_progress(R, st)


@njit
def return_meeples(C, st):
    """HV-E01: meeples on actions, on inventions (HV-I04) and idle ones go back to the
    esplanade; the nest's too, unless the Hungry Cracoucass keeps them (HV-D02)."""
    back = st.sc[S.S_IDLE] + st.sc[S.S_INV_ORPHANS]
    st.sc[S.S_INV_ORPHANS] = 0
    for i in range(st.inv_n[S.I_CRAFTED]):
        if st.inv_occ[i]:
            back += 1
            st.inv_occ[i] = 0
    for a in range(K.N_ACTIONS):
        for s in range(K.MAX_SPACES):
            if st.occ[a, s] >= 0:
                back += 1
                st.occ[a, s] = -1
    st.sc[S.S_IDLE] = 0
    if not C.hungry:
        back += st.sc[S.S_NEST]
        st.sc[S.S_NEST] = 0
    st.sc[S.S_ESPLANADE] += back
    log(st, K.EV_RETURN, st.sc[S.S_ESPLANADE], st.sc[S.S_NEST], 0)


@njit
def end_of_round(R, C, st):
    """HV-E01..E04: return the meeples, reveal Gargamel, move Azrael, pass the marker. The
    rulebook orders the first two steps two ways (setup.toml `end_of_round`): "End of the
    Round" returns the meeples first (the default); "Game Round" reveals Gargamel's card first
    and sends the Smurfs back only "if the game is not over"."""
    gargamel_first = R.setup[T.SU_GARGAMEL_FIRST] != 0
    if not gargamel_first:
        return_meeples(C, st)
    card = reveal_gargamel(R, C, st)
    if st.sc[S.S_OUTCOME] != K.RUNNING:
        return
    if gargamel_first:
        return_meeples(C, st)
    steps = R.garg[card, T.G_AZRAEL]
    slow = inv_sum(R, st, K.OP_AZRAEL_SLOW)
    if slow > 0 and steps > 0:
        log_ability(st, K.FROM_INVENTION, st.inv[S.I_CRAFTED, inv_slot(R, st, K.OP_AZRAEL_SLOW)], K.OP_AZRAEL_SLOW)
        steps = steps - slow if steps > slow else 0
    move_azrael(st, steps)
    st.sc[S.S_FIRST] = (st.sc[S.S_FIRST] + 1) % C.players
    log(st, K.EV_FIRST_PLAYER, st.sc[S.S_FIRST], 0, 0)
    st.sc[S.S_BUILDS_ROUND] = 0
    st.sc[S.S_RESCUES_ROUND] = 0


@njit
def begin_round(st):
    """A new round starts with the First Player's turn; returns that player."""
    st.sc[S.S_ROUND] += 1
    p = st.sc[S.S_FIRST]
    st.sc[S.S_CUR] = p
    log(st, K.EV_ROUND, p, st.sc[S.S_ESPLANADE], 0)
    return p


@njit(inline="always")   # typed into its caller: one compiled copy fewer
def finish_round(R, C, st, p):
    """HV-T01/E05: turns clockwise from player p until the esplanade is empty, then the end
    of the round. A strategy that plans whole turns (the rollout) plans each one first."""
    while st.sc[S.S_ESPLANADE] > 0:
        plan_turn(R, C, st, p)
        play_turn(R, C, st, p)
        if st.sc[S.S_OUTCOME] != K.RUNNING:
            return
        p = (p + 1) % C.players
    end_of_round(R, C, st)


@njit(inline="always")   # typed into its caller: one compiled copy fewer
def play_round(R, C, st):
    """HV-T01/E05: turns clockwise from the First Player until the esplanade is empty."""
    finish_round(R, C, st, begin_round(st))
