"""What Discord accepts in a bulk overwrite of application commands.

Interactions > Application Commands: names of 1-32 characters (lower case for slash
commands), descriptions of 1-100 characters for slash commands, up to 25 options, and at
most 100 slash commands, 5 user commands and 5 message commands per scope.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from .errors import invalid_form

CHAT_INPUT, USER, MESSAGE = 1, 2, 3
MAX_BY_TYPE = {CHAT_INPUT: 100, USER: 5, MESSAGE: 5}
_SLASH_NAME = re.compile(r"^[-_'\w]{1,32}$")


def validate_commands(commands: list[Any]) -> None:
    """Raise 50035 Invalid Form Body for a command set Discord would refuse."""
    counts: Counter[int] = Counter()
    for index, cmd in enumerate(commands):
        if not isinstance(cmd, dict):
            raise invalid_form(f"command {index} is not an object")
        kind = int(cmd.get("type", CHAT_INPUT))
        name = str(cmd.get("name", ""))
        counts[kind] += 1
        if not 1 <= len(name) <= 32:
            raise invalid_form(f"command {index}: name must be 1-32 characters")
        if kind == CHAT_INPUT:
            if not _SLASH_NAME.match(name) or name != name.lower():
                raise invalid_form(f"command {name!r}: invalid slash command name")
            if not 1 <= len(str(cmd.get("description", ""))) <= 100:
                raise invalid_form(f"command {name!r}: description must be 1-100 characters")
            if len(cmd.get("options") or []) > 25:
                raise invalid_form(f"command {name!r}: at most 25 options")
    for kind, count in counts.items():
        limit = MAX_BY_TYPE.get(kind)
        if limit is not None and count > limit:
            raise invalid_form(f"at most {limit} commands of type {kind} per scope")
