"""Rules 105 (colours), 106 (mana) and 107 (numbers, X, symbols)."""

import pytest

from engine.core.events import Damaged
from engine.rulesets.magic_core.cards import parse_cost, protos
from engine.rulesets.magic_core.effects import add_mana
from tests.rules.magic_core.conftest import (
    activate,
    cast,
    decision,
    legal,
    obj,
    objs,
    pass_until,
    player,
    resolve,
    scenario,
    uid,
)


def casts(match, card_id: str, seat: int = 0) -> list:
    ids = {c.uid for c in player(match, seat).hand if c.proto.id == card_id}
    return [a for a in legal(match, seat) if a[0] == "cast" and a[1] in ids]


def test_105_1_five_colours_in_wubrg_order() -> None:
    colours = {c for p in protos().values() for c in p.colors}
    assert colours == set("WUBRG")
    assert protos()["stalemate_accord"].colors == "WU"


def test_105_2_colours_come_from_the_mana_cost() -> None:
    assert protos()["kindle_bolt"].colors == "R"  # 105.2a monocoloured


def test_105_2a_monocoloured() -> None:
    assert len(protos()["lantern_warden"].colors) == 1


def test_105_2b_multicoloured() -> None:
    assert len(protos()["stalemate_accord"].colors) == 2
    assert protos()["shoalbright_herald"].colors == "WU"  # a hybrid symbol is both (107.4e)


def test_105_2c_colourless() -> None:
    assert protos()["wayfarers_compass"].colors == "" and protos()["cinderpeak"].colors == ""


def test_105_4_choosing_a_colour_means_one_of_the_five() -> None:
    match = scenario({"battlefield": ["treasure"], "hand": ["kindle_bolt"]}, {})
    colours = sorted(a[3] for a in legal(match) if a[0] == "mana")
    assert colours == sorted("WUBRG")


def test_106_1_mana_comes_in_five_colours_and_colourless() -> None:
    match = scenario({"battlefield": ["hollow_barrens", "cinderpeak"]}, {})
    assert match.state.available(0) == [0, 0, 0, 1, 0, 1]


def test_106_1a_coloured_mana_pays_coloured_costs() -> None:
    match = scenario({"hand": ["kindle_bolt"], "battlefield": ["meadowland"]}, {})
    assert casts(match, "kindle_bolt") == []


def test_106_1b_colourless_is_a_sixth_type() -> None:
    match = scenario({"hand": ["hollowstone_golem"], "battlefield": ["cinderpeak"] * 4}, {})
    assert casts(match, "hollowstone_golem") == []
    match = scenario(
        {"hand": ["hollowstone_golem"], "battlefield": ["cinderpeak"] * 3 + ["hollow_barrens"]}, {}
    )
    assert casts(match, "hollowstone_golem")


def test_106_3_mana_abilities_make_mana() -> None:
    match = scenario({"battlefield": ["treasure"], "hand": ["kindle_bolt"]}, {})
    match.apply(0, ("mana", uid(match, "treasure"), 0, "R"))
    assert player(match, 0).pool == [0, 0, 0, 1, 0, 0]
    assert not match.state.stack  # 605: no stack


def test_106_4_the_pool_empties_at_the_end_of_each_step() -> None:
    match = scenario(
        {"hand": ["blazing_offering", "kindle_bolt"], "battlefield": ["cinderpeak"]},
        {},
        step="upkeep",
    )
    cast(match, "blazing_offering")
    resolve(match)
    assert player(match, 0).pool[3] == 2
    while match.state.step == 1:
        match.apply(decision(match).player, ("pass",))
    assert player(match, 0).pool == [0] * 6


def test_106_5_undefined_mana_makes_nothing() -> None:
    match = scenario({}, {})
    add_mana(match.state, 0, "?")
    assert player(match, 0).pool == [0] * 6


def _idol_mana(match) -> None:
    idol = uid(match, "thornroot_idol")
    match.apply(0, next(a for a in legal(match) if a[0] == "mana" and a[1] == idol))


