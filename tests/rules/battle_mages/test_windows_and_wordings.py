"""Review tests for issue items 5-7: who reacts when in combat (battle-mages.md:133-134,
148), automatic passing (ruling B10), every indirect wording fizzling (lines 193-196,
236-239), modifiers not checked again on resolution (lines 54-58), "that" (line 225),
Boast ordering while unpaid (lines 129-132) and attackers that left (line 138)."""

from engine.rulesets.battle_mages.events import Fizzled

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


def _attack(match, *card_ids):
    if decision(match).kind == "priority":
        pass_(match)  # Ann ends her Main step (when she was asked at all)
    d = decision(match)
    assert d.kind == "attackers"
    act(match, tuple(("attacker", uid(match, c, 0)) for c in card_ids))


def _done(match):
    """Finish blocking (the match takes 'done' itself once nothing else could block)."""
    if decision(match).kind == "blockers":
        act(match, ("done",))


# --- item 5: reaction order and automatic passing ------------------------------------------


def test_after_attackers_the_non_active_mage_reacts_first_then_the_active_one():
    """battle-mages.md:133-134"""
    match = scenario({"field": ["gravel_brute"]}, {"field": ["burrow_mole"]})
    _attack(match, "gravel_brute")
    d = decision(match)
    assert (d.kind, d.player, match.state.step) == ("priority", 1, "attackers")
    pass_(match)
    d = decision(match)
    assert (d.kind, d.player, match.state.step) == ("priority", 0, "attackers")
    pass_(match)
    assert decision(match).kind == "blockers" and match.state.step == "blockers"


def test_after_blockers_the_active_mage_reacts_first_then_the_non_active_one():
    """battle-mages.md:148"""
    match = scenario({"field": ["gravel_brute"]}, {"field": ["burrow_mole"]})
    _attack(match, "gravel_brute")
    pass_(match)
    pass_(match)
    act(match, ("block", uid(match, "burrow_mole"), uid(match, "gravel_brute")))
    _done(match)
    d = decision(match)
    assert (d.kind, d.player, match.state.step) == ("priority", 0, "blockers")
    pass_(match)
    d = decision(match)
    assert (d.kind, d.player, match.state.step) == ("priority", 1, "blockers")
    pass_(match)
    assert match.state.step == "main2"  # the Damage step had no window of its own
    assert "burrow_mole" in ids(match, 1, "graveyard")


def test_a_reaction_in_the_attack_window_hands_the_window_back_to_the_non_active_mage():
    """Ruling B6: after a resolution the step's first Mage (here the defender) acts again."""
    match = scenario({"field": ["boulderkeep_golem"]}, {"hand": ["pitfall_snare"]})
    _attack(match, "boulderkeep_golem")
    cast(match, "pitfall_snare")
    target(match, "boulderkeep_golem")
    assert decision(match).player == 0  # Ann may answer Bob's reaction
    pass_(match)
    pass_(match)  # both passed in a row: the Snare resolves
    assert card(match, "boulderkeep_golem").damage == 3
    d = decision(match)
    assert (d.player, match.state.step) == (1, "attackers")


def test_the_defender_with_nothing_to_do_is_passed_and_the_attacker_is_asked():
    """Issue item 5: after attackers Bob (first) cannot react: the window goes straight to
    Ann, who can; Bob is never prompted."""
    match = scenario(
        {"field": ["gravel_brute"], "hand": ["oakheart_vigor"]},
        {"field": [{"card": "burrow_mole", "exhausted": True}]},
        stop=False,
    )
    _attack(match, "gravel_brute")
    d = decision(match)
    assert (d.kind, d.player, match.state.step) == ("priority", 0, "attackers")
    pass_(match)
    d = decision(match)  # nobody can block (the mole is exhausted); Ann may still react
    assert (d.player, match.state.step) == (0, "blockers")
    pass_(match)
    assert side(match, 1).life == 17
    assert {p for p, _ in match.actions} == {0}


