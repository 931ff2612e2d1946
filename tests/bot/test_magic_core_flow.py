"""A whole two-player magic-core match through the Discord stand-in: the generic bot shows
priority, attackers, blockers, mulligans and the stop setting from the engine's decisions
alone, and no hand reaches anyone but its owner."""

import random

import pytest

from tests.bot.conftest import World
from tests.bot.test_match_flow import (
    accept,
    assert_finished_and_kept,
    challenge,
    click_select,
    play_watching_hands,
)

PREFERRED = ("Play ", "Cast ", "Keep")


def _secret_names(session, viewer: int | None, hand: int) -> set[str]:
    """Names of cards in `hand`'s hand that `viewer` can see nowhere (None: the public)."""
    state = session.match.state
    public = {o.name for o in state.battlefield}
    for p in state.players:
        public |= {c.name for c in p.graveyard + p.exile}
    public |= {i.proto.name for i in state.stack}
    if viewer is not None:
        public |= {c.name for c in state.players[viewer].hand}
    texts = [e.text for e in session.match.events_seen_by(viewer)]
    secret = {c.name for c in state.players[hand].hand}
    return {n for n in secret - public if not any(n in t for t in texts)}


async def _click(fake, bot, user, message, rng: random.Random) -> None:
    """A player who keeps the game moving: plays and casts, attacks, rarely blocks."""
    buttons = [b for b in message.buttons if (b.custom_id or "").startswith("m:")]
    if buttons:
        labels = [(b, b.label or "") for b in buttons]
        attack = [b for b, label in labels if " attacks " in label]
        play = [b for b, label in labels if label.startswith(PREFERRED)]
        done = [b for b, label in labels if label.startswith("Done blocking")]
        plain = [b for b, label in labels if "stop" not in label]
        button = rng.choice(attack or play or done or plain or buttons)
        click = await fake.click(user, message, custom_id=button.custom_id)
    else:
        click = await click_select(fake, user, message, rng)
    await click.wait_acknowledged()
    await bot.controller.idle()


@pytest.mark.slow
async def test_a_magic_core_match_is_played_to_the_end_with_buttons(world: World, bot) -> None:
    fake = world.fake
    offer = await challenge(world, world.alice, world.bob, game="magic-core")
    session = await accept(world, bot, offer, world.bob)
    assert session.match.ruleset.id == "magic-core"
    users = {world.alice.id: world.alice, world.bob.id: world.bob}
    rng = random.Random(3)

    async def click(user, panel) -> None:
        await _click(fake, bot, user, panel, rng)

    kinds = await play_watching_hands(world, bot, session, users, click, _secret_names)
    await bot.controller.idle()
    assert {"mulligan", "priority", "attackers"} <= kinds
    await assert_finished_and_kept(bot.storage, fake, session)
    assert fake.unknown_calls == []
