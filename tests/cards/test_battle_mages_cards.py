"""The shipped Battle Mages pool and spellbooks (issue item 8), and the card-file errors."""

from collections import Counter
from pathlib import Path

import pytest

from cards.battle_mages import schema
from cards.battle_mages.text import card_text
from cards.loader import CardFileError, game_pool, load_pool


@pytest.fixture(scope="module")
def pool():
    return game_pool("battle-mages")


def _scripts(card):
    if isinstance(card, schema.Ritual):
        return [card.script]
    if isinstance(card, schema.Crystal):
        return []
    return [*card.abilities, *card.triggers]


def _bodies(pool):
    return [b for c in pool.cards.values() for s in _scripts(c) for b in s.bodies]


def test_at_least_sixty_original_cards_over_three_rarities(pool):
    assert len(pool.cards) >= 60
    rarities = Counter(c.rarity for c in pool.cards.values())
    assert set(rarities) == {"white", "gold", "purple"}
    assert min(rarities.values()) >= 5
    names = [c.name.casefold() for c in pool.cards.values()]
    assert len(set(names)) == len(names)


def test_every_card_type_including_big_and_small_crystals(pool):
    types = Counter(c.type for c in pool.cards.values())
    assert set(types) == {"crystal", "creature", "ritual", "relic"}
    sizes = {c.size for c in pool.cards.values() if isinstance(c, schema.Crystal)}
    assert sizes == {"small", "big"}


def test_every_keyword_and_trigger_is_used(pool):
    creatures = [c for c in pool.cards.values() if isinstance(c, schema.Creature)]
    keywords = {k for c in creatures for k in c.keywords}
    assert keywords == {"flying", "rush", "attentiveness"}
    whens = {
        t.when
        for c in pool.cards.values()
        if not isinstance(c, schema.Crystal | schema.Ritual)
        for t in c.triggers
    }
    assert whens == {"arrival", "boast", "last_breath", "ally_arrives"}
    boasts = [t for c in creatures for t in c.triggers if t.when == "boast"]
    assert any(t.cost for t in boasts) and any(not t.cost for t in boasts)


def test_every_counter_modifier_wording_and_effect_is_used(pool):
    bodies = _bodies(pool)
    selections = [s for b in bodies for s in b.select]
    assert {s.wording for s in selections} == set(schema.Wording.__args__)
    assert {m for s in selections for m in s.modifiers} == set(schema.Modifier.__args__)
    assert {s.object for s in selections} == set(schema.ObjectKind.__args__)
    effects = [e for b in bodies for e in b.effects]
    assert {e.kind for e in effects} == set(schema.ACTS_ON)
    counters = {e.counter for e in effects if e.kind == "add_counters"}
    assert counters >= {"poison", "shield", "str", "ice"}
    assert any(e.kind == "damage" for e in effects)  # damage counters come from damage
    modal = [c for c in pool.cards.values() for s in _scripts(c) if s.modes]
    assert {s.choose for c in modal for s in _scripts(c) if s.modes} >= {1, 2}


def test_rules_text_uses_each_cards_own_wording(pool):
    assert card_text(pool["flame_volley"]) == "Deal 2 damage to up to 2 target Creatures."
    assert card_text(pool["dispel_word"]) == "Deny target Spell."
    assert card_text(pool["skyrend_sigil"]) == "Destroy target flying Creature."
    assert card_text(pool["judging_flare"]) == "Deal 3 damage to an opposing Creature."
    assert card_text(pool["mind_snap"]).startswith("Choose 1:")
    for card in pool.cards.values():
        text = card_text(card)
        blank = isinstance(card, schema.Creature) and not (card.keywords or _scripts(card))
        assert (text == "") == blank, card.id


def test_three_spellbooks_with_distinct_styles(pool):
    assert len(pool.decks) == 3
    assert len({d.style for d in pool.decks.values()}) == 3
    for deck in pool.decks.values():
        assert len(deck.card_list()) == 50 and deck.description


# --- loader errors ---------------------------------------------------------------------

RITUAL = """
[[card]]
id = "bad_bolt"
name = "Bad Bolt"
type = "ritual"
rarity = "white"
cost = 1
[card.script]
select = [{ wording = "target", object = "creature" }]
effects = [{ kind = "damage", amount = 2, to = "it" }]
"""

