"""Game objects (rule 109.1): cards and tokens, items on the stack, and players."""

from typing import Any, ClassVar

from cards.magic_core.schema import chosen_target
from engine.core.clone import COPY, LIST, OBJ, OBJ_LIST, Plan
from engine.rulesets.magic_core.cards import Proto

# zones
LIBRARY, HAND, BATTLEFIELD, GRAVEYARD, EXILE, STACK, GONE = (
    "library",
    "hand",
    "battlefield",
    "graveyard",
    "exile",
    "stack",
    "gone",
)


class Obj:
    """A card or a token, in whatever zone it is. Status (110.5) and combat live here too."""

    __slots__ = (
        "attacking",
        "blocked",
        "blockers",
        "blocking",
        "controller",
        "counters",
        "damage",
        "dealt_first",
        "deathtouched",
        "etb_x",
        "fresh",
        "left",
        "owner",
        "proto",
        "pumps",
        "stamp",
        "tapped",
        "uid",
        "zone",
    )

    #: How a clone of the state copies one (engine/core/clone.py): the rest is plain values.
    clone_plan: ClassVar[Plan] = {"blockers": LIST, "pumps": LIST}

    def __init__(self, uid: int, proto: Proto, owner: int, zone: str = LIBRARY):
        self.uid = uid
        self.proto = proto
        self.owner = owner  # 108.3 / 111.2
        self.controller = owner  # only meaningful on the battlefield and the stack (108.4)
        self.zone = zone
        self.left = False  # a token that has left the battlefield (111.8)
        self.reset()

    def reset(self) -> None:
        """A new object with no memory of its previous existence (400.7): fresh status."""
        self.tapped = False  # 110.5b: permanents enter untapped and face up
        self.fresh = True  # summoning sickness: not yet under control since the turn began
        self.damage = 0
        self.counters = 0
        # until end of turn: (power, toughness, keywords added, keywords lost, timestamp)
        self.pumps: list[tuple[int, int, frozenset, frozenset, int]] = []
        self.stamp = 0  # when it entered the battlefield (613.7)
        self.deathtouched = False
        self.etb_x = 0  # 107.3k: the X its spell was cast with, for its enters trigger
        self.clear_combat()

    def clear_combat(self) -> None:
        self.attacking = -1  # the seat it attacks
        self.blocked = False
        self.blockers: list[int] = []
        self.blocking = 0  # the uid of the attacker it blocks
        self.dealt_first = False

    def copy(self) -> "Obj":
        """Spelled out slot by slot: the greedy agent clones whole games for every choice,
        and a getattr/setattr loop was most of its time (test_a_clone_is_independent)."""
        twin = Obj.__new__(Obj)
        twin.attacking = self.attacking
        twin.blocked = self.blocked
        twin.blockers = list(self.blockers)
        twin.blocking = self.blocking
        twin.controller = self.controller
        twin.counters = self.counters
        twin.damage = self.damage
        twin.dealt_first = self.dealt_first
        twin.deathtouched = self.deathtouched
        twin.etb_x = self.etb_x
        twin.fresh = self.fresh
        twin.left = self.left
        twin.owner = self.owner
        twin.proto = self.proto
        twin.pumps = list(self.pumps)
        twin.stamp = self.stamp
        twin.tapped = self.tapped
        twin.uid = self.uid
        twin.zone = self.zone
        return twin

    @property
    def name(self) -> str:
        return self.proto.name

    def __repr__(self) -> str:
        return f"Obj({self.uid}, {self.proto.id}, {self.zone})"