def test_106_6_restricted_mana_pays_only_for_what_it_says() -> None:
    match = scenario(
        {"hand": ["sudden_vigor", "bramble_cub"], "battlefield": ["thornroot_idol"]},
        {"battlefield": ["loamkeeper"]},
    )
    _idol_mana(match)
    assert player(match, 0).creature_pool[4] == 2 and not any(player(match, 0).pool)
    assert casts(match, "bramble_cub")  # a creature spell: the {G}{G} pays for it
    assert not casts(match, "sudden_vigor")  # an instant: it cannot
    assert "creature spells only" in match.view(0).notes["pool"]
    cast(match, "bramble_cub")
    resolve(match)
    assert obj(match, "bramble_cub") and player(match, 0).creature_pool[4] == 1
    step = match.state.step
    while match.state.step == step:  # Ann, holding a card, is asked: she passes
        match.apply(decision(match).player, ("pass",))
    assert not any(player(match, 0).creature_pool)  # 106.4: it empties with the step


def test_106_6_creature_only_mana_is_spent_first_and_empties_with_the_step() -> None:
    match = scenario(
        {"hand": ["bramble_cub", "kindle_bolt"], "battlefield": ["thornroot_idol", "wildwood"]},
        {},
    )
    _idol_mana(match)
    cast(match, "bramble_cub")
    assert not obj(match, "wildwood").tapped  # R5: the restricted mana went first
    match = scenario({"hand": ["bramble_cub"], "battlefield": ["thornroot_idol"]}, {})
    _idol_mana(match)
    match.apply(0, ("pass",))
    assert not any(player(match, 0).creature_pool)  # 106.4: emptied with the pool


def test_106_12_tapping_for_mana_is_a_mana_ability() -> None:
    match = scenario({"battlefield": ["wayfarers_compass"], "hand": ["scrying_lens"]}, {})
    match.apply(0, ("mana", uid(match, "wayfarers_compass"), 0, "C"))
    assert obj(match, "wayfarers_compass").tapped and player(match, 0).pool[5] == 1


@pytest.mark.parametrize(("x", "each"), [(3, 1), (4, 2), (1, 0)])
def test_107_1a_a_fraction_is_rounded_the_way_the_card_says(x: int, each: int) -> None:
    match = scenario(
        {"hand": ["splitting_cinders"], "battlefield": ["cinderpeak"] * 6},
        {"battlefield": ["elderoak_colossus"]},
        {},
    )
    cast(match, "splitting_cinders", x=x, target="elderoak_colossus")
    resolve(match)
    hits = [(e.target, e.amount) for e in match.events if isinstance(e, Damaged)]
    assert hits[0] == ("Elderoak Colossus", x)
    assert [player(match, s).life for s in (1, 2)] == [20 - each, 20 - each]  # half X, down
    assert "half X (rounded down)" in protos()["splitting_cinders"].text


def test_107_1b_no_negative_choices_and_zero_power_deals_nothing() -> None:
    match = scenario({"hand": ["seedling_hydra"], "battlefield": ["wildwood"] * 3}, {})
    xs = sorted({a[2] for a in casts(match, "seedling_hydra")})
    assert xs == [0, 1, 2]
    match = scenario({"battlefield": ["wallguard_of_ithren"]}, {"battlefield": ["ashrunner_hound"]})
    assert all(a[0] != "attack" for a in legal(match))  # defender, and 0 power


def test_107_1c_any_number_includes_zero() -> None:
    # Seedling Hydra with X = 0 is a 1/1: zero is a choice
    match = scenario({"hand": ["seedling_hydra"], "battlefield": ["wildwood"]}, {})
    assert [a[2] for a in casts(match, "seedling_hydra")] == [0]


