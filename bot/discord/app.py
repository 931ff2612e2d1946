"""The Discord application: the one place that builds the bot's objects and wires them.

Every object is handed the collaborators it uses, by name, when it is built here; none
of them reaches another through the bot (docs/decisions/0002-bot-layers.md).
"""

import asyncio
import contextlib
import gc
import logging
import os
import socket
import sys
import time
import uuid
from functools import partial
from pathlib import Path
from typing import Any

import aiohttp
import discord
from discord.ext import commands
from discord.utils import escape_markdown

from bot.cluster.forwarding import Forwarder
from bot.cluster.routing import MatchesHere, Route, Router, declared_route
from bot.discord.challenges import ChallengeAnswers, ChallengeButton, expired_notice
from bot.discord.cogs.admin import Admin
from bot.discord.cogs.cards import Cards
from bot.discord.cogs.challenge_menu import ChallengeMenu
from bot.discord.cogs.decks import Decks
from bot.discord.cogs.history import DYNAMIC_ITEMS as HISTORY_ITEMS
from bot.discord.cogs.history import History
from bot.discord.cogs.ladder import Ladder
from bot.discord.cogs.matches import Matches
from bot.discord.cogs.notify import Notify
from bot.discord.cogs.replays import DYNAMIC_ITEMS as REPLAY_ITEMS
from bot.discord.cogs.replays import Replays
from bot.discord.command_sync import SyncResult, sync_commands
from bot.discord.components import DYNAMIC_ITEMS
from bot.discord.controller import Controller
from bot.discord.errors import CardhostTree
from bot.discord.forwarded import dispatch
from bot.discord.handlers import MatchHandlers
from bot.discord.internals import InterceptingClient
from bot.discord.notify import TurnNotifier
from bot.discord.presenter import Presenter
from bot.discord.spectators import Spectators
from bot.discord.starting import MatchStarter
from bot.discord.threads import MatchThreads
from bot.discord.traffic import Traffic, guard_callbacks
from bot.play.background import BackgroundTasks
from bot.play.challenges import ChallengeBook
from bot.play.cooldowns import ChallengeCooldowns
from bot.play.ratings import rate_match, rating_line
from bot.play.server_times import ServerTimes
from bot.play.sessions import MatchSession, SessionManager
from bot.settings import Settings, SettingsError, load_settings
from bot.storage import Storage

log = logging.getLogger("cardhost")

GC_THRESHOLDS = (700, 10, 100)  # Python's default: (700, 10, 10)
# The database thread releases the GIL around every SQLite step and must then wait for the
# event loop's thread to hand it back: at most this long (Python's default: 5 ms, so a
# commit of a few statements could take tens of ms while the loop is busy).
SWITCH_INTERVAL = 0.0005


