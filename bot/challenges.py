"""Open challenges: who challenged whom to what, who has accepted, and when it expires.

Challenges live in memory only: a restart drops them, and their buttons then answer that
the challenge is gone, which is what a player expects of an unanswered invitation.
"""

import asyncio
import contextlib
import itertools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import discord

if TYPE_CHECKING:
    from bot.app import CardhostBot


@dataclass
class Challenge:
    id: int
    ruleset: str
    guild_id: int | None
    channel_id: int
    challenger: discord.abc.User
    challenger_deck: tuple[str, list[str]]
    opponents: list[discord.abc.User]
    options: dict
    accepted: set[int] = field(default_factory=set)
    message: discord.Message | None = None
    expiry: asyncio.Task | None = None
    done: bool = False

    def waiting_for(self) -> list[discord.abc.User]:
        return [u for u in self.opponents if u.id not in self.accepted]


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
    async def from_custom_id(cls, interaction, item, match):  # type: ignore[override]
        return cls(int(match["id"]), match["answer"])

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: CardhostBot = interaction.client  # type: ignore[assignment]
        await bot.challenges.answer(interaction, self.challenge_id, self.answer == "accept")


def challenge_view(challenge_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ChallengeButton(challenge_id, "accept"))
    view.add_item(ChallengeButton(challenge_id, "decline"))
    return view


class ChallengeBook:
    def __init__(self, bot: "CardhostBot"):
        self.bot = bot
        self.open: dict[int, Challenge] = {}
        self._ids = itertools.count(1)

    def next_id(self) -> int:
        return next(self._ids)

    def in_channel(self, channel_id: int) -> Challenge | None:
        return next((c for c in self.open.values() if c.channel_id == channel_id), None)

    def add(self, challenge: Challenge, expires_in: float) -> None:
        self.open[challenge.id] = challenge
        challenge.expiry = asyncio.create_task(self._expire(challenge, expires_in))

    def close(self, challenge: Challenge) -> None:
        challenge.done = True
        self.open.pop(challenge.id, None)
        if challenge.expiry is not None and challenge.expiry is not asyncio.current_task():
            challenge.expiry.cancel()

    async def _expire(self, challenge: Challenge, delay: float) -> None:
        await asyncio.sleep(delay)
        if challenge.done:
            return
        self.close(challenge)
        if challenge.message is not None:
            with contextlib.suppress(discord.HTTPException):
                await challenge.message.edit(
                    content=f"~~{challenge.message.content}~~\nThe challenge expired unanswered.",
                    view=None,
                )

    async def answer(
        self, interaction: discord.Interaction, challenge_id: int, accept: bool
    ) -> None:
        from bot.controller import reply

        challenge = self.open.get(challenge_id)
        if challenge is None or challenge.done:
            return await reply(interaction, "That challenge is no longer open.")
        if interaction.user.id not in {u.id for u in challenge.opponents}:
            if interaction.user.id == challenge.challenger.id and not accept:
                self.close(challenge)
                await interaction.response.edit_message(
                    content=f"{challenge.challenger.mention} withdrew the challenge.", view=None
                )
                return
            return await reply(interaction, "Only the challenged player can answer this.")
        if not accept:
            self.close(challenge)
            await interaction.response.edit_message(
                content=f"{interaction.user.mention} declined the challenge.", view=None
            )
            return
        challenge.accepted.add(interaction.user.id)
        waiting = challenge.waiting_for()
        if waiting:
            names = ", ".join(u.mention for u in waiting)
            await interaction.response.edit_message(
                content=f"{challenge.message.content if challenge.message else ''}\n"
                f"{interaction.user.mention} accepted; waiting for {names}.",
                view=challenge_view(challenge.id),
            )
            return
        self.close(challenge)
        await interaction.response.defer()
        await self.bot.start_from_challenge(interaction, challenge)
