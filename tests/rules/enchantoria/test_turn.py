"""The turn, mana, recycling, X costs and the end of the game (enchantoria.md:1-2, R1-R6,
R13-R15)."""

import pytest

from engine.core.errors import IllegalAction
from engine.core.match import new_match
from engine.rulesets.enchantoria import events as eev
from engine.rulesets.enchantoria.entities import TURN_LIMIT, mana_for_turn, recycle_value
from engine.rulesets.enchantoria.ruleset import RULESET
from tests.rules.enchantoria.conftest import (
    being,
    cast,
    commit,
    health,
    next_combat,
    scenario,
    state,
    uid_in_hand,
)


def fresh(seed: int = 3):
    decks = RULESET.preconstructed_decks()
    return new_match(
        "enchantoria", ["Ann", "Bob"], [decks["pyre_circle"], decks["stone_vigil"]], seed
    )


def test_a_turn_is_draw_preparation_combat_discard() -> None:
    # R1 — the phases enchantoria.md names (Preparation, Combat, Discard) and a Draw Phase.
    match = scenario({"hand": ["spark_needle"]}, phase="preparation")
    next_combat(match)
    commit(match)
    phases = [e.phase for e in match.events if isinstance(e, eev.PhaseBegan)]
    assert phases == ["Combat", "Discard", "Draw", "Preparation"]


def test_the_game_starts_with_30_health_and_five_cards_then_turn_one_draws() -> None:
    # R2
    match = fresh()
    for p in state(match).players:
        assert (p.health, p.max_health, len(p.hand), len(p.deck)) == (30, 30, 6, 24)
    assert state(match).phase == "preparation" and state(match).turn == 1
    assert {d.player for d in match.pending} == {0, 1}  # both players, at the same time


def test_mana_grows_each_turn_and_refills() -> None:
    # R4 (rules version 4): 2 in turn 1, one more a turn, at most 5 from turn 4 on
    assert [mana_for_turn(t) for t in (1, 2, 3, 4, 5, 9, 12)] == [2, 3, 4, 5, 5, 5, 5]
    match = scenario({"hand": ["spark_needle"], "mana": 4}, turn=3)
    cast(match, 0, "spark_needle", "p1")
    commit(match)
    assert state(match).players[0].mana == mana_for_turn(4)  # unspent mana does not carry


def test_mana_stops_growing_at_five() -> None:
    # R4 (rules version 4): late turns no longer bring mana a one-card-a-turn
    # hand cannot spend; a turn-9 refill is 5, not 10
    match = scenario({"hand": ["spark_needle"], "mana": 1}, turn=8)
    commit(match)
    for player in state(match).players:
        assert state(match).turn == 9 and (player.max_mana, player.mana) == (5, 5)


def test_recycling_discards_a_card_for_mana_in_the_preparation_phase() -> None:
    # enchantoria.md:1, R5
    match = scenario({"hand": ["cinder_comet", "spark_needle"], "mana": 4}, phase="preparation")
    star = uid_in_hand(match, 0, "cinder_comet")
    match.apply(0, ("recycle", star))
    next_combat(match)
    ann = state(match).players[0]
    assert ann.mana == 4 + 3 and [c.proto.id for c in ann.discard] == ["cinder_comet"]
    assert state(match).phase == "combat"


def test_the_recycling_function() -> None:
    # R5 — half the mana value, rounded up: the text's missing base function.
    assert [recycle_value(v) for v in range(0, 8)] == [0, 1, 1, 2, 2, 3, 3, 4]


def test_an_x_card_recycles_for_nothing() -> None:
    # enchantoria.md:2
    match = scenario({"hand": ["noon_spear", "spark_needle"], "mana": 4}, phase="preparation")
    match.apply(0, ("recycle", uid_in_hand(match, 0, "noon_spear")))
    next_combat(match)
    assert state(match).players[0].mana == 4
    assert any(e.text == "Ann recycles Noon Spear for 0 mana." for e in match.events)


def test_at_most_one_card_is_recycled_a_turn() -> None:
    # R5
    match = scenario({"hand": ["cinder_comet", "ember_drake"]}, phase="preparation")
    match.apply(0, ("recycle", uid_in_hand(match, 0, "cinder_comet")))
    assert state(match).phase == "combat"  # the one choice closed the window
    assert [c.proto.id for c in state(match).players[0].hand] == ["ember_drake"]


def test_x_is_chosen_when_casting_up_to_the_mana_left() -> None:
    # enchantoria.md:2
    match = scenario({"hand": ["noon_spear", "spark_needle"], "mana": 5})
    cast(match, 0, "spark_needle", "p1")
    match.apply(0, ("cast", uid_in_hand(match, 0, "noon_spear")))
    xs = [a[1] for a in match.decision_for(0).actions if a[0] == "x"]
    assert xs == [1, 2, 3, 4]
    with pytest.raises(IllegalAction):
        match.apply(0, ("x", 5))
    match.apply(0, ("x", 4))
    match.apply(0, ("target", "p1"))
    commit(match)
    assert health(match, 1) == 30 - 2 - 4


