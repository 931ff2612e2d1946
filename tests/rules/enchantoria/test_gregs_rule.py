"""Greg's Rule: everything cast in one window happens at once (enchantoria.md:3-6, R7)."""

from engine.rulesets.enchantoria import cards as enchantoria_cards
from engine.rulesets.enchantoria import events as eev
from tests.rules.enchantoria.conftest import (
    being,
    cast,
    commit,
    health,
    next_combat,
    order,
    scenario,
    state,
)


def test_the_sentinel_blocks_in_the_turn_fifteen_fireballs_kill_it() -> None:
    # enchantoria.md:5-6 — "GET DOWN MR. PRESIDENT!": a creature that blocks 2 damage a
    # turn for its controller still blocks them in the turn 15 Fireballs (Ember Orbs) kill it.
    match = scenario(
        {"hand": ["ember_orb"] * 16, "mana": 32},
        {"board": ["bastion_sentinel"]},
    )
    for _ in range(15):
        cast(match, 0, "ember_orb", (1, "bastion_sentinel"))
    cast(match, 0, "ember_orb", "p1")  # 3 damage at its controller the same turn
    sentinel = being(match, 1, "bastion_sentinel")
    commit(match)
    assert health(match, 1) == 30 - (3 - 2)  # the sentinel's 2 are blocked
    assert sentinel not in state(match).players[1].board  # it died in the Discard Phase
    died = [e for e in match.events if e.text == "Bob's Bastion Sentinel is defeated."]
    assert died, "its death is announced"
    phases = [e.phase for e in match.events if isinstance(e, eev.PhaseBegan)]
    changed = next(i for i, e in enumerate(match.events) if isinstance(e, eev.HealthChanged))
    discard = max(
        i
        for i, e in enumerate(match.events)
        if isinstance(e, eev.PhaseBegan) and e.phase == "Discard"
    )
    assert changed < discard < match.events.index(died[0])  # death waits for the Discard Phase
    assert phases[-1] == "Preparation"  # the next turn is under way


def test_the_dead_sentinel_blocks_nothing_the_next_turn() -> None:
    # enchantoria.md:21 — once it has left play its effect is gone.
    match = scenario({"hand": ["ember_orb"] * 3, "mana": 6}, {"board": [
        {"card": "bastion_sentinel", "health": 3}]})  # fmt: skip
    cast(match, 0, "ember_orb", (1, "bastion_sentinel"))
    commit(match)
    next_combat(match)
    cast(match, 0, "ember_orb", "p1")
    commit(match)
    assert health(match, 1) == 27


def test_two_creatures_that_kill_each_other_both_strike() -> None:
    # enchantoria.md:4, R18, R20 — neither attack happens "first"; the dying boar is still
    # a target and still strikes.
    match = scenario({"board": ["ember_drake"]}, {"board": ["thornback_boar"]})
    order(match, 0, "ember_drake", (1, "thornback_boar"))
    order(match, 1, "thornback_boar", "p0")
    boar1 = being(match, 1, "thornback_boar")
    commit(match)
    assert health(match, 0) == 27  # Bob's boar (power 3) struck though Ann's drake killed it
    assert boar1 not in state(match).players[1].board


def test_effects_are_computed_from_the_state_before_the_window() -> None:
    # R7: a weaken cast this window does not shrink this window's attack.
    match = scenario({"board": ["ember_drake"]}, {"hand": ["sapping_hex"]})
    full_power = enchantoria_cards.protos()["ember_drake"].power
    order(match, 0, "ember_drake", "p1")
    cast(match, 1, "sapping_hex", (0, "ember_drake"))
    commit(match)
    assert health(match, 1) == 30 - full_power  # the drake's full power, not weakened
    assert being(match, 0, "ember_drake").statuses[0].kind == "weaken"


def test_damage_and_healing_of_one_window_are_netted() -> None:
    # R7: a creature at 2 health that takes 3 and heals 4 at the same time survives.
    match = scenario(
        {"hand": ["ember_orb"]},
        {"hand": ["mending_light"], "board": [{"card": "glade_tender", "health": 2}]},
    )
    cast(match, 0, "ember_orb", (1, "glade_tender"))
    cast(match, 1, "mending_light", (1, "glade_tender"))
    commit(match)
    assert being(match, 1, "glade_tender").health == 3


def test_a_block_cast_in_the_same_window_meets_the_damage() -> None:
    # R7: shields and blows that land together meet.
    match = scenario({"hand": ["ember_orb"]}, {"hand": ["quick_parry"]})
    cast(match, 0, "ember_orb", "p1")
    cast(match, 1, "quick_parry", "p1")
    commit(match)
    assert health(match, 1) == 30


def test_a_swift_spell_happens_before_the_rest_of_the_window() -> None:
    # enchantoria.md:4 "unless stated otherwise by the card", R21: a swift kill removes the
    # creature at once (enchantoria.md:21), so it neither attacks nor blocks this turn.
    match = scenario(
        {"hand": ["quickfire_dart", "ember_orb"]},
        {"board": [{"card": "bastion_sentinel", "health": 2}]},
    )
    cast(match, 0, "quickfire_dart", (1, "bastion_sentinel"))
    cast(match, 0, "ember_orb", "p1")
    order(match, 1, "bastion_sentinel", "p0")
    commit(match)
    assert health(match, 1) == 27 and health(match, 0) == 30  # no block, no attack
    died = next(i for i, e in enumerate(match.events) if "Sentinel is defeated" in e.text)
    discard = next(
        i
        for i, e in enumerate(match.events)
        if isinstance(e, eev.PhaseBegan) and e.phase == "Discard"
    )
    assert died < discard  # it left before the Discard Phase


def test_a_swift_stun_stops_this_windows_attack() -> None:
    # R21
    match = scenario({"hand": ["sudden_frost"]}, {"board": ["ember_drake"]})
    cast(match, 0, "sudden_frost", (1, "ember_drake"))
    order(match, 1, "ember_drake", "p0")
    commit(match)
    assert health(match, 0) == 30


def test_a_swift_spell_can_be_countered() -> None:
    # R8, R21: counters act before everything, swift spells included.
    match = scenario({"hand": ["quickfire_dart"]}, {"hand": ["mute_glyph"]})
    cast(match, 0, "quickfire_dart", "p1")
    cast(match, 1, "mute_glyph", "p0")
    commit(match)
    assert health(match, 1) == 30


def test_a_ward_that_stood_blocks_swift_damage_too() -> None:
    # enchantoria.md:6 "blocks 2 damage for its controller each turn", R21: a swift spell
    # comes first, but the sentinel stood before the window, so its 2 meet the dart.
    match = scenario({"hand": ["quickfire_dart"]}, {"board": ["bastion_sentinel"]})
    cast(match, 0, "quickfire_dart", "p1")
    commit(match)
    assert health(match, 1) == 30


def test_a_ward_blocks_its_amount_once_a_turn_over_both_strokes() -> None:
    # enchantoria.md:6, R21: the 2 a turn are shared by the swift and the other damage.
    match = scenario(
        {"hand": ["quickfire_dart", "spark_needle"]},
        {"statuses": [{"kind": "ward", "amount": 3, "turns": 2}]},
    )
    cast(match, 0, "quickfire_dart", "p1")
    cast(match, 0, "spark_needle", "p1")
    commit(match)
    assert health(match, 1) == 30 - (2 + 2 - 3)
