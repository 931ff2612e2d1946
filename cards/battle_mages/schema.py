"""Battle Mages cards: Mana Crystals, Creatures, Rituals and Relics.

A card's choices are data: `select` lists what it picks and in which wording (battle-mages.md
lines 162-241: "target", "up to ... target", "a", "up to a", "each", "every", "all", "any
number of", "that"), and every effect names the selection it acts on (`to`), or a fixed
object that is not chosen at all ("you", "opponent", "this"). "Choose N:" cards carry
`modes`, each with its own selections and effects (lines 206-212).
"""

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from cards.decklist import CardId

Wording = Literal[
    "target", "up_to_target", "a", "up_to_a", "any_number", "each", "every", "all", "that"
]
ObjectKind = Literal["creature", "relic", "crystal", "spell", "mage"]
Control = Literal["any", "yours", "opposing"]
Modifier = Literal[
    "poisoned",
    "shielded",
    "strengthened",
    "damaged",
    "frozen",
    "flying",
    "exhausted",
    "prepared",
    "attacking",
    "blocking",
]
CounterKind = Literal["poison", "shield", "str", "ice", "damage"]
Keyword = Literal["flying", "rush", "attentiveness"]
Rarity = Literal["white", "gold", "purple"]
FIXED = ("you", "opponent", "this")
DIRECT = ("target", "up_to_target")
COUNTED = ("target", "up_to_target", "a", "up_to_a")
#: Which objects each modifier can describe (a Mage has none of them).
MODIFIABLE = {"creature", "relic", "crystal"}
CREATURE_ONLY = {"poisoned", "shielded", "strengthened", "damaged", "frozen", "flying"}
CREATURE_ONLY |= {"attacking", "blocking"}


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Select(_Model):
    """One choice a card makes: what it may pick, how many, and when it is picked."""

    name: str = Field(default="it", pattern=r"^[a-z][a-z0-9_]*$")
    wording: Wording
    object: ObjectKind
    count: int = Field(default=1, ge=1, le=5)
    control: Control = "any"
    modifiers: list[Modifier] = Field(default_factory=list)

    @model_validator(mode="after")
    def _fits(self) -> "Select":
        if self.name in FIXED:
            raise ValueError(f"'{self.name}' is a fixed reference, name the selection otherwise")
        if self.count > 1 and self.wording not in COUNTED:
            raise ValueError(f"'{self.wording}' takes no count")
        if self.modifiers and self.object not in MODIFIABLE:
            raise ValueError(f"a {self.object} has no modifiers")
        bad = [m for m in self.modifiers if m in CREATURE_ONLY and self.object != "creature"]
        if bad:
            raise ValueError(f"{', '.join(bad)} describe creatures only")
        return self


class _Effect(_Model):
    to: str = Field(pattern=r"^[a-z][a-z0-9_]*$")


class Damage(_Effect):
    kind: Literal["damage"]
    amount: int = Field(ge=1, le=20)


class Heal(_Effect):
    """A Mage gains life; a creature loses that many damage counters."""

    kind: Literal["heal"]
    amount: int = Field(ge=1, le=20)


class AddCounters(_Effect):
    kind: Literal["add_counters"]
    counter: CounterKind
    amount: int = Field(default=1, ge=1, le=10)


class RemoveCounters(_Effect):
    """Remove up to `amount` counters of a kind, or every counter ("all")."""

    kind: Literal["remove_counters"]
    counter: CounterKind | Literal["all"]
    amount: int = Field(default=1, ge=1, le=10)


class Destroy(_Effect):
    kind: Literal["destroy"]


class Exhaust(_Effect):
    kind: Literal["exhaust"]


class Prepare(_Effect):
    kind: Literal["prepare"]


class Grant(_Effect):
    """A creature gains a keyword until the end of the turn."""

    kind: Literal["grant"]
    keyword: Keyword


class Strip(_Effect):
    """A creature loses a keyword until the end of the turn."""

    kind: Literal["strip"]
    keyword: Keyword


class Recall(_Effect):
    """A creature or relic returns to its owner's hand."""

    kind: Literal["recall"]


class Deny(_Effect):
    """A spell leaves the stack for its owner's graveyard without resolving."""

    kind: Literal["deny"]


class Draw(_Effect):
    kind: Literal["draw"]
    amount: int = Field(default=1, ge=1, le=5)
    to: Literal["you", "opponent"] = "you"


class GainMana(_Effect):
    kind: Literal["gain_mana"]
    amount: int = Field(ge=1, le=10)
    to: Literal["you"] = "you"


class Withdraw(_Effect):
    """An attacking or blocking creature is removed from combat."""

    kind: Literal["withdraw"]


Effect = Annotated[
    Damage
    | Heal
    | AddCounters
    | RemoveCounters
    | Destroy
    | Exhaust
    | Prepare
    | Grant
    | Strip
    | Recall
    | Deny
    | Draw
    | GainMana
    | Withdraw,
    Field(discriminator="kind"),
]

