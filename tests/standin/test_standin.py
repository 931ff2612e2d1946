"""End-to-end tests of the Discord stand-in with a small, unmodified discord.py bot."""

from __future__ import annotations

import asyncio
import io
from collections.abc import AsyncIterator
from dataclasses import dataclass

import aiohttp
import discord
import pytest
import pytest_asyncio
from discord import app_commands
from discord.ext import commands

from cardhost_devtools.standin import (
    CallbackType,
    FakeChannel,
    FakeDiscord,
    FakeGuild,
    FakeUser,
    InteractionKind,
    NoBotConnectedError,
)

CARD_BYTES = b"\x89PNG\r\n\x1a\n" + b"card" * 64
GAMES = ("clash", "duel", "draft")


# -- the sample bot -----------------------------------------------------------------------------


class PingView(discord.ui.View):
    """A transient view: registered per message id by discord.py when the reply is sent."""

    def __init__(self) -> None:
        super().__init__(timeout=60)
        self.add_item(discord.ui.Button(label="Docs", url="https://example.com"))

    @discord.ui.button(label="Again", custom_id="ping:again", style=discord.ButtonStyle.primary)
    async def again(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.edit_message(content=f"pong again ({interaction.user.name})")


class PickView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=60)

    @discord.ui.select(
        custom_id="pick:game",
        placeholder="Pick a game",
        options=[discord.SelectOption(label=g, value=g) for g in GAMES],
    )
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.edit_message(content=f"picked {select.values[0]}", view=None)


