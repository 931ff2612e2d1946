"""The Discord application: wiring storage, sessions, presenter and cogs together."""

import asyncio
import contextlib
import gc
import logging
import os
import socket
import sys
import time
import uuid
from pathlib import Path
from typing import Any

import aiohttp
import discord
from discord.ext import commands
from discord.utils import escape_markdown

from bot.challenges import Challenge, ChallengeBook, ChallengeButton
from bot.command_sync import SyncResult, sync_commands
from bot.components import DYNAMIC_ITEMS
from bot.controller import Controller, reply
from bot.cooldowns import ChallengeCooldowns
from bot.crashpoints import crash_point
from bot.decks import DeckChoiceError, resolve_deck
from bot.discord_private import intercepting_state
from bot.errors import CardhostTree
from bot.forwarding import Forwarder
from bot.notify import TurnNotifier
from bot.presenter import Presenter
from bot.routing import Router
from bot.sessions import ChannelBusy, MatchSession, Seat, SessionManager
from bot.settings import Settings, SettingsError, load_settings
from bot.spectators import Spectators
from bot.storage import Storage
from bot.threads import MatchThreads, thread_name
from bot.traffic import Traffic, guard_callbacks
from engine import OptionError, get_ruleset

log = logging.getLogger("cardhost")

COGS = (
    "bot.cogs.matches",
    "bot.cogs.decks",
    "bot.cogs.cards",
    "bot.cogs.ladder",
    "bot.cogs.admin",
    "bot.cogs.notify",
    "bot.cogs.challenge_menu",
    "bot.cogs.replays",
    "bot.cogs.history",
)


GC_THRESHOLDS = (700, 10, 100)  # Python's default: (700, 10, 10)
# The database thread releases the GIL around every SQLite step and must then wait for the
# event loop's thread to hand it back: at most this long (Python's default: 5 ms, so a
# commit of a few statements could take tens of ms while the loop is busy).
SWITCH_INTERVAL = 0.0005


