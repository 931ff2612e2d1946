"""Card prototypes compiled from the TOML cards, their rules text, and card instances.

Effects are compiled to slotted records once; the text a player reads is written from
the same data, so text and behaviour cannot disagree.
"""

from functools import cache
from typing import ClassVar

from pydantic import TypeAdapter

from cards.loader import CardPool, load_pool
from cards.schema import enchantoria as schema
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
        self.text = card_text(self)

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


# -- rules text ------------------------------------------------------------------------

_TARGET_WORDS = {
    "any": "any player, creature or construct",
    "enemy": "the enemy or one of their beings",
    "friend": "you or one of your beings",
    "player": "a player",
    "enemy_player": "the enemy player",
    "being": "a creature or construct",
    "enemy_being": "an enemy creature or construct",
    "friendly_being": "one of your creatures or constructs",
}
_SCOPE_WORDS = {
    "target": "the target",
    "you": "you",
    "enemy_player": "the enemy player",
    "each_enemy": "the enemy and each of their beings",
    "each_friend": "you and each of your beings",
    "enemy_beings": "each enemy being",
    "friendly_beings": "each of your beings",
}
_STATUS_WORDS = {
    "burn": "burns for {n} damage each turn",
    "regen": "heals {n} each turn",
    "ward": "blocks {n} damage each turn",
    "stun": "cannot attack",
    "weaken": "has {n} less power",
}
_PICK_WORDS = {
    "costliest": "Counter the costliest spell the enemy casts in this window.",
    "costliest_damage": "Counter the costliest damage spell the enemy casts in this window.",
    "up_to_x": "Counter every spell of mana value X or less the enemy casts in this window.",
}


def _n(amount: int) -> str:
    return "X" if amount == X else str(amount)


def _effect_text(e: Eff) -> str:
    who = _SCOPE_WORDS[e.to]
    if e.kind == "damage":
        return f"Deal {_n(e.amount)} damage to {who}."
    if e.kind == "heal":
        more = f" Raise the maximum by {e.extra} first." if e.extra else ""
        return f"Heal {who} by {_n(e.amount)}, up to the maximum.{more}"
    if e.kind == "block":
        return f"Block {_n(e.amount)} damage for {who} this turn."
    if e.kind == "protect":
        span = f" for {e.extra} turns" if e.extra else ""
        return f"Provide {_n(e.amount)} protection to {who}{span}."
    if e.kind == "status":
        what = _STATUS_WORDS[e.status].format(n=e.amount)
        return f"For {e.extra} turns, {who} {what}."
    if e.kind == "counter":
        return _PICK_WORDS[e.pick]
    if e.kind == "cleanse":
        return f"End every timed effect on {who}."
    if e.kind == "shatter":
        return f"Remove the protection of {who}."
    if e.kind == "draw":
        return f"Draw {e.amount} card{'s' if e.amount > 1 else ''}."
    raise ValueError(e.kind)


def card_text(proto: Proto) -> str:
    if proto.type == SUMMON:
        parts = [f"Summon a {proto.being}"]
        if proto.power:
            parts.append(f"power {proto.power}")
        parts.append(f"health {proto.health}")
        text = ", ".join(parts) + "."
        if proto.ward:
            text += f" Blocks {proto.ward} damage for you each turn."
        if proto.aura:
            text += f" Heals you {proto.aura} each turn."
        if proto.pulse:
            text += f" Deals {proto.pulse} damage to the enemy player each turn."
        if proto.well:
            text += f" Gives you {proto.well} extra mana each Preparation Phase."
        return text
    head = f"Target: {_TARGET_WORDS[proto.target]}. " if proto.target != "none" else ""
    if proto.swift:
        head = "Swift: happens before the other spells of its window. " + head
    return head + " ".join(_effect_text(e) for e in proto.effects)


@cache
def enchantoria_pool() -> CardPool:
    return load_pool("enchantoria", TypeAdapter(schema.Card))


@cache
def protos() -> dict[str, Proto]:
    return {card_id: Proto(card) for card_id, card in enchantoria_pool().cards.items()}
