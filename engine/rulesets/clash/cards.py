"""Card prototypes: validated card data compiled into what the rules read per action.

The pydantic models stay the source of truth; `compile_effect` turns each effect into a
slotted record with int target codes, so the hot path never touches pydantic or enums.
"""

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar

from cards.clash.schema import AtEndOfTurn, Effect, Equipment, Monster, Spell, Summon, Token
from cards.clash.text import card_text
from engine.core.clone import Plan, const, own_tuple
from engine.core.decision import Action
from engine.core.view import CardView
from engine.rulesets.clash.targets import CHOSEN_MONSTER, CODES

MONSTER, SPELL, EQUIPMENT = "monster", "spell", "equipment"


class Eff:
    """One compiled effect. `kind` names its handler in effects.py."""

    __slots__ = ("amount", "count", "inner", "kind", "power", "target", "token", "toughness")

    def __init__(self, kind: str, target: int = 0, amount: int = 0, **extra: Any):
        self.kind = kind
        self.target = target
        self.amount = amount
        self.power = extra.get("power", 0)
        self.toughness = extra.get("toughness", 0)
        self.count = extra.get("count", 1)
        self.token: Proto | None = extra.get("token")
        self.inner: tuple[Eff, ...] = extra.get("inner", ())


def compile_effect(effect: Effect) -> Eff:
    if isinstance(effect, AtEndOfTurn):
        return Eff(effect.kind, inner=tuple(compile_effect(e) for e in effect.effects))
    aim = getattr(effect, "target", None)  # Mana has none
    target = CODES[aim] if aim is not None else 0
    if isinstance(effect, Summon):
        return Eff(effect.kind, target, count=effect.count, token=token_proto(effect.token))
    return Eff(
        effect.kind,
        target,
        getattr(effect, "amount", 0),
        power=getattr(effect, "power", 0),
        toughness=getattr(effect, "toughness", 0),
        count=getattr(effect, "count", 1),
    )


def _compiled(effects: Iterable[Effect]) -> tuple[Eff, ...]:
    return tuple(compile_effect(e) for e in effects)


@dataclass(slots=True, frozen=True, eq=False)
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
    chosen: int = 0  # a target code from targets.py, 0 when the card chooses nothing
    effects: tuple[Eff, ...] = ()
    on_summon: tuple[Eff, ...] = ()
    on_death: tuple[Eff, ...] = ()
    on_turn_end: tuple[Eff, ...] = ()
    text: str = ""


def proto_of(card: Monster | Spell | Equipment) -> Proto:
    common: dict[str, Any] = {
        "id": card.id,
        "name": card.name,
        "cost": card.cost,
        "text": card_text(card),
    }
    if isinstance(card, Monster):
        chosen = card.chosen_target
        return Proto(
            kind=MONSTER,
            power=card.power,
            toughness=card.toughness,
            health=card.health,
            haste="haste" in card.keywords,
            chosen=CODES[chosen] if chosen else 0,
            on_summon=_compiled(card.on_summon),
            on_death=_compiled(card.on_death),
            on_turn_end=_compiled(card.on_turn_end),
            **common,
        )
    if isinstance(card, Spell):
        chosen = card.chosen_target
        return Proto(
            kind=SPELL,
            chosen=CODES[chosen] if chosen else 0,
            effects=_compiled(card.effects),
            **common,
        )
    return Proto(
        kind=EQUIPMENT,
        power=card.power,
        toughness=card.toughness,
        chosen=CHOSEN_MONSTER,
        **common,
    )


@cache
def token_proto(token: Token) -> Proto:
    """Tokens are made by effects, never in a deck; they vanish when they leave the field."""
    slug = token.name.lower().replace(" ", "_")
    return Proto(
        id=f"token_{slug}_{token.power}_{token.toughness}_{token.health}",
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
    """One physical card (or token) in a match. Battlefield stats live here.

    Made only by `ClashState.new_deck`, which fills every slot without calling the class
    (a match makes sixty before turn one; the class call cost as much as the stores)."""

    __slots__ = (
        "attached",
        "attack_cache",
        "attacked",
        "health",
        "max_health",
        "owner",
        "play_action",
        "play_cache",
        "power",
        "proto",
        "static_view",
        "summoned_turn",
        "toughness",
        "uid",
    )
    # Declared for the type checker only (no class attributes: the slots above hold them).
    uid: int
    proto: Proto
    owner: int
    play_action: Action  # ("play", uid, None), built once per card
    static_view: CardView | None  # its view off the battlefield, which never changes
    attack_cache: tuple[list[Any], list[Action]] | None  # (targets, attack actions)
    play_cache: tuple[list[Any], list[Action]] | None  # (targets, targeted play actions)
    power: int
    toughness: int
    health: int
    max_health: int
    attached: tuple["CardInst", ...]
    summoned_turn: int
    attacked: bool

    def reset(self) -> None:
        """Back to printed stats, as when a card (re)enters play or returns to a deck."""
        p = self.proto
        self.power = p.power
        self.toughness = p.toughness
        self.health = p.health
        self.max_health = p.health
        self.attached = ()
        self.summoned_turn = -1
        self.attacked = False

    #: A clone copies the cards it carries and forgets the cached action lists (set
    #: below the class, which it names).
    clone_plan: ClassVar[Plan]

    @property
    def name(self) -> str:
        return self.proto.name


CardInst.clone_plan = {
    "attached": own_tuple(CardInst),
    "attack_cache": const(None),
    "play_cache": const(None),
}