def test_a_mage_with_stop_on_is_asked_in_every_combat_window():
    """Ruling B10: Bob, with nothing to play, asked to be stopped anyway."""
    match = scenario({"field": ["gravel_brute"]}, {"crystals": []}, stop=False)
    match.state.sides[1].stop = True
    _attack(match, "gravel_brute")
    d = decision(match)
    assert d.player == 1 and d.actions == [("pass",), ("pass", "nostop")]
    pass_(match)  # Ann has nothing: passed for her; blockers skipped (Bob has no creature)
    d = decision(match)
    assert (d.player, match.state.step) == (1, "blockers")


# --- item 6: wordings and modifiers -----------------------------------------------------------


def test_every_all_and_any_number_fizzle_when_nothing_qualifies():
    """battle-mages.md:196, 236-239: indirect wordings choose on resolution, and with
    nothing there the spell fizzles into the graveyard."""
    for ritual in ("cinderfall_tempest", "skyfall_barrage", "sleep_mist"):
        match = scenario(
            {"hand": [ritual], "crystals": ["glimmer_shard"] * 6},
            {"field": [{"card": "burrow_mole", "exhausted": True}]}
            if ritual == "sleep_mist"
            else {},
        )
        assert ("cast", side(match, 0).hand[0].uid) in legal(match), ritual
        cast(match, ritual)
        resolve_all(match)
        assert [e.what for e in events_of(match, Fizzled)] == [
            card(match, ritual, 0, "graveyard").name
        ]
        assert ids(match, 0, "graveyard") == [ritual]


def test_attacking_is_not_checked_again_when_the_spell_resolves():
    """battle-mages.md:54-58 with line 81: Pitfall Snare targets an attacking creature; it
    is removed from combat before the Snare resolves, which still deals its damage."""
    match = scenario(
        {"field": ["boulderkeep_golem"], "hand": ["sudden_retreat"]}, {"hand": ["pitfall_snare"]}
    )
    _attack(match, "boulderkeep_golem")
    cast(match, "pitfall_snare")
    target(match, "boulderkeep_golem")
    cast(match, "sudden_retreat")  # Ann pulls her golem out of combat
    target(match, "boulderkeep_golem")
    resolve_all(match)
    golem = card(match, "boulderkeep_golem")
    assert not golem.attacking and golem.damage == 3
    assert not events_of(match, Fizzled)


def test_damaged_is_not_checked_again_when_the_spell_resolves():
    """battle-mages.md:54-58 with line 66: the wounded creature is healed in response and
    Prey on the Wounded still destroys it."""
    match = scenario(
        {"hand": ["prey_on_the_wounded"]},
        {"field": ["riverbank_medic", {"card": "boulderkeep_golem", "damage": 1}]},
    )
    cast(match, "prey_on_the_wounded")
    assert decision(match).player == 1
    act(match, ("ability", uid(match, "riverbank_medic"), 0))
    resolve_all(match)
    assert "boulderkeep_golem" in ids(match, 1, "graveyard")


def test_that_mage_is_the_one_being_attacked():
    """battle-mages.md:225 (ruling B14): Lancer of Dawn's Boast hurts the defending Mage."""
    match = scenario({"field": ["lancer_of_dawn"]})
    _attack(match, "lancer_of_dawn")
    assert stack_labels(match) == ["Lancer of Dawn's Boast"]
    resolve_all(match)
    assert side(match, 1).life == 19


def test_a_mode_is_chosen_once_and_kept_even_when_its_spell_target_left():
    """battle-mages.md:209-212: Mind Snap chose 'deny'; the spell resolves before it, so
    Mind Snap fizzles instead of switching to its 'draw' mode."""
    match = scenario({"hand": ["spark_bolt"]}, {"hand": ["mind_snap"], "field": ["burrow_mole"]})
    cast(match, "spark_bolt")
    target(match, "burrow_mole")
    cast(match, "mind_snap")
    d = decision(match)
    assert d.kind == "mode" or d.kind == "modes"
    act(match, ("mode", 0))
    assert decision(match).kind != "modes"
    assert match.state.stack[-1].bodies == (0,)
    hand = len(side(match, 1).hand)
    resolve_all(match)
    assert [e.what for e in events_of(match, Fizzled)] == []  # it denied the bolt
    assert ids(match, 0, "graveyard") == ["spark_bolt"] and len(side(match, 1).hand) == hand


