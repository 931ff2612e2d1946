"""The one place application commands fail: refused choices and unexpected errors.

Discord's client only offers a command option's listed choices, but the API takes any
value of the option's type, so a value outside them is answered here, before the command
runs. Anything a command raises lands in `on_error`: the user gets a private answer (no
interaction goes unanswered) and the failure is logged once, naming the channel's match.
"""

import logging

import discord
from discord import app_commands

from bot.discord.replies import answer_privately
from bot.play.sessions import SessionManager
from engine import ruleset_ids

log = logging.getLogger(__name__)

FAILED = "Something went wrong; nothing changed. The error was logged."


class NotAChoice(app_commands.CheckFailure):
    """An option's value is not one of its listed choices."""


def refused_choice(interaction: discord.Interaction) -> str | None:
    """Why the command's options are refused (a value outside its choices), or None."""
    command = interaction.command
    if not isinstance(command, app_commands.Command):
        return None
    for parameter in command.parameters:
        if not parameter.choices:
            continue
        value = getattr(interaction.namespace, parameter.name, None)
        if value is None:
            continue
        listed = [c.value for c in parameter.choices]
        if parameter.name == "game":
            listed += ruleset_ids()  # rulesets registered after the list was built (tests)
        if value not in listed:
            names = ", ".join(c.name for c in parameter.choices)
            return f"There is no {parameter.display_name} '{value}' here: choose one of {names}."
    return None


class CardhostTree(app_commands.CommandTree):
    #: The running matches, to name the channel's match when a command fails (the log
    #: only). discord.py builds the tree; the app hands it the sessions right after.
    sessions: SessionManager | None = None

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        if interaction.type is discord.InteractionType.autocomplete:
            return True  # suggestions for an unknown game are simply none; no message fits
        refused = refused_choice(interaction)
        if refused is not None:
            raise NotAChoice(refused)
        return True

    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError, /
    ) -> None:
        if isinstance(error, NotAChoice):
            return await answer_privately(interaction, str(error))
        if isinstance(error, app_commands.CommandOnCooldown | app_commands.CheckFailure):
            return await answer_privately(interaction, str(error) or "You cannot use this here.")
        running = self.sessions.by_channel if self.sessions is not None else {}
        session = running.get(interaction.channel_id or 0)  # for the log only
        match = f"match {session.match_id}" if session is not None else "no match"
        name = interaction.command.qualified_name if interaction.command else "?"
        original = getattr(error, "original", error)
        log.error(
            "command /%s in channel %s (%s) failed",
            name,
            interaction.channel_id,
            match,
            exc_info=(type(original), original, original.__traceback__),
        )
        await answer_privately(interaction, FAILED)
