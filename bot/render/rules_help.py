"""How to play a game, in one place: the rules summary and the glossary of its words.

Discord's /rules and the terminal's `?` both read `rules_text` and `glossary_text`, so a
player reads the same words wherever they play. The summary is the ruleset's own
`help_text`; the glossary is its own `glossary` (engine/rulesets/<game>/glossary.py): the
words a game's cards and board use (ward, Boast, the Waning…) with what they do. Only the
rendering is here; no game's words are.
"""

import re

from engine import Ruleset


def rules_text(rules: Ruleset) -> str:
    """The help text of a ruleset; a generic one for games without their own yet."""
    if rules.help_text:
        return rules.help_text
    players = (
        f"{rules.min_players}"
        if rules.min_players == rules.max_players
        else f"{rules.min_players}-{rules.max_players}"
    )
    return (
        f"**{rules.name}** is a card game for {players} players. Each player brings a deck "
        f"(`/challenge game:{rules.name}` offers preconstructed ones). When it is your turn, "
        "the buttons list every legal move; pick one until the game names a winner."
    )


def glossary_text(rules: Ruleset) -> str:
    """`**Words**` and one `• word: meaning` line per word of the game ('' if it has none)."""
    words = rules.glossary
    if not words:
        return ""
    return "**Words**\n" + "\n".join(f"• **{w}**: {meaning}" for w, meaning in words.items())


def plain(text: str) -> str:
    """Discord markdown (`**bold**`, `` `code` ``) as a terminal shows it: without marks."""
    return re.sub(r"\*\*|`", "", text)
