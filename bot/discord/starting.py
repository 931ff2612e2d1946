"""Starting a match once its challenge is accepted (or the computer was challenged):
seat the players, store the match, open its thread, post its board and panels."""

from collections.abc import Callable

import discord

from bot.crashpoints import crash_point
from bot.discord.presenter import Presenter
from bot.discord.replies import reply
from bot.discord.threads import MatchThreads, thread_name
from bot.play.challenges import Challenge
from bot.play.decks import DeckChoiceError, resolve_deck
from bot.play.sessions import ChannelBusy, Seat, SessionManager
from bot.storage import Storage
from engine import OptionError, get_ruleset

#: A channel to post in, by id and server id, without fetching it.
PartialChannel = Callable[[int, int | None], discord.PartialMessageable]


class MatchStarter:
    def __init__(
        self,
        *,
        storage: Storage,
        sessions: SessionManager,
        threads: MatchThreads,
        presenter: Presenter,
        partial_channel: PartialChannel,
        own_id: Callable[[], int | None],
        seed: int | None = None,
    ):
        self.storage = storage
        self.sessions = sessions
        self.threads = threads
        self.presenter = presenter
        self.partial_channel = partial_channel
        #: The bot's own user id: a challenge to it seats the computer.
        self.own_id = own_id
        #: Fixed seeds for tests and benchmarks; None: a random seed per match.
        self.seed = seed

    async def start(self, interaction: discord.Interaction, challenge: Challenge) -> None:
        """Everyone accepted (or the computer was challenged): seat the players and begin.

        The interaction has been deferred by the caller.
        """
        seats = [Seat(challenge.challenger.id, challenge.challenger.display_name)]
        decks = [challenge.challenger_deck[1]]
        own_id = self.own_id()
        try:
            for user in challenge.opponents:
                if own_id is not None and user.id == own_id:
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
        channel = self.partial_channel(session.channel_id, challenge.guild_id)
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
