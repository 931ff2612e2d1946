"""Card prototypes: the validated TOML compiled into small records the rules read per action.

Wordings, objects, controls and modifiers become ints and bit masks, so listing legal
targets after every action never touches pydantic, strings or enums.
"""

from dataclasses import dataclass, field
from functools import cache
from typing import Any, get_args

from cards.battle_mages import schema
from cards.battle_mages.text import card_text
from cards.loader import game_pool

CRYSTAL, CREATURE, RITUAL, RELIC = "crystal", "creature", "ritual", "relic"

# wordings (battle-mages.md:162-241); each/every/all behave alike
TARGET, UP_TO_TARGET, A, UP_TO_A, ANY_NUMBER, EACH, THAT = range(7)
WORDING = {
    "target": TARGET,
    "up_to_target": UP_TO_TARGET,
    "a": A,
    "up_to_a": UP_TO_A,
    "any_number": ANY_NUMBER,
    "each": EACH,
    "every": EACH,
    "all": EACH,
    "that": THAT,
}
# objects
O_CREATURE, O_RELIC, O_CRYSTAL, O_SPELL, O_MAGE = range(5)
OBJECT = {"creature": 0, "relic": 1, "crystal": 2, "spell": 3, "mage": 4}
# controls
ANY, YOURS, OPPOSING = range(3)
CONTROL = {"any": ANY, "yours": YOURS, "opposing": OPPOSING}
# modifiers (battle-mages.md:63-82) as bits
MODIFIERS: tuple[str, ...] = get_args(schema.Modifier)  # the card schema's list, in order
BIT = {name: 1 << i for i, name in enumerate(MODIFIERS)}
# fixed references of effects (a selection is referred to by its index >= 0)
YOU, OPPONENT, THIS = -1, -2, -3
FIXED = {"you": YOU, "opponent": OPPONENT, "this": THIS}
COUNTERS = ("poison", "shield", "str", "ice", "damage")


class Sel:
    """One compiled selection."""

    __slots__ = ("control", "count", "direct", "mods", "obj", "upto", "wording")

    def __init__(self, s: schema.Select):
        self.wording = WORDING[s.wording]
        self.obj = OBJECT[s.object]
        self.count = s.count
        self.control = CONTROL[s.control]
        self.mods = sum(BIT[m] for m in s.modifiers)
        self.direct = self.wording in (TARGET, UP_TO_TARGET)
        self.upto = self.wording in (UP_TO_TARGET, UP_TO_A)


class Eff:
    __slots__ = ("amount", "counter", "keyword", "kind", "to")

    def __init__(self, e: schema.Effect, names: list[str]):
        self.kind = e.kind
        self.to = FIXED[e.to] if e.to in FIXED else names.index(e.to)
        self.amount = getattr(e, "amount", 0)
        self.counter = getattr(e, "counter", "")
        self.keyword = getattr(e, "keyword", "")


class Body:
    """One mode, or the whole of a card without modes: its selections and effects."""

    __slots__ = ("effects", "sels", "text")

    def __init__(self, mode: schema.Mode, self_word: str):
        from cards.battle_mages.text import body_text

        names = [s.name for s in mode.select]
        self.sels = tuple(Sel(s) for s in mode.select)
        self.effects = tuple(Eff(e, names) for e in mode.effects)
        self.text = body_text(mode, self_word)


class Script:
    """What a spell or ability does. `choose` > 0: 'Choose N:' among `bodies`."""

    __slots__ = ("bodies", "choose", "cost", "exhaust", "text", "upto", "when")

    def __init__(self, s: schema.Script, self_word: str = "this card"):
        from cards.battle_mages.text import ability_text, script_text, trigger_text

        self.bodies = tuple(Body(b, self_word) for b in s.bodies)
        self.choose = s.choose
        self.cost = getattr(s, "cost", 0)
        self.exhaust = getattr(s, "exhaust", False)
        self.when = getattr(s, "when", "")
        # ruling B7: a spell with any "up to" selection never fizzles (battle-mages.md:172)
        self.upto = any(sel.upto for b in self.bodies for sel in b.sels)
        if isinstance(s, schema.Trigger):
            self.text = trigger_text(s, self_word)
        elif isinstance(s, schema.Ability):
            self.text = ability_text(s, self_word)
        else:
            self.text = script_text(s, self_word)


