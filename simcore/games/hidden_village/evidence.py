"""What the rulebook's words must say for a field of a card or an action to count as the
rulebook's (plain Python, no kernels).

A data entry claims a field for the rulebook when the field's source (`<field>_source`, else the
entry's `source`) is "rulebook"; its `rulebook` key quotes the rulebook (passages joined by
" [...] "). `unsupported(category, row, ...)` lists every rulebook claim the quote does not
state, one line each: tests/hidden_village/test_sources.py requires none, and that each quoted
passage is the rulebook's own words. A claim is stated when one of the phrases below for its
value occurs in the quote, and every number and name the value carries occurs there too (a
phrase may fix the number itself: "The extra resource" is 1). A value no phrase is listed for
(a durable type, a free cost, a safe action) cannot be the rulebook's: the rulebook prints
no such thing, so those fields say `<field>_source = "assumed"`.
"""
from __future__ import annotations

import re

QUOTE_SEPARATOR = " [...] "
RESOURCE_WORDS = {"berry": "Smurfberr", "log": "log", "stone": "stone"}
LOCATION_WORDS = {"dark-forest": "Dark Forest", "stream": "Stream", "sawmill": "Sawmill",
                  "bushes": "Bushes", "river": "River", "workshop": "Workshop",
                  "shelter": "Shelter", "construction-site": "Construction Site"}

# a Smurf card's kind, an invention's type, a Gargamel card's timing: the phrases stating each
KIND = {
    "starting": [r"starting Smurf"],
    # an ability conditioned on what this Smurf does after it is played must last the turn
    "lasting": [r"\bIf this Smurf\b", r"\bIf you use this Smurf at\b"],
}
TYPE = {
    # "Durable (no icon): [...] It stops if the card is discarded"
    "durable": [r"\bIf this card is discarded\b"],
}
TIMING = {
    "immediate": [r"reveals his card, which makes"],
    "too-late": [r"\bToo Late card\b"],
}
# an effect's op: phrases; a phrase's group, when it has one, is the effect's amount
# (collect-delta: "gain 1 fewer" is -1)
OPS = {
    "forbid-locations": [r"cannot perform any action at"],
    "no-inventions": [r"cannot use crafted inventions"],
    "collect-delta": [r"gain (\d+) fewer"],
    "lazy": [r"Neither of the two actions of the chosen location may contain another meeple"],
    "baby": [r"first space of an action that has 2, but never on the last"],
    "rescue-gain-different": [r"rescues another one .*collect (\d+) different resources"],
    "rescue-second-draw": [r"rescues another one from the Dark Forest, you may draw a second card"],
    "collect-any-type": [r"of a different type than the one indicated"],
    "collect-extra-same": [r"The extra resource must be of the type indicated"],   # 1 extra
    "extra-meeple": [r"put the 9th meeple into play"],
    "rewind": [r"apply the effect of the new Gargamel card"],
    "second-lost": [r"keep the second lost Smurf"],
    "gain-choice": [r"The (\d+) resources collected may be identical or different"],
    "lose-half": [r"lose half of the"],
    "lose-or-destroy": [r"not have enough resources and no house is built"],
}
IMPLIED_AMOUNT = {"collect-extra-same": 1}      # the phrase fixes it
CAKES = {
    "stock-total": r"Have (\d+) resources in the village stock",
    "danger-streak": r"Perform (\d+) dangerous actions in a row",
    "builds-in-round": r"Build (\d+) houses during the same round",
}
ACTION_EFFECTS = {"rescue": r"\brescue\b", "relocate": r"\brelocate\b", "collect": r"\bcollect\b"}


def quote_parts(row: dict) -> list:
    q = row.get("rulebook")
    return [p.strip() for p in q.split(QUOTE_SEPARATOR)] if isinstance(q, str) and q.strip() else []


