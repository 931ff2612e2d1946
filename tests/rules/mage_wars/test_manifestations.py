"""Resources, requirements and the card types (mage-wars.md:40-84)."""

from engine.rulesets.mage_wars.death import heal
from tests.rules.mage_wars.conftest import card, do, end_turn, game, hand, state

CINDER = {"mage": "cinder_archon"}  # evil, 1 pet
SELME = {"mage": "tidewarden_selme"}  # good, 2 pets
IVRA = {"mage": "thornmother_ivra"}  # neutral, 3 pets, armor 0
OBBIN = {"mage": "gearwright_obbin"}  # neutral, no pets


def test_a_card_used_as_a_resource_loses_its_primary_use() -> None:
    # mage-wars.md:40 — Cinder Bolt fills Emberfox's requirement and is never cast.
    m = game(
        {**IVRA, "hand": ["cinder_bolt"], "works": [{"card": "emberfox"}]}, {**CINDER, "health": 9}
    )
    bolt, fox = hand(m, 0, "cinder_bolt"), card(m, "emberfox")
    do(m, "fill", bolt.uid, fox.uid)
    s = state(m)
    assert bolt in s.discards["mystic"] and len(s.seats[1].health) == 9
    assert m.pending[0].kind == "activate"


def test_manifestations_are_laid_and_filled_over_several_turns() -> None:
    # mage-wars.md:42 — as many as you like on the table, filled from the hand over turns.
    m = game({**OBBIN, "hand": ["thunder_maul", "runed_longsword", "iron_ore"]}, CINDER)
    maul, sword = hand(m, 0, "thunder_maul"), hand(m, 0, "runed_longsword")
    do(m, "play", maul.uid)
    do(m, "play", sword.uid)
    do(m, "fill", hand(m, 0, "iron_ore").uid, maul.uid)
    end_turn(m)
    end_turn(m) if m.pending[0].player == 1 and m.pending[0].kind == "main" else None
    s = state(m)
    assert s.seats[0].works == [maul, sword]
    assert maul.need == ["stone", "ember", "any"] and len(maul.under) == 1


def test_one_resource_card_fills_one_requirement() -> None:
    # mage-wars.md:44, R3 — a card with two icons still fills only one requirement.
    m = game({**OBBIN, "hand": ["prism_shard"], "works": [{"card": "shimmering_cloak"}]}, CINDER)
    cloak = card(m, "shimmering_cloak")
    cloak.need = ["ember", "tide"]
    do(m, "fill", hand(m, 0, "prism_shard").uid, cloak.uid)
    assert cloak.need == ["tide"]


def test_a_resource_must_match_the_requirement() -> None:
    # mage-wars.md:42 — the corresponding requirement: an Ember card cannot fill Tide.
    m = game({**OBBIN, "hand": ["ember_shard"], "works": [{"card": "mending_drizzle"}]}, CINDER)
    assert not [a for a in m.pending[0].actions if a[0] == "fill"]


def test_a_manifestation_activates_when_every_requirement_is_met() -> None:
    # mage-wars.md:46 — the last requirement filled, the card is activated.
    m = game({**IVRA, "hand": ["ember_shard"], "works": [{"card": "emberfox"}]}, CINDER)
    do(m, "fill", hand(m, 0, "ember_shard").uid, card(m, "emberfox").uid)
    assert m.pending[0].kind == "activate" and state(m).seats[0].works == []


def test_a_creature_is_kept_as_a_pet_with_its_permanent_bonus() -> None:
    # mage-wars.md:52 — kept next to the Mage, its bonus is permanent.
    m = game({**IVRA, "hand": ["mossback_tortoise"]}, CINDER)
    turtle = hand(m, 0, "mossback_tortoise")
    turtle.discount = 2  # as if spent from health at a discount of 2: both waived (R5)
    do(m, "play", turtle.uid)
    assert ("pet", turtle.uid) in m.pending[0].actions
    do(m, "pet", turtle.uid)
    s = state(m)
    assert s.seats[0].pets == [turtle] and s.defence(s.seats[0]) == 1


