"""Gnome Village's game log: the event buffer decoded into lines or JSON records, and each
village drawn as a small text grid at the end."""
from __future__ import annotations

from ...gamekit import event_log, event_names
from . import consts as K
from . import state as S

_EV_NAMES = event_names(K)
_FOREST = {v: k for k, v in K.FOREST_KINDS.items()}
_ACTION = {v: k for k, v in K.ACTIONS.items()}
_W = K.WORKSHOP_NAMES
_SIDE_CHARS = "nesw"


def _cell(i) -> str:
    return f"({i // K.GRID},{i % K.GRID})" if i >= 0 else "-"


def _buy(o, cat, biz) -> str:
    what, a = o // K.BUY_ARG, o % K.BUY_ARG
    if what == K.BUY_BUSINESS:
        return f"a business ({cat.businesses[biz]})" if biz >= 0 else "a business"
    if what == K.BUY_WORKSHOP:
        return f"a {_W[a]} workshop"
    if what == K.BUY_PRODUCT:
        return f"a {_W[a]} token"
    return {K.BUY_HOUSE: "a house (painter + carpenter)", K.BUY_GNOME: "a gnome (school)",
            K.BUY_ROAD: "a road (gardener)"}.get(what, str(o))


def _line(e, cat) -> str | None:
    kind, rnd, p, a, b, c = (int(x) for x in e)
    who = f"player {p}"
    if kind == K.EV_TURN:
        return f"round {rnd}, {who} ({a} coins)"
    if kind == K.EV_CARD:
        row = cat.rules.forest[a]
        return f"  Forest card: {cat.forest[a]} ({_FOREST[int(row[0])]})" + (f", +{b} coin{'s' if b != 1 else ''}" if b else "")
    if kind == K.EV_NO_CARD:
        return "  no Forest card left"
    if kind == K.EV_RESHUFFLE:
        return f"  the discard pile is shuffled into a new Forest deck ({a} cards)"
    if kind == K.EV_ACTIVATE:
        if a >= 0:
            return f"  {who} activates a {_W[a]} workshop at {_cell(b)}"
        return f"  {who} declines to activate a workshop" if c else f"  {who} has no such workshop to activate"
    if kind == K.EV_REMOVE:
        return f"  removes the {cat.businesses[c]} of player {a} at {_cell(b)}"
    if kind == K.EV_ANGRY:
        return f"  angry gnome: {who}'s gnome {a} leaves {_cell(b)}"
    if kind == K.EV_EARN:
        return f"  earns {a} on the {cat.businesses[b]}"
    if kind == K.EV_VISIT_PAY:
        paid = "a coin" if b == 0 else f"a {_W[b - 1]} token"
        return f"  {who}'s gnome is paid {paid if c else 'nothing (supply out)'} in player {a}'s village and flies back"
    if kind == K.EV_PRISON_PAY:
        return f"  player {a} pays {who} {b} coin{'s' if b != 1 else ''} for its prisoner, which goes home"
    if kind == K.EV_BUY:
        return f"  buys {_buy(a, cat, c)} for {b} coin{'s' if b != 1 else ''}"
    if kind == K.EV_PLACE:
        what = {K.T_ROAD: "road", K.T_HOUSE: "house", K.T_WORKSHOP: f"{_W.get(c, c)} workshop",
                K.T_BUSINESS: f"{cat.businesses[c]}" if c < len(cat.businesses) else "business"}.get(a, a)
        return f"  places {'an' if str(what)[0] in 'aeiou' else 'a'} {what} at {_cell(b)}"
    if kind == K.EV_DISCARD_ROAD:
        return "  the road drawn fits nowhere: out of the game"
    if kind == K.EV_NEW_GNOME:
        return f"  a new gnome ({a}) rests on the house at {_cell(b)}"
    if kind == K.EV_MOVE:
        return f"  gnome {a} moves {_cell(b)} -> {_cell(c)}"
    if kind == K.EV_ACTION:
        name = _ACTION.get(a, a)
        if a == K.A_ARCHITECT:
            return f"  architect: moves the tile at {_cell(b)} to {_cell(c)}"
        if a == K.A_CHAPEL or a == K.A_PRISON:
            return f"  {name}: takes gnome {c} of player {b}"
        if a == K.A_POOL:
            return f"  swimming pool: activates {_cell(c)} too"
        target = f" from player {b}" if b >= 0 and a in (K.A_THIEF, K.A_COURIER) else (
            f", a token to player {b}" if a == K.A_DOCTOR else "")
        amount = f": {c} coin{'s' if c != 1 else ''}" if a in (K.A_POLICE, K.A_THEATER, K.A_THIEF, K.A_COURIER) else ""
        return f"  {name}{amount}{target}"
    if kind == K.EV_FLY:
        return f"  airport: flies to player {a}'s {_cell(b)}"
    if kind == K.EV_HAPPY:
        return f"  the Happy Gnome goes to player {a}" if a >= 0 else "  the Happy Gnome goes back to the centre"
    if kind == K.EV_HOME:
        return f"  player {a}'s gnome {b} goes to {_cell(c)}"
    if kind == K.EV_ADVISOR:
        return f"  financial advisor: all coins spent, +{a}"
    if kind == K.EV_ROUND_END:
        return "  (last round: a player has placed the last gnome)" if a else None
    if kind == K.EV_SCORE:
        return f"{who}: {a} points, {b} tiles, {c} coins"
    if kind == K.EV_END:
        out = (f"player {b} wins" if b >= 0 else "no sole winner") + (" (cut by the round cap)" if c else "")
        return f"game over after round {rnd}: {out}; focal player {p}: {K.OUTCOMES.get(a, a)}"
    return None


