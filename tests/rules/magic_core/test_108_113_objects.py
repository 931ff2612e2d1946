"""Rules 108-113: cards, objects, permanents, tokens, spells and abilities."""

import pytest

from engine.core.errors import IllegalAction
from engine.rulesets.magic_core.cards import protos
from engine.rulesets.magic_core.objects import BATTLEFIELD, GRAVEYARD, HAND
from engine.rulesets.magic_core.ruleset import RULESET
from tests.rules.magic_core.conftest import (
    activate,
    cast,
    decision,
    fresh,
    legal,
    obj,
    objs,
    pass_until,
    player,
    resolve,
    scenario,
    uid,
    until_priority,
)


def test_108_2b_tokens_are_not_cards() -> None:
    assert RULESET.validate_deck(["treasure"] * 4 + ["cinderpeak"] * 56)
    assert "treasure" not in [c for d in RULESET.preconstructed_decks().values() for c in d]


def test_108_3_the_owner_started_the_game_with_the_card() -> None:
    match = fresh(3)
    for uid_, o in match.state.objs.items():
        assert o.owner == (0 if uid_ <= 60 else 1)


def test_108_4_and_108_4a_a_card_outside_stack_and_battlefield_answers_with_its_owner() -> None:
    match = scenario({"hand": ["kindle_bolt"]}, {})
    assert obj(match, "kindle_bolt", "hand").controller == 0


def test_109_1_an_ability_on_the_stack_is_an_object() -> None:
    match = scenario(
        {"battlefield": ["scorchwing_whelp", "cinderpeak"]},
        {"hand": ["quiet_the_echo"], "battlefield": ["seamere"]},
    )
    activate(match, "scorchwing_whelp")
    item = match.state.stack[-1]
    assert not item.is_spell
    until_priority(match, 1)
    assert ("cast", uid(match, "quiet_the_echo", "hand"), 0, item.uid) in legal(match, 1)


def test_109_2_a_creature_means_one_on_the_battlefield() -> None:
    match = scenario(
        {
            "hand": ["kindle_bolt", "bramble_cub"],
            "battlefield": ["cinderpeak"],
            "graveyard": ["lantern_warden"],
        },
        {},
    )
    targets = {a[3] for a in legal(match) if a[0] == "cast"}
    assert targets == {"p0", "p1"}


def test_109_2a_a_card_in_a_zone_means_that_card() -> None:
    match = scenario(
        {"hand": ["unbidden_muse", "kindle_bolt", "bramble_cub"], "battlefield": ["seamere"] * 3},
        {},
    )
    cast(match, "unbidden_muse")
    resolve(match)
    free = {match.state.objs[a[1]].proto.id for a in decision(match).actions if a[0] == "free"}
    assert free == {"kindle_bolt"}  # an instant or sorcery card in the hand, nothing else


def test_109_2b_a_spell_means_one_on_the_stack() -> None:
    match = scenario(
        {"hand": ["kindle_bolt"], "battlefield": ["cinderpeak", "cinderpeak", "scorchwing_whelp"]},
        {"hand": ["gale_refusal"], "battlefield": ["seamere"] * 3},
    )
    activate(match, "scorchwing_whelp")
    assert match.state.stack and not match.state.stack[-1].is_spell
    assert not [a for a in match.state.priority_actions(1) if a[0] == "cast"]  # not a spell
    cast(match, "kindle_bolt", target="p1")
    bolt = match.state.stack[-1]
    until_priority(match, 1)  # Ann, whose whelp has an ability, may act first (117.3c)
    assert ("cast", uid(match, "gale_refusal", "hand"), 0, bolt.uid) in legal(match, 1)


def test_109_3_characteristics_read_off_the_card() -> None:
    view = RULESET.card_catalog()["forgeheart_brute"]
    assert view.name.startswith("Forgeheart Brute") and view.cost == 4
    assert view.stats == {"power": 4, "toughness": 3} and "trample" in view.tags
    assert "Creature — Giant" in view.text