def test_a_full_pet_row_means_releasing_one() -> None:
    # mage-wars.md:52 — at the maximum, an existing pet is discarded to make room.
    m = game(
        {**CINDER, "pets": ["thornvine"], "hand": ["ember_shard"], "works": [{"card": "emberfox"}]},
        SELME,
    )
    vine, fox = card(m, "thornvine"), card(m, "emberfox")
    do(m, "fill", hand(m, 0, "ember_shard").uid, fox.uid)
    assert ("pet", fox.uid) not in m.pending[0].actions
    do(m, "pet", fox.uid, vine.uid)
    s = state(m)
    assert s.seats[0].pets == [fox] and vine in s.discards["enchanted"]


def test_a_mage_without_pets_cannot_keep_one() -> None:
    # mage-wars.md:52 — only if the Mage card allows pets.
    m = game({**OBBIN, "hand": ["ember_shard"], "works": [{"card": "emberfox"}]}, CINDER)
    do(m, "fill", hand(m, 0, "ember_shard").uid, card(m, "emberfox").uid)
    assert not [a for a in m.pending[0].actions if a[0] == "pet"]


def test_a_creature_used_once_strikes_and_is_discarded() -> None:
    # mage-wars.md:54 — a one-time attack, then the card is discarded (R18: way, then target).
    m = game(
        {**IVRA, "hand": ["ember_shard"], "works": [{"card": "emberfox"}]},
        {**IVRA, "health": 8, "pets": ["thornvine"]},
    )
    fox = card(m, "emberfox")
    do(m, "fill", hand(m, 0, "ember_shard").uid, fox.uid)
    do(m, "once", fox.uid)
    assert m.pending[0].kind == "activate" and ("once", fox.uid, "p1") in m.pending[0].actions
    do(m, "once", fox.uid, "p1")
    s = state(m)
    assert len(s.seats[1].health) == 6 and fox in s.discards["enchanted"]


def test_an_item_goes_in_its_slot_or_is_used_once() -> None:
    # mage-wars.md:58 — one of the Mage's item slots (R9: weapon, armor, trinket).
    m = game(
        {
            **OBBIN,
            "items": [{"card": "chainweave_mail", "built": True}],
            "hand": ["iron_ore"],
            "works": [{"card": "shimmering_cloak", "need": ["any"]}],
        },
        CINDER,
    )
    mail, cloak = card(m, "chainweave_mail"), card(m, "shimmering_cloak")
    do(m, "fill", hand(m, 0, "iron_ore").uid, cloak.uid)
    options = m.pending[0].actions
    assert ("slot", cloak.uid, mail.uid) in options and ("once", cloak.uid, None) in options
    assert [o.label for o in m.options(m.pending[0])] == [
        "Put Shimmering Cloak in your armor slot, replacing Chainweave Mail",
        "Use Shimmering Cloak once: +2 defence until your next turn",
    ]
    do(m, "slot", cloak.uid, mail.uid)
    s = state(m)
    assert s.seats[0].items == {"armor": cloak} and mail in s.discards["arcane"]
    assert s.max_hand(s.seats[0]) == 7 + 1


def test_magic_is_used_as_the_card_says() -> None:
    # mage-wars.md:62 — Blood Ink needs nothing: you lose 1 health and draw 3 Mystic cards.
    m = game(
        {**OBBIN, "hand": ["blood_ink"], "health": 5},
        CINDER,
        decks={"mystic": ["moonstone", "moonstone", "wisp_essence"]},
    )
    do(m, "play", hand(m, 0, "blood_ink").uid)
    s = state(m)
    assert len(s.seats[0].health) == 4
    assert sorted(c.proto.id for c in s.seats[0].hand) == ["moonstone", "moonstone", "wisp_essence"]


