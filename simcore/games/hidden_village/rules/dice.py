"""Dice: rolling (chance) and applying a face (rules), kept apart so tests can force faces
(HV-Y01, HV-Y02, HV-A01..A04, HV-X01)."""
from ....jit import njit
from ....rng import randint
from .. import consts as K
from .. import state as S
from .. import tables as T
from .cards import cracoucass_attack, smurf_hunt
from .core import check_progress, gain_choice, log, log_ability, lose_choice, move_azrael
from .decide import decide
from .inventions import destroy_invention, discard_crafted, reveal_ideas
from .query import inv_slot, inv_sum


@njit
def roll_die(st, die):
    """A face 0..5 of `die`: the next forced face if a test queued one, else the dice stream."""
    if st.ctl[S.H_FORCED_POS] < st.ctl[S.H_FORCED_N]:
        face = st.forced[st.ctl[S.H_FORCED_POS]]
        st.ctl[S.H_FORCED_POS] += 1
    else:
        face = randint(st.rng, K.STREAM_DICE, K.N_FACES)
    st.sc[S.S_DIE] = die
    st.sc[S.S_FACE] = face
    log(st, K.EV_ROLL, die, face, 0)
    return face


@njit
def apply_result(R, C, st, result, amount, roller):
    if result == K.FACE_AZRAEL:
        move_azrael(st, amount)
    elif result == K.FACE_CRACOUCASS:
        cracoucass_attack(R, C, st, roller)
    elif result == K.FACE_SHORTAGE:
        reduce = inv_sum(R, st, K.OP_SHORTAGE_REDUCE)
        if reduce > 0:
            log_ability(st, K.FROM_INVENTION, st.inv[S.I_CRAFTED, inv_slot(R, st, K.OP_SHORTAGE_REDUCE)],
                        K.OP_SHORTAGE_REDUCE)
        lose_choice(R, C, st, amount - reduce)
    elif result == K.FACE_DESTROY_INVENTION:
        destroy_invention(R, C, st)
    elif result == K.FACE_SMURF_HUNT:
        smurf_hunt(R, C, st, roller)
    elif result == K.FACE_FIND:
        gain_choice(R, C, st)
    elif result == K.FACE_BRIGHT_IDEA:
        reveal_ideas(st, 1)


@njit
def apply_face(R, C, st, die, face, roller):
    """Resolve every result printed on `face` of `die`, the roller choosing where asked, then
    check progress (a blank face changes nothing: nothing to check)."""
    blank = True
    for k in range(K.MAX_FACE_RESULTS):
        result = R.die[die, face, k, 0]
        if result != K.FACE_NOTHING:
            apply_result(R, C, st, result, R.die[die, face, k, 1], roller)
            blank = False
    if not blank:
        check_progress(R, st)


@njit
def ignore_danger(R, C, st):
    """HV-N12: after a danger-die roll (white or red, never the Azrael die) the team may ignore
    the result with Disguise (durable, once per turn) or Lucky Charm (single use). Returns
    True if the result is ignored."""
    if st.sc[S.S_NO_INV]:
        return False
    k = 1
    st.options[0] = -1
    for i in range(st.inv_n[S.I_CRAFTED]):
        card = st.inv[S.I_CRAFTED, i]
        if R.inv_op[card, K.OP_IGNORE_DANGER, K.OPV_ON] and not st.inv_used[card]:
            st.options[k] = i
            k += 1
    if k == 1:
        return False
    slot = st.options[decide(R, C, st, K.D_IGNORE_DANGER, k)]
    if slot < 0:
        return False
    card = st.inv[S.I_CRAFTED, slot]
    st.sc[S.S_N_INV_USED] += 1
    log_ability(st, K.FROM_INVENTION, card, K.OP_IGNORE_DANGER)
    if R.inv[card, T.INV_TYPE] == K.INV_SINGLE_USE:
        discard_crafted(R, C, st, slot, K.INV_OUT_SPENT)
    else:
        st.inv_used[card] = 1
    return True


@njit
def roll_and_apply(R, C, st, die, roller):
    face = roll_die(st, die)
    if die != K.DIE_AZRAEL and ignore_danger(R, C, st):
        return
    apply_face(R, C, st, die, face, roller)