def test_undo_takes_back_the_last_secret_step() -> None:
    match = scenario({"hand": ["ember_orb", "spark_needle"], "mana": 3})
    cast(match, 0, "ember_orb", "p1")
    assert ("cast", uid_in_hand(match, 0, "spark_needle")) in match.decision_for(0).actions
    match.apply(0, ("undo",))
    assert state(match).players[0].plan == []


def test_a_spell_needs_the_mana_left_after_the_plan() -> None:
    match = scenario({"hand": ["ember_orb", "ember_orb"], "mana": 3})
    cast(match, 0, "ember_orb", "p1")
    assert not any(a[0] == "cast" for a in match.decision_for(0).actions)


def test_hand_limit_discard_is_chosen_in_secret() -> None:
    # R13
    match = scenario({"hand": ["spark_needle"] * 9}, {"hand": ["ember_orb"] * 3})
    commit(match)
    decision = match.decision_for(0)
    assert decision.kind == "discard" and decision.private and decision.min_picks == 2
    assert match.decision_for(1) is None
    match.apply(0, tuple(decision.actions[:2]))
    assert len(state(match).players[0].hand) == 7 + 1  # 7 kept, one drawn next turn


def test_fatigue_costs_one_two_three_health() -> None:
    # R14
    match = scenario({"deck": [], "hand": ["rootsong"] * 3}, {"deck": [], "hand": ["rootsong"]})
    commit(match)
    assert health(match, 0) == 29
    next_combat(match)
    commit(match)
    assert health(match, 0) == 27


def test_a_player_at_zero_loses_in_the_discard_phase() -> None:
    # R6
    match = scenario({"hand": ["cinder_comet"]}, {"health": 7})
    cast(match, 0, "cinder_comet", "p1")
    commit(match)
    assert match.over and match.winner == 0


def test_a_dying_player_still_heals_in_the_same_window() -> None:
    # R6, R7: the check waits for the Discard Phase.
    match = scenario({"hand": ["cinder_comet"]}, {"health": 5, "hand": ["mending_light"]})
    cast(match, 0, "cinder_comet", "p1")
    cast(match, 1, "mending_light", "p1")
    commit(match)
    assert not match.over and health(match, 1) == 2


def test_both_fall_more_health_wins() -> None:
    # R6
    match = scenario({"hand": ["cinder_comet"], "health": 3}, {"hand": ["ember_orb"], "health": 5})
    cast(match, 0, "cinder_comet", "p1")
    cast(match, 1, "ember_orb", "p0")
    commit(match)
    assert match.over and match.winner == 0  # 0 against -2


def test_both_fall_even_the_coin_decides() -> None:
    # R6
    match = scenario({"hand": ["ember_orb"], "health": 3}, {"hand": ["ember_orb"], "health": 3})
    cast(match, 0, "ember_orb", "p1")
    cast(match, 1, "ember_orb", "p0")
    commit(match)
    assert match.over and match.winner in (0, 1)
    assert "coin" in match.events[-1].text


def test_turn_limit() -> None:
    # R15
    match = scenario({"health": 20}, {"health": 21}, turn=TURN_LIMIT)
    commit(match)
    assert match.over and match.winner == 1


def test_resigning_hands_the_game_to_the_other_player() -> None:
    match = fresh()
    match.resign(1)
    assert match.over and match.winner == 0 and match.pending == ()


def test_x_is_not_asked_when_only_one_value_is_left() -> None:
    # enchantoria.md:2; a needless prompt ("Choose X ... (up to 1): 1. X = 1"): with 1 mana left the
    # only X is 1, so the spell goes straight to its target, at X = 1
    match = scenario({"hand": ["noon_spear"], "mana": 1})
    match.apply(0, ("cast", uid_in_hand(match, 0, "noon_spear")))
    me = state(match).players[0]
    assert me.step is not None and me.step[0] == "target" and me.step[2] == 1
    assert all(a[0] != "x" for a in match.decision_for(0).actions)


def test_targets_list_the_opponent_first() -> None:
    # enchantoria.md:22; "1. At Ann" for Ann's own spell read as aiming at herself
    # first. The opponent and their beings come first, then the player and theirs.
    match = scenario(
        {"hand": ["noon_spear"], "mana": 3, "board": ["mossling"]}, {"board": ["mossling"]}
    )
    match.apply(0, ("cast", uid_in_hand(match, 0, "noon_spear")))
    match.apply(0, ("x", 2))
    targets = [a[1] for a in match.decision_for(0).actions if a[0] == "target"]
    mine, theirs = being(match, 0, "mossling").uid, being(match, 1, "mossling").uid
    assert targets == ["p1", theirs, "p0", mine]
    labels = [o.label for o in match.options(match.decision_for(0))]
    assert labels[0] == "At Bob"