def test_109_4_only_stack_and_battlefield_objects_have_controllers() -> None:
    test_108_4_and_108_4a_a_card_outside_stack_and_battlefield_answers_with_its_owner()


def test_109_4a_mana_from_a_mana_ability_goes_to_its_controller() -> None:
    match = scenario({"battlefield": ["gold"], "hand": ["bramble_cub"]}, {})
    match.apply(0, ("mana", uid(match, "gold"), 0, "G"))
    assert player(match, 0).pool[4] == 1 and player(match, 1).pool == [0] * 6


def test_109_5_you_means_the_controller() -> None:
    match = scenario(
        {}, {"hand": ["hearthsworn_medic"], "battlefield": ["meadowland"] * 3}, active=1
    )
    cast(match, "hearthsworn_medic")
    resolve(match)
    resolve(match)
    assert (player(match, 0).life, player(match, 1).life) == (20, 23)


def test_110_1_a_permanent_is_a_card_or_token_on_the_battlefield() -> None:
    match = scenario({"hand": ["firebrand_prospector"], "battlefield": ["cinderpeak"] * 3}, {})
    cast(match, "firebrand_prospector")
    resolve(match)
    resolve(match)
    assert {o.proto.id for o in match.state.battlefield} >= {"firebrand_prospector", "treasure"}
    assert all(o.zone == BATTLEFIELD for o in match.state.battlefield)


def test_110_2_a_permanent_is_controlled_by_who_cast_it() -> None:
    match = scenario({}, {"hand": ["bramble_cub"], "battlefield": ["wildwood"]}, active=1)
    cast(match, "bramble_cub")
    resolve(match)
    assert obj(match, "bramble_cub").controller == 1


def test_110_2a_put_onto_the_battlefield_under_that_players_control() -> None:
    match = scenario({"hand": ["choir_of_wings"], "battlefield": ["meadowland"] * 4}, {})
    cast(match, "choir_of_wings")
    resolve(match)
    assert [o.controller for o in objs(match, "spirit_token")] == [0, 0]


def test_110_3_characteristics_are_printed_plus_continuous_effects() -> None:
    match = scenario({"battlefield": ["bastion_drillmaster", "bramble_cub"]}, {})
    cub = obj(match, "bramble_cub")  # 1/2, and the Drillmaster gives other creatures +1/+0
    assert (match.state.power(cub), match.state.toughness(cub)) == (2, 2)
    drill = obj(match, "bastion_drillmaster")
    assert (match.state.power(drill), match.state.toughness(drill)) == (2, 3)  # "other"


def test_110_4_permanent_types() -> None:
    kinds = {p.id: p.is_permanent for p in protos().values()}
    assert kinds["withering_pall"] and kinds["wayfarers_compass"] and kinds["cinderpeak"]
    assert not kinds["kindle_bolt"] and not kinds["ashfall_tempest"]


def test_110_4a_permanent_card_and_110_4b_permanent_spell() -> None:
    match = scenario(
        {"hand": ["bramble_cub"], "battlefield": ["wildwood"]},
        {"hand": ["gale_refusal"], "battlefield": ["seamere"] * 3},
    )
    cast(match, "bramble_cub")
    item = match.state.stack[-1]
    assert item.is_spell and item.proto.is_permanent


def test_110_4b_permanent_spell_resolves_onto_the_battlefield() -> None:
    match = scenario({"hand": ["bramble_cub"], "battlefield": ["wildwood"]}, {})
    cast(match, "bramble_cub")
    resolve(match)
    assert obj(match, "bramble_cub").zone == BATTLEFIELD


def test_110_5_status_tapped_and_110_5c_kept_until_changed() -> None:
    match = scenario(
        {"battlefield": ["ashrunner_hound"]},
        {"hand": ["kindle_bolt"], "battlefield": ["cinderpeak"]},
    )
    while decision(match).kind == "priority":
        match.apply(decision(match).player, ("pass",))
    match.apply(0, ("attack", uid(match, "ashrunner_hound"), 1))
    hound = obj(match, "ashrunner_hound")
    assert hound.tapped
    pass_until(match, "upkeep", active=1)
    assert hound.tapped  # only its controller's untap step untaps it


