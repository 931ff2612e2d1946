"""What a click does: find the match and the player, check the choice is still open, act.

Bad clicks (wrong user, old button, a match that ended) get a short private answer and
change nothing. A good click is answered with the player's fresh panel only after the
action is committed; the board and the other players' panels are redrawn right after.
"""

import asyncio
import logging
from typing import TYPE_CHECKING

import discord

from bot.sessions import SaveFailed, StaleChoice
from engine.core.errors import IllegalAction

if TYPE_CHECKING:
    from bot.app import CardhostBot

log = logging.getLogger(__name__)

STALE = "That choice is no longer open."
NOT_PLAYING = "You are not playing in this match."
MATCH_GONE = "This match is over; its buttons no longer do anything."


async def reply(interaction: discord.Interaction, text: str) -> None:
    """A private answer, whether or not the interaction was answered already."""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


class Controller:
    def __init__(self, bot: "CardhostBot"):
        self.bot = bot
        self._background: set[asyncio.Task] = set()

    def later(self, coro) -> None:
        """Run after the click is answered; kept referenced so it is not collected."""
        self.track(asyncio.create_task(coro))

    def track(self, task: asyncio.Task) -> None:
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    async def idle(self) -> None:
        """Wait until every redraw started so far has finished (tests, shutdown)."""
        while self._background:
            await asyncio.gather(*list(self._background), return_exceptions=True)

    async def choose(
        self, interaction: discord.Interaction, match_id: int, seq: int, picks: list[int]
    ) -> None:
        sessions = self.bot.sessions
        session = sessions.by_id.get(match_id)
        if session is None:
            return await reply(interaction, MATCH_GONE)
        seat = session.seat_of(interaction.user.id)
        if seat is None:
            return await reply(interaction, NOT_PLAYING)
        decision = session.match.decision_for(seat)
        if decision is None or decision.seq != seq:
            return await reply(interaction, STALE)
        options = decision.options
        if not picks or any(not 0 <= p < len(options) for p in picks):
            return await reply(interaction, "That choice is not on offer.")
        if decision.multi:
            action = tuple(options[p].action for p in picks)
        elif len(picks) == 1:
            action = options[picks[0]].action
        else:
            return await reply(interaction, "Choose exactly one option.")
        try:
            await sessions.act(session, seat, seq, action, notify=False)
        except StaleChoice:
            return await reply(interaction, STALE)
        except (IllegalAction, SaveFailed) as exc:
            return await reply(interaction, f"Not done: {exc}")
        embed, view = self.bot.presenter.panel(session, seat)
        clicked_panel = interaction.message is not None and (
            interaction.message.id == session.seats[seat].panel_message_id
        )
        await interaction.response.edit_message(embed=embed, view=view)
        self.later(self.bot.presenter.refresh(session, skip_seat=seat if clicked_panel else None))

    async def show_hand(self, interaction: discord.Interaction, match_id: int) -> None:
        session = self.bot.sessions.by_id.get(match_id)
        if session is None:
            return await reply(interaction, MATCH_GONE)
        seat = session.seat_of(interaction.user.id)
        if seat is None:
            return await reply(interaction, NOT_PLAYING)
        embed, view = self.bot.presenter.panel(session, seat)
        await interaction.response.send_message(embed=embed, view=view, ephemeral=True)
