"""Spectators: anyone in the server follows a running match, live and read-only.

`/spectate` in the match's channel or thread, or **Watch** on its board, answers with a
private (ephemeral) copy of the public table and its play-by-play, and keeps that copy up
to date with the board. Why this shape:

- **Nothing hidden reaches a spectator**, by construction: the copy is drawn from the
  public view (`match.view(None)`) and its redacted events, as the board is.
- **Within Discord's budget**: an ephemeral message can only be edited through the token
  of the interaction that made it, and those calls are exempt from the global limit
  (Topics: Rate Limits). So spectators cost the bot no global calls at all; their copies
  are edited when the board is (at most every `board_interval` per match), with the same
  content. A token lives 15 minutes: past that the copy says so and Watch starts a fresh
  one.
- **Players do not spectate their own match**: the public copy would show them less than
  their panel, and a second, public-looking window of their own game is confusing; they
  are pointed at their hand instead.
"""

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass

import discord

from bot.discord.embeds import board_embed
from bot.discord.traffic import TOKEN_LIFETIME, TOKEN_MARGIN, Traffic
from bot.play.sessions import MatchSession

log = logging.getLogger(__name__)

PLAY_BY_PLAY = 25  # events in a spectator's copy (the board shows fewer)
DESCRIPTION_CHARS = 4096  # Discord's limit for an embed description
EXPIRED = (
    "This live view has ended (Discord lets the bot update it for 15 minutes). Press "
    "**Watch** on the board or use /spectate again to keep following."
)
OWN_MATCH = "You are playing in this match: your hand and moves are under **My hand & moves**."


@dataclass(slots=True)
class _Watcher:
    token: str
    born: float


def spectator_embed(session: MatchSession) -> discord.Embed:
    """The public table with a longer play-by-play (the caller has waited for the commit)."""
    view = session.match.view(None)
    embed = board_embed(view, f"{session.match.ruleset.name} (watching)")
    lines = [event.text for event in view.events[-PLAY_BY_PLAY:]]
    text = "\n".join(lines)
    while len(text) > DESCRIPTION_CHARS and lines:
        lines.pop(0)
        text = "\n".join(lines)
    embed.description = text or None
    return embed


class Spectators:
    def __init__(self, *, traffic: Traffic, clock: Callable[[], float] = time.monotonic):
        self.traffic = traffic
        self.clock = clock
        self._watching: dict[int, dict[int, _Watcher]] = {}  # match -> user -> copy's token

    def count(self, match_id: int) -> int:
        return len(self._watching.get(match_id, {}))

    async def watch(self, interaction: discord.Interaction, session: MatchSession) -> None:
        """Answer with a live copy of the public table (players get pointed at their hand)."""
        if session.seat_of(interaction.user.id) is not None:
            await interaction.response.send_message(OWN_MATCH, ephemeral=True)
            return
        await session.committed()
        await interaction.response.send_message(embed=spectator_embed(session), ephemeral=True)
        watchers = self._watching.setdefault(session.match_id, {})
        watchers[interaction.user.id] = _Watcher(interaction.token, self.clock())

    async def update(self, session: MatchSession) -> None:
        """Bring every spectator's copy up to the committed state (with the board)."""
        watchers = self._watching.get(session.match_id)
        if not watchers:
            return
        await session.committed()
        payload = {"embeds": [spectator_embed(session).to_dict()]}
        traffic = self.traffic
        for user_id, watcher in list(watchers.items()):
            expired = self.clock() - watcher.born > TOKEN_LIFETIME - TOKEN_MARGIN
            body = {"content": EXPIRED, "embeds": payload["embeds"]} if expired else payload
            try:
                await traffic.edit_original(watcher.token, body)
            except discord.HTTPException as exc:
                log.info("spectator %s of match %s dropped: %s", user_id, session.match_id, exc)
                expired = True
            if expired:
                watchers.pop(user_id, None)
        if session.match.over or not watchers:
            self._watching.pop(session.match_id, None)
