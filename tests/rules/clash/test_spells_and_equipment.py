"""Spells (clash.md:60-61), equipment (clash.md:63-64), monster health (clash.md:51) and
rulings R5, R14, R20."""

import pytest

from engine.core.errors import IllegalAction
from engine.core.events import CardPlayed

from .conftest import (
    FILLER,
    attack,
    card,
    events,
    health,
    ids,
    legal,
    mana,
    mon,
    next_turn_of,
    play,
    play_action,
    playable,
    scenario,
    snapshot,
    uid,
)


def _targets_of(match, card_id: str) -> set:
    hand = {c.uid for c in match.state.sides[match.state.active].hand if c.proto.id == card_id}
    return {a[2] for a in legal(match) if a[0] == "play" and a[1] in hand}


# --- spells ------------------------------------------------------------------------------


def test_a_spell_resolves_at_once_and_goes_to_the_graveyard():
    """clash.md:61 "Whenever they are played their effect is instantly triggerd"."""
    match = scenario({"hand": ["kindling_dart"], "board": [FILLER]})
    play(match, "kindling_dart", "p1")
    assert health(match, 1) == 28
    assert ids(match, 0, "hand") == [] and ids(match, 0, "graveyard") == ["kindling_dart"]
    assert ids(match, 0) == ["gravelhide_pup"]  # a spell never takes a place on the board
    assert mana(match, 0) == (9, 10)
    (played,) = events(match, CardPlayed)
    assert played.target == "Bob"


def test_a_targeted_spell_offers_exactly_its_legal_targets():
    """clash.md:61 "the player playing the spell card has to choose the target(s)
    immediately": Kindling Dart (chosen enemy) may hit the enemy or an enemy monster."""
    match = scenario(
        {"hand": ["kindling_dart"], "board": [mon("gravelhide_pup")]},
        {"board": [mon("ridgeback_tusker")]},
    )
    assert _targets_of(match, "kindling_dart") == {"p1", uid(match, "ridgeback_tusker")}
    before = snapshot(match)
    for wrong in (None, "p0", uid(match, "gravelhide_pup")):
        with pytest.raises(IllegalAction):
            match.apply(0, play_action(match, "kindling_dart", wrong))
    assert snapshot(match) == before


def test_a_targeted_spell_is_not_offered_without_a_legal_target():
    """R5 (clash.md:61): a spell that needs a target cannot be played without a legal one."""
    match = scenario(
        {
            "hand": [
                "slagwhip_lash",
                "severing_verdict",
                "granite_vigor",
                "whispers_from_the_barrow",
            ]
        },
        {"board": [FILLER]},
    )
    # Lash and Verdict want an enemy monster (there is one); Vigor a friendly one (none)
    assert playable(match) == {"slagwhip_lash", "severing_verdict", "whispers_from_the_barrow"}
    before = snapshot(match)
    with pytest.raises(IllegalAction):
        match.apply(0, play_action(match, "granite_vigor"))
    assert snapshot(match) == before


def test_an_enemy_monster_spell_with_no_enemy_monster_cannot_be_played():
    """R5: Slagwhip Lash (4 damage to a chosen enemy monster) with no enemy monster."""
    match = scenario({"hand": ["slagwhip_lash", "kindling_dart"], "board": [FILLER]})
    assert playable(match) == {"kindling_dart"}  # the dart can still hit the player
    with pytest.raises(IllegalAction):
        match.apply(0, play_action(match, "slagwhip_lash"))


def test_untargeted_spells_are_offered_without_a_target():
    """clash.md:61 "There are spells with and without targets"; untargeted ones need none,
    even when they would affect nothing (no enemy monsters for Ashfall Squall)."""
    match = scenario({"hand": ["ashfall_squall", "whispers_from_the_barrow", "cinder_tithe"]})
    offered = {a for a in legal(match) if a[0] == "play"}
    assert {a[2] for a in offered} == {None}
    assert playable(match) == {"ashfall_squall", "whispers_from_the_barrow", "cinder_tithe"}
    play(match, "ashfall_squall")
    assert ids(match, 0, "graveyard") == ["ashfall_squall"]


def test_all_chosen_effects_of_a_card_share_the_one_target():
    """R5 "All of a card's chosen effects share the one target chosen on play": Granite Vigor
    gives its chosen monster +4 maximum health and +1 toughness."""
    match = scenario(
        {"hand": ["granite_vigor"], "board": [mon("gravelhide_pup"), mon("lichenshell_tortoise")]}
    )
    play(match, "granite_vigor", "lichenshell_tortoise")
    tortoise = card(match, "lichenshell_tortoise", 0)
    assert (tortoise.toughness, tortoise.health, tortoise.max_health) == (3, 9, 9)
    pup = card(match, "gravelhide_pup", 0)
    assert (pup.toughness, pup.health) == (1, 3)


# --- monster health ----------------------------------------------------------------------


def test_healing_a_monster_stops_at_its_maximum_health():
    """clash.md:51 "Restoring more health than the maximum health is not possible"; R20."""
    match = scenario(
        {
            "hand": ["riverwort_poultice"],
            "board": [mon("graniteheart_golem", health=7, max_health=10)],
        }
    )
    play(match, "riverwort_poultice", "graniteheart_golem")  # heal 6, room for 3
    golem = card(match, "graniteheart_golem", 0)
    assert (golem.health, golem.max_health) == (10, 10)