def test_110_5b_permanents_enter_untapped() -> None:
    match = scenario({"hand": ["bramble_cub"], "battlefield": ["wildwood"]}, {})
    cast(match, "bramble_cub")
    resolve(match)
    assert not obj(match, "bramble_cub").tapped


def test_110_5d_only_permanents_have_status() -> None:
    match = scenario(
        {
            "battlefield": [{"card": "bramble_cub", "tapped": True}, "cinderpeak"],
            "hand": ["kindle_bolt"],
        },
        {},
    )
    cast(match, "kindle_bolt", target="bramble_cub")
    resolve(match)
    card = obj(match, "bramble_cub", "graveyard")
    assert card.zone == GRAVEYARD and not card.tapped


def test_111_1_and_111_3_a_token_is_made_by_an_effect_with_its_characteristics() -> None:
    match = scenario({"hand": ["choir_of_wings"], "battlefield": ["meadowland"] * 4}, {})
    cast(match, "choir_of_wings")
    resolve(match)
    spirit = objs(match, "spirit_token")[0]
    assert spirit.proto.token and spirit.proto.colors == "W"
    assert match.state.has(spirit, "flying") and match.state.power(spirit) == 1


def test_111_2_the_creator_owns_the_token() -> None:
    match = scenario({}, {"hand": ["choir_of_wings"], "battlefield": ["meadowland"] * 4}, active=1)
    cast(match, "choir_of_wings")
    resolve(match)
    assert {o.owner for o in objs(match, "spirit_token")} == {1}


def test_111_4_a_tokens_name_is_its_subtype_unless_named() -> None:
    for token_id in ("wolf_token", "zombie_token", "treasure", "food", "gold"):
        proto = protos()[token_id]
        assert proto.name == " ".join(proto.subtypes)


def test_111_6_a_token_is_a_permanent_like_any_other() -> None:
    match = scenario({"battlefield": ["bastion_drillmaster", "soldier_token"]}, {})
    assert match.state.power(obj(match, "soldier_token")) == 2


def test_111_7_a_token_off_the_battlefield_ceases_to_exist() -> None:
    match = scenario(
        {"hand": ["riptide_return"], "battlefield": ["seamere"] * 2},
        {"battlefield": ["wolf_token"]},
    )
    token = obj(match, "wolf_token")
    cast(match, "riptide_return", target="wolf_token")
    resolve(match)
    assert token.zone == "gone" and token not in player(match, 1).hand  # gone at the check
    assert token.uid not in match.state.objs


def test_111_8_a_token_that_left_cannot_move_again() -> None:
    match = scenario({"battlefield": ["wolf_token"]}, {})
    state = match.state
    token = obj(match, "wolf_token")
    assert state.move(token, GRAVEYARD)
    assert not state.move(token, HAND) and token.zone == GRAVEYARD
    assert not state.move(token, BATTLEFIELD)


def test_111_10a_treasure() -> None:
    match = scenario({"battlefield": ["treasure"], "hand": ["kindle_bolt"]}, {})
    match.apply(0, ("mana", uid(match, "treasure"), 0, "R"))
    assert not objs(match, "treasure") and player(match, 0).pool[3] == 1
    cast(match, "kindle_bolt", target="p1")
    resolve(match)
    assert player(match, 1).life == 18


def test_111_10b_food() -> None:
    match = scenario({"battlefield": ["food", "wildwood", "wildwood"], "life": 10}, {})
    activate(match, "food")
    resolve(match)
    assert player(match, 0).life == 13 and not objs(match, "food")


def test_111_10c_gold() -> None:
    match = scenario({"battlefield": ["gold", "meadowland"], "hand": ["lantern_warden"]}, {})
    match.apply(0, ("mana", uid(match, "gold"), 0, "W"))
    assert not objs(match, "gold") and player(match, 0).pool[0] == 1


