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
