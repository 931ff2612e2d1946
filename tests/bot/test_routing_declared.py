"""Every app command and component says how it is routed between processes.

With several processes, the one that receives an interaction about a running match may
not serve it, and must defer it in the shape its handler answers in before forwarding it
(bot/cluster/routing.py). A handler that declares nothing would silently be answered by
the wrong process, so each declares a `MatchRoute` (forwarded to the lease owner) or
`NOT_MATCH_BOUND` (answered where it arrives): on the command (`extras={ROUTE: ...}`),
on its cog (`match_route`), or on the DynamicItem class (`match_route`).
"""

from collections.abc import AsyncIterator

import discord
import pytest_asyncio
from discord import app_commands

from bot.cluster.routing import NOT_MATCH_BOUND, PRIVATE, MatchRoute, declared_route
from bot.discord.app import CardhostBot
from bot.discord.internals import dynamic_items
from tests.bot.conftest import make_settings


def undeclared(bot: CardhostBot) -> list[str]:
    """The registered commands and components that declare no route."""
    missing = []
    tree = bot.tree
    for command in tree.walk_commands():
        bare = isinstance(command, app_commands.Command) and (
            declared_route(command, command.binding) is None
        )
        if bare:
            missing.append(f"/{command.qualified_name}")
    for kind in (discord.AppCommandType.user, discord.AppCommandType.message):
        for menu in tree.get_commands(type=kind):
            if declared_route(menu) is None:
                missing.append(f"menu {menu.name!r}")
    for item in dynamic_items(bot):
        if declared_route(item) is None:
            missing.append(f"component {item.__name__}")
    return missing


@pytest_asyncio.fixture
async def loaded(tmp_path) -> AsyncIterator[CardhostBot]:
    """A bot with its commands and components loaded, connected to nothing."""
    settings = make_settings(database=str(tmp_path / "cardhost.sqlite3"))
    bot = CardhostBot(settings, commands_only=True)
    await bot.setup_hook()
    try:
        yield bot
    finally:
        await bot.close()


async def test_every_command_and_component_declares_how_it_is_routed(loaded) -> None:
    assert list(loaded.tree.walk_commands()), "no command was loaded"
    assert dynamic_items(loaded), "no component was registered"
    assert undeclared(loaded) == []


async def test_the_match_commands_and_board_buttons_are_forwarded(loaded) -> None:
    routes = {
        c.qualified_name: declared_route(c, c.binding)
        for c in loaded.tree.walk_commands()
        if isinstance(c, app_commands.Command)
    }
    for name in ("hand", "board", "match", "resign", "spectate"):
        assert isinstance(routes[name], MatchRoute), name
    assert routes["challenge"] is NOT_MATCH_BOUND
    assert routes["deck list"] is NOT_MATCH_BOUND
    forwarded = {i.__name__ for i in dynamic_items(loaded) if declared_route(i) == PRIVATE}
    assert {"HandButton", "WatchButton", "LookButton", "LookSelect"} <= forwarded


async def test_a_command_that_declares_nothing_is_reported(loaded) -> None:
    @app_commands.command(name="mystery", description="Says nothing of its route.")
    async def mystery(interaction: discord.Interaction) -> None:
        return None

    loaded.tree.add_command(mystery)
    assert undeclared(loaded) == ["/mystery"]
