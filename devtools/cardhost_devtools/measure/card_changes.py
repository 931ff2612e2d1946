"""A balance trial's card changes, made in this process only, without editing a card file.

The balance trials of docs/balance.md are screened this way before a change goes into the
TOML: `--set CARD.FIELD=VALUE` changes a card (each game names its fields differently),
`--deck DECK:CARD=N` a deck's count of a card and `--swap DECK:OLD=NEW` one card for
another. `changed_decks(game, …)` applies them and returns the preconstructed decks.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from collections.abc import Callable, Collection, Sequence
from typing import Any

from pydantic import TypeAdapter, ValidationError

from cards.loader import game_pool
from cards.magic_core import schema as magic_core_schema
from engine.core.ruleset import get_ruleset
from engine.rulesets.battle_mages import cards as battle_mages_cards
from engine.rulesets.enchantoria import cards as enchantoria_cards
from engine.rulesets.mage_wars import cards as mage_wars_cards

#: What `--set` names in a game whose cards have a fixed set of numbers, and how its
#: help calls them.
BATTLE_MAGES_STATS = ("cost", "power", "health", "ability", "damage")
ENCHANTORIA_STATS = ("cost", "power", "health", "ward", "aura", "pulse", "well")
MAGE_NUMBERS = ("health", "armor", "pets", "fate", "hand", "discount", "power")
MAGE_LISTS = ("health_decks", "resurrect")

Changer = Callable[[list[str], list[str], Sequence[str]], dict[str, list[str]]]


def decks_with_changes(
    ruleset: str,
    deck_changes: list[str],
    known_cards: Collection[str],
    size: int,
    swaps: Collection[str] = (),
) -> dict[str, list[str]]:
    """The ruleset's preconstructed decks with a trial's `--deck DECK:CARD=N` counts and
    `--swap DECK:OLD=NEW` replacements applied (this process only); a deck that would not
    hold `size` cards is refused.

    Each list keeps the deck's own order (a card added by --deck goes last): the match
    shuffles the list it is given by its seed, so a sorted list would deal other games than
    `cardhost balance`. A swap puts NEW in OLD's last place, so the games are dealt as
    before but for that one card: the same deals, like a stat change (a deck file that
    writes NEW on OLD's line deals them too)."""
    counts = {
        deck: Counter(cards) for deck, cards in get_ruleset(ruleset).preconstructed_decks().items()
    }
    for item in deck_changes:
        deck, rest = item.split(":")
        card, value = rest.split("=")
        if deck not in counts or card not in known_cards:
            sys.exit(f"--deck {item}: no deck {deck!r} or no card {card!r}")
        counts[deck][card] = int(value)
    decks = {deck: list(count.elements()) for deck, count in counts.items()}
    for item in swaps:
        deck, rest = item.split(":")
        old, new = rest.split("=")
        if deck not in decks or old not in decks[deck] or new not in known_cards:
            sys.exit(f"--swap {item}: no deck {deck!r}, no {old!r} in it or no card {new!r}")
        place = len(decks[deck]) - 1 - decks[deck][::-1].index(old)
        decks[deck][place] = new
    for deck, cards in decks.items():
        if len(cards) != size:
            sys.exit(f"{deck} would have {len(cards)} cards, not {size}")
    return decks


# -- Battle Mages: `--set CARD.STAT=N`; `ability` is the mana its first ability costs,
# `damage` the damage its spell deals ------------------------------------------------------


def battle_mages(
    sets: list[str], deck_changes: list[str], swaps: Sequence[str] = ()
) -> dict[str, list[str]]:
    """The decks with the trial's changes (cards changed in place); 50 cards each."""
    protos = battle_mages_cards.protos()
    for item in sets:
        left, value = item.split("=")
        card, stat = left.split(".")
        if card not in protos or stat not in BATTLE_MAGES_STATS:
            sys.exit(
                f"--set {item}: no card {card!r} or no stat {stat!r} (stats: {BATTLE_MAGES_STATS})"
            )
        if stat == "ability":
            protos[card].abilities[0].cost = int(value)
        elif stat == "damage":
            script = protos[card].script
            effects = [] if script is None else [e for b in script.bodies for e in b.effects]
            if not any(e.kind == "damage" for e in effects):
                sys.exit(f"--set {item}: {card} is not a spell that deals damage")
            for effect in effects:
                if effect.kind == "damage":
                    effect.amount = int(value)
        else:
            # Protos are frozen so that a match cannot change a card; a trial may, here only.
            object.__setattr__(protos[card], stat, int(value))
    return decks_with_changes("battle-mages", deck_changes, protos, 50, swaps)


# -- Enchantoria: `--set CARD.STAT=N` ---------------------------------------------------------


def enchantoria(
    sets: list[str], deck_changes: list[str], swaps: Sequence[str] = ()
) -> dict[str, list[str]]:
    """The decks with the trial's changes (cards changed in place); 30 cards each."""
    protos = enchantoria_cards.protos()
    for item in sets:
        left, value = item.split("=")
        card, stat = left.split(".")
        if card not in protos or stat not in ENCHANTORIA_STATS:
            sys.exit(
                f"--set {item}: no card {card!r} or no stat {stat!r} (stats: {ENCHANTORIA_STATS})"
            )
        setattr(protos[card], stat, int(value))
    return decks_with_changes("enchantoria", deck_changes, protos, 30, swaps)


# -- magic-core: `--set CARD.FIELD=VALUE`, FIELD a field of the card's TOML entry, dotted
# into lists and tables: `power`, `cost` (`{2}{G}`), `keywords` (comma separated, `none`
# for none), `effects.0.power`, `triggers.0.effects.0.amount` ---------------------------------


def magic_core_value(text: str) -> Any:
    """A --set value as the TOML would hold it: a number, a keyword list, or a string."""
    if re.fullmatch(r"-?\d+", text):
        return int(text)
    if text == "none":
        return []
    if "," in text or text in magic_core_schema.Keyword.__args__:  # type: ignore[attr-defined]
        return [word for word in text.split(",") if word]
    return text


def change_magic_core_card(card_id: str, path: str, value: Any) -> None:
    """Set one field of a card in the loaded pool (this process only), checked by the
    schema as the card files are; the game builds its cards from the pool afterwards."""
    cards = game_pool("magic-core").cards
    if card_id not in cards:
        sys.exit(f"--set: no card {card_id!r}")
    data = cards[card_id].model_dump(mode="json", exclude_defaults=True)
    keys: list[Any] = [int(k) if k.isdigit() else k for k in path.split(".")]
    here = data
    for key in keys[:-1]:
        here = here[key]
    here[keys[-1]] = value
    try:
        cards[card_id] = TypeAdapter(magic_core_schema.Card).validate_python(data)
    except ValidationError as exc:
        sys.exit(f"--set {card_id}.{path}: {exc.errors()[0]['msg']}")


def magic_core(
    sets: list[str], deck_changes: list[str], swaps: Sequence[str] = ()
) -> dict[str, list[str]]:
    """The decks with the trial's changes (the card pool changed in place); 60 cards each."""
    for item in sets:
        left, value = item.split("=", 1)
        card_id, path = left.split(".", 1)
        change_magic_core_card(card_id, path, magic_core_value(value))
    return decks_with_changes("magic-core", deck_changes, game_pool("magic-core").cards, 60, swaps)


CHANGERS: dict[str, Changer] = {
    "battle-mages": battle_mages,
    "enchantoria": enchantoria,
    "magic-core": magic_core,
}


# -- Mage Wars: `--set MAGE.FIELD=N` (health, armor, pets, fate, hand, discount, power,
# win), `MAGE.health_decks=arcane+mystic`, `MAGE.resurrect=ember+any`; any other card's
# numbers by the path of the field in its TOML entry: `emberfox.power=2`,
# `riverhound.copies=1` (the deck's contents), `riverhound.once.0.amount=2`,
# `thornvine.requires=stone+any` ------------------------------------------------------------


def change_mage_wars(sets: list[str]) -> None:
    """Change Mages and cards in this process only (the shared prototypes are changed in
    place, so every match of this process deals the changed cards)."""
    protos = mage_wars_cards.protos()
    for item in sets:
        left, value = item.split("=")
        card, *path = left.split(".")
        proto = protos.get(card)
        if proto is None or not path:
            sys.exit(f"--set {item}: no card {card!r}, or no field")
        if proto.type == "mage":
            _set_mage(proto, path[0], value, item)
            continue
        data = proto.data.model_dump()
        where = data
        for step in path[:-1]:
            where = where[int(step)] if isinstance(where, list) else where[step]
        old = where[int(path[-1])] if isinstance(where, list) else where.get(path[-1])
        new = value.split("+") if isinstance(old, list) else int(value)
        if isinstance(where, list):
            where[int(path[-1])] = new
        else:
            where[path[-1]] = new
        proto.__init__(type(proto.data).model_validate(data))  # type: ignore[misc]


def _set_mage(proto: Any, field: str, value: str, item: str) -> None:
    data = proto.data
    if field in MAGE_NUMBERS:
        update: dict = {field: int(value)}
    elif field == "win":
        update = {"win": data.win.model_copy(update={"amount": int(value)})}
    elif field in MAGE_LISTS:
        update = {field: value.split("+")}
    else:
        sys.exit(f"--set {item}: no field {field!r} ({MAGE_NUMBERS + MAGE_LISTS + ('win',)})")
    proto.data = type(data).model_validate(data.model_dump() | update)
