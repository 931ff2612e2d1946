"""Spells, targets, modifiers and wordings: battle-mages.md:31-82 and 162-241."""

import pytest

from engine.core.errors import IllegalAction
from engine.rulesets.battle_mages.events import Fizzled, Resolved

from .conftest import (
    act,
    card,
    cast,
    choose,
    decision,
    events_of,
    ids,
    legal,
    modes,
    pass_,
    ref,
    resolve_all,
    scenario,
    side,
    stack_labels,
    target,
    uid,
)


def _castable(match, seat=None) -> set[str]:
    seat = decision(match).player if seat is None else seat
    cards = match.state.cards
    return {cards[a[1]].proto.id for a in legal(match) if a[0] == "cast"}


def _targets(match) -> set:
    """The legal picks of the open choice; a lone one was taken by the match already, and
    then it is what the item on top of the stack holds."""
    d = decision(match)
    if d.kind in ("target", "targets", "choose", "choose_many"):
        return {a[1] for a in d.actions}
    return {r[0] for refs in match.state.stack[-1].targets.values() for r in refs}


# --- spells live on the stack -----------------------------------------------------------


def test_deny_target_spell_needs_a_spell_on_the_stack():
    """battle-mages.md:176-177 — 'Deny target Spell.' only with a spell on the stack."""
    match = scenario({"hand": ["dispel_word", "spark_bolt"]}, {"field": ["burrow_mole"]})
    assert "dispel_word" not in _castable(match)
    cast(match, "spark_bolt")
    target(match, "burrow_mole")
    pass_(match)  # Bob lets it be; Ann may now respond to her own spell
    assert "dispel_word" in _castable(match)


def test_creature_spells_are_spells_on_the_stack_and_nowhere_else():
    """battle-mages.md:31-39 — a card that targets spells targets a creature spell on the
    stack; the same card on the field is no spell."""
    match = scenario(
        {"hand": ["gravel_brute"]}, {"hand": ["dispel_word"], "field": ["boulderkeep_golem"]}
    )
    assert "dispel_word" not in _castable(match, 1) if decision(match).player == 1 else True
    cast(match, "gravel_brute")
    assert decision(match).player == 1
    assert "dispel_word" in _castable(match)
    cast(match, "dispel_word")
    assert _targets(match) == {ref(match, "gravel_brute")}
    target(match, "gravel_brute")
    resolve_all(match)
    assert ids(match, 0, "graveyard") == ["gravel_brute"]
    assert ids(match, 0) == []


def test_a_spell_is_no_longer_a_spell_once_it_left_the_stack():
    """battle-mages.md:39 — the resolved creature cannot be denied any more."""
    match = scenario({"hand": ["gravel_brute", "dispel_word"]})
    cast(match, "gravel_brute")
    resolve_all(match)
    assert ids(match, 0) == ["gravel_brute"]
    assert "dispel_word" not in _castable(match)


# --- modifiers: checked when attempting, not on resolution ------------------------------


def test_destroy_target_flying_creature_resolves_after_it_lost_flying():
    """battle-mages.md:54-58 — the text's own example."""
    match = scenario(
        {"hand": ["skyrend_sigil", "ground_the_skies"]},
        {"field": ["stormwing_roc", "gravel_brute"]},
    )
    cast(match, "skyrend_sigil")
    assert _targets(match) == {ref(match, "stormwing_roc")}  # only the flier (line 56)
    target(match, "stormwing_roc")
    pass_(match)  # Bob
    cast(match, "ground_the_skies")  # Ann answers her own spell
    target(match, "stormwing_roc")
    pass_(match)
    pass_(match)  # Ground the Skies resolves: the roc loses Flying
    assert not card(match, "stormwing_roc").has("flying")
    resolve_all(match)
    assert "stormwing_roc" in ids(match, 1, "graveyard")
    assert not events_of(match, Fizzled)


