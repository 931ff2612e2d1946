"""What each counter does (ruling B8), mana (B3), ties (B9), durations: where
battle-mages.md:63-69 names the counters and says no more."""

from .conftest import ability, card, cast, decision, resolve_all, scenario, side, target


def _next_turn_of_ann(match):
    """From Ann's main step to her next one (Bob's turn passes by itself)."""
    for s in match.state.sides:
        s.stop = False
    start = match.state.turn
    while not (
        match.state.active == 0 and match.state.turn > start and match.state.step == "main1"
    ):
        d = decision(match)
        if d.kind == "attackers":
            match.apply(d.player, ())
        elif d.kind == "blockers":
            match.apply(d.player, ("done",))
        else:
            match.apply(d.player, ("pass",))
    for s in match.state.sides:
        s.stop = True


def test_poison_places_its_count_in_damage_at_its_controllers_preparation():
    match = scenario({"field": [{"card": "boulderkeep_golem", "poison": 2}]})
    _next_turn_of_ann(match)
    golem = card(match, "boulderkeep_golem")
    assert golem.damage == 2 and golem.poison == 2  # poison stays


def test_poison_kills_through_preparation():
    match = scenario(
        {"field": [{"card": "burrow_mole", "poison": 2}], "spellbook": ["burrow_mole"] * 5}
    )
    _next_turn_of_ann(match)
    assert [c.proto.id for c in side(match, 0).graveyard] == ["burrow_mole"]


def test_shield_prevents_the_next_damage_and_is_spent():
    match = scenario(
        {"hand": ["spark_bolt", "spark_bolt"]}, {"field": [{"card": "gravel_brute", "shield": 1}]}
    )
    cast(match, "spark_bolt")
    target(match, "gravel_brute")
    resolve_all(match)
    brute = card(match, "gravel_brute")
    assert brute.damage == 0 and brute.shield == 0
    cast(match, "spark_bolt")
    target(match, "gravel_brute")
    resolve_all(match)
    assert brute.damage == 2


def test_str_counters_add_power():
    match = scenario({"field": [{"card": "burrow_mole", "str": 2}]})
    assert card(match, "burrow_mole").power == 3
    assert match.view(None).seat(0).zones["board"].cards[0].stats["power"] == 3


def test_ice_keeps_a_creature_exhausted_and_thaws_one_counter_a_preparation():
    match = scenario({"field": [{"card": "gravel_brute", "ice": 2, "exhausted": True}]})
    _next_turn_of_ann(match)
    brute = card(match, "gravel_brute")
    assert brute.ice == 1 and brute.exhausted
    _next_turn_of_ann(match)
    assert brute.ice == 0 and brute.exhausted
    _next_turn_of_ann(match)
    assert not brute.exhausted


def test_damage_counters_stay_until_removed():
    match = scenario({"field": ["riverbank_medic", {"card": "boulderkeep_golem", "damage": 3}]})
    _next_turn_of_ann(match)
    golem = card(match, "boulderkeep_golem")
    assert golem.damage == 3
    ability(match, "riverbank_medic")
    target(match, "boulderkeep_golem")
    resolve_all(match)
    assert golem.damage == 1


def test_payment_takes_effect_mana_then_big_then_small_crystals():
    """Ruling B3"""
    match = scenario(
        {
            "hand": ["crystal_surge", "gravel_brute"],
            "crystals": ["quarry_geode", "glimmer_shard", "glimmer_shard"],
        }
    )
    ann = side(match, 0)
    assert ann.mana == 4 and ann.max_mana == 4
    cast(match, "crystal_surge")
    resolve_all(match)
    assert ann.pool == 2 and ann.mana == 5
    cast(match, "gravel_brute")  # 3: the pool's 2, then one small crystal
    assert ann.pool == 0
    assert [c.exhausted for c in ann.crystals] == [False, True, True]


def test_an_odd_cost_from_a_big_crystal_wastes_its_second_mana():
    match = scenario(
        {"hand": ["spark_bolt"], "crystals": ["quarry_geode"]}, {"field": ["burrow_mole"]}
    )
    cast(match, "spark_bolt")
    target(match, "burrow_mole")
    assert side(match, 0).mana == 0


def test_effect_mana_and_keyword_changes_last_until_the_turn_ends():
    """Ruling B3"""
    match = scenario({"hand": ["crystal_surge", "lofting_breeze"], "field": ["gravel_brute"]})
    cast(match, "crystal_surge")
    resolve_all(match)
    cast(match, "lofting_breeze")
    target(match, "gravel_brute")
    resolve_all(match)
    assert card(match, "gravel_brute").has("flying")
    _next_turn_of_ann(match)
    assert side(match, 0).pool == 0 and not card(match, "gravel_brute").has("flying")


def test_when_both_mages_reach_zero_together_the_active_mage_loses():
    """Ruling B9"""
    match = scenario({"life": 0}, {"life": -1})  # e.g. after one effect hurt both
    match.state.check_state()
    assert match.state.winner == 1 and "Ann fell to 0 life" in match.events[-1].text


def test_a_mage_at_zero_life_loses_at_once():
    match = scenario({"hand": ["crimson_siphon"]}, {"life": 2})
    cast(match, "crimson_siphon")
    resolve_all(match)
    assert match.over and match.winner == 0 and "Bob fell to 0 life" in match.events[-1].text


def test_a_spell_resolving_heals_the_caster_too():
    match = scenario({"hand": ["crimson_siphon"], "life": 10})
    cast(match, "crimson_siphon")
    resolve_all(match)
    assert side(match, 0).life == 12 and side(match, 1).life == 18


def test_a_spell_that_wins_the_game_still_ends_in_the_graveyard():
    match = scenario({"hand": ["crimson_siphon"]}, {"life": 2})
    cast(match, "crimson_siphon")
    resolve_all(match)
    assert match.over and [c.proto.id for c in side(match, 0).graveyard] == ["crimson_siphon"]


def test_a_shield_does_not_stop_poison():
    """Ruling B8: poison puts Damage counters; putting counters is no damage dealt, so the
    Shield counter stays for the next real damage."""
    match = scenario({"field": [{"card": "boulderkeep_golem", "poison": 2, "shield": 1}]})
    _next_turn_of_ann(match)
    golem = card(match, "boulderkeep_golem")
    assert golem.damage == 2 and golem.shield == 1
