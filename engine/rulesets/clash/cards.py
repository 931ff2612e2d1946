"""Card prototypes: the validated card data flattened into what the rules read per action."""

from dataclasses import dataclass

from cards.clash_text import card_text
from cards.schema.clash import Equipment, Monster, Spell, Target, Token

MONSTER, SPELL, EQUIPMENT = "monster", "spell", "equipment"


@dataclass(slots=True, frozen=True)
class Proto:
    id: str
    name: str
    kind: str
    cost: int
    power: int = 0
    toughness: int = 0
    health: int = 0
    haste: bool = False
    token: bool = False
    chosen: Target | None = None
    effects: tuple = ()
    on_summon: tuple = ()
    on_death: tuple = ()
    on_turn_end: tuple = ()
    text: str = ""


def proto_of(card: Monster | Spell | Equipment) -> Proto:
    common = {"id": card.id, "name": card.name, "cost": card.cost, "text": card_text(card)}
    if isinstance(card, Monster):
        return Proto(
            kind=MONSTER,
            power=card.power,
            toughness=card.toughness,
            health=card.health,
            haste="haste" in card.keywords,
            chosen=card.chosen_target,
            on_summon=tuple(card.on_summon),
            on_death=tuple(card.on_death),
            on_turn_end=tuple(card.on_turn_end),
            **common,
        )
    if isinstance(card, Spell):
        return Proto(kind=SPELL, chosen=card.chosen_target, effects=tuple(card.effects), **common)
    return Proto(
        kind=EQUIPMENT,
        power=card.power,
        toughness=card.toughness,
        chosen=Target.CHOSEN_MONSTER,
        **common,
    )


def token_proto(token: Token) -> Proto:
    """Tokens are made by effects, never in a deck; they vanish when they leave the field."""
    key = f"token_{token.name.lower().replace(' ', '_')}_{token.power}_{token.toughness}"
    return Proto(
        id=f"{key}_{token.health}",
        name=token.name,
        kind=MONSTER,
        cost=0,
        power=token.power,
        toughness=token.toughness,
        health=token.health,
        token=True,
        text="Token.",
    )


class CardInst:
    """One physical card (or token) in a match. Battlefield stats live here."""

    __slots__ = (
        "attached",
        "attacked",
        "health",
        "max_health",
        "owner",
        "power",
        "proto",
        "summoned_turn",
        "toughness",
        "uid",
    )

    def __init__(self, uid: int, proto: Proto, owner: int):
        self.uid = uid
        self.proto = proto
        self.owner = owner
        self.reset()

    def reset(self) -> None:
        """Back to printed stats, as when a card (re)enters play or returns to a deck."""
        p = self.proto
        self.power = p.power
        self.toughness = p.toughness
        self.health = p.health
        self.max_health = p.health
        self.attached: list[CardInst] = []
        self.summoned_turn = -1
        self.attacked = False

    def copy(self) -> "CardInst":
        twin = CardInst.__new__(CardInst)
        twin.uid = self.uid
        twin.proto = self.proto
        twin.owner = self.owner
        twin.power = self.power
        twin.toughness = self.toughness
        twin.health = self.health
        twin.max_health = self.max_health
        twin.attached = [a.copy() for a in self.attached] if self.attached else []
        twin.summoned_turn = self.summoned_turn
        twin.attacked = self.attacked
        return twin

    @property
    def name(self) -> str:
        return self.proto.name
