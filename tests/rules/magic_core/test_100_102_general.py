"""Rules 100-102: decks, the golden rules, players."""

import pytest

from engine.core.errors import DeckError, IllegalAction, OptionError
from engine.core.match import new_match
from engine.rulesets.magic_core.ruleset import RULESET
from tests.rules.magic_core.conftest import (
    NAMES,
    activate,
    cast,
    decision,
    deck,
    legal,
    obj,
    pass_until,
    player,
    resolve,
    scenario,
    uid,
)


def test_100_1_two_three_and_four_players_play() -> None:
    for n in (2, 3, 4):
        match = new_match("magic-core", list(NAMES[:n]), [deck("ember_blitz")] * n, 5)
        assert len(match.view(None).seats) == n
    with pytest.raises(IllegalAction):
        new_match("magic-core", ["a"] * 5, [deck("ember_blitz")] * 5, 5)


def test_100_1a_two_player_game_has_one_opponent() -> None:
    match = scenario({}, {})
    assert match.state.opponents(0) == [1]


def test_100_1b_multiplayer_game_has_many_opponents() -> None:
    match = scenario({}, {}, {}, {})
    assert match.state.opponents(0) == [1, 2, 3]


def test_100_2a_deck_rules_name_every_violation() -> None:
    bad = ["kindle_bolt"] * 5 + ["nonsense_card"] + ["treasure"] + ["cinderpeak"] * 30
    problems = RULESET.validate_deck(bad)
    text = " | ".join(problems)
    assert "at least 60" in text
    assert "Kindle Bolt has 5" in text
    assert "nonsense_card" in text
    assert "tokens are not cards" in text
    with pytest.raises(DeckError) as err:
        new_match("magic-core", ["a", "b"], [bad, deck("tide_mind")], 1)
    assert len(err.value.problems) == len(problems)


def test_100_2a_basic_lands_are_not_limited_to_four() -> None:
    assert RULESET.validate_deck(["cinderpeak"] * 56 + ["kindle_bolt"] * 4) == []
    assert RULESET.validate_deck(["hollow_barrens"] * 56 + ["kindle_bolt"] * 4) != []


def test_100_5_sixty_minimum_and_no_maximum() -> None:
    assert RULESET.validate_deck(deck("ember_blitz")[:59]) != []
    assert RULESET.validate_deck(deck("ember_blitz") + ["cinderpeak"] * 40) == []


def test_100_6a_best_of_three_match() -> None:
    match = new_match("magic-core", ["a", "b"], [deck("tide_mind")] * 2, 3, {"best_of": 3})
    assert match.state.series.best_of == 3
    with pytest.raises(OptionError, match="best_of"):
        new_match("magic-core", ["a", "b"], [deck("tide_mind")] * 2, 3, {"best_of": 2})


def test_101_1_card_text_overrides_a_rule() -> None:
    """Haste overrides summoning sickness (302.6)."""
    match = scenario(
        {
            "hand": ["ashrunner_hound", "lantern_warden"],
            "battlefield": ["cinderpeak"] * 2 + ["meadowland"] * 2,
        }
    )
    cast(match, "ashrunner_hound")
    resolve(match)
    cast(match, "lantern_warden")
    resolve(match)
    pass_until(match, "declare attackers") if decision(match).kind != "attackers" else None
    attackers = {a[1] for a in legal(match) if a[0] == "attack"}
    assert attackers == {uid(match, "ashrunner_hound")}


def test_101_2_cant_beats_can_life_gain() -> None:
    match = scenario(
        {"hand": ["mending_light"], "battlefield": ["meadowland"] * 2},
        {"battlefield": ["withering_pall"]},
    )
    cast(match, "mending_light")
    resolve(match)
    assert player(match, 0).life == 20
    assert any("can't gain life" in e.text for e in match.events)


def test_101_2_cant_block_beats_block() -> None:
    match = scenario({"battlefield": ["ashrunner_hound"]}, {"battlefield": ["ironclad_sentry"]})
    pass_until(match, "declare attackers") if decision(match).kind != "attackers" else None
    match.apply(0, ("attack", uid(match, "ashrunner_hound"), 1))  # the only choice: done
    # nobody has anything else to do: the game runs on by itself past combat damage
    assert not any("blocks" in e.text for e in match.events)
    assert player(match, 1).life == 18


def test_101_3_impossible_parts_are_ignored() -> None:
    match = scenario(
        {"hand": ["mindrot_whisper", "toll_of_the_barrow"], "battlefield": ["fenmire"] * 4},
        {"hand": ["kindle_bolt"]},
    )
    cast(match, "mindrot_whisper", target="p1")
    resolve(match)
    assert player(match, 1).hand == []  # one of two cards discarded, the rest ignored
    assert [c.proto.id for c in player(match, 1).graveyard] == ["kindle_bolt"]
    cast(match, "toll_of_the_barrow")
    resolve(match)  # nothing to sacrifice: nothing happens, the spell still resolves
    assert obj(match, "toll_of_the_barrow", "graveyard")


