"""The README's and the manual's code examples, found by their markers: a fenced block between
`<!-- example: NAME -->` and `<!-- end example -->`. The tests that run them name them here,
so tests/test_docs.py can check that no marked example goes unrun."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
MANUAL = ROOT / "docs"
MARK = re.compile(r"<!-- example: (?P<name>[^ ]+) -->\n(?P<body>.*?)<!-- end example -->", re.S)

# name -> the test that runs it
RUN_BY = {
    "from-python": "tests/test_api.py::test_the_manual_from_python_example_runs_and_draws_its_figure",
    "my_strategies.py": "tests/test_strategies.py::test_the_manual_plugin_example_runs_from_the_command_line",
}


def pages() -> list[Path]:
    return [README] + sorted(MANUAL.glob("*.md"))


def marked() -> list[tuple[str, Path, str]]:
    """(name, file, code) of every marked example, in file order."""
    out = []
    for page in pages():
        for m in MARK.finditer(page.read_text()):
            body = m["body"].strip()
            code = re.sub(r"^```\w*\n", "", body).removesuffix("```").strip() + "\n"
            out.append((m["name"], page, code))
    return out


def example(name: str) -> tuple[str, str]:
    """(code, where) of the one example marked `name`; AssertionError if it is not exactly one."""
    found = [(code, str(page.relative_to(ROOT))) for n, page, code in marked() if n == name]
    assert len(found) == 1, f"example '{name}' is marked {len(found)} times in README.md and docs/"
    return found[0]
