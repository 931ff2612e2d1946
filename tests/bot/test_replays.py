"""/replay, /reveal and export end to end through the Discord stand-in.

Most tests store a finished match made by the engine's agents (quick and deterministic);
the first plays a whole match with buttons and compares the replay's last step with the
match's own final board.
"""

import itertools
import json
import random

import pytest

from bot.cli import main
from bot.play.replays import Replay
from bot.storage import PlayerInfo, Storage
from cardhost_devtools.standin import FakeUser
from engine.agents.base import make_agent
from engine.core.match import Match, new_match
from engine.core.ruleset import get_ruleset
from engine.simulate import play_out
from tests.bot.conftest import World
from tests.bot.test_match_flow import accept, challenge, play_to_the_end

MANAGE_GUILD = 0x20
CHANNELS = itertools.count(7000)


def finished_clash(seed: int) -> Match:
    rules = get_ruleset("clash")
    decks = list(rules.preconstructed_decks().values())
    match = new_match("clash", ["alice", "bob"], [decks[0], decks[1]], seed=seed)
    play_out(match, [make_agent("random", seed), make_agent("random", seed + 1)])
    assert match.over
    return match


async def store_finished(
    storage: Storage, world: World, match: Match, *, rules_version: str | None = None
) -> int:
    record = match.record
    if rules_version is not None:
        record = record.model_copy(update={"rules_version": rules_version})
    players = [
        PlayerInfo(user_id=world.alice.id, name="alice"),
        PlayerInfo(user_id=world.bob.id, name="bob"),
    ]
    match_id = await storage.matches.create_match(world.guild.id, next(CHANNELS), record, players)
    await storage.matches.finish_match(match_id, match.winner)
    return match_id


async def run(world: World, user: FakeUser, command: str, /, **options):
    handle = await world.fake.slash(user, world.channel, command, **options)
    message = await handle.wait_response()
    assert message is not None
    return message


async def press(world: World, user: FakeUser, message, label: str):
    click = await world.fake.click(user, message, label=label)
    await click.wait_acknowledged()
    answer = await click.wait_response()
    return world.fake.message(message.id), answer


def secret_names(match: Match) -> set[str]:
    """Card names that were in a hand at some step and never public at any step."""
    replay = Replay(match.record)
    in_hands: set[str] = set()
    public: list[str] = []

    def look(m: Match, _: int) -> None:
        view = m.view(None)
        for seat in view.seats:
            own = m.view(seat.seat).seats[seat.seat].zones.get("hand")
            in_hands.update(c.name for c in (own.cards if own and own.cards else ()))
            for zone in seat.zones.values():
                for card in zone.cards or ():
                    public.append(card.name)
                    public.extend(a.name for a in card.attached)
        for zone in view.table.values():
            public.extend(c.name for c in zone.cards or ())
        public.extend(e.text for e in m.events_seen_by(None))

    replay.match_at(replay.steps, look)
    return {name for name in in_hands if not any(name in text for text in public)}


def final_hand_names(match: Match) -> set[str]:
    names = set()
    for seat in range(2):
        hand = match.view(seat).seats[seat].zones["hand"]
        names |= {c.name for c in hand.cards or ()}
    return names


def board_of(message) -> dict:
    """What a board embed says: title and fields (the picture aside)."""
    embed = message.embeds[0]
    return {"title": embed.get("title"), "fields": embed.get("fields")}


@pytest.mark.slow  # seconds of waiting on processes or Discord's windows
async def test_a_replay_stepped_to_the_end_shows_the_final_board(world: World, bot) -> None:
    fake = world.fake
    offer = await challenge(world, world.alice, world.bob)
    session = await accept(world, bot, offer, world.bob)
    await play_to_the_end(world, bot, session, random.Random(11))
    await bot.controller.idle()
    board = fake.message(session.board_message_id)
    steps = len(session.match.actions)

    message = await run(world, world.alice, "replay", match_id=session.match_id)
    assert not message.ephemeral  # a replay is public
    assert f"step 0 of {steps}" in message.text and "public view" in message.text
    message, _ = await press(world, world.alice, message, "⏭")
    assert f"step {steps} of {steps}" in message.text
    assert board_of(message) == board_of(board)
    assert "wins" in message.embeds[0]["title"] or "draw" in message.embeds[0]["title"]

    message, _ = await press(world, world.alice, message, "◀")
    assert f"step {steps - 1} of {steps}" in message.text
    message, _ = await press(world, world.alice, message, "▶")
    assert f"step {steps} of {steps}" in message.text
    message, _ = await press(world, world.alice, message, "⏮")
    assert f"step 0 of {steps}" in message.text
    assert fake.unknown_calls == []


async def test_a_stranger_pages_their_own_copy_not_the_openers(
    world: World, bot, storage: Storage
) -> None:
    match = finished_clash(3)
    match_id = await store_finished(storage, world, match)
    steps = len(match.actions)
    message = await run(world, world.alice, "replay", match_id=match_id, step=10)
    assert f"step 10 of {steps}" in message.text

    after, copy = await press(world, world.carol, message, "▶")
    assert f"step 10 of {steps}" in after.text  # alice's message did not move
    assert copy is not None and copy.ephemeral and copy.id != message.id
    assert "Your own copy" in copy.text and f"step 11 of {steps}" in copy.text
    moved, _ = await press(world, world.carol, copy, "▶")  # carol pages her copy
    assert f"step 12 of {steps}" in moved.text
    assert f"step 10 of {steps}" in world.fake.message(message.id).text