class CardhostBot(commands.Bot):
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
        self._storage = storage
        self._owns_storage = storage is None  # a storage handed in is closed by its owner
        self.seed = seed  # fixed seeds for tests and benchmarks; None: a random seed per match
        self.presenter = Presenter(self)
        self.traffic = Traffic(self)  # reaching players within Discord's global budget
        self.notifier = TurnNotifier(self)
        self.threads = MatchThreads(self)
        self.spectators = Spectators(self)
        self.cooldowns = ChallengeCooldowns()
        self.controller = Controller(self)
        #: Interactions about a match another process serves (bot/routing.py).
        self.router = Router(self, DYNAMIC_ITEMS)
        self.challenges = ChallengeBook(self)
        self.sessions: SessionManager  # set in setup_hook, once storage is open
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
        # Several processes on one database: this one's name in the leases, and the task
        # that renews them and takes over a dead process's matches.
        self.lease_owner = (
            f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
            if settings.shared
            else None
        )
        self._leasing: asyncio.Task | None = None
        #: Clicks for matches another process owns (bot/forwarding.py), on PostgreSQL.
        self.forwarder: Forwarder | None = None
        self._held_notes: list[asyncio.Task] = []

    def _sharding(self, settings: Settings) -> dict[str, Any]:
        """Nothing here: one process connects discord.py's own shard (ShardedCardhostBot
        connects the shards its settings name)."""
        return {}

    def _get_state(self, **options: Any) -> Any:
        return intercepting_state(self, sharded=False, **options)

    def intercept_interaction(self, data: dict) -> bool:
        """Take a raw interaction before discord.py parses it: a decision click goes
        straight to the controller (`Controller.fast_click`), an interaction for a match
        another process serves goes there (`Router.take`); all else as usual."""
        if self.fast_clicks and self.controller.fast_click(data):
            return True
        return self.router.take(data)

    @property
    def storage(self) -> Storage:
        assert self._storage is not None, "storage opens in setup_hook"
        return self._storage

    async def setup_hook(self) -> None:
        guard_callbacks()  # no interaction is answered after its window, 429 or not
        if self._storage is None:
            target = self.settings.database
            if not self.settings.uses_postgresql and target != ":memory:":
                Path(target).parent.mkdir(parents=True, exist_ok=True)
            self._storage = await Storage.open(
                target,
                turn_timer_seconds=self.settings.turn_timer,
                challenge_expiry_seconds=self.settings.challenge_expiry,
            )
        self.sessions = SessionManager(
            self.storage,
            self.turn_timer,
            on_change=self.presenter.refresh,
            on_finish=self.match_finished,
            on_warning=self.presenter.warn,
            on_thinking=self.presenter.thinking,
            on_restored=self._restored,
            on_held=self._held,
            lease_owner=self.lease_owner,
            lease_seconds=self.settings.lease_seconds,
        )
        self.add_dynamic_items(*DYNAMIC_ITEMS, ChallengeButton)
        for cog in COGS:
            try:
                await self.load_extension(cog)
            except commands.ExtensionNotFound:
                log.warning("cog %s is not available", cog)
        if self.commands_only:
            return
        # Answer first, replay after (issue 18): a start notes which matches run where
        # (one light query) and replays them in the background once the gateway is
        # ready, the soonest turn clock first; a click for a match not replayed yet
        # replays that one at once and waits for it (`SessionManager.get`).
        running = await self.sessions.load_running()
        if running:
            log.info("%d running match(es) to resume", running)
        if self.replay_in_background:
            self._replaying = asyncio.create_task(self._replay_rest())
        if self.lease_owner is not None:
            self._leasing = asyncio.create_task(self.sessions.keep_leases())
            if self.settings.uses_postgresql:
                self.forwarder = Forwarder(
                    self.settings.database, self.lease_owner, self.router.received
                )
                await self.forwarder.start()
        if await self.challenges.restore():
            log.info("restored the open challenges")
        await sync_commands(self, self.storage, guild_id=self.settings.dev_guild)

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
        self.controller.later(self.presenter.resume(sessions))

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
        if (sessions := getattr(self, "sessions", None)) is not None:
            sessions.close()  # no turn timer of this bot may act after it is gone
        await self.controller.idle()
        self.presenter.close()
        await super().close()
        if self.forwarder is not None:
            await self.forwarder.close()
        if self.lease_owner is not None and self._storage is not None:
            # a clean stop hands its matches over at once, not when the leases expire
            with contextlib.suppress(Exception):
                await self._storage.leases.release(self.lease_owner)
        if self._storage is not None and self._owns_storage:
            await self._storage.close()

    async def turn_timer(self, guild_id: int | None) -> float:
        if guild_id is None:
            return float(self.settings.turn_timer)
        settings = await self.storage.settings.get_guild_settings(guild_id)
        return float(settings.turn_timer_seconds)

    async def challenge_expiry(self, guild_id: int | None) -> float:
        if guild_id is None:
            return float(self.settings.challenge_expiry)
        settings = await self.storage.settings.get_guild_settings(guild_id)
        return float(settings.challenge_expiry_seconds)

    async def start_from_challenge(
        self, interaction: discord.Interaction, challenge: Challenge
    ) -> None:
        """Everyone accepted (or the computer was challenged): seat the players and begin.

        The interaction has been deferred by the caller.
        """
        seats = [Seat(challenge.challenger.id, challenge.challenger.display_name)]
        decks = [challenge.challenger_deck[1]]
        try:
            for user in challenge.opponents:
                if self.user is not None and user.id == self.user.id:
                    seats.append(Seat(None, "Computer", is_bot=True))
                    decks.append((await resolve_deck(self.storage, 0, challenge.ruleset, None))[1])
                else:
                    seats.append(Seat(user.id, user.display_name))
                    decks.append(
                        (await resolve_deck(self.storage, user.id, challenge.ruleset, None))[1]
                    )
            for seat in seats:
                if seat.user_id is not None:
                    await self.storage.users.upsert_user(seat.user_id, seat.name)
            game = get_ruleset(challenge.ruleset).name
            thread: int | str = ""
            if (
                challenge.message_id is not None
                and await self.threads.mode(challenge.guild_id) == "thread"
            ):
                thread = await self.threads.start(
                    challenge.channel_id,
                    challenge.message_id,
                    thread_name([s.name for s in seats], game),
                )
            session = await self.sessions.start(
                challenge.ruleset,
                challenge.guild_id,
                thread if isinstance(thread, int) else challenge.channel_id,
                seats,
                decks,
                challenge.options,
                seed=self.seed,
                parent_channel_id=challenge.channel_id if isinstance(thread, int) else None,
                difficulty=challenge.difficulty,
            )
        except (DeckChoiceError, ChannelBusy, OptionError) as exc:
            # OptionError: a challenge stored before its game's options were checked
            await reply(interaction, f"The match cannot start: {exc}.")
            return
        crash_point("accepted")  # the match is stored; no board, no panel yet
        names = " vs ".join(s.name for s in seats)
        text = f"**{game}**: {names}. Your hands come by DM."
        if isinstance(thread, str) and thread:
            text += f"\n{thread}"
        channel = self.get_partial_messageable(session.channel_id, guild_id=challenge.guild_id)
        if isinstance(thread, int):
            # The challenge message now starts the thread and points into it; the board is
            # the thread's first message.
            await interaction.edit_original_response(
                content=f"**{game}**: {names}. The match is on in <#{thread}>.", view=None
            )
            await self.presenter.open(session, channel, intro=text)
        else:
            # The board becomes the answer to this interaction (the challenge message).
            await self.presenter.open(session, channel, interaction=interaction, intro=text)
        closed = [s for s in session.seats if s.user_id is not None and not s.dms_open]
        if closed:
            mentions = ", ".join(f"<@{s.user_id}>" for s in closed)
            await channel.send(
                f"{mentions}: your DMs are closed, so press **My hand & moves** on the board "
                "(or use /hand) to see your hand and play privately.",
                allowed_mentions=discord.AllowedMentions(users=True),
            )

    async def match_finished(self, session: MatchSession) -> None:
        try:
            from bot.ratings import rate_match, rating_line
        except ImportError:
            return
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
    CARDHOST_SHARD_COUNT (issue 18: N processes on one PostgreSQL split the shards; each
    process serves the matches it leases, and a click arriving on its shards for another
    process's match is forwarded there, bot/forwarding.py)."""

    def _sharding(self, settings: Settings) -> dict[str, Any]:
        return {"shard_ids": settings.shards, "shard_count": settings.shard_count}

    def _get_state(self, **options: Any) -> Any:
        return intercepting_state(self, sharded=True, **options)


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
        return await sync_commands(bot, bot.storage, guild_id=guild_id, force=True, clear=clear)
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