def test_r13_wildfire_lance_offers_x_0_to_4_with_x_0_last() -> None:
    """R13 (completes magic-core-rules-100-113.md:300, 107.3a "the controller announces
    the value of X"; 107.1b bars only negative choices): with 5 Cinderpeaks, Wildfire
    Lance ({X}{R}) is offered X = 0 to 4, as the rules allow. X = 0 deals no damage, so it
    is kept out of the way: it is listed after every other cast and ability, just before
    passing."""
    match = scenario({"hand": ["wildfire_lance"], "battlefield": ["cinderpeak"] * 5}, {})
    lance = casts(match, "wildfire_lance")
    assert sorted({a[2] for a in lance}) == [0, 1, 2, 3, 4]
    options = legal(match)
    first_pass = options.index(("pass",))
    zero = [i for i, a in enumerate(options) if a in lance and a[2] == 0]
    assert zero and min(zero) > max(i for i, a in enumerate(options) if a in lance and a[2])
    assert all(options[i][0] == "cast" and options[i][2] == 0 for i in range(min(zero), first_pass))
    cast(match, "wildfire_lance", x=0, target="p1")
    resolve(match)
    assert (
        player(match, 1).life == 20 and player(match, 0).graveyard[0].proto.id == "wildfire_lance"
    )


def test_r13_x_0_is_offered_for_every_x_spell_and_listed_after_the_others() -> None:
    """R13: Rally the Hamlet with four Meadowlands and a Cinderpeak offers X = 0 to 3,
    with 0 after the other casts (a Kindle Bolt in hand comes before it); Deep Reckoning
    with two Seamere is offered at X = 0 (107.3a lets the controller announce 0: the spell
    is cast and draws nothing)."""
    match = scenario(
        {
            "hand": ["rally_the_hamlet", "kindle_bolt"],
            "battlefield": ["meadowland"] * 4 + ["cinderpeak"],
        },
        {},
    )
    options = [a for a in legal(match) if a[0] == "cast"]
    rally = casts(match, "rally_the_hamlet")
    assert sorted(a[2] for a in rally) == [0, 1, 2, 3]
    assert options[-1] == next(a for a in rally if a[2] == 0)
    match = scenario({"hand": ["deep_reckoning"], "battlefield": ["seamere"] * 2}, {})
    assert [a[2] for a in casts(match, "deep_reckoning")] == [0]


def test_107_2_an_undeterminable_number_is_zero() -> None:
    match = scenario({}, {})
    assert match.state.mana_value(match.state.new_obj(protos()["treasure"], 0, "gone")) == 0


def test_107_3_x_is_chosen_up_to_what_can_be_paid() -> None:
    match = scenario({"hand": ["seedling_hydra"], "battlefield": ["wildwood"] * 4}, {})
    assert sorted({a[2] for a in casts(match, "seedling_hydra")}) == [0, 1, 2, 3]
    # R13: from 0 also where X = 0 does nothing (Call of the Pack creates X Wolves)
    match = scenario({"hand": ["call_of_the_pack"], "battlefield": ["wildwood"] * 5}, {})
    assert sorted({a[2] for a in casts(match, "call_of_the_pack")}) == [0, 1, 2, 3]


def test_107_3a_announced_x_is_paid_and_fixed_on_the_stack() -> None:
    match = scenario(
        {"hand": ["wildfire_lance"], "battlefield": ["cinderpeak"] * 4},
        {"hand": ["kindle_bolt"], "battlefield": ["cinderpeak"]},
    )
    cast(match, "wildfire_lance", x=3, target="p1")
    item = match.state.stack[-1]
    assert item.x == 3 and all(o.tapped for o in match.state.battlefield if o.controller == 0)
    resolve(match)
    assert player(match, 1).life == 17


def test_107_3b_cast_without_paying_the_mana_cost_x_is_zero() -> None:
    match = scenario(
        {"hand": ["unbidden_muse", "deep_reckoning"], "battlefield": ["seamere"] * 3}, {}
    )
    cast(match, "unbidden_muse")
    resolve(match)
    d = decision(match)
    assert d.kind == "free"
    free = [a for a in d.actions if a[0] == "free"]
    assert free and all(len(a) == 3 for a in free)
    match.apply(0, free[0])
    resolve(match)
    assert any("casts Deep Reckoning (X=0)" in e.text for e in match.events)
    assert len(player(match, 0).hand) == 0  # drew X = 0 cards


