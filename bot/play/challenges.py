"""Open challenges: who challenged whom to what, who has accepted, and when it expires.

Challenges are stored (`storage.challenges`), so they outlive a restart: on start the open
ones come back with their remaining time, and those that ran out while the bot was down
are closed and their messages say so. Ids are never reused, so an old button names its own
challenge or none. Its buttons and their answers are the Discord front end's
(bot/discord/challenges.py).
"""

import asyncio
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from bot.storage import Storage
from bot.storage.challenges import ChallengeRow

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
    #: Against the computer: how strong it plays (bot.play.thinking.DIFFICULTIES). Such a
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


def struck(text: str, why: str) -> str:
    """A closed challenge's message: the offer crossed out, then why."""
    return f"~~{text}~~\n{why}" if text else why


class ChallengeBook:
    def __init__(self, *, storage: Storage, on_expired: Callable[[Challenge], Awaitable[None]]):
        self.storage = storage
        #: Told of each challenge that ran out unanswered (its message says so).
        self.on_expired = on_expired
        self.open: dict[int, Challenge] = {}

    def in_channel(self, channel_id: int) -> Challenge | None:
        return next((c for c in self.open.values() if c.channel_id == channel_id), None)

    async def create(
        self,
        ruleset: str,
        guild_id: int | None,
        channel_id: int,
        challenger: Player,
        deck: tuple[str, list[str]],
        opponents: list[Player],
        options: dict,
        expires_in: float,
    ) -> Challenge:
        """Store a new open challenge and start its expiry (before its buttons exist, so
        none is early)."""
        me, others = challenger, list(opponents)
        expires_at = time.time() + expires_in
        challenge_id = await self.storage.challenges.create(
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
        await self.storage.challenges.set_message(challenge.id, message_id, text)

    async def save_accepted(self, challenge: Challenge) -> None:
        """Store who has accepted so far (`challenge.accepted`)."""
        await self.storage.challenges.set_accepted(challenge.id, list(challenge.accepted))

    async def restore(self) -> int:
        """On start: bring back every stored open challenge with the time it has left."""
        rows = await self.storage.challenges.open_ones()
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
        return await self.storage.challenges.close(challenge.id, status)

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
            await self.on_expired(challenge)
