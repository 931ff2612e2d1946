"""Card prototypes compiled from the TOML (their rules text: cards/mage_wars/text.py)."""

from functools import cache
from typing import Any

from cards.loader import game_pool
from cards.mage_wars import schema as s
from cards.mage_wars.text import card_text

DECKS = ("fate", "quest", "enchanted", "mystic", "arcane")


class Proto:
    """One card as the engine uses it: the model plus what is read on every action."""

    __slots__ = ("chosen", "data", "deck", "id", "name", "requires", "resources", "text", "type")

    def __init__(self, data: Any):
        self.data = data
        self.id: str = data.id
        self.name: str = data.name
        self.type: str = data.type
        self.deck: str = getattr(data, "deck", "mage")
        self.resources: tuple[str, ...] = tuple(getattr(data, "resources", ()))
        self.requires: tuple[str, ...] = tuple(getattr(data, "requires", ()))
        self.chosen: str | None = chosen_target(self)
        self.text = card_text(data)

    def __deepcopy__(self, memo: dict) -> "Proto":
        return self  # prototypes are shared, never changed

    def __repr__(self) -> str:
        return f"Proto({self.id})"


def use_effects(proto: Proto) -> list:
    """The effects a card has when used once (cast, or spent as a one-time attack)."""
    data = proto.data
    if proto.type in ("creature", "item"):
        return list(data.once)
    if proto.type == "magic":
        return list(data.effects)
    return []


def chosen_target(proto: Proto) -> str | None:
    for effect in use_effects(proto):
        target = getattr(effect, "target", None)
        if target in s.CHOSEN:
            return target
    return None


@cache
def protos() -> dict[str, Proto]:
    return {card_id: Proto(card) for card_id, card in game_pool("mage-wars").cards.items()}