def test_r14_a_free_cast_is_offered_for_any_card_in_hand_castable_or_not() -> None:
    """R14 (no tells): Unbidden Muse asks its caster whenever their hand holds a card,
    even one that cannot be cast for free (a creature here): the choice is asked, with
    "cast nothing" its only option, not taken silently, so the others do not learn that
    the hand holds no cheap instant or sorcery. With an empty hand (as everyone sees) the
    Muse resolves at once."""
    match = scenario({"hand": ["unbidden_muse", "bramble_cub"], "battlefield": ["seamere"] * 3}, {})
    cast(match, "unbidden_muse")
    resolve(match)
    d = decision(match)
    assert d.player == 0 and d.kind == "free"
    assert d.actions == [("decline",)]  # the creature is no free cast, yet Ann is asked
    assert match.decision_for(0) is d and not match.state.players[0].graveyard
    assert match.view(1).decisions and "Unbidden Muse" in repr(match.view(1))
    match.apply(0, ("decline",))
    assert [o.proto.id for o in player(match, 0).graveyard] == ["unbidden_muse"]
    assert [o.proto.id for o in player(match, 0).hand] == ["bramble_cub"]

    match = scenario({"hand": ["unbidden_muse"], "battlefield": ["seamere"] * 3}, {})
    cast(match, "unbidden_muse")
    resolve(match)
    assert [o.proto.id for o in player(match, 0).graveyard] == ["unbidden_muse"]
    assert not match.state.stack and decision(match).kind != "free"


def test_107_3c_x_defined_by_the_text_is_not_announced() -> None:
    match = scenario(
        {"hand": ["echoing_howl"], "battlefield": ["wildwood"] * 4 + ["bramble_cub", "loamkeeper"]},
        {},
    )
    assert [a[2] for a in casts(match, "echoing_howl")] == [2]
    cast(match, "echoing_howl", x=2)
    resolve(match)
    assert len([o for o in match.state.battlefield if o.proto.id == "wolf_token"]) == 2
    assert sum(1 for o in match.state.battlefield if o.tapped) == 3  # {X}{G} with X = 2


def test_107_3e_x_only_in_the_text_is_set_as_it_resolves() -> None:
    match = scenario(
        {
            "hand": ["grave_reckoner", "kindle_bolt", "ashfall_tempest"],
            "battlefield": ["fenmire"] * 3,
        },
        {},
    )
    cast(match, "grave_reckoner", target="p1")
    resolve(match)
    assert player(match, 1).life == 18  # two cards left in hand as it resolved


def test_107_3f_x_is_zero_outside_the_stack() -> None:
    match = scenario({"hand": ["deep_reckoning"]}, {})
    card = obj(match, "deep_reckoning", "hand")
    assert match.state.mana_value(card) == 2
    assert match.view(0).seats[0].zones["hand"].cards[0].cost == 2


def test_107_3g_x_in_a_spell_on_the_stack_is_the_announced_value() -> None:
    match = scenario(
        {"hand": ["deep_reckoning"], "battlefield": ["seamere"] * 5},
        {"hand": ["gale_refusal"], "battlefield": ["seamere"] * 3},
    )
    cast(match, "deep_reckoning", x=3)
    assert match.state.mana_value(match.state.stack[-1]) == 5
    assert match.view(None).table["stack"].cards[0].cost == 5


def test_107_3h_every_x_of_an_object_has_the_same_value() -> None:
    match = scenario({"hand": ["drain_the_veins"], "battlefield": ["fenmire"] * 5}, {})
    cast(match, "drain_the_veins", x=3, target="p1")
    resolve(match)
    assert (player(match, 0).life, player(match, 1).life) == (23, 17)


def test_107_3j_an_activated_abilitys_x_is_its_own() -> None:
    match = scenario({"battlefield": ["spark_caller"] + ["cinderpeak"] * 3}, {})
    activate(match, "spark_caller", x=2)
    resolve(match)
    assert len([o for o in match.state.battlefield if o.proto.id == "spark_token"]) == 2
    assert match.state.mana_value(obj(match, "spark_caller")) == 3


def test_107_3k_x_of_the_spell_reaches_its_enters_ability() -> None:
    match = scenario({"hand": ["seedling_hydra"], "battlefield": ["wildwood"] * 4}, {})
    cast(match, "seedling_hydra", x=3)
    resolve(match)
    resolve(match)
    hydra = obj(match, "seedling_hydra")
    assert hydra.counters == 3 and match.state.power(hydra) == 4
    assert match.state.mana_value(hydra) == 1


