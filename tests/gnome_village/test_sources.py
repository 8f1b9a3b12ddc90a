"""Every rulebook citation of Gnome Village is checkable, and checked (a citation names the line its words are on).

A citation is `rb L<n>` (or a range `rb L<a>-L<b>`, or a list `rb L<a>, L<b>`) in the rules
checklist, the data files, the knobs' evidence, the game's modules and its doc page. A quote
written beside a line number, `rb L31 "Businesses (24)"` or `"Businesses (24)" (rb L31)`, must
be the words of that line (of one line of a range); a "..." in a quote skips words. In the
checklist and the data files every citation carries at least one quote, so none goes
unchecked, and every quote of a single line is found on that line only, not on the lines
beside it: a citation shifted by a line fails (tests below shift some in memory)."""
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "simcore" / "games" / "gnome_village"
RULEBOOK = ROOT.parent / "shared" / "rulebooks" / "gnome-village.txt"
QUOTED = [GAME / "rules-checklist.md"] + sorted((GAME / "data").glob("*.toml"))
FILES = QUOTED + sorted(GAME.glob("*.py")) + sorted((ROOT / "strategies" / "gnome_village").glob("*.py")) \
    + [ROOT / "docs" / "gnome-village.md"]

ITEM = r"L(\d+)(?:-L(\d+))?"
QUOTE = r'(?:["“]([^"”\n]+)["”]|\'([^\'\n]+)\')'
QITEM = ITEM + r"(?::? " + QUOTE + ")?"                  # L31 "Businesses (24)"
CITATION = re.compile(r"rb (" + QITEM + r"(?:, " + QITEM + r")*)")
BEFORE = re.compile(QUOTE + r" \(rb " + ITEM)                  # "Businesses (24)" (rb L31)

needs_rulebook = pytest.mark.skipif(not RULEBOOK.is_file(), reason="the rulebook's text is not beside the project")


def rulebook():
    return RULEBOOK.read_text(encoding="utf-8").splitlines()


def norm(s):
    """Case, spacing and quotation marks aside (a quote inside a quote loses its marks)."""
    return " ".join(re.sub(r"['’\"“”]", "", s).split()).lower()


def citations(text):
    """(citation groups, quotes) of a file's text: each group a list of (first, last) line
    ranges, whether a quote is attached to it and where it starts; each quote (first, last,
    words, offset of its line number)."""
    text = text.replace('\\"', '"')
    quotes = []
    for m in BEFORE.finditer(text):
        first = int(m.group(3))
        quotes.append((first, int(m.group(4) or first), m.group(1) or m.group(2), m.start(3)))
    before = {q[3] for q in quotes}
    groups = []
    for m in CITATION.finditer(text):
        items, quoted = [], m.start(1) + 1 in before
        for it in re.finditer(QITEM, m.group(1)):
            first = int(it.group(1))
            last = int(it.group(2) or first)
            items.append((first, last))
            if it.group(3) or it.group(4):
                quotes.append((first, last, it.group(3) or it.group(4), m.start(1) + it.start() + 1))
                quoted = True
        groups.append((items, quoted, m.start()))
    return groups, quotes


def holds(lines, first, last, words):
    """Do the words (a "..." skips words) stand, in order, on one of lines first..last?"""
    parts = [norm(p) for p in re.split(r"\.\.\.|…", words) if norm(p)]
    for n in range(first, last + 1):
        if not 1 <= n <= len(lines):
            return False
        line, at = norm(lines[n - 1]), 0
        for p in parts:
            at = line.find(p, at)
            if at < 0:
                break
            at += len(p)
        else:
            return True
    return False


def problems(text, lines, name="text"):
    """Each quote whose cited line does not hold it, one line each."""
    _, quotes = citations(text)
    return [f"{name}: rb L{a}{'-L' + str(b) if b != a else ''} does not hold {w!r}"
            for a, b, w, _ in quotes if not holds(lines, a, b, w)]


def test_the_files_cite_the_rulebook_and_quote_it():
    found = {f.name: citations(f.read_text()) for f in FILES}
    assert sum(len(g) for g, _ in found.values()) >= 150
    assert sum(len(q) for _, q in found.values()) >= 120


@needs_rulebook
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_each_quote_is_the_words_of_the_line_it_cites(path):
    assert problems(path.read_text(), rulebook(), path.name) == []


@pytest.mark.parametrize("path", QUOTED, ids=lambda p: p.name)
def test_every_citation_of_the_checklist_and_the_data_carries_a_quote(path):
    groups, _ = citations(path.read_text())
    text = path.read_text()
    bare = [text[at:at + 40].split("\n")[0] for items, quoted, at in groups if not quoted]
    assert bare == []


@needs_rulebook
@pytest.mark.parametrize("path", QUOTED, ids=lambda p: p.name)
def test_a_single_line_quote_is_not_on_the_lines_beside_it(path):
    """So shifting any such citation by one line, either way, fails the check."""
    lines = rulebook()
    _, quotes = citations(path.read_text())
    near = [(a, w) for a, b, w, _ in quotes if a == b and
            (holds(lines, a - 1, a - 1, w) or holds(lines, a + 1, a + 1, w))]
    assert near == []


@needs_rulebook
@pytest.mark.parametrize("before,after", [
    ('BASE_BUSINESSES = 24        # GV-B01: rb L32 "Businesses (24)"',
     'BASE_BUSINESSES = 24        # GV-B01: rb L31 "Businesses (24)"'),
    ('GV-G06 Gnomes are limited to the 20 of the box (5 per player) (rb L36 "Gnomes (20)")',
     'GV-G06 Gnomes are limited to the 20 of the box (5 per player) (rb L35 "Gnomes (20)")'),
    ("'All Road tiles must be connected to each other' (rb L62)",
     "'All Road tiles must be connected to each other' (rb L63)"),
])
def test_a_citation_shifted_by_a_line_fails(before, after):
    """The check bites: the real text passes; the same text with one citation moved one line
    (the kind of slip this check first found several of) fails, naming it."""
    lines = rulebook()
    text = next(f.read_text() for f in FILES if before in f.read_text())
    assert problems(text, lines) == []
    found = problems(text.replace(before, after), lines)
    assert len(found) == 1 and "L" + re.search(r"rb L(\d+)", after).group(1) in found[0]


def test_a_quote_needs_its_own_words():
    lines = ["Houses (20)", "Roads (45)", "Businesses (24)"]
    assert holds(lines, 2, 2, "Roads (45)") and not holds(lines, 1, 1, "Roads (45)")
    assert holds(lines, 1, 3, "Businesses (24)") and not holds(lines, 1, 2, "Businesses (24)")
    assert holds(["You may perform an action ... 2 turns in a row!"], 1, 1, "You may ... in a row")
    assert not holds(lines, 4, 4, "Roads")
    groups, quotes = citations('x = 1   # rb L2 "Roads (45)"\ny = 2   # rb L3\n"Houses (20)" (rb L1)')
    assert [(it, q) for it, q, _ in groups] == [([(2, 2)], True), ([(3, 3)], False), ([(1, 1)], True)]
    assert sorted((a, w) for a, _, w, _ in quotes) == [(1, "Houses (20)"), (2, "Roads (45)")]
