"""magic-core cards: lands, creatures, artifacts, enchantments, instants and sorceries.

A card's effects come from a small vocabulary (a discriminated union on `kind`). Every
card, activated ability and triggered ability has at most one chosen target, named by a
`target` word that starts with `target_`; all its effects that say such a word share it.
Amounts are a number or "X" (rule 107.3). Card texts are written from the data by
cards/magic_core/text.py, so what a card says and what it does cannot drift.
"""

import re
from typing import TYPE_CHECKING, Annotated, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from cards.decklist import CardId

#: mana symbols: generic {0}-{15}, coloured, colourless, {X}, and hybrid {W/U} (107.4e)
COST_RE = re.compile(r"^(\{(?:[0-9]|1[0-5]|[WUBRGCX]|[WUBRG]/[WUBRG])\})*$")
COLORS = "WUBRG"  # rule 105.1, in this order

#: "half_X" is half of X rounded down (107.1a: an effect that could make a fraction says
#: which way to round)
Amount = int | Literal["X", "half_X"]
Keyword = Literal[
    "flying",
    "reach",
    "first_strike",
    "vigilance",
    "haste",
    "deathtouch",
    "lifelink",
    "trample",
    "defender",
]

#: targeted words: chosen when the spell is cast or the ability is put on the stack
TARGETED = {
    "target_any": "any target",
    "target_creature": "target creature",
    "target_your_creature": "target creature you control",
    "target_opponent_creature": "target creature an opponent controls",
    "target_player": "target player",
    "target_opponent": "target opponent",
    "target_spell": "target spell",
    "target_instant_sorcery": "target instant or sorcery spell",
    "target_ability": "target activated or triggered ability",
    "target_artifact": "target artifact",
    "target_nonland": "target nonland permanent",
}
#: words that name who or what without a choice
UNTARGETED = {
    "you": "you",
    "each_opponent": "each opponent",
    "each_player": "each player",
    "self": "this",
    "each_creature": "each creature",
    "each_other_creature": "each other creature",
    "your_creatures": "creatures you control",
    "opponent_creatures": "creatures your opponents control",
}
if TYPE_CHECKING:
    # A Literal built from the dicts' keys is checked by pydantic when a card loads; the
    # type checker cannot read a computed Literal, so it sees a plain string.
    TargetWord = str
else:
    TargetWord = Literal[tuple(TARGETED) + tuple(UNTARGETED)]

PLAYER_WORDS = {"target_player", "target_opponent", "you", "each_opponent", "each_player"}
CREATURE_WORDS = {
    "target_creature",
    "target_your_creature",
    "target_opponent_creature",
    "self",
    "each_creature",
    "each_other_creature",
    "your_creatures",
    "opponent_creatures",
}
PERMANENT_WORDS = CREATURE_WORDS | {"target_artifact", "target_nonland"}
STACK_WORDS = {"target_spell", "target_instant_sorcery", "target_ability"}


def _check_cost(cost: str) -> str:
    if not COST_RE.match(cost):
        raise ValueError(f"'{cost}' is not a mana cost like {{2}}{{R}} or {{1}}{{W/U}}")
    for a, b in re.findall(r"\{([WUBRG])/([WUBRG])\}", cost):
        if a == b:
            raise ValueError(f"hybrid symbol {{{a}/{b}}} needs two different colours")
    return cost


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def _allowed(kind: str, target: str, allowed: set[str]) -> None:
    if target not in allowed:
        raise ValueError(f"a {kind} effect cannot aim at '{target}' (use {sorted(allowed)})")


class Damage(_Model):
    kind: Literal["damage"]
    amount: Amount
    target: TargetWord

    @model_validator(mode="after")
    def _check(self) -> "Damage":
        _allowed("damage", self.target, PLAYER_WORDS | CREATURE_WORDS | {"target_any"})
        return self


class _PlayerAmount(_Model):
    amount: Amount = 1
    target: TargetWord = "you"

    if TYPE_CHECKING:  # each subclass declares its own Literal kind
        kind: str

    @model_validator(mode="after")
    def _check(self) -> Self:
        _allowed(self.kind, self.target, PLAYER_WORDS)
        return self


class GainLife(_PlayerAmount):
    kind: Literal["gain_life"]


class LoseLife(_PlayerAmount):
    kind: Literal["lose_life"]


class Draw(_PlayerAmount):
    kind: Literal["draw"]


class Mill(_PlayerAmount):
    """Put the top cards of a library into its owner's graveyard."""

    kind: Literal["mill"]


class Poison(_PlayerAmount):
    kind: Literal["poison"]


class Discard(_PlayerAmount):
    """Each named player chooses that many cards from their hand (APNAP, rule 101.4)."""

    kind: Literal["discard"]


class Sacrifice(_PlayerAmount):
    """Each named player chooses a creature they control and sacrifices it (rule 101.4)."""

    kind: Literal["sacrifice"]


