"""/leaderboard, /profile, /rules and /config end to end, through the Discord stand-in."""

import itertools

from bot.discord.cogs.admin import Admin
from bot.play.ratings import display_rating, rate_match
from bot.storage import PlayerInfo, RatingUpdate, Storage
from bot.storage.settings import CHALLENGE_EXPIRY_RANGE, TURN_TIMER_RANGE
from cardhost_devtools.standin import FakeUser
from engine.core.record import MatchRecord
from tests.bot.conftest import World
from tests.bot.test_ratings import FakeMatch, FakeSeat, FakeSession

MANAGE_GUILD = 0x20
CHANNELS = itertools.count(5000)


async def _match(storage: Storage, players: list[PlayerInfo]) -> int:
    record = MatchRecord(
        ruleset="clash", rules_version="1", seed=0, players=[p.name for p in players]
    )
    return await storage.matches.create_match(None, next(CHANNELS), record, players)


async def _seed_ladder(storage: Storage, count: int) -> list[tuple[int, str, float]]:
    """`count` rated players with ordinals 100, 90, 80 ... (user ids 101, 102 ...)."""
    seeded = []
    for i in range(count):
        user, name, ordinal = 101 + i, f"player{i + 1:02}", 100.0 - 10 * i
        await storage.users.upsert_user(user, name)
        match_id = await _match(storage, [PlayerInfo(user_id=user, name=name)])
        update = RatingUpdate(
            user_id=user, mu=ordinal + 6, sigma=2.0, ordinal=ordinal, outcome="win"
        )
        await storage.ratings.save_ratings(match_id, "clash", [update])
        seeded.append((user, name, ordinal))
    return seeded


async def _text(
    world: World, user: FakeUser, command: str, /, **options: object
) -> tuple[str, bool]:
    """Run the command and wait for its answer: (what the user reads, whether private)."""
    handle = await world.fake.slash(user, world.channel, command, **options)
    msg = await handle.wait_response()
    assert msg is not None
    return msg.text, msg.ephemeral


def _manager(world: World) -> FakeUser:
    role = world.fake.add_role(world.guild, "Organisers", permissions=MANAGE_GUILD)
    dana = world.fake.add_user("dana")
    world.fake.add_member(world.guild, dana, roles=[role])
    return dana


# -- /leaderboard --------------------------------------------------------------------------


async def test_leaderboard_when_nobody_is_rated(world: World, bot) -> None:
    text, ephemeral = await _text(world, world.alice, "leaderboard", game="clash")
    assert "Nobody is on the Clash ladder yet" in text
    assert ephemeral
    assert world.fake.unknown_calls == []


async def test_leaderboard_lists_in_order_and_pages(world: World, bot, storage: Storage) -> None:
    seeded = await _seed_ladder(storage, 12)

    text, ephemeral = await _text(world, world.alice, "leaderboard", game="clash")
    assert not ephemeral  # a ladder is for showing around
    lines = [line for line in text.splitlines() if line.startswith("**")]
    assert len(lines) == 10
    for rank, (line, (_, name, ordinal)) in enumerate(zip(lines, seeded, strict=False), 1):
        assert line == f"**{rank}.** {name} — **{display_rating(ordinal)}** · 1-0 · 1 game"
    assert "Page 1 of 2 · 12 players" in text

    text, _ = await _text(world, world.alice, "leaderboard", game="clash", page=2)
    lines = [line for line in text.splitlines() if line.startswith("**")]
    assert lines == [
        "**11.** player11 — **1000** · 1-0 · 1 game",
        "**12.** player12 — **800** · 1-0 · 1 game",
    ]
    assert "Page 2 of 2" in text

    text, ephemeral = await _text(world, world.alice, "leaderboard", game="clash", page=3)
    assert text == "There is no page 3: the Clash ladder has 2 pages (12 players)."
    assert ephemeral
    assert world.fake.unknown_calls == []


async def test_a_finished_match_reaches_the_ladder(world: World, bot, storage: Storage) -> None:
    """The whole path: challenge, accept, resign; the bot rates it; the ladder shows it."""
    fake = world.fake
    handle = await fake.slash(
        world.alice, world.channel, "challenge", opponent=world.bob, game="clash"
    )
    challenge = await handle.wait_response()
    assert challenge is not None
    await (await fake.click(world.bob, challenge, label="Accept")).wait_acknowledged()
    await fake.wait_for_message(world.channel, lambda m: bool(m.embeds), existing=True)
    resign = await fake.slash(world.alice, world.channel, "resign")
    await resign.wait_response()
    await bot.controller.idle()

    bob = await storage.ratings.get_rating(world.bob.id, "clash")
    alice = await storage.ratings.get_rating(world.alice.id, "clash")
    assert bob is not None and alice is not None
    assert (bob.wins, alice.losses) == (1, 1)

    # The end-of-match line says both changes on the display scale (newcomers at 1000).
    line = await fake.wait_for_message(
        world.channel, lambda m: m.content.startswith("Ratings:"), existing=True
    )
    won, lost = display_rating(bob.ordinal), display_rating(alice.ordinal)
    assert won > 1000 > lost > 0
    assert f"bob 1000 → {won} (+{won - 1000})" in line.content
    assert f"alice 1000 → {lost} (-{1000 - lost})" in line.content

    text, _ = await _text(world, world.carol, "leaderboard", game="clash")
    assert "**1.** bob" in text and "**2.** alice" in text
    assert "Ratings start at 1000" in text  # the ladder says what its numbers mean
    assert f"**{won}**" in text
    assert fake.unknown_calls == []