class VoteView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=60)

    @discord.ui.button(label="Vote", custom_id="vote:yes")
    async def vote(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.defer()  # component: deferred update, no new message
        await interaction.edit_original_response(content=f"{interaction.user.name} voted")
        await interaction.followup.send("vote counted", ephemeral=True)


class BoardView(discord.ui.View):
    """A persistent view (no timeout, fixed custom_id): survives bot restarts."""

    def __init__(self, tag: str) -> None:
        super().__init__(timeout=None)
        self.tag = tag

    @discord.ui.button(label="Refresh", custom_id="board:refresh")
    async def refresh(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.edit_message(content=f"board refreshed by bot {self.tag}")


class FeedbackModal(discord.ui.Modal, title="Feedback"):
    text: discord.ui.TextInput = discord.ui.TextInput(label="Your feedback", custom_id="fb:text")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"thanks: {self.text.value}", ephemeral=True)


class SampleBot(commands.Bot):
    def __init__(self, tag: str = "A") -> None:
        intents = discord.Intents.default()
        intents.members = True
        super().__init__(command_prefix=commands.when_mentioned, intents=intents)
        self.tag = tag
        self._add_commands()

    async def setup_hook(self) -> None:
        self.add_view(BoardView(self.tag))

    def _add_commands(self) -> None:
        tree = self.tree

        @tree.command(name="ping", description="pong with a button")
        async def ping(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("pong", view=PingView())

        @tree.command(name="greet", description="DM the user, fall back to an ephemeral")
        async def greet(interaction: discord.Interaction) -> None:
            try:
                await interaction.user.send("hello in private")
            except discord.Forbidden as exc:
                if exc.code != 50007:
                    raise
                await interaction.response.send_message("I can't DM you", ephemeral=True)
            else:
                await interaction.response.send_message("check your DMs", ephemeral=True)

        @tree.command(name="card", description="send a file")
        async def card(interaction: discord.Interaction) -> None:
            file = discord.File(io.BytesIO(CARD_BYTES), filename="card.png")
            await interaction.response.send_message("your card", file=file)

        @tree.command(name="slow", description="defer, then follow up")
        async def slow(interaction: discord.Interaction) -> None:
            await interaction.response.defer(thinking=True)
            await interaction.followup.send("done thinking")

        @tree.command(name="challenge", description="challenge someone")
        async def challenge(
            interaction: discord.Interaction, opponent: discord.Member, game: str
        ) -> None:
            embed = discord.Embed(
                title=f"{interaction.user.name} challenges {opponent.name}",
                description=f"game: {game}",
            )
            await interaction.response.send_message(embed=embed)

        @challenge.autocomplete("game")
        async def game_choices(
            interaction: discord.Interaction, current: str
        ) -> list[app_commands.Choice[str]]:
            return [app_commands.Choice(name=g, value=g) for g in GAMES if g.startswith(current)]

        match = app_commands.Group(name="match", description="match commands")

        @match.command(name="start", description="start a match")
        async def start(interaction: discord.Interaction, rounds: int) -> None:
            await interaction.response.send_message(f"match with {rounds} rounds")

        tree.add_command(match)

        @tree.command(name="pick", description="choose a game from a select")
        async def pick(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("pick one", view=PickView())

        @tree.command(name="vote", description="a button answered with defer + edit")
        async def vote(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("vote here", view=VoteView())

        @tree.command(name="whoami", description="works in guilds and DMs")
        async def whoami(interaction: discord.Interaction) -> None:
            where = "a DM" if interaction.guild is None else interaction.guild.name
            await interaction.response.send_message(f"{interaction.user.name} in {where}")

        @tree.command(name="board", description="post a persistent board")
        async def board(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("posting the board", ephemeral=True)
            assert isinstance(interaction.channel, discord.TextChannel)
            await interaction.channel.send("the board", view=BoardView(self.tag))

        @tree.command(name="feedback", description="open a modal")
        async def feedback(interaction: discord.Interaction) -> None:
            await interaction.response.send_modal(FeedbackModal())


# -- fixtures -----------------------------------------------------------------------------------


@dataclass
class World:
    fake: FakeDiscord
    guild: FakeGuild
    games: FakeChannel
    alice: FakeUser
    bob: FakeUser


@pytest_asyncio.fixture
async def world() -> AsyncIterator[World]:
    async with FakeDiscord() as fake:
        guild = fake.add_guild("Test Server")
        games = fake.add_text_channel(guild, "games")
        alice = fake.add_user("alice")
        bob = fake.add_user("bob", dms_open=False)
        fake.add_member(guild, alice)
        fake.add_member(guild, bob)
        yield World(fake, guild, games, alice, bob)


@pytest_asyncio.fixture
async def bot(world: World) -> AsyncIterator[SampleBot]:
    sample = SampleBot()
    await world.fake.start_bot(sample)
    yield sample
    await world.fake.stop_bot(sample)


# -- tests --------------------------------------------------------------------------------------


async def test_bot_logs_in_and_sees_the_guild(world: World, bot: SampleBot) -> None:
    fake = world.fake
    assert bot.user is not None and bot.user.id == fake.bot_user.id
    guild = bot.get_guild(world.guild.id)
    assert guild is not None and guild.name == "Test Server"
    assert guild.get_channel(world.games.id) is not None
    endpoints = [c.endpoint for c in fake.calls]
    assert endpoints[:2] == ["GET /users/@me", "GET /oauth2/applications/@me"]


async def test_command_sync_is_answered(world: World, bot: SampleBot) -> None:
    synced = await bot.tree.sync()
    assert {c.name for c in synced} >= {"ping", "challenge", "match"}
    guild_synced = await bot.tree.sync(guild=discord.Object(world.guild.id))
    assert guild_synced == []
    assert not world.fake.unknown_calls


async def test_ping_button_edits_message_in_place(world: World, bot: SampleBot) -> None:
    fake = world.fake
    handle = await fake.slash(world.alice, world.games, "ping")
    await handle.wait_acknowledged()
    assert handle.callback_type is CallbackType.CHANNEL_MESSAGE
    assert handle.latency is not None and handle.latency > 0
    msg = fake.last_message(world.games)
    assert msg is handle.response and msg.content == "pong" and not msg.ephemeral
    assert msg.find_button(label="Again").custom_id == "ping:again"
    assert [b.label for b in msg.buttons] == ["Again", "Docs"]
    with pytest.raises(ValueError, match="cannot be clicked"):
        await fake.click(world.bob, msg, label="Docs")

    click = await fake.click(world.bob, msg, label="Again")
    await click.wait_acknowledged()
    assert click.callback_type is CallbackType.UPDATE_MESSAGE
    assert msg.content == "pong again (bob)"
    assert [rev.content for rev in msg.history] == ["pong"]
    assert msg.find_button(custom_id="ping:again")  # components kept on edit
    assert fake.unknown_calls == []


async def test_dm_or_ephemeral_fallback_when_dms_are_closed(world: World, bot: SampleBot) -> None:
    fake, alice, bob = world.fake, world.alice, world.bob
    to_alice = await fake.slash(alice, world.games, "greet")
    reply = await to_alice.wait_response()
    assert reply is not None and reply.ephemeral and reply.content == "check your DMs"
    assert [m.content for m in fake.dm_messages(alice)] == ["hello in private"]

    to_bob = await fake.slash(bob, world.games, "greet")
    reply = await to_bob.wait_response()
    assert reply is not None and reply.content == "I can't DM you"
    assert fake.dm_messages(bob) == []
    refused = [c for c in fake.calls if c.status == 403]
    assert len(refused) == 1 and refused[0].response["code"] == 50007

    # Ephemeral replies are private to the user who ran the command.
    assert [m.content for m in fake.ephemeral_for(bob)] == ["I can't DM you"]
    assert all(not m.ephemeral for m in fake.channel_messages(world.games))
    visible_to_bob = {m.content for m in fake.messages_visible_to(bob)}
    assert "check your DMs" not in visible_to_bob and "hello in private" not in visible_to_bob


async def test_file_attachment_bytes_are_kept(world: World, bot: SampleBot) -> None:
    handle = await world.fake.slash(world.alice, world.games, "card")
    msg = await handle.wait_response()
    assert msg is not None and msg.content == "your card"
    attachment = msg.attachment("card.png")
    assert attachment.data == CARD_BYTES and attachment.content_type == "image/png"
    (call,) = world.fake.recorder.to("POST", "/interactions/{interaction_id}/{token}/callback")
    assert call.json["data"]["attachments"][0]["filename"] == "card.png"
    assert [(f.filename, f.size) for f in call.files] == [("card.png", len(CARD_BYTES))]


async def test_deferred_response_is_filled_by_followup(world: World, bot: SampleBot) -> None:
    handle = await world.fake.slash(world.alice, world.games, "slow")
    await handle.wait_acknowledged()
    assert handle.callback_type is CallbackType.DEFERRED_CHANNEL_MESSAGE
    msg = await handle.wait_response()
    assert msg is not None and msg.content == "done thinking" and not msg.loading
    assert msg.history[0].content == ""  # the "thinking..." placeholder
    assert await handle.wait_followups(1) == [msg]


async def test_options_subcommands_and_autocomplete(world: World, bot: SampleBot) -> None:
    fake = world.fake
    handle = await fake.slash(
        world.alice, world.games, "challenge", opponent=world.bob, game="duel"
    )
    msg = await handle.wait_response()
    assert msg is not None and msg.embed is not None
    assert msg.embed["title"] == "alice challenges bob"
    assert "game: duel" in msg.text

    typing = await fake.autocomplete(world.alice, world.games, "challenge", "game", game="d")
    await typing.wait_acknowledged()
    assert typing.kind is InteractionKind.AUTOCOMPLETE
    assert typing.choices == [
        {"name": "duel", "value": "duel"},
        {"name": "draft", "value": "draft"},
    ]

    sub = await fake.slash(world.alice, world.games, "match start", rounds=3)
    msg = await sub.wait_response()
    assert msg is not None and msg.content == "match with 3 rounds"


async def test_select_menu(world: World, bot: SampleBot) -> None:
    fake = world.fake
    msg = await (await fake.slash(world.alice, world.games, "pick")).wait_response()
    assert msg is not None
    with pytest.raises(ValueError, match="offers no"):
        await fake.click(world.alice, msg, custom_id="pick:game", values=["chess"])
    click = await fake.click(world.alice, msg, custom_id="pick:game", values=["draft"])
    await click.wait_acknowledged()
    assert msg.content == "picked draft" and msg.components == []


async def test_modal_roundtrip(world: World, bot: SampleBot) -> None:
    fake = world.fake
    opened = await fake.slash(world.alice, world.games, "feedback")
    await opened.wait_acknowledged()
    assert opened.modal is not None and opened.modal["title"] == "Feedback"
    submitted = await fake.submit_modal(opened, {"fb:text": "great game"})
    reply = await submitted.wait_response()
    assert reply is not None and reply.ephemeral and reply.content == "thanks: great game"


async def test_click_on_old_message_reaches_restarted_bot(world: World) -> None:
    fake = world.fake
    first = SampleBot(tag="A")
    await fake.start_bot(first)
    await (await fake.slash(world.alice, world.games, "board")).wait_acknowledged()
    board = await fake.wait_for_message(
        world.games, lambda m: m.content == "the board", existing=True
    )
    await fake.stop_bot(first)

    second = SampleBot(tag="B")
    await fake.start_bot(second)
    try:
        click = await fake.click(world.bob, board, label="Refresh")
        await click.wait_acknowledged()
        assert board.content == "board refreshed by bot B"
        assert len(fake.gateway.sessions) == 2
    finally:
        await fake.stop_bot(second)


async def test_unknown_route_is_recorded(world: World, bot: SampleBot) -> None:
    route = discord.http.Route("GET", "/guilds/{guild_id}/bans", guild_id=world.guild.id)
    with pytest.raises(discord.NotFound) as info:
        await bot.http.request(route)
    assert info.value.text == "unknown route in stand-in"
    (call,) = world.fake.unknown_calls
    assert call.path == f"/guilds/{world.guild.id}/bans" and call.status == 404


async def test_discord_limits_are_enforced(world: World, bot: SampleBot) -> None:
    channel = bot.get_channel(world.games.id)
    assert isinstance(channel, discord.TextChannel)
    with pytest.raises(discord.HTTPException) as info:
        await channel.send("x" * 2001)
    assert info.value.code == 50035
    sent = await channel.send("hello")
    edited = await sent.edit(content="hello, edited")
    assert edited.content == "hello, edited"
    assert world.fake.message(sent.id).history[0].content == "hello"


async def test_burst_of_200_concurrent_slash_commands(world: World, bot: SampleBot) -> None:
    fake = world.fake
    handles = await asyncio.gather(
        *(fake.slash(world.alice, world.games, "ping") for _ in range(200))
    )
    await asyncio.gather(*(h.wait_acknowledged(timeout=10) for h in handles))
    assert all(h.callback_type is CallbackType.CHANNEL_MESSAGE for h in handles)
    assert len(fake.ack_latencies(InteractionKind.APPLICATION_COMMAND)) == 200
    assert len(fake.channel_messages(world.games)) == 200
    assert fake.unknown_calls == []


async def test_component_defer_then_edit_original_and_ephemeral_followup(
    world: World, bot: SampleBot
) -> None:
    fake = world.fake
    msg = await (await fake.slash(world.alice, world.games, "vote")).wait_response()
    assert msg is not None
    click = await fake.click(world.bob, msg, label="Vote")
    (followup,) = await click.wait_followups(1)
    assert click.callback_type is CallbackType.DEFERRED_UPDATE_MESSAGE
    assert click.response is msg and msg.content == "bob voted"
    assert followup.ephemeral and followup.content == "vote counted"
    assert fake.ephemeral_for(world.bob) == [followup]
    assert followup not in fake.messages_visible_to(world.alice)


async def test_command_in_dm_channel(world: World, bot: SampleBot) -> None:
    dm = world.fake.dm_channel(world.alice)
    msg = await (await world.fake.slash(world.alice, dm, "whoami")).wait_response()
    assert msg is not None and msg.content == "alice in a DM"
    assert world.fake.dm_messages(world.alice) == [msg]
    guild_msg = await (await world.fake.slash(world.bob, world.games, "whoami")).wait_response()
    assert guild_msg is not None and guild_msg.content == "bob in Test Server"


async def test_world_changes_reach_a_running_bot(world: World, bot: SampleBot) -> None:
    carol = world.fake.add_user("carol")
    joined = bot.wait_for("member_join")
    world.fake.add_member(world.guild, carol)
    member = await asyncio.wait_for(joined, 5)
    assert member.id == carol.id and member.guild.id == world.guild.id
    created = bot.wait_for("guild_channel_create")
    lobby = world.fake.add_text_channel(world.guild, "lobby")
    assert (await asyncio.wait_for(created, 5)).id == lobby.id


async def test_late_and_double_acknowledgements_are_rejected(world: World, bot: SampleBot) -> None:
    fake = world.fake
    fake.rest.ack_deadline = 0.0  # every callback is "too late"
    late = await fake.slash(world.alice, world.games, "ping")
    await fake.wait_until(lambda: late.rejections, description="a rejected callback")
    callbacks = fake.recorder.to("POST", "/interactions/{interaction_id}/{token}/callback")
    assert not late.acknowledged and callbacks[-1].response["code"] == 10062

    fake.rest.ack_deadline = None
    ok = await (await fake.slash(world.alice, world.games, "ping")).wait_acknowledged()
    url = f"{fake.rest_base}/interactions/{ok.id}/{ok.token}/callback"
    async with aiohttp.ClientSession() as http, http.post(url, json={"type": 4}) as resp:
        assert resp.status == 400 and (await resp.json())["code"] == 40060
    assert ok.rejections == ["callback after the interaction was already acknowledged"]


async def test_dispatch_without_a_bot_fails_fast(world: World) -> None:
    with pytest.raises(NoBotConnectedError):
        await world.fake.slash(world.alice, world.games, "ping")