class CardhostBot(InterceptingClient, commands.Bot):
    def __init__(
        self,
        settings: Settings,
        storage: Storage | None = None,
        seed: int | None = None,
        *,
        commands_only: bool = False,
    ):
        intents = discord.Intents.default()  # slash commands and DMs need no privileged intent
        # No message cache: the bot edits its messages by id and never reads the cache,
        # which would keep up to 1000 parsed messages alive for the garbage collector.
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            max_messages=None,
            tree_cls=CardhostTree,
            **self._sharding(settings),
        )
        self.settings = settings
        self._owns_storage = storage is None  # a storage handed in is closed by its owner
        if storage is None:  # connected in setup_hook, once the event loop runs
            storage = Storage.unopened(
                settings.database,
                turn_timer_seconds=settings.turn_timer,
                challenge_expiry_seconds=settings.challenge_expiry,
            )
        self.storage = storage
        self.seed = seed  # fixed seeds for tests and benchmarks; None: a random seed per match
        # Decision clicks from the raw gateway payload (the hot path); False sends them
        # through discord.py's Interaction and DynamicItem callbacks instead (tests both).
        self.fast_clicks = True
        # Set by `cardhost bot` and the benchmark, not by tests (which start many bots in
        # one process): see `on_ready`.
        self.tune_gc = False
        # `cardhost sync`: log in, load the commands, resume nothing, connect to nothing.
        self.commands_only = commands_only
        # Replay the running matches in the background after a start (False: only on
        # first use; tests of that path).
        self.replay_in_background = True
        self._replaying: asyncio.Task | None = None
        self._leasing: asyncio.Task | None = None
        self._held_notes: list[asyncio.Task] = []
        self._build(settings, storage)

    def _build(self, settings: Settings, storage: Storage) -> None:
        """Build every object of the bot, each with the collaborators it uses."""
        # Several processes on one database: this one's name in the leases.
        lease_owner = self.lease_owner = (
            f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
            if settings.shared
            else None
        )
        self.background = BackgroundTasks()
        self.times = ServerTimes(
            storage=storage,
            turn_timer=settings.turn_timer,
            challenge_expiry=settings.challenge_expiry,
        )
        self.sessions = SessionManager(
            storage,
            self.times.turn_timer,
            lease_owner=lease_owner,
            lease_seconds=settings.lease_seconds,
        )
        self.traffic = Traffic(http=self.http, application_id=lambda: self.application_id)
        self.notifier = TurnNotifier(
            storage=storage, traffic=self.traffic, http=self.http, background=self.background
        )
        self.threads = MatchThreads(
            sessions=self.sessions,
            storage=storage,
            traffic=self.traffic,
            http=self.http,
            default_mode=settings.match_mode,
        )
        self.spectators = Spectators(traffic=self.traffic)
        sessions = self.sessions
        self.presenter = Presenter(
            storage=storage,
            traffic=self.traffic,
            http=self.http,
            channel_of=self._channel_of,
            notifier=self.notifier,
            spectators=self.spectators,
            threads=self.threads,
            background=self.background,
            serving=lambda session: sessions.by_id.get(session.match_id) is session,
        )
        #: Clicks and interactions for matches another process owns, on PostgreSQL.
        self.forwarder = (
            Forwarder(settings.database, lease_owner)
            if lease_owner is not None and settings.uses_postgresql
            else None
        )
        self.controller = Controller(
            sessions=self.sessions,
            presenter=self.presenter,
            traffic=self.traffic,
            storage=storage,
            background=self.background,
            forwarder=self.forwarder,
        )
        # What the running matches tell the front end (they are built before it).
        self.sessions.on_change = self.presenter.refresh
        self.sessions.on_warning = self.presenter.warn
        self.sessions.on_thinking = self.presenter.thinking
        self.sessions.on_finish = self.match_finished
        self.sessions.on_restored = self._restored
        self.sessions.on_held = self._held
        self.cooldowns = ChallengeCooldowns()
        self.here = MatchesHere(sessions=self.sessions, storage=storage)
        #: Interactions about a match another process serves (bot/cluster/routing.py).
        self.router = Router(
            items=DYNAMIC_ITEMS,
            command_route=self._command_route,
            sessions=self.sessions,
            storage=storage,
            here=self.here,
            tokens=self.traffic,
            dispatch=partial(dispatch, self),
            clicks=self.controller.forwarded,
            later=self.background.later,
            forwarder=self.forwarder,
        )
        self.challenges = ChallengeBook(
            storage=storage, on_expired=expired_notice(self.get_partial_messageable)
        )
        self.starter = MatchStarter(
            storage=storage,
            sessions=self.sessions,
            threads=self.threads,
            presenter=self.presenter,
            partial_channel=self._partial_channel,
            own_id=self._own_id,
            seed=self.seed,
        )
        assert isinstance(self.tree, CardhostTree)
        self.tree.sessions = self.sessions

    def _cogs(self) -> list[commands.Cog]:
        """The cogs, each built with what it uses (the handlers of the components first)."""
        storage = self.storage
        matches = Matches(
            storage=storage,
            sessions=self.sessions,
            here=self.here,
            challenges=self.challenges,
            cooldowns=self.cooldowns,
            times=self.times,
            threads=self.threads,
            starter=self.starter,
            controller=self.controller,
            presenter=self.presenter,
            spectators=self.spectators,
            traffic=self.traffic,
            background=self.background,
            own_id=self._own_id,
        )
        return [
            MatchHandlers(
                clicks=self.controller, spectators=self.spectators, sessions=self.sessions
            ),
            ChallengeAnswers(book=self.challenges, start=self.starter.start),
            matches,
            Decks(storage=storage),
            Cards(),
            Ladder(storage=storage),
            Admin(storage=storage),
            Notify(storage=storage),
            ChallengeMenu(tree=self.tree, matches=matches),
            Replays(storage=storage),
            History(storage=storage),
        ]

    def _sharding(self, settings: Settings) -> dict[str, Any]:
        """Nothing here: one process connects discord.py's own shard (ShardedCardhostBot
        connects the shards its settings name)."""
        return {}

    def _own_id(self) -> int | None:
        return self.user.id if self.user is not None else None

    def _channel_of(self, channel_id: int, guild_id: int | None) -> discord.abc.Messageable:
        """The channel, cached, or a partial one by id (not cached yet during start-up)."""
        channel = self.get_channel(channel_id)
        if isinstance(channel, discord.abc.Messageable):
            return channel
        return self.get_partial_messageable(channel_id, guild_id=guild_id)

    def _partial_channel(self, channel_id: int, guild_id: int | None) -> discord.PartialMessageable:
        return self.get_partial_messageable(channel_id, guild_id=guild_id)

    def _command_route(self, data: dict[str, Any]) -> Route | None:
        """The route the app command an INTERACTION_CREATE payload names declares."""
        name = str((data.get("data") or {}).get("name") or "")
        guild = data.get("guild_id")
        command = (
            self.tree.get_command(name, guild=discord.Object(int(guild))) if guild else None
        ) or self.tree.get_command(name)
        if command is None:
            return None
        return declared_route(command, getattr(command, "binding", None))

    def intercept_interaction(self, data: dict) -> bool:
        """Take a raw interaction before discord.py parses it: a decision click goes
        straight to the controller (`Controller.fast_click`), an interaction for a match
        another process serves goes there (`Router.take`); all else as usual."""
        if self.fast_clicks and self.controller.fast_click(data):
            return True
        return self.router.take(data)

    async def setup_hook(self) -> None:
        guard_callbacks()  # no interaction is answered after its window, 429 or not
        if self._owns_storage:
            target = self.settings.database
            if not self.settings.uses_postgresql and target != ":memory:":
                Path(target).parent.mkdir(parents=True, exist_ok=True)
            await self.storage.connect()
        self.add_dynamic_items(*DYNAMIC_ITEMS, ChallengeButton, *HISTORY_ITEMS, *REPLAY_ITEMS)
        for cog in self._cogs():
            await self.add_cog(cog)
        if self.commands_only:
            return
        # Answer first, replay after: a start notes which matches run where (one light
        # query) and replays them in the background once the gateway is ready, the
        # soonest turn clock first; a click for a match not replayed yet replays that one
        # at once and waits for it (`SessionManager.get`).
        running = await self.sessions.load_running()
        if running:
            log.info("%d running match(es) to resume", running)
        if self.replay_in_background:
            self._replaying = asyncio.create_task(self._replay_rest())
        if self.sessions.lease_owner is not None:
            self._leasing = asyncio.create_task(self.sessions.keep_leases())
            if self.forwarder is not None:
                await self.forwarder.start(self.router.received)
        if await self.challenges.restore():
            log.info("restored the open challenges")
        await sync_commands(self.tree, self.storage, guild_id=self.settings.dev_guild)

    async def _replay_rest(self) -> None:
        await self.wait_until_ready()
        started = time.perf_counter()
        restored = await self.sessions.replay_rest()
        log.info(
            "resumed %d running match(es) in %.2f s", len(restored), time.perf_counter() - started
        )

    def _restored(self, sessions: list[MatchSession]) -> None:
        """Replayed after a restart: boards and panels may show anything up to the last
        committed action (or nothing at all): bring them up to date."""
        self.background.later(self.presenter.resume(sessions))

    def _held(self, channel_id: int, reason: str) -> None:
        self._held_notes.append(asyncio.create_task(self._say_held(channel_id, reason)))

    async def _say_held(self, channel_id: int, reason: str) -> None:
        """Tell a channel its match is kept but cannot go on under this version."""
        await self.wait_until_ready()
        try:
            channel = self.get_channel(channel_id) or await self.fetch_channel(channel_id)
            await channel.send(  # type: ignore[union-attr]
                f"This channel's match is on hold: {reason}. It is kept as it was, not "
                "ended, and goes on once the bot can replay it again."
            )
        except discord.HTTPException as exc:
            log.warning("could not tell channel %s its match is on hold: %s", channel_id, exc)

    async def on_ready(self) -> None:
        """Once the caches are filled: freeze what lives as long as the process.

        A full garbage collection walks every tracked object, and no click is answered
        meanwhile. Modules, commands, guilds and members never die, so they go to the
        permanent generation, which collections skip: a full collection then walks the
        matches only (about 40 ms with 200 running, instead of about 150), and it runs
        every 100 middle-generation collections instead of 10 (about every two minutes
        under load instead of every 12 s). A larger young threshold was tried: fewer
        but much longer pauses.
        """
        if self.tune_gc:
            gc.collect()
            gc.freeze()
            gc.set_threshold(*GC_THRESHOLDS)
            sys.setswitchinterval(SWITCH_INTERVAL)

    async def close(self) -> None:
        self.notifier.close()
        self.challenges.stop()
        for task in (self._replaying, self._leasing):
            if task is not None:
                task.cancel()
        self.sessions.close()  # no turn timer of this bot may act after it is gone
        await self.controller.idle()
        self.presenter.close()
        await super().close()
        if self.forwarder is not None:
            await self.forwarder.close()
        lease_owner = self.lease_owner
        if lease_owner is not None and self.storage.db.connected:
            # a clean stop hands its matches over at once, not when the leases expire
            with contextlib.suppress(Exception):
                await self.storage.leases.release(lease_owner)
        if self._owns_storage:
            await self.storage.close()

    async def match_finished(self, session: MatchSession) -> None:
        changes = await rate_match(self.storage, session)
        if changes:
            await self.presenter.say(
                session, rating_line([(escape_markdown(n), b, a) for n, b, a in changes])
            )


