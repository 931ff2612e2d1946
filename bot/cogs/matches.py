"""Match commands: /challenge, /hand, /board, /match, /resign."""

import asyncio
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.challenges import Challenge, Player, challenge_view
from bot.cogs.common import GAME_CHOICES
from bot.cogs.decks import any_deck_autocomplete
from bot.controller import reply
from bot.decks import DeckChoiceError, resolve_deck
from bot.in_time import send, within_window
from bot.match_here import session_here
from bot.match_route import PRIVATE, PUBLIC, ROUTE
from bot.thinking import DEFAULT_DIFFICULTY, DIFFICULTIES
from engine import EngineError, OptionError, Ruleset, allowed_values, get_ruleset, ruleset_ids

NO_MATCH_TO_WATCH = (
    "There is no running match here to watch (in a channel whose matches run in threads, "
    "use /spectate in the match's thread, or press Watch on its board)."
)

#: /challenge's difficulty, against the computer: the agent behind each is in bot.thinking.
DIFFICULTY_CHOICES = [
    app_commands.Choice(name=f"{name} ({agent})", value=name)
    for name, agent in DIFFICULTIES.items()
]

if TYPE_CHECKING:
    from bot.app import CardhostBot

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
    def __init__(self, bot: "CardhostBot"):
        self.bot = bot

    @app_commands.command(description="Challenge someone (or me, the bot) to a match here.")
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
        bot = self.bot
        channel_id = interaction.channel_id
        if channel_id is None or interaction.channel is None:
            return await reply(interaction, "Challenges are made in a channel.")
        in_thread = isinstance(interaction.channel, discord.Thread)
        threads = await bot.threads.mode(interaction.guild_id) == "thread" and not in_thread
        # replayed now if need be: a match this version cannot replay is held, not busy
        if await bot.sessions.in_channel(channel_id) is not None and not threads:
            return await reply(interaction, "This channel already has a running match.")
        if channel_id in bot.sessions.held:
            return await reply(
                interaction,
                f"This channel's match is on hold ({bot.sessions.held[channel_id]}); "
                "it is kept, so challenges go to another channel for now.",
            )
        if bot.challenges.in_channel(channel_id) is not None:
            return await reply(interaction, "This channel already has an open challenge.")
        if interaction.guild_id is not None:
            cooldown = (
                await bot.storage.settings.get_guild_settings(interaction.guild_id)
            ).challenge_cooldown_seconds
            wait = bot.cooldowns.wait(interaction.guild_id, interaction.user.id, cooldown)
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
        computer = bot.user is not None and any(u.id == bot.user.id for u in opponents)
        if any(u.bot and not (bot.user and u.id == bot.user.id) for u in opponents):
            return await reply(interaction, "Bots other than me cannot play.")
        if computer and len(opponents) > 1:
            return await reply(interaction, "Play the computer one-on-one.")
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
            my_deck = await resolve_deck(bot.storage, me.id, game, deck)
        except DeckChoiceError as exc:
            return await reply(interaction, f"Cannot start: {exc}.")
        if computer:
            bot.cooldowns.challenged(interaction.guild_id, me.id)
            await interaction.response.defer(thinking=True)
            seated = [Player.of(u) for u in opponents]
            unsaved = Challenge(  # answered at once: nothing to store, id 0
                0, game, interaction.guild_id, channel_id, Player.of(me), my_deck, seated, options,
                difficulty=difficulty or DEFAULT_DIFFICULTY,
            )  # fmt: skip
            await bot.start_from_challenge(interaction, unsaved)
            return
        series = f" (best of {options['best_of']})" if "best_of" in options else ""
        names = ", ".join(u.mention for u in opponents)
        expiry = await bot.challenge_expiry(interaction.guild_id)
        text = (
            f"{names}: {me.mention} challenges you to **{rules.name}**{series}. "
            f"This challenge expires in {int(expiry)} s."
        )
        bot.cooldowns.challenged(interaction.guild_id, me.id)
        challenge = await within_window(
            interaction,
            bot.challenges.create(
                game, interaction.guild_id, channel_id, me, my_deck, opponents, options, expiry
            ),
        )
        await send(
            interaction,
            text,
            view=challenge_view(challenge.id),
            allowed_mentions=discord.AllowedMentions(users=True),
        )
        message = await interaction.original_response()
        await bot.challenges.posted(challenge, message.id, text)

    # The commands below act on the running match meant where they are used
    # (bot/match_here.py) and say how they are answered (bot/match_route.py): another
    # process may serve that match, and then answers them (bot/routing.py).

    @app_commands.command(
        description="Follow this channel's match live, read-only.", extras={ROUTE: PRIVATE}
    )
    async def spectate(self, interaction: discord.Interaction) -> None:
        session = await session_here(self.bot, interaction)
        if isinstance(session, str):
            return await reply(interaction, NO_MATCH_TO_WATCH)
        await self.bot.spectators.watch(interaction, session)

    @app_commands.command(
        description="Show your hand and your moves, privately.", extras={ROUTE: PRIVATE}
    )
    async def hand(self, interaction: discord.Interaction) -> None:
        session = await session_here(self.bot, interaction)
        if isinstance(session, str):
            return await reply(interaction, session)
        await self.bot.controller.show_hand(interaction, session.match_id)

    @app_commands.command(
        description="Post the board of this channel's match again.", extras={ROUTE: PUBLIC}
    )
    async def board(self, interaction: discord.Interaction) -> None:
        session = await session_here(self.bot, interaction)
        if isinstance(session, str):
            return await reply(interaction, session)
        await interaction.response.defer()
        embed, files = await self.bot.presenter.board(session)
        message = await interaction.followup.send(
            embed=embed,
            files=files,
            view=self.bot.presenter.board_buttons(session.match_id, over=False),
            wait=True,
        )
        session.board_message_id = message.id
        self.bot.traffic.note_board(session.match_id, interaction.token, message.id, original=None)
        await self.bot.storage.matches.set_board_message(session.match_id, message.id)

    @app_commands.command(
        name="match", description="Who plays, whose move it is, time left.", extras={ROUTE: PRIVATE}
    )
    async def match_status(self, interaction: discord.Interaction) -> None:
        session = await session_here(self.bot, interaction)
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
        session = await session_here(self.bot, interaction)
        if isinstance(session, str):
            return await reply(interaction, session)
        seat = session.seat_of(interaction.user.id)
        if seat is None:
            return await reply(interaction, "You are not playing in this match.")
        try:
            await self.bot.sessions.resign(session, seat, notify=False)
        except EngineError as exc:
            return await reply(interaction, f"Not done: {exc}")
        await interaction.response.send_message(f"{interaction.user.mention} resigns.")
        self.bot.controller.later(self.bot.presenter.refresh(session))


async def setup(bot: "CardhostBot") -> None:
    await bot.add_cog(Matches(bot))