def test_112_1_a_spell_is_a_card_on_the_stack() -> None:
    match = scenario(
        {"hand": ["kindle_bolt"], "battlefield": ["cinderpeak"]},
        {"hand": ["gale_refusal"], "battlefield": ["seamere"] * 3},
    )
    card = obj(match, "kindle_bolt", "hand")
    cast(match, "kindle_bolt", target="p1")
    assert card.zone == "stack" and match.state.stack[-1].card is card


def test_112_1a_a_copy_of_a_spell_is_a_spell() -> None:
    match = scenario(
        {
            "hand": ["kindle_bolt", "mirror_refrain"],
            "battlefield": ["cinderpeak", "seamere", "seamere", "seamere"],
        },
        {},
    )
    cast(match, "kindle_bolt", target="p1")
    cast(match, "mirror_refrain", target=match.state.stack[-1].uid)
    resolve(match)
    assert player(match, 1).life == 16
    assert [c.proto.id for c in player(match, 0).graveyard].count("kindle_bolt") == 1


def test_112_2_a_copys_owner_is_who_put_it_on_the_stack() -> None:
    match = scenario(
        {"hand": ["kindle_bolt", "kindle_bolt"], "battlefield": ["cinderpeak"] * 2},
        {"hand": ["mirror_refrain"], "battlefield": ["seamere"] * 3},
    )
    cast(match, "kindle_bolt", target="p1")
    bolt = match.state.stack[-1]
    until_priority(match, 1)
    match.apply(1, ("cast", uid(match, "mirror_refrain", "hand"), 0, bolt.uid))
    while any(i.proto.id == "mirror_refrain" for i in match.state.stack):
        match.apply(decision(match).player, ("pass",))
    (copy,) = [i for i in match.state.stack if i.copy]
    assert (copy.owner, copy.controller, bolt.owner) == (1, 1, 0)


def test_112_3_a_spell_has_its_cards_characteristics() -> None:
    match = scenario(
        {"hand": ["kindle_bolt"], "battlefield": ["cinderpeak"]},
        {"hand": ["gale_refusal"], "battlefield": ["seamere"] * 3},
    )
    cast(match, "kindle_bolt", target="p1")
    # The match's own card definitions (pinned per match; a test that edits the pool
    # rebuilds the module's cache, so compare with what this match was built from).
    printed = (match.state.card_protos or protos())["kindle_bolt"]
    assert match.state.stack[-1].proto is printed


def test_113_1a_keywords_are_abilities_of_the_object() -> None:
    match = scenario({"battlefield": ["nightsip_bat"]}, {})
    assert match.state.keywords(obj(match, "nightsip_bat")) == {"flying", "lifelink"}


def test_113_1c_activated_and_triggered_abilities_on_the_stack() -> None:
    test_109_1_an_ability_on_the_stack_is_an_object()


def test_113_2b_an_additional_cost_is_paid_as_the_spell_is_cast() -> None:
    match = scenario(
        {"hand": ["marrowprice_pact"], "battlefield": ["fenmire"] * 2},
        {"battlefield": ["ironbark_boar"]},
    )
    boar = uid(match, "ironbark_boar")
    assert ("cast", uid(match, "marrowprice_pact", "hand"), 0, boar) in legal(match)
    cast(match, "marrowprice_pact", target="ironbark_boar")
    texts = [e.text for e in match.events]
    paid = next(i for i, t in enumerate(texts) if "pays 3 life" in t)
    assert paid < next(i for i, t in enumerate(texts) if "is destroyed" in t)
    assert player(match, 0).life == 17
    resolve(match)
    assert not objs(match, "ironbark_boar")
    assert (
        "As an additional cost to cast this spell, pay 3 life." in protos()["marrowprice_pact"].text
    )


