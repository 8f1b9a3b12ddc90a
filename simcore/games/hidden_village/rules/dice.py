"""Dice: rolling (chance) and applying a face (rules), kept apart so tests can force faces
(HV-Y01, HV-Y02, HV-A01..A04, HV-X01)."""
from ....jit import njit
from ....rng import randint
from .. import consts as K
from .. import state as S
from .cards import cracoucass_attack, smurf_hunt
from .core import check_progress, gain_choice, log, lose_choice, move_azrael
from .inventions import destroy_invention, reveal_ideas


@njit
def roll_die(C, st, die):
    """A face 0..5 of `die`: the next forced face if a test queued one, else the dice stream."""
    if st.sc[S.S_FORCED_POS] < st.sc[S.S_FORCED_N]:
        face = st.forced[st.sc[S.S_FORCED_POS]]
        st.sc[S.S_FORCED_POS] += 1
    else:
        face = randint(st.rng, K.STREAM_DICE, K.N_FACES)
    log(C, st, K.EV_ROLL, die, face, 0)
    return face


@njit
def apply_result(R, C, st, result, amount, roller, sid, params):
    if result == K.FACE_AZRAEL:
        move_azrael(C, st, amount)
    elif result == K.FACE_CRACOUCASS:
        cracoucass_attack(R, C, st, roller, sid, params)
    elif result == K.FACE_SHORTAGE:
        lose_choice(R, C, st, amount, sid, params)
    elif result == K.FACE_DESTROY_INVENTION:
        destroy_invention(R, C, st, sid, params)
    elif result == K.FACE_SMURF_HUNT:
        smurf_hunt(R, C, st, roller, sid, params)
    elif result == K.FACE_FIND:
        gain_choice(R, C, st, sid, params)
    elif result == K.FACE_BRIGHT_IDEA:
        reveal_ideas(C, st, 1)


@njit
def apply_face(R, C, st, die, face, roller, sid, params):
    """Resolve every result printed on `face` of `die`, the roller choosing where asked."""
    for k in range(K.MAX_FACE_RESULTS):
        result = R.die[die, face, k, 0]
        if result != K.FACE_NOTHING:
            apply_result(R, C, st, result, R.die[die, face, k, 1], roller, sid, params)
    check_progress(R, C, st)


@njit
def roll_and_apply(R, C, st, die, roller, sid, params):
    apply_face(R, C, st, die, roll_die(C, st, die), roller, sid, params)
