"""The shipped Clash card pool and decks, and the loader's messages for bad card files."""

from collections import Counter
from pathlib import Path

import pytest

from cards import loader
from cards.clash import schema as clash
from cards.clash.text import card_text

DECK_SIZE = 30
COPY_LIMIT = 3
EFFECT_FIELDS = ("on_summon", "on_death", "on_turn_end")


@pytest.fixture(scope="module")
def pool():
    return loader.game_pool("clash")


def _of_type(pool, card_type):
    return [card for card in pool.cards.values() if isinstance(card, card_type)]


def _has_chosen_target(card) -> bool:
    return card.chosen_target is not None


# --- the shipped pool ------------------------------------------------------------------


def test_pool_loads_with_enough_cards(pool):
    assert len(pool.cards) >= 44
    assert all(card_id == card.id for card_id, card in pool.cards.items())


def test_monsters_cover_every_effect_kind(pool):
    monsters = _of_type(pool, clash.Monster)
    assert len(monsters) >= 24
    for field in EFFECT_FIELDS:
        users = [m.id for m in monsters if getattr(m, field)]
        assert len(users) >= 3, f"only {users} use {field}"
    assert sum("haste" in m.keywords for m in monsters) >= 3
    vanilla = [m for m in monsters if not any(getattr(m, f) for f in EFFECT_FIELDS)]
    assert vanilla, "expected some monsters without effects"
    assert any(m.chosen_target is not None for m in monsters)
    assert {m.cost for m in monsters} >= set(range(1, 11))


def test_monster_stats_are_sane(pool):
    for m in _of_type(pool, clash.Monster):
        total = m.power + m.toughness + m.health
        assert total <= 3 * m.cost + 3, f"{m.id} is over budget: {total}"
        assert m.toughness <= 4, f"{m.id} toughness {m.toughness} is too strong"


def test_spells_with_and_without_targets(pool):
    spells = _of_type(pool, clash.Spell)
    assert len(spells) >= 12
    targeted = [s for s in spells if _has_chosen_target(s)]
    untargeted = [s for s in spells if not _has_chosen_target(s)]
    assert len(targeted) >= 3
    assert len(untargeted) >= 3
    kinds = {effect.kind for s in spells for effect in s.effects}
    assert {"damage", "destroy", "heal", "stats", "max_health", "draw", "mana", "summon"} <= kinds
    assert "at_end_of_turn" in kinds


def test_equipment(pool):
    equipment = _of_type(pool, clash.Equipment)
    assert len(equipment) >= 7
    assert all(1 <= e.cost <= 6 for e in equipment)
    assert all(e.power > 0 or e.toughness > 0 for e in equipment)


def test_names_are_unique_and_short(pool):
    names = [card.name.casefold() for card in pool.cards.values()]
    duplicates = [name for name, n in Counter(names).items() if n > 1]
    assert duplicates == []
    assert all(len(card.name) <= 40 for card in pool.cards.values())


def test_every_card_has_rules_text(pool):
    for card in pool.cards.values():
        text = card_text(card)
        vanilla = isinstance(card, clash.Monster) and not (
            card.keywords or any(getattr(card, f) for f in EFFECT_FIELDS)
        )
        assert (text == "") == vanilla, f"{card.id}: {text!r}"


def test_three_decks_of_thirty_with_distinct_styles(pool):
    assert set(pool.decks) == {"ember_rush", "stone_wall", "grave_tide"}
    assert len({deck.style for deck in pool.decks.values()}) == 3
    for deck in pool.decks.values():
        assert sum(deck.cards.values()) == DECK_SIZE, deck.id
        assert len(deck.card_list()) == DECK_SIZE, deck.id
        assert all(1 <= n <= COPY_LIMIT for n in deck.cards.values()), deck.id
        assert all(card_id in pool for card_id in deck.cards), deck.id
        assert deck.description


def test_decks_play_differently(pool):
    def deck_cards(deck_id):
        return [pool[c] for c in pool.decks[deck_id].card_list()]

    rush = [c for c in deck_cards("ember_rush") if isinstance(c, clash.Monster)]
    wall = [c for c in deck_cards("stone_wall") if isinstance(c, clash.Monster)]
    grave = [c for c in deck_cards("grave_tide") if isinstance(c, clash.Monster)]
    assert sum("haste" in m.keywords for m in rush) >= 12
    assert sum(m.toughness for m in wall) / len(wall) >= 2
    assert sum(bool(m.on_death) for m in grave) >= 10


# --- loader errors ---------------------------------------------------------------------

MONSTER = """
[[card]]
id = "bad_imp"
name = "Bad Imp"
type = "monster"
cost = 1
power = 1
toughness = 0
health = 1
"""

