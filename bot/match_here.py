"""Which running match a match command (/hand, /board, /match, /resign, /spectate) means.

In a match's channel or thread: that match. In a channel whose matches run in threads:
the one match there the user plays. In a DM (no server): the one running match the user
plays, wherever it is, so a player whose hand comes by DM can ask for it there.

With several processes (issue 18) the receiving process may not serve the match at all,
so it asks the database, which knows every process's matches (`MatchRepo.running_near`),
and the answer travels with the interaction (`interaction.extras[MATCHES_HERE]`): the
process that serves the match then uses exactly the match the receiver found, even when
the user plays other matches there too. One process asks its own sessions, as before.
"""

from typing import TYPE_CHECKING

import discord

from bot.sessions import MatchSession
from bot.storage.matches import RunningHeader

if TYPE_CHECKING:
    from bot.app import CardhostBot

#: `interaction.extras` key: the match ids the receiving process found for a command.
MATCHES_HERE = "cardhost_matches_here"

NO_MATCH_HERE = (
    "There is no running match here (in a channel whose matches run in threads, use the "
    "command in your match's thread)."
)
SEVERAL_HERE = (
    "You play in {count} running matches: use the command in the channel or thread of "
    "the one you mean."
)


def user_id_of(data: dict) -> int | None:
    """The user of a raw INTERACTION_CREATE payload (a member in a server, a user in DMs)."""
    user = (data.get("member") or {}).get("user") or data.get("user") or {}
    try:
        return int(user["id"])
    except (KeyError, TypeError, ValueError):
        return None


def pick(headers: list[RunningHeader], channel_id: int, user_id: int, *, in_dm: bool) -> list[int]:
    """The candidates for a command in `channel_id` by `user_id` (see the module)."""
    own = [h.match_id for h in headers if h.channel_id == channel_id]
    if own:
        return own[:1]  # a channel holds one running match at most
    return [
        h.match_id
        for h in headers
        if user_id in h.user_ids and (in_dm or h.parent_channel_id == channel_id)
    ]


async def ids_here(bot: "CardhostBot", channel_id: int, user_id: int, *, in_dm: bool) -> list[int]:
    """The running matches a command used here may mean (none, one, or several: then the
    user must say which by using it in that match's channel)."""
    sessions = bot.sessions
    if bot.lease_owner is None:  # the only process: its sessions are every match
        session = await sessions.in_channel(channel_id)
        if session is not None:
            return [session.match_id]
        mine = await sessions.played_in(None if in_dm else channel_id, user_id)
        return sorted(s.match_id for s in mine)
    local = sessions.by_channel.get(channel_id)
    if local is not None:
        return [local.match_id]
    headers = await bot.storage.matches.running_near(channel_id, user_id)
    return pick(headers, channel_id, user_id, in_dm=in_dm)


async def session_here(bot: "CardhostBot", interaction: discord.Interaction) -> MatchSession | str:
    """The match a command used here means, or the player's words for why there is none.

    The match is served here from now on: one whose process died is taken over
    (`SessionManager.get` claims an expired lease and replays the match)."""
    ids = interaction.extras.get(MATCHES_HERE)
    if ids is None:
        ids = await ids_here(
            bot,
            interaction.channel_id or 0,
            interaction.user.id,
            in_dm=interaction.guild_id is None,
        )
    if not ids:
        return NO_MATCH_HERE
    if len(ids) > 1:
        return SEVERAL_HERE.format(count=len(ids))
    return await bot.sessions.get(int(ids[0])) or NO_MATCH_HERE
