"""Exact odds of the one-player cake race's first trip, by dynamic programming.

One Smurf plays `threshold` k from its start: the shortest walk to the cake, stay until
carrying k cakes, the shortest walk home. The first trip ends the first time the Smurf is back
at a start: home on foot, sent home by Gargamel (with the kept cakes), safe at the end of a
chase, or caught. We compute the probability of each number of cakes it brings home.

The state is (point, cakes carried, cards of each kind seen, hats held). The deck is a fixed
shuffled queue: every order is equally likely, so the next card is drawn from the cards not
yet seen. The deck never comes round within a first trip: every Gargamel card ends the trip
and each pass of the deck holds all of them (so we need at least one). Spent hats and cats
go under the deck, behind every unseen card. The chain is acyclic (each step brings the Smurf
nearer its goal, or adds a card seen, or a cake, or brings the cat nearer in a chase) but for
a turn that stays put (a start overshot under exact_home), solved in closed form; so a
memoised recursion solves it. Every rule choice of setup.toml is followed: hat_spent,
caught_loses, chase_first, exact_home (and gargamel_to, caught_to do not matter to a first trip).

This is an independent implementation of the rules in plain Python (moves, cards, chase) from
the catalog's arrays; tests check the Monte Carlo kernels against it.
"""
from __future__ import annotations

import sys
from fractions import Fraction
from functools import lru_cache

from ...errors import UserError
from . import tables as T
from . import consts as K


