"""Mage Wars cards: Mages, and the cards of the five play decks, as pydantic models.

Every card says which deck it belongs to (its card back), which resource icons it shows
(top right) and which requirements it asks for (along the bottom). Effects are a
discriminated union on `kind`; a card has at most one chosen target, picked when it is
used. Rules text is written from the data (engine/rulesets/mage_wars/cards.py), so text
and behaviour cannot disagree.
"""

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from cards.decklist import CardId

Icon = Literal["ember", "tide", "stone", "gale"]
Need = Literal["ember", "tide", "stone", "gale", "any"]
PlayDeck = Literal["fate", "quest", "enchanted", "mystic", "arcane"]
HealthDeck = Literal["enchanted", "mystic", "arcane"]
DeckChoice = Literal["quest", "enchanted", "mystic", "arcane", "choice"]  # fate is never held
Alignment = Literal["good", "evil", "neutral"]

#: Targets. `enemy_*` ones are chosen by the player when the card is used; `you` is the
#: player the card works for (for a curse: the cursed player).
Target = Literal[
    "you", "enemy_mage", "enemy_card", "enemy", "enemy_work", "each_enemy", "each_mage"
]
CHOSEN = frozenset({"enemy_mage", "enemy_card", "enemy", "enemy_work"})


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Damage(_Model):
    """An attack: armor, then other defences are subtracted (mage-wars.md:99-101)."""

    kind: Literal["damage"]
    amount: int = Field(ge=1, le=10)
    target: Target
    pierce: bool = False  # ignores the armor pile ("unless otherwise indicated", :137)


class Drain(_Model):
    """Health lost outright: not an attack, so armor and defences do not apply."""

    kind: Literal["drain"]
    amount: int = Field(ge=1, le=10)
    target: Literal["you", "enemy_mage", "each_enemy", "each_mage"]


class Heal(_Model):
    kind: Literal["heal"]
    amount: int = Field(ge=1, le=10)


class Draw(_Model):
    kind: Literal["draw"]
    deck: DeckChoice
    count: int = Field(default=1, ge=1, le=4)


class Salvage(_Model):
    """Take the top card of a discard pile into hand (mage-wars.md:120)."""

    kind: Literal["salvage"]
    deck: DeckChoice


class Sunder(_Model):
    """Break cards off a Mage's armor pile."""

    kind: Literal["sunder"]
    amount: int = Field(ge=1, le=5)
    target: Literal["enemy_mage", "each_enemy"]


class Meddle(_Model):
    """Knock resources out of a manifestation in the making (mage-wars.md:110)."""

    kind: Literal["meddle"]
    count: int = Field(default=1, ge=1, le=3)
    target: Literal["enemy_work"]


class Ward(_Model):
    """Extra defence until the start of your next turn (a potion effect)."""

    kind: Literal["ward"]
    amount: int = Field(ge=1, le=5)


class Haste(_Model):
    """More (or, from a curse, fewer) fate cards at your next turn."""

    kind: Literal["haste"]
    amount: int = Field(ge=-2, le=3)
    target: Literal["you", "each_enemy"] = "you"


class Discard(_Model):
    """Random cards from a hand go to their discard piles."""

    kind: Literal["discard"]
    count: int = Field(ge=1, le=5)
    target: Literal["you", "enemy_mage", "each_enemy"]


class SkipTurn(_Model):
    kind: Literal["skip_turn"]


class Lose(_Model):
    """A random one of the cursed player's pets, items or manifestations in the making."""

    kind: Literal["lose"]
    what: Literal["pet", "item", "work"]


Effect = Annotated[
    Damage
    | Drain
    | Heal
    | Draw
    | Salvage
    | Sunder
    | Meddle
    | Ward
    | Haste
    | Discard
    | SkipTurn
    | Lose,
    Field(discriminator="kind"),
]


class Bonus(_Model):
    """A permanent buff from a pet, an item, a level or a structure's aura."""

    defence: int = Field(default=0, ge=0, le=5)
    fate: int = Field(default=0, ge=0, le=2)
    hand: int = Field(default=0, ge=0, le=3)
    pets: int = Field(default=0, ge=0, le=2)
    health: int = Field(default=0, ge=0, le=5)
    power: int = Field(default=0, ge=0, le=3)  # added to each of your attacks on Mages
    resource: Icon | None = None  # a permanent resource: fills one requirement a turn


def _chosen(effects: list) -> set[str]:
    return {e.target for e in effects if getattr(e, "target", None) in CHOSEN}


def _one_chosen(effects: list) -> None:
    if len(_chosen(effects)) > 1:
        raise ValueError("a card has at most one chosen target")


def _none_chosen(effects: list, why: str) -> None:
    if _chosen(effects):
        raise ValueError(f"{why}: nobody chooses a target here, use you/each_enemy/each_mage")


class _Card(_Model):
    id: CardId
    name: str = Field(min_length=2, max_length=40)
    deck: PlayDeck
    copies: int = Field(default=1, ge=1, le=4)
    resources: list[Icon] = Field(default_factory=list, max_length=2)
    requires: list[Need] = Field(default_factory=list, max_length=8)
    flavor: str = ""


class Fate(_Card):
    type: Literal["fate"]
    effects: list[Effect] = Field(min_length=1)

    @model_validator(mode="after")
    def _check(self) -> "Fate":
        _none_chosen(self.effects, "a fate card is played at once")
        if self.deck != "fate" or self.requires or self.resources:
            raise ValueError("a fate card lives in the fate deck, with no icons")
        return self


class Creature(_Card):
    type: Literal["creature"]
    plant: bool = False
    health: int = Field(ge=1, le=12)
    power: int = Field(default=0, ge=0, le=6)
    bonus: Bonus = Bonus()
    once: list[Effect] = Field(min_length=1)

    @model_validator(mode="after")
    def _check(self) -> "Creature":
        _one_chosen(self.once)
        return self


