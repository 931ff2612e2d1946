"""Every ruling of docs/rules/clash.md (R1...) and every rule line of clash.md is proved by
at least one test in this folder, which names it in its docstring."""

import re
from pathlib import Path

import pytest

HERE = Path(__file__).parent
REPO = HERE.parents[2]
RULINGS = REPO / "docs" / "rules" / "clash.md"
RULE_TEXT = REPO.parent / "shared" / "rules" / "clash.md"

# The lines of clash.md that state a rule (headings, examples' stat lists and prose that
# only introduces a section are left out).
RULE_LINES = [10, 18, 21, 35, 49, 51, 58, 61, 64, 67, 70, 72, 74, 77, 80, 82, 89, 91, 93]

CITATION = re.compile(r"clash\.md:(\d+(?:-\d+)?(?:,\s*\d+(?:-\d+)?)*)")


def _test_sources() -> str:
    files = [p for p in sorted(HERE.glob("test_*.py")) if p.name != Path(__file__).name]
    return "\n".join(p.read_text(encoding="utf-8") for p in files)


def _cited_lines(text: str) -> set[int]:
    lines: set[int] = set()
    for group in CITATION.findall(text):
        for part in re.split(r",\s*", group):
            first, _, last = part.partition("-")
            lines.update(range(int(first), int(last or first) + 1))
    return lines


def test_every_ruling_is_tested():
    """docs/rules/clash.md: "Each ruling names ... the test that proves it"."""
    rulings = re.findall(r"^\|\s*R(\d+)\s*\|", RULINGS.read_text(encoding="utf-8"), re.M)
    assert rulings, "no rulings found in docs/rules/clash.md"
    cited = {int(n) for n in re.findall(r"\bR(\d+)\b", _test_sources())}
    missing = sorted(int(n) for n in rulings if int(n) not in cited)
    assert not missing, f"rulings without a test: {missing}"


def test_every_rule_line_is_tested():
    """clash.md: every rule line is cited by a test (clash.md:NN)."""
    cited = _cited_lines(_test_sources())
    missing = [n for n in RULE_LINES if n not in cited]
    assert not missing, f"clash.md lines without a test: {missing}"


@pytest.mark.skipif(not RULE_TEXT.exists(), reason="shared/rules/clash.md is not checked out")
def test_citations_point_at_lines_of_the_rule_text():
    """Citations stay honest: every clash.md:NN named by a test exists in the rule text."""
    length = len(RULE_TEXT.read_text(encoding="utf-8").splitlines())
    cited = _cited_lines(_test_sources())
    assert cited and max(cited) <= length
