"""The Hobbit deck-builder's game log: the event buffer decoded into lines or JSON records,
and each player's cards at the end."""
from __future__ import annotations

from ...gamekit import event_log, event_names
from . import consts as K
from . import state as S

_EV_NAMES = event_names(K)
_STEPS = {1: "destroy the main deck", 2: "destroy the Path",
          3: "the five Hoarding Corruptions join the Corruption stack",
          4: "the DoS main deck, shuffled, takes the old one's place",
          5: "refill the Path from the new main deck",
          6: "its Ambushes resolve as Group Ambushes",
          7: "Smaug the Terrible starts the new archenemy stack",
          8: "the Level 4 Loot, shuffled, face down on him",
          9: "Smaug the Magnificent on top"}


def _card(cat, c) -> str:
    return cat.card_names[c] if 0 <= c < len(cat.card_names) else "-"


def _where(z) -> str:
    if z >= 20:
        return "the main deck"
    if z >= 10:
        return "the Path"
    return K.PLAYER_ZONES[z] if 0 <= z < len(K.PLAYER_ZONES) else "?"


def _line(e, cat) -> str | None:
    kind, turn, p, a, b, c = (int(x) for x in e)
    who = f"player {p}"
    if kind == K.EV_TURN:
        hero = cat.hero_names[b] if 0 <= b < len(cat.hero_names) else "?"
        return f"turn {turn} (round {a}), {who} ({hero})"
    if kind == K.EV_PLAY:
        return f"  plays {_card(cat, a)} (Power {b})"
    if kind == K.EV_BUY:
        return f"  buys {_card(cat, a)} for {b}" + (" (Valor)" if c else "")
    if kind == K.EV_FIGHT:
        gained = "nothing" if c < 0 else ("the card itself" if c == a else _card(cat, c))
        return f"  defeats {_card(cat, a)} for {b} Power, gains {gained}"
    if kind == K.EV_AMBUSH:
        return f"  Ambush of {_card(cat, a)} hits player {b}" + (": avoided" if c else "")
    if kind == K.EV_GROUP:
        return f"  Group Ambush of {_card(cat, a)} on player {b}" + (": avoided" if c else "")
    if kind == K.EV_ATTACK:
        return f"  Attack of {_card(cat, a)} on player {b}" + (": avoided" if c else "")
    if kind == K.EV_DESTROY:
        return f"  destroys {_card(cat, a)} from {_where(b)}"
    if kind == K.EV_STASH:
        return f"  player {b} Stashes {_card(cat, a)}"
    if kind == K.EV_GAIN:
        return None if c else f"  player {b} gains {_card(cat, a)}"
    if kind == K.EV_CHAPTER:
        extra = f" ({b} cards)" if a in (4, 8) else ""
        head = "the chapter changes: The Desolation of Smaug\n" if a == 1 else ""
        return f"{head}  step {a}: {_STEPS.get(a, a)}{extra}"
    if kind == K.EV_REFILL:
        return f"  {'Smaug the Terrible puts' if c else 'the Path gets'} {_card(cat, a)} into slot {b}"
    if kind == K.EV_DRAW:
        return None                                  # its cards are the EV_DRAWN before it
    if kind == K.EV_DRAWN:                           # format_log gathers a player's draws
        return f"  player {b} draws {_card(cat, a)}"
    if kind == K.EV_DEFEND:
        return f"  player {b} discards {_card(cat, a)} to avoid {_card(cat, c)}"
    if kind == K.EV_UNDER:
        return f"  player {b} puts {_card(cat, a)} face down under {_card(cat, c)}"
    if kind == K.EV_REMOVE:
        return f"  {_card(cat, a)} leaves the game (no VP, no Loot left under it)"
    if kind == K.EV_DISCARD:
        return f"  player {b} discards {_card(cat, a)}" + (" from his deck" if c == 1 else "")
    if kind == K.EV_SCORE:
        return f"player {b}: {a} VP ({c} cards in the Stash)"
    if kind == K.EV_END:
        out = f"player {b} wins" if b >= 0 else "no sole winner"
        return f"game over after turn {turn}: {K.END_NAMES.get(a, a)}; {out}"
    return None


_format_lines, event_records = event_log(_line, _EV_NAMES)


def format_log(events, catalog) -> list[str]:
    """The log's lines; the cards a player draws in a row on one line ("player 1 draws ...")."""
    out, run, who = [], [], -1

    def flush():
        if run:
            out.append(f"  player {who} draws {', '.join(run)}")
            run.clear()

    for e in events:
        kind, p, a = int(e[0]), int(e[2]), int(e[3])
        if kind == K.EV_DRAWN:
            if int(e[4]) != who:
                flush()
            who = int(e[4])
            run.append(_card(catalog, a))
            continue
        if kind == K.EV_DRAW:
            continue
        flush()
        out.extend(_format_lines([e], catalog))
    flush()
    return out


def objectives_summary(st, catalog) -> list[str]:
    lines = []
    for p in range(int(st.sc[S.S_PLAYERS])):
        tag = " (focal)" if p == st.sc[S.S_FOCAL] else ""
        hero = catalog.hero_names[int(st.pl[p, S.P_HERO])]
        n = int(sum(int(st.zn[p, z]) for z in range(K.N_PLAYER_ZONES)))
        lines.append(f"player {p}{tag}, {hero}: {st.pl[p, S.P_VP]} VP, {n} cards, "
                     f"{st.zn[p, K.Z_STASH]} in the Stash, {st.pl[p, S.P_CORRUPTIONS]} Corruptions "
                     f"gained, {st.pl[p, S.P_DEFEATS]} defeats")
    end = K.END_NAMES.get(int(st.sc[S.S_END]), "")
    chapter = (f"the chapter changed at the end of turn {st.sc[S.S_CHAPTER_TURN]}"
               if st.sc[S.S_CHAPTER] and st.sc[S.S_CHAPTER_TURN] else
               ("played from the chapter change" if st.sc[S.S_CHAPTER] else
                "still in An Unexpected Journey"))
    lines.append(f"{st.sc[S.S_TURN]} turns, {st.sc[S.S_ROUND]} rounds; {chapter}; ended by {end}")
    return lines