# -- /profile ------------------------------------------------------------------------------


async def test_profile_shows_rating_rank_record_and_recent_matches(
    world: World, bot, storage: Storage
) -> None:
    alice = FakeSeat(world.alice.id, "alice")
    bob = FakeSeat(world.bob.id, "bob")
    computer = FakeSeat(None, "Computer", is_bot=True)
    for seats, winner in (([alice, bob], 0), ([bob, alice], 1), ([alice, computer], 1)):
        for seat in seats:
            if seat.user_id is not None:
                await storage.users.upsert_user(seat.user_id, seat.name)
        players = [PlayerInfo(user_id=s.user_id, name=s.name, is_bot=s.is_bot) for s in seats]
        match_id = await _match(storage, players)
        await storage.matches.finish_match(match_id, winner)
        await rate_match(storage, FakeSession(match_id, "clash", seats, FakeMatch(winner)))
    rating = await storage.ratings.get_rating(world.alice.id, "clash")
    assert rating is not None

    text, ephemeral = await _text(world, world.alice, "profile")
    assert not ephemeral
    assert "alice's profile" in text
    assert f"Rating **{display_rating(rating.ordinal)}** · #1 of 2" in text
    assert "2 won · 0 lost · 2 games" in text
    assert "Last rating changes (newest first): +" in text
    recent = text.split("Clash: recent matches:")[1]
    lines = recent.strip().splitlines()
    assert "**lost** vs Computer (unrated)" in lines[0]
    assert "**won** vs bob (+" in lines[1] and "**won** vs bob (+" in lines[2]

    text, _ = await _text(world, world.alice, "profile", user=world.bob)
    assert "bob's profile" in text and "#2 of 2" in text and "0 won · 2 lost" in text
    assert "**lost** vs alice (-" in text

    text, _ = await _text(world, world.alice, "profile", user=world.carol)
    assert "No matches yet" in text
    assert world.fake.unknown_calls == []


# -- /rules --------------------------------------------------------------------------------


async def test_rules_explain_clash_privately(world: World, bot) -> None:
    text, ephemeral = await _text(world, world.alice, "rules", game="clash")
    assert ephemeral
    assert "How to play Clash" in text
    for point in ("30 health", "30-card decks", "toughness", "Haste", "/challenge"):
        assert point in text
    assert world.fake.unknown_calls == []


def test_rules_text_for_another_game_is_built_from_its_name() -> None:
    from bot.render.rules_help import rules_text
    from engine.core.ruleset import get_ruleset

    other = type(get_ruleset("clash"))()
    other.id, other.name, other.max_players = "skirmish", "Skirmish", 4
    other.help_text = ""
    text = rules_text(other)
    assert "**Skirmish** is a card game for 2-4 players" in text
    assert "game:Skirmish" in text


# -- /config -------------------------------------------------------------------------------


async def test_config_shows_and_changes_settings_for_a_manager(
    world: World, bot, storage: Storage
) -> None:
    dana = _manager(world)
    text, ephemeral = await _text(world, dana, "config")
    assert ephemeral
    assert "Turn timer: **300 s**" in text and "Challenge expiry: **120 s**" in text

    text, _ = await _text(world, dana, "config", turn_timer=90)
    assert text.startswith("Saved.") and "Turn timer: **90 s**" in text
    saved = await storage.settings.get_guild_settings(world.guild.id)
    assert (saved.turn_timer_seconds, saved.challenge_expiry_seconds) == (90, 120)

    await _text(world, dana, "config", challenge_expiry=45, turn_timer=600)
    saved = await storage.settings.get_guild_settings(world.guild.id)
    assert (saved.turn_timer_seconds, saved.challenge_expiry_seconds) == (600, 45)
    assert await bot.times.challenge_expiry(world.guild.id) == 45  # what new challenges use
    assert world.fake.unknown_calls == []


async def test_config_refuses_non_managers(world: World, bot, storage: Storage) -> None:
    for options in ({}, {"turn_timer": 60}):
        text, ephemeral = await _text(world, world.alice, "config", **options)
        assert ephemeral
        assert "Only server managers" in text and "Manage Server" in text
    saved = await storage.settings.get_guild_settings(world.guild.id)
    assert saved.turn_timer_seconds == 300
    assert world.fake.unknown_calls == []


async def test_config_invalid_values_change_nothing(world: World, bot, storage: Storage) -> None:
    dana = _manager(world)
    await _text(world, dana, "config", turn_timer=200)

    text, ephemeral = await _text(world, dana, "config", turn_timer=5)
    assert ephemeral
    assert text == "Nothing changed: turn timer must be between 30 and 3600 seconds, got 5."

    text, _ = await _text(world, dana, "config", turn_timer=100, challenge_expiry=99999)
    assert "Nothing changed: challenge expiry must be between 30 and 3600" in text
    saved = await storage.settings.get_guild_settings(world.guild.id)
    assert (saved.turn_timer_seconds, saved.challenge_expiry_seconds) == (200, 120)
    assert world.fake.unknown_calls == []


def test_config_limits_shown_by_discord_match_the_storage_checks() -> None:
    params = {p.name: p for p in Admin.config.parameters}
    for name, bounds in (
        ("turn_timer", TURN_TIMER_RANGE),
        ("challenge_expiry", CHALLENGE_EXPIRY_RANGE),
    ):
        assert (params[name].min_value, params[name].max_value) == bounds
        assert not params[name].required
    assert Admin.config.default_permissions is not None
    assert Admin.config.default_permissions.manage_guild
    assert Admin.config.guild_only
