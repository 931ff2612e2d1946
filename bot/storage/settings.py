"""Per-guild settings (turn timer, challenge expiry), falling back to the bot's defaults."""

from bot.storage.db import Database
from bot.storage.errors import InvalidSetting
from bot.storage.models import GuildSettings

TURN_TIMER_RANGE = (30, 3600)
CHALLENGE_EXPIRY_RANGE = (30, 3600)
CHALLENGE_COOLDOWN_RANGE = (0, 3600)  # 0: no cooldown
DEFAULT_CHALLENGE_COOLDOWN = 0  # a server turns it on with /config
MATCH_MODES = ("thread", "channel")


def _check(label: str, value: int, bounds: tuple[int, int]) -> int:
    low, high = bounds
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidSetting(f"{label} must be a whole number of seconds, got {value!r}")
    if not low <= value <= high:
        raise InvalidSetting(f"{label} must be between {low} and {high} seconds, got {value}")
    return value


class SettingsRepo:
    """Guild settings; the defaults are the app's configured ones, passed in."""

    def __init__(
        self,
        db: Database,
        *,
        turn_timer_seconds: int = 300,
        challenge_expiry_seconds: int = 120,
    ):
        self._db = db
        self.default_turn_timer = _check("turn timer", turn_timer_seconds, TURN_TIMER_RANGE)
        self.default_challenge_expiry = _check(
            "challenge expiry", challenge_expiry_seconds, CHALLENGE_EXPIRY_RANGE
        )

    async def get_guild_settings(self, guild_id: int) -> GuildSettings:
        """The guild's settings; defaults for anything it never set (no row is written)."""
        row = await self._db.fetchone(
            "SELECT turn_timer_seconds, challenge_expiry_seconds, challenge_cooldown_seconds,"
            " match_mode FROM guild_settings WHERE guild_id = ?",
            (guild_id,),
        )
        timer = row["turn_timer_seconds"] if row else None
        expiry = row["challenge_expiry_seconds"] if row else None
        cooldown = row["challenge_cooldown_seconds"] if row else None
        return GuildSettings(
            guild_id=guild_id,
            turn_timer_seconds=self.default_turn_timer if timer is None else timer,
            challenge_expiry_seconds=self.default_challenge_expiry if expiry is None else expiry,
            challenge_cooldown_seconds=DEFAULT_CHALLENGE_COOLDOWN if cooldown is None else cooldown,
            match_mode=row["match_mode"] if row else None,
        )

    async def set_guild_settings(
        self,
        guild_id: int,
        *,
        turn_timer_seconds: int | None = None,
        challenge_expiry_seconds: int | None = None,
        challenge_cooldown_seconds: int | None = None,
        match_mode: str | None = None,
    ) -> GuildSettings:
        """Change the given settings (None leaves one as it is); all are checked first."""
        if match_mode is not None and match_mode not in MATCH_MODES:
            raise InvalidSetting(f"match mode must be one of {', '.join(MATCH_MODES)}")
        if turn_timer_seconds is not None:
            _check("turn timer", turn_timer_seconds, TURN_TIMER_RANGE)
        if challenge_expiry_seconds is not None:
            _check("challenge expiry", challenge_expiry_seconds, CHALLENGE_EXPIRY_RANGE)
        if challenge_cooldown_seconds is not None:
            _check("challenge cooldown", challenge_cooldown_seconds, CHALLENGE_COOLDOWN_RANGE)
        await self._db.execute(
            "INSERT INTO guild_settings (guild_id, turn_timer_seconds,"
            " challenge_expiry_seconds, challenge_cooldown_seconds, match_mode, updated_at)"
            " VALUES (?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (guild_id) DO UPDATE SET"
            " turn_timer_seconds ="
            "   COALESCE(excluded.turn_timer_seconds, guild_settings.turn_timer_seconds),"
            " challenge_expiry_seconds ="
            "   COALESCE(excluded.challenge_expiry_seconds,"
            "     guild_settings.challenge_expiry_seconds),"
            " challenge_cooldown_seconds ="
            "   COALESCE(excluded.challenge_cooldown_seconds,"
            "     guild_settings.challenge_cooldown_seconds),"
            " match_mode = COALESCE(excluded.match_mode, guild_settings.match_mode),"
            " updated_at = excluded.updated_at",
            (
                guild_id,
                turn_timer_seconds,
                challenge_expiry_seconds,
                challenge_cooldown_seconds,
                match_mode,
                self._db.now(),
            ),
        )
        return await self.get_guild_settings(guild_id)

    async def reset_guild_settings(self, guild_id: int) -> GuildSettings:
        """Forget the guild's own values, so it follows the bot's defaults again."""
        await self._db.execute("DELETE FROM guild_settings WHERE guild_id = ?", (guild_id,))
        return await self.get_guild_settings(guild_id)