def test_raising_maximum_health_raises_current_health_by_as_much():
    """clash.md:51 "effects which can increase the maximum health"; R20: current health rises
    by as much, and later healing may fill up to the new maximum."""
    match = scenario(
        {
            "hand": ["granite_vigor", "riverwort_poultice"],
            "board": [mon("graniteheart_golem", health=2, max_health=10)],
        }
    )
    play(match, "granite_vigor", "graniteheart_golem")
    golem = card(match, "graniteheart_golem", 0)
    assert (golem.health, golem.max_health) == (6, 14)
    play(match, "riverwort_poultice", "graniteheart_golem")
    assert (golem.health, golem.max_health) == (12, 14)


def test_healing_a_player_has_no_limit():
    """R20, clash.md:77: a player's health has no maximum."""
    match = scenario({"hand": ["riverwort_poultice"], "board": [FILLER]}, {"health": 30})
    play(match, "riverwort_poultice", "p1")  # any character, the opponent included
    assert health(match, 1) == 36


# --- equipment ---------------------------------------------------------------------------


def test_equipment_boosts_power_and_toughness_only():
    """clash.md:64 "Equipment can only ever boost power and toughness"."""
    match = scenario(
        {
            "hand": ["gravediggers_spade"],
            "board": [mon("lichenshell_tortoise", health=4, max_health=5)],
        }
    )
    play(match, "gravediggers_spade", "lichenshell_tortoise")
    tortoise = card(match, "lichenshell_tortoise", 0)
    assert (tortoise.power, tortoise.toughness) == (2, 3)
    assert (tortoise.health, tortoise.max_health) == (4, 5)
    assert ids(match, 0, "graveyard") == [] and ids(match, 0, "hand") == []
    assert [a.proto.id for a in tortoise.attached] == ["gravediggers_spade"]


def test_equipment_boost_is_part_of_the_monsters_stats_in_combat():
    """R14: "Its boost is part of the monster's power and toughness"."""
    match = scenario(
        {"hand": ["flintshard_spear"], "board": [mon("gravelhide_pup")]},
        {"board": [mon("graniteheart_golem")]},
    )
    play(match, "flintshard_spear", "gravelhide_pup")  # power 1 + 3
    attack(match, "gravelhide_pup", "graniteheart_golem")  # 4 - 3 = 1
    assert card(match, "graniteheart_golem", 1).health == 9
    assert card(match, "gravelhide_pup", 0).health == 3


def test_equipment_may_be_played_on_an_enemy_monster():
    """clash.md:64 "rules allow enemy monsters to be the target of equipment cards"."""
    match = scenario(
        {"hand": ["charred_knuckles"], "board": [mon("gravelhide_pup")]},
        {"board": [mon("lichenshell_tortoise")]},
    )
    assert _targets_of(match, "charred_knuckles") == {
        uid(match, "gravelhide_pup"),
        uid(match, "lichenshell_tortoise"),
    }
    play(match, "charred_knuckles", "lichenshell_tortoise")
    assert card(match, "lichenshell_tortoise", 1).power == 3


def test_equipment_needs_a_monster_to_be_played():
    """R5 (clash.md:64 "the player selects a monster"): no monster, no equipment play."""
    match = scenario({"hand": ["charred_knuckles", "gravelhide_pup"]})
    assert playable(match) == {"gravelhide_pup"}
    with pytest.raises(IllegalAction):
        match.apply(0, play_action(match, "charred_knuckles"))


def test_equipment_goes_to_the_graveyard_of_the_player_who_played_it():
    """R14: equipment stays on its monster until the monster leaves the battlefield, then goes
    to the graveyard of the player who played it (here: Ann's spade on Bob's monster)."""
    match = scenario(
        {"hand": ["gravediggers_spade"], "board": [mon("ridgeback_tusker", power=9)]},
        {"board": [mon("lichenshell_tortoise")], "hand": [FILLER]},
    )
    play(match, "gravediggers_spade", "lichenshell_tortoise")
    next_turn_of(match, 0)
    assert card(match, "lichenshell_tortoise", 1).toughness == 3  # still on it next turn
    attack(match, "ridgeback_tusker", "lichenshell_tortoise")  # 9 - 3 = 6 of 5
    assert ids(match, 1) == []
    assert ids(match, 1, "graveyard") == ["lichenshell_tortoise"]
    assert ids(match, 0, "graveyard") == ["gravediggers_spade"]


def test_equipment_on_a_destroyed_own_monster_goes_to_the_graveyard_too():
    """R14 with a scenario-equipped monster destroyed by an enemy spell."""
    match = scenario(
        {"hand": ["severing_verdict"], "board": [FILLER]},
        {"board": [mon("ridgeback_tusker", equipment=["slate_buckler", "charred_knuckles"])]},
    )
    assert card(match, "ridgeback_tusker", 1).power == 6
    play(match, "severing_verdict", "ridgeback_tusker")
    assert sorted(ids(match, 1, "graveyard")) == [
        "charred_knuckles",
        "ridgeback_tusker",
        "slate_buckler",
    ]
    assert ids(match, 0, "graveyard") == ["severing_verdict"]


def test_targets_list_the_opponents_side_first() -> None:
    # clash.md (chosen targets); the opponent and their monsters come before the
    # player and theirs, as in every game
    match = scenario(
        {"hand": ["riverwort_poultice"], "board": ["gravelhide_pup"]},
        {"board": ["gravelhide_pup"]},
    )
    plays = [a[2] for a in legal(match) if a[0] == "play"]
    mine, theirs = (match.state.sides[s].board[0].uid for s in (0, 1))
    assert plays == ["p1", theirs, "p0", mine]
