"""A whole Battle Mages match through the Discord stand-in: the generic bot drives the
stack, the reaction windows and the "stop me" setting from the engine's decisions alone.
"""

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

SETTING_LABELS = ("Stop me", "Pass for me")


def _secret_names(session, viewer: int | None, hand: int) -> set[str]:
    """Names of cards in `hand`'s hand that `viewer` can see nowhere (None: the public)."""
    state = session.match.state
    public = set()
    for side in state.sides:
        public |= {c.name for c in side.field + side.crystals + side.graveyard}
    public |= {state.cards[i.source[0]].name for i in state.stack}
    texts = [e.text for e in session.match.events_seen_by(viewer)]
    if viewer is not None:
        public |= {c.name for c in state.sides[viewer].hand}
    secret = {c.name for c in state.sides[hand].hand}
    return {n for n in secret - public if not any(n in t for t in texts)}


async def _click(fake, bot, user, message, rng: random.Random) -> None:
    """A random player who keeps the game moving: never blocks, attacks with everything."""
    buttons = [b for b in message.buttons if (b.custom_id or "").startswith("m:")]
    playing = [b for b in buttons if not (b.label or "").startswith(SETTING_LABELS)]
    done = [b for b in buttons if b.label == "Done blocking"]
    if buttons:
        button = done[0] if done else rng.choice(playing or buttons)
        click = await fake.click(user, message, custom_id=button.custom_id)
    else:
        select = rng.choice(message.selects)
        attacking = "attackers" in (select.raw.get("placeholder") or "")
        count = select.raw.get("max_values", 1) if attacking else None
        click = await click_select(fake, user, message, rng, count, select)
    await click.wait_acknowledged()
    await bot.controller.idle()


@pytest.mark.slow
async def test_a_battle_mages_match_is_played_to_the_end_with_buttons(world: World, bot) -> None:
    fake = world.fake
    offer = await challenge(world, world.alice, world.bob, game="battle-mages")
    session = await accept(world, bot, offer, world.bob)
    assert session.match.ruleset.id == "battle-mages"
    users = {world.alice.id: world.alice, world.bob.id: world.bob}
    rng = random.Random(11)

    async def click(user, panel) -> None:
        await _click(fake, bot, user, panel, rng)

    kinds = await play_watching_hands(world, bot, session, users, click, _secret_names)
    await bot.controller.idle()
    assert {"priority", "attackers"} <= kinds
    await assert_finished_and_kept(bot.storage, fake, session)
    assert fake.unknown_calls == []
