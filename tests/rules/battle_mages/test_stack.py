"""The stack, priority and needless prompts: issue item 5, battle-mages.md:133-134, 148,
rulings B6 (timing), B10 (the stop setting), B11 (relics)."""

import pytest

from engine.core.errors import IllegalAction
from engine.rulesets.battle_mages.events import Resolved

from .conftest import (
    act,
    card,
    cast,
    decision,
    events_of,
    ids,
    legal,
    pass_,
    resolve_all,
    scenario,
    side,
    stack_labels,
    target,
    uid,
)


def test_the_stack_resolves_last_in_first_out():
    match = scenario({"hand": ["oakheart_vigor", "spark_bolt"]}, {"field": ["boulderkeep_golem"]})
    cast(match, "spark_bolt")
    target(match, "boulderkeep_golem")
    pass_(match)
    cast(match, "oakheart_vigor")
    target(match, "boulderkeep_golem")
    assert stack_labels(match) == ["Spark Bolt", "Oakheart Vigor"]
    resolve_all(match)
    order = [e.what for e in events_of(match, Resolved)]
    assert order == ["Oakheart Vigor", "Spark Bolt"]


def test_the_other_mage_reacts_first_and_both_must_pass_in_a_row():
    match = scenario(
        {"hand": ["spark_bolt"]}, {"field": ["boulderkeep_golem"], "hand": ["aegis_ward"]}
    )
    cast(match, "spark_bolt")
    target(match, "boulderkeep_golem")
    assert decision(match).player == 1
    cast(match, "aegis_ward")
    target(match, "boulderkeep_golem")
    assert decision(match).player == 0  # a reaction hands priority to the other Mage
    pass_(match)
    pass_(match)  # both passed: Aegis Ward resolves; Spark Bolt still waits
    assert stack_labels(match) == ["Spark Bolt"]
    assert card(match, "boulderkeep_golem").shield == 1
    resolve_all(match)
    golem = card(match, "boulderkeep_golem")
    assert golem.shield == 0 and golem.damage == 0  # the shield took the bolt


def test_a_mage_with_no_legal_reaction_is_passed_automatically():
    """Issue item 5: no needless prompts — Bob has nothing, Ann nothing more."""
    match = scenario({"hand": ["spark_bolt"]}, {"field": ["boulderkeep_golem"]}, stop=False)
    assert decision(match).player == 0
    cast(match, "spark_bolt")  # its one target is taken at once, then nobody can react
    assert card(match, "boulderkeep_golem").damage == 2 and not match.state.stack
    assert [p for p, _ in match.actions] == [0]  # Bob was never asked
    assert match.state.turn == 4 and match.state.active == 1  # nothing left: Bob's turn


def test_a_mage_who_can_react_is_asked():
    match = scenario(
        {"hand": ["spark_bolt"]},
        {"field": ["boulderkeep_golem"], "hand": ["aegis_ward"]},
        stop=False,
    )
    cast(match, "spark_bolt")
    target(match, "boulderkeep_golem")
    d = decision(match)
    assert d.player == 1 and d.kind == "priority"
    assert ("pass",) in d.actions and ("pass", "stop") in d.actions


def test_stop_me_anyway_asks_with_no_reaction_and_is_recorded():
    """Ruling B10: the setting comes with a pass in the Mage's own decision, kept in the
    record."""
    match = scenario({"hand": ["spark_bolt"]}, {"field": ["boulderkeep_golem"]}, stop=False)
    match.state.sides[1].stop = True
    cast(match, "spark_bolt")
    target(match, "boulderkeep_golem")
    d = decision(match)
    assert d.player == 1 and d.actions == [("pass",), ("pass", "nostop")]
    act(match, ("pass", "nostop"))  # "pass, and pass for me when I can't react"
    assert not side(match, 1).stop
    assert not match.state.stack  # Ann, with nothing left, passed too: it resolved
    assert (1, ("pass", "nostop")) in match.actions
    assert match.view(1).seat(1).stats["stop"] == 0


def test_the_stop_setting_can_be_turned_on_and_then_stops_every_window():
    match = scenario(
        {"hand": ["spark_bolt", "spark_bolt"]}, {"field": ["boulderkeep_golem"]}, stop=False
    )
    d = decision(match)
    assert d.player == 0 and ("pass", "stop") in d.actions  # Ann, holding cards, is asked
    act(match, ("pass", "stop"))
    assert side(match, 0).stop and not side(match, 1).stop
    assert match.actions[-1] == (0, ("pass", "stop"))


def test_the_stop_setting_comes_with_a_pass_so_nobody_toggles_forever():
    """Ruling B10: a greedy player facing a lost position once toggled 'stop' without end;
    the setting now comes with a pass, so a decision cannot loop on it, and it is offered
    in every priority decision (never a lone pass, which would tell the other Mage that
    this one had no reaction)."""
    match = scenario({"hand": ["spark_bolt"]}, {"field": ["boulderkeep_golem"]}, stop=False)
    d = decision(match)
    assert d.player == 0 and ("pass", "stop") in d.actions
    assert not any(a[0] == "stop" for a in d.actions)
    act(match, ("pass", "stop"))  # one action: the setting and the pass, no loop
    assert side(match, 0).stop and match.state.step != "main1"


