"""Enchantoria cards: spells (effects from the rules glossary) and summoning spells.

Every card is a spell; a summoning spell brings a creature or a construct into play.
Effects are a discriminated union on `kind`. A card names at most one thing its caster
chooses (`target`); each effect says whom it touches (`to`): the chosen target, or a
fixed group such as `each_enemy`. An amount may be "x": the X its caster paid.
"""

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from cards.decklist import CardId

#: What the caster chooses on casting.
TargetKind = Literal[
    "none",
    "any",  # any player, creature or construct
    "enemy",  # the enemy player or one of their beings
    "friend",  # you or one of your beings
    "player",
    "enemy_player",
    "being",
    "enemy_being",
    "friendly_being",
]
BEING_TARGETS = {"being", "enemy_being", "friendly_being"}
#: Whom an effect touches.
Scope = Literal[
    "target", "you", "enemy_player", "each_enemy", "each_friend", "enemy_beings", "friendly_beings"
]
BEING_SCOPES = {"enemy_beings", "friendly_beings"}
Amount = Annotated[int, Field(ge=1, le=30)] | Literal["x"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Damage(_Model):
    """enchantoria.md:8-9 — reduces health by x."""

    kind: Literal["damage"]
    amount: Amount
    to: Scope = "target"


class Heal(_Model):
    """enchantoria.md:10-11 — up to the maximum; `raise_max` is the "unless stated otherwise"."""

    kind: Literal["heal"]
    amount: Amount
    to: Scope = "target"
    raise_max: int = Field(default=0, ge=0, le=10)


class Block(_Model):
    """enchantoria.md:12-13 — absorbs x of this turn's incoming damage."""

    kind: Literal["block"]
    amount: Amount
    to: Scope = "target"


class Protect(_Model):
    """enchantoria.md:14-17 — a Protection source of power x (optionally for some turns)."""

    kind: Literal["protect"]
    amount: Amount
    to: Scope = "target"
    turns: int | None = Field(default=None, ge=1, le=6)


class Counter(_Model):
    """enchantoria.md:18-19 — cancels spells the targeted player casts in the same window."""

    kind: Literal["counter"]
    pick: Literal["costliest", "costliest_damage", "up_to_x"]


class Status(_Model):
    """enchantoria.md:24-27 — a timed effect lasting `turns` turns."""

    kind: Literal["status"]
    status: Literal["burn", "regen", "ward", "stun", "weaken"]
    amount: int = Field(default=0, ge=0, le=10)
    turns: int = Field(ge=1, le=6)
    to: Scope = "target"

    @model_validator(mode="after")
    def _amount_fits(self) -> "Status":
        if self.status == "stun" and self.amount:
            raise ValueError("a stun has no amount")
        if self.status != "stun" and not self.amount:
            raise ValueError(f"a {self.status} needs an amount of at least 1")
        return self


class Cleanse(_Model):
    """Ends every timed effect on whom it touches."""

    kind: Literal["cleanse"]
    to: Scope = "target"


class Shatter(_Model):
    """Removes the Protection source of whom it touches."""

    kind: Literal["shatter"]
    to: Scope = "target"


class Draw(_Model):
    kind: Literal["draw"]
    count: int = Field(default=1, ge=1, le=3)


Effect = Annotated[
    Damage | Heal | Block | Protect | Counter | Status | Cleanse | Shatter | Draw,
    Field(discriminator="kind"),
]


class Being(_Model):
    """A creature (attacks when its controller orders it) or a construct (never attacks).

    ward: blocks that much damage for its controller each turn; aura: heals its controller
    each turn; pulse: damages the enemy player each turn; well: extra mana each Preparation.
    """

    kind: Literal["creature", "construct"]
    power: int = Field(default=0, ge=0, le=12)
    health: int = Field(ge=1, le=30)
    ward: int = Field(default=0, ge=0, le=6)
    aura: int = Field(default=0, ge=0, le=6)
    pulse: int = Field(default=0, ge=0, le=6)
    well: int = Field(default=0, ge=0, le=3)

    @model_validator(mode="after")
    def _acts(self) -> "Being":
        if self.kind == "construct" and self.power:
            raise ValueError("a construct never attacks: give it no power")
        if self.kind == "creature" and not self.power:
            raise ValueError("a creature attacks: give it power of at least 1")
        return self


class _Card(_Model):
    id: CardId
    name: str = Field(min_length=2, max_length=40)
    cost: Annotated[int, Field(ge=0, le=12)] | Literal["X"]
    flavor: str = ""


def _uses_x(effects: list) -> bool:
    return any(
        getattr(e, "amount", None) == "x" or getattr(e, "pick", "") == "up_to_x" for e in effects
    )


class Spell(_Card):
    type: Literal["spell"]
    target: TargetKind = "none"
    #: happens before the other spells of its window: Greg's Rule "unless stated otherwise"
    swift: bool = False
    effects: list[Effect] = Field(min_length=1)

    @model_validator(mode="after")
    def _consistent(self) -> "Spell":
        aimed = [e for e in self.effects if getattr(e, "to", None) == "target"]
        counters = [e for e in self.effects if isinstance(e, Counter)]
        if counters:
            if len(self.effects) != 1 or self.target != "enemy_player":
                raise ValueError("a counterspell has one counter effect and targets enemy_player")
        elif self.target == "none" and aimed:
            raise ValueError("an effect is 'to = target' but the card has no target")
        elif self.target != "none" and not aimed:
            raise ValueError(f"the card targets '{self.target}' but no effect is 'to = target'")
        for effect in self.effects:
            if isinstance(effect, Status) and effect.status in ("stun", "weaken"):
                beings = effect.to in BEING_SCOPES or (
                    effect.to == "target" and self.target in BEING_TARGETS
                )
                if not beings:
                    raise ValueError(f"a {effect.status} needs creatures, not '{effect.to}'")
        if self.swift and counters:
            raise ValueError("a counterspell acts first anyway: it cannot be swift")
        if (self.cost == "X") != _uses_x(self.effects):
            raise ValueError("cost 'X' and an amount 'x' go together")
        return self


class Summon(_Card):
    type: Literal["summon"]
    being: Being

    @model_validator(mode="after")
    def _no_x(self) -> "Summon":
        if self.cost == "X":
            raise ValueError("a summoning spell has a fixed cost")
        return self


Card = Annotated[Spell | Summon, Field(discriminator="type")]
