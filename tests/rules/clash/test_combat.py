"""Monsters and combat: clash.md:18-51, 67 and rulings R1-R4, R12, R13, R22."""

import pytest

from engine.core.errors import IllegalAction
from engine.core.events import Attacked, Died
from engine.rulesets.clash.ruleset import RULESET

from .conftest import (
    FILLER,
    attack,
    attack_action,
    card,
    end_turn,
    events,
    health,
    ids,
    legal,
    mon,
    play,
    playable,
    scenario,
    snapshot,
    uid,
)


def _attacks_of(match, attacker_uid: int) -> set:
    return {a[2] for a in legal(match) if a[0] == "attack" and a[1] == attacker_uid}


# --- the damage formula: the two worked examples -----------------------------------------


def test_first_example_8_2_1_attacks_2_4_5_and_leaves_it_at_1():
    """clash.md:23-35: damage = 8 - 4 = 4, so Monster #2 goes from 5 to 1 health."""
    match = scenario(
        {"board": [mon("ridgeback_tusker", power=8, toughness=2, health=1)]},
        {"board": [mon("lichenshell_tortoise", power=2, toughness=4, health=5)]},
    )
    attack(match, "ridgeback_tusker", "lichenshell_tortoise")
    assert card(match, "lichenshell_tortoise", 1).health == 1
    # R13: the defender does not strike back, so the 1-health attacker survives its 2 power
    assert card(match, "ridgeback_tusker", 0).health == 1


def test_second_example_2_1_9_attacks_4_6_6_and_hurts_itself():
    """clash.md:37-49: damage = 2 - 6 = -4, dealt to the attacker (9 -> 5); Monster #4 stays
    unscathed. R22: the self-harming attack is offered at all."""
    match = scenario(
        {"board": [mon("gravelhide_pup", power=2, toughness=1, health=9)]},
        {"board": [mon("graniteheart_golem", power=4, toughness=6, health=6)]},
    )
    golem = uid(match, "graniteheart_golem")
    assert golem in _attacks_of(match, uid(match, "gravelhide_pup"))
    attack(match, "gravelhide_pup", golem)
    assert card(match, "gravelhide_pup", 0).health == 5
    assert card(match, "graniteheart_golem", 1).health == 6


def test_power_equal_to_toughness_deals_no_damage_to_either():
    """clash.md:21 damage = 3 - 3 = 0; R22: such an attack may still be made."""
    match = scenario(
        {"board": [mon("ridgeback_tusker", power=3, toughness=0, health=2)]},
        {"board": [mon("graniteheart_golem", toughness=3, health=4)]},
    )
    attack(match, "ridgeback_tusker", "graniteheart_golem")
    assert card(match, "ridgeback_tusker", 0).health == 2
    assert card(match, "graniteheart_golem", 1).health == 4
    assert events(match, Attacked)[-1].target == "Graniteheart Golem"


def test_the_defenders_power_plays_no_part():
    """R13: only the attacker's power against the defender's toughness is computed."""
    match = scenario(
        {"board": [mon("gravelhide_pup", power=5, toughness=0, health=1)]},
        {"board": [mon("basalt_colossus", power=20, toughness=3, health=14)]},
    )
    attack(match, "gravelhide_pup", "basalt_colossus")
    assert card(match, "gravelhide_pup", 0).health == 1
    assert card(match, "basalt_colossus", 1).health == 12


def test_toughness_is_not_reduced_by_attacks():
    """clash.md:18 "Toughness is not reduced through attacks"."""
    match = scenario(
        {"board": [mon("ridgeback_tusker", power=9)]},
        {"board": [mon("graniteheart_golem", toughness=3, health=10)]},
    )
    attack(match, "ridgeback_tusker", "graniteheart_golem")
    golem = card(match, "graniteheart_golem", 1)
    assert (golem.toughness, golem.health) == (3, 4)


def test_lost_health_stays_lost_across_turns():
    """clash.md:51 "Health is not restored but stays lost throughout turns"."""
    match = scenario(
        {"board": [mon("ridgeback_tusker")], "hand": [FILLER]},
        {"board": [mon("graniteheart_golem")], "hand": [FILLER]},
    )
    attack(match, "ridgeback_tusker", "graniteheart_golem")  # 4 - 3 = 1
    for _ in range(4):
        end_turn(match)
    assert card(match, "graniteheart_golem", 1).health == 9


# --- defeat ------------------------------------------------------------------------------