CREATURE_MODIFIERS = [
    # (ritual, modifier, the fitting creature spec, a creature without it)
    ("final_rot", "poisoned", {"card": "gravel_brute", "poison": 1}),
    ("shatter_ward", "shielded", {"card": "gravel_brute", "shield": 1}),
    ("humble_the_mighty", "strengthened", {"card": "gravel_brute", "str": 1}),
    ("prey_on_the_wounded", "damaged", {"card": "gravel_brute", "damage": 1}),
    ("shatter_ice", "frozen", {"card": "gravel_brute", "ice": 1}),
    ("skyrend_sigil", "flying", {"card": "stormwing_roc"}),
    ("dawnbell_rouse", "exhausted", {"card": "gravel_brute", "exhausted": True}),
]


@pytest.mark.parametrize(("ritual", "modifier", "fits"), CREATURE_MODIFIERS, ids=lambda v: str(v))
def test_each_modifier_limits_the_targets(ritual, modifier, fits):
    """battle-mages.md:48-52, 63-77 — poisoned, shielded, strengthened, damaged, frozen,
    flying, exhausted: only a creature in that state when attempting is a legal target."""
    match = scenario({"hand": [ritual]}, {"field": [fits, "boulderkeep_golem"]})
    cast(match, ritual)
    assert _targets(match) == {card(match, fits["card"], 1).uid}
    # and with no creature in that state the ritual cannot be attempted at all (line 228)
    match = scenario({"hand": [ritual]}, {"field": ["boulderkeep_golem"]})
    assert ritual not in _castable(match)


def test_prepared_modifier():
    """battle-mages.md:76 — prepared: a prepared crystal, not an exhausted one."""
    match = scenario(
        {"hand": ["dampen"]},
        {"crystals": [{"card": "glimmer_shard", "exhausted": True}, "dusk_shard"]},
    )
    cast(match, "dampen")
    assert _targets(match) == {uid(match, "dusk_shard", 1, "crystals")} | {
        c.uid for c in side(match, 0).crystals if not c.exhausted
    }


def test_attacking_and_blocking_only_exist_in_combat():
    """battle-mages.md:81-82 — attacking / blocking targets, during combat steps only."""
    match = scenario(
        {"field": ["boulderkeep_golem", "burrow_mole"], "hand": ["parrying_hex"]},
        {"field": ["gravel_brute", "dune_stalker"], "hand": ["pitfall_snare"]},
    )
    assert "parrying_hex" not in _castable(match)
    pass_(match)  # to combat
    act(match, (("attacker", uid(match, "boulderkeep_golem")),))
    assert decision(match).player == 1  # the non-active Mage reacts first (line 133)
    assert "pitfall_snare" in _castable(match)
    cast(match, "pitfall_snare")
    assert _targets(match) == {uid(match, "boulderkeep_golem")}
    target(match, "boulderkeep_golem")
    resolve_all(match)
    assert card(match, "boulderkeep_golem").damage == 3
    pass_(match)  # Bob
    pass_(match)  # Ann: on to blockers
    act(match, ("block", uid(match, "gravel_brute"), uid(match, "boulderkeep_golem")))
    act(match, ("done",))
    assert decision(match).player == 0  # after blockers the active Mage first (line 148)
    cast(match, "parrying_hex")
    assert _targets(match) == {uid(match, "gravel_brute")}


# --- direct targets: chosen when attempting; lost targets fizzle -------------------------


def test_a_spell_without_a_legal_target_cannot_be_attempted():
    """battle-mages.md:165-167, 184, 224, 228-231 — "target" targets directly."""
    match = scenario({"hand": ["spark_bolt"]})
    assert "spark_bolt" not in _castable(match)
    with pytest.raises(IllegalAction):
        match.apply(0, ("cast", side(match, 0).hand[0].uid))


def test_a_spell_that_loses_its_target_fizzles_into_the_graveyard():
    """battle-mages.md:170, 239 — fizzled: no effect, the card goes to the graveyard."""
    match = scenario(
        {"hand": ["venom_mist", "homeward_gust"], "crystals": ["glimmer_shard"] * 7},
        {"field": ["gravel_brute"]},
    )
    cast(match, "venom_mist")
    target(match, "gravel_brute")
    pass_(match)
    cast(match, "homeward_gust")
    target(match, "gravel_brute")
    resolve_all(match)
    (fizzled,) = events_of(match, Fizzled)
    assert fizzled.what == "Venom Mist" and "lost a target" in fizzled.reason
    assert sorted(ids(match, 0, "graveyard")) == ["homeward_gust", "venom_mist"]
    assert ids(match, 1, "hand") == ["gravel_brute"]