def _settings_and_token() -> tuple[Settings, str]:
    """The settings and the bot token, or `SettingsError` with one line for the operator."""
    settings = load_settings()
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    token = settings.discord_token.get_secret_value().strip() if settings.discord_token else ""
    if not token:
        raise SettingsError(
            "DISCORD_TOKEN is not set (put it in the environment or in .env; "
            "see README). To play without Discord: cardhost play clash"
        )
    return settings, token


def _start_failure(exc: BaseException) -> str | None:
    """The one line `cardhost` prints when Discord cannot be reached or refuses it."""
    if isinstance(exc, discord.LoginFailure) or (
        isinstance(exc, discord.ConnectionClosed) and exc.code == 4004
    ):
        return "Discord rejected the token (DISCORD_TOKEN); reset it and try again."
    if isinstance(exc, discord.PrivilegedIntentsRequired):
        return "enable the required intents in the Developer Portal."
    if isinstance(exc, aiohttp.ClientError | OSError):
        return f"cannot reach Discord ({exc.__class__.__name__}: {exc})."
    return None


class ShardedCardhostBot(CardhostBot, commands.AutoShardedBot):
    """The bot connecting the gateway shards CARDHOST_SHARD_IDS names, of
    CARDHOST_SHARD_COUNT (N processes on one PostgreSQL split the shards; each
    process serves the matches it leases, and a click arriving on its shards for another
    process's match is forwarded there, bot/cluster/forwarding.py)."""

    def _sharding(self, settings: Settings) -> dict[str, Any]:
        return {"shard_ids": settings.shards, "shard_count": settings.shard_count}

    sharded_state = True


