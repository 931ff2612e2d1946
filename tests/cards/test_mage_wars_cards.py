"""The Mage Wars card pool: six decks, six Mages, every card type, and load-time errors."""

from collections import Counter
from pathlib import Path

import pytest

from cards import loader
from cards.mage_wars import schema as s
from engine.core.ruleset import get_ruleset
from engine.rulesets.mage_wars.cards import protos

PLAY_DECKS = ("fate", "quest", "enchanted", "mystic", "arcane")


@pytest.fixture(scope="module")
def pool():
    return loader.game_pool("mage-wars")


def test_each_play_deck_has_at_least_25_original_cards(pool) -> None:
    # At least 25 cards in each of the five play decks: enough variety to deal from.
    counts = Counter(c.deck for c in pool.cards.values() if c.type != "mage")
    for deck in PLAY_DECKS:
        assert counts[deck] >= 25, f"{deck}: {counts[deck]}"


def test_six_mages_with_every_number_and_a_win_condition_each(pool) -> None:
    # mage-wars.md:17-24 — health, armor, alignment, pets, fate, hand, win condition.
    mages = [c for c in pool.cards.values() if c.type == "mage"]
    assert len(mages) >= 6
    assert len({m.win.kind for m in mages}) >= 6  # each Mage wins its own way
    assert {m.alignment for m in mages} == {"good", "evil", "neutral"}
    assert any(m.pets == 0 for m in mages) and any(m.pets >= 2 for m in mages)


def test_every_card_type_is_in_the_pool(pool) -> None:
    # mage-wars.md:48-91 — creatures/plants, items, magic, structures, levels, challenges,
    # resources, curses, blessings; plus charged cards and permanent resources.
    types = Counter(c.type for c in pool.cards.values())
    for kind in (
        "creature",
        "item",
        "magic",
        "structure",
        "level",
        "challenge",
        "resource",
        "curse",
        "blessing",
        "fate",
    ):
        assert types[kind] >= 2, kind
    cards = list(pool.cards.values())
    assert any(c.type == "creature" and c.plant for c in cards)
    assert {c.slot for c in cards if c.type == "item"} == {"weapon", "armor", "trinket"}
    assert any(getattr(c, "charged", False) for c in cards if c.type == "item")
    assert any(c.type == "resource" and c.permanent for c in cards)
    assert {c.mode for c in cards if c.type == "blessing"} == {"negate", "deflect"}
    assert {c.deck for c in cards if c.type == "curse"} >= {"fate", "enchanted", "mystic", "arcane"}
    assert any(e.kind == "salvage" for c in cards for e in getattr(c, "effects", []))
    levels = {c.level for c in cards if c.type == "level"}
    assert levels == {2, 3, 4}
    auras = {c.aura.who for c in cards if c.type == "structure"}
    assert {"good", "evil", "pet_owners", "level_2"} <= auras


def test_every_card_reads_from_its_data(pool) -> None:
    for card_id, proto in protos().items():
        assert proto.text, card_id
        assert len(proto.text) < 400, card_id


def test_card_catalog_lists_every_card_including_mages(pool) -> None:
    catalog = get_ruleset("mage-wars").card_catalog()
    assert set(catalog) == set(pool.cards)
    assert catalog["starseer_quill"].kind == "mage"
    assert catalog["ashwood_bow"].text.startswith("Resource: Gale.")


def test_card_names_are_unique(pool) -> None:
    names = Counter(c.name for c in pool.cards.values())
    assert max(names.values()) == 1


def test_a_typo_names_the_file_the_card_and_the_field(tmp_path: Path) -> None:
    (tmp_path / "bad.toml").write_text(
        '[[card]]\nid = "oops"\nname = "Oops"\ntype = "creature"\ndeck = "enchanted"\n'
        'health = 2\npower = 1\nonce = [{ kind = "damage", amount = 2, target = "enemy_mages" }]\n'
    )
    with pytest.raises(loader.CardFileError) as err:
        loader.load_pool("mage-wars", tmp_path)
    message = str(err.value)
    assert "bad.toml" in message and "oops" in message and "once" in message


def test_a_fate_card_cannot_ask_for_a_chosen_target(tmp_path: Path) -> None:
    (tmp_path / "bad.toml").write_text(
        '[[card]]\nid = "odd_fate"\nname = "Odd Fate"\ntype = "fate"\ndeck = "fate"\n'
        'effects = [{ kind = "damage", amount = 2, target = "enemy_mage" }]\n'
    )
    with pytest.raises(loader.CardFileError, match="odd_fate"):
        loader.load_pool("mage-wars", tmp_path)


def test_only_a_wounds_win_counts_past_five() -> None:
    # R34 — wounds count health cards (Cinder Archon asks 17); a condition of whole things
    # (pets, items, structures, challenges, a level) asks at most 5.
    assert s.WinCondition(kind="wounds", amount=17).amount == 17
    with pytest.raises(ValueError, match="'pets' win condition asks at most 5"):
        s.WinCondition(kind="pets", amount=6)
    assert protos()["cinder_archon"].data.win.kind == "wounds"


# Names printed on published cards that a designer might reach for (renamed here before).
PUBLISHED = {
    "Apotheosis",  # Slay the Spire
    "Crossroads",  # Dominion
    "Hidden Cache",  # Hearthstone
    "Lightning Bolt",  # Magic: the Gathering
    "Fireball",  # Magic: the Gathering, Hearthstone
    "Counterspell",  # Magic: the Gathering
    "Moonglow Amulet",  # Mage Wars (Arcane Wonders)
    "Dispel",  # Mage Wars (Arcane Wonders)
    "Mana Crystal",  # Mage Wars (Arcane Wonders)
}


def test_no_card_carries_a_published_name(pool) -> None:
    # Original content only: no card may carry a published game's name.
    assert not {c.name for c in pool.cards.values()} & PUBLISHED