#: Which objects each effect can act on.
ACTS_ON = {
    "damage": {"creature", "mage"},
    "heal": {"creature", "mage"},
    "add_counters": {"creature"},
    "remove_counters": {"creature"},
    "destroy": {"creature", "relic", "crystal"},
    "exhaust": {"creature", "relic", "crystal"},
    "prepare": {"creature", "relic", "crystal"},
    "grant": {"creature"},
    "strip": {"creature"},
    "recall": {"creature", "relic"},
    "deny": {"spell"},
    "draw": {"mage"},
    "gain_mana": {"mage"},
    "withdraw": {"creature"},
}
FIXED_OBJECT = {"you": "mage", "opponent": "mage"}


class Mode(_Model):
    """One 'Choose N:' option, or the body of a card without modes."""

    select: list[Select] = Field(default_factory=list)
    effects: list[Effect] = Field(min_length=1)

    @model_validator(mode="after")
    def _references(self) -> "Mode":
        names = [s.name for s in self.select]
        if len(set(names)) != len(names):
            raise ValueError(f"two selections share a name: {names}")
        objects = {s.name: s.object for s in self.select}
        for effect in self.effects:
            if effect.to in FIXED:
                what = FIXED_OBJECT.get(effect.to, "this")
            elif effect.to in objects:
                what = objects[effect.to]
            else:
                raise ValueError(f"effect '{effect.kind}' acts on unknown selection '{effect.to}'")
            if what != "this" and what not in ACTS_ON[effect.kind]:
                raise ValueError(f"a {effect.kind} effect cannot act on a {what}")
        return self


class Script(_Model):
    """What a spell or ability does: plain, or 'Choose `choose`:' among `modes`."""

    select: list[Select] = Field(default_factory=list)
    effects: list[Effect] = Field(default_factory=list)
    choose: int = Field(default=0, ge=0, le=3)
    modes: list[Mode] = Field(default_factory=list)

    @model_validator(mode="after")
    def _shape(self) -> "Script":
        if self.modes:
            if self.select or self.effects:
                raise ValueError("a modal script keeps its selections and effects in its modes")
            if not 1 <= self.choose < len(self.modes) + 1:
                raise ValueError(f"choose {self.choose} of {len(self.modes)} modes")
        else:
            if self.choose:
                raise ValueError("'choose' needs modes")
            Mode(select=self.select, effects=self.effects)  # the same reference checks
        return self

    @property
    def bodies(self) -> list[Mode]:
        return self.modes or [Mode(select=self.select, effects=self.effects)]


class Ability(Script):
    """An activated ability: pay `cost` mana (and exhaust the card if `exhaust`)."""

    cost: int = Field(default=0, ge=0, le=10)
    exhaust: bool = False


class Trigger(Script):
    """A triggered ability. `cost` is optional to pay; unpaid, it does nothing."""

    when: Literal["arrival", "boast", "last_breath", "ally_arrives"]
    cost: int = Field(default=0, ge=0, le=10)


class _Card(_Model):
    id: CardId
    name: str = Field(min_length=2, max_length=40)
    rarity: Rarity
    flavor: str = ""


def _no_that(script: Script, where: str) -> None:
    for body in script.bodies:
        if any(s.wording == "that" for s in body.select):
            raise ValueError(f"'that' refers to a triggering object; {where} has none")


def _no_this(script: Script, where: str) -> None:
    for body in script.bodies:
        if any(e.to == "this" for e in body.effects):
            raise ValueError(f"{where} has no 'this' card: name a selection")


class Crystal(_Card):
    type: Literal["crystal"]
    size: Literal["small", "big"]

    @property
    def value(self) -> int:
        return 2 if self.size == "big" else 1


class _Permanent(_Card):
    cost: int = Field(ge=0, le=12)
    abilities: list[Ability] = Field(default_factory=list, max_length=2)
    triggers: list[Trigger] = Field(default_factory=list, max_length=3)

    @model_validator(mode="after")
    def _that_only_where_something_triggers(self) -> "_Permanent":
        for ability in self.abilities:
            _no_that(ability, "an activated ability")
        for trigger in self.triggers:
            if trigger.when not in ("ally_arrives", "boast"):
                _no_that(trigger, f"a {trigger.when} trigger")
        return self


class Creature(_Permanent):
    type: Literal["creature"]
    power: int = Field(ge=0, le=20)
    health: int = Field(ge=1, le=30)
    keywords: list[Keyword] = Field(default_factory=list)


class Relic(_Permanent):
    type: Literal["relic"]

    @model_validator(mode="after")
    def _relic_triggers(self) -> "Relic":
        for trigger in self.triggers:
            if trigger.when == "boast":
                raise ValueError("a relic never attacks, so it cannot boast")
        return self


class Ritual(_Card):
    type: Literal["ritual"]
    cost: int = Field(ge=0, le=12)
    script: Script

    @model_validator(mode="after")
    def _ritual_script(self) -> "Ritual":
        _no_that(self.script, "a ritual")
        _no_this(self.script, "a ritual")
        return self


Card = Annotated[Crystal | Creature | Ritual | Relic, Field(discriminator="type")]
