"""Open challenges: who challenged whom to what, who has accepted, and when it expires.

Challenges are stored (`storage.challenges`), so they outlive a restart: on start the open
ones come back with their remaining time, and those that ran out while the bot was down
are closed and their messages say so. Ids are never reused, so an old button names its own
challenge or none. A button of a challenge that is no longer open changes nothing but its
message, which it rewrites to say that the challenge is gone.
"""

import asyncio
import contextlib
import logging
import re
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Self

import discord

from bot.controller import reply
from bot.in_time import within_window
from bot.storage.challenges import ChallengeRow

if TYPE_CHECKING:
    from bot.app import CardhostBot

log = logging.getLogger(__name__)

GONE = "That challenge is no longer open."


@dataclass(frozen=True, slots=True)
class Player:
    """A challenge's player as stored: enough to seat them and to mention them."""

    id: int
    display_name: str
    bot: bool = False

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    @classmethod
    def of(cls, user: discord.abc.User) -> "Player":
        return cls(user.id, user.display_name, user.bot)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.display_name, "bot": self.bot}

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> "Player":
        return cls(int(raw["id"]), str(raw["name"]), bool(raw.get("bot", False)))


@dataclass
class Challenge:
    id: int
    ruleset: str
    guild_id: int | None
    channel_id: int
    challenger: Player
    challenger_deck: tuple[str, list[str]]
    opponents: list[Player]
    options: dict
    accepted: set[int] = field(default_factory=set)
    message_id: int | None = None
    text: str = ""
    expires_at: float = 0.0
    expiry: asyncio.Task | None = None
    done: bool = False
    #: Against the computer: how strong it plays (bot.thinking.DIFFICULTIES). Such a
    #: challenge starts at once, so it is never stored; the match keeps it (its front state).
    difficulty: str = "normal"

    def waiting_for(self) -> list[Player]:
        return [u for u in self.opponents if u.id not in self.accepted]

    @classmethod
    def from_row(cls, row: ChallengeRow) -> "Challenge":
        return cls(
            row.id,
            row.ruleset,
            row.guild_id,
            row.channel_id,
            Player.from_json(row.challenger),
            (row.deck_name, row.deck_cards),
            [Player.from_json(o) for o in row.opponents],
            row.options,
            set(row.accepted),
            row.message_id,
            row.text,
            row.expires_at,
        )


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

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: CardhostBot = interaction.client  # type: ignore[assignment]
        await bot.challenges.answer(interaction, self.challenge_id, self.answer == "accept")


def challenge_view(challenge_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(ChallengeButton(challenge_id, "accept"))
    view.add_item(ChallengeButton(challenge_id, "decline"))
    return view


def struck(text: str, why: str) -> str:
    """A closed challenge's message: the offer crossed out, then why."""
    return f"~~{text}~~\n{why}" if text else why


class ChallengeBook:
    def __init__(self, bot: "CardhostBot"):
        self.bot = bot
        self.open: dict[int, Challenge] = {}

    def in_channel(self, channel_id: int) -> Challenge | None:
        return next((c for c in self.open.values() if c.channel_id == channel_id), None)

    async def create(
        self,
        ruleset: str,
        guild_id: int | None,
        channel_id: int,
        challenger: discord.abc.User,
        deck: tuple[str, list[str]],
        opponents: list[discord.abc.User],
        options: dict,
        expires_in: float,
    ) -> Challenge:
        """Store a new open challenge and start its expiry (before its buttons exist, so
        none is early)."""
        me, others = Player.of(challenger), [Player.of(u) for u in opponents]
        expires_at = time.time() + expires_in
        challenge_id = await self.bot.storage.challenges.create(
            ruleset=ruleset,
            guild_id=guild_id,
            channel_id=channel_id,
            challenger=me.to_json(),
            deck=deck,
            opponents=[o.to_json() for o in others],
            options=options,
            expires_at=expires_at,
        )
        challenge = Challenge(
            challenge_id, ruleset, guild_id, channel_id, me, deck, others, options
        )
        challenge.expires_at = expires_at
        self._track(challenge)
        return challenge

    async def posted(self, challenge: Challenge, message_id: int, text: str) -> None:
        challenge.message_id, challenge.text = message_id, text
        await self.bot.storage.challenges.set_message(challenge.id, message_id, text)

    async def restore(self) -> int:
        """On start: bring back every stored open challenge with the time it has left."""
        rows = await self.bot.storage.challenges.open_ones()
        for row in rows:
            self._track(Challenge.from_row(row))
        return len(rows)

    def _track(self, challenge: Challenge) -> None:
        self.open[challenge.id] = challenge
        delay = max(0.0, challenge.expires_at - time.time())
        challenge.expiry = asyncio.create_task(self._expire(challenge, delay))

    async def close(self, challenge: Challenge, status: str) -> bool:
        """Close it for good; False when another answer closed it first."""
        challenge.done = True
        self.open.pop(challenge.id, None)
        if challenge.expiry is not None and challenge.expiry is not asyncio.current_task():
            challenge.expiry.cancel()
        return await self.bot.storage.challenges.close(challenge.id, status)

    def stop(self) -> None:
        """On shutdown: stop the expiry timers (the rows stay open for the next start)."""
        for challenge in self.open.values():
            if challenge.expiry is not None:
                challenge.expiry.cancel()

    async def _expire(self, challenge: Challenge, delay: float) -> None:
        await asyncio.sleep(delay)
        if challenge.done or not await self.close(challenge, "expired"):
            return
        if challenge.message_id is not None:
            channel = self.bot.get_partial_messageable(challenge.channel_id)
            with contextlib.suppress(discord.HTTPException):
                await channel.get_partial_message(challenge.message_id).edit(
                    content=struck(challenge.text, "The challenge expired unanswered."),
                    view=None,
                )

    async def answer(
        self, interaction: discord.Interaction, challenge_id: int, accept: bool
    ) -> None:
        challenge = self.open.get(challenge_id)
        message = interaction.message
        if (
            challenge is None
            or challenge.done
            or (message is not None and challenge.message_id not in (None, message.id))
        ):
            return await self._gone(interaction)
        if interaction.user.id not in {u.id for u in challenge.opponents}:
            if interaction.user.id == challenge.challenger.id and not accept:
                if await self.close(challenge, "withdrawn"):
                    await interaction.response.edit_message(
                        content=f"{challenge.challenger.mention} withdrew the challenge.",
                        view=None,
                    )
                    return
                return await self._gone(interaction)
            return await reply(interaction, "Only the challenged player can answer this.")
        if not accept:
            if await self.close(challenge, "declined"):
                await interaction.response.edit_message(
                    content=f"{interaction.user.mention} declined the challenge.", view=None
                )
                return
            return await self._gone(interaction)
        challenge.accepted.add(interaction.user.id)
        await within_window(
            interaction,
            self.bot.storage.challenges.set_accepted(challenge.id, list(challenge.accepted)),
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
        if not await within_window(interaction, self.close(challenge, "accepted"), thinking=False):
            return await self._gone(interaction)
        if not interaction.response.is_done():
            await interaction.response.defer()
        await self.bot.start_from_challenge(interaction, challenge)

    async def _gone(self, interaction: discord.Interaction) -> None:
        """A button of a challenge that is not open: say so on its message, which loses
        its buttons; nothing else changes."""
        message = interaction.message
        if message is None or interaction.response.is_done() or not message.components:
            return await reply(interaction, GONE)
        await interaction.response.edit_message(
            content=struck(message.content, GONE.replace("That", "This")), view=None
        )