def test_structures_are_built_in_the_centre_by_anyone() -> None:
    # mage-wars.md:66-68 — in the centre; any player contributes on their turn.
    m = game(
        {**CINDER, "hand": ["sunlit_bastion"]},
        {**SELME, "hand": ["amber_sap"]},
        decks={"fate": ["path_of_embers", "path_of_embers"]},
    )
    bastion = hand(m, 0, "sunlit_bastion")
    do(m, "play", bastion.uid)
    assert state(m).centre == [bastion]
    end_turn(m)
    sap = hand(m, 1, "amber_sap")
    assert ("fill", sap.uid, bastion.uid) in m.pending[0].actions


def test_a_built_structure_credits_its_builder_and_has_effects() -> None:
    # mage-wars.md:68-70 — on construction and a persistent aura for some alignments.
    m = game(
        {**SELME, "health": 5, "hand": ["amber_sap"]},
        CINDER,
        centre=[{"card": "sunlit_bastion", "need": ["stone"]}],
    )
    bastion = card(m, "sunlit_bastion")
    do(m, "fill", hand(m, 0, "amber_sap").uid, bastion.uid)
    s = state(m)
    selme, cinder = s.seats
    assert selme.built == 1 and len(selme.health) == 7  # built: restore 2
    assert s.defence(selme) == 1 and s.defence(cinder) == 0  # good Mages only


def test_a_destroyed_structure_has_its_effect() -> None:
    # mage-wars.md:68 — the upon-destruction effect: Obsidian Spire's destroyer draws a card.
    m = game(
        {**IVRA, "hand": ["spirit_pike", "ember_shard", "ember_shard"]},
        IVRA,
        centre=[{"card": "obsidian_spire", "built": True}],
        decks={"quest": ["feat_of_focus"]},
    )
    spire, pike = card(m, "obsidian_spire"), hand(m, 0, "spirit_pike")
    do(m, "play", pike.uid)
    for shard in [c for c in state(m).seats[0].hand if c.proto.id == "ember_shard"]:
        do(m, "fill", shard.uid, pike.uid)  # the only target: cast at once on the Spire
    s = state(m)
    assert spire in s.discards["quest"] and s.centre == []
    assert [c.proto.id for c in s.seats[0].hand] == ["feat_of_focus"]


def test_a_lost_max_health_bonus_takes_no_health_cards() -> None:
    # R30 (completes mw:28, 70) — Silver Pool gives good Mages +1 max health; when it falls,
    # Selme keeps her 11 health cards: the maximum only bounds healing.
    m = game(
        {**CINDER, "hand": ["spirit_pike", "ember_shard", "ember_shard"]},
        {**SELME, "health": 11},
        centre=[{"card": "silver_pool", "built": True}],
    )
    s = state(m)
    assert s.max_health(s.seats[1]) == 11
    pike = hand(m, 0, "spirit_pike")
    do(m, "play", pike.uid)
    for shard in [c for c in s.seats[0].hand if c.proto.id == "ember_shard"]:
        do(m, "fill", shard.uid, pike.uid)
    assert s.centre == [] and len(s.seats[1].health) == 11
    stats = m.view(0).seat(1).stats
    assert (stats["health"], stats["max_health"]) == (11, 10)
    heal(s, s.seats[1], 2)
    assert len(s.seats[1].health) == 11


def test_a_level_card_must_be_exactly_one_above() -> None:
    # mage-wars.md:74 — otherwise it is kept in hand.
    m = game(
        {"mage": "starseer_quill", "hand": ["oath_of_the_adept", "crown_of_the_magus"]}, CINDER
    )
    oath, crown = hand(m, 0, "oath_of_the_adept"), hand(m, 0, "crown_of_the_magus")
    assert ("play", oath.uid) in m.pending[0].actions
    assert ("play", crown.uid) not in m.pending[0].actions


