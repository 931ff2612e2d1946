"""docs/rules/magic-core.md has a row for every rule number of the rule text, and every
test it names exists (so the table cannot claim a proof that is not there)."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
RULES = ROOT.parent / "shared" / "rules" / "magic-core-rules-100-113.md"
TABLE = ROOT / "docs" / "rules" / "magic-core.md"
TESTS = Path(__file__).parent
NUMBERS = TESTS / "rule_numbers.txt"  # generated from the rule text, kept for a fresh clone


def rule_numbers() -> list[str]:
    lines = NUMBERS.read_text(encoding="utf-8").splitlines()
    return [line for line in lines if line and not line.startswith("#")]


def test_the_number_list_is_the_rule_texts() -> None:
    if not RULES.exists():
        pytest.skip("the rule text lives beside the repository, in shared/rules")
    found = re.findall(r"\*\*(1[01][0-9]\.[0-9]+[a-z]?)\*\*", RULES.read_text(encoding="utf-8"))
    assert rule_numbers() == list(dict.fromkeys(found))


def table_rows() -> dict[str, tuple[str, str]]:
    rows = {}
    for line in TABLE.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and re.fullmatch(r"1[01][0-9]\.[0-9]+[a-z]?", cells[0]):
            rows[cells[0]] = (cells[1], cells[2])
    return rows


def test_every_rule_number_from_100_1_to_113_12_has_a_row() -> None:
    numbers = rule_numbers()
    assert numbers[0] == "100.1" and numbers[-1] == "113.12"
    rows = table_rows()
    missing = [n for n in numbers if n not in rows]
    assert missing == [], f"rules without a row: {missing}"
    assert len(rows) >= 259


def test_each_row_has_a_status_and_a_proof_or_a_reason() -> None:
    defined = set()
    for path in TESTS.glob("test_*.py"):
        defined |= set(re.findall(r"^def (test_\w+)", path.read_text(encoding="utf-8"), re.M))
    for number, (status, detail) in table_rows().items():
        assert status in ("implemented", "implemented (ruling)", "not applicable"), number
        named = re.findall(r"test_\w+", detail)
        if status.startswith("implemented"):
            assert named, f"{number} names no test"
            assert set(named) <= defined, f"{number} names missing tests {set(named) - defined}"
        else:
            assert len(detail.split()) >= 2, f"{number} gives no reason"
