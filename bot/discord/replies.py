"""A private answer to an interaction, whether or not it was answered already."""

import logging

import discord

log = logging.getLogger(__name__)


async def reply(interaction: discord.Interaction, text: str) -> None:
    """A private answer, whether or not the interaction was answered already."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


async def answer_privately(interaction: discord.Interaction, text: str) -> None:
    """`reply`, when the answer may fail too: that is logged, not raised again."""
    try:
        await reply(interaction, text)
    except discord.HTTPException as exc:
        log.warning("interaction %s: could not answer: %s", interaction.id, exc)