def test_losing_one_of_several_targets_fizzles_the_whole_spell():
    """battle-mages.md:170, 180-181 — no half resolutions."""
    match = scenario(
        {"hand": ["battle_chant", "homeward_gust"], "crystals": ["glimmer_shard"] * 8},
        {"field": ["gravel_brute"]},
    )
    match.state.sides[0].field.append(match.state.new_card(match.state.cards[1].proto, 0))
    own = side(match, 0).field[0]
    own.zone = "field"
    cast(match, "battle_chant")
    modes(match, 0, 1)
    target(match, own.uid)
    target(match, "gravel_brute")
    pass_(match)
    cast(match, "homeward_gust")
    target(match, "gravel_brute")
    resolve_all(match)
    assert [e.what for e in events_of(match, Fizzled)] == ["Battle Chant"]
    assert own.str == 0  # the other mode did not happen either


def test_up_to_target_resolves_even_with_every_target_gone():
    """battle-mages.md:172-180 — 'Deal 2 Damage up to 2 target Creatures.'"""
    match = scenario(
        {
            "hand": ["flame_volley", "homeward_gust", "spark_bolt"],
            "crystals": ["glimmer_shard"] * 9,
        },
        {"field": ["burrow_mole", "gravel_brute"]},
    )
    cast(match, "flame_volley")
    d = decision(match)
    assert (d.min_picks, d.max_picks) == (0, 2)
    target(match, "burrow_mole", "gravel_brute")
    pass_(match)
    cast(match, "spark_bolt")
    target(match, "burrow_mole")
    pass_(match)
    pass_(match)  # Spark Bolt resolves: the mole dies; Ann has priority again
    assert "burrow_mole" in ids(match, 1, "graveyard")
    cast(match, "homeward_gust")
    target(match, "gravel_brute")
    resolve_all(match)
    assert not events_of(match, Fizzled)
    assert "Flame Volley" in [e.what for e in events_of(match, Resolved)]
    assert "flame_volley" in ids(match, 0, "graveyard")


def test_up_to_target_may_choose_fewer_and_still_damages_those_left():
    match = scenario({"hand": ["flame_volley"]}, {"field": ["burrow_mole", "boulderkeep_golem"]})
    cast(match, "flame_volley")
    target(match, "boulderkeep_golem")
    resolve_all(match)
    assert card(match, "boulderkeep_golem").damage == 2
    assert card(match, "burrow_mole").damage == 0


def test_a_triggered_ability_with_no_legal_target_goes_on_the_stack_and_fizzles():
    """battle-mages.md:168-169 — Woundscent Hydra's Arrival with no damaged creature."""
    match = scenario(
        {"hand": ["woundscent_hydra"], "crystals": ["glimmer_shard"] * 6},
        {"field": ["gravel_brute"]},
    )
    cast(match, "woundscent_hydra")
    resolve_all(match)
    assert ids(match, 0) == ["woundscent_hydra"]
    assert [e.what for e in events_of(match, Fizzled)] == ["Woundscent Hydra's Arrival"]
    assert ids(match, 1) == ["gravel_brute"]


def test_a_fizzled_ability_leaves_its_card_where_it_is():
    """battle-mages.md:241 — Thornback Warden's ability fizzles; the warden stays."""
    match = scenario(
        {"field": ["gravel_brute"], "hand": ["homeward_gust"]},
        {"field": ["thornback_warden"]},
    )
    pass_(match)
    act(match, (("attacker", uid(match, "gravel_brute")),))
    from .conftest import ability

    ability(match, "thornback_warden")
    target(match, "gravel_brute")
    cast(match, "homeward_gust")  # Ann answers: her brute goes home
    target(match, "gravel_brute")
    resolve_all(match)
    assert [e.what for e in events_of(match, Fizzled)] == ["Thornback Warden's ability"]
    assert ids(match, 1) == ["thornback_warden"]
    assert ids(match, 1, "graveyard") == []