def test_a_level_waits_for_its_quest_then_buffs_the_mage() -> None:
    # mage-wars.md:74-76 — quest requirements, collected cards discarded, the Mage levels.
    m = game(
        {
            "mage": "starseer_quill",
            "health": 2,
            "hand": ["ember_shard"],
            "works": [
                {"card": "oath_of_the_adept", "need": ["ember"], "under": ["moonstone", "iron_ore"]}
            ],
        },
        CINDER,
    )
    oath = card(m, "oath_of_the_adept")
    do(m, "fill", hand(m, 0, "ember_shard").uid, oath.uid)
    s = state(m)
    quill = s.seats[0]
    assert quill.level == 1 and oath in quill.works  # quest: 3 health, Quill has 2
    shown = m.view(1).seat(0).zones["board"].cards[-1]
    assert shown.name == "Oath of the Adept" and "waiting for its quest" in shown.tags
    heal(s, quill, 1)
    s.play_on()
    assert quill.level == 2 and quill.levels == [oath] and oath.under == []
    assert s.max_hand(quill) == 8 + 1 and len(quill.health) == 3 + 1  # buffs: hand, health
    assert card(m, "moonstone", s.discards["mystic"]) is not None


def test_a_challenge_met_this_turn_pays_its_reward() -> None:
    # mage-wars.md:80 — Feat of Focus: fill 2 requirements this turn, draw a Quest card.
    m = game(
        {
            **OBBIN,
            "hand": ["feat_of_focus", "iron_ore", "quicksilver"],
            "works": [{"card": "drakehide_cuirass"}],
        },
        CINDER,
        decks={"quest": ["toll_of_veins"]},
    )
    feat, cuirass = hand(m, 0, "feat_of_focus"), card(m, "drakehide_cuirass")
    do(m, "play", feat.uid)
    do(m, "fill", hand(m, 0, "iron_ore").uid, cuirass.uid)
    assert state(m).seats[0].won == 0
    do(m, "fill", hand(m, 0, "quicksilver").uid, cuirass.uid)
    s = state(m)
    assert s.seats[0].won == 1 and feat in s.discards["quest"]
    assert [c.proto.id for c in s.seats[0].hand] == ["toll_of_veins"]


def test_a_challenge_costs_more_than_it_pays() -> None:
    # mage-wars.md:80 — Toll of Veins asks three health cards spent this turn (two are not
    # enough) and gives one back: no challenge is won for free.
    m = game({**CINDER, "hand": ["toll_of_veins"], "health": ["amber_sap"] * 6}, OBBIN)
    do(m, "play", hand(m, 0, "toll_of_veins").uid)
    do(m, "spend")
    do(m, "spend")
    s = state(m)
    assert s.seats[0].won == 0
    do(m, "spend")
    assert s.seats[0].won == 1 and len(s.seats[0].health) == 6 - 3 + 1


def test_a_challenge_not_met_has_its_consequence() -> None:
    # mage-wars.md:80 — Ordeal of Cinders failed: lose 1 health at the end of the turn.
    m = game({**OBBIN, "hand": ["ordeal_of_cinders"], "health": 5}, CINDER)
    do(m, "play", hand(m, 0, "ordeal_of_cinders").uid)
    end_turn(m)
    s = state(m)
    assert len(s.seats[0].health) == 4 and s.seats[0].won == 0 and s.seats[0].trials == []


def test_resource_cards_are_only_resources_unless_permanent() -> None:
    # mage-wars.md:84 — plain resource cards are never played; a permanent one is laid.
    m = game(
        {
            **OBBIN,
            "hand": ["ember_shard", "living_spring"],
            "works": [{"card": "tide_compass"}, {"card": "mending_drizzle"}],
        },
        CINDER,
    )
    shard, spring = hand(m, 0, "ember_shard"), hand(m, 0, "living_spring")
    assert ("play", shard.uid) not in m.pending[0].actions
    assert ("play", spring.uid) in m.pending[0].actions


def test_a_permanent_resource_fills_one_requirement_each_turn() -> None:
    # mage-wars.md:84 — once completed it gives its icon every turn, and is not used up.
    m = game(
        {
            **OBBIN,
            "board": [{"card": "living_spring", "built": True}],
            "works": [{"card": "mending_drizzle"}],
        },
        CINDER,
    )
    spring, rain = card(m, "living_spring"), card(m, "mending_drizzle")
    do(m, "tap", spring.uid, rain.uid)
    assert rain.need == ["tide"] and ("tap", spring.uid, rain.uid) not in m.pending[0].actions
    assert spring in state(m).seats[0].board


