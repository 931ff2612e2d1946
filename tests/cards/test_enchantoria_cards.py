"""Enchantoria card data: the pool, its coverage of every rule, deck rules (R16), and
load errors that name the file, the card and the field."""

from pathlib import Path

import pytest
from pydantic import TypeAdapter

from cards.enchantoria import schema
from cards.loader import CardFileError, game_pool, load_pool
from engine.rulesets.enchantoria.cards import protos
from engine.rulesets.enchantoria.ruleset import RULESET


def test_the_pool_has_at_least_40_original_cards() -> None:
    pool = game_pool("enchantoria")
    assert len(pool.cards) >= 40
    assert len({c.name for c in pool.cards.values()}) == len(pool.cards)


# Names printed on published cards (Magic: the Gathering, Hearthstone, Mage Wars ...) that
# a fantasy pool easily falls into; the first five were in this pool once and were renamed.
PUBLISHED = {
    "Sunlance", "Falling Star", "Hush", "Gate Hound", "Second Wind", "Fireball",
    "Counterspell", "Lightning Bolt", "Dispel", "Nullify", "Minor Heal", "Heal", "Starfall",
    "Siphon Soul", "Soul Siphon", "Mana Well", "Moonglow Amulet", "Mana Crystal", "Frostbolt",
    "Holy Light", "Healing Touch", "Ironbark", "Flamestrike", "Shock", "Giant Growth",
}  # fmt: skip


def test_no_card_carries_a_published_name() -> None:
    names = {c.name for c in game_pool("enchantoria").cards.values()}
    assert names.isdisjoint(PUBLISHED), names & PUBLISHED


def test_every_rule_has_cards() -> None:
    kinds = {e.kind for p in protos().values() for e in p.effects}
    assert {"damage", "heal", "block", "protect", "counter", "status"} <= kinds
    statuses = {e.status for p in protos().values() for e in p.effects if e.kind == "status"}
    assert statuses == {"burn", "regen", "ward", "stun", "weaken"}
    beings = {p.being for p in protos().values() if p.being}
    assert beings == {"creature", "construct"}
    assert any(p.x for p in protos().values())  # an X spell
    assert any(p.being and p.ward for p in protos().values())  # the text's blocking creature
    assert any(e.kind == "protect" and e.extra for p in protos().values() for e in p.effects)
    assert any(e.kind == "heal" and e.extra for p in protos().values() for e in p.effects)


def test_three_preconstructed_decks_are_legal() -> None:
    decks = RULESET.preconstructed_decks()
    assert len(decks) == 3
    for deck in decks.values():
        assert RULESET.validate_deck(deck) == []


def test_deck_rules_report_every_problem() -> None:
    # R16: 30 cards, at most 3 copies, at most 4 counterspells
    bad = ["mute_glyph"] * 4 + ["snuff"] * 2 + ["ember_orb"] * 3 + ["nonsense"]
    problems = RULESET.validate_deck(bad)
    assert any("exactly 30" in p for p in problems)
    assert any("Mute Glyph has 4" in p for p in problems)
    assert any("at most 4 counterspells" in p for p in problems)
    assert any("nonsense" in p for p in problems)


def test_card_text_is_written_from_the_effects() -> None:
    assert protos()["ember_orb"].text.endswith("Deal 3 damage to the target.")
    assert "Blocks 2 damage for you each turn" in protos()["bastion_sentinel"].text
    catalog = RULESET.card_catalog()
    assert catalog["noon_spear"].name == "Noon Spear (X)" and catalog["noon_spear"].flavor


def write(tmp_path: Path, body: str) -> Path:
    folder = tmp_path / "enchantoria"
    folder.mkdir()
    (folder / "bad.toml").write_text(body)
    return folder


ADAPTER = TypeAdapter(schema.Card)


def test_a_typo_names_file_card_and_field(tmp_path: Path) -> None:
    folder = write(
        tmp_path,
        '[[card]]\nid = "oops"\nname = "Oops"\ntype = "spell"\ncost = 2\ntarget = "any"\n'
        'effects = [{ kind = "damage", amont = 3 }]\n',
    )
    with pytest.raises(CardFileError) as err:
        load_pool("enchantoria", folder)
    text = str(err.value)
    assert "bad.toml" in text and "card 'oops'" in text and "amont" in text


@pytest.mark.parametrize(
    "card, words",
    [
        ('type = "spell"\ncost = "X"\neffects = [{ kind = "damage", amount = 3, '
         'to = "enemy_player" }]', "cost 'X'"),
        ('type = "spell"\ncost = 1\neffects = [{ kind = "damage", amount = 3 }]', "no target"),
        ('type = "spell"\ncost = 1\ntarget = "any"\neffects = [{ kind = "counter", '
         'pick = "costliest" }]', "counterspell"),
        ('type = "spell"\ncost = 1\ntarget = "enemy"\neffects = [{ kind = "status", '
         'status = "stun", turns = 2 }]', "stun needs creatures"),
        ('type = "summon"\ncost = 2\nbeing = { kind = "construct", power = 2, health = 3 }',
         "construct never attacks"),
    ],
)  # fmt: skip
def test_inconsistent_cards_fail_at_load(tmp_path: Path, card: str, words: str) -> None:
    folder = write(tmp_path, f'[[card]]\nid = "odd"\nname = "Odd"\n{card}\n')
    with pytest.raises(CardFileError, match=words):
        load_pool("enchantoria", folder)
