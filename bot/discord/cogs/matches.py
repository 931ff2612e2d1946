"""Match commands: /challenge, /hand, /board, /match, /resign."""

import asyncio
from collections.abc import Callable

import discord
from discord import app_commands
from discord.ext import commands

from bot.cluster.routing import MATCHES_HERE, NOT_MATCH_BOUND, PRIVATE, PUBLIC, ROUTE, MatchesHere
from bot.discord.challenges import challenge_view, player_of
from bot.discord.cogs.common import GAME_CHOICES
from bot.discord.cogs.decks import any_deck_autocomplete
from bot.discord.controller import Controller
from bot.discord.in_time import send, within_window
from bot.discord.presenter import Presenter
from bot.discord.replies import reply
from bot.discord.spectators import Spectators
from bot.discord.starting import MatchStarter
from bot.discord.threads import MatchThreads
from bot.discord.traffic import Traffic
from bot.play.background import BackgroundTasks
from bot.play.challenges import Challenge, ChallengeBook
from bot.play.cooldowns import ChallengeCooldowns
from bot.play.decks import DeckChoiceError, resolve_deck
from bot.play.server_times import ServerTimes
from bot.play.sessions import MatchSession, SessionManager
from bot.play.thinking import DEFAULT_DIFFICULTY, DIFFICULTIES
from bot.storage import Storage
from engine import EngineError, OptionError, Ruleset, allowed_values, get_ruleset, ruleset_ids

NO_MATCH_TO_WATCH = (
    "There is no running match here to watch (in a channel whose matches run in threads, "
    "use /spectate in the match's thread, or press Watch on its board)."
)

#: /challenge's difficulty, against the computer: the agent behind each is in bot.play.thinking.
DIFFICULTY_CHOICES = [
    app_commands.Choice(name=f"{name} ({agent})", value=name)
    for name, agent in DIFFICULTIES.items()
]

#: The games whose options model has `best_of` (the rest play one game per match).
SERIES_GAMES = [
    get_ruleset(r).name for r in ruleset_ids() if get_ruleset(r).supports_option("best_of")
]


async def best_of_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[int]]:
    """The series lengths the chosen game supports; none for a game that plays one game."""
    try:
        rules = get_ruleset(getattr(interaction.namespace, "game", None) or "")
    except EngineError:
        return []
    values = allowed_values(rules.options_model, "best_of") or ()
    return [
        app_commands.Choice(name="one game" if n == 1 else f"best of {n}", value=n)
        for n in values
        if str(n).startswith(str(current).strip())
    ]


def option_refusal(rules: Ruleset, exc: OptionError) -> str:
    """A player's words for an option the game refused."""
    if exc.option == "best_of" and not rules.supports_option("best_of"):
        return (
            f"{rules.name} plays one game per match, so it has no best-of "
            f"(series are for {', '.join(SERIES_GAMES)})."
        )
    if exc.option == "best_of":
        values = allowed_values(rules.options_model, "best_of") or ()
        return f"{rules.name} plays best of {', '.join(map(str, values))}."
    return f"{exc}."


