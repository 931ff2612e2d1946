"""Battle Mages' evaluation of spells on the stack (engine/rulesets/battle_mages/ai.py):
an item counts for its controller and against everyone else, and what it will act on
includes the objects an "every" selection takes and the Mages it names."""

from typing import Any

from engine.core.match import Match, from_scenario
from engine.rulesets.battle_mages import ai


def _cast(ritual: str, bob_field: list[str]) -> tuple[Match, Any]:
    """Ann (seat 0, her turn 5) casts `ritual` (its one target chosen for her: Bob's
    only creature); returns the match with the spell on the stack and Bob asked whether
    to answer it (he holds a Dispel Word), and the state just before the cast."""
    seats = []
    bob = {"field": bob_field, "hand": ["dispel_word"]}
    for name, given in (("Ann", {"hand": [ritual]}), ("Bob", bob)):
        seat: dict[str, Any] = {
            "name": name,
            "crystals": ["glimmer_shard"] * 6,
            "spellbook": ["burrow_mole"] * 8,
        }
        seat.update(given)
        seats.append(seat)
    match = from_scenario("battle-mages", {"seats": seats, "active": 0, "turn": 5})
    before = match.state.clone()
    match.apply(0, ("cast", match.state.sides[0].hand[0].uid))
    assert len(match.state.stack) == 1 and match.pending[0].player == 1
    return match, before


def test_a_spell_aimed_at_your_creature_counts_against_you() -> None:
    match, before = _cast("spark_bolt", ["gravel_brute"])
    (item,) = match.state.stack
    assert [match.state.cards[r[0]].proto.id for r in item.targets[(0, 0)]] == ["gravel_brute"]
    assert ai.evaluate(match.state, 1) < ai.evaluate(before, 1) - 3
    assert ai.evaluate(match.state, 0) > ai.evaluate(before, 0) + 3


def test_a_spell_that_hits_every_opposing_creature_counts_each_of_them() -> None:
    one, before_one = _cast("cinderfall_tempest", ["gravel_brute"])
    two, before_two = _cast("cinderfall_tempest", ["gravel_brute", "gravel_brute"])
    lost_one = ai.evaluate(before_one, 1) - ai.evaluate(one.state, 1)
    lost_two = ai.evaluate(before_two, 1) - ai.evaluate(two.state, 1)
    assert lost_one > 3
    assert lost_two > lost_one + 3