def test_113_2b_without_the_life_to_pay_the_spell_cannot_be_cast() -> None:
    match = scenario(
        {"hand": ["marrowprice_pact"], "battlefield": ["fenmire"] * 2, "life": 2},
        {"battlefield": ["ironbark_boar"]},
    )
    card = uid(match, "marrowprice_pact", "hand")
    assert not [a for a in legal(match) if a[0] == "cast"]
    before = match.state.view(0)
    with pytest.raises(IllegalAction):
        match.apply(0, ("cast", card, 0, uid(match, "ironbark_boar")))
    assert match.state.view(0) == before and player(match, 0).life == 2


def test_113_2b_an_additional_cost_is_paid_even_when_cast_without_the_mana_cost() -> None:
    match = scenario(
        {"hand": ["unbidden_muse", "marrowprice_pact"], "battlefield": ["seamere"] * 3},
        {"battlefield": ["ironbark_boar"]},
    )
    cast(match, "unbidden_muse")
    resolve(match)
    d = decision(match)
    assert d.kind == "free"
    match.apply(0, ("free", uid(match, "marrowprice_pact", "hand"), uid(match, "ironbark_boar")))
    assert player(match, 0).life == 17
    resolve(match)
    assert not objs(match, "ironbark_boar")


def test_113_2c_each_instance_works_on_its_own() -> None:
    match = scenario(
        {"battlefield": ["bastion_drillmaster", "bastion_drillmaster", "bramble_cub"]}, {}
    )
    cub = obj(match, "bramble_cub")
    assert (match.state.power(cub), match.state.toughness(cub)) == (3, 2)  # +1/+0 twice


def test_113_2d_one_shot_and_continuous_effects() -> None:
    match = scenario(
        {"hand": ["sudden_vigor"], "battlefield": ["wildwood", "bramble_cub"]},
        {"hand": ["kindle_bolt"], "battlefield": ["cinderpeak"]},
    )
    cast(match, "sudden_vigor", target="bramble_cub")
    resolve(match)
    cub = obj(match, "bramble_cub")
    assert match.state.power(cub) == 3  # Bramble Cub 1/2 gets +2/+2
    pass_until(match, "upkeep", active=1)
    assert match.state.power(cub) == 1  # until end of turn: gone in the cleanup step


def test_113_3a_spell_abilities() -> None:
    test_107_3h = scenario({"hand": ["glimmer_of_foresight"], "battlefield": ["seamere"] * 3}, {})
    cast(test_107_3h, "glimmer_of_foresight")
    resolve(test_107_3h)
    assert len(player(test_107_3h, 0).hand) == 2


def test_113_3b_activated_abilities_cost_then_effect() -> None:
    match = scenario({"battlefield": ["scrying_lens", "cinderpeak"]}, {})
    activate(match, "scrying_lens")
    assert not objs(match, "scrying_lens") and obj(match, "cinderpeak").tapped
    resolve(match)
    assert len(player(match, 0).hand) == 1


def test_113_3c_triggered_abilities() -> None:
    match = scenario({"hand": ["tidewright_savant"], "battlefield": ["seamere"] * 3}, {})
    cast(match, "tidewright_savant")
    resolve(match)
    resolve(match)
    assert len(player(match, 0).hand) == 1


def test_113_3d_static_abilities_only_from_the_battlefield() -> None:
    match = scenario({"hand": ["bastion_drillmaster"], "battlefield": ["bramble_cub"]}, {})
    assert match.state.power(obj(match, "bramble_cub")) == 1


def test_113_4_mana_abilities_skip_the_stack() -> None:
    test_106_3 = scenario({"battlefield": ["treasure"], "hand": ["kindle_bolt"]}, {})
    test_106_3.apply(0, ("mana", uid(test_106_3, "treasure"), 0, "U"))
    assert not test_106_3.state.stack


def test_113_6_abilities_work_from_the_battlefield_and_dies_looks_back() -> None:
    match = scenario(
        {"hand": ["kindle_bolt"], "battlefield": ["cinderpeak"]},
        {"battlefield": ["barrow_shambler"]},
    )
    obj(match, "barrow_shambler").damage = 1
    cast(match, "kindle_bolt", target="barrow_shambler")
    resolve(match)
    resolve(match)
    assert objs(match, "zombie_token") and objs(match, "zombie_token")[0].controller == 1


