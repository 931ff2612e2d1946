"""Combat: battle-mages.md:114-157 and rulings B12 (flying) and B8 (ice)."""

from engine.rulesets.battle_mages.events import Declared

from .conftest import (
    act,
    card,
    cast,
    decision,
    events_of,
    ids,
    pass_,
    resolve_all,
    scenario,
    side,
    stack_labels,
    target,
    uid,
)


def _to_attackers(match):
    pass_(match)  # Ann ends her main step
    d = decision(match)
    assert d.kind == "attackers" and d.player == 0
    return d


def _attack(match, *card_ids):
    _to_attackers(match)
    act(match, tuple(("attacker", uid(match, c, 0)) for c in card_ids))


def _done_blocking(match):
    """Finish blocking (taken by the match itself when nothing else could block)."""
    if decision(match).kind == "blockers":
        act(match, ("done",))


def _finish_combat(match):
    """Pass every window, declare no (more) blockers, until the second Main step."""
    while match.state.step != "main2" and not match.over:
        d = decision(match)
        if d.kind == "blockers":
            act(match, ("done",))
        elif d.kind == "priority":
            pass_(match)
        else:
            raise AssertionError(d)


def test_attackers_are_declared_together_and_attack_the_opposing_mage():
    """battle-mages.md:124-125 — one choice for all attackers; no target to pick."""
    match = scenario({"field": ["gravel_brute", "burrow_mole"]})
    d = _to_attackers(match)
    assert (d.min_picks, d.max_picks) == (0, 2)
    assert {a[1] for a in d.actions} == {uid(match, "gravel_brute"), uid(match, "burrow_mole")}
    act(match, tuple(d.actions))
    (declared,) = events_of(match, Declared)
    assert "Gravel Brute" in declared.text and "Burrow Mole" in declared.text
    _finish_combat(match)
    assert side(match, 1).life == 16


def test_attacking_exhausts_unless_attentiveness():
    """battle-mages.md:126-127"""
    match = scenario({"field": ["gravel_brute", "dune_stalker"]})
    _attack(match, "gravel_brute", "dune_stalker")
    assert card(match, "gravel_brute").exhausted
    assert not card(match, "dune_stalker").exhausted


def test_exhausted_and_frozen_creatures_cannot_attack():
    """battle-mages.md:126 and ruling B8 (Ice)."""
    match = scenario(
        {
            "field": [
                {"card": "gravel_brute", "exhausted": True},
                {"card": "burrow_mole", "ice": 1},
                "dune_stalker",
            ]
        }
    )
    d = _to_attackers(match)
    assert [a[1] for a in d.actions] == [uid(match, "dune_stalker")]


def test_a_creature_that_entered_this_turn_cannot_attack_unless_it_has_rush():
    """battle-mages.md:136 — Sparkscale Whelp has Rush; Spurring Pulse gives it."""
    match = scenario(
        {
            "field": [
                {"card": "gravel_brute", "new": True},
                {"card": "sparkscale_whelp", "new": True},
                {"card": "burrow_mole", "new": True},
            ],
            "hand": ["spurring_pulse"],
        }
    )
    cast(match, "spurring_pulse")
    d = decision(match)
    act(match, ("target", uid(match, "burrow_mole")))
    resolve_all(match)
    d = _to_attackers(match)
    assert {a[1] for a in d.actions} == {uid(match, "sparkscale_whelp"), uid(match, "burrow_mole")}


def test_boast_triggers_on_attack_even_unpaid_and_the_defender_reacts_first():
    """battle-mages.md:129-134 — Braggart Squire (pay 1) declined: still on the stack."""
    match = scenario(
        {"field": ["braggart_squire"], "crystals": ["glimmer_shard"]},
        {"field": ["boulderkeep_golem"]},
    )
    _attack(match, "braggart_squire")
    d = decision(match)
    assert d.kind == "pay" and d.player == 0
    act(match, ("decline",))
    assert stack_labels(match) == ["Braggart Squire's Boast"]
    assert decision(match).player == 1  # the non-active Mage first (line 133)
    pass_(match)
    pass_(match)
    assert card(match, "boulderkeep_golem").damage == 0
    assert "nothing happens" in match.events[-1].text or any(
        "unpaid" in e.text for e in match.events
    )


