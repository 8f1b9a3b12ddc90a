"""Decode the kernel's event buffer into a readable game log or JSON-lines records."""
from __future__ import annotations

import numpy as np

from . import consts as K
from .catalog import Catalog

RES = ("Smurfberry", "log", "stone")
RES_PLURAL = ("Smurfberries", "logs", "stones")
FACE_TEXT = {
    K.FACE_NOTHING: "no effect", K.FACE_AZRAEL: "Azrael moves {n}", K.FACE_CRACOUCASS: "Cracoucass attack",
    K.FACE_SHORTAGE: "Shortage {n}", K.FACE_DESTROY_INVENTION: "Invention destruction",
    K.FACE_SMURF_HUNT: "Smurf hunt", K.FACE_FIND: "Find", K.FACE_BRIGHT_IDEA: "Bright idea",
}
EVENT_NAMES = {
    K.EV_ROUND: "round", K.EV_TURN: "turn", K.EV_PLAY: "play", K.EV_DRAW: "draw",
    K.EV_RESHUFFLE: "reshuffle", K.EV_PLACE: "place", K.EV_PAY: "pay", K.EV_ROLL: "roll",
    K.EV_GAIN: "gain", K.EV_LOSE: "lose", K.EV_AZRAEL: "azrael", K.EV_KIDNAP: "kidnap",
    K.EV_DISCARD: "discard", K.EV_RESCUE_NEST: "free-nest", K.EV_BUILD: "build",
    K.EV_RELOCATE: "relocate", K.EV_CRAFT: "craft", K.EV_INV_DISCARD: "invention-discard",
    K.EV_IDEA: "idea", K.EV_CAKE: "cake", K.EV_RETURN: "return", K.EV_GARGAMEL: "gargamel",
    K.EV_HOUSE_DESTROYED: "house-destroyed", K.EV_FIRST_PLAYER: "first-player",
    K.EV_OUTCOME: "outcome", K.EV_ACTION: "action", K.EV_NO_PLACEMENT: "no-placement",
    K.EV_NOTHING: "nothing", K.EV_SETUP_HOUSE: "setup-house", K.EV_SETUP_CAKE: "setup-cake",
    K.EV_DEAL: "deal", K.EV_ABILITY: "ability", K.EV_USE: "use-invention", K.EV_REWIND: "rewind",
    K.EV_MEEPLE_IN: "meeple-in", K.EV_MEEPLE_OUT: "meeple-out",
}
OP_TEXT = {
    "forbid-locations": "", "no-inventions": "no crafted invention may be used this turn",
    "lose": "", "roll-danger": "rolls the danger die", "draw": "", "gain-choice": "",
    "gain-same": "", "free-nest": "", "draw-lost": "", "reveal-ideas": "", "craft-discount": "",
    "move-azrael": "", "azrael-to": "", "prepare-cake": "a cake is prepared",
    "collect": "", "collect-delta": "", "collect-identical": "identical resources",
    "collect-any-type": "another resource type", "collect-extra-same": "1 extra resource",
    "collect-bonus": "", "collect-also": "", "force-danger": "the danger die must be rolled",
    "skip-danger": "no danger die", "skip-azrael": "no Azrael die",
    "extra-cost": "1 more resource to pay", "discount": "", "build-discount": "1 resource less",
    "rescue-gain-different": "2 different resources for the rescue",
    "rescue-second-draw": "a second lost Smurf", "perform-reveal-ideas": "",
    "ignore-danger": "the danger die's result is ignored", "rewind": "Gargamel's card goes back",
    "extra-meeple": "", "second-lost": "a second lost Smurf (not a rescue)",
    "shortage-reduce": "1 resource fewer lost", "no-cracoucass-discard": "no card discarded",
    "azrael-slow": "Azrael moves 1 less", "no-house-destroy": "the houses stand",
}
NOTHING_TEXT = {
    K.NOTHING_EFFECT: "   (nothing to do)",
    K.NOTHING_TO_LOSE: "   the stock is empty: nothing to lose",
    K.NOTHING_TO_HUNT: "   no positive Smurf in hand: the hunt finds nothing",
    K.NOTHING_TO_DESTROY: "   no crafted invention to destroy",
    K.NOTHING_UNPAID: "   the stock can no longer pay the action: it is not performed",
}


