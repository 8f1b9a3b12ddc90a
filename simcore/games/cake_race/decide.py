"""Decisions of the cake race: every question goes to the seat's strategy through `decide`.

Strategy ids: the generic ones (simcore.policy: first, random, scripted), a plug-in written in
Python (simcore.plugins; it decides for seat st.sc[S_CUR]) and the cake race's own, THRESHOLD
and ADAPTIVE (named and described in strategies/cake_race). Options:
  stay-at-cake  0 stay (roll, take, turn a card), 1 leave
  move, flee    destination points, nearest to the goal first (option 0 is the greedy walk)
"""
import numpy as np

from ...jit import njit
from ...policy import N_GENERIC, PLUGIN, choose_generic, choose_plugin
from . import catalog as C
from . import consts as K
from . import state as S

THRESHOLD = 10
ADAPTIVE = 11

# parameter vectors (name -> default), in order
THRESHOLD_PARAMS = {"k": 5.0}
ADAPTIVE_PARAMS = {"max_k": 10.0, "catch_risk": 0.6, "lead_weight": 1.0}


@njit
def leave_threshold(R, st, p, par):
    """Leave the cake once carrying at least k cakes."""
    return 1 if st.pl[p, S.P_CARRIED] >= par[0] else 0


@njit
def leave_adaptive(R, st, p, par):
    """Leave when one more turn at the cake is worth less than going home now, judged from
    the cards not yet seen in the deck's current pass, the distance home, and how far the
    best rival is ahead (max_k caps the load; catch_risk is the assumed chance a chase ends
    in a catch; lead_weight how much being behind pushes to stay)."""
    c = st.pl[p, S.P_CARRIED]
    if c >= par[0]:
        return 1
    cap = R.k[C.K_CAP]
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
        return 1
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
    landings = R.dist_home[R.k[C.K_CAKE]] * red_frac / mean_face
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
    return 1 if v_leave >= v_stay else 0


@njit
def decide(R, st, p, kind, n):
    """Ask seat p's strategy to pick one of `n` options (0 if there is only one)."""
    if n <= 1:
        return 0
    sid = st.sid[p]
    par = st.par[p]
    asked = st.sc[S.S_ASKED]
    st.sc[S.S_ASKED] = asked + 1
    if sid == THRESHOLD:
        i = leave_threshold(R, st, p, par) if kind == K.D_STAY else 0
    elif sid == ADAPTIVE:
        i = leave_adaptive(R, st, p, par) if kind == K.D_STAY else 0
    elif sid < N_GENERIC:
        i = choose_generic(sid, st.rng, K.STREAM_POLICY, n, par, asked)
    elif sid == PLUGIN:      # a user's Python strategy: the deciding seat is st.sc[S_CUR]
        i = choose_plugin(kind, n)
    else:
        i = -1
    if i < 0 or i >= n:
        st.sc[S.S_BAD_KIND] = kind
        st.sc[S.S_BAD_N] = n
        st.sc[S.S_BAD_INDEX] = i
        raise ValueError("illegal option")
    return i
