"""The `lookahead` strategy: it plays legal, reproducible games, never reads the real order of
the face-down stacks or the Forest deck, and beats greedy on the same deals."""
import numpy as np

import strategies
from simcore.harness import start_game
from simcore.games.gnome_village import consts as K
from simcore.games.gnome_village import game as G
from simcore.games.gnome_village.config import make_config
from simcore.seats import assign_seats

from .scenario import CAT

LOOKAHEAD = strategies.get("lookahead", "gnome-village")
GREEDY = strategies.get("greedy", "gnome-village")


def run(strategy, players, n, seed=1, rivals="greedy", cat=CAT, **params):
    cfg, _ = make_config(cat, players=players, rivals=rivals)
    return G.run_games(cat, cfg, strategy.kernel_id, np.asarray(strategy.param_vector(params)),
                       seed, 0, n)


def share(rows):
    """The focal seat's win share, a tie counted half."""
    return (rows[:, K.R_OUTCOME] == K.WIN).mean() + 0.5 * (rows[:, K.R_OUTCOME] == K.TIE).mean()


def test_lookahead_is_registered_for_gnome_village_only():
    assert LOOKAHEAD.games == ("gnome-village",)
    assert "lookahead" in strategies.available("gnome-village")
    assert list(LOOKAHEAD.params)[0] == "coin"          # the vector doubles as greedy's
    assert set(LOOKAHEAD.param_help) == set(LOOKAHEAD.params)


def test_lookahead_games_are_reproducible_and_finish():
    a = run(LOOKAHEAD, 3, 12, seed=5)
    b = np.concatenate([run(LOOKAHEAD, 3, 5, seed=5), G.run_games(CAT, make_config(CAT, players=3, rivals="greedy")[0], LOOKAHEAD.kernel_id, np.asarray(LOOKAHEAD.param_vector()), 5, 5, 7)])
    assert (a == b).all()
    assert (a[:, K.R_OUTCOME] != K.RUNNING).all()


KEEP = 3   # the tiles a first turn may draw from a stack (the first player has too few coins for more)


def test_a_playout_does_not_read_the_real_deck_order():
    """Two deals that differ only in the order of what no player sees (the Forest cards below
    the one revealed this turn, the business and road stacks below their KEEP top tiles, more
    than a first turn draws): the first player's turn, played by lookahead, is the same in
    both, though its playouts play the other players' turns (reveals, draws) to the end."""
    from simcore.games.gnome_village import state as S
    from simcore.games.gnome_village.turn import setup_game, play_turn
    cfg, _ = make_config(CAT, players=3, rivals="greedy")
    out = []
    for flip in (False, True):
        st = G.new_state(CAT.rules)
        start_game(cfg, st, 3, 0)
        setup_game(CAT.rules, cfg, st, 0)
        assign_seats(st.sid, st.par, st.sc[S.S_FOCAL],
                     LOOKAHEAD.kernel_id, np.resize(np.asarray(LOOKAHEAD.param_vector()), 32),
                     GREEDY.kernel_id, np.resize(np.asarray(GREEDY.param_vector()), 32))
        if flip:
            for deck, n in ((st.forest, st.sc[S.S_FOREST_N] - 1), (st.bizs, st.sc[S.S_BIZ_N] - KEEP),
                            (st.roads, st.sc[S.S_ROAD_N] - KEEP)):
                assert len(set(deck[:n])) > 1
                deck[:n] = deck[:n][::-1].copy()
        st.sc[S.S_FOCAL] = 0
        play_turn(CAT.rules, cfg, st, 0)
        out.append((st.pl[0].copy(), st.kind[0].copy(), st.arg[0].copy(), st.gnome[0].copy()))
    for x, y in zip(*out):
        assert (x == y).all()


def test_lookahead_beats_greedy_on_the_same_deals():
    for players in (3, 4):
        a = run(LOOKAHEAD, players, 60)
        b = run(GREEDY, players, 60)
        assert share(a) > share(b) + 0.1, players
