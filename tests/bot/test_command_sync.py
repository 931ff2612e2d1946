"""The slash commands reach every server: global sync, the dev server, and `cardhost sync`.

Discord limits command writes (200 creates a day per guild; docs/discord.md), so a start
with an unchanged command set must write nothing.
"""

from bot.discord.app import sync_once
from bot.storage import Storage

from .conftest import World, make_settings, start_bot

CORE_COMMANDS = {"challenge", "hand", "board", "match", "resign", "deck", "card", "rules"}


def names(world: World, scope: int | None) -> set[str]:
    return {c["name"] for c in world.fake.state.commands.get(scope, [])}


async def test_without_a_dev_server_commands_are_registered_globally_once(
    world: World, storage: Storage
) -> None:
    bot = await start_bot(world.fake, storage)
    assert names(world, None) >= CORE_COMMANDS
    assert world.fake.state.command_writes == {None: 1}
    await world.fake.stop_bot(bot)

    again = await start_bot(world.fake, storage)  # same commands: nothing is written
    assert world.fake.state.command_writes == {None: 1}
    await world.fake.stop_bot(again)


async def test_a_changed_command_set_is_written_again(world: World, storage: Storage) -> None:
    bot = await start_bot(world.fake, storage)
    await world.fake.stop_bot(bot)
    await storage.command_sync.remember(0, "digest of an older command set")
    again = await start_bot(world.fake, storage)
    assert world.fake.state.command_writes == {None: 2}
    assert names(world, None) >= CORE_COMMANDS
    await world.fake.stop_bot(again)


async def test_a_dev_server_gets_the_commands_at_once_and_global_gets_none(
    world: World, storage: Storage
) -> None:
    bot = await start_bot(world.fake, storage, dev_guild=world.guild.id)
    assert names(world, world.guild.id) >= CORE_COMMANDS
    assert world.fake.state.command_writes == {world.guild.id: 1}
    handle = await world.fake.slash(world.alice, world.channel, "rules", game="clash")
    await handle.wait_acknowledged()
    await world.fake.stop_bot(bot)


async def test_cardhost_sync_writes_and_clears_a_scope(world: World, tmp_path) -> None:
    settings = make_settings(database=tmp_path / "sync.sqlite3")
    result = await sync_once(settings, "test", guild_id=world.guild.id, clear=False)
    assert result.written and result.scope == f"guild {world.guild.id}"
    assert names(world, world.guild.id) >= CORE_COMMANDS

    result = await sync_once(settings, "test", guild_id=None, clear=False)
    assert names(world, None) >= CORE_COMMANDS and result.commands >= len(CORE_COMMANDS)

    cleared = await sync_once(settings, "test", guild_id=world.guild.id, clear=True)
    assert cleared.written and names(world, world.guild.id) == set()
    assert names(world, None) >= CORE_COMMANDS  # the other scope is untouched