def _amount(r, n):
    return f"{n} {RES[r] if n == 1 else RES_PLURAL[r]}"


class Namer:
    """Human names for the ids in events."""

    def __init__(self, cat: Catalog):
        self.cat = cat

    def card(self, c):
        return self.cat.smurfs[c]["name"] if c >= 0 else "no card"

    def kind(self, c):
        return self.cat.smurfs[c]["kind"]

    def action(self, a):
        row = self.cat.actions[a]
        loc = next(l["name"] for l in self.cat.locations if l["id"] == row["location"])
        return f"{loc} ({row['slot']})"

    def location(self, i):
        return self.cat.locations[i]["name"]

    def inv(self, i):
        return self.cat.inventions[i]["name"]

    def cake(self, i):
        return self.cat.cakes[i]["name"]

    def garg(self, i):
        return self.cat.gargamel[i]["name"]

    def face(self, die, face):
        parts = []
        for res in self.cat.dice[die]["faces"][face]:
            code = K.FACE_RESULTS[res["result"]]
            parts.append(FACE_TEXT[code].format(n=res.get("amount", 1)))
        return " + ".join(parts)

    def die(self, d):
        return ("white danger die", "red danger die", "Azrael die")[d]


def describe(ev, nm: Namer) -> str | None:
    """One event as a line of the log (None for events folded into others)."""
    kind, rnd, player, a, b, c = (int(x) for x in ev)
    P = f"P{player + 1}"
    if kind == K.EV_ROUND:
        return f"== Round {rnd} == First Player P{a + 1}, {b} meeple{'' if b == 1 else 's'} on the esplanade"
    if kind == K.EV_TURN:
        return f"-- {P}'s turn ({a} meeple{'' if a == 1 else 's'} on the esplanade)"
    if kind == K.EV_PLAY:
        how = "draws and plays" if b else "plays"
        return f"   {P} {how} {nm.card(a)} [{nm.kind(a)}]" if a >= 0 else f"   {P} has no card to play"
    if kind == K.EV_DRAW:
        src = ("draws", "rescues from the Dark Forest", "takes from the additional pile")[b]
        return f"   {P} {src}: {nm.card(a)}"
    if kind == K.EV_RESHUFFLE:
        return f"   the discard pile ({a} cards) is shuffled into a new Smurf deck"
    if kind == K.EV_PLACE:
        if a >= K.N_ACTIONS:
            return f"   meeple on the invention {nm.inv(a - K.N_ACTIONS)}"
        fill = "fills it" if c else "waits for a partner"
        return f"   meeple to {nm.action(a)}, space {b + 1}: {fill}"
    if kind == K.EV_ABILITY:
        name = nm.card(b) if a == K.FROM_SMURF else nm.inv(b)
        what = OP_TEXT.get(K.EFFECT_OPS[c], "")
        return f"   ability: {name} ({K.EFFECT_OPS[c]}{': ' + what if what else ''})"
    if kind == K.EV_USE:
        return f"   uses {nm.inv(a)}" + (" (new action)" if b else " (single use)")
    if kind == K.EV_REWIND:
        return f"   Rewind Spell: {nm.garg(a)} goes to the bottom of Gargamel's deck"
    if kind == K.EV_MEEPLE_IN:
        return f"   a meeple joins the esplanade ({a} meeples in play)"
    if kind == K.EV_MEEPLE_OUT:
        return f"   a meeple leaves the game ({a} meeples in play)"

    if kind == K.EV_ACTION:
        return f"   performs {nm.action(a)}{' (dangerous)' if b else ''}"
    if kind == K.EV_PAY:
        return f"   pays {_amount(a, b)}"
    if kind == K.EV_ROLL:
        return f"   rolls the {nm.die(a)}: {nm.face(a, b)}"
    if kind == K.EV_GAIN:
        return f"   gains {_amount(a, b)}"
    if kind == K.EV_LOSE:
        return f"   loses {_amount(a, b)}"
    if kind == K.EV_AZRAEL:
        return f"   Azrael moves from the {nm.location(a)} to the {nm.location(b)}"
    if kind == K.EV_KIDNAP:
        return ("   the Cracoucass carries a meeple off to its nest" if a
                else "   the Cracoucass finds no meeple on the esplanade")
    if kind == K.EV_DISCARD:
        if c == K.DISCARD_END_OF_TURN:
            return None
        return f"   P{b + 1} discards {nm.card(a)} {K.DISCARD_WHY[c]}"
    if kind == K.EV_RESCUE_NEST:
        return f"   a meeple is freed from the nest ({a} left there)"
    if kind == K.EV_BUILD:
        return f"   builds house {a + 1} ({nm.cat.roofs[b]['id']})"
    if kind == K.EV_RELOCATE:
        return f"   relocates {nm.card(a)}" + (f" from P{b + 1}'s hand" if b >= 0 else " from the discard pile")
    if kind == K.EV_CRAFT:
        return f"   crafts {nm.inv(a)}" + (f" for {b} Smurfberr{'y' if b == 1 else 'ies'}" if b else " for free")
    if kind == K.EV_INV_DISCARD:
        return f"   {nm.inv(a)} is discarded ({K.INV_OUT_WHY[b]})"
    if kind == K.EV_IDEA:
        return f"{'Setup:' if rnd == 0 else '  '} new idea: {nm.inv(a)}"
    if kind == K.EV_CAKE:
        return f"   cake prepared: {nm.cake(a)}"
    if kind == K.EV_RETURN:
        kept = f", {b} kept in the nest by the Hungry Cracoucass" if b else ""
        return f"   end of round: the meeples return ({a} on the esplanade{kept})"
    if kind == K.EV_GARGAMEL:
        g = nm.cat.gargamel[a]
        return f"   Gargamel reveals {g['name']} ({g['timing']}): {g['text']}"
    if kind == K.EV_HOUSE_DESTROYED:
        return f"   house {a + 1} is destroyed"
    if kind == K.EV_FIRST_PLAYER:
        return None
    if kind == K.EV_OUTCOME:
        if a == K.WIN:
            return "** The Smurfs win: all three objectives hold **"
        return f"** The Smurfs lose ({K.LOSS_REASONS[b]}) **"
    if kind == K.EV_NO_PLACEMENT:
        if b:
            return "   no meeple left on the esplanade to place"
        return "   no legal space: the meeple sits out the round"
    if kind == K.EV_NOTHING:
        return NOTHING_TEXT.get(a, "   (nothing to do)")
    if kind == K.EV_SETUP_HOUSE:
        cost = nm.cat.roofs[b]["cost"]
        return (f"Setup: house {a + 1} has {nm.cat.roofs[b]['id']} ("
                + ", ".join(f"{v} {k}" for k, v in cost.items()) + ")")
    if kind == K.EV_SETUP_CAKE:
        return f"Setup: cake {nm.cake(a)}: {nm.cat.cakes[a]['text']}"
    if kind == K.EV_DEAL:
        return None
    return f"   event {kind} {a} {b} {c}"


