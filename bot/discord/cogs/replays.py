"""/replay (step through an ended match, or export its record) and /reveal (agree to show
every hand in it).

A replay is public: `/replay` posts it in the channel. Only the member who opened it pages
that message; anyone else who presses its buttons gets their own copy of the step they
asked for, privately, and pages that. The buttons carry match, owner and target step in
their custom ids (`DynamicItem`s), so they keep working after a restart with nothing
stored.

Hands stay hidden unless the match is revealed: every person who played it agreed with
/reveal after it ended, or the server reveals every ended match (`/config
reveal_replays`). The exported record holds both deck lists and the shuffle, from which
every hand follows, so it is given only for a revealed match.
"""

import asyncio
import io
import re
from collections import OrderedDict
from typing import Any, Self

import discord
from discord import app_commands
from discord.ext import commands

from bot.cluster.routing import NOT_MATCH_BOUND
from bot.discord.embeds import board_embed
from bot.discord.replies import reply
from bot.discord.select_values import select_values
from bot.play.replays import Frame, Replay, ReplayRefused, turn_choices
from bot.render.text import card_line
from bot.storage import MatchRow, Storage
from bot.storage.replays import ReplayRepo
from engine import get_ruleset

CACHED_REPLAYS = 16
STEP_TEXT = 600  # characters of "This step: ..." in the message above the board


def replay_repo(storage: Storage) -> ReplayRepo:
    return ReplayRepo(storage.db)


def game_name(ruleset: str) -> str:
    try:
        return get_ruleset(ruleset).name
    except Exception:
        return ruleset


async def is_revealed(storage: Storage, row: MatchRow) -> bool:
    """An ended match whose people all agreed, or in a server that reveals ended matches."""
    if row.status == "running":
        return False
    repo = replay_repo(storage)
    if await repo.reveals_finished(row.guild_id):
        return True
    people = {p.user_id for p in row.players if p.user_id is not None and not p.is_bot}
    return bool(people) and people <= await repo.reveal_agreed(row.id)


def hidden_embed(frame: Frame) -> discord.Embed | None:
    if frame.hidden is None:
        return None
    embed = discord.Embed(title="Hands (revealed)", colour=discord.Colour.dark_teal())
    for zone in frame.hidden[:25]:
        lines = [f"• {card_line(c)}" for c in zone.cards] or ["(empty)"]
        embed.add_field(
            name=f"{zone.seat_name}'s {zone.zone.replace('_', ' ')}"[:256],
            value="\n".join(lines)[:1024],
            inline=False,
        )
    return embed


def step_text(row: MatchRow, frame: Frame) -> str:
    names = discord.utils.escape_markdown(" vs ".join(p.name for p in row.players))
    hands = "every hand shown" if frame.hidden is not None else "public view"
    return (
        f"Replay of match #{row.id} ({game_name(row.ruleset)}: {names})"
        f" · step {frame.step} of {frame.steps} · turn {frame.turn} · {hands}\n" + this_step(frame)
    )


def this_step(frame: Frame) -> str:
    """What the public saw happen in this step (the board's last events run further back)."""
    if frame.step == 0:
        return "Before the first move."
    happened = " ".join(frame.events) or "(nothing anyone else could see)"
    if len(happened) > STEP_TEXT:
        happened = happened[: STEP_TEXT - 1] + "…"
    return f"This step: {happened}"


class StepButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"rp:(?P<match>\d+):(?P<owner>\d+):(?P<kind>[fpnl]):(?P<step>\d+)",
):
    match_route = NOT_MATCH_BOUND  # finished matches: answered where it arrives

    LABELS = {"f": "⏮", "p": "◀", "n": "▶", "l": "⏭"}

    def __init__(self, match_id: int, owner: int, kind: str, step: int, disabled: bool = False):
        self.match_id, self.owner, self.step = match_id, owner, step
        super().__init__(
            discord.ui.Button(
                label=self.LABELS[kind],
                style=discord.ButtonStyle.secondary,
                custom_id=f"rp:{match_id}:{owner}:{kind}:{step}",
                disabled=disabled,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Self:
        return cls(int(match["match"]), int(match["owner"]), match["kind"], int(match["step"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _cog(interaction).turn_page(interaction, self.match_id, self.owner, self.step)


class TurnSelect(
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"rpt:(?P<match>\d+):(?P<owner>\d+)",
):
    match_route = NOT_MATCH_BOUND  # finished matches: answered where it arrives

    def __init__(
        self, match_id: int, owner: int, options: list[discord.SelectOption] | None = None
    ):
        self.match_id, self.owner = match_id, owner
        super().__init__(
            discord.ui.Select(
                custom_id=f"rpt:{match_id}:{owner}",
                placeholder="Jump to a turn",
                options=options or [discord.SelectOption(label="-", value="0")],
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> Self:
        return cls(int(match["match"]), int(match["owner"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = select_values(interaction) or ["0"]
        step = int(values[0]) if str(values[0]).isdigit() else 0
        await _cog(interaction).turn_page(interaction, self.match_id, self.owner, step)


def _cog(interaction: discord.Interaction) -> "Replays":
    cog = interaction.client.get_cog("Replays")  # type: ignore[attr-defined]
    assert isinstance(cog, Replays)
    return cog


def replay_view(match_id: int, owner: int, replay: Replay, step: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    last = replay.steps
    view.add_item(StepButton(match_id, owner, "f", 0, disabled=step == 0))
    view.add_item(StepButton(match_id, owner, "p", max(0, step - 1), disabled=step == 0))
    view.add_item(StepButton(match_id, owner, "n", min(last, step + 1), disabled=step >= last))
    view.add_item(StepButton(match_id, owner, "l", last, disabled=step >= last))
    turns = turn_choices(replay, step)
    if len(turns) > 1:
        options = [
            discord.SelectOption(
                label=f"Turn {turn}", description=f"from step {first}", value=str(first)
            )
            for turn, first in turns
        ]
        view.add_item(TurnSelect(match_id, owner, options))
    return view


def replay_start(match_id: int, replay: Replay, turn: int | None, step: int | None) -> int | str:
    """The step a replay opens at, or why it cannot: a turn or a step the match never had
    (a silent nearest one would show a moment the player did not ask for), or both given."""
    if turn is not None and step is not None:
        return "Start a replay at a turn or at a step, not both."
    if turn is not None:
        turns = sorted(t for t, _ in replay.turn_starts)
        if turn not in turns:
            return f"Match #{match_id} has no turn {turn}: its turns are {turns[0]} to {turns[-1]}."
        return replay.step_of_turn(turn)
    if step is not None and step > replay.steps:
        return (
            f"Match #{match_id} has no step {step}: its steps are 0 (before the first move) "
            f"to {replay.steps}."
        )
    return step or 0


class Replays(commands.Cog):
    match_route = NOT_MATCH_BOUND  # finished matches only

    def __init__(self, *, storage: Storage):
        self.storage = storage
        self._cache: OrderedDict[int, Replay] = OrderedDict()

    async def _replay(self, row: MatchRow) -> Replay:
        """The match's replay, built in a thread (it replays the whole record) and kept."""
        cached = self._cache.get(row.id)
        if cached is not None:
            self._cache.move_to_end(row.id)
            return cached
        record = await self.storage.matches.load_record(row.id)
        built = await asyncio.to_thread(Replay, record)
        self._cache[row.id] = built
        while len(self._cache) > CACHED_REPLAYS:
            self._cache.popitem(last=False)
        return built

    async def _allowed(self, interaction: discord.Interaction, match_id: int) -> MatchRow | None:
        """The match, if the user may replay it (else they are told why and None)."""
        row = await self.storage.matches.get_match(match_id)
        if row is None:
            await reply(interaction, f"There is no match #{match_id}.")
            return None
        seated = any(p.user_id == interaction.user.id for p in row.players)
        if not seated and row.guild_id != interaction.guild_id:
            await reply(
                interaction,
                f"Match #{match_id} was played in another server: its replay is open there, "
                "and to its players anywhere.",
            )
            return None
        if row.status == "running":
            await reply(
                interaction,
                f"Match #{match_id} is still being played: its replay opens when it ends "
                "(/board shows the table now).",
            )
            return None
        return row

    async def _message(
        self, row: MatchRow, owner: int, step: int
    ) -> tuple[str, list[discord.Embed], discord.ui.View]:
        replay = await self._replay(row)
        revealed = await is_revealed(self.storage, row)
        frame = await asyncio.to_thread(replay.frame, step, revealed)
        embeds = [board_embed(frame.view, game_name(row.ruleset))]
        hidden = hidden_embed(frame)
        if hidden is not None:
            embeds.append(hidden)
        return step_text(row, frame), embeds, replay_view(row.id, owner, replay, frame.step)

    @app_commands.command(
        description="Step through an ended match from the public view, or export its record."
    )
    @app_commands.describe(
        match_id="the match number (see /history)",
        turn="start at this turn",
        step="start at this step (0: before the first move)",
        export="attach the match record as JSON instead (for a revealed match)",
    )
    async def replay(
        self,
        interaction: discord.Interaction,
        match_id: int,
        turn: app_commands.Range[int, 0] | None = None,
        step: app_commands.Range[int, 0] | None = None,
        export: bool = False,
    ) -> None:
        row = await self._allowed(interaction, match_id)
        if row is None:
            return
        if export:
            return await self._export(interaction, row)
        try:
            replay = await self._replay(row)
        except ReplayRefused as exc:
            return await reply(interaction, str(exc))
        start = replay_start(row.id, replay, turn, step)
        if isinstance(start, str):
            return await reply(interaction, start)
        content, embeds, view = await self._message(row, interaction.user.id, start)
        await interaction.response.send_message(content, embeds=embeds, view=view)

    async def _export(self, interaction: discord.Interaction, row: MatchRow) -> None:
        if not await is_revealed(self.storage, row):
            return await reply(
                interaction,
                f"The record of match #{row.id} holds both decks and the shuffle, so every "
                "hand can be read from it: it is shared once the match is revealed (every "
                f"player uses `/reveal match_id:{row.id}`, or the server reveals ended matches "
                "with /config).",
            )
        record = await self.storage.matches.load_record(row.id)
        data = io.BytesIO(record.to_json().encode())
        await interaction.response.send_message(
            f"The record of match #{row.id}. Step through it in a terminal with "
            f"`cardhost replay match-{row.id}.json` (`--to-end` for the whole play-by-play).",
            file=discord.File(data, filename=f"match-{row.id}.json"),
            ephemeral=True,
        )

    async def turn_page(
        self, interaction: discord.Interaction, match_id: int, owner: int, step: int
    ) -> None:
        """A replay button: its owner's message moves to `step`; anyone else gets their own
        copy at that step, privately."""
        row = await self._allowed(interaction, match_id)
        if row is None:
            return
        mine = interaction.user.id == owner
        try:
            content, embeds, view = await self._message(
                row, owner if mine else interaction.user.id, step
            )
        except ReplayRefused as exc:
            return await reply(interaction, str(exc))
        if mine:
            await interaction.response.edit_message(content=content, embeds=embeds, view=view)
        else:
            await interaction.response.send_message(
                "Your own copy of this replay (only its opener pages the one above):\n" + content,
                embeds=embeds,
                view=view,
                ephemeral=True,
            )

    @app_commands.command(description="Agree to show every hand in a replay of a match you played.")
    @app_commands.describe(match_id="the match number (see /history)")
    async def reveal(self, interaction: discord.Interaction, match_id: int) -> None:
        storage = self.storage
        row = await storage.matches.get_match(match_id)
        user = interaction.user.id
        if row is None:
            return await reply(interaction, f"There is no match #{match_id}.")
        if not any(p.user_id == user for p in row.players):
            return await reply(
                interaction, f"Only the players of match #{match_id} can agree to reveal it."
            )
        if row.status == "running":
            return await reply(
                interaction, f"Match #{match_id} is still being played: reveal it once it ends."
            )
        repo = replay_repo(self.storage)
        await repo.agree_to_reveal(match_id, user)
        agreed = await repo.reveal_agreed(match_id)
        waiting = [
            p.name
            for p in row.players
            if p.user_id is not None and not p.is_bot and p.user_id not in agreed
        ]
        if waiting and not await repo.reveals_finished(row.guild_id):
            return await reply(
                interaction,
                f"You agreed to reveal match #{match_id}. Its replay shows every hand once "
                f"{', '.join(discord.utils.escape_markdown(n) for n in waiting)} "
                f"agree{'s' if len(waiting) == 1 else ''} too (`/reveal match_id:{match_id}`).",
            )
        await reply(
            interaction,
            f"Match #{match_id} is revealed: `/replay match_id:{match_id}` shows every hand, "
            "and `export:True` gives its record.",
        )


#: The components this cog answers (the app registers them).
DYNAMIC_ITEMS = (StepButton, TurnSelect)