def test_a_paid_boast_chooses_its_target_after_paying():
    """battle-mages.md:132"""
    match = scenario({"field": ["braggart_squire"]}, {"field": ["boulderkeep_golem"]})
    _attack(match, "braggart_squire")
    act(match, ("pay",))
    d = decision(match)
    assert d.kind == "target"
    act(match, ("target", uid(match, "boulderkeep_golem")))
    assert side(match, 0).mana == 4
    resolve_all(match)
    assert card(match, "boulderkeep_golem").damage == 1


def test_a_boast_is_on_the_public_stack_before_its_cost_and_its_target():
    """battle-mages.md:131-132 — "The Boast-Trigger goes on the Stack, no matter whether it
    needs to be paid for or not. Then the Mage ... may choose the Targets or to pay the
    Costs": the other Mage sees it on the stack while its Mage decides, then targets."""
    match = scenario({"field": ["braggart_squire"]}, {"field": ["boulderkeep_golem"]})
    _attack(match, "braggart_squire")
    assert decision(match).kind == "pay"
    public = match.view(1).table["stack"].cards
    assert [c.name for c in public] == ["Braggart Squire's Boast"]
    assert any("triggers and goes on the stack" in e.text for e in match.view(1).events)
    act(match, ("pay",))
    assert decision(match).kind == "target"  # paid, now the target, still on the stack
    assert stack_labels(match) == ["Braggart Squire's Boast"]
    act(match, ("target", uid(match, "boulderkeep_golem")))
    assert stack_labels(match) == ["Braggart Squire's Boast"]  # the same one, not twice
    resolve_all(match)
    assert card(match, "boulderkeep_golem").damage == 1


def test_several_boasts_resolve_in_the_order_their_mage_picks():
    """battle-mages.md:130 — Lancer of Dawn and Cinder Imp both boast."""
    match = scenario({"field": ["lancer_of_dawn", "cinder_imp"], "crystals": []})
    _attack(match, "lancer_of_dawn", "cinder_imp")
    d = decision(match)
    assert d.kind == "order_triggers" and d.player == 0
    labels = [match.state.describe(a)[0] for a in d.actions]
    first = next(a for a, label in zip(d.actions, labels, strict=True) if "Cinder" in label)
    act(match, first)  # Cinder Imp's resolves first, so it goes on the stack last
    # the imp's costs 1 and Ann has no mana: it goes on unpaid (line 131)
    assert stack_labels(match) == ["Lancer of Dawn's Boast", "Cinder Imp's Boast"]


def test_an_attacker_removed_from_combat_deals_no_damage():
    """battle-mages.md:138 — Sudden Retreat."""
    match = scenario({"field": ["gravel_brute"]}, {"hand": ["sudden_retreat"]})
    _attack(match, "gravel_brute")
    cast(match, "sudden_retreat")
    target(match, "gravel_brute")
    resolve_all(match)
    _finish_combat(match)
    assert side(match, 1).life == 20


def test_blockers_must_be_prepared_and_many_may_block_one_attacker():
    """battle-mages.md:144-147 — the active Mage orders the blockers for damage."""
    match = scenario(
        {"field": ["stormwing_roc", "gravel_brute"]},
        {
            "field": [
                "burrow_mole",
                "boulderkeep_golem",
                {"card": "dune_stalker", "exhausted": True},
                "skyreed_kite",
            ]
        },
    )
    _attack(match, "gravel_brute")
    pass_(match)
    pass_(match)
    d = decision(match)
    assert d.kind == "blockers" and d.player == 1
    blockers = {a[1] for a in d.actions if a[0] == "block"}
    assert uid(match, "dune_stalker") not in blockers  # exhausted
    act(match, ("block", uid(match, "burrow_mole"), uid(match, "gravel_brute")))
    act(match, ("block", uid(match, "boulderkeep_golem"), uid(match, "gravel_brute")))
    act(match, ("done",))
    d = decision(match)
    assert d.kind == "order_blockers" and d.player == 0
    act(match, ("order", uid(match, "gravel_brute"), uid(match, "burrow_mole")))
    assert card(match, "gravel_brute").blockers == (
        uid(match, "burrow_mole"),
        uid(match, "boulderkeep_golem"),
    )
    assert decision(match).player == 0  # after blockers: the active Mage first (line 148)
    _finish_combat(match)
    # 3 power: 2 to kill the mole (its health), 1 to the golem; both hit back 1 + 2
    assert "burrow_mole" in ids(match, 1, "graveyard")
    assert card(match, "boulderkeep_golem").damage == 1
    assert "gravel_brute" in ids(match, 0, "graveyard")
    assert side(match, 1).life == 20


