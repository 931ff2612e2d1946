"""discord.py's internals are used in one module only, under a version check (the team's
rule: prefer the public API, isolate any private hook in one module with a version check)."""

import re
from pathlib import Path

import pytest

from bot.discord.internals import CHECKED, check_version

BOT = Path(__file__).resolve().parents[2] / "bot"
#: discord.py's undocumented modules and attributes the bot reaches for
PRIVATE = re.compile(
    r"discord\.(http|state|gateway|webhook\.async_)\b|\._connection\b|\._cs_response\b"
    r"|\._command_tree\b|\._view_store\b|\._get_client\b|_HTTPClient__|\b_get_state\b"
)
ALLOWED = {"discord/internals.py"}


def test_only_the_internals_module_touches_internals() -> None:
    offenders = [
        f"{path.relative_to(BOT)}:{number}: {line.strip()}"
        for path in sorted(BOT.rglob("*.py"))
        if str(path.relative_to(BOT)) not in ALLOWED
        for number, line in enumerate(path.read_text().splitlines(), start=1)
        if PRIVATE.search(line) and not line.lstrip().startswith(("#", '"', "`"))
    ]
    assert offenders == []


def test_the_installed_discord_py_is_one_the_hooks_were_read_for() -> None:
    check_version()  # the import already ran it; explicit here


@pytest.mark.parametrize("version", [(2, 6), CHECKED[1], (3, 0)])
def test_another_discord_py_is_refused_with_the_module_named(version: tuple[int, int]) -> None:
    with pytest.raises(RuntimeError, match=r"bot/discord/internals\.py"):
        check_version(version)
