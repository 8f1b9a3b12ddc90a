"""The cake race's game log: decode the event buffer into lines or JSON records."""
from __future__ import annotations

from ...gamekit import event_log, event_names
from . import consts as K
from . import state as S

_ROLL_FOR = {K.ROLL_MOVE: "move", K.ROLL_TAKE: "take cakes", K.ROLL_GARGAMEL: "Gargamel",
             K.ROLL_FLEE: "flee", K.ROLL_CAT: "cat", K.ROLL_CAUGHT: "caught: cakes kept"}
_EV_NAMES = event_names(K)


def _line(e, cat) -> str | None:
    kind, rnd, p, a, b, c = (int(x) for x in e)
    pt = cat.point_name
    who = f"Smurf {p}"
    if kind == K.EV_TURN:
        return f"round {rnd}, {who} at {pt(a)} carrying {b}, {c} secured"
    if kind == K.EV_ROLL:
        return f"  rolls {a} ({_ROLL_FOR.get(b, b)})"
    if kind == K.EV_MOVE and a == b:
        return f"  stays at {pt(a)}: the roll overshoots a start (exact_home)"
    if kind == K.EV_MOVE:
        return f"  {'flees' if c else 'moves'} {pt(a)} -> {pt(b)}"
    if kind == K.EV_TAKE:
        return f"  takes {a} cake{'s' if a != 1 else ''}: carrying {b}, {c} left on the big cake"
    if kind == K.EV_CARD:
        return f"  turns a card at {pt(b)}: {K.CARD_NAMES.get(a, a)}"
    if kind == K.EV_HAT_KEPT:
        return f"  keeps the hat ({a} held)"
    if kind == K.EV_HAT_USED:
        return f"  shows a hat: no chase ({a} held)"
    if kind == K.EV_GARGAMEL:
        return f"  Gargamel: keeps {a}, {b} back to the big cake, sent to {pt(c)}"
    if kind == K.EV_SECURE:
        return f"  secures {a} cake{'s' if a != 1 else ''} ({b} secured)"
    if kind == K.EV_CHASE:
        return f"  Azrael gives chase from {pt(a)}"
    if kind == K.EV_CAT_MOVE:
        return f"  the cat runs {pt(a)} -> {pt(b)}"
    if kind == K.EV_CAUGHT:
        return f"  caught! {a} cake{'s' if a != 1 else ''} lost, {b} cat marker{'s' if b != 1 else ''}, back to {pt(c)}"
    if kind == K.EV_SAFE:
        return f"  safe at {pt(a)}"
    if kind == K.EV_ELIMINATED:
        return f"  {who} is eliminated ({a} cat markers)"
    if kind == K.EV_STAY:
        return "  leaves the cake" if a else "  stays at the cake"
    if kind == K.EV_END:
        out = (f"Smurf {b} wins" if b >= 0 else "no sole winner") + (" (cut by the round cap)" if c else "")
        return f"game over after round {rnd}: {out}; focal Smurf {p}: {K.OUTCOMES.get(a, a)}"
    return None


format_log, event_records = event_log(_line, _EV_NAMES)


def objectives_summary(st, catalog) -> list[str]:
    lines = []
    for p in range(int(st.sc[S.S_PLAYERS])):
        tag = " (focal)" if p == st.sc[S.S_FOCAL] else ""
        lines.append(f"Smurf {p}{tag}: {st.pl[p, S.P_SECURED]} secured, {st.pl[p, S.P_MARKERS]} cat "
                     f"markers" + (", eliminated" if st.pl[p, S.P_ELIM] else ""))
    lines.append(f"big cake {st.sc[S.S_CAKE_LEFT]} left, {st.sc[S.S_REMOVED]} removed by the cat, "
                 f"{st.sc[S.S_RETURNED]} returned by Gargamel; {st.sc[S.S_ROUND]} rounds")
    return lines