class Matches(commands.Cog):
    def __init__(
        self,
        *,
        storage: Storage,
        sessions: SessionManager,
        here: MatchesHere,
        challenges: ChallengeBook,
        cooldowns: ChallengeCooldowns,
        times: ServerTimes,
        threads: MatchThreads,
        starter: MatchStarter,
        controller: Controller,
        presenter: Presenter,
        spectators: Spectators,
        traffic: Traffic,
        background: BackgroundTasks,
        own_id: Callable[[], int | None],
    ):
        self.storage = storage
        self.sessions = sessions
        self.here = here
        self.challenges = challenges
        self.cooldowns = cooldowns
        self.times = times
        self.threads = threads
        self.starter = starter
        self.controller = controller
        self.presenter = presenter
        self.spectators = spectators
        self.traffic = traffic
        self.background = background
        #: The bot's own user id (known once it logged in): challenging it plays the computer.
        self.own_id = own_id

    async def session_here(self, interaction: discord.Interaction) -> MatchSession | str:
        """The match a command used here means (found by the process that received it,
        if another did), or the player's words for why there is none."""
        return await self.here.session(
            interaction.extras.get(MATCHES_HERE),
            interaction.channel_id or 0,
            interaction.user.id,
            in_dm=interaction.guild_id is None,
        )

    @app_commands.command(
        description="Challenge someone (or me, the bot) to a match here.",
        extras={ROUTE: NOT_MATCH_BOUND},
    )
    @app_commands.describe(
        opponent="who you challenge; pick the bot to play the computer",
        game="which card game",
        deck="your deck: one of yours or a preconstructed one (default: your active deck)",
        best_of=f"a series: first to win a majority of games ({', '.join(SERIES_GAMES)} only)",
        opponent2="a second opponent (games for 3+ players)",
        opponent3="a third opponent (games for 4 players)",
        difficulty="against the computer: easy, normal (default) or hard",
    )
    @app_commands.choices(game=GAME_CHOICES, difficulty=DIFFICULTY_CHOICES)
    @app_commands.autocomplete(deck=any_deck_autocomplete)
    @app_commands.autocomplete(best_of=best_of_autocomplete)  # apart: their choices differ in type
    async def challenge(
        self,
        interaction: discord.Interaction,
        opponent: discord.User,
        game: str,
        deck: str | None = None,
        best_of: int | None = None,
        opponent2: discord.User | None = None,
        opponent3: discord.User | None = None,
        difficulty: str | None = None,
    ) -> None:
        opponents: list[discord.abc.User] = [
            u for u in (opponent, opponent2, opponent3) if u is not None
        ]
        await self.open_challenge(interaction, opponents, game, deck, best_of, difficulty)

    async def open_challenge(
        self,
        interaction: discord.Interaction,
        opponents: list[discord.abc.User],
        game: str,
        deck: str | None = None,
        best_of: int | None = None,
        difficulty: str | None = None,
    ) -> None:
        """Check and post a challenge: from /challenge, or the "Challenge to a game…" menu.
        `difficulty` is for a match against the computer only."""
        channel_id = interaction.channel_id
        if channel_id is None or interaction.channel is None:
            return await reply(interaction, "Challenges are made in a channel.")
        in_thread = isinstance(interaction.channel, discord.Thread)
        threads = await self.threads.mode(interaction.guild_id) == "thread" and not in_thread
        # replayed now if need be: a match this version cannot replay is held, not busy
        if await self.sessions.in_channel(channel_id) is not None and not threads:
            return await reply(interaction, "This channel already has a running match.")
        if channel_id in self.sessions.held:
            return await reply(
                interaction,
                f"This channel's match is on hold ({self.sessions.held[channel_id]}); "
                "it is kept, so challenges go to another channel for now.",
            )
        if self.challenges.in_channel(channel_id) is not None:
            return await reply(interaction, "This channel already has an open challenge.")
        if interaction.guild_id is not None:
            cooldown = (
                await self.storage.settings.get_guild_settings(interaction.guild_id)
            ).challenge_cooldown_seconds
            wait = self.cooldowns.wait(interaction.guild_id, interaction.user.id, cooldown)
            if wait > 0:
                return await reply(
                    interaction,
                    f"This server has a {cooldown} s cooldown on challenges: "
                    f"try again in {max(1, round(wait))} s.",
                )
        rules = get_ruleset(game)
        me = interaction.user
        if any(u.id == me.id for u in opponents):
            return await reply(interaction, "You cannot challenge yourself.")
        if len({u.id for u in opponents}) != len(opponents):
            return await reply(interaction, "Each opponent can be named once.")
        own_id = self.own_id()
        computer = own_id is not None and any(u.id == own_id for u in opponents)
        if any(u.bot and not (own_id is not None and u.id == own_id) for u in opponents):
            return await reply(interaction, "Bots other than me cannot play.")
        if computer and len(opponents) > 1:
            return await reply(interaction, "Play the computer one-on-one.")
        if interaction.guild_id is None and not computer:
            # A DM is between the bot and one person: nobody else could see the challenge.
            return await reply(
                interaction,
                "Challenge people in a server channel, where they can see it; in a direct "
                "message you can play me (name me as the opponent).",
            )
        if difficulty is not None and not computer:
            return await reply(
                interaction, "A difficulty is for a match against the computer (me) only."
            )
        if difficulty is not None and difficulty not in DIFFICULTIES:
            return await reply(
                interaction,
                f"The difficulty is one of {', '.join(DIFFICULTIES)}, not {difficulty!r}.",
            )
        players = len(opponents) + 1
        if not rules.min_players <= players <= rules.max_players:
            return await reply(
                interaction,
                f"{rules.name} is for {rules.min_players}-{rules.max_players} players, "
                f"not {players}.",
            )
        try:
            options = rules.check_options({} if best_of is None else {"best_of": best_of})
        except OptionError as exc:
            return await reply(interaction, f"Cannot start: {option_refusal(rules, exc)}")
        try:
            my_deck = await resolve_deck(self.storage, me.id, game, deck)
        except DeckChoiceError as exc:
            return await reply(interaction, f"Cannot start: {exc}.")
        if computer:
            self.cooldowns.challenged(interaction.guild_id, me.id)
            await interaction.response.defer(thinking=True)
            seated = [player_of(u) for u in opponents]
            unsaved = Challenge(  # answered at once: nothing to store, id 0
                0, game, interaction.guild_id, channel_id, player_of(me), my_deck, seated, options,
                difficulty=difficulty or DEFAULT_DIFFICULTY,
            )  # fmt: skip
            await self.starter.start(interaction, unsaved)
            return
        series = f" (best of {options['best_of']})" if "best_of" in options else ""
        names = ", ".join(u.mention for u in opponents)
        expiry = await self.times.challenge_expiry(interaction.guild_id)
        text = (
            f"{names}: {me.mention} challenges you to **{rules.name}**{series}. "
            f"This challenge expires in {int(expiry)} s."
        )
        self.cooldowns.challenged(interaction.guild_id, me.id)
        challenge = await within_window(
            interaction,
            self.challenges.create(
                game,
                interaction.guild_id,
                channel_id,
                player_of(me),
                my_deck,
                [player_of(u) for u in opponents],
                options,
                expiry,
            ),
        )
        await send(
            interaction,
            text,
            view=challenge_view(challenge.id),
            allowed_mentions=discord.AllowedMentions(users=True),
        )
        message = await interaction.original_response()
        await self.challenges.posted(challenge, message.id, text)

    # The commands below act on the running match meant where they are used
    # (`MatchesHere`) and say how they are answered (their `ROUTE`): another process may
    # serve that match, and then answers them (bot/cluster/routing.py).

    @app_commands.command(
        description="Follow this channel's match live, read-only.", extras={ROUTE: PRIVATE}
    )
    async def spectate(self, interaction: discord.Interaction) -> None:
        session = await self.session_here(interaction)
        if isinstance(session, str):
            return await reply(interaction, NO_MATCH_TO_WATCH)
        await self.spectators.watch(interaction, session)

    @app_commands.command(
        description="Show your hand and your moves, privately.", extras={ROUTE: PRIVATE}
    )
    async def hand(self, interaction: discord.Interaction) -> None:
        session = await self.session_here(interaction)
        if isinstance(session, str):
            return await reply(interaction, session)
        await self.controller.show_hand(interaction, session.match_id)

    @app_commands.command(
        description="Post the board of this channel's match again.", extras={ROUTE: PUBLIC}
    )
    async def board(self, interaction: discord.Interaction) -> None:
        session = await self.session_here(interaction)
        if isinstance(session, str):
            return await reply(interaction, session)
        if interaction.channel_id != session.channel_id:
            # Used in the thread's parent channel or a DM: the match's board stays where its
            # players find it, and this answer leads there.
            return await reply(interaction, self.board_elsewhere(session))
        await interaction.response.defer()
        old_id = session.board_message_id
        embed, files = await self.presenter.board(session)
        message = await interaction.followup.send(
            embed=embed,
            files=files,
            view=self.presenter.board_buttons(session.match_id, over=False),
            wait=True,
        )
        session.board_message_id = message.id
        self.traffic.note_board(session.match_id, interaction.token, message.id, original=None)
        await self.storage.matches.set_board_message(session.match_id, message.id)
        if old_id is not None and old_id != message.id:
            self.background.later(self.presenter.retire_board(session, old_id))

    def board_elsewhere(self, session: MatchSession) -> str:
        """Where the match's board is, for a /board used away from the match."""
        place = f"<#{session.channel_id}>"
        link = self.presenter.board_link(session)
        board = f"its board: {link}" if link else "its board is posted there"
        return f"This match is played in {place}: {board}"

    @app_commands.command(
        name="match", description="Who plays, whose move it is, time left.", extras={ROUTE: PRIVATE}
    )
    async def match_status(self, interaction: discord.Interaction) -> None:
        session = await self.session_here(interaction)
        if isinstance(session, str):
            return await reply(interaction, session)
        view = (await session.committed()).view(None)
        loop_time = asyncio.get_running_loop().time()
        lines = [f"**{session.match.ruleset.name}**, turn {view.turn}."]
        lines.append("Players: " + ", ".join(s.name for s in session.seats))
        for decision in view.decisions:
            deadline = session.deadlines.get(decision.player)
            left = f" ({int(deadline - loop_time)} s left)" if deadline else ""
            lines.append(f"Waiting for {decision.player_name}: {decision.prompt}{left}")
        await interaction.response.send_message("\n".join(lines), ephemeral=True)

    @app_commands.command(description="Give up this channel's match.", extras={ROUTE: PUBLIC})
    async def resign(self, interaction: discord.Interaction) -> None:
        session = await self.session_here(interaction)
        if isinstance(session, str):
            return await reply(interaction, session)
        seat = session.seat_of(interaction.user.id)
        if seat is None:
            return await reply(interaction, "You are not playing in this match.")
        if interaction.channel_id != session.channel_id:
            # The other players read the resignation where the match is, not here.
            return await reply(
                interaction,
                f"Nothing changed: resign in <#{session.channel_id}>, where your match is "
                "played and its players read it.",
            )
        try:
            await self.sessions.resign(session, seat, notify=False)
        except EngineError as exc:
            return await reply(interaction, f"Not done: {exc}")
        await interaction.response.send_message(f"{interaction.user.mention} resigns.")
        self.background.later(self.presenter.refresh(session))
