"""Card prototypes compiled from the TOML cards, and card instances.

Effects are compiled to slotted records once; the text a player reads is written from the
same card data (cards/enchantoria/text.py), so text and behaviour cannot disagree.
"""

from functools import cache
from typing import ClassVar

from cards.enchantoria import schema
from cards.enchantoria.text import card_text
from cards.loader import game_pool
from engine.core.clone import Plan

SPELL = "spell"
SUMMON = "summon"
X = -1  # an amount equal to the X its caster paid


class Eff:
    """One compiled effect. `amount` is X for "x"; `extra` is raise_max, turns or count."""

    __slots__ = ("amount", "extra", "kind", "pick", "status", "to")

    def __init__(
        self, kind: str, amount: int, to: str, status: str = "", extra: int = 0, pick: str = ""
    ):
        self.kind = kind
        self.amount = amount
        self.to = to
        self.status = status
        self.extra = extra
        self.pick = pick


class Proto:
    """A card as the engine uses it."""

    __slots__ = (
        "aura",
        "being",
        "cost",
        "effects",
        "health",
        "id",
        "is_counter",
        "name",
        "power",
        "pulse",
        "swift",
        "target",
        "text",
        "type",
        "ward",
        "well",
        "x",
    )

    def __init__(self, card: schema.Spell | schema.Summon):
        self.id = card.id
        self.name = card.name
        self.type = card.type
        self.x = card.cost == "X"
        self.cost = 0 if self.x else int(card.cost)
        self.effects: tuple[Eff, ...] = ()
        self.target = "none"
        self.swift = False
        self.being = ""
        self.power = self.health = self.ward = self.aura = self.pulse = self.well = 0
        if isinstance(card, schema.Summon):
            b = card.being
            self.being = b.kind
            self.power, self.health, self.ward = b.power, b.health, b.ward
            self.aura, self.pulse, self.well = b.aura, b.pulse, b.well
        else:
            self.target = card.target
            self.swift = card.swift
            self.effects = tuple(_compile(e) for e in card.effects)
        self.is_counter = any(e.kind == "counter" for e in self.effects)
        self.text = card_text(card)

    @property
    def mana_value(self) -> int:
        """enchantoria.md:2 — an X cost counts as 0."""
        return self.cost

    @property
    def deals_damage(self) -> bool:
        return any(e.kind == "damage" for e in self.effects)

    def __repr__(self) -> str:
        return f"Proto({self.id})"


def _compile(effect: schema.Effect) -> Eff:
    amount = getattr(effect, "amount", 0)
    amount = X if amount == "x" else int(amount)
    to = getattr(effect, "to", "target")
    if isinstance(effect, schema.Heal):
        return Eff("heal", amount, to, extra=effect.raise_max)
    if isinstance(effect, schema.Protect):
        return Eff("protect", amount, to, extra=effect.turns or 0)
    if isinstance(effect, schema.Status):
        return Eff("status", amount, to, status=effect.status, extra=effect.turns)
    if isinstance(effect, schema.Counter):
        return Eff("counter", 0, "target", pick=effect.pick)
    if isinstance(effect, schema.Draw):
        return Eff("draw", effect.count, "you")
    return Eff(effect.kind, amount, to)


class CardInst:
    """A card in a deck, hand or discard pile; on the board it is a creature or construct.

    The board fields (health, protection, statuses ...) are the same as a player's, so a
    being is targeted, protected and healed like a player (enchantoria.md:22-23).
    """

    __slots__ = (
        "health",
        "max_health",
        "owner",
        "protection",
        "proto",
        "statuses",
        "summoned_turn",
        "uid",
    )

    def __init__(self, uid: int, proto: Proto, owner: int):
        self.uid = uid
        self.proto = proto
        self.owner = owner
        self.health = proto.health
        self.max_health = proto.health
        self.protection = None
        self.statuses: list = []
        self.summoned_turn = 0

    @property
    def name(self) -> str:
        return self.proto.name

    #: How a clone copies a card (engine/core/clone.py): its effects are its alone. Set
    #: in entities.py, which defines them.
    clone_plan: ClassVar[Plan]


@cache
def protos() -> dict[str, Proto]:
    return {card_id: Proto(card) for card_id, card in game_pool("enchantoria").cards.items()}