class Item(_Card):
    type: Literal["item"]
    slot: Literal["weapon", "armor", "trinket"]
    health: int = Field(ge=1, le=12)
    power: int = Field(default=0, ge=0, le=6)
    charged: bool = False
    bonus: Bonus = Bonus()
    once: list[Effect] = Field(min_length=1)

    @model_validator(mode="after")
    def _check(self) -> "Item":
        _one_chosen(self.once)
        if self.charged and (self.power == 0 or not self.requires):
            raise ValueError("a charged item needs power and requirements (they become charges)")
        return self


class Magic(_Card):
    type: Literal["magic"]
    effects: list[Effect] = Field(min_length=1)
    charged: bool = False

    @model_validator(mode="after")
    def _check(self) -> "Magic":
        _one_chosen(self.effects)
        if self.charged and not self.requires:
            raise ValueError("a charged spell needs requirements (they become its charges)")
        return self


class Aura(_Model):
    """A structure's persistent effect, for the players it names."""

    #: all players, an alignment, pet owners, Mages of level 2+, or an element: players
    #: holding a permanent resource of it (a permanent resource card, plant or trinket)
    who: Literal[
        "all", "good", "evil", "neutral", "pet_owners", "level_2", "ember", "tide", "stone", "gale"
    ] = "all"
    bonus: Bonus = Bonus()
    drain: int = Field(default=0, ge=0, le=2)  # health lost at the start of their turns


class Structure(_Card):
    type: Literal["structure"]
    alignment: Alignment
    element: Icon
    health: int = Field(ge=1, le=12)
    aura: Aura
    on_build: list[Effect] = Field(default_factory=list)
    on_destroy: list[Effect] = Field(default_factory=list)

    @model_validator(mode="after")
    def _check(self) -> "Structure":
        _none_chosen(self.on_build, "a structure's effects")
        _none_chosen(self.on_destroy, "a structure's effects")
        if not self.requires:
            raise ValueError("a structure is built by filling requirements")
        return self


class Quest(_Model):
    """The extra condition of a level card, checked when its resources are all in."""

    kind: Literal["pet", "item", "built", "challenges", "kills", "health"]
    amount: int = Field(default=1, ge=1, le=10)


class Level(_Card):
    type: Literal["level"]
    level: int = Field(ge=2, le=4)
    quest: Quest
    buffs: Bonus

    @model_validator(mode="after")
    def _check(self) -> "Level":
        if len(self.requires) < 3:
            raise ValueError("quest requirements are more elaborate: at least 3")
        return self


class Condition(_Model):
    """What a challenge asks of the rest of the turn it is played in."""

    kind: Literal["damage", "destroy", "complete", "fill", "attacks", "spend"]
    amount: int = Field(ge=1, le=10)


class Challenge(_Card):
    type: Literal["challenge"]
    condition: Condition
    reward: list[Effect] = Field(min_length=1)
    consequence: list[Effect] = Field(default_factory=list)

    @model_validator(mode="after")
    def _check(self) -> "Challenge":
        _none_chosen(self.reward, "a reward")
        _none_chosen(self.consequence, "a consequence")
        if self.requires:
            raise ValueError("a challenge is played straight from hand")
        return self


class Resource(_Card):
    type: Literal["resource"]
    permanent: Icon | None = None

    @model_validator(mode="after")
    def _check(self) -> "Resource":
        if not self.resources:
            raise ValueError("a resource card shows at least one resource icon")
        if (self.permanent is None) != (not self.requires):
            raise ValueError("a permanent resource has requirements, a plain one has none")
        return self


class Curse(_Card):
    type: Literal["curse"]
    effects: list[Effect] = Field(min_length=1)

    @model_validator(mode="after")
    def _check(self) -> "Curse":
        _none_chosen(self.effects, "a curse strikes when drawn")
        return self


class Blessing(_Card):
    type: Literal["blessing"]
    mode: Literal["negate", "deflect"]


class WinCondition(_Model):
    kind: Literal["level", "structures", "kills", "wounds", "pets", "items", "challenges"]
    #: "wounds" counts health cards (R34), the others whole things: up to 5 of them.
    #: "kills" was Cinder Archon's before R34: no Mage has it, but a match pinned with
    #: her old card (engine/core/pins.py) must still replay and play on.
    amount: int = Field(ge=1, le=30)

    @model_validator(mode="after")
    def _counted_things_are_few(self) -> "WinCondition":
        if self.kind != "wounds" and self.amount > 5:
            raise ValueError(f"a '{self.kind}' win condition asks at most 5, not {self.amount}")
        return self


class Mage(_Model):
    id: CardId
    name: str = Field(min_length=2, max_length=40)
    type: Literal["mage"]
    health: int = Field(ge=4, le=14)
    armor: int = Field(ge=0, le=4)
    alignment: Alignment
    pets: int = Field(ge=0, le=4)
    fate: int = Field(ge=1, le=3)
    hand: int = Field(ge=3, le=10)
    health_decks: list[HealthDeck] = Field(min_length=1, max_length=3)
    discount: int = Field(ge=0, le=3)
    #: added to each of the Mage's attacks, as an attack-power bonus (R21): the Mage that
    #: wins by slaying must get damage through armor and defences (docs/balance.md)
    power: int = Field(default=0, ge=0, le=2)
    win: WinCondition
    resurrect: list[Need] = Field(min_length=1, max_length=5)
    flavor: str = ""


Card = Annotated[
    Mage
    | Fate
    | Creature
    | Item
    | Magic
    | Structure
    | Level
    | Challenge
    | Resource
    | Curse
    | Blessing,
    Field(discriminator="type"),
]
