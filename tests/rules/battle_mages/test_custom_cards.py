"""Rulings on wordings no shipped card happens to combine (B4, B7), shown with cards made
for the test: the engine reads any card the schema accepts."""

from pydantic import TypeAdapter

from cards.battle_mages import schema
from engine.rulesets.battle_mages.cards import proto_of
from engine.rulesets.battle_mages.ruleset import RULESET

from .conftest import cast, decision, events_of, pass_, resolve_all, scenario, side, target

CARD = TypeAdapter(schema.Card)


def _made(monkeypatch, **card) -> str:
    """A ritual made from schema fields, known to the ruleset for this test only."""
    proto = proto_of(CARD.validate_python({"type": "ritual", "rarity": "white", **card}))
    monkeypatch.setitem(RULESET.protos, proto.id, proto)
    return proto.id


def test_a_with_a_count_larger_than_what_qualifies_takes_all_there_is(monkeypatch):
    """Ruling B7: 'Deal 1 damage to three Creatures' with two creatures hits both."""
    made = _made(
        monkeypatch,
        id="triple_spark",
        name="Triple Spark",
        cost=1,
        script={
            "select": [{"wording": "a", "count": 3, "object": "creature"}],
            "effects": [{"kind": "damage", "amount": 1, "to": "it"}],
        },
    )
    match = scenario({"hand": [made]}, {"field": ["boulderkeep_golem", "gravel_brute"]})
    cast(match, "triple_spark")
    resolve_all(match)
    assert [c.damage for c in side(match, 1).field] == [1, 1]


def test_two_selections_may_name_the_same_object(monkeypatch):
    """Ruling B7: 'Deal 1 damage to target Creature. Deal 2 damage to target Creature.'"""
    made = _made(
        monkeypatch,
        id="twin_bolt",
        name="Twin Bolt",
        cost=1,
        script={
            "select": [
                {"name": "first", "wording": "target", "object": "creature"},
                {"name": "second", "wording": "target", "object": "creature"},
            ],
            "effects": [
                {"kind": "damage", "amount": 1, "to": "first"},
                {"kind": "damage", "amount": 2, "to": "second"},
            ],
        },
    )
    match = scenario({"hand": [made]}, {"field": ["boulderkeep_golem"]})
    cast(match, "twin_bolt")
    target(match, "boulderkeep_golem")
    resolve_all(match)
    assert side(match, 1).field[0].damage == 3


def test_a_spell_with_an_up_to_selection_never_fizzles_even_if_another_target_is_lost(
    monkeypatch,
):
    """Ruling B7 (battle-mages.md:172): any 'up to' keeps the spell from fizzling."""
    from engine.rulesets.battle_mages.events import Fizzled

    made = _made(
        monkeypatch,
        id="bolt_and_draw",
        name="Bolt and Draw",
        cost=1,
        script={
            "select": [
                {"name": "foe", "wording": "target", "object": "creature"},
                {"name": "more", "wording": "up_to_target", "object": "creature"},
            ],
            "effects": [
                {"kind": "damage", "amount": 1, "to": "foe"},
                {"kind": "damage", "amount": 1, "to": "more"},
                {"kind": "draw", "amount": 1},
            ],
        },
    )
    seat = {"hand": ["homeward_gust", made], "crystals": ["glimmer_shard"] * 6}
    match = scenario(seat, {"field": ["gravel_brute"]})
    cast(match, "bolt_and_draw")
    target(match, "gravel_brute")
    if decision(match).kind == "targets":
        match.apply(0, ())
    pass_(match)
    cast(match, "homeward_gust")
    target(match, "gravel_brute")
    hand = len(side(match, 0).hand)
    resolve_all(match)
    assert not events_of(match, Fizzled) and len(side(match, 0).hand) == hand + 1


def test_there_is_no_hand_limit():
    """Ruling B4"""
    match = scenario({"hand": ["burrow_mole"] * 12, "crystals": []}, stop=False)
    assert match.state.active == 1 or len(side(match, 0).hand) == 12
    assert len(side(match, 0).hand) == 12  # Ann's turn ended by itself; nothing discarded


def test_nobody_is_asked_to_pay_for_a_boast_that_could_do_nothing(monkeypatch):
    """Ruling B14 (battle-mages.md:131, 168): 'Boast (pay 1): Deal 2 damage to target
    flying Creature' with no flier anywhere goes on the stack unpaid without a question;
    with a flier, its Mage is asked."""
    from engine.rulesets.battle_mages.events import Fizzled

    card = CARD.validate_python(
        {
            "type": "creature",
            "rarity": "white",
            "id": "sky_taunter",
            "name": "Sky Taunter",
            "cost": 1,
            "power": 1,
            "health": 1,
            "triggers": [
                {
                    "when": "boast",
                    "cost": 1,
                    "select": [
                        {"wording": "target", "object": "creature", "modifiers": ["flying"]}
                    ],
                    "effects": [{"kind": "damage", "amount": 2, "to": "it"}],
                }
            ],
        }
    )
    monkeypatch.setitem(RULESET.protos, "sky_taunter", proto_of(card))
    for foes, asked in (([], False), (["skyreed_kite"], True)):
        match = scenario({"field": ["sky_taunter"]}, {"field": foes})
        pass_(match)
        match.apply(0, (("attacker", side(match, 0).field[0].uid),))
        assert (decision(match).kind == "pay") == asked
        if not asked:
            assert [i.paid for i in match.state.stack] == [False]
            assert side(match, 0).mana == 5
            assert not events_of(match, Fizzled)
