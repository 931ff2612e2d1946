"""Creatures and constructs (enchantoria.md:20-23, R9, R10, R17, R20)."""

import pytest

from engine.core.errors import IllegalAction
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


def test_summoning_spells_bring_beings_with_their_own_health() -> None:
    # enchantoria.md:20-21
    match = scenario({"hand": ["doorstep_mastiff", "spark_turret"]})
    cast(match, 0, "doorstep_mastiff")
    cast(match, 0, "spark_turret")
    commit(match)
    hound, turret = state(match).players[0].board
    assert (hound.proto.being, hound.health) == ("creature", 4)
    assert (turret.proto.being, turret.health) == ("construct", 5)


def test_creatures_act_in_the_combat_phase_from_the_next_turn() -> None:
    # enchantoria.md:20, R9: no orders in the turn it arrives.
    match = scenario({"hand": ["doorstep_mastiff"]})
    cast(match, 0, "doorstep_mastiff")
    assert not any(a[0] == "order" for a in match.decision_for(0).actions)
    commit(match)
    next_combat(match)
    order(match, 0, "doorstep_mastiff", "p1")
    commit(match)
    assert health(match, 1) == 28


def test_constructs_never_attack_but_act_on_their_own() -> None:
    # R10: a turret's pulse hits the enemy every Combat, unordered.
    match = scenario({"board": ["spark_turret"]})
    assert not any(a[0] == "order" for a in match.decision_for(0).actions)
    commit(match)
    assert health(match, 1) == 29


def test_at_zero_health_a_being_leaves_and_its_effects_end_at_once() -> None:
    # enchantoria.md:21 — its protection and ward are gone with it (R17).
    match = scenario(
        {"hand": ["cinder_comet"]},
        {"board": [{"card": "warding_obelisk", "health": 5, "protection": {"power": 1}}]},
    )
    cast(match, 0, "cinder_comet", (1, "warding_obelisk"))
    commit(match)
    bob = state(match).players[1]
    assert bob.board == []
    obelisk = bob.discard[-1]
    assert obelisk.proto.id == "warding_obelisk" and obelisk.protection is None


def test_players_target_creatures_and_constructs_like_players() -> None:
    # enchantoria.md:22
    match = scenario({"hand": ["ember_orb"]}, {"board": ["doorstep_mastiff", "spark_turret"]})
    match.apply(0, ("cast", state(match).players[0].hand[0].uid))
    targets = {a[1] for a in match.decision_for(0).actions if a[0] == "target"}
    bob = state(match).players[1]
    assert targets == {"p0", "p1", *(b.uid for b in bob.board)}


def test_beings_are_protected_and_healed_like_players() -> None:
    # enchantoria.md:23
    match = scenario(
        {"hand": ["aegis_thread", "mending_light"],
         "board": [{"card": "doorstep_mastiff", "health": 2}, "bog_lurker"]},
        {"hand": ["ember_orb"]},
    )  # fmt: skip
    cast(match, 0, "aegis_thread", (0, "bog_lurker"))
    cast(match, 0, "mending_light", (0, "doorstep_mastiff"))
    cast(match, 1, "ember_orb", (0, "bog_lurker"))
    commit(match)
    assert being(match, 0, "doorstep_mastiff").health == 4  # healed up to its maximum, 4
    lurker = being(match, 0, "bog_lurker")
    assert lurker.health == 6 and lurker.protection.power == 1


def test_a_new_protection_replaces_the_old_on_a_being_too() -> None:
    # enchantoria.md:23 — "the same rules for applying and replacing Protection sources".
    match = scenario(
        {
            "hand": ["aegis_thread"],
            "board": [{"card": "doorstep_mastiff", "protection": {"power": 9}}],
        }
    )
    cast(match, 0, "aegis_thread", (0, "doorstep_mastiff"))
    commit(match)
    assert being(match, 0, "doorstep_mastiff").protection.power == 4


def test_a_stunned_creature_cannot_be_ordered() -> None:
    match = scenario(
        {"board": [{"card": "doorstep_mastiff", "statuses": [{"kind": "stun", "turns": 1}]}]}
    )
    hound = being(match, 0, "doorstep_mastiff")
    with pytest.raises(IllegalAction):
        match.apply(0, ("order", hound.uid, "p1"))


def test_a_well_gives_mana_each_preparation() -> None:
    # R10
    match = scenario({"board": ["humming_cistern"]}, turn=3)
    commit(match)
    assert state(match).players[0].mana == 5 + 1  # turn 4: 5 mana, and the well's 1


def test_summoned_beings_cannot_be_targeted_in_their_own_window() -> None:
    # R9: targets are what stood when the window opened.
    match = scenario({"hand": ["doorstep_mastiff", "ember_orb"]})
    cast(match, 0, "doorstep_mastiff")
    match.apply(0, ("cast", state(match).players[0].hand[1].uid))
    targets = [a[1] for a in match.decision_for(0).actions if a[0] == "target"]
    assert targets == ["p1", "p0"]  # the opponent first


def test_beings_of_the_same_card_can_be_told_apart() -> None:
    # enchantoria.md:22 — targeting a being means naming which: two Bastion Sentinels on
    # one side and one on the other read differently on buttons, the board and in events.
    match = scenario(
        {"hand": ["ember_orb"], "board": ["bastion_sentinel"]},
        {"board": ["bastion_sentinel", "bastion_sentinel"]},
    )
    match.apply(0, ("cast", state(match).players[0].hand[0].uid))
    labels = [o.label for o in match.options(match.decision_for(0)) if o.group == "target"]
    assert labels == [
        "At Bob",  # the opponent's side first
        "At Bob's Bastion Sentinel #1",
        "At Bob's Bastion Sentinel #2",
        "At Ann",
        "At Ann's Bastion Sentinel",
    ]
    match.apply(0, ("target", being(match, 1, "bastion_sentinel", 1).uid))
    commit(match)
    board = [c.name for c in match.view(None).seats[1].zones["board"].cards]
    assert board == ["Bastion Sentinel #1", "Bastion Sentinel #2"]
    texts = [e.text for e in match.events]
    assert "Ann casts Ember Orb at Bob's Bastion Sentinel #2." in texts
    assert "Bob's Bastion Sentinel #2: 3 damage → 3 health." in texts