def test_107_4a_coloured_symbols_need_their_colour() -> None:
    match = scenario(
        {"hand": ["rite_of_unmaking"], "battlefield": ["cinderpeak", "cinderpeak", "cinderpeak"]},
        {"battlefield": ["bramble_cub"]},
    )
    assert casts(match, "rite_of_unmaking") == []  # {1}{B}: three mana, none of it black


def test_107_4b_generic_mana_is_paid_with_any_type() -> None:
    match = scenario(
        {"hand": ["rite_of_unmaking"], "battlefield": ["fenmire", "hollow_barrens"]},
        {"battlefield": ["bramble_cub"]},
    )
    cast(match, "rite_of_unmaking", target="bramble_cub")  # {1}{B}: the {1} from colourless
    assert all(o.tapped for o in match.state.battlefield if o.proto.is_land)


def test_107_4c_colourless_symbol_needs_colourless_mana() -> None:
    test_106_1b_colourless_is_a_sixth_type()


@pytest.mark.parametrize("land", ["meadowland", "seamere"])
def test_107_4e_a_hybrid_symbol_is_paid_with_either_colour(land: str) -> None:
    match = scenario({"hand": ["shoalbright_herald"], "battlefield": [land] * 2}, {})
    assert casts(match, "shoalbright_herald")
    cast(match, "shoalbright_herald")
    resolve(match)
    assert obj(match, "shoalbright_herald").zone == "battlefield"


def test_107_4e_a_hybrid_symbol_needs_one_of_its_colours() -> None:
    match = scenario({"hand": ["shoalbright_herald"], "battlefield": ["fenmire"] * 3}, {})
    assert not casts(match, "shoalbright_herald")  # {1}{W/U}: black mana pays only the {1}


def test_107_4e_the_auto_tapper_pays_hybrid_with_the_colour_it_has_more_of() -> None:
    # R5: the hybrid symbol takes the colour with more mana available, keeping the rarer
    match = scenario(
        {"hand": ["shoalbright_herald"], "battlefield": ["meadowland"] + ["seamere"] * 3}, {}
    )
    cast(match, "shoalbright_herald")
    assert not obj(match, "meadowland").tapped
    assert sum(o.tapped for o in objs(match, "seamere")) == 2


def test_107_4e_a_hybrid_card_is_both_colours_and_counts_one_per_symbol() -> None:
    herald = protos()["shoalbright_herald"]
    assert herald.colors == "WU" and herald.mana_value == 2  # 105.2b: multicoloured
    assert parse_cost("{1}{W/U}")[8] == ((0, 1),)


def test_107_4d_zero_costs_nothing() -> None:
    assert parse_cost("{0}") == (0,) * 8 + ((),)
    match = scenario({"battlefield": ["gold"], "hand": ["kindle_bolt"]}, {})
    assert [a for a in legal(match) if a[0] == "mana"]


def test_107_5_tap_symbol_and_summoning_sickness() -> None:
    match = scenario(
        {"battlefield": [{"card": "spark_caller", "fresh": True}, "cinderpeak", "cinderpeak"]}, {}
    )
    assert not [a for a in legal(match) if a[0] == "act"]
    match = scenario(
        {"battlefield": [{"card": "spark_caller", "tapped": True}, "cinderpeak", "cinderpeak"]},
        {"hand": ["kindle_bolt"]},
    )
    assert not [a for a in legal(match) if a[0] == "act"]


def test_107_5_an_untapped_creature_under_control_since_the_turn_began_taps() -> None:
    match = scenario(
        {"battlefield": ["spark_caller", "cinderpeak", "cinderpeak"]},
        {"hand": ["kindle_bolt"], "battlefield": ["cinderpeak"]},
    )
    acts = [a for a in legal(match) if a[0] == "act" and a[1] == uid(match, "spark_caller")]
    assert acts
    match.apply(0, acts[0])
    assert obj(match, "spark_caller").tapped
    assert not [a for a in legal(match, 0) if a[0] == "act" and a[1] == acts[0][1]]


