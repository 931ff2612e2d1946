"""Clash cards: monsters, spells and equipment, with effects from a small vocabulary.

Effects are a discriminated union on `kind`, so a new card needs no Python unless it needs
a new kind of effect. Targets are words from `Target`; a card has at most one chosen
target, picked on play and shared by all of its effects that say `chosen_*`.
"""

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from cards.decklist import CardId


class Target(StrEnum):
    CHOSEN_MONSTER = "chosen_monster"
    CHOSEN_ENEMY_MONSTER = "chosen_enemy_monster"
    CHOSEN_FRIENDLY_MONSTER = "chosen_friendly_monster"
    CHOSEN_CHARACTER = "chosen_character"  # any monster or any player
    CHOSEN_ENEMY = "chosen_enemy"  # an enemy monster or the enemy player
    THIS = "this"  # the monster whose effect this is
    YOU = "you"
    OPPONENT = "opponent"
    EACH_PLAYER = "each_player"
    ALL_MONSTERS = "all_monsters"
    ENEMY_MONSTERS = "enemy_monsters"
    FRIENDLY_MONSTERS = "friendly_monsters"
    OTHER_FRIENDLY_MONSTERS = "other_friendly_monsters"
    RANDOM_ENEMY_MONSTER = "random_enemy_monster"
    RANDOM_ENEMY = "random_enemy"  # an enemy monster or the enemy player, at random

    @property
    def chosen(self) -> bool:
        return self.value.startswith("chosen_")


PLAYER_TARGETS = {Target.YOU, Target.OPPONENT, Target.EACH_PLAYER}
#: Targets that may be (or include) a player: an effect for monsters only (stats, maximum
#: health, destroy) must not have one, or it would reach a player's side at run time.
MAY_BE_PLAYER = PLAYER_TARGETS | {Target.CHOSEN_CHARACTER, Target.CHOSEN_ENEMY, Target.RANDOM_ENEMY}
MONSTER_ONLY_TARGETS = {
    Target.CHOSEN_MONSTER,
    Target.CHOSEN_ENEMY_MONSTER,
    Target.CHOSEN_FRIENDLY_MONSTER,
    Target.THIS,
    Target.ALL_MONSTERS,
    Target.ENEMY_MONSTERS,
    Target.FRIENDLY_MONSTERS,
    Target.OTHER_FRIENDLY_MONSTERS,
    Target.RANDOM_ENEMY_MONSTER,
}


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Damage(_Model):
    kind: Literal["damage"]
    amount: int = Field(ge=1, le=30)
    target: Target


class Heal(_Model):
    kind: Literal["heal"]
    amount: int = Field(ge=1, le=30)
    target: Target


class Draw(_Model):
    kind: Literal["draw"]
    count: int = Field(default=1, ge=1, le=5)
    target: Literal[Target.YOU, Target.OPPONENT, Target.EACH_PLAYER] = Target.YOU


class Stats(_Model):
    """Raise or lower power and toughness (never below 0)."""

    kind: Literal["stats"]
    power: int = Field(default=0, ge=-10, le=10)
    toughness: int = Field(default=0, ge=-10, le=10)
    target: Target

    @model_validator(mode="after")
    def _changes_something(self) -> "Stats":
        if self.power == 0 and self.toughness == 0:
            raise ValueError("a stats effect must change power or toughness")
        return self


class MaxHealth(_Model):
    """Raise maximum health, and current health by as much."""

    kind: Literal["max_health"]
    amount: int = Field(ge=1, le=20)
    target: Target


class Destroy(_Model):
    kind: Literal["destroy"]
    target: Target


class Token(_Model):
    name: str = Field(min_length=1, max_length=40)
    power: int = Field(ge=0, le=20)
    toughness: int = Field(ge=0, le=20)
    health: int = Field(ge=1, le=30)


class Summon(_Model):
    kind: Literal["summon"]
    token: Token
    count: int = Field(default=1, ge=1, le=5)
    target: Literal[Target.YOU, Target.OPPONENT] = Target.YOU


