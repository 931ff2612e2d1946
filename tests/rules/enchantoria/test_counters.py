"""Counterspells (enchantoria.md:7, 18-19, R8)."""

from engine.rulesets.enchantoria import events as eev
from engine.rulesets.enchantoria.resolve import resolve_combat
from tests.rules.enchantoria.conftest import cast, commit, health, scenario, state


def test_a_countered_spell_does_nothing_and_its_cost_stays_spent() -> None:
    # enchantoria.md:7 and enchantoria.md:18-19 — cancelled before it resolves, costs spent
    match = scenario({"hand": ["cinder_comet"], "mana": 6}, {"hand": ["mute_glyph"], "mana": 2})
    cast(match, 0, "cinder_comet", "p1")
    cast(match, 1, "mute_glyph", "p0")
    commit(match)
    assert health(match, 1) == 30
    ann = state(match).players[0]
    assert [c.proto.id for c in ann.discard] == ["cinder_comet"]
    countered = [e for e in match.events if isinstance(e, eev.Countered)]
    assert [e.card for e in countered] == ["Cinder Comet"]
    # the cost stayed spent: the 6 mana were paid before the counter (checked at reveal)
    paid = [e for e in match.events if isinstance(e, eev.SpellCast) and e.card == "Cinder Comet"]
    assert paid


def test_the_cost_is_paid_even_when_countered() -> None:
    # enchantoria.md:7 — "any resources used for casting it are still consumed". The
    # window is resolved by hand here, to look before the next Preparation refills mana.
    match = scenario({"hand": ["ember_orb"], "mana": 5}, {"hand": ["mute_glyph"], "mana": 4})
    cast(match, 0, "ember_orb", "p1")
    cast(match, 1, "mute_glyph", "p0")
    resolve_combat(state(match))
    ann, bob = state(match).players
    assert (ann.mana, bob.mana) == (3, 2)
    assert ann.hand == [] and ann.discard[0].proto.id == "ember_orb"
    assert bob.health == 30


def test_mute_glyph_counters_the_costliest_spell_only() -> None:
    # R8: the costliest of the enemy's spells in the same window
    match = scenario({"hand": ["ember_orb", "cinder_comet"]}, {"hand": ["mute_glyph"]})
    cast(match, 0, "ember_orb", "p1")
    cast(match, 0, "cinder_comet", "p1")
    cast(match, 1, "mute_glyph", "p0")
    commit(match)
    assert health(match, 1) == 27  # the orb landed, the star did not


def test_unweave_counters_every_spell_up_to_x() -> None:
    # R8 with an X cost: every enemy spell of mana value X or less
    match = scenario({"hand": ["spark_needle", "ember_orb", "hornet_hail"]}, {"hand": ["unweave"]})
    cast(match, 0, "spark_needle", "p1")
    cast(match, 0, "ember_orb", "p1")
    cast(match, 0, "hornet_hail")
    cast(match, 1, "unweave", "p0", x=2)
    commit(match)
    assert health(match, 1) == 26  # only Hornet Hail (3) got through


def test_snuff_picks_a_damage_spell() -> None:
    match = scenario({"hand": ["spark_needle", "moonstone_ward"]}, {"hand": ["snuff"]})
    cast(match, 0, "spark_needle", "p1")
    cast(match, 0, "moonstone_ward", "p0")
    cast(match, 1, "snuff", "p0")
    commit(match)
    assert health(match, 1) == 30
    assert state(match).players[0].protection.power == 8


def test_a_countered_summon_never_enters_play() -> None:
    match = scenario({"hand": ["ember_drake"]}, {"hand": ["mute_glyph"]})
    cast(match, 0, "ember_drake")
    cast(match, 1, "mute_glyph", "p0")
    commit(match)
    ann = state(match).players[0]
    assert ann.board == [] and [c.proto.id for c in ann.discard] == ["ember_drake"]


def test_counterspells_cannot_be_countered() -> None:
    # R8: counters act first, all at once, and pick only among other spells.
    match = scenario(
        {"hand": ["mute_glyph", "ember_orb"]}, {"hand": ["mute_glyph", "cinder_comet"]}
    )
    cast(match, 0, "mute_glyph", "p1")
    cast(match, 0, "ember_orb", "p1")
    cast(match, 1, "mute_glyph", "p0")
    cast(match, 1, "cinder_comet", "p0")
    commit(match)
    assert health(match, 0) == 30 and health(match, 1) == 30
