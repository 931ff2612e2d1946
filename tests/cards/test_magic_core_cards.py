"""magic-core card data: the pool meets the issue's minimums and a bad card file fails
with the file, the card and the field in the message."""

from pathlib import Path

import pytest

from cards.loader import CardFileError, game_pool, load_pool
from engine.rulesets.magic_core.cards import protos
from engine.rulesets.magic_core.ruleset import RULESET


def test_five_basic_land_types_and_sixty_original_spells_and_permanents() -> None:
    basics = {p.produces for p in protos().values() if p.basic}
    assert basics == set("WUBRG")
    spells = [p for p in protos().values() if not p.is_land and not p.token]
    assert len(spells) >= 60
    for colour in "WUBRG":
        assert sum(colour in p.colors for p in spells) >= 10, colour


def test_tokens_of_111_10_and_x_spells_are_in_the_pool() -> None:
    tokens = {p.id for p in protos().values() if p.token}
    assert {"treasure", "food", "gold"} <= tokens
    made = {
        e.token
        for card in game_pool("magic-core").cards.values()
        for effects in [card.effects] + [t.effects for t in card.triggers]
        for e in effects
        if e.kind == "create_token"
    }
    assert {"treasure", "food", "gold"} <= made
    x_spells = [p for p in protos().values() if p.cost[7] and not p.is_permanent]
    assert len(x_spells) >= 5


def test_five_legal_preconstructed_decks_of_sixty() -> None:
    decks = RULESET.preconstructed_decks()
    assert len(decks) == 5
    for name, cards in decks.items():
        assert len(cards) >= 60, name
        assert RULESET.validate_deck(cards) == [], name


def test_every_card_has_text_and_the_catalog_lists_them() -> None:
    catalog = RULESET.card_catalog()
    assert set(catalog) == set(protos())
    for card_id, proto in protos().items():
        if proto.effects or proto.abilities or proto.triggers or proto.keywords or proto.produces:
            assert proto.text, card_id
    assert "Kindle Bolt deals 2 damage to any target." in catalog["kindle_bolt"].text


def test_card_names_are_unique() -> None:
    names = [p.name for p in protos().values()]
    assert len(names) == len(set(names))


def _load(tmp_path: Path, text: str):
    (tmp_path / "bad.toml").write_text(text, encoding="utf-8")
    return load_pool("magic-core", folder=tmp_path)


def test_a_typo_names_file_card_and_field(tmp_path: Path) -> None:
    with pytest.raises(CardFileError) as err:
        _load(
            tmp_path,
            '[[card]]\nid = "oops"\nname = "Oops"\ntypes = ["creature"]\n'
            'cost = "{1}{R}"\npower = 2\ntoughnes = 2\n',
        )
    message = str(err.value)
    assert "bad.toml" in message and "oops" in message and "toughnes" in message


def test_bad_costs_targets_and_x_are_refused(tmp_path: Path) -> None:
    cases = [
        ('cost = "{R}{Z}"', "not a mana cost"),
        ('cost = "{R/R}"', "two different colours"),
        ('cost = "{R/C}"', "not a mana cost"),
        ('effects = [{ kind = "damage", amount = 2, target = "target_spell" }]', "cannot aim"),
        ('effects = [{ kind = "draw", amount = "X" }]', "no {X}"),
    ]
    for line, expected in cases:
        text = f'[[card]]\nid = "bad"\nname = "Bad"\ntypes = ["sorcery"]\n{line}\n'
        if "effects" not in line:
            text += 'effects = [{ kind = "draw", amount = 1 }]\n'
        else:
            text += 'cost = "{R}"\n'
        with pytest.raises(CardFileError) as err:
            _load(tmp_path, text)
        assert expected in str(err.value), (line, str(err.value))


def test_an_additional_cost_on_a_land_is_refused(tmp_path: Path) -> None:
    with pytest.raises(CardFileError) as err:
        _load(
            tmp_path,
            '[[card]]\nid = "odd_land"\nname = "Odd Land"\ntypes = ["land"]\n'
            'produces = "R"\nadditional_life = 2\n',
        )
    assert "odd_land" in str(err.value) and "additional_life" in str(err.value)


def test_a_graveyard_ability_must_return_its_card_and_not_tap(tmp_path: Path) -> None:
    head = (
        '[[card]]\nid = "ghoul"\nname = "Ghoul"\ntypes = ["creature"]\npower = 1\ntoughness = 1\n'
    )
    cases = [
        ('abilities = [{ zone = "graveyard", effects = [{ kind = "draw" }] }]', "return_self"),
        ('abilities = [{ effects = [{ kind = "return_self" }] }]', "return_self"),
        (
            'abilities = [{ zone = "graveyard", tap = true, '
            'effects = [{ kind = "return_self" }] }]',
            "cannot tap",
        ),
    ]
    for line, expected in cases:
        with pytest.raises(CardFileError) as err:
            _load(tmp_path, head + line + "\n")
        assert expected in str(err.value) and "ghoul" in str(err.value), line