def test_113_7_the_source_of_an_ability() -> None:
    match = scenario(
        {"battlefield": ["spark_caller"] + ["cinderpeak"] * 2},
        {"hand": ["kindle_bolt"], "battlefield": ["cinderpeak"]},
    )
    activate(match, "spark_caller", x=1)
    assert match.state.stack[-1].source.uid == uid(match, "spark_caller")


def test_113_7a_an_ability_is_independent_of_its_source() -> None:
    match = scenario(
        {"battlefield": ["spark_caller"] + ["cinderpeak"] * 3},
        {"hand": ["kindle_bolt"], "battlefield": ["cinderpeak"]},
    )
    activate(match, "spark_caller", x=2)
    until_priority(match, 1)
    match.apply(1, ("cast", uid(match, "kindle_bolt", "hand"), 0, uid(match, "spark_caller")))
    resolve(match)
    assert not objs(match, "spark_caller")
    assert len(objs(match, "spark_token")) == 2


def test_113_8_controllers_of_abilities() -> None:
    match = scenario(
        {"hand": ["kindle_bolt"], "battlefield": ["cinderpeak"]},
        {"hand": ["gravecall_ghoul"], "battlefield": ["fenmire"] * 5 + ["scorchwing_whelp"]},
        active=1,
    )
    cast(match, "gravecall_ghoul")
    until_priority(match, 0)
    match.apply(0, ("pass",))  # the Ghoul resolves; its ability waits on the stack
    trigger = match.state.stack[-1]
    assert not trigger.is_spell and trigger.controller == 1  # its source's controller
    resolve(match)
    assert player(match, 0).life == 18 and player(match, 1).life == 20


def test_113_9_abilities_are_not_spells() -> None:
    test_109_2b_a_spell_means_one_on_the_stack()
    match = scenario(
        {"battlefield": ["scorchwing_whelp", "cinderpeak"]},
        {"hand": ["quiet_the_echo"], "battlefield": ["seamere"]},
    )
    activate(match, "scorchwing_whelp")
    ability = match.state.stack[-1]
    until_priority(match, 1)
    match.apply(1, ("cast", uid(match, "quiet_the_echo", "hand"), 0, ability.uid))
    resolve(match)
    assert match.state.power(obj(match, "scorchwing_whelp")) == 3


def test_113_10_effects_can_add_abilities() -> None:
    match = scenario(
        {"hand": ["thicket_ambush"], "battlefield": ["wildwood"] * 3 + ["bramble_cub"]}, {}
    )
    cast(match, "thicket_ambush", target="bramble_cub")
    resolve(match)
    assert {"reach", "deathtouch"} <= match.state.keywords(obj(match, "bramble_cub"))


def test_113_12_cant_block_is_a_quality_not_an_ability() -> None:
    match = scenario({"battlefield": ["ironclad_sentry"]}, {})
    sentry = obj(match, "ironclad_sentry")
    assert match.state.keywords(sentry) == set() and sentry.proto.cant_block


def test_112_1a_a_copy_stays_when_its_original_is_countered() -> None:
    match = scenario(
        {
            "hand": ["kindle_bolt", "mirror_refrain"],
            "battlefield": ["cinderpeak"] + ["seamere"] * 3,
        },
        {"hand": ["gale_refusal"], "battlefield": ["seamere"] * 3},
    )
    cast(match, "kindle_bolt", target="p1")
    bolt = match.state.stack[-1]
    cast(match, "mirror_refrain", target=bolt.uid)
    while any(i.proto.id == "mirror_refrain" for i in match.state.stack):
        match.apply(decision(match).player, ("pass",))  # Mirror Refrain resolves: a copy
    assert [i.copy for i in match.state.stack] == [False, True]
    until_priority(match, 1)
    match.apply(1, ("cast", uid(match, "gale_refusal", "hand"), 0, bolt.uid))
    resolve(match)
    assert player(match, 1).life == 18  # the copy still dealt its 2


