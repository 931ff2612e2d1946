"""/history, /profile's picture and deck win rates, and /stats, through the Discord stand-in."""

from bot.discord.history_lines import DeckNamer, RatingSeries, draw_rating_chart
from bot.storage import RatingUpdate, Storage
from engine.core.ruleset import get_ruleset
from tests.bot.conftest import World
from tests.bot.test_replays import finished_clash, press, run, store_finished

PNG = b"\x89PNG\r\n\x1a\n"


async def seed_matches(world: World, storage: Storage, count: int) -> list[tuple[int, object]]:
    """`count` finished Clash matches alice vs bob, each rated."""
    out = []
    for i in range(count):
        match = finished_clash(20 + i)
        match_id = await store_finished(storage, world, match)
        winner = match.winner
        updates = []
        for seat, user in enumerate((world.alice, world.bob)):
            before = await storage.ratings.get_rating(user.id, "clash")
            games = before.games if before else 0
            ordinal = (before.ordinal if before else 0.0) + (3.0 if winner == seat else -2.0)
            updates.append(
                RatingUpdate(
                    user_id=user.id,
                    mu=ordinal + 6,
                    sigma=2.0,
                    ordinal=ordinal,
                    outcome="draw" if winner is None else ("win" if winner == seat else "loss"),
                    expected_games=games,
                )
            )
        await storage.ratings.save_ratings(match_id, "clash", updates)
        out.append((match_id, match))
    return out


async def test_history_lists_opponent_result_length_rating_and_pages(
    world: World, bot, storage: Storage
) -> None:
    matches = await seed_matches(world, storage, 7)
    message = await run(world, world.alice, "history")
    assert not message.ephemeral
    newest_id, newest = matches[-1]
    result = "won" if newest.winner == 0 else "lost"
    change = "+60" if newest.winner == 0 else "-40"  # display points: 20 per ordinal point
    line = next(line for line in message.text.splitlines() if f"**#{newest_id}**" in line)
    assert f"**{result}** vs bob" in line
    assert f"{len(newest.actions)} moves" in line
    assert f"rating {change}" in line
    assert f"`/replay match_id:{newest_id}`" in line
    assert "Page 1 of 2 · 7 ended matches" in message.text

    older, _ = await press(world, world.alice, message, "older ▶")
    assert "Page 2 of 2" in older.text and f"**#{matches[0][0]}**" in older.text
    assert f"**#{newest_id}**" not in older.text

    # someone else's click: their own copy, the opener's page stays
    stranger_page, copy = await press(world, world.carol, older, "◀ newer")
    assert "Page 2 of 2" in stranger_page.text
    assert copy is not None and copy.ephemeral and "Page 1 of 2" in copy.text

    # the menu opens a listed match's replay
    select = older.selects[0]
    pick = await world.fake.click(
        world.carol, older, custom_id=select.custom_id, values=[str(matches[0][0])]
    )
    replay = await pick.wait_response()
    assert replay is not None and replay.ephemeral
    assert f"Replay of match #{matches[0][0]}" in replay.text


async def test_history_by_user_and_game_and_when_empty(world: World, bot, storage) -> None:
    await seed_matches(world, storage, 1)
    message = await run(world, world.carol, "history", user=world.bob, game="clash")
    assert "bob's matches · Clash" in message.text and "vs alice" in message.text
    empty = await run(world, world.carol, "history")
    assert empty.ephemeral and "You have no ended matches yet" in empty.text
    other_game = await run(world, world.alice, "history", game="enchantoria")
    assert other_game.ephemeral


async def test_profile_attaches_a_rating_picture_and_deck_win_rates(
    world: World, bot, storage: Storage
) -> None:
    matches = await seed_matches(world, storage, 3)
    message = await run(world, world.alice, "profile")
    picture = message.attachment("rating.png")
    assert picture.data.startswith(PNG)
    assert message.embeds[0]["image"]["url"] == "attachment://rating.png"
    wins = sum(1 for _, m in matches if m.winner == 0)
    assert "Clash: decks" in message.text
    assert f"ember_rush: {wins}-" in message.text and "3 games" in message.text


async def test_profile_picture_is_drawn_off_the_event_loop(world: World, bot, monkeypatch) -> None:
    import asyncio
    import threading

    import bot.discord.cogs.history as history_cog

    storage = bot.storage
    await seed_matches(world, storage, 1)
    loop_thread = threading.get_ident()
    drawn_in = []
    real = history_cog.draw_rating_chart

    def spy(series):
        drawn_in.append(threading.get_ident())
        return real(series)

    monkeypatch.setattr(history_cog, "draw_rating_chart", spy)
    await run(world, world.alice, "profile")
    assert drawn_in and drawn_in[0] != loop_thread
    assert asyncio.get_running_loop()


async def test_stats_lists_most_played_decks_cards_and_average_length(
    world: World, bot, storage: Storage
) -> None:
    matches = await seed_matches(world, storage, 3)
    message = await run(world, world.carol, "stats", game="clash")
    assert not message.ephemeral
    average = sum(len(m.actions) for _, m in matches) / 3
    assert f"3 ended matches · average length {average:.1f} moves" in message.text
    assert "1. ember_rush — 3 games" in message.text or "1. grave_tide — 3 games" in message.text
    assert "Most played cards" in message.text
    some_card = get_ruleset("clash").card_catalog()[matches[0][1].record.decks[0][0]].name
    assert some_card in message.text or "10." in message.text
    nothing = await run(world, world.carol, "stats", game="enchantoria")
    assert nothing.ephemeral and "No Enchantoria match has ended" in nothing.text


def test_a_saved_deck_is_named_by_its_owner_and_a_changed_one_is_unsaved() -> None:
    cards = get_ruleset("clash").preconstructed_decks()["ember_rush"]
    changed = [*cards[:-1], cards[0]]
    namer = DeckNamer("clash", [(1, "Aggro", changed)])
    assert namer.name(1, cards) == "ember_rush"
    assert namer.name(1, list(reversed(changed))) == "Aggro"
    assert namer.name(1, changed, owner=True) == "Aggro (<@1>)"
    assert namer.name(2, changed) == "unsaved deck"


def test_the_rating_chart_is_a_png_with_or_without_points() -> None:
    from datetime import UTC, datetime, timedelta

    start = datetime(2026, 1, 1, tzinfo=UTC)
    series = [
        RatingSeries("Clash", [(start + timedelta(days=i), float(i * 2)) for i in range(5)]),
        RatingSeries("Enchantoria", [(start, 0.0)]),
    ]
    assert draw_rating_chart(series).startswith(PNG)
    assert draw_rating_chart([]).startswith(PNG)