@dataclass(slots=True, frozen=True, eq=False)
class Proto:
    id: str
    name: str
    kind: str
    rarity: str
    cost: int = 0
    power: int = 0
    health: int = 0
    value: int = 0  # mana a crystal makes
    size: str = ""  # crystals: small / big
    keywords: frozenset[str] = frozenset()
    script: Script | None = None  # rituals
    abilities: tuple[Script, ...] = ()
    triggers: dict[str, tuple[Script, ...]] = field(default_factory=dict)
    text: str = ""

    @property
    def boast(self) -> bool:
        return "boast" in self.triggers


def proto_of(card: schema.Crystal | schema.Creature | schema.Ritual | schema.Relic) -> Proto:
    common: dict[str, Any] = {
        "id": card.id,
        "name": card.name,
        "rarity": card.rarity,
        "text": card_text(card),
    }
    if isinstance(card, schema.Crystal):
        return Proto(kind=CRYSTAL, value=card.value, size=card.size, **common)
    if isinstance(card, schema.Ritual):
        return Proto(kind=RITUAL, cost=card.cost, script=Script(card.script), **common)
    word = "this Creature" if isinstance(card, schema.Creature) else "this Relic"
    triggers: dict[str, list[Script]] = {}
    for trig in card.triggers:
        triggers.setdefault(trig.when, []).append(Script(trig, word))
    extra: dict[str, Any] = {}
    if isinstance(card, schema.Creature):
        extra = {"power": card.power, "health": card.health, "keywords": frozenset(card.keywords)}
    return Proto(
        kind=CREATURE if isinstance(card, schema.Creature) else RELIC,
        cost=card.cost,
        abilities=tuple(Script(a, word) for a in card.abilities),
        triggers={k: tuple(v) for k, v in triggers.items()},
        **extra,
        **common,
    )


@cache
def protos() -> dict[str, Proto]:
    return {card_id: proto_of(card) for card_id, card in game_pool("battle-mages").cards.items()}


class CardInst:
    """One physical card in a match. `stamp` changes whenever it moves to another zone, so
    a target remembered as (uid, stamp) is 'lost' once its card has left (battle-mages.md:170).

    Every field holds an immutable value, so a clone of the state (engine/core/clone.py)
    copies a card by sharing each field: it declares no `clone_plan`."""

    __slots__ = (
        "attacking",
        "blocked",
        "blockers",
        "blocking",
        "damage",
        "entered",
        "exhausted",
        "gained",
        "ice",
        "lost",
        "owner",
        "poison",
        "proto",
        "shield",
        "stamp",
        "str",
        "uid",
        "zone",
    )

    def __init__(self, uid: int, proto: Proto, owner: int):
        self.uid = uid
        self.proto = proto
        self.owner = owner
        self.zone = "spellbook"
        self.stamp = 0
        self.reset()

    def reset(self) -> None:
        """Counters, states and combat roles go when a card changes zones."""
        self.damage = self.poison = self.shield = self.str = self.ice = 0
        self.exhausted = False
        self.entered = -1
        self.gained: frozenset[str] = frozenset()
        self.lost: frozenset[str] = frozenset()
        self.attacking = False
        self.blocked = False
        self.blocking = 0  # uid of the attacker it blocks
        self.blockers: tuple[int, ...] = ()  # an attacker's blockers, in damage order

    def has(self, keyword: str) -> bool:
        if keyword in self.lost:
            return False
        return keyword in self.proto.keywords or keyword in self.gained

    @property
    def power(self) -> int:
        return self.proto.power + self.str

    @property
    def name(self) -> str:
        return self.proto.name

    def counter(self, kind: str) -> int:
        return getattr(self, kind)

    def bits(self, in_combat: bool) -> int:
        """The modifiers this card shows right now (battle-mages.md:63-82)."""
        b = BIT["exhausted"] if self.exhausted else BIT["prepared"]
        if self.proto.kind != CREATURE:
            return b
        if self.poison:
            b |= BIT["poisoned"]
        if self.shield:
            b |= BIT["shielded"]
        if self.str:
            b |= BIT["strengthened"]
        if self.damage:
            b |= BIT["damaged"]
        if self.ice:
            b |= BIT["frozen"]
        if self.has("flying"):
            b |= BIT["flying"]
        if in_combat:
            if self.attacking:
                b |= BIT["attacking"]
            if self.blocking:
                b |= BIT["blocking"]
        return b
