"""The fixed shape of a Battle Mages table: the steps of a turn and each Mage's side.

The lowest module of the state: every procedure reads it, and it reads none of them.
"""

from typing import ClassVar

from engine.core.clone import LIST, Plan, own_list
from engine.core.decision import Action
from engine.rulesets.battle_mages.cards import CardInst

START_LIFE = 20  # ruling B1
OPENING_HAND = 5  # ruling B4
LOOK = 4  # battle-mages.md:89
STEPS = (
    "preparation",
    "crystal",
    "draw",
    "main1",
    "attackers",
    "blockers",
    "damage",
    "main2",
    "end",
)
MAINS = ("main1", "main2")
COMBAT = ("attackers", "blockers", "damage")
PASS: Action = ("pass",)
FINISHED: Action = ("done",)  # blocking is finished

#: The zone lists of a side: together they hold every card of its owner.
ZONES = ("spellbook", "collection", "hand", "field", "crystals", "graveyard", "spells")
#: The face-down piles, whose cards a clone shares (`Side.clone_plan`).
PILES = ("spellbook", "collection")

#: What "ask me / stop me even with nothing to do" means, on the prompt that offers it
#: (ruling B10).
STOP_HELP = (
    "Even with nothing to do: the game then stops for you at every chance to react, even "
    "when you cannot; by default it passes for you then."
)


def mage_ref(seat: int) -> int:
    """The action ref of a Mage (cards have positive uids)."""
    return -1 - seat


class Side:
    """One Mage's life, mana and zones."""

    __slots__ = (
        "collection",
        "crystals",
        "field",
        "graveyard",
        "hand",
        "key",
        "life",
        "name",
        "pool",
        "seat",
        "spellbook",
        "spells",
        "stop",
    )
    #: Every card of a match is in exactly one zone list of its owner's side, so a clone
    #: copies each card there, once, with no memo; the state's `cards` index is rebuilt
    #: from the copied zones (engine/core/clone.py). The face-down piles (`PILES`: the
    #: spellbook, the Crystal Collection) are lists of their own in a clone, but their
    #: cards are shared: no rule changes a card lying there, and both ways out (a draw,
    #: a crystal placed) take the state's own copy first (`TableState.own`). Most
    #: cards lie there, so a look-ahead copy costs the cards in play (docs/ai.md).
    clone_plan: ClassVar[Plan] = {
        zone: LIST if zone in PILES else own_list(CardInst) for zone in ZONES
    }

    def __init__(self, seat: int, name: str):
        self.seat = seat
        self.key = f"p{seat}"
        self.name = name
        self.life = START_LIFE
        self.pool = 0  # mana from effects, gone at the end of the turn (ruling B3)
        self.spellbook: list[CardInst] = []  # top is the end of the list
        self.collection: list[CardInst] = []  # the Crystal Collection, top at the end
        self.hand: list[CardInst] = []
        self.field: list[CardInst] = []  # creatures and relics
        self.crystals: list[CardInst] = []
        self.graveyard: list[CardInst] = []
        self.spells: list[CardInst] = []  # attempted, on the stack or resolving (zone "stack")
        self.stop = False  # ruling B10: ask me even when I have no legal reaction

    @property
    def mana(self) -> int:
        return self.pool + sum(c.proto.value for c in self.crystals if not c.exhausted)

    @property
    def max_mana(self) -> int:
        return sum(c.proto.value for c in self.crystals)