def test_113_8_a_spell_stops_when_its_controller_leaves() -> None:
    match = scenario(
        {"hand": ["toll_of_the_barrow"], "battlefield": ["fenmire"] * 2},
        {"battlefield": ["bramble_cub", "gravemaw_rat"]},
        {"battlefield": ["lantern_warden"]},
        {},
    )
    cast(match, "toll_of_the_barrow")
    resolve(match)
    assert decision(match).kind == "sacrifice"
    match.resign(0)
    assert not match.over and len(objs(match, "bramble_cub") + objs(match, "gravemaw_rat")) == 2
    assert match.state.active == 1


def _reach_after(first: str, second: str) -> bool:
    match = scenario(
        {
            "hand": ["skyward_growth", "grounding_squall"],
            "battlefield": ["elderoak_colossus", "wildwood", "wildwood", "wildwood", "seamere"],
        },
        {},
    )
    for card_id in (first, second):
        cast(match, card_id, target="elderoak_colossus")
        resolve(match)
    return match.state.has(obj(match, "elderoak_colossus"), "reach")


def test_113_10b_removing_an_ability_removes_every_instance() -> None:
    # printed reach plus reach from Skyward Growth: Grounding Squall takes both
    assert not _reach_after("skyward_growth", "grounding_squall")


def test_113_10c_the_most_recent_add_or_remove_prevails() -> None:
    assert _reach_after("grounding_squall", "skyward_growth")


def test_101_2a_adding_and_removing_abilities_go_by_time_not_by_cant() -> None:
    assert _reach_after("grounding_squall", "skyward_growth")
    assert not _reach_after("skyward_growth", "grounding_squall")


def test_113_10_a_static_ability_dates_from_its_permanent() -> None:
    match = scenario({"battlefield": ["forgeheart_brute"]}, {})
    state = match.state
    brute = obj(match, "forgeheart_brute")
    brute.pumps.append((0, 0, frozenset(), frozenset({"trample"}), state.new_stamp()))
    assert not state.has(brute, "trample")
    state.enter_battlefield(state.new_obj(protos()["moonlit_packleader"], 0, "gone"), 0)
    assert state.has(brute, "trample")  # the newer static ability prevails


def _jackal_acts(match, seat: int = 0) -> list:
    jackals = {o.uid for o in objs(match, "cairnbound_jackal", "graveyard")}
    jackals |= {o.uid for o in objs(match, "cairnbound_jackal")}
    return [a for a in legal(match, seat) if a[0] == "act" and a[1] in jackals]


def test_113_6k_an_ability_that_moves_its_card_out_of_the_graveyard_works_only_there() -> None:
    match = scenario({"battlefield": ["fenmire"] * 3 + ["cairnbound_jackal"], "graveyard": []}, {})
    assert not _jackal_acts(match)  # on the battlefield the ability does nothing
    match = scenario({"battlefield": ["fenmire"] * 3, "graveyard": ["cairnbound_jackal"]}, {})
    acts = _jackal_acts(match)
    assert len(acts) == 1
    match.apply(0, acts[0])
    assert match.state.stack or objs(match, "cairnbound_jackal", "hand")
    resolve(match)
    assert objs(match, "cairnbound_jackal", "hand")
    assert not objs(match, "cairnbound_jackal", "graveyard")
    assert sum(o.tapped for o in objs(match, "fenmire")) == 3  # {2}{B} was paid


