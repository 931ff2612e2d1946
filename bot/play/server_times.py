"""Each server's clocks: the turn timer and how long a challenge stays open.

A server may set its own (`/config`, stored); elsewhere, and in DMs, the bot's
configured defaults hold.
"""

from bot.storage import Storage


class ServerTimes:
    def __init__(self, *, storage: Storage, turn_timer: float, challenge_expiry: float):
        self.storage = storage
        self.default_turn_timer = turn_timer
        self.default_challenge_expiry = challenge_expiry

    async def turn_timer(self, guild_id: int | None) -> float:
        """Seconds a player has for each decision in this server's matches."""
        if guild_id is None:
            return float(self.default_turn_timer)
        settings = await self.storage.settings.get_guild_settings(guild_id)
        return float(settings.turn_timer_seconds)

    async def challenge_expiry(self, guild_id: int | None) -> float:
        """Seconds a challenge in this server stays open unanswered."""
        if guild_id is None:
            return float(self.default_challenge_expiry)
        settings = await self.storage.settings.get_guild_settings(guild_id)
        return float(settings.challenge_expiry_seconds)