BAD_CARDS = {
    "misspelled_field": (MONSTER.replace("power = 1", "powr = 1"), "bad_imp", ["powr"]),
    "negative_cost": (MONSTER.replace("cost = 1", "cost = -1"), "bad_imp", ["cost"]),
    "unknown_effect_kind": (
        MONSTER + 'on_summon = [{ kind = "teleport", target = "this" }]\n',
        "bad_imp",
        ["on_summon", "teleport"],
    ),
    "death_effect_with_chosen_target": (
        MONSTER + 'on_death = [{ kind = "damage", amount = 1, target = "chosen_enemy" }]\n',
        "bad_imp",
        ["on_death", "chosen"],
    ),
    "two_chosen_targets": (
        """
[[card]]
id = "bad_spell"
name = "Bad Spell"
type = "spell"
cost = 1
effects = [
    { kind = "damage", amount = 1, target = "chosen_enemy" },
    { kind = "heal", amount = 1, target = "chosen_friendly_monster" },
]
""",
        "bad_spell",
        ["chosen_enemy", "chosen_friendly_monster"],
    ),
    # a monsters-only effect aimed where a player may be: it would destroy the player's side
    "destroy_a_random_enemy": (
        MONSTER + 'on_summon = [{ kind = "destroy", target = "random_enemy" }]\n',
        "bad_imp",
        ["destroy", "random_enemy"],
    ),
    "stats_on_a_chosen_character": (
        '[[card]]\nid = "bad_spell"\nname = "Bad Spell"\ntype = "spell"\ncost = 1\n'
        'effects = [{ kind = "stats", power = 1, target = "chosen_character" }]\n',
        "bad_spell",
        ["stats", "chosen_character"],
    ),
    "equipment_boosting_nothing": (
        '[[card]]\nid = "bad_gear"\nname = "Bad Gear"\ntype = "equipment"\ncost = 1\n',
        "bad_gear",
        ["power", "toughness"],
    ),
}


def _load(folder: Path):
    return loader.load_pool("clash", folder=folder)


@pytest.mark.parametrize("case", sorted(BAD_CARDS))
def test_bad_card_names_file_card_and_field(tmp_path, case):
    text, card_id, words = BAD_CARDS[case]
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(loader.CardFileError) as caught:
        _load(tmp_path)
    message = str(caught.value)
    assert str(path) in message
    assert f"'{card_id}'" in message
    for word in words:
        assert word in message


def test_two_chosen_targets_names_the_effects_field(tmp_path):
    text, _, _ = BAD_CARDS["two_chosen_targets"]
    (tmp_path / "bad.toml").write_text(text, encoding="utf-8")
    with pytest.raises(loader.CardFileError, match="effects"):
        _load(tmp_path)


def test_duplicate_card_id(tmp_path):
    gear = '[[card]]\nid = "twin_gear"\nname = "{}"\ntype = "equipment"\ncost = 1\npower = 1\n'
    (tmp_path / "a.toml").write_text(gear.format("First Gear"), encoding="utf-8")
    second = tmp_path / "b.toml"
    second.write_text(gear.format("Second Gear"), encoding="utf-8")
    with pytest.raises(loader.CardFileError) as caught:
        _load(tmp_path)
    message = str(caught.value)
    assert str(second) in message
    assert "'twin_gear'" in message
    assert "defined twice" in message


def test_deck_naming_unknown_card(tmp_path):
    (tmp_path / "gear.toml").write_text(
        '[[card]]\nid = "real_gear"\nname = "Real Gear"\ntype = "equipment"\ncost = 1\npower = 1\n',
        encoding="utf-8",
    )
    (tmp_path / "decks").mkdir()
    deck = tmp_path / "decks" / "my_deck.toml"
    deck.write_text(
        'id = "my_deck"\nname = "My Deck"\nstyle = "test"\n\n'
        "[cards]\nreal_gear = 3\nghost_card = 2\n",
        encoding="utf-8",
    )
    with pytest.raises(loader.CardFileError) as caught:
        _load(tmp_path)
    message = str(caught.value)
    assert str(deck) in message
    assert "'my_deck'" in message
    assert "ghost_card" in message
    assert "real_gear" not in message


def test_invalid_toml_syntax(tmp_path):
    path = tmp_path / "broken.toml"
    path.write_text('[[card]\nid = "broken"\n', encoding="utf-8")
    with pytest.raises(loader.CardFileError) as caught:
        _load(tmp_path)
    message = str(caught.value)
    assert str(path) in message
    assert "not valid TOML" in message


def test_good_files_in_tmp_path_load(tmp_path):
    (tmp_path / "ok.toml").write_text(MONSTER, encoding="utf-8")
    pool = _load(tmp_path)
    assert list(pool.cards) == ["bad_imp"]
    assert pool.decks == {}