class _Permanent(_Model):
    target: TargetWord

    if TYPE_CHECKING:  # each subclass declares its own Literal kind
        kind: str

    @model_validator(mode="after")
    def _check(self) -> Self:
        _allowed(self.kind, self.target, PERMANENT_WORDS)
        return self


class Destroy(_Permanent):
    kind: Literal["destroy"]


class Exile(_Permanent):
    kind: Literal["exile"]


class Bounce(_Permanent):
    """Return to its owner's hand."""

    kind: Literal["bounce"]


class Tap(_Permanent):
    kind: Literal["tap"]


class Untap(_Permanent):
    kind: Literal["untap"]


class Pump(_Model):
    """+power/+toughness and keywords until end of turn."""

    kind: Literal["pump"]
    power: Amount = 0
    toughness: Amount = 0
    keywords: list[Keyword] = Field(default_factory=list)
    lose_keywords: list[Keyword] = Field(default_factory=list)
    target: TargetWord

    @model_validator(mode="after")
    def _check(self) -> "Pump":
        _allowed("pump", self.target, CREATURE_WORDS)
        if any(isinstance(v, int) and v < 0 for v in (self.power, self.toughness)):
            raise ValueError("a pump adds: power and toughness are 0 or more (or X)")
        return self


class Counters(_Model):
    """+1/+1 counters."""

    kind: Literal["counters"]
    amount: Amount = 1
    target: TargetWord

    @model_validator(mode="after")
    def _check(self) -> "Counters":
        _allowed("counters", self.target, CREATURE_WORDS)
        return self


class CreateToken(_Model):
    kind: Literal["create_token"]
    token: str
    amount: Amount = 1


class AddMana(_Model):
    """Add mana: a string of symbols like "RR", or "any" (one mana of any colour, chosen)."""

    kind: Literal["add_mana"]
    mana: str = Field(pattern=r"^(any|[WUBRGC]+)$")
    #: 106.6: "Spend this mana only to cast creature spells"
    creature_spells_only: bool = False


class CounterIt(_Model):
    """Counter a spell or an ability on the stack (rule 113.9 says which can be hit)."""

    kind: Literal["counter"]
    target: Literal["target_spell", "target_instant_sorcery", "target_ability"]


class CopySpell(_Model):
    """Copy a spell; the copy's controller may not choose new targets here (ruling)."""

    kind: Literal["copy_spell"]
    target: Literal["target_instant_sorcery"]


class FreeCast(_Model):
    """You may cast an instant or sorcery card from your hand with mana value `amount` or
    less without paying its mana cost (its X is then 0, rule 107.3b)."""

    kind: Literal["free_cast"]
    amount: int = Field(ge=0, le=15)


class ReturnSelf(_Model):
    """Return this card from your graveyard to your hand: only for an ability that works
    from the graveyard (113.6k)."""

    kind: Literal["return_self"]


class GameResult(_Model):
    """An effect that says a player wins, loses, or that the game is a draw (104.2b/3e/4c)."""

    kind: Literal["win_game", "lose_game", "draw_game"]
    target: Literal["you", "target_opponent", "each_opponent", "each_player"] = "you"


Effect = Annotated[
    Damage
    | GainLife
    | LoseLife
    | Draw
    | Mill
    | Poison
    | Discard
    | Sacrifice
    | Destroy
    | Exile
    | Bounce
    | Tap
    | Untap
    | Pump
    | Counters
    | CreateToken
    | AddMana
    | CounterIt
    | CopySpell
    | FreeCast
    | ReturnSelf
    | GameResult,
    Field(discriminator="kind"),
]


def chosen_target(effects: list) -> str | None:
    """The one targeted word of a list of effects (a validator makes sure there is one)."""
    found = {getattr(e, "target", "") for e in effects} & set(TARGETED)
    if len(found) > 1:
        raise ValueError(f"at most one kind of chosen target, these effects name {sorted(found)}")
    return next(iter(found), None)


def _uses_x(effects: list) -> bool:
    return any(
        getattr(e, field, None) in ("X", "half_X")
        for e in effects
        for field in ("amount", "power", "toughness")
    )