# --- indirect wordings: chosen on resolution --------------------------------------------


def test_a_chooses_on_resolution_not_when_attempted():
    """battle-mages.md:187-190, 233 — 'a' does not target: no choice when attempting."""
    match = scenario({"hand": ["judging_flare"]}, {"field": ["burrow_mole", "boulderkeep_golem"]})
    cast(match, "judging_flare")
    assert stack_labels(match) == ["Judging Flare"]  # on the stack without a choice
    assert match.state.stack[0].targets == {}
    pass_(match)
    pass_(match)
    d = decision(match)
    assert d.kind == "choose" and d.player == 0
    assert _targets(match) == {uid(match, "burrow_mole"), uid(match, "boulderkeep_golem")}
    choose(match, "boulderkeep_golem")
    assert card(match, "boulderkeep_golem").damage == 3


def test_a_can_be_attempted_with_nothing_to_choose_and_then_fizzles():
    """battle-mages.md:193-194, 236-239"""
    match = scenario({"hand": ["judging_flare"]})
    assert "judging_flare" in _castable(match)
    cast(match, "judging_flare")
    resolve_all(match)
    (fizzled,) = events_of(match, Fizzled)
    assert fizzled.what == "Judging Flare" and fizzled.reason == "nothing qualifies"
    assert ids(match, 0, "graveyard") == ["judging_flare"]


def test_a_sees_what_is_there_on_resolution():
    """battle-mages.md:190-191 — a creature arriving meanwhile can be chosen."""
    match = scenario({"hand": ["judging_flare"]}, {"hand": ["gravel_brute"]})
    cast(match, "judging_flare")
    assert decision(match).player == 1
    # Bob may not attempt a creature now (not his Main step), so nothing arrives...
    pass_(match)
    pass_(match)
    assert [e.what for e in events_of(match, Fizzled)] == ["Judging Flare"]


def test_up_to_a_never_fizzles():
    """battle-mages.md:198-203 (ruling B13) — Skyhunter Falcon: 'up to a flying Creature'."""
    match = scenario({"hand": ["skyhunter_falcon"]}, {"field": ["gravel_brute"]})
    cast(match, "skyhunter_falcon")
    resolve_all(match)
    # the falcon itself flies: it is the only candidate, and 'up to' may choose nothing
    d = decision(match)
    assert d.kind == "choose_many" and (d.min_picks, d.max_picks) == (0, 1)
    act(match, ())
    resolve_all(match)
    assert not events_of(match, Fizzled)
    assert card(match, "skyhunter_falcon").damage == 0


@pytest.mark.parametrize(
    ("ritual", "word"), [("skyfall_barrage", "all"), ("cinderfall_tempest", "every")]
)
def test_all_and_every_act_on_what_qualifies_at_resolution(ritual, word):
    """battle-mages.md:196"""
    match = scenario(
        {"hand": [ritual], "field": ["boulderkeep_golem"], "crystals": ["glimmer_shard"] * 6},
        {"field": ["boulderkeep_golem", "gravel_brute"]},
    )
    cast(match, ritual)
    resolve_all(match)
    hit = 2 if word == "all" else 3
    assert card(match, "boulderkeep_golem", 1).damage == hit
    assert (
        "gravel_brute" in ids(match, 1, "graveyard") or card(match, "gravel_brute", 1).damage == hit
    )
    assert card(match, "boulderkeep_golem", 0).damage == (2 if word == "all" else 0)


def test_each_fizzles_when_nothing_qualifies():
    """battle-mages.md:196 — Bogmire Troll's Last Breath with no opposing creature."""
    match = scenario(
        {"hand": ["spark_bolt", "spark_bolt"]}, {"field": [{"card": "bogmire_troll", "damage": 3}]}
    )
    cast(match, "spark_bolt")
    target(match, "bogmire_troll")
    resolve_all(match)
    assert "bogmire_troll" in ids(match, 1, "graveyard")
    assert [e.what for e in events_of(match, Fizzled)] == ["Bogmire Troll's Last Breath"]