def test_only_a_flier_blocks_a_flier():
    """Ruling B12"""
    match = scenario(
        {"field": ["stormwing_roc"]},
        {"field": ["gravel_brute", "skyreed_kite", {"card": "burrow_mole", "ice": 1}]},
    )
    _attack(match, "stormwing_roc")
    pass_(match)
    pass_(match)
    d = decision(match)
    assert {a[1] for a in d.actions if a[0] == "block"} == {uid(match, "skyreed_kite")}


def test_combat_damage_is_simultaneous_and_deaths_are_too():
    """battle-mages.md:155-157 — two 3/3s trade; a Last Breath sees both gone."""
    match = scenario(
        {"field": ["gravel_brute"]}, {"field": [{"card": "bogmire_troll", "damage": 1}]}
    )
    _attack(match, "gravel_brute")
    pass_(match)
    pass_(match)
    act(match, ("block", uid(match, "bogmire_troll"), uid(match, "gravel_brute")))
    _done_blocking(match)
    pass_(match)
    pass_(match)  # damage step: both die at once
    assert "gravel_brute" in ids(match, 0, "graveyard")
    assert "bogmire_troll" in ids(match, 1, "graveyard")
    assert stack_labels(match) == ["Bogmire Troll's Last Breath"]


def test_a_blocked_attacker_whose_blockers_left_deals_no_damage():
    """Ruling B12: it stays blocked; nothing tramples over."""
    match = scenario(
        {"field": ["gravel_brute"], "hand": ["homeward_gust"]}, {"field": ["burrow_mole"]}
    )
    _attack(match, "gravel_brute")
    pass_(match)
    pass_(match)
    act(match, ("block", uid(match, "burrow_mole"), uid(match, "gravel_brute")))
    _done_blocking(match)
    cast(match, "homeward_gust")
    target(match, "burrow_mole")
    resolve_all(match)
    _finish_combat(match)
    assert side(match, 1).life == 20 and card(match, "gravel_brute").damage == 0


def test_triggers_of_both_mages_go_on_the_stack_active_mage_first():
    """Ruling B14: Ann's (active) Last Breath goes on first, so Bob's resolves first."""
    match = scenario({"field": ["bogmire_troll"]}, {"field": ["ashen_reaver", "boulderkeep_golem"]})
    _attack(match, "bogmire_troll")
    pass_(match)
    pass_(match)
    act(match, ("block", uid(match, "ashen_reaver"), uid(match, "bogmire_troll")))
    _done_blocking(match)
    pass_(match)
    pass_(match)  # both die in the Damage step
    assert stack_labels(match) == ["Bogmire Troll's Last Breath", "Ashen Reaver's Last Breath"]


def test_blocking_does_not_exhaust():
    """Ruling B12"""
    match = scenario({"field": ["burrow_mole"]}, {"field": ["boulderkeep_golem"]})
    _attack(match, "burrow_mole")
    pass_(match)
    pass_(match)
    act(match, ("block", uid(match, "boulderkeep_golem"), uid(match, "burrow_mole")))
    _done_blocking(match)
    assert not card(match, "boulderkeep_golem").exhausted


def test_identical_boasts_are_not_ordered_but_different_ones_are():
    """battle-mages.md:130 with no needless prompts: two Cinder Imps' Boasts are the same
    ability aimed at the same Mage, so their order is no choice; with a Lancer of Dawn
    among them Ann picks between the two kinds only."""
    match = scenario({"field": ["cinder_imp", "cinder_imp"], "crystals": []})
    pass_(match)
    act(match, tuple(("attacker", c.uid) for c in side(match, 0).field))
    assert decision(match).kind != "order_triggers"
    assert stack_labels(match) == ["Cinder Imp's Boast", "Cinder Imp's Boast"]
    match = scenario({"field": ["cinder_imp", "cinder_imp", "lancer_of_dawn"], "crystals": []})
    pass_(match)
    act(match, tuple(("attacker", c.uid) for c in side(match, 0).field))
    d = decision(match)
    assert d.kind == "order_triggers" and len(d.actions) == 2
    lancer = next(a for a in d.actions if "Lancer" in match.state.describe(a)[0])
    act(match, lancer)  # the Lancer's resolves first; the imps' order is not asked
    assert stack_labels(match) == [
        "Cinder Imp's Boast",
        "Cinder Imp's Boast",
        "Lancer of Dawn's Boast",
    ]