def make_bot(settings: Settings, **options: Any) -> CardhostBot:
    """The bot the settings ask for: sharded when they name shard ids."""
    kind = ShardedCardhostBot if settings.shards is not None else CardhostBot
    return kind(settings, **options)


def run_bot() -> int:
    """`cardhost bot`: one clear line instead of a traceback when it cannot start."""
    try:
        settings, token = _settings_and_token()
    except SettingsError as exc:
        print(f"cardhost: {exc}", file=sys.stderr)
        return 2
    bot = make_bot(settings)
    bot.tune_gc = True
    try:
        bot.run(token, log_handler=None)
    except (discord.DiscordException, aiohttp.ClientError, OSError) as exc:
        line = _start_failure(exc)
        if line is None:
            raise
        print(f"cardhost: {line}", file=sys.stderr)
        return 2
    return 0


async def sync_once(
    settings: Settings, token: str, *, guild_id: int | None, clear: bool
) -> SyncResult:
    """Log in over REST only, write the command set to one scope, log out."""
    bot = CardhostBot(settings, commands_only=True)
    try:
        await bot.login(token)
        return await sync_commands(
            bot.tree, bot.storage, guild_id=guild_id, force=True, clear=clear
        )
    finally:
        await bot.close()


def run_sync(*, guild_id: int | None, clear: bool) -> int:
    """`cardhost sync [--guild ID] [--clear]`: register (or remove) the slash commands now."""
    try:
        settings, token = _settings_and_token()
    except SettingsError as exc:
        print(f"cardhost: {exc}", file=sys.stderr)
        return 2
    try:
        result = asyncio.run(sync_once(settings, token, guild_id=guild_id, clear=clear))
    except (discord.DiscordException, aiohttp.ClientError, OSError) as exc:
        line = _start_failure(exc) or f"Discord refused the commands ({exc})."
        print(f"cardhost: {line}", file=sys.stderr)
        return 2
    done = "removed every command from" if clear else f"wrote {result.commands} command(s) to"
    print(f"cardhost: {done} the {result.scope} scope")
    return 0