async def test_jump_to_a_turn_by_option_and_by_menu(world: World, bot, storage: Storage) -> None:
    match = finished_clash(4)
    match_id = await store_finished(storage, world, match)
    replay = Replay(match.record)
    turn, first = replay.turn_starts[3]
    message = await run(world, world.alice, "replay", match_id=match_id, turn=turn)
    assert f"step {first} of" in message.text and f"turn {turn} ·" in message.text
    select = message.selects[0]
    other_turn, other_first = replay.turn_starts[1]
    click = await world.fake.click(
        world.alice, message, custom_id=select.custom_id, values=[str(other_first)]
    )
    await click.wait_acknowledged()
    moved = world.fake.message(message.id)
    assert f"step {other_first} of" in moved.text and f"turn {other_turn} ·" in moved.text


async def test_no_hidden_card_reaches_an_unrevealed_replay(
    world: World, bot, storage: Storage
) -> None:
    match = finished_clash(5)
    match_id = await store_finished(storage, world, match)
    secret = secret_names(match)
    assert secret, "the test needs a card that never became public"
    message = await run(world, world.alice, "replay", match_id=match_id)
    seen = 0
    while True:
        for name in secret:
            assert name not in message.text, f"{name} from a hand is in step {seen}"
        if not any(b.label == "▶" and not b.raw.get("disabled") for b in message.buttons):
            break
        message, _ = await press(world, world.alice, message, "▶")
        seen += 1
    assert seen == len(match.actions)
    assert "Hands (revealed)" not in message.text


async def test_reveal_needs_both_players_then_shows_every_hand(
    world: World, bot, storage: Storage
) -> None:
    match = finished_clash(6)
    match_id = await store_finished(storage, world, match)
    hands = final_hand_names(match) & secret_names(match)
    assert hands

    text = (await run(world, world.carol, "reveal", match_id=match_id)).text
    assert "Only the players" in text
    text = (await run(world, world.alice, "reveal", match_id=match_id)).text
    assert "once bob agrees too" in text
    message = await run(world, world.alice, "replay", match_id=match_id, step=len(match.actions))
    assert "public view" in message.text and not any(n in message.text for n in hands)

    text = (await run(world, world.bob, "reveal", match_id=match_id)).text
    assert f"Match #{match_id} is revealed" in text
    message = await run(world, world.alice, "replay", match_id=match_id, step=len(match.actions))
    assert "every hand shown" in message.text and "Hands (revealed)" in message.text
    assert all(name in message.text for name in hands)


async def test_a_server_can_reveal_every_ended_match(world: World, bot, storage: Storage) -> None:
    match = finished_clash(7)
    match_id = await store_finished(storage, world, match)
    role = world.fake.add_role(world.guild, "Organisers", permissions=MANAGE_GUILD)
    dana = world.fake.add_user("dana")
    world.fake.add_member(world.guild, dana, roles=[role])
    text = (await run(world, dana, "config", reveal_replays=True)).text
    assert "Reveal replays: **on**" in text
    message = await run(world, world.carol, "replay", match_id=match_id)
    assert "Hands (revealed)" in message.text


async def test_export_needs_a_reveal_and_round_trips_through_cardhost_replay(
    world: World, bot, storage: Storage, tmp_path, capsys: pytest.CaptureFixture[str]
) -> None:
    match = finished_clash(8)
    match_id = await store_finished(storage, world, match)
    refused = await run(world, world.alice, "replay", match_id=match_id, export=True)
    assert refused.ephemeral and "shared once the match is revealed" in refused.text
    assert not refused.attachments

    for user in (world.alice, world.bob):
        await run(world, user, "reveal", match_id=match_id)
    exported = await run(world, world.alice, "replay", match_id=match_id, export=True)
    data = exported.attachment(f"match-{match_id}.json").data
    assert json.loads(data)["actions"]
    path = tmp_path / "record.json"
    path.write_bytes(data)

    assert main(["replay", str(path), "--to-end"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    winner = "draw" if match.winner is None else match.players[match.winner]
    assert out[-1] == f"winner={winner}"


async def test_a_record_of_another_rules_version_says_so(
    world: World, bot, storage: Storage
) -> None:
    match_id = await store_finished(storage, world, finished_clash(9), rules_version="0.1")
    message = await run(world, world.alice, "replay", match_id=match_id)
    assert message.ephemeral
    version = get_ruleset("clash").version
    assert message.text == (
        f"This match was recorded with Clash rules 0.1, and this bot has Clash rules {version}: "
        "it cannot replay it (a record replays only with the rules version it was made with)."
    )


async def test_a_running_or_unknown_match_is_refused(world: World, bot) -> None:
    offer = await challenge(world, world.alice, world.bob)
    session = await accept(world, bot, offer, world.bob)
    message = await run(world, world.carol, "replay", match_id=session.match_id)
    assert message.ephemeral and "still being played" in message.text
    message = await run(world, world.carol, "replay", match_id=99999)
    assert message.text == "There is no match #99999."