def test_a_monster_at_0_health_is_defeated_and_moved_to_its_owners_graveyard():
    """clash.md:51 "If the health of a monster reaches zero it is defeated and moved to the
    graveyard"."""
    match = scenario(
        {"board": [mon("ridgeback_tusker")]},
        {"board": [mon("lichenshell_tortoise", health=2)]},
    )
    attack(match, "ridgeback_tusker", "lichenshell_tortoise")  # 4 - 2 = 2
    assert ids(match, 1) == []
    assert ids(match, 1, "graveyard") == ["lichenshell_tortoise"]
    assert [e.card for e in events(match, Died)] == ["Lichenshell Tortoise"]


def test_an_attacker_hurt_to_0_by_negative_damage_is_defeated():
    """clash.md:49, 51: the attacker can be defeated by its own bad attack."""
    match = scenario(
        {"board": [mon("gravelhide_pup", power=1, health=2)]},
        {"board": [mon("graniteheart_golem")]},
    )
    attack(match, "gravelhide_pup", "graniteheart_golem")  # 1 - 3 = -2
    assert ids(match, 0) == [] and ids(match, 0, "graveyard") == ["gravelhide_pup"]
    assert card(match, "graniteheart_golem", 1).health == 10


# --- attacking players -------------------------------------------------------------------


def test_a_player_can_be_attacked_while_they_control_monsters_for_full_power():
    """R3 completing clash.md:18: a player may be attacked at any time; the attacker's full
    power is dealt (a player has no toughness)."""
    match = scenario(
        {"board": [mon("ridgeback_tusker")]},
        {"board": [mon("basalt_colossus"), mon("graniteheart_golem")]},
    )
    tusker = uid(match, "ridgeback_tusker")
    targets = _attacks_of(match, tusker)
    assert targets == {"p1", uid(match, "basalt_colossus"), uid(match, "graniteheart_golem")}
    attack(match, tusker, "p1")
    assert health(match, 1) == 26


def test_a_monster_cannot_attack_its_own_side():
    """clash.md:18: damage goes to another monster or a player — the enemy's, as offered."""
    match = scenario({"board": [mon("ridgeback_tusker"), mon("gravelhide_pup")]})
    tusker = uid(match, "ridgeback_tusker")
    assert _attacks_of(match, tusker) == {"p1"}
    before = snapshot(match)
    for target in ("p0", uid(match, "gravelhide_pup")):
        with pytest.raises(IllegalAction):
            match.apply(0, ("attack", tusker, target))
    assert snapshot(match) == before


def test_a_zero_power_attack_on_a_player_is_allowed_and_harmless():
    """R22: any monster that may attack may attack any target, even dealing no damage."""
    match = scenario({"board": [mon("gravelhide_pup", power=0)]})
    attack(match, "gravelhide_pup", "p1")
    assert health(match, 1) == 30


# --- when a monster may attack -----------------------------------------------------------


def test_a_monster_cannot_attack_the_turn_it_is_summoned():
    """R1: no attack in the turn a monster was summoned (unless it has Haste)."""
    match = scenario({"hand": ["ridgeback_tusker"], "board": [FILLER]}, {"hand": [FILLER]})
    play(match, "ridgeback_tusker")
    tusker = uid(match, "ridgeback_tusker", 0)
    assert _attacks_of(match, tusker) == set()
    before = snapshot(match)
    with pytest.raises(IllegalAction):
        match.apply(0, ("attack", tusker, "p1"))
    assert snapshot(match) == before
    end_turn(match)
    end_turn(match)
    assert _attacks_of(match, tusker) == {"p1"}


def test_a_haste_monster_can_attack_at_once():
    """R1: a monster with Haste can attack in the turn it was summoned."""
    match = scenario({"hand": ["sootling_scamp"]})
    play(match, "sootling_scamp")
    attack(match, "sootling_scamp", "p1")
    assert health(match, 1) == 30 - RULESET.protos["sootling_scamp"].power  # the printed power
    assert RULESET.protos["sootling_scamp"].power > 0  # so the attack did land


def test_a_scenario_monster_that_is_not_ready_cannot_attack():
    """R1: a monster summoned this turn (ready=False in a scenario) is summoning sick."""
    match = scenario({"board": [mon("ridgeback_tusker", ready=False), FILLER]})
    assert _attacks_of(match, uid(match, "ridgeback_tusker")) == set()


