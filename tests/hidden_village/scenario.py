"""Helpers shared by the scenario tests: read zones, set the state exactly."""
from simcore.games.hidden_village import consts as K
from simcore.games.hidden_village import state as S
from simcore.games.hidden_village.rules.inventions import recount_crafted_ops
from simcore.games.hidden_village.rules.query import enumerate_placements
from simcore import jit
from simcore.games.hidden_village.rules.decide import H
from simcore.policy import N_GENERIC, choose_generic

choose_bound = H.choose_bound


@jit.njit(cache=False)
def through_the_table(R, C, st, kind, n, sid, params):
    """Strategy `sid`'s answer as the rules get it, the seats and the counts left alone: a
    generic strategy's from simcore.policy, any other's through the game's chooser table (-1
    when nothing is bound to `sid`)."""
    if sid < N_GENERIC:
        return choose_generic(sid, st.rng, K.STREAM_POLICY, n, params, st.ctl[S.H_ASKED])
    return choose_bound(R, C, st, kind, n, sid, params)



def hand(g, p):
    return [int(c) for c in g.st.hand[p, : g.st.hand_n[p]]]


def pile(g, pile_index):
    return [int(c) for c in g.st.piles[pile_index, : g.st.pile_n[pile_index]]]


def stock(g):
    return tuple(int(x) for x in g.st.stock)


def set_stock(g, berry, log, stone):
    g.st.stock[:] = (berry, log, stone)


def set_crafted(g, cards):
    """The inventions zone exactly `cards` (Invention card indices), with its op mask
    (S_CRAFTED_OPS) recounted as the rules keep it."""
    g.st.inv[S.I_CRAFTED, : len(cards)] = cards
    g.st.inv_n[S.I_CRAFTED] = len(cards)
    recount_crafted_ops(g.R, g.st)


def layout(g, hands=None, deck=None, discard=None, forest=None, extra=None, played=None):
    """Set the named zones exactly (piles bottom first, the top last). Zones not named keep
    their cards minus those named elsewhere; a card left with no zone goes to the bottom of the
    Smurf deck (starting Smurf) or of the additional pile (lost Smurf). `played` is put in the
    played slot. Every card stays in exactly one place."""
    st = g.st
    given = {("h", p): list(cs) for p, cs in (hands or {}).items()}
    for P, cs in ((S.P_DECK, deck), (S.P_DISCARD, discard), (S.P_FOREST, forest), (S.P_EXTRA, extra)):
        if cs is not None:
            given[("p", P)] = list(cs)
    named = [c for cs in given.values() for c in cs] + ([played] if played is not None else [])
    assert len(named) == len(set(named)), "a card named twice"
    cur = {("h", p): hand(g, p) for p in range(g.C.players)}
    cur.update({("p", P): pile(g, P) for P in range(S.N_PILES)})
    new = {z: (given[z] if z in given else [c for c in cs if c not in named]) for z, cs in cur.items()}
    present = {c for cs in new.values() for c in cs} | ({played} if played is not None else set())
    for c in range(len(g.cat.smurfs)):
        if c not in present:
            z = ("p", S.P_DECK) if g.R.smurf_kind[c] == K.KIND_STARTING else ("p", S.P_EXTRA)
            assert z not in given, f"card {c} has no zone"
            new[z].insert(0, c)
    for (kind, i), cs in new.items():
        if kind == "h":
            st.hand[i, : len(cs)] = cs
            st.hand_n[i] = len(cs)
        else:
            st.piles[i, : len(cs)] = cs
            st.pile_n[i] = len(cs)
    st.sc[S.S_PLAYED] = -1 if played is None else played


def all_cards(g):
    cs = [c for p in range(g.C.players) for c in hand(g, p)]
    cs += [c for P in range(S.N_PILES) for c in pile(g, P)]
    if g.sc("PLAYED") >= 0:
        cs.append(g.sc("PLAYED"))
    return cs


def placements(g):
    k = enumerate_placements(g.R, g.st)
    return [int(a) for a in g.st.options[:k]]


def face(g, die, result, amount=None):
    return g.die_face(die, result, amount)


def set_cakes(g, *cake_ids):
    g.set_sc("N_CAKES", len(cake_ids))
    for i, cid in enumerate(cake_ids):
        g.st.cake[i] = g.cake_card(cid)
        g.st.cake_done[i] = 0


def next_gargamel(g, *card_ids):
    """Stack the Gargamel deck: the given cards are revealed next, in this order."""
    n = g.sc("GARG_N")
    for i, cid in enumerate(card_ids):
        g.st.garg_deck[n - 1 - i] = g.gargamel(cid)


def on_board(g):
    return int((g.st.occ >= 0).sum())
