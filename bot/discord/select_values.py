"""The values a select menu sent with its interaction, as strings.

discord.py types `Interaction.data` as a union of every interaction payload, most of
which have no `values`; reading it here, once, keeps that untyped corner out of every
component's callback."""

from typing import Any

import discord


def select_values(interaction: discord.Interaction) -> list[str]:
    """The picked values (empty when the payload carries none)."""
    data: dict[str, Any] = dict(interaction.data or {})
    return [str(value) for value in data.get("values") or ()]
