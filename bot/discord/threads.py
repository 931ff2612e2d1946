"""A thread per match: one channel hosts many matches at once.

In thread mode (the default; `/config match_mode` per server, `CARDHOST_MATCH_MODE` for
the bot) an accepted challenge becomes the starter message of a public thread named after
the players and the game, and the match lives there: its board, its `/hand`, `/board`,
`/match` and `/resign`. The one-match rule becomes one running match per thread.

Discord's rules for threads (Topics: Threads) that shape this:

- A public thread is started from a message and takes that message's id; it needs
  Create Public Threads, and posting in it needs Send Messages in Threads. Without them
  the bot says so and runs the match in the channel, as in channel mode.
- Threads archive after a while without messages. Nothing can be edited in an archived
  thread (50083), but sending a message unarchives it unless a moderator locked it. So a
  board edit refused by an archived thread becomes a board posted anew in it.
- A thread that was deleted (10003) or locked cannot take the board at all: the match then
  moves to a new thread of the same channel (or the channel itself), so that the players
  can always reach it. Nothing of the match is lost: it lives in the database.
"""

import logging
from typing import TYPE_CHECKING, Literal

import discord

from bot.discord.internals import message_parameters
from bot.discord.traffic import BOARD, Traffic
from bot.play.sessions import MatchSession, SessionManager
from bot.storage import Storage

if TYPE_CHECKING:
    from bot.discord.internals import HTTPClient

log = logging.getLogger(__name__)

ARCHIVE_AFTER_MINUTES: Literal[60, 1440, 4320, 10080] = 1440  # Discord's choices
CHANNEL_TYPE_REFUSED = 50024  # e.g. a thread inside a thread
NO_PERMISSION = 50013
UNKNOWN_CHANNEL = 10003
ARCHIVED_THREAD = 50083
MISSING_PERMISSION_NOTE = (
    "I can't start threads here (I need Create Public Threads and Send Messages in "
    "Threads), so this match runs in the channel. A server manager can grant them, or "
    "choose channel mode with /config."
)


def thread_name(players: list[str], game: str) -> str:
    """ "Ann vs Bo · Clash", cut to Discord's 100 characters."""
    name = f"{' vs '.join(players)} · {game}"
    return name if len(name) <= 100 else name[:99] + "…"


class MatchThreads:
    def __init__(
        self,
        *,
        sessions: SessionManager,
        storage: Storage,
        traffic: Traffic,
        http: "HTTPClient",
        default_mode: str,
    ):
        self.sessions = sessions
        self.storage = storage
        self.traffic = traffic
        self.http = http
        #: 'thread' or 'channel' where a server chose neither (`CARDHOST_MATCH_MODE`).
        self.default_mode = default_mode

    async def mode(self, guild_id: int | None) -> str:
        """'thread' or 'channel': the server's choice, else the bot's default."""
        if guild_id is None:
            return "channel"  # threads exist in servers only
        chosen = (await self.storage.settings.get_guild_settings(guild_id)).match_mode
        return chosen or self.default_mode

    async def start(self, channel_id: int, message_id: int, name: str) -> int | str:
        """Start a thread from `message_id`: its id, or a note saying why the match runs
        in the channel instead ('' when no note is owed, e.g. the channel is a thread)."""
        await self.traffic.budget.spend(BOARD)
        try:
            thread = await self.http.start_thread_with_message(
                channel_id, message_id, name=name, auto_archive_duration=ARCHIVE_AFTER_MINUTES
            )
        except discord.HTTPException as exc:
            if exc.code == CHANNEL_TYPE_REFUSED:
                return ""
            if exc.code != NO_PERMISSION:
                log.warning("no thread in channel %s: %s", channel_id, exc)
            return MISSING_PERMISSION_NOTE
        return int(thread["id"])

    @staticmethod
    def gone(exc: discord.HTTPException) -> bool:
        """Whether a refusal means the match's thread cannot take its board any more."""
        return exc.code in (UNKNOWN_CHANNEL, ARCHIVED_THREAD, NO_PERMISSION)

    async def relocate(self, session: MatchSession) -> bool:
        """The match's thread was deleted or locked: move the match to a new thread of its
        channel (or to the channel itself when no thread can be made and it is free).
        Returns whether it moved; the caller posts the board in its new place."""
        parent = session.parent_channel_id
        if parent is None:
            return False
        sessions = self.sessions
        names = [seat.name for seat in session.seats]
        game = session.match.ruleset.name
        await self.traffic.budget.spend(BOARD)
        text = (
            f"**{game}**: {' vs '.join(names)}. The match's thread was closed; the match "
            "goes on in a new one."
        )
        try:
            with message_parameters(content=text) as params:
                starter = await self.http.send_message(parent, params=params)
        except discord.HTTPException as exc:
            log.warning("match %s: cannot reach channel %s: %s", session.match_id, parent, exc)
            return False
        started = await self.start(parent, int(starter["id"]), thread_name(names, game))
        if isinstance(started, int):
            new_channel = started
        elif not sessions.busy(parent):
            new_channel = parent
        else:
            log.error("match %s: no thread and its channel is busy", session.match_id)
            return False
        sessions.move(session, new_channel)
        await self.storage.matches.set_channel(session.match_id, new_channel)
        return True
