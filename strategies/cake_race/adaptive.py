"""The `adaptive` strategy: walk the shortest way; leave the cake when one more turn there is
worth less than going home now.

Importing this module compiles (or loads from the kernel cache) its chooser and binds it to its
id in the cake race's chooser table (simcore.linked): only a run that seats it pays for it.
"""
from simcore.games.cake_race import tables as T
from simcore.games.cake_race import consts as K
from simcore.games.cake_race import state as S
from simcore.games.cake_race.config import as_config
from strategies.cake_race.ids import ADAPTIVE
from simcore.games.cake_race.decide import CHOOSERS
from simcore.jit import cfunc, njit
from simcore.linked import CHOOSE_SIGNATURE, bind
from simcore.packed import as_record


@njit
def stay_values(R, st, p, par):
    """(ruled, v_stay, v_leave): what one more turn at the cake and going home now are each
    worth to seat p, in cakes expected home, judged from the cards not yet seen in the deck's
    current pass, the distance home, and how far the best rival is ahead (catch_risk is the
    assumed chance a chase ends in a catch; lead_weight how much being behind pushes to stay).
    `ruled` is True where adaptive leaves by rule, not by value: carrying max_k cakes, or no
    card left to come in the pass (the values are then 0)."""
    c = st.pl[p, S.P_CARRIED]
    if c >= par[0]:
        return True, 0.0, 0.0
    cap = R.k[T.K_CAP]
    # cards of each kind still to come in this pass: the pass's cards less those seen
    rem_total = 0.0
    rem_g = 0.0
    rem_c = 0.0
    for kind in range(K.N_CARD_KINDS):
        r = st.pass0[kind] - st.seen[kind]
        rem_total += r
        if kind == K.CARD_GARGAMEL:
            rem_g = r
        elif kind == K.CARD_CAT:
            rem_c = r
    if rem_total <= 0:
        return True, 0.0, 0.0
    p_g = rem_g / rem_total
    p_c = rem_c / rem_total if st.pl[p, S.P_HATS] == 0 else 0.0
    risk = par[1]
    mean_face = 0.0
    for i in range(R.faces.shape[0]):
        mean_face += R.faces[i]
    mean_face /= R.faces.shape[0]
    # the trip home: expected red landings and the chance none of them costs the cakes
    n_red = 0
    for u in range(R.red.shape[0]):
        n_red += R.red[u]
    red_frac = n_red / max(1, R.red.shape[0] - R.starts.shape[0] - 1)
    landings = R.dist_home[R.k[T.K_CAKE]] * red_frac / mean_face
    n_cards = R.deck.shape[0]
    q = (R.counts[K.CARD_GARGAMEL] + risk * R.counts[K.CARD_CAT]) / max(1, n_cards)
    s_home = (1.0 - q) ** landings
    gain = min(mean_face, cap - c, st.sc[S.S_CAKE_LEFT])
    v_leave = c * s_home
    v_stay = ((1.0 - p_g - p_c) * (c + gain) * s_home + p_g * min(mean_face, c + gain)
              + p_c * (1.0 - risk) * (c + gain))
    # behind the best rival (secured and carried): staying is worth more
    best = 0
    for q2 in range(st.sc[S.S_PLAYERS]):
        if q2 != p and st.pl[q2, S.P_ELIM] == 0:
            t = st.pl[q2, S.P_SECURED] + st.pl[q2, S.P_CARRIED]
            if t > best:
                best = t
    need = best - st.pl[p, S.P_SECURED] - c
    if need > 0:
        v_stay += par[2] * min(gain, need) * s_home
    return False, v_stay, v_leave


@njit
def leave_adaptive(R, st, p, par):
    """Leave when one more turn at the cake is worth less than going home now (`stay_values`),
    and always once carrying max_k cakes (or with no card left to come in the pass)."""
    ruled, v_stay, v_leave = stay_values(R, st, p, par)
    if ruled:
        return 1
    return 1 if v_leave >= v_stay else 0


@njit
def choose_adaptive(R, cfg, st, kind, n, params):
    """Moves take option 0 (the nearest to the goal); at the cake, `leave_adaptive` decides.
    The deciding seat is the one whose turn it is."""
    if kind == K.D_STAY:
        return leave_adaptive(R, st, st.sc[S.S_CUR], params)
    return 0


@cfunc(CHOOSE_SIGNATURE)
def choose_exported(rules, config, state, kind, n, params):
    """adaptive as the rules call it: the records by address, the seat's parameters by
    the address of their values."""
    return choose_adaptive(as_record(rules, "CakeRaceRules"), as_config(config),
                         as_record(state, "CakeRaceState"), kind, n, params)


bind(CHOOSERS, ADAPTIVE, choose_exported, choose_adaptive)