class StackItem:
    """A spell (112) or an activated/triggered ability (113.1c) on the stack."""

    __slots__ = (
        "card",
        "controller",
        "copy",
        "effects",
        "is_spell",
        "name",
        "owner",
        "proto",
        "source",
        "target",
        "target_word",
        "uid",
        "x",
    )

    #: A clone of the state copies its card through the state's memo (the same object as
    #: in the copy's zones) and its source as a fresh snapshot (113.7a), not the object.
    clone_plan: ClassVar[Plan] = {"card": OBJ, "source": COPY}

    def __init__(
        self,
        uid: int,
        is_spell: bool,
        proto: Proto,
        controller: int,
        effects: tuple,
        target_word: str | None,
        target: Any,  # a target ref: an object's uid, or a player's
        x: int,
        card: Obj | None = None,
        source: Obj | None = None,
        copy: bool = False,
    ):
        self.uid = uid
        self.is_spell = is_spell
        self.proto = proto
        self.controller = controller  # 112.2 / 113.8
        self.owner = card.owner if card is not None and not copy else controller  # 112.2
        self.effects = effects
        self.target_word = target_word
        self.target = target
        self.x = x  # 107.3a: the announced X, fixed while on the stack
        self.card = card
        self.source = source  # for an ability: the object it came from, as it last was
        self.copy = copy
        self.name = proto.name if is_spell else f"{proto.name}'s ability"

    @property
    def source_uid(self) -> int:
        source = self.card if self.is_spell else self.source
        return source.uid if source is not None else 0


class Player:
    __slots__ = (
        "creature_pool",
        "drew_empty",
        "exile",
        "graveyard",
        "hand",
        "kept",
        "key",
        "land_plays",
        "left",
        "library",
        "life",
        "mulligans",
        "name",
        "poison",
        "pool",
        "seat",
        "stop_all",
        "won",
    )

    #: A clone of the state shares library cards (`MagicState.clone_plan`, game.py) and copies the
    #: cards of the other zones through its memo.
    clone_plan: ClassVar[Plan] = {
        "pool": LIST,
        "creature_pool": LIST,
        "library": LIST,
        "hand": OBJ_LIST,
        "graveyard": OBJ_LIST,
        "exile": OBJ_LIST,
    }

    def __init__(self, seat: int, name: str):
        self.seat = seat
        self.key = f"p{seat}"
        self.name = name
        self.stop_all = False  # the per-player stop setting (see docs/rules/magic-core.md)
        self.library: list[Obj] = []  # the top is the end of the list
        self.hand: list[Obj] = []
        self.graveyard: list[Obj] = []
        self.exile: list[Obj] = []
        self.reset()

    def reset(self) -> None:
        self.life = 20  # 103.3
        self.poison = 0
        self.pool = [0, 0, 0, 0, 0, 0]  # W U B R G C
        self.creature_pool = [0, 0, 0, 0, 0, 0]  # 106.6: only for casting creature spells
        self.land_plays = 0
        self.drew_empty = False  # 104.3c: loses at the next state-based check
        self.won = False  # an effect said this player wins (checked with the SBAs)
        self.left = False
        self.mulligans = 0
        self.kept = False


class Choice:
    """A choice players make in the middle of a resolution: cards to discard or creatures
    to sacrifice (101.4, `count` still to pick and `picked` so far, by seat). Held by the
    `Choose` step that waits for it (steps.py)."""

    __slots__ = ("count", "kind", "picked")

    def __init__(self, kind: str):
        self.kind = kind
        self.count: dict[int, int] = {}
        self.picked: dict[int, list[int]] = {}

    def copy(self) -> "Choice":
        twin = Choice.__new__(Choice)
        twin.kind = self.kind
        twin.count = dict(self.count)
        twin.picked = dict(self.picked)  # each pick is replaced, never changed in place
        return twin


class Trigger:
    """A triggered ability waiting to be put on the stack (603.3)."""

    __slots__ = ("controller", "effects", "source", "target_word", "x")

    def __init__(self, controller: int, effects: tuple, source: Obj, x: int):
        self.controller = controller  # 113.8: the source's controller when it triggered
        self.effects = effects
        self.source = source.copy()  # 113.7a: last known information of its source
        self.x = x
        self.target_word = chosen_target(list(effects))