def test_101_4_apnap_choices_in_turn_order_then_at_once() -> None:
    match = scenario(
        {"hand": ["toll_of_the_barrow"], "battlefield": ["fenmire"] * 2},
        {"battlefield": ["bramble_cub", "gravemaw_rat"]},
        {"battlefield": ["lantern_warden", "canopy_archer"]},
    )
    cast(match, "toll_of_the_barrow")
    resolve(match)
    first = decision(match)
    assert (first.kind, first.player) == ("sacrifice", 1)
    match.apply(1, ("card", uid(match, "gravemaw_rat")))
    second = decision(match)
    assert (second.kind, second.player) == ("sacrifice", 2)
    assert obj(match, "gravemaw_rat")  # not yet: the sacrifices happen together
    assert "Gravemaw Rat" in second.prompt  # 101.4b: the earlier choice is known
    match.apply(2, ("card", uid(match, "canopy_archer")))
    assert not [
        o for o in match.state.battlefield if o.proto.id in ("gravemaw_rat", "canopy_archer")
    ]


def test_101_4a_hidden_choices_stay_hidden() -> None:
    match = scenario(
        {"hand": ["mindrot_whisper"], "battlefield": ["fenmire"] * 2},
        {"hand": ["kindle_bolt", "ashfall_tempest", "wildfire_lance"]},
    )
    cast(match, "mindrot_whisper", target="p1")
    resolve(match)
    d = decision(match)
    assert d.kind == "discard" and d.private and d.player == 1
    seen = match.view(0).decisions
    assert seen[0].options is None  # the caster does not see the choices


def test_101_4b_later_players_see_earlier_choices() -> None:
    test_101_4_apnap_choices_in_turn_order_then_at_once()


def test_101_4e_mulligans_start_with_the_starting_player() -> None:
    match = new_match("magic-core", list(NAMES[:3]), [deck("tide_mind")] * 3, 4)
    chooser = decision(match).player
    match.apply(chooser, ("starter", 2))
    assert decision(match).kind == "mulligan" and decision(match).player == 2


def test_102_1_active_player_is_whose_turn_it_is() -> None:
    match = scenario({}, {"hand": ["kindle_bolt"], "battlefield": ["cinderpeak"]}, active=1)
    assert match.view(None).active == 1
    assert decision(match).player == 1


def test_102_2_the_other_player_is_the_opponent() -> None:
    match = scenario({"hand": ["virulent_bite"], "battlefield": ["fenmire"]}, {})
    assert match.state.opponents(0) == [1]


def test_102_3_in_free_for_all_everyone_else_is_an_opponent() -> None:
    match = scenario({"hand": ["gravecall_ghoul"], "battlefield": ["fenmire"] * 5}, {}, {}, {})
    cast(match, "gravecall_ghoul")
    resolve(match)
    resolve(match)
    assert [player(match, s).life for s in range(4)] == [20, 18, 18, 18]


def test_activated_ability_needs_priority_to_act() -> None:
    match = scenario({"battlefield": ["scorchwing_whelp", "cinderpeak"]}, {})
    with pytest.raises(IllegalAction):
        activate_for = obj(match, "scorchwing_whelp")
        match.apply(1, ("act", activate_for.uid, 0, 0, None))
    activate(match, "scorchwing_whelp")
    resolve(match)


def test_101_4c_a_player_orders_their_own_simultaneous_abilities() -> None:
    match = scenario({"battlefield": ["blightspine_crawler", "gilded_raider"]}, {})
    while decision(match).kind == "attackers":
        d = decision(match)
        match.apply(
            0,
            next(a for a in d.actions if a[0] == "attack") if len(d.actions) > 1 else d.actions[0],
        )
    d = decision(match)
    assert d.kind == "order" and d.player == 0 and len(d.actions) == 2
    raider = next(a for a in d.actions if "Gilded Raider" in match.state.describe(a)[0])
    start = len(match.events)
    match.apply(0, raider)  # on the stack first, so it resolves last
    texts = [e.text for e in match.events[start:]]
    poison = next(i for i, t in enumerate(texts) if "poison" in t)
    gold = next(i for i, t in enumerate(texts) if "Gold" in t)
    assert poison < gold


def test_101_4c_two_copies_of_the_same_ability_need_no_order() -> None:
    match = scenario({"battlefield": ["blightspine_crawler", "blightspine_crawler"]}, {})
    while decision(match).kind == "attackers":
        d = decision(match)
        match.apply(0, next((a for a in d.actions if a[0] == "attack"), d.actions[-1]))
    assert player(match, 1).poison == 2
