"""Timed effects (enchantoria.md:24-27, R12)."""

from engine.rulesets.enchantoria import cards as enchantoria_cards
from tests.rules.enchantoria.conftest import (
    being,
    cast,
    commit,
    health,
    next_combat,
    scenario,
    state,
)


def burn_of(match, seat):
    return [s for s in state(match).players[seat].statuses if s.kind == "burn"]


def test_an_effect_has_a_duration_in_turns() -> None:
    # enchantoria.md:24
    match = scenario({"hand": ["kindle_curse"]})
    cast(match, 0, "kindle_curse", "p1")
    commit(match)
    (burn,) = burn_of(match, 1)
    assert (burn.amount, burn.turns) == (2, 3)


def test_graces_illness_no_reduction_in_the_turn_it_was_applied() -> None:
    # enchantoria.md:25 — reduced at the end of each Discard Phase, except the turn applied.
    match = scenario({"hand": ["kindle_curse"]})
    cast(match, 0, "kindle_curse", "p1")
    commit(match)  # turn 3: applied, not reduced
    assert burn_of(match, 1)[0].turns == 3
    next_combat(match)
    commit(match)  # turn 4: burns 2, then reduced to 2
    assert burn_of(match, 1)[0].turns == 2 and health(match, 1) == 28


def test_an_effect_at_zero_ends_and_is_removed() -> None:
    # enchantoria.md:27 — three turns of burning, then gone.
    match = scenario({"hand": ["kindle_curse"]})
    cast(match, 0, "kindle_curse", "p1")
    commit(match)
    for _ in range(3):
        next_combat(match)
        commit(match)
    assert burn_of(match, 1) == [] and health(match, 1) == 24
    assert any(e.text == "Bob's burn 2 ends." for e in match.events)
    next_combat(match)
    commit(match)
    assert health(match, 1) == 24


def test_several_effects_stand_on_one_target() -> None:
    # enchantoria.md:26
    match = scenario({"hand": ["kindle_curse", "rootsong", "warding_chant"]})
    cast(match, 0, "kindle_curse", "p1")
    cast(match, 0, "rootsong", "p0")
    cast(match, 0, "warding_chant", "p0")
    commit(match)
    assert {s.kind for s in state(match).players[0].statuses} == {"regen", "ward"}
    match2 = scenario({"hand": ["kindle_curse", "sapping_hex"]}, {"board": ["doorstep_mastiff"]})
    cast(match2, 0, "kindle_curse", (1, "doorstep_mastiff"))
    cast(match2, 0, "sapping_hex", (1, "doorstep_mastiff"))
    commit(match2)
    assert {s.kind for s in being(match2, 1, "doorstep_mastiff").statuses} == {"burn", "weaken"}


def test_conflicting_effects_do_not_stack_two_protections() -> None:
    # enchantoria.md:26 — a timed protection and another protection: only one stands.
    match = scenario({"hand": ["ironbark_skin"], "protection": {"power": 3}})
    cast(match, 0, "ironbark_skin", "p0")
    commit(match)
    prot = state(match).players[0].protection
    assert (prot.power, prot.turns) == (6, 2)


def test_effects_of_the_same_kind_conflict_and_the_new_one_replaces() -> None:
    # R12
    match = scenario(
        {"hand": ["kindle_curse"]},
        {"statuses": [{"kind": "burn", "amount": 1, "turns": 5}]},
    )
    cast(match, 0, "kindle_curse", "p1")
    commit(match)
    (burn,) = burn_of(match, 1)
    assert (burn.amount, burn.turns) == (2, 3)


def test_a_timed_protection_ends_when_its_time_is_up() -> None:
    # enchantoria.md:25,27 with R11: it guards its own window and two more turns.
    match = scenario({"hand": ["ironbark_skin"]})
    cast(match, 0, "ironbark_skin", "p0")
    commit(match)
    for expected in (1, None):
        next_combat(match)
        commit(match)
        prot = state(match).players[0].protection
        assert (prot.turns if prot else None) == expected


def test_cleanse_ends_every_timed_effect() -> None:
    match = scenario(
        {"hand": ["cleansing_rain"], "statuses": [{"kind": "burn", "amount": 2, "turns": 3}]}
    )
    cast(match, 0, "cleansing_rain", "p0")
    commit(match)
    assert state(match).players[0].statuses == []
    assert health(match, 0) == 28  # it burned in this window: it stood before it (R7)


def test_weaken_and_regen_act_each_turn() -> None:
    match = scenario(
        {"health": 20, "statuses": [{"kind": "regen", "amount": 2, "turns": 2}],
         "board": [{"card": "ember_drake", "statuses": [{"kind": "weaken", "amount": 2,
                                                         "turns": 2}]}]},
    )  # fmt: skip
    match.apply(0, ("order", being(match, 0, "ember_drake").uid, "p1"))
    commit(match)
    weakened = enchantoria_cards.protos()["ember_drake"].power - 2
    assert health(match, 0) == 22 and health(match, 1) == 30 - weakened


def test_cleanse_ends_what_stood_not_what_lands_beside_it() -> None:
    # R12 with R7 (as Glass Breaker in R11): a curse cast in the cleansing window stays.
    match = scenario(
        {"hand": ["cleansing_rain"], "statuses": [{"kind": "regen", "amount": 1, "turns": 3}]},
        {"hand": ["kindle_curse"]},
    )
    cast(match, 0, "cleansing_rain", "p0")
    cast(match, 1, "kindle_curse", "p0")
    commit(match)
    assert [(s.kind, s.turns) for s in state(match).players[0].statuses] == [("burn", 3)]
