"""The Hobbit's rules checklist quotes its sources, and the quotes are checked: every rule
tagged [seed: ...] carries at least one quote of the expansion's rulebook, found in the rulebook
file; every [review: ...] quote is found in the review's facts (game-facts 4.1) and none of
them is a sentence of the seed (a seed sentence under the review's tag is a mislabel)."""
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHECKLIST = ROOT / "simcore" / "games" / "hobbit" / "rules-checklist.md"
RULEBOOK = ROOT.parent / "shared" / "rulebooks" / "desolation-of-smaug.txt"
FACTS = ROOT.parent / "shared" / "facts" / "game-facts.md"

needs_sources = pytest.mark.skipif(not (RULEBOOK.is_file() and FACTS.is_file()),
                                   reason="the rulebook and the facts are not beside the project")
RULE = re.compile(r"^- (HB-[A-Z]\d\d) (.*)$")


def norm(s):
    """Case, spacing, dashes, markdown emphasis and quotation marks aside."""
    s = re.sub(r"[‘’'\"“”*]", "", s).replace("–", "-").replace("—", "-")
    return " ".join(s.split()).lower()


def tags(text):
    """{source: [quotes]} of a rule's text: each [..] group split on ';' into `source: ...`
    parts (a bare [seed] is a part with no quote)."""
    out = {}
    for group in re.findall(r"\[([^\[\]]*)\]", text):
        for part in group.split(";"):
            m = re.match(r"\s*(seed|review|sister|ours)\b:?(.*)$", part, re.S)
            if m:
                out.setdefault(m.group(1), []).extend(re.findall(r'"([^"]+)"', m.group(2)))
    return out


def rules():
    return [(m.group(1), tags(m.group(2))) for m in map(RULE.match, CHECKLIST.read_text().splitlines()) if m]


def review_facts():
    text = FACTS.read_text(encoding="utf-8")
    return text[text.index("### 4.1"):text.index("### 4.2")]


def holds(source, quote):
    """Do the quote's words (a "..." skips words) stand in order in the source?"""
    src, at = norm(source), 0
    for piece in (norm(p) for p in re.split(r"\.\.\.|…", quote)):
        if piece:
            at = src.find(piece, at)
            if at < 0:
                return False
            at += len(piece)
    return True


def test_every_rule_says_where_it_comes_from():
    found = rules()
    assert len(found) >= 80
    assert [rid for rid, t in found if not t] == []


def test_a_rule_tagged_seed_carries_a_quote():
    assert [rid for rid, t in rules() if "seed" in t and not t["seed"]] == []


@needs_sources
def test_each_seed_quote_is_the_rulebooks_words():
    book = RULEBOOK.read_text(encoding="utf-8")
    bad = [(rid, q) for rid, t in rules() for q in t.get("seed", []) if not holds(book, q)]
    assert bad == []


@needs_sources
def test_each_review_quote_is_the_reviews_words_and_not_the_seeds():
    book, facts = RULEBOOK.read_text(encoding="utf-8"), review_facts()
    quotes = [(rid, q) for rid, t in rules() for q in t.get("review", [])]
    assert len(quotes) >= 8
    assert [(rid, q) for rid, q in quotes if not holds(facts, q)] == []
    assert [(rid, q) for rid, q in quotes if holds(book, q)] == []


def test_the_check_bites():
    """A quote the rulebook does not hold, a seed tag with no quote, a seed sentence filed as
    the review's: each is caught."""
    book = "Cards under Smaug are considered Loot cards. Draw five cards."
    assert holds(book, "Cards under Smaug are considered Loot cards")
    assert holds(book, "Cards under Smaug ... Loot cards")
    assert not holds(book, "Cards under Smaug the Terrible are Loot")
    t = tags('Text [seed: "Draw five cards", "b"; ours: x] [sister]')
    assert t == {"seed": ["Draw five cards", "b"], "ours": [], "sister": []}
    assert tags("Text [seed]") == {"seed": []}
