"""Hand-built villages for Gnome Village's scenario tests, drawn as pictures.

One token per cell, separated by spaces, rows north to south, drawn from the grid's corner
(row 0, column 0) unless `at` says otherwise:
  .        empty
  H  h     house, Lights On / Lights Off
  X        four-way road;  Tn Te Ts Tw  T-junction without a path on that side
  X!n      a road with a blockade on its path to that side (any road token, then !side)
  Wc Wp Ws Wg   workshop (carpenter, painter, school, gardener), inactive; WC WP WS WG active
  B:name   business of that type (businesses.toml id)
A trailing @ puts one of the player's gnomes (active) on the tile, numbered in reading order.
"""
import numpy as np

from simcore.harness import start_game
from simcore.games.gnome_village import catalog as C
from simcore.games.gnome_village import consts as K
from simcore.games.gnome_village import state as S

CAT = C.load_catalog()
SIDE = K.SIDE_NAMES
WORKSHOP = {"c": K.W_CARPENTER, "p": K.W_PAINTER, "s": K.W_SCHOOL, "g": K.W_GARDENER}


def rules(*assume):
    """The default rules, or with knobs in force ("road-connect=edge", "blockade=path")."""
    return C.load_catalog(assume=list(assume)).rules if assume else CAT.rules


def draw(st, p, picture, at=(0, 0)):
    """Clear player p's village and lay `picture` (a list of rows) into it."""
    st.kind[p] = 0
    st.box[p] = 0           # the tiles' rectangle (village.tile_box): the whole grid
    st.arg[p] = 0
    st.flag[p] = 0
    st.gnome[p] = 0
    st.gnome[p, :, S.GN_HOST] = p
    g = 0
    for i, row in enumerate(picture):
        for j, tok in enumerate(row.split()):
            r, c = at[0] + i, at[1] + j
            gnome = tok.endswith("@")
            tok = tok.rstrip("@")
            if tok == ".":
                continue
            block = 0
            if "!" in tok:
                tok, side = tok.split("!")
                block = 1 << SIDE[side]
            if tok in ("H", "h"):
                kind, arg = K.T_HOUSE, int(tok == "H")
            elif tok == "X":
                kind, arg = K.T_ROAD, K.ALL_SIDES
            elif tok[0] == "T" and len(tok) == 2:
                kind, arg = K.T_ROAD, K.ALL_SIDES & ~(1 << SIDE[tok[1]])
            elif tok[0] == "W":
                kind, arg, block = K.T_WORKSHOP, WORKSHOP[tok[1].lower()], int(tok[1].isupper())
            elif tok.startswith("B:"):
                kind, arg = K.T_BUSINESS, CAT.businesses.index(tok[2:])
            else:
                raise ValueError(f"unknown token {tok!r}")
            st.kind[p, r, c], st.arg[p, r, c], st.flag[p, r, c] = kind, arg, block
            if gnome:
                st.gnome[p, g, :4] = (S.GS_ACTIVE, r, c, p)
                g += 1
    return st


def village(picture, at=(0, 0), p=0):
    return draw(S.new_state(), p, picture, at)


def cell(r, c):
    return r * K.GRID + c


def cells(st, n):
    """The first n options as (row, column) pairs."""
    return [divmod(int(i), K.GRID) for i in st.options[:n]]


def edge_connected(kind):
    """Python reference: are the village's tiles one edge-connected group?"""
    tiles = list(zip(*np.nonzero(kind)))
    if not tiles:
        return True
    seen = {tiles[0]}
    todo = [tiles[0]]
    while todo:
        r, c = todo.pop()
        for dr, dc in zip(K.DROW, K.DCOL):
            n = (r + dr, c + dc)
            if 0 <= n[0] < K.GRID and 0 <= n[1] < K.GRID and kind[n] and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(tiles)


class Game:
    """A game set up by the kernels (seed 1, game 0) with the log on, every seat playing
    `sid` (FIRST: option 0 of every decision) unless a test scripts a seat's answers."""

    def __init__(self, players=3, sid=None, assume=(), **variants):
        from simcore.games.gnome_village.config import make_config
        from simcore.games.gnome_village.turn import setup_game
        from simcore.policy import FIRST
        self.cat = C.load_catalog(assume=list(assume)) if assume else CAT
        self.R = self.cat.rules
        self.C, _ = make_config(self.cat, players=players, log=True, **variants)
        self.st = S.new_state(self.R, 4096)
        start_game(self.C, self.st, 1, 0)
        setup_game(self.R, self.C, self.st, 0)
        self.st.sid[:] = FIRST if sid is None else sid

    def script(self, p, *answers):
        """Seat p answers its next decisions (those with more than one option) with these
        option indices, then option 0."""
        from simcore.policy import SCRIPTED
        self.st.sid[p] = SCRIPTED
        self.st.par[p, :] = 0
        self.st.par[p, :len(answers)] = answers
        self.st.ctl[S.H_ASKED] = 0

    def draw(self, p, picture, at=(0, 0)):
        """Player p's village drawn as `picture` (scenario.draw); its placed-gnome count and the
        gnome supply follow the gnomes drawn."""
        st = self.st
        before = int(st.pl[p, S.P_PLACED])
        draw(st, p, picture, at)
        n = int((st.gnome[p, :, S.GN_STATE] != S.GS_NONE).sum())
        st.pl[p, S.P_PLACED] = n
        st.sc[S.S_GNOME_BOX] += before - n
        return st

    def coins(self, p, n):
        """Set player p's coins, from or to the supply."""
        st = self.st
        st.sc[S.S_BANK] += int(st.pl[p, S.P_COINS]) - n
        st.pl[p, S.P_COINS] = n

    def no_forest(self):
        """An empty Forest deck and discard pile: the Reveal phase reveals nothing."""
        self.st.sc[S.S_FOREST_N] = 0
        self.st.sc[S.S_DISCARD_N] = 0

    def events(self, kind=None):
        ev = self.st.events[: self.st.ctl[S.H_EV_N]]
        return ev if kind is None else ev[ev[:, 0] == kind]

    def biz(self, name):
        return self.cat.businesses.index(name)

    def card(self, kind, group=False, coins=None):
        """The row of Rules.forest of a card of `kind` (a consts.F_* code)."""
        from simcore.games.gnome_village import tables as T
        for i, row in enumerate(self.R.forest):
            if row[T.FC_KIND] == kind and bool(row[T.FC_GROUP]) == group \
                    and (coins is None or row[T.FC_COINS] == coins):
                return i
        raise LookupError(kind)