def test_greedy_facing_a_lost_position_does_not_toggle_stop_for_ever():
    """Ruling B10: every real action of Ann's lost at once, and the toggle (which changes
    nothing on the table) scored best, on and off, for ever; now the game goes on."""
    from engine.agents import make_agent

    match = scenario(
        {
            "life": 1,
            "hand": ["crystal_surge"],
            "field": [{"card": "burrow_mole", "exhausted": True}],
            "crystals": ["glimmer_shard"],
        },
        {"field": [{"card": "gravel_brute", "attacking": True, "exhausted": True}]},
        active=1,
        step="blockers",
        stop=False,
    )
    greedy = make_agent("greedy", 1)
    for _ in range(20):
        if match.over:
            break
        d = decision(match)
        match.apply(d.player, greedy.choose(match, d))
    assert match.over and match.winner == 1


def test_a_mage_who_never_can_react_can_still_ask_to_be_stopped_when_blocking():
    """Ruling B10: Bob has no card and no mana, so no priority decision ever reaches him;
    his blocking decision offers the setting (and only while he has a block to choose)."""
    match = scenario({"field": ["gravel_brute"]}, {"field": ["burrow_mole"], "crystals": []})
    match.state.sides[0].stop = False
    match.state.sides[1].stop = False
    match.apply(0, ("pass",))
    match.apply(0, (("attacker", card(match, "gravel_brute").uid),))
    d = decision(match)
    assert d.kind == "blockers" and ("stop", 1) in d.actions
    act(match, ("stop", 1))
    d = decision(match)
    assert d.kind == "blockers" and not any(a[0] == "stop" for a in d.actions)
    act(match, ("done",))
    d = decision(match)  # Ann has nothing to do; Bob, stopped now, is asked
    assert (d.kind, d.player, match.state.step) == ("priority", 1, "blockers")


def test_creatures_and_relics_only_in_your_own_main_step_with_an_empty_stack():
    """Ruling B6; rituals whenever you may react."""
    match = scenario(
        {"hand": ["gravel_brute", "spark_bolt"]},
        {"hand": ["gravel_brute", "spark_bolt"], "field": ["burrow_mole"]},
    )
    cards = match.state.cards
    offered = {cards[a[1]].proto.id for a in legal(match) if a[0] == "cast"}
    assert offered == {"gravel_brute", "spark_bolt"}
    cast(match, "spark_bolt")
    target(match, "burrow_mole")
    offered = {cards[a[1]].proto.id for a in legal(match) if a[0] == "cast"}
    assert offered == {"spark_bolt"}  # Bob: his ritual yes, his creature no
    pass_(match)
    offered = {cards[a[1]].proto.id for a in legal(match) if a[0] == "cast"}
    assert offered == set()  # Ann: the stack is not empty, and no target for a second bolt
    with pytest.raises(IllegalAction):
        match.apply(0, ("cast", uid(match, "gravel_brute", 0, "hand")))


def test_a_relic_is_no_spell_and_enters_at_once():
    """Ruling B11: no stack, nothing to deny; its Arrival then uses the stack."""
    match = scenario({"hand": ["sunwell_altar"]}, {"hand": ["dispel_word"]})
    cast(match, "sunwell_altar")
    assert ids(match, 0) == ["sunwell_altar"]
    assert stack_labels(match) == ["Sunwell Altar's Arrival"]
    pass_(match)  # Ann (the step's first Mage after a trigger, ruling B6)
    assert decision(match).player == 1
    assert ("cast", uid(match, "dispel_word", 1, "hand")) not in legal(match)  # no spell
    resolve_all(match)
    assert side(match, 0).life == 23


def test_an_ability_pays_and_exhausts_when_attempted():
    match = scenario({"field": ["plague_censer"]}, {"field": ["gravel_brute"]})
    from .conftest import ability

    ability(match, "plague_censer")
    target(match, "gravel_brute")
    assert card(match, "plague_censer").exhausted and side(match, 0).mana == 3
    resolve_all(match)
    assert card(match, "gravel_brute").poison == 1
    assert ("ability", uid(match, "plague_censer"), 0) not in legal(match)


def test_the_main_step_does_not_end_while_the_stack_holds_something():
    match = scenario({"hand": ["twin_page_omen"]})
    cast(match, "twin_page_omen")
    pass_(match)  # Bob
    assert match.state.step == "main1"
    pass_(match)  # Ann: the ritual resolves, she keeps her main step
    assert match.state.step == "main1" and not match.state.stack
    assert decision(match).player == 0


def test_an_ability_without_a_mana_cost_needs_no_mana():
    """Riverbank Medic ('Exhaust: ...') with no crystals and an empty hand."""
    match = scenario(
        {"field": ["riverbank_medic", {"card": "gravel_brute", "damage": 2}], "crystals": []}
    )
    assert ("ability", uid(match, "riverbank_medic"), 0) in legal(match)