def test_a_pet_gives_its_resource_and_attacks_in_the_same_turn() -> None:
    # mage-wars.md:52, 84; R29 — Thornvine's Stone once a turn and its attack once a turn
    # are two things: giving one does not spend the other.
    m = game(
        {**IVRA, "pets": ["thornvine"], "works": [{"card": "mossback_tortoise"}]},
        {**CINDER, "health": 9},
    )
    vine, turtle = card(m, "thornvine"), card(m, "mossback_tortoise")
    do(m, "tap", vine.uid, turtle.uid)
    assert turtle.need == ["any"]
    assert m.events[-1].text == "Player 1 fills Mossback Tortoise with Thornvine's resource."
    assert ("attack", vine.uid, "p1") in m.pending[0].actions
    do(m, "attack", vine.uid, "p1")
    assert len(state(m).seats[1].health) == 8
    assert not any(a[0] in ("tap", "attack") for a in m.pending[0].actions)
    assert {"used", "resource given"} <= set(m.view(1).seat(0).zones["board"].cards[1].tags)


def test_auras_may_name_pet_owners_levels_and_elements() -> None:
    # mage-wars.md:70 — "certain Alignments, certain Level, Element, pet owners".
    m = game(
        {**IVRA, "pets": ["thornvine"]},
        {**CINDER, "levels": [{"card": "oath_of_the_adept", "built": True}]},
        OBBIN,
        centre=[
            {"card": "grove_of_elders", "built": True},
            {"card": "windward_beacon", "built": True},
            {"card": "crossroads_market", "built": True},
        ],
    )
    s = state(m)
    ivra, cinder, obbin = s.seats
    assert s.defence(ivra) == 1 and s.defence(cinder) == 0  # Grove: pet owners
    assert s.fate_count(cinder) == 3 + 1 and s.fate_count(obbin) == 2  # Beacon: level 2+
    assert s.max_hand(ivra) == 6 + 1 and s.max_hand(obbin) == 7  # Market: a Stone resource


def test_a_spell_with_no_legal_target_is_not_offered_for_completion() -> None:
    # R32 (completes mage-wars.md:46): Spirit Pike deals 5 to an enemy card; with
    # no enemy pet, item or built structure its last requirement is not offered, since
    # completing it would only discard it and its resources. Partly filling is still fine.
    m = game(
        {**OBBIN, "hand": ["ember_shard"], "works": [{"card": "spirit_pike", "need": ["ember"]}]},
        CINDER,
    )
    pike, shard = card(m, "spirit_pike"), hand(m, 0, "ember_shard")
    assert ("fill", shard.uid, pike.uid) not in m.pending[0].actions
    m = game(
        {**OBBIN, "hand": ["ember_shard"], "works": [{"card": "spirit_pike", "need": ["ember"]}]},
        {**CINDER, "pets": ["thornvine"]},
    )
    pike, shard = card(m, "spirit_pike"), hand(m, 0, "ember_shard")
    assert ("fill", shard.uid, pike.uid) in m.pending[0].actions  # a target: offered
    m = game(
        {
            **OBBIN,
            "hand": ["ember_shard"],
            "works": [{"card": "spirit_pike", "need": ["ember", "any"]}],
        },
        CINDER,
    )
    pike, shard = card(m, "spirit_pike"), hand(m, 0, "ember_shard")
    assert ("fill", shard.uid, pike.uid) in m.pending[0].actions  # not the last: offered


def test_the_end_of_turn_discard_names_the_cards_held_and_the_maximum() -> None:
    # mage-wars.md:23, R6: with 11 cards and a maximum of 9 the prompt said
    # "Your hand holds 9: discard 2"; it names both numbers.
    m = game({**SELME, "hand": ["ember_shard"] * 9}, CINDER)
    keeps = state(m).max_hand(state(m).seats[0])
    do(m, "end")
    d = m.pending[0]
    held = len(state(m).seats[0].hand)
    assert d.kind == "discard"
    assert d.prompt == (
        f"You hold {held} cards and your hand keeps {keeps}: discard {held - keeps}."
    )