class Activated(_Model):
    """`[cost]: effect`. A mana ability (only add_mana effects, no target) skips the stack."""

    cost: str = ""
    tap: bool = False
    untap: bool = False
    sacrifice: bool = False
    life: int = Field(default=0, ge=0, le=20)
    sorcery_speed: bool = False
    #: 113.6k: an ability that moves its card out of the graveyard works only there
    zone: Literal["battlefield", "graveyard"] = "battlefield"
    effects: list[Effect] = Field(min_length=1)

    @field_validator("cost")
    @classmethod
    def _cost(cls, cost: str) -> str:
        return _check_cost(cost)

    @model_validator(mode="after")
    def _check(self) -> "Activated":
        chosen_target(self.effects)
        if self.tap and self.untap:
            raise ValueError("an ability cannot both tap and untap its permanent")
        returns = any(e.kind == "return_self" for e in self.effects)
        if returns != (self.zone == "graveyard"):
            raise ValueError("return_self is the effect of an ability with zone = 'graveyard'")
        if self.zone == "graveyard" and (self.tap or self.untap or self.sacrifice):
            raise ValueError("a graveyard ability cannot tap, untap or sacrifice its card")
        if _uses_x(self.effects) and "{X}" not in self.cost:
            raise ValueError("an effect uses X but the cost has no {X}")
        return self

    @property
    def is_mana(self) -> bool:
        return all(e.kind == "add_mana" for e in self.effects)


class Triggered(_Model):
    """`When/Whenever/At [event], effect`."""

    when: Literal["enters", "dies", "upkeep", "end_step", "attacks", "you_cast"]
    effects: list[Effect] = Field(min_length=1)

    @model_validator(mode="after")
    def _check(self) -> "Triggered":
        chosen_target(self.effects)
        return self


class Static(_Model):
    """Static abilities (rule 113.3d): they apply while the permanent is on the battlefield."""

    kind: Literal["anthem", "no_life_gain", "cant_block"]
    power: int = Field(default=0, ge=0, le=5)
    toughness: int = Field(default=0, ge=0, le=5)
    keywords: list[Keyword] = Field(default_factory=list)


CardType = Literal["land", "creature", "artifact", "enchantment", "instant", "sorcery"]


class Card(_Model):
    id: CardId
    name: str = Field(min_length=2, max_length=40)
    types: list[CardType] = Field(min_length=1)
    supertypes: list[Literal["basic"]] = Field(default_factory=list)
    subtypes: list[str] = Field(default_factory=list)
    cost: str = ""
    produces: str = Field(default="", pattern=r"^[WUBRGC]?$")
    power: int | None = Field(default=None, ge=0, le=20)
    toughness: int | None = Field(default=None, ge=0, le=20)
    keywords: list[Keyword] = Field(default_factory=list)
    effects: list[Effect] = Field(default_factory=list)
    abilities: list[Activated] = Field(default_factory=list)
    triggers: list[Triggered] = Field(default_factory=list)
    statics: list[Static] = Field(default_factory=list)
    #: 107.3c/e: X defined by the text (not announced): what it counts
    x_is: Literal["creatures_you_control", "cards_in_hand"] | None = None
    #: 107.3e: the controller chooses X from 0 to this number as the spell resolves
    x_choice: int | None = Field(default=None, ge=1, le=10)
    #: 113.2b: "As an additional cost to cast this spell, pay N life" (paid even when the
    #: spell is cast without paying its mana cost; payable only with N or more life, 119.4)
    additional_life: int = Field(default=0, ge=0, le=20)
    #: 103.5a: "If this card is in your opening hand, you may begin the game with it on
    #: the battlefield" (a permanent card only)
    opening_hand: bool = False
    token: bool = False
    colors: str = Field(default="", pattern=r"^W?U?B?R?G?$")  # a token's colour (111.3)
    flavor: str = ""

    @field_validator("cost")
    @classmethod
    def _cost(cls, cost: str) -> str:
        return _check_cost(cost)

    @model_validator(mode="after")
    def _check(self) -> "Card":
        kinds = set(self.types)
        creature = "creature" in kinds
        if creature != (self.power is not None and self.toughness is not None):
            raise ValueError("a creature has power and toughness, and only a creature does")
        spell = kinds & {"instant", "sorcery"}
        if spell and (len(kinds) > 1 or not self.effects):
            raise ValueError("an instant or sorcery has one type and at least one effect")
        if self.effects and not spell:
            raise ValueError("only instants and sorceries have spell effects; use triggers")
        if "land" in kinds and (self.cost or len(kinds) > 1):
            raise ValueError("a land has no mana cost and no other type")
        if self.produces and "land" not in kinds:
            raise ValueError("'produces' is for lands (other permanents use an ability)")
        if self.opening_hand and (spell or self.token):
            raise ValueError(
                "opening_hand is for permanent cards (not instants, sorceries, tokens)"
            )
        if self.additional_life and ("land" in kinds or self.token):
            raise ValueError("additional_life is a cost to cast a spell: not for a land or token")
        if "basic" in self.supertypes and not ("land" in kinds and self.produces):
            raise ValueError("a basic land is a land that produces mana")
        chosen_target(self.effects)
        defined = self.x_is is not None or self.x_choice is not None
        if _uses_x(self.effects) and "{X}" not in self.cost and not defined:
            raise ValueError("an effect uses X but the mana cost has no {X} and no x_is")
        if self.x_choice is not None and ("{X}" in self.cost or self.x_is is not None):
            raise ValueError("x_choice is for an X that appears only in the text")
        return self