class Exact:
    def __init__(self, catalog, k: int):
        R = catalog.rules
        self.R = R
        self.k = int(k)
        self.cap = int(R.k[T.K_CAP])
        self.supply = int(R.k[T.K_SUPPLY])
        self.cake = int(R.k[T.K_CAKE])
        self.brown = int(R.k[T.K_BROWN])
        self.hat_spent = bool(R.k[T.K_HAT_SPENT])
        self.exact_home = bool(R.k[T.K_EXACT_HOME])
        self.caught_roll = int(R.k[T.K_CAUGHT_LOSES]) == K.CAUGHT_ROLL
        self.cat_first = int(R.k[T.K_CHASE_FIRST]) == K.FIRST_CAT
        self.faces = [int(f) for f in R.faces]
        self.pf = Fraction(1, len(self.faces))
        self.counts = [int(c) for c in R.counts]
        self.adj = [[int(v) for v in row if v >= 0] for row in R.adj]
        self.dist = R.dist.tolist()
        self.dist_home = [int(d) for d in R.dist_home]
        self.is_start = [int(s) >= 0 for s in R.start_no]
        self.red = [bool(r) for r in R.red]
        self.start = int(R.starts[0])
        if not 1 <= self.k <= self.cap:
            raise UserError(f"threshold k must be a whole number from 1 to the carry cap {self.cap}, got {k}")
        if self.counts[K.CARD_GARGAMEL] < 1:
            raise UserError("the exact first-trip odds need at least one Gargamel card in the deck")
        self._move = lru_cache(maxsize=None)(self._move_uncached)
        self.turn = lru_cache(maxsize=None)(self._turn)
        self.escape = lru_cache(maxsize=None)(self._escape)
        self.cat_rolls = lru_cache(maxsize=None)(self._cat_rolls)

    # ---------------------------------------------------------------- moves
    def _ends(self, u):
        return u == self.cake or self.is_start[u]

    def _goal(self, u, to_home):
        return self.dist_home[u] if to_home else self.dist[u][self.cake]

    def _endpoints(self, frm, steps, to_home):
        """Where a forward move of exactly `steps` can end: every step one point nearer the
        goal; the cake or a start ends a move early (with exact_home a start only when
        reached with the last step)."""
        out = set()

        def walk(u, left):
            if u != frm and self._ends(u):
                if left == 0 or not (self.exact_home and self.is_start[u]):
                    out.add(u)
                return
            if left == 0:
                out.add(u)
                return
            for v in self.adj[u]:
                if self._goal(v, to_home) == self._goal(u, to_home) - 1:
                    walk(v, left - 1)
        walk(frm, steps)
        return out

    def _move_uncached(self, frm, steps, to_home):
        """The greedy walk's destination: among the endpoints of the forward move, the nearest
        to the goal (lowest index on ties); `frm` itself when there is none (a start that
        needs an exact roll is overshot: the Smurf stays)."""
        ends = self._endpoints(frm, steps, to_home)
        if not ends:
            return frm
        return min(ends, key=lambda u: (self._goal(u, to_home), u))

    # ---------------------------------------------------------------- the chain
    def _vec(self, n):
        v = [Fraction(0)] * (self.cap + 1)
        v[n] = Fraction(1)
        return v

    @staticmethod
    def _add(acc, v, w):
        for i, x in enumerate(v):
            if x:
                acc[i] += w * x

    def _turn(self, pos, c, seen, hats):
        """Distribution of the cakes brought home, from the start of a turn."""
        acc = [Fraction(0)] * (self.cap + 1)
        left = self.supply - c
        if pos == self.cake and not (c >= self.cap or left == 0 or c >= self.k):
            for f in self.faces:                      # stay: take, then a card
                self._add(acc, self._card(pos, c + min(f, self.cap - c, left), seen, hats), self.pf)
            return tuple(acc)
        to_home = c > 0 or left == 0
        stay = 0
        for f in self.faces:
            to = self._move(pos, f, to_home)
            if to == pos:                             # overshot a start (exact_home): stays,
                stay += 1                             # and the next turn is this one again
            elif to == self.cake:
                for g in self.faces:
                    self._add(acc, self._card(to, c + min(g, self.cap - c, left), seen, hats),
                              self.pf * self.pf)
            elif self.is_start[to]:
                self._add(acc, self._vec(c), self.pf)
            elif self.red[to]:
                self._add(acc, self._card(to, c, seen, hats), self.pf)
            else:
                self._add(acc, self.turn(to, c, seen, hats), self.pf)
        if stay:                                      # x = acc + q x  =>  x = acc / (1 - q)
            acc = [x / (1 - stay * self.pf) for x in acc]
        return tuple(acc)

    def _card(self, pos, c, seen, hats):
        """Turn the top card at `pos`, then the next turn (or the trip's end)."""
        remaining = [self.counts[i] - seen[i] for i in range(K.N_CARD_KINDS)]
        total = sum(remaining)
        acc = [Fraction(0)] * (self.cap + 1)
        for kind, r in enumerate(remaining):
            if r <= 0:
                continue
            w = Fraction(r, total)
            s2 = list(seen)
            s2[kind] += 1
            s2 = tuple(s2)
            if kind == K.CARD_NOTHING:
                self._add(acc, self.turn(pos, c, s2, hats), w)
            elif kind == K.CARD_GARGAMEL:
                if c == 0:
                    self._add(acc, self._vec(0), w)
                else:
                    for f in self.faces:
                        self._add(acc, self._vec(min(f, c)), w * self.pf)
            elif kind == K.CARD_HAT:
                self._add(acc, self.turn(pos, c, s2, hats + 1), w)
            elif hats > 0:
                self._add(acc, self.turn(pos, c, s2, hats - 1 if self.hat_spent else hats), w)
            else:
                p_safe = self.cat_rolls(pos, self.brown) if self.cat_first else self.escape(pos, self.brown)
                self._add(acc, self._vec(c), w * p_safe)
                self._add(acc, self._caught(c), w * (1 - p_safe))
        return acc

    def _caught(self, c):
        """Cakes a caught Smurf brings home: none, or with caught_loses = "roll" a die roll's
        worth of them (kept and secured at the start)."""
        if not self.caught_roll or c == 0:
            return self._vec(0)
        acc = [Fraction(0)] * (self.cap + 1)
        for f in self.faces:
            self._add(acc, self._vec(min(f, c)), self.pf)
        return acc

    def _cat_rolls(self, spos, cat):
        """Probability that a chase with the Smurf at `spos` and the cat at `cat`, the cat to
        roll, ends with the Smurf safe at a start."""
        p = Fraction(0)
        for g in self.faces:
            if self.dist[cat][spos] <= g:
                continue                              # caught
            c2 = cat
            for _ in range(g):
                c2 = next(v for v in self.adj[c2] if self.dist[v][spos] == self.dist[c2][spos] - 1)
            p += self.pf * self.escape(spos, c2)
        return p

    def _escape(self, spos, cat):
        """Probability that a chase with the Smurf at `spos` (to roll) and the cat at `cat`
        ends with the Smurf safe at a start."""
        p = Fraction(0)
        for f in self.faces:
            to = self._move(spos, f, True)
            if to != spos and self.is_start[to]:
                p += self.pf
                continue
            p += self.pf * self.cat_rolls(to, cat)
        return p

    def first_trip(self) -> list[Fraction]:
        """P(the first trip brings home n cakes), n = 0 .. carry cap."""
        old = sys.getrecursionlimit()
        sys.setrecursionlimit(max(old, 20000))
        try:
            return list(self.turn(self.start, 0, (0,) * K.N_CARD_KINDS, 0))
        finally:
            sys.setrecursionlimit(old)


def first_trip_odds(catalog, k: int) -> list[float]:
    """P(the one-player first trip under threshold k brings home n cakes), n = 0 .. cap."""
    return [float(x) for x in Exact(catalog, k).first_trip()]
