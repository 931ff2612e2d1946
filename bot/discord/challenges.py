"""A challenge's buttons on Discord, and what answering one does.

The challenges themselves (stored, restored after a restart, expiring) are play's
(bot/play/challenges.py). A button of a challenge that is no longer open changes nothing
but its message, which it rewrites to say that the challenge is gone.
"""

import contextlib
import re
from collections.abc import Awaitable, Callable
from typing import Any, Self

import discord
from discord.ext import commands

from bot.cluster.routing import NOT_MATCH_BOUND
from bot.discord.in_time import within_window
from bot.discord.replies import reply
from bot.play.challenges import GONE, Challenge, ChallengeBook, Player, struck


def player_of(user: discord.abc.User) -> Player:
    """A Discord user as a challenge stores them."""
    return Player(user.id, user.display_name, user.bot)


class ChallengeButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"chal:(?P<id>\d+):(?P<answer>accept|decline)",
):
    def __init__(self, challenge_id: int, answer: str):
        self.challenge_id, self.answer = challenge_id, answer
        accept = answer == "accept"
        super().__init__(
            discord.ui.Button(
                label="Accept" if accept else "Decline",
                style=discord.ButtonStyle.success if accept else discord.ButtonStyle.danger,
                custom_id=f"chal:{challenge_id}:{answer}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Self:
        return cls(int(match["id"]), match["answer"])

    #: Not about a running match: answered where it arrives (bot/cluster/routing.py).
    match_route = NOT_MATCH_BOUND

    async def callback(self, interaction: discord.Interaction) -> None:
        answers = interaction.client.get_cog("ChallengeAnswers")  # type: ignore[attr-defined]
        assert isinstance(answers, ChallengeAnswers), "the app registers ChallengeAnswers"
        await answers.answer(interaction, self.challenge_id, self.answer == "accept")


def challenge_view(challenge_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ChallengeButton(challenge_id, "accept"))
    view.add_item(ChallengeButton(challenge_id, "decline"))
    return view


class ChallengeAnswers(commands.Cog, name="ChallengeAnswers"):
    """Answers a challenge's Accept and Decline buttons (`ChallengeButton`)."""

    def __init__(
        self,
        *,
        book: ChallengeBook,
        start: Callable[[discord.Interaction, Challenge], Awaitable[None]],
    ):
        self.book = book
        #: Seats the players and begins, once everyone accepted (`MatchStarter.start`).
        self.start = start

    async def answer(
        self, interaction: discord.Interaction, challenge_id: int, accept: bool
    ) -> None:
        challenge = self.book.open.get(challenge_id)
        message = interaction.message
        if (
            challenge is None
            or challenge.done
            or (message is not None and challenge.message_id not in (None, message.id))
        ):
            return await self._gone(interaction)
        if interaction.user.id not in {u.id for u in challenge.opponents}:
            if interaction.user.id == challenge.challenger.id and not accept:
                if await self.book.close(challenge, "withdrawn"):
                    await interaction.response.edit_message(
                        content=f"{challenge.challenger.mention} withdrew the challenge.",
                        view=None,
                    )
                    return
                return await self._gone(interaction)
            return await reply(interaction, "Only the challenged player can answer this.")
        if not accept:
            if await self.book.close(challenge, "declined"):
                await interaction.response.edit_message(
                    content=f"{interaction.user.mention} declined the challenge.", view=None
                )
                return
            return await self._gone(interaction)
        challenge.accepted.add(interaction.user.id)
        await within_window(
            interaction,
            self.book.save_accepted(challenge),
            thinking=False,
        )
        waiting = challenge.waiting_for()
        if waiting:
            names = ", ".join(u.mention for u in waiting)
            content = f"{challenge.text}\n{interaction.user.mention} accepted; waiting for {names}."
            view = challenge_view(challenge.id)
            if interaction.response.is_done():  # deferred above: the store was slow
                await interaction.edit_original_response(content=content, view=view)
            else:
                await interaction.response.edit_message(content=content, view=view)
            return
        if not await within_window(
            interaction, self.book.close(challenge, "accepted"), thinking=False
        ):
            return await self._gone(interaction)
        if not interaction.response.is_done():
            await interaction.response.defer()
        await self.start(interaction, challenge)

    async def _gone(self, interaction: discord.Interaction) -> None:
        """A button of a challenge that is not open: say so on its message, which loses
        its buttons; nothing else changes."""
        message = interaction.message
        if message is None or interaction.response.is_done() or not message.components:
            return await reply(interaction, GONE)
        await interaction.response.edit_message(
            content=struck(message.content, GONE.replace("That", "This")), view=None
        )


def expired_notice(
    channel_of: Callable[[int], discord.PartialMessageable],
) -> Callable[[Challenge], Awaitable[None]]:
    """What `ChallengeBook` calls when a challenge ran out: its message says so."""

    async def notice(challenge: Challenge) -> None:
        assert challenge.message_id is not None
        channel = channel_of(challenge.channel_id)
        with contextlib.suppress(discord.HTTPException):
            await channel.get_partial_message(challenge.message_id).edit(
                content=struck(challenge.text, "The challenge expired unanswered."),
                view=None,
            )

    return notice