def event_records(events: np.ndarray, cat: Catalog):
    """Events as dicts for JSON lines (ids resolved to data ids)."""
    nm = Namer(cat)
    for ev in events:
        kind, rnd, player, a, b, c = (int(x) for x in ev)
        rec = {"event": EVENT_NAMES.get(kind, str(kind)), "round": rnd, "player": player + 1}
        if kind in (K.EV_PLAY, K.EV_DRAW, K.EV_DISCARD, K.EV_RELOCATE, K.EV_DEAL):
            rec["card"] = cat.smurfs[a]["id"] if a >= 0 else None
        if kind == K.EV_DEAL:
            rec["player"] = b + 1
        elif kind == K.EV_SETUP_HOUSE:
            rec["house"] = a + 1
            rec["roof"] = cat.roofs[b]["id"]
        elif kind == K.EV_SETUP_CAKE:
            rec["cake"] = cat.cakes[a]["id"]
        if kind == K.EV_PLACE and a >= K.N_ACTIONS:
            rec["invention"] = cat.inventions[a - K.N_ACTIONS]["id"]
        elif kind in (K.EV_PLACE, K.EV_ACTION):
            rec["action"] = cat.actions[a]["id"]
        if kind == K.EV_ABILITY:
            rec["card"] = (cat.smurfs if a == K.FROM_SMURF else cat.inventions)[b]["id"]
            rec["op"] = K.EFFECT_OPS[c]
        elif kind == K.EV_USE:
            rec["invention"] = cat.inventions[a]["id"]
        elif kind == K.EV_REWIND:
            rec["gargamel"] = cat.gargamel[a]["id"]
        if kind in (K.EV_PAY, K.EV_GAIN, K.EV_LOSE):
            rec["resource"] = cat.resources[a]
            rec["amount"] = b
        elif kind == K.EV_ROLL:
            rec["die"] = cat.dice[a]["id"]
            rec["face"] = b + 1
            rec["result"] = nm.face(a, b)
        elif kind == K.EV_AZRAEL:
            rec["from"] = cat.locations[a]["id"]
            rec["to"] = cat.locations[b]["id"]
        elif kind in (K.EV_CRAFT, K.EV_INV_DISCARD, K.EV_IDEA):
            rec["invention"] = cat.inventions[a]["id"]
        elif kind == K.EV_CAKE:
            rec["cake"] = cat.cakes[a]["id"]
        elif kind == K.EV_GARGAMEL:
            rec["gargamel"] = cat.gargamel[a]["id"]
        elif kind == K.EV_OUTCOME:
            rec["outcome"] = "win" if a == K.WIN else "loss"
            rec["loss_reason"] = K.LOSS_REASONS[b] or None
        rec["args"] = [a, b, c]
        yield rec