# --- item 7: combat ---------------------------------------------------------------------------


def test_boasts_are_ordered_even_when_none_can_be_paid():
    """battle-mages.md:129-132: two costly Boasts, no mana: the order is still Ann's to
    pick, and both go on the stack unpaid."""
    match = scenario({"field": ["cinder_imp", "braggart_squire"], "crystals": []})
    _attack(match, "cinder_imp", "braggart_squire")
    d = decision(match)
    assert d.kind == "order_triggers" and d.player == 0
    squire_first = next(a for a in d.actions if "Braggart" in match.state.describe(a)[0])
    act(match, squire_first)
    assert stack_labels(match) == ["Cinder Imp's Boast", "Braggart Squire's Boast"]
    assert all(not item.paid for item in match.state.stack)
    while match.state.step != "main2":
        pass_(match)
    assert side(match, 1).life == 20 - 1 - 2  # only combat damage: the Boasts did nothing


def test_an_attacker_removed_from_the_field_deals_no_combat_damage_and_takes_none():
    """battle-mages.md:138: the blocked attacker goes home before damage; its blockers
    neither take nor deal combat damage."""
    match = scenario(
        {"field": ["gravel_brute", "burrow_mole"], "hand": ["homeward_gust"]},
        {"field": ["boulderkeep_golem"]},
    )
    _attack(match, "gravel_brute", "burrow_mole")
    pass_(match)
    pass_(match)
    act(match, ("block", uid(match, "boulderkeep_golem"), uid(match, "gravel_brute")))
    _done(match)
    cast(match, "homeward_gust")
    target(match, "gravel_brute")
    resolve_all(match)
    while match.state.step != "main2":
        pass_(match)
    assert ids(match, 0, "hand") == ["gravel_brute"]
    assert card(match, "boulderkeep_golem").damage == 0
    assert side(match, 1).life == 19  # the unblocked mole still hits


def test_every_blocker_and_the_attacker_die_at_the_same_time():
    """battle-mages.md:155-157: the attacker's damage is ordered, but placed at once with
    the blockers'; all deaths come together."""
    match = scenario({"field": ["gravel_brute"]}, {"field": ["burrow_mole", "sparkscale_whelp"]})
    _attack(match, "gravel_brute")
    pass_(match)
    pass_(match)
    act(match, ("block", uid(match, "burrow_mole"), uid(match, "gravel_brute")))
    act(match, ("block", uid(match, "sparkscale_whelp"), uid(match, "gravel_brute")))
    _done(match)
    act(match, ("order", uid(match, "gravel_brute"), uid(match, "sparkscale_whelp")))
    pass_(match)
    start = len(match.events)
    pass_(match)
    from engine.core.events import Damaged, Died

    texts = [type(e) for e in match.events[start:] if isinstance(e, Damaged | Died)]
    assert texts.index(Died) > max(i for i, t in enumerate(texts) if t is Damaged)
    assert sorted(ids(match, 1, "graveyard")) == ["sparkscale_whelp"]
    assert card(match, "burrow_mole").damage == 1  # 3 power: 2 to the whelp, 1 to the mole
    assert card(match, "gravel_brute").damage == 2


def test_an_indirect_wording_checks_its_modifier_on_resolution():
    """battle-mages.md:187-191, 196: 'any number of opposing prepared Creatures' chooses as
    Sleep Mist resolves, so a creature exhausted in response is no longer among them."""
    match = scenario(
        {"hand": ["sleep_mist"]},
        {"field": ["riverbank_medic", {"card": "gravel_brute", "damage": 1}]},
    )
    cast(match, "sleep_mist")
    assert match.state.stack[-1].targets == {}  # nothing chosen when attempting
    act(match, ("ability", uid(match, "riverbank_medic"), 0))  # Bob exhausts his medic
    resolve_all(match)
    d = decision(match)
    assert d.kind == "choose_many" and [a[1] for a in d.actions] == [uid(match, "gravel_brute")]
    act(match, (("choose", uid(match, "gravel_brute")),))
    assert card(match, "gravel_brute").exhausted and card(match, "gravel_brute").damage == 0