def test_113_6k_a_sorcery_speed_graveyard_ability_waits_for_its_owners_main_phase() -> None:
    match = scenario(
        {
            "hand": ["kindle_bolt"],
            "battlefield": ["fenmire"] * 3 + ["cinderpeak"],
            "graveyard": ["cairnbound_jackal"],
        },
        {"hand": ["kindle_bolt"], "battlefield": ["cinderpeak"]},
        active=1,
    )
    cast(match, "kindle_bolt", target="p0", seat=1)
    d = decision(match)
    assert d.player == 0 and match.state.stack  # Ann may respond with her bolt ...
    assert any(a[0] == "cast" for a in d.actions)
    assert not _jackal_acts(match)  # ... but not with the sorcery-speed graveyard ability
    assert "Activate only as a sorcery." in protos()["cairnbound_jackal"].text


def test_113_7a_a_graveyard_ability_does_nothing_once_its_card_has_left() -> None:
    match = scenario(
        {"battlefield": ["fenmire"] * 3, "graveyard": ["cairnbound_jackal"]},
        {"hand": ["kindle_bolt"], "battlefield": ["cinderpeak"]},
    )
    match.apply(0, _jackal_acts(match)[0])
    until_priority(match, 1)  # Ann first (117.3c), then Bob, who could respond
    assert match.state.stack and decision(match).player == 1
    jackal = obj(match, "cairnbound_jackal", "graveyard")
    match.state.move(jackal, "exile")  # as if exiled in response
    resolve(match)
    assert jackal.zone == "exile" and not objs(match, "cairnbound_jackal", "hand")


def test_110_4_four_permanent_types_in_play_and_no_planeswalker_card_exists() -> None:
    """110.4 names five permanent types; ours has four of them in its cards and no
    planeswalker (ruling R22): the card schema refuses that type, so none can appear."""
    from pydantic import ValidationError

    from cards.magic_core.schema import Card

    permanent_types = {"artifact", "creature", "enchantment", "land"}
    used = {t for p in protos().values() if p.is_permanent for t in p.card_types}
    assert used == permanent_types
    with pytest.raises(ValidationError):
        Card.model_validate({"id": "walker", "name": "Walker", "types": ["planeswalker"]})


def test_113_6c_a_cost_changing_ability_works_as_the_spell_is_cast_not_from_the_hand() -> None:
    """113.6c: Marrowprice Pact's additional cost ("pay 3 life") functions on the stack,
    as the spell is cast; in the hand it does nothing."""
    match = scenario(
        {"hand": ["marrowprice_pact"], "battlefield": ["fenmire"] * 2},
        {"battlefield": ["ironbark_boar"]},
    )
    assert player(match, 0).life == 20  # held in hand: no cost is paid, no effect
    cast(match, "marrowprice_pact", target="ironbark_boar")
    assert player(match, 0).life == 17 and any("pays 3 life" in e.text for e in match.events)


def test_targets_list_opponents_first_in_turn_order_then_the_chooser() -> None:
    # 115-style "target any" (kindle_bolt); opponents first, in turn order from
    # the chooser, then the chooser; players before creatures, each side's creatures grouped
    match = scenario(
        {"hand": ["kindle_bolt"], "battlefield": ["cinderpeak", "ashrunner_hound"]},
        {"battlefield": ["ashrunner_hound"]},
        {"battlefield": ["ashrunner_hound"]},
    )
    offered = [a[3] for a in legal(match) if a[0] == "cast"]
    hounds = {o.controller: o.uid for o in objs(match, "ashrunner_hound")}
    assert offered == ["p1", "p2", "p0", hounds[1], hounds[2], hounds[0]]


def test_the_board_lists_creatures_then_other_permanents_then_lands() -> None:
    # 110.4 (permanent types); lands were mixed among creatures in play order.
    # Each group keeps the order it came into play, and labels number cards by this order.
    match = scenario(
        {
            "battlefield": [
                "wildwood",
                "ashrunner_hound",
                "treasure",
                "cinderpeak",
                "wallguard_of_ithren",
            ]
        },
        {},
    )
    board = match.view(0).seats[0].zones["board"].cards
    assert [c.card_id for c in board] == [
        "ashrunner_hound",
        "wallguard_of_ithren",
        "treasure",
        "wildwood",
        "cinderpeak",
    ]
