"""Hand-built game states for the Hobbit deck-builder's scenario tests: a game set up by the
rules, then zones emptied and filled with named cards (cards.toml ids), and each decision
answered by a script (simcore.policy.SCRIPTED: the i-th decision asked takes option
answers[i], then option 0)."""
import collections


from simcore.harness import start_game
from simcore.games.hobbit import catalog as CAT_
from simcore.games.hobbit import consts as K
from simcore.games.hobbit import game as G
from simcore.games.hobbit import state as S
from simcore.games.hobbit import tables as T
from simcore.games.hobbit.config import make_config
from simcore.policy import FIRST, SCRIPTED

CAT = CAT_.load_catalog()
ZONE = {name: z for z, name in enumerate(K.PLAYER_ZONES)}
SHARED = {"main": "MAIN_N", "valor": "VALOR_N", "corr": "CORR_N", "arch": "ARCH_N",
          "destroyed_auj": "DESTROYED_AUJ_N", "destroyed_dos": "DESTROYED_DOS_N",
          "removed": "REMOVED_N", "box": "BOX_N"}


def catalog(*assume):
    return CAT_.load_catalog(assume=list(assume)) if assume else CAT


def kind(card_id: str, cat=None) -> int:
    return (cat or CAT).kind[card_id]


def name(k: int, cat=None) -> str:
    return (cat or CAT).cards[k]


def game(players=4, mode="normal", start="auj", seed=1, index=0, cat=None, **options):
    """(catalog, rules, config, state) of a game set up by the rules (HB-S*), every seat
    answering FIRST until scripted."""
    cat = cat or CAT
    cfg, _ = make_config(cat, players=players, mode=mode, start=start, **options)
    st = S.new_state(cat.rules, event_capacity=1 << 14)
    cfg = cfg._replace(log_on=1)
    start_game(cfg, st, seed, index)
    G.setup_game(cat.rules, cfg, st, index)
    st.sid[:] = FIRST
    return cat, cat.rules, cfg, st


def script(st, p, answers):
    """Seat p answers its decisions by `answers` (option indices), counted from now."""
    st.sid[p] = SCRIPTED
    st.ctl[S.H_ASKED] = 0
    st.par[p, :] = 0
    st.par[p, :len(answers)] = answers


def to_box(st, cards):
    for c in cards:
        st.box[st.sc[S.S_BOX_N]] = c
        st.sc[S.S_BOX_N] += 1


def zone(st, p, z) -> list:
    """Player p's zone z (a name of consts.PLAYER_ZONES) as card ids, bottom first."""
    zi = ZONE[z]
    return [CAT.cards[c] for c in st.z[p, zi, :st.zn[p, zi]]]


def pile(st, which) -> list:
    n = st.sc[getattr(S, "S_" + SHARED[which])]
    return [CAT.cards[c] for c in getattr(st, which)[:n]]


def path(st) -> list:
    return [CAT.cards[c] if c >= 0 else None for c in st.path]


def set_zone(st, p, z, ids, cat=None):
    """Empty player p's zone z into the box and fill it with `ids` (cards taken from wherever
    they are in the state, so the box's counts stay whole); the last id is the top."""
    cat = cat or CAT
    zi = ZONE[z]
    to_box(st, st.z[p, zi, :st.zn[p, zi]].tolist())
    st.zn[p, zi] = 0
    got = [take_anywhere(st, cat.kind[cid], cat) for cid in ids]   # before any is placed
    for c in got:
        st.z[p, zi, st.zn[p, zi]] = c
        st.zn[p, zi] += 1


def set_pile(st, which, ids, cat=None):
    """Empty a shared pile into the box and fill it with `ids` (the last on top)."""
    cat = cat or CAT
    at = getattr(S, "S_" + SHARED[which])
    arr = getattr(st, which)
    old = arr[:st.sc[at]].tolist()
    st.sc[at] = 0
    if which == "arch":
        st.arch_by[:] = 0                            # every card the rules' (none put face down)
    if which != "box":
        to_box(st, old)
    got = [take_anywhere(st, cat.kind[cid], cat) for cid in ids]   # before any is placed
    for c in got:
        arr[st.sc[at]] = c
        st.sc[at] += 1


def set_path(st, ids, cat=None):
    """The Path's slots: ids (None for an empty slot); the cards come from wherever they are."""
    cat = cat or CAT
    to_box(st, [c for c in st.path.tolist() if c >= 0])
    st.path[:] = -1
    for s, cid in enumerate(ids):
        if cid is not None:
            st.path[s] = take_anywhere(st, cat.kind[cid], cat)


def take_anywhere(st, k, cat=None):
    """Take one card of kind k out of the box, a shared pile, the Path or a player's zone
    (searched in that order); AssertionError if the box holds no more of it."""
    for which in ("box", *[w for w in SHARED if w != "box"]):       # the box first
        at = SHARED[which]
        arr, n = getattr(st, which), st.sc[getattr(S, "S_" + at)]
        for i in range(n - 1, -1, -1):
            if arr[i] == k:
                arr[i:n - 1] = arr[i + 1:n].copy()
                st.sc[getattr(S, "S_" + at)] = n - 1
                return k
    for s in range(K.MAX_PATH):
        if st.path[s] == k:
            st.path[s] = -1
            return k
    for p in range(K.MAX_PLAYERS):
        for z in range(K.N_PLAYER_ZONES):
            n = st.zn[p, z]
            for i in range(n - 1, -1, -1):
                if st.z[p, z, i] == k:
                    st.z[p, z, i:n - 1] = st.z[p, z, i + 1:n].copy()
                    st.zn[p, z] = n - 1
                    return k
    raise AssertionError(f"no card {(cat or CAT).cards[k]} left to take")


def census(st, rules) -> list:
    """HB-Z01: (card id, found, in the box) for every kind whose copies are not all in exactly
    one zone; [] when the box's counts are whole."""
    cnt = collections.Counter()
    for p in range(K.MAX_PLAYERS):
        for z in range(K.N_PLAYER_ZONES):
            cnt.update(st.z[p, z, :st.zn[p, z]].tolist())
    for which, at in SHARED.items():
        cnt.update(getattr(st, which)[:st.sc[getattr(S, "S_" + at)]].tolist())
    cnt.update([c for c in st.path.tolist() if c >= 0])
    bad = []
    for k in range(rules.card.shape[0]):
        per = K.MAX_PLAYERS if rules.card[k, T.C_SET] == K.SET_START else 1
        want = int(rules.card[k, T.C_COUNT]) * per
        if cnt[k] != want:
            bad.append((CAT.cards[k] if k < len(CAT.cards) else k, cnt[k], want))
    return bad


def events(st, kind=None) -> list:
    ev = st.events[:st.ctl[S.H_EV_N]]
    return [tuple(int(x) for x in e) for e in ev if kind is None or e[0] == kind]


def clear_events(st):
    st.ctl[S.H_EV_N] = 0