BAD = {
    "misspelled_field": (RITUAL.replace("cost = 1", "cots = 1"), ["bad_bolt", "cots"]),
    "unknown_rarity": (RITUAL.replace('"white"', '"green"'), ["bad_bolt", "rarity"]),
    "unknown_wording": (RITUAL.replace('"target"', '"some"'), ["bad_bolt", "wording"]),
    "unknown_selection": (RITUAL.replace('to = "it"', 'to = "them"'), ["bad_bolt", "them"]),
    "modifier_on_a_mage": (
        RITUAL.replace('object = "creature"', 'object = "mage", modifiers = ["flying"]'),
        ["bad_bolt", "mage"],
    ),
    "deny_a_creature": (
        RITUAL.replace('kind = "damage", amount = 2', 'kind = "deny"'),
        ["bad_bolt", "deny"],
    ),
    "that_in_a_ritual": (RITUAL.replace('"target"', '"that"'), ["bad_bolt", "that"]),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_a_bad_card_file_names_file_card_and_field(tmp_path: Path, case: str):
    text, words = BAD[case]
    (tmp_path / "cards.toml").write_text(text)
    with pytest.raises(CardFileError) as info:
        load_pool("battle-mages", tmp_path)
    message = str(info.value)
    assert "cards.toml" in message
    for word in words:
        assert word in message, message


def test_a_good_card_file_loads(tmp_path: Path):
    (tmp_path / "cards.toml").write_text(RITUAL)
    pool = load_pool("battle-mages", tmp_path)
    assert list(pool.cards) == ["bad_bolt"]


def test_every_card_is_in_some_spellbook_so_random_games_play_it(pool):
    used = {c for deck in pool.decks.values() for c in deck.cards}
    assert set(pool.cards) - used == set()


def test_the_pool_exercises_every_rule_of_issue_item_6(pool):
    """Issue item 8 asks the cards to exercise every keyword, counter, targeting wording and
    mode rule: computed from the card data, so a card edit that drops one fails here."""
    direct = [
        (card, s)
        for card in pool.cards.values()
        for script in _scripts(card)
        for b in script.bodies
        for s in b.select
        if s.wording in ("target", "up_to_target")
    ]
    # every modifier restricts a direct target somewhere (battle-mages.md:63-82)
    assert {m for _, s in direct for m in s.modifiers} == set(schema.Modifier.__args__)
    # every kind of object can be targeted directly (battle-mages.md:165)
    assert {s.object for _, s in direct} == set(schema.ObjectKind.__args__)
    # a trigger that targets directly, so one can find no legal target (line 168)
    triggers = [t for c in pool.cards.values() if hasattr(c, "triggers") for t in c.triggers]
    assert any(s.wording == "target" for t in triggers for b in t.bodies for s in b.select)
    assert any(s.wording == "up_to_target" for t in triggers for b in t.bodies for s in b.select)
    # "up to" on several targets: the text's own example (lines 178-181)
    assert any(s.wording == "up_to_target" and s.count >= 2 for _, s in direct)
    # modes: a "Choose N" with fewer picks than modes, one mode targeting, one not (209-212)
    modal = [s for c in pool.cards.values() for s in _scripts(c) if s.modes]
    assert any(
        s.choose < len(s.modes)
        and any(any(x.wording == "target" for x in m.select) for m in s.modes)
        and any(not m.select for m in s.modes)
        for s in modal
    )


def test_the_pool_exercises_every_counter_and_keyword(pool):
    """Each counter is put on by some card and removed or checked by another; each keyword
    is printed, and the ones a spell can take away or give are given and taken."""
    effects = [e for b in _bodies(pool) for e in b.effects]
    put = {e.counter for e in effects if e.kind == "add_counters"}
    removed = {e.counter for e in effects if e.kind == "remove_counters"}
    assert put == {"poison", "shield", "str", "ice"}  # damage counters come from damage
    assert {"ice", "str", "all"} <= removed
    assert any(e.kind == "heal" for e in effects)  # removes Damage counters
    granted = {e.keyword for e in effects if e.kind == "grant"}
    stripped = {e.keyword for e in effects if e.kind == "strip"}
    assert granted == {"rush", "flying"} and stripped == {"flying"}
    creatures = [c for c in pool.cards.values() if isinstance(c, schema.Creature)]
    printed = {k for c in creatures for k in c.keywords}
    assert printed == set(schema.Keyword.__args__)
    # Boast paid and unpaid, and a Boast on a creature with Rush or Attentiveness
    boasts = [c for c in creatures if any(t.when == "boast" for t in c.triggers)]
    assert any(c.keywords for c in boasts)