def test_107_5_summoning_sickness_is_for_creatures_only() -> None:
    match = scenario({"battlefield": [{"card": "wayfarers_compass", "fresh": True}]}, {})
    # a new artifact taps at once
    assert any(a[0] == "mana" for a in match.state.priority_actions(0))


def test_107_6_untap_symbol_needs_a_tapped_permanent() -> None:
    match = scenario({"battlefield": ["tidewheel_golem", "seamere"]}, {})
    assert not [a for a in legal(match) if a[0] == "act"]
    match = scenario({"battlefield": [{"card": "tidewheel_golem", "tapped": True}, "seamere"]}, {})
    activate(match, "tidewheel_golem")
    assert not obj(match, "tidewheel_golem").tapped
    match = scenario(
        {"battlefield": [{"card": "tidewheel_golem", "tapped": True, "fresh": True}, "seamere"]}, {}
    )
    assert not [a for a in legal(match, 0) if a[0] == "act"]


def test_107_13_a_tokens_colour_is_set_by_its_definition() -> None:
    assert protos()["spirit_token"].colors == "W" and protos()["treasure"].colors == ""


def test_auto_tapper_keeps_the_rarer_colour() -> None:
    match = scenario(
        {
            "hand": ["forgeheart_brute", "kindle_bolt"],
            "battlefield": ["cinderpeak"] * 2 + ["fenmire"] * 3,
        },
        {},
    )
    cast(match, "forgeheart_brute")
    untapped = [o.proto.id for o in match.state.battlefield if o.proto.is_land and not o.tapped]
    assert untapped == ["cinderpeak"]


def test_pool_mana_is_spent_before_lands() -> None:
    match = scenario({"hand": ["kindle_bolt"], "battlefield": ["cinderpeak"], "pool": "R"}, {})
    cast(match, "kindle_bolt", target="p1")
    assert not obj(match, "cinderpeak").tapped and player(match, 0).pool == [0] * 6


def test_pass_until_helper_reaches_end_step() -> None:
    match = scenario({"hand": ["kindle_bolt"], "battlefield": ["cinderpeak"]}, {})
    pass_until(match, "end")
    assert match.state.step == 11


def test_107_3e_x_only_in_the_text_is_chosen_as_it_resolves() -> None:
    match = scenario(
        {"hand": ["tidal_bargain", "kindle_bolt"], "battlefield": ["seamere"] * 2},
        {"hand": ["gale_refusal"], "battlefield": ["seamere"] * 3},
    )
    cast(match, "tidal_bargain")
    assert match.state.stack[-1].x == 0  # nothing announced on casting
    resolve(match)
    d = decision(match)
    assert d.kind == "x" and d.player == 0 and d.actions == [("x", n) for n in range(4)]
    match.apply(0, ("x", 2))
    d = decision(match)
    assert d.kind == "discard" and d.min_picks == 2  # the same X all through (107.3h)
    match.apply(0, tuple(d.actions[:2]))
    assert len(player(match, 0).hand) == 1  # Kindle Bolt + 2 drawn - 2 discarded


def test_r13_the_agents_do_not_cast_x_0_for_nothing() -> None:
    """R13: with one Cinderpeak, Wildfire Lance is offered only at X = 0, which deals no
    damage, beside Kindle Bolt. A spell on the stack counts for its controller in the
    agents' evaluation, but one that will do nothing does not: the greedy agent casts
    Kindle Bolt at the opponent, not the Lance for nothing, and with Kindle Bolt gone it
    passes."""
    from engine.agents import GreedyAgent

    ann = {"hand": ["wildfire_lance", "kindle_bolt"], "battlefield": ["cinderpeak"]}
    bob = {"hand": ["kindle_bolt"], "battlefield": ["cinderpeak"]}
    match = scenario(ann, bob)
    assert [a[2] for a in casts(match, "wildfire_lance")] == [0, 0]
    choice = GreedyAgent(0).choose(match, decision(match))
    assert choice[:2] == ("cast", uid(match, "kindle_bolt", "hand"))
    match = scenario({**ann, "hand": ["wildfire_lance", "seedling_hydra"]}, bob)
    assert GreedyAgent(0).choose(match, decision(match))[0] == "pass"