def test_any_number_of_chooses_on_resolution():
    """battle-mages.md:196 — Sleep Mist."""
    match = scenario({"hand": ["sleep_mist"]}, {"field": ["burrow_mole", "gravel_brute"]})
    cast(match, "sleep_mist")
    resolve_all(match)
    d = decision(match)
    assert d.kind == "choose_many" and (d.min_picks, d.max_picks) == (0, 2)
    choose(match, "gravel_brute")
    assert card(match, "gravel_brute").exhausted and not card(match, "burrow_mole").exhausted


def test_that_refers_to_the_triggering_creature_and_fizzles_when_it_is_gone():
    """battle-mages.md:225 — 'that' is indirect: Banner of Valor's trigger."""
    rich = {
        "hand": ["gravel_brute", "homeward_gust"],
        "field": ["banner_of_valor"],
        "crystals": ["glimmer_shard"] * 8,
    }
    match = scenario(rich)
    cast(match, "gravel_brute")
    pass_(match)
    pass_(match)  # the brute enters; the banner's ability triggers
    assert stack_labels(match) == ["Banner of Valor's ability"]
    resolve_all(match)
    assert card(match, "gravel_brute").str == 1
    match = scenario(rich)
    cast(match, "gravel_brute")
    pass_(match)
    pass_(match)
    cast(match, "homeward_gust")
    target(match, "gravel_brute")
    resolve_all(match)
    assert [e.what for e in events_of(match, Fizzled)] == ["Banner of Valor's ability"]


# --- modes --------------------------------------------------------------------------------


def test_modes_are_chosen_before_targets():
    """battle-mages.md:209-211 — Battle Chant: choose 2 modes, then their targets."""
    match = scenario(
        {"hand": ["battle_chant"], "field": ["burrow_mole"]}, {"field": ["gravel_brute"]}
    )
    cast(match, "battle_chant")
    d = decision(match)
    assert d.kind == "modes" and (d.min_picks, d.max_picks) == (2, 2)
    modes(match, 1, 2)
    assert _targets(match) == {uid(match, "gravel_brute")}  # the only one: taken at once
    target(match, "gravel_brute")
    resolve_all(match)
    assert card(match, "gravel_brute").damage == 2 and side(match, 0).life == 23


def test_modes_with_no_legal_target_are_not_offered_and_never_rechosen():
    """battle-mages.md:212 — Mind Snap with no spell to deny offers only 'draw'; once chosen,
    the spell keeps its mode (nothing offers to change it)."""
    match = scenario({"hand": ["mind_snap"]})
    cast(match, "mind_snap")
    assert stack_labels(match) == ["Mind Snap"]  # the one possible mode was taken at once
    assert match.state.stack[0].bodies == (1,)
    resolve_all(match)
    assert len(side(match, 0).hand) == 2


def test_a_modal_card_without_enough_attemptable_modes_cannot_be_attempted():
    match = scenario({"hand": ["battle_chant"]})  # no creature anywhere: only 'gain life'
    assert "battle_chant" not in _castable(match)


def test_with_exactly_as_many_usable_modes_as_it_chooses_nobody_is_asked():
    """No needless prompts: Battle Chant with no creature of Ann's has two usable modes."""
    match = scenario({"hand": ["battle_chant"]}, {"field": ["gravel_brute"]})
    cast(match, "battle_chant")
    assert stack_labels(match) == ["Battle Chant"]
    assert match.state.stack[0].bodies == (1, 2)


def test_targets_list_the_opponents_side_first():
    # battle-mages.md:31 (choosing targets); the opponent's cards come before the
    # player's own, as in every game
    match = scenario(
        {"hand": ["oakheart_vigor"], "field": ["burrow_mole"]}, {"field": ["burrow_mole"]}
    )
    cast(match, "oakheart_vigor")
    offered = [a[1] for a in decision(match).actions if a[0] == "target"]
    assert offered == [card(match, "burrow_mole", 1).uid, card(match, "burrow_mole", 0).uid]
