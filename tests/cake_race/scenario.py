"""Hand-built cake race positions: forced dice, a chosen deck, one kernel step."""
import numpy as np

from simcore.harness import start_game
from simcore.games.cake_race import consts as K
from simcore.games.cake_race import state as S
from simcore.games.cake_race.catalog import load_catalog
from simcore.games.cake_race.config import make_config, seat_strategies
from strategies.cake_race.ids import THRESHOLD
from simcore.games.cake_race.rules import setup_game
from simcore.games.cake_race.state import new_state
from simcore.seats import assign_seats

CAT = load_catalog()
R = CAT.rules


def pt(name: str) -> int:
    return CAT.points.index(name)


class Game:
    def __init__(self, players=1, strategy=THRESHOLD, params=(5.0,), rivals="same", seat="0",
                 seed=1, game_index=0, log=True):
        self.cfg, _ = make_config(CAT, players=players, rivals=rivals, seat=seat, log=log)
        self.st = new_state(R, event_capacity=4096)
        start_game(self.cfg, self.st, seed, game_index)
        setup_game(R, self.cfg, self.st, game_index)
        assign_seats(self.st.sid, self.st.par, self.st.sc[S.S_FOCAL],
                     *seat_strategies(self.cfg, strategy, np.asarray(params, np.float64)))

    def dice(self, *faces):
        st = self.st
        st.forced[: len(faces)] = faces
        st.ctl[S.H_FORCED_N] = len(faces)
        st.ctl[S.H_FORCED_POS] = 0
        return self

    def deck(self, *cards):
        st = self.st
        st.deck[:] = -1
        st.deck[: len(cards)] = cards
        st.sc[S.S_DECK_HEAD] = 0
        st.sc[S.S_DECK_N] = len(cards)
        st.sc[S.S_PASS_LEFT] = len(cards)
        st.seen[:] = 0
        st.pass0[:] = np.bincount(np.asarray(cards, np.int64), minlength=K.N_CARD_KINDS)
        return self

    def place(self, p, point, carried=0, secured=0, hats=0, markers=0):
        pl = self.st.pl
        pl[p, S.P_POS] = pt(point) if isinstance(point, str) else point
        pl[p, S.P_CARRIED] = carried
        pl[p, S.P_SECURED] = secured
        pl[p, S.P_HATS] = hats
        pl[p, S.P_MARKERS] = markers
        return self

    def p(self, p, field):
        return int(self.st.pl[p, getattr(S, f"P_{field}")])

    def sc(self, field):
        return int(self.st.sc[getattr(S, f"S_{field}")])

    def ctl(self, field):
        return int(self.st.ctl[getattr(S, f"H_{field}")])

    def pos(self, p):
        return CAT.points[self.p(p, "POS")]

    def deck_list(self):
        st = self.st
        n, h = st.sc[S.S_DECK_N], st.sc[S.S_DECK_HEAD]
        return [int(st.deck[(h + i) % st.deck.shape[0]]) for i in range(n)]

    def events(self, kind=None):
        ev = self.st.events[: self.st.ctl[S.H_EV_N]]
        return [tuple(int(x) for x in e) for e in ev if kind is None or e[0] == kind]


N, G, H, C = K.CARD_NOTHING, K.CARD_GARGAMEL, K.CARD_HAT, K.CARD_CAT