format_log, event_records = event_log(_line, _EV_NAMES)


def _road_char(paths: int, block: int) -> str:
    """A road cell: the box-drawing character of its paths (a blockade shown as #)."""
    if block:
        return "#"
    return {15: "┼", 14: "┬", 13: "┤", 11: "┴", 7: "├", 5: "│", 10: "─"}.get(paths, "+")


def _tile(st, cat, p, r, c) -> str:
    kind, arg, flag = int(st.kind[p, r, c]), int(st.arg[p, r, c]), int(st.flag[p, r, c])
    if kind == K.T_ROAD:
        return " " + _road_char(arg, flag) + " "
    if kind == K.T_HOUSE:
        return " H " if arg else " h "
    if kind == K.T_WORKSHOP:
        letter = _W[arg][0]
        return f" {letter.upper() if flag else letter} "
    if kind == K.T_BUSINESS:
        return f" {cat.businesses[arg][:2].capitalize()}"
    return " . "


def village_lines(st, catalog, p) -> list[str]:
    """Player p's village as a text grid (the rows and columns it uses): H/h house Lights On/Off,
    C P S G workshops (capital: active), two letters a business (Po police, Th theater...), road
    paths as box lines and # a blockade; [x] a cell one of p's gnomes stands on."""
    rows = [r for r in range(K.GRID) if st.kind[p, r].any()]
    cols = [c for c in range(K.GRID) if st.kind[p, :, c].any()]
    if not rows:
        return ["  (empty)"]
    here = set()
    for g in range(K.MAX_GNOMES):
        if st.gnome[p, g, S.GN_STATE] in (S.GS_ACTIVE, S.GS_RESTING) and st.gnome[p, g, S.GN_HOST] == p:
            here.add((int(st.gnome[p, g, S.GN_ROW]), int(st.gnome[p, g, S.GN_COL])))
    out = []
    for r in range(rows[0], rows[-1] + 1):
        cells = []
        for c in range(cols[0], cols[-1] + 1):
            t = _tile(st, catalog, p, r, c)
            cells.append(f"[{t.strip()[:2]:<2}]"[:4] if (r, c) in here else f"{t:<4}"[:4])
        out.append("  " + "".join(cells).rstrip())
    return out


def objectives_summary(st, catalog) -> list[str]:
    lines = []
    for p in range(int(st.sc[S.S_PLAYERS])):
        tag = " (focal)" if p == st.sc[S.S_FOCAL] else ""
        happy = ", the Happy Gnome" if st.sc[S.S_HAPPY] == p else ""
        lines.append(f"player {p}{tag}: {st.pl[p, S.P_POINTS]} points, {st.pl[p, S.P_PLACED]} gnomes, "
                     f"{st.pl[p, S.P_COINS]} coins, {st.pl[p, S.P_TILES]} tiles{happy}")
        lines.extend(village_lines(st, catalog, p))
    lines.append("key: H/h house lights on/off; C P S G workshop (capital: active); two letters: a "
                 "business; roads as lines, # a blockade; [..] a gnome")
    lines.append(f"{st.sc[S.S_ROUND]} rounds, {st.sc[S.S_TURN]} turns")
    return lines