class Mana(_Model):
    """Gain mana for this turn only (current mana never exceeds 10)."""

    kind: Literal["mana"]
    amount: int = Field(ge=1, le=10)


class AtEndOfTurn(_Model):
    """The end-phase hook: these effects happen when the current player ends the turn."""

    kind: Literal["at_end_of_turn"]
    effects: list["SimpleEffect"] = Field(min_length=1)


SimpleEffect = Annotated[
    Damage | Heal | Draw | Stats | MaxHealth | Destroy | Summon | Mana,
    Field(discriminator="kind"),
]
Effect = Annotated[
    Damage | Heal | Draw | Stats | MaxHealth | Destroy | Summon | Mana | AtEndOfTurn,
    Field(discriminator="kind"),
]
AtEndOfTurn.model_rebuild()


def _targets(effects: list) -> list[Target]:
    found = []
    for effect in effects:
        if isinstance(effect, AtEndOfTurn):
            found += _targets(effect.effects)
        elif getattr(effect, "target", None) is not None:
            found.append(Target(effect.target))
    return found


def _check_player_targets(effects: list) -> None:
    for effect in effects:
        if isinstance(effect, AtEndOfTurn):
            _check_player_targets(effect.effects)
        elif isinstance(effect, Stats | MaxHealth | Destroy) and effect.target in MAY_BE_PLAYER:
            raise ValueError(f"a {effect.kind} effect needs monsters, not '{effect.target}'")


def _one_chosen_target(effects: list) -> Target | None:
    chosen = {t for t in _targets(effects) if t.chosen}
    if len(chosen) > 1:
        names = ", ".join(sorted(chosen))
        raise ValueError(f"a card has at most one chosen target, this one asks for {names}")
    return next(iter(chosen), None)


class _Card(_Model):
    id: CardId
    name: str = Field(min_length=2, max_length=40)
    cost: int = Field(ge=0, le=10)
    flavor: str = ""


class Monster(_Card):
    type: Literal["monster"]
    power: int = Field(ge=0, le=20)
    toughness: int = Field(ge=0, le=20)
    health: int = Field(ge=1, le=30)
    keywords: list[Literal["haste"]] = Field(default_factory=list)
    on_summon: list[Effect] = Field(default_factory=list)
    on_death: list[Effect] = Field(default_factory=list)
    on_turn_end: list[Effect] = Field(default_factory=list)

    @field_validator("on_summon")
    @classmethod
    def _check_summon_targets(cls, effects: list) -> list:
        _check_player_targets(effects)
        _one_chosen_target(effects)
        return effects

    @field_validator("on_death", "on_turn_end")
    @classmethod
    def _check_unchosen_targets(cls, effects: list) -> list:
        _check_player_targets(effects)
        if any(t.chosen for t in _targets(effects)):
            raise ValueError(
                "these effects happen when nobody is choosing: "
                "use a random or 'all' target, not a chosen one"
            )
        return effects

    @property
    def chosen_target(self) -> Target | None:
        return _one_chosen_target(self.on_summon)


class Spell(_Card):
    type: Literal["spell"]
    effects: list[Effect] = Field(min_length=1)

    @field_validator("effects")
    @classmethod
    def _check_targets(cls, effects: list) -> list:
        _check_player_targets(effects)
        if Target.THIS in _targets(effects):
            raise ValueError("a spell has no 'this' monster: name another target")
        _one_chosen_target(effects)
        return effects

    @property
    def chosen_target(self) -> Target | None:
        return _one_chosen_target(self.effects)


class Equipment(_Card):
    type: Literal["equipment"]
    power: int = Field(default=0, ge=0, le=10)
    toughness: int = Field(default=0, ge=0, le=10)

    @model_validator(mode="after")
    def _boosts_something(self) -> "Equipment":
        if self.power == 0 and self.toughness == 0:
            raise ValueError(
                "power or toughness: equipment must boost one of them (clash.md line 64)"
            )
        return self

    @property
    def chosen_target(self) -> Target:
        return Target.CHOSEN_MONSTER


Card = Annotated[Monster | Spell | Equipment, Field(discriminator="type")]
