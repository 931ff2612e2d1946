"""The rules glossary: damage, heal, block and protection (enchantoria.md:8-17)."""

from tests.rules.enchantoria.conftest import cast, commit, health, next_combat, scenario, state


def test_deal_x_damage_reduces_health_by_x() -> None:
    # enchantoria.md:8-9
    match = scenario({"hand": ["cinder_comet"]})
    cast(match, 0, "cinder_comet", "p1")
    commit(match)
    assert health(match, 1) == 23


def test_heal_restores_up_to_the_starting_maximum() -> None:
    # enchantoria.md:10-11 — the maximum is the health the player started with (R19).
    match = scenario({"hand": ["mending_light", "mending_light"], "health": 28})
    cast(match, 0, "mending_light", "p0")
    commit(match)
    assert health(match, 0) == 30
    assert state(match).players[0].max_health == 30


def test_heal_heals_by_x() -> None:
    # enchantoria.md:10-11
    match = scenario({"hand": ["mending_light"], "health": 20})
    cast(match, 0, "mending_light", "p0")
    commit(match)
    assert health(match, 0) == 24


def test_a_card_may_state_otherwise_and_raise_the_maximum() -> None:
    # enchantoria.md:11 — "unless stated otherwise": Brimming Chalice raises it by 3.
    match = scenario({"hand": ["brimming_chalice"], "health": 30})
    cast(match, 0, "brimming_chalice", "p0")
    commit(match)
    assert state(match).players[0].max_health == 33
    assert health(match, 0) == 33


def test_block_absorbs_that_much_incoming_damage_this_turn_only() -> None:
    # enchantoria.md:12-13
    match = scenario({"hand": ["cinder_comet"]}, {"hand": ["quick_parry"]})
    cast(match, 0, "cinder_comet", "p1")
    cast(match, 1, "quick_parry", "p1")
    commit(match)
    assert health(match, 1) == 30 - (7 - 3)


def test_protection_absorbs_up_to_its_power_and_loses_what_it_absorbs() -> None:
    # enchantoria.md:15-16
    match = scenario({"hand": ["ember_orb"]}, {"protection": {"power": 5}})
    cast(match, 0, "ember_orb", "p1")
    commit(match)
    bob = state(match).players[1]
    assert bob.health == 30 and bob.protection.power == 2


def test_protection_spent_to_zero_ends_and_is_removed() -> None:
    # enchantoria.md:16
    match = scenario({"hand": ["cinder_comet"]}, {"protection": {"power": 4}})
    cast(match, 0, "cinder_comet", "p1")
    commit(match)
    bob = state(match).players[1]
    assert bob.protection is None and bob.health == 27
    assert any("protection ends" in e.text for e in match.events)


def test_protection_lasts_over_turns_until_spent() -> None:
    # enchantoria.md:15 — "each turn": it absorbs again next turn with what power is left.
    match = scenario({"hand": ["ember_orb", "ember_orb"]}, {"protection": {"power": 5}})
    cast(match, 0, "ember_orb", "p1")
    commit(match)
    next_combat(match)
    cast(match, 0, "ember_orb", "p1")
    commit(match)
    bob = state(match).players[1]
    assert bob.protection is None and bob.health == 29  # 2 absorbed, 1 through


def test_one_protection_source_a_new_one_replaces_the_old() -> None:
    # enchantoria.md:17
    match = scenario({"hand": ["aegis_thread"], "protection": {"power": 7}})
    cast(match, 0, "aegis_thread", "p0")
    commit(match)
    prot = state(match).players[0].protection
    assert prot.power == 4 and prot.source == "Aegis Thread"


def test_two_new_sources_in_one_window_keep_the_stronger() -> None:
    # enchantoria.md:17, R11 — one source per entity even when two arrive at once.
    match = scenario({"hand": ["aegis_thread", "moonstone_ward"]})
    cast(match, 0, "aegis_thread", "p0")
    cast(match, 0, "moonstone_ward", "p0")
    commit(match)
    prot = state(match).players[0].protection
    assert prot.power == 8 and prot.source == "Moonstone Ward"


def test_block_is_used_before_protection() -> None:
    # R7: block is this turn's; protection keeps what it did not need to absorb.
    match = scenario({"hand": ["ember_orb"]}, {"hand": ["quick_parry"], "protection": {"power": 5}})
    cast(match, 0, "ember_orb", "p1")
    cast(match, 1, "quick_parry", "p1")
    commit(match)
    assert state(match).players[1].protection.power == 5


def test_shatter_removes_only_the_protection_that_stood() -> None:
    # R11: Glass Breaker removes the old source; a new one cast the same window stays.
    match = scenario(
        {"hand": ["glass_breaker"]}, {"hand": ["aegis_thread"], "protection": {"power": 8}}
    )
    cast(match, 0, "glass_breaker", "p1")
    cast(match, 1, "aegis_thread", "p1")
    commit(match)
    bob = state(match).players[1]
    assert bob.protection.power == 3 and bob.health == 30  # new 4, minus the 1 damage


def test_healing_at_full_health_changes_nothing_and_says_nothing() -> None:
    # enchantoria.md:11 — up to the maximum: a Glade Tender's aura at 30/30 heals 0.
    match = scenario({"board": ["glade_tender"]})
    commit(match)
    assert health(match, 0) == 30
    assert not any(e.text.startswith("Ann:") for e in match.events)
