"""The README is a short guide and the manual (docs/, mkdocs) builds with no warning: its links
and anchors resolve, every page is in the navigation, the README's links into the manual land
on a page and a heading, its command lines use options the commands have, and every marked code
example is run by a test (tests/doc_examples.py)."""
import os
import re
import shlex
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from experiments.cli import app
from tests.doc_examples import MANUAL, README, ROOT, RUN_BY, marked

README_MAX_LINES = 400


def test_the_readme_is_a_guide_of_at_most_400_lines():
    lines = README.read_text().splitlines()
    assert len(lines) <= README_MAX_LINES, f"README.md has {len(lines)} lines"
    headings = [line for line in lines if line.startswith("## ")]
    for section in ("## Quick start", "## The questions it answers", "## Commands", "## Assumptions"):
        assert section in headings


def test_the_readme_quick_start_is_the_two_scripts():
    quick = README.read_text().split("## Quick start")[1].split("\n## ")[0]
    block = quick.split("```")[1]
    commands = [line.split("#")[0].strip() for line in block.strip().splitlines()]
    assert commands == ["scripts/report", "scripts/test"]


def test_the_manual_builds_with_no_warning(tmp_path):
    """mkdocs --strict (as scripts/docs runs it): a broken link or anchor, a page missing from
    the navigation or a navigation entry without its page fails the build."""
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    r = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet",
                        "--site-dir", str(tmp_path / "site")],
                       cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    for page in MANUAL.glob("*.md"):
        assert (tmp_path / "site" / page.with_suffix(".html").name).is_file(), page.name


def test_scripts_docs_builds_strictly():
    text = (ROOT / "scripts" / "docs").read_text()
    assert "mkdocs build --strict" in text and "_bootstrap.sh" in text
    assert os.access(ROOT / "scripts" / "docs", os.X_OK)


def slug(heading: str) -> str:
    """The anchor mkdocs' toc extension gives a heading (its default slugify)."""
    text = re.sub(r"[`*_]", "", heading).strip().lower()
    text = re.sub(r"[^\w\s-]", "", text)
    return re.sub(r"[-\s]+", "-", text).strip("-")


def anchors(page) -> set:
    body = re.sub(r"```.*?```", "", page.read_text(), flags=re.S)
    return {slug(m[1]) for m in re.finditer(r"^#{1,6} (.+)$", body, re.M)}


def test_the_slug_is_the_one_mkdocs_makes():
    assert slug("Knobs: the assumptions' alternatives") == "knobs-the-assumptions-alternatives"
    assert slug("How much the unknowns matter (`sensitivity`)") == "how-much-the-unknowns-matter-sensitivity"


def test_every_readme_link_into_the_manual_lands_on_a_page_and_a_heading():
    links = re.findall(r"\]\((docs/[^)#]+)(?:#([^)]+))?\)", README.read_text())
    assert len(links) >= 10
    for target, anchor in links:
        page = ROOT / target
        assert page.is_file(), target
        if anchor:
            assert anchor in anchors(page), f"{target}#{anchor}"


def readme_command_lines() -> list[list[str]]:
    """Every `meeplesim ...` line of the README's code blocks, as arguments (comments cut)."""
    out = []
    for block in re.findall(r"```\n(.*?)```", README.read_text(), re.S):
        for line in block.splitlines():
            line = line.split("  #")[0].strip()
            if line.startswith("meeplesim "):
                out.append(shlex.split(line)[1:])
    return out


@pytest.mark.parametrize("args", readme_command_lines(), ids=" ".join)
def test_every_readme_command_line_uses_options_its_command_has(args):
    """Parsed with --help added: an unknown command or option fails the parse (exit 2)."""
    r = CliRunner().invoke(app, args + ["--help"])
    assert r.exit_code == 0, r.output


def test_the_readme_shows_a_command_for_every_question():
    assert len(readme_command_lines()) >= 10
    commands = {a[0] for a in readme_command_lines()}
    assert {"ladder", "run", "compare", "sweep", "report", "sensitivity", "curve",
            "assumptions"} <= commands


def test_every_marked_example_is_run_by_a_test():
    names = [name for name, _, _ in marked()]
    assert sorted(names) == sorted(RUN_BY), "marked examples and the tests that run them differ"
    for name, test in RUN_BY.items():
        path, func = test.split("::")
        assert f"def {func}(" in (ROOT / path).read_text(), test


def test_the_game_contract_page_names_every_field_of_game():
    """docs/adding-a-game.md is the whole contract: a field added to gamekit.Game that the page
    does not name (as `field`) fails here."""
    import dataclasses

    from simcore.gamekit import Game
    page = (MANUAL / "adding-a-game.md").read_text()
    missing = [f.name for f in dataclasses.fields(Game) if f"`{f.name}`" not in page]
    assert not missing, f"docs/adding-a-game.md does not name Game's fields {missing}"