def format_log(events: np.ndarray, cat: Catalog) -> list[str]:
    """The readable log: one line per event, the setup's dealt hands one line per player."""
    nm = Namer(cat)
    out = []
    hands: dict[int, list[str]] = {}
    for ev in events:
        if int(ev[0]) == K.EV_DEAL:
            hands.setdefault(int(ev[4]), []).append(nm.card(int(ev[3])))
            continue
        if hands:
            out.extend(f"Setup: P{p + 1} is dealt " + ", ".join(cards) for p, cards in hands.items())
            hands = {}
        line = describe(ev, nm)
        if line is not None:
            out.append(line)
    return out


def objectives_summary(st, cat: Catalog) -> list[str]:
    """The three objectives at the end of a game (HV-G01)."""
    from . import state as S
    forest = int(st.pile_n[S.P_FOREST])
    nh = int(st.sc[S.S_N_HOUSES])
    built = int(st.house_built[:nh].sum())
    nc = int(st.sc[S.S_N_CAKES])
    cakes = [(cat.cakes[int(st.cake[i])]["name"], bool(st.cake_done[i])) for i in range(nc)]
    done = sum(1 for _, d in cakes if d)
    return [
        f"Rescue the lost Smurfs: {'done' if forest == 0 else f'{forest} still in the Dark Forest'}",
        f"Build the mushroom houses: {built}/{nh} built",
        f"Prepare the cakes: {done}/{nc} prepared ("
        + ", ".join(f"{n}{' done' if d else ''}" for n, d in cakes) + ")",
    ]