def test_tokens_cannot_attack_the_turn_they_appear():
    """R1 "Tokens follow the same rule"."""
    match = scenario({"hand": ["call_the_restless"], "board": [FILLER]}, {"hand": [FILLER]})
    play(match, "call_the_restless")
    tokens = [c.uid for c in match.state.sides[0].board if c.proto.token]
    assert len(tokens) == 3
    assert all(_attacks_of(match, t) == set() for t in tokens)
    end_turn(match)
    end_turn(match)
    assert all(_attacks_of(match, t) == {"p1"} for t in tokens)


def test_each_monster_attacks_at_most_once_per_turn():
    """R2: each monster attacks at most once per turn; it may attack again next turn."""
    match = scenario(
        {"board": [mon("ridgeback_tusker"), mon("gravelhide_pup")]}, {"hand": [FILLER]}
    )
    tusker = uid(match, "ridgeback_tusker")
    attack(match, tusker, "p1")
    assert _attacks_of(match, tusker) == set()
    again = attack_action(match, tusker, "p1")
    before = snapshot(match)
    with pytest.raises(IllegalAction):
        match.apply(0, again)
    assert snapshot(match) == before
    assert _attacks_of(match, uid(match, "gravelhide_pup")) == {"p1"}  # the others still can
    end_turn(match)
    end_turn(match)
    attack(match, tusker, "p1")
    assert health(match, 1) == 22


# --- the battlefield ---------------------------------------------------------------------


def test_a_side_holds_at_most_5_monsters():
    """clash.md:67 "Both sides can be in control of up to 5 monsters": with 5 on the board a
    monster card is not offered (a spell still is)."""
    match = scenario(
        {"board": [FILLER] * 5, "hand": ["ridgeback_tusker", "kindling_dart"]},
        {"board": [FILLER] * 5},
    )
    assert playable(match) == {"kindling_dart"}
    tusker = next(c.uid for c in match.state.sides[0].hand if c.proto.id == "ridgeback_tusker")
    before = snapshot(match)
    with pytest.raises(IllegalAction):
        match.apply(0, ("play", tusker, None))
    assert snapshot(match) == before


def test_the_opponents_monsters_do_not_count_towards_your_5():
    """clash.md:67: 5 per side, 10 on the battlefield overall."""
    match = scenario({"board": [FILLER] * 4, "hand": ["ridgeback_tusker"]}, {"board": [FILLER] * 5})
    play(match, "ridgeback_tusker")
    assert len(ids(match, 0)) == 5 and len(ids(match, 1)) == 5


# --- effects do not use the attack formula -----------------------------------------------


def test_effect_damage_is_not_reduced_by_toughness():
    """R4: damage from an effect ("deal 2 damage") is not reduced by toughness."""
    match = scenario({"hand": ["kindling_dart"]}, {"board": [mon("graniteheart_golem")]})
    play(match, "kindling_dart", "graniteheart_golem")
    assert card(match, "graniteheart_golem", 1).health == 8


def test_power_and_toughness_never_go_below_0():
    """R12 (clash.md:18 "spells and effects which can reduce this stat"): never below 0."""
    match = scenario(
        {"hand": ["crack_the_carapace"], "board": [FILLER]},
        {"board": [mon("ridgeback_tusker")]},
    )
    play(match, "crack_the_carapace", "ridgeback_tusker")  # toughness 1 - 2
    assert card(match, "ridgeback_tusker", 1).toughness == 0


def test_reduced_toughness_counts_in_the_next_attack():
    """clash.md:18-21: toughness reduced by a spell shields less."""
    match = scenario(
        {"hand": ["crack_the_carapace"], "board": [mon("ridgeback_tusker")]},
        {"board": [mon("graniteheart_golem")]},
    )
    play(match, "crack_the_carapace", "graniteheart_golem")  # toughness 3 -> 1
    attack(match, "ridgeback_tusker", "graniteheart_golem")  # 4 - 1 = 3
    assert card(match, "graniteheart_golem", 1).health == 7


def test_an_opponents_monster_shows_no_attacked_tag_during_your_turn() -> None:
    # clash.md:89 (a monster attacks once a turn); the flag is cleared only at
    # its owner's next turn, so the view showed "attacked" on it all through yours
    match = scenario(
        {"board": [mon("gravelhide_pup", attacked=True), "gravelhide_pup"]},
        {"board": [mon("gravelhide_pup", attacked=True)]},
    )
    assert match.state.active == 0 and not match.over
    board = {s.seat: s.zones["board"].cards[0].tags for s in match.view(0).seats}
    assert "attacked" in board[0] and "attacked" not in board[1]