def normalize(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _source(row, key):
    return row.get(f"{key}_source", row["source"])


def _stated(quote, phrases, amount=None) -> bool:
    """Does a phrase occur in the quote (and, with `amount`, say that number)?"""
    for p in phrases:
        for m in re.finditer(p, quote, flags=re.S):
            if amount is None or not m.groups() or int(m.group(1)) == abs(amount):
                return True
    return False


def _number(quote, n, word) -> bool:
    return re.search(rf"\b{n} {word}", quote) is not None


def _effect_problems(quote, eff) -> list:
    op = eff["op"]
    phrases = OPS.get(op)
    if not phrases:
        return [f"effect '{op}': no rulebook phrase states this op"]
    out = []
    amount = eff.get("amount")
    has_group = any(re.compile(p).groups for p in phrases)
    if not _stated(quote, phrases, amount if has_group else None):
        out.append(f"effect '{op}'" + (f" with amount {amount}" if amount is not None and has_group else "")
                   + ": the quote does not state it")
    if amount is not None and not has_group:
        implied = IMPLIED_AMOUNT.get(op)
        if implied is not None and implied != amount:
            out.append(f"effect '{op}': the quote implies amount {implied}, got {amount}")
        elif implied is None and not re.search(rf"\b{abs(amount)}\b", quote):
            out.append(f"effect '{op}': the quote does not give the amount {amount}")
    for loc in eff.get("locations", ()):
        if LOCATION_WORDS.get(loc, loc) not in quote:
            out.append(f"effect '{op}': the quote does not name the location '{loc}'")
    res = eff.get("resource")
    if res is not None and RESOURCE_WORDS.get(res, res) not in quote:
        out.append(f"effect '{op}': the quote does not name the resource '{res}'")
    return out


def unsupported(category: str, row: dict) -> list:
    """Every field of `row` (a card of `category`, or an action: category "action") claimed
    for the rulebook that its `rulebook` quote does not state, as words."""
    quote = normalize(" ".join(quote_parts(row)))
    claims = {"smurf": ("kind", "effects"), "invention": ("type", "effects", "cost"),
              "cake": ("requires",), "gargamel": ("timing", "effects", "azrael"),
              "action": ("spaces", "cost", "dangerous", "effect", "amount")}[category]
    claimed = [k for k in claims if _source(row, k) == "rulebook" and (k in row or k == "cost")]
    if not claimed:
        return []
    if not quote:
        return [f"claims {', '.join(claimed)} for the rulebook but quotes no 'rulebook' text"]
    out = []
    for k in claimed:
        v = row.get(k)
        if k in ("kind", "type", "timing"):
            table = {"kind": KIND, "type": TYPE, "timing": TIMING}[k]
            if not _stated(quote, table.get(v, [])):
                out.append(f"{k} '{v}': the quote does not state it")
        elif k == "effects":
            for eff in v:
                out += _effect_problems(quote, eff)
        elif k == "requires":
            m = re.search(CAKES.get(v, r"(?!)"), quote)
            if m is None or int(m.group(1)) != row["n"]:
                out.append(f"prerequisite '{v}' n = {row['n']}: the quote does not state it")
        elif k == "azrael":
            m = re.search(r"Azrael moves (\d+) location", quote)
            if m is None or int(m.group(1)) != v:
                out.append(f"Azrael value {v}: the quote does not state it")
        elif k == "cost":
            table = v if isinstance(v, dict) else {}
            if category == "invention":
                if not re.search(rf"\bcosts? {v} Smurfberr", quote):
                    out.append(f"cost {v}: the quote does not state it")
            elif not table:
                out.append("cost (free): the rulebook prints no free cost; say cost_source = \"assumed\"")
            for r, n in table.items():
                if not _number(quote, n, RESOURCE_WORDS.get(r, r)):
                    out.append(f"cost {n} {r}: the quote does not state it")
        elif k == "spaces":
            ns = [int(x) for x in re.findall(r"\b(\d+) (?:Smurfs?|meeples?)\b", quote)]
            ns += [1] if "costs only 1" in quote else []
            ns += [2] if "an empty space remains" in quote else []
            if v not in ns:
                out.append(f"spaces {v}: the quote does not state it")
        elif k == "dangerous":
            if not (v and re.search(r"\bis dangerous\b", quote)):
                out.append(f"dangerous = {str(v).lower()}: the quote does not state it")
        elif k == "effect":
            if not re.search(ACTION_EFFECTS.get(v, r"(?!)"), quote):
                out.append(f"effect '{v}': the quote does not state it")
            res = row.get("resource")
            if res is not None and RESOURCE_WORDS.get(res, res) not in quote:
                out.append(f"effect '{v}': the quote does not name the resource '{res}'")
        elif k == "amount":
            res = row.get("resource")
            if res is None or not _number(quote, v, RESOURCE_WORDS.get(res, res)):
                out.append(f"amount {v}: the quote does not state it")
    return out
