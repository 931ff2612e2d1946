"""Every ruling of every game completes a line of its rule text, and says which.

Each page of docs/rules/ has a table with a "completes" column: one row per ruling (R1...,
Battle Mages' B1...), naming the lines it completes as `alias:N` (or `alias:N-M`, or
`alias:N, M`) with a short quote in double quotes. A ruling the page speaks of without a
row, a row without a cited line or quote, a line beyond the end of the rule file, or a
quote that is not on the lines cited fails here. The rule texts live beside the
repository, in ../shared/rules/; without them only the tables' form is checked.
"""

import re
from pathlib import Path
from typing import NamedTuple

import pytest

REPO = Path(__file__).resolve().parents[2]
PAGES = REPO / "docs" / "rules"
RULES = REPO.parent / "shared" / "rules"

#: For each page: the ruling prefix, and the aliases its citations use for rule files.
GAMES: dict[str, tuple[str, dict[str, str]]] = {
    "clash.md": ("R", {"clash.md": "clash.md"}),
    "battle-mages.md": ("B", {"battle-mages.md": "battle-mages.md"}),
    "enchantoria.md": ("R", {"md": "enchantoria.md"}),
    "mage-wars.md": ("R", {"mw": "mage-wars.md"}),
    "magic-core.md": (
        "R",
        {"mc": "magic-core-rules-100-113.md", "README": "README.md"},
    ),
}


class Citation(NamedTuple):
    file: str
    lines: tuple[int, ...]
    quote: str | None


class Row(NamedTuple):
    page: str
    ruling: str
    completes: str


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def rows(page: str) -> list[Row]:
    """The rows of the page's tables whose header has a "completes" column."""
    found: list[Row] = []
    column = None
    for line in (PAGES / page).read_text(encoding="utf-8").splitlines():
        if not line.startswith("|"):
            column = None
            continue
        cells = _cells(line)
        if column is None:
            lowered = [c.lower() for c in cells]
            column = lowered.index("completes") if "completes" in lowered else -1
        elif column >= 0 and re.fullmatch(r"[RB]\d+", cells[0]):
            found.append(Row(page, cells[0], cells[column]))
    return found


def citations(page: str, text: str) -> list[Citation]:
    aliases = GAMES[page][1]
    names = "|".join(re.escape(a) for a in sorted(aliases, key=len, reverse=True))
    pattern = re.compile(
        rf"(?<![\w.-])({names}):(\d+(?:-\d+)?(?:,\s*\d+(?:-\d+)?)*)(?:\s*\"([^\"]+)\")?"
    )
    found = []
    for alias, numbers, quote in pattern.findall(text):
        lines: list[int] = []
        for part in re.split(r",\s*", numbers):
            first, _, last = part.partition("-")
            lines.extend(range(int(first), int(last or first) + 1))
        found.append(Citation(aliases[alias], tuple(lines), quote or None))
    return found


def all_rows() -> list[Row]:
    return [row for page in GAMES for row in rows(page)]


def _normal(text: str) -> str:
    return " ".join(text.replace("*", "").replace("\\", "").split()).casefold()


@pytest.mark.parametrize("page", sorted(GAMES))
def test_every_ruling_of_the_page_has_a_row_that_cites_and_quotes_a_line(page: str) -> None:
    prefix = GAMES[page][0]
    table = rows(page)
    assert table, f"{page}: no rulings table with a 'completes' column"
    named = set(re.findall(rf"\b{prefix}\d+\b", (PAGES / page).read_text(encoding="utf-8")))
    listed = [row.ruling for row in table]
    assert len(listed) == len(set(listed)), f"{page}: a ruling has two rows"
    missing = sorted(named - set(listed), key=lambda r: int(r[1:]))
    assert not missing, f"{page}: rulings without a row saying what they complete: {missing}"
    for row in table:
        cited = citations(page, row.completes)
        assert cited, f"{page} {row.ruling}: no cited line in {row.completes!r}"
        assert any(c.quote for c in cited), f"{page} {row.ruling}: no quote of the line"


@pytest.mark.skipif(not RULES.exists(), reason="the rule texts live beside the repository")
@pytest.mark.parametrize("row", all_rows(), ids=lambda row: f"{row.page}-{row.ruling}")
def test_each_cited_line_exists_and_holds_its_quote(row: Row) -> None:
    for cite in citations(row.page, row.completes):
        lines = (RULES / cite.file).read_text(encoding="utf-8").splitlines()
        beyond = [n for n in cite.lines if not 1 <= n <= len(lines)]
        assert not beyond, f"{row.ruling} cites {cite.file}:{beyond}, which has {len(lines)}"
        if cite.quote:
            text = _normal(" ".join(lines[n - 1] for n in cite.lines))
            for part in re.split(r"\s*(?:…|\.\.\.)\s*", cite.quote):
                assert _normal(part) in text, (
                    f"{row.ruling}: {part!r} is not on {cite.file}:{list(cite.lines)}"
                )
