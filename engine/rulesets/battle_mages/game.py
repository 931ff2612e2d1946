"""Battle Mages: turns, the stack, targeting and combat, as one state machine.

Rule references (`battle-mages.md:NN`) point at lines of shared/rules/battle-mages.md;
rulings where the text is silent are in docs/rules/battle-mages.md as `B#`.

The machine: `tasks` holds multi-decision procedures in progress (looking at crystals,
attempting a spell and choosing its modes and targets, putting triggers on the stack,
resolving with choices made on resolution, declaring blockers). With no task, pending
triggers go on the stack; then the priority holder reacts or passes; with nobody holding
priority the step ends, which happens only with an empty stack. `run()` drives it after
every action, passing for a Mage with no legal reaction unless they asked to be stopped.

Actions:
    ("first",) / ("second",)            who starts                     battle-mages.md:88
    (("crystal", uid), ...)             crystals to the bottom         battle-mages.md:89
    ("top", uid)                        the next crystal from the top  battle-mages.md:90
    ("cast", uid) / ("ability", uid, i) attempt a card / an ability
    ("pass",)                           pass priority
    ("pass", "stop"|"nostop")           pass, and stop me even with no reaction or not (B10)
    ("stop", 1|0)                       the same setting in a blocking choice (ruling B10)
    (("mode", i), ...)                  "Choose N:" modes             battle-mages.md:209
    ("target", ref) / (("target", ref), ...)   direct targets; ref: card uid, or -1/-2 a Mage
    ("choose", ref) / (("choose", ref), ...)   choices made on resolution
    ("pay",) / ("decline",)             a trigger's optional cost
    ("next", i)                         trigger i resolves next        battle-mages.md:130
    (("attacker", uid), ...)            declare attackers              battle-mages.md:125
    ("block", blocker, attacker) / ("done",)                           battle-mages.md:144
    ("order", attacker, blocker)        that blocker takes damage next battle-mages.md:146
"""

from functools import cache
from typing import Any

from engine.core import events as ev
from engine.core.decision import Action, Decision, Label
from engine.core.rng import MatchRng
from engine.core.ruleset import GameState
from engine.core.view import MatchView
from engine.rulesets.battle_mages import effects
from engine.rulesets.battle_mages import events as bev
from engine.rulesets.battle_mages.cards import (
    ANY_NUMBER,
    CREATURE,
    CRYSTAL,
    O_CREATURE,
    O_CRYSTAL,
    O_MAGE,
    O_RELIC,
    O_SPELL,
    OPPOSING,
    RELIC,
    RITUAL,
    TARGET,
    THAT,
    THIS,
    UP_TO_A,
    UP_TO_TARGET,
    YOURS,
    A,
    Body,
    CardInst,
    Proto,
    Script,
    Sel,
    protos,
)
from engine.rulesets.battle_mages.stack import (
    Attack,
    Attempt,
    Block,
    Item,
    PendingTrigger,
    Ref,
    Resolve,
    Scry,
    Task,
    Triggers,
)
from engine.rulesets.battle_mages.view import (
    STEP_NAMES,
    build_view,
    describe_action,
    selection_words,
)

START_LIFE = 20  # ruling B1


@cache
def cheapest_card_cost() -> int:
    """The lowest cost of any card a hand can hold (public: the card list is)."""
    return min(p.cost for p in protos().values() if p.kind != CRYSTAL)


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
DONE: Action = ("done",)


def mage_ref(seat: int) -> int:
    return -1 - seat


class Side:
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
        "stop",
    )

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
        self.stop = False  # ruling B10: ask me even when I have no legal reaction

    @property
    def mana(self) -> int:
        return self.pool + sum(c.proto.value for c in self.crystals if not c.exhausted)

    @property
    def max_mana(self) -> int:
        return sum(c.proto.value for c in self.crystals)


#: What "ask me / stop me even with nothing to do" means, on the prompt that offers it
#: (ruling B10; issue 15).
STOP_HELP = (
    "Even with nothing to do: the game then stops for you at every chance to react, even "
    "when you cannot; by default it passes for you then."
)


class BattleMagesState(GameState):
    __slots__ = (
        "_decisions",
        "active",
        "cards",
        "cheapest",
        "coin_winner",
        "events",
        "first",
        "item_ids",
        "names",
        "next_uid",
        "over",
        "passes",
        "pending",
        "phase",
        "priority",
        "rng",
        "sides",
        "stack",
        "starter",
        "step",
        "stop_set",
        "tasks",
        "turn",
        "winner",
    )

    def __init__(self, names: list[str], rng: MatchRng):
        self.names = names
        self.sides = [Side(0, names[0]), Side(1, names[1])]
        self.rng = rng
        self.events: list[ev.Event] = []
        self.cards: dict[int, CardInst] = {}
        #: The cheapest card of the pool this match plays with (the ruleset sets it: a
        #: replay with pinned cards may play with another pool than the current one).
        self.cheapest = cheapest_card_cost()
        self.next_uid = 1
        self.item_ids = 0
        self.turn = 0
        self.active = 0
        self.starter = 0
        self.coin_winner = 0
        self.phase = "starter"  # starter, start (the crystal look), play, over
        self.step = ""
        self.winner: int | None = None
        self.over = False
        self.stack: list[Item] = []
        self.tasks: list[Task] = []
        self.pending: list[PendingTrigger] = []
        self.priority: int | None = None
        self.first = 0  # who gets priority first in this step's window
        self.passes = 0
        self.stop_set: int | None = None  # the seat that just changed its stop setting
        self._decisions: list[Decision] | None = None

    # -- setting up -------------------------------------------------------------------

    def new_card(self, proto: Proto, owner: int) -> CardInst:
        card = CardInst(self.next_uid, proto, owner)
        self.cards[card.uid] = card
        self.next_uid += 1
        return card

    def flip_coin(self) -> None:
        """battle-mages.md:88 — ruling B5: a coin flip; its winner chooses who starts."""
        self.coin_winner = self.rng.coin()
        self.events.append(ev.CoinFlipped(self.coin_winner, self.names[self.coin_winner]))

    def choose_starter(self, starter: int) -> None:
        self.starter = self.active = starter
        self.events.append(ev.GameStarted(1, starter, self.names[starter]))
        for seat in (starter, 1 - starter):
            side = self.sides[seat]
            for _ in range(OPENING_HAND):
                self.draw(side)
        self.phase = "start"
        self.tasks = [Scry(1 - starter), Scry(starter)]  # the starter looks first

    # -- the engine contract ------------------------------------------------------------

    def decisions(self) -> list[Decision]:
        if self._decisions is None:
            self._decisions = self._open() if not self.over else []
        return self._decisions

    def apply(self, player: int, action: Action) -> None:
        self._decisions = None
        head = action[0] if action else None
        self.stop_set = player if head == "stop" else None
        if self.phase == "starter":
            self.choose_starter(player if head == "first" else 1 - player)
        elif head == "stop":
            self.sides[player].stop = bool(action[1])
        elif self.tasks:
            self._task_apply(self.tasks[-1], action)
        elif head == "pass":
            if len(action) > 1:  # ruling B10: pass, and change the stop setting
                self.sides[player].stop = action[1] == "stop"
            self.pass_priority(player)
        elif head == "cast":
            self.attempt_card(player, self.cards[action[1]])
        elif head == "ability":
            self.attempt_ability(player, self.cards[action[1]], action[2])
        else:  # the match validated the action, so this is a bug, not a bad move
            raise AssertionError(f"unhandled action {action!r}")
        self.run()

    def concede(self, player: int, reason: str) -> None:
        self._decisions = None
        if not self.over:
            self.game_won_by(1 - player, f"{self.names[player]} {reason}")

    def view(self, viewer: int | None) -> MatchView:
        return build_view(self, viewer)

    def describe(self, action: Action) -> Label:
        return describe_action(self, action)

    def clone(self) -> "BattleMagesState":
        twin = BattleMagesState.__new__(BattleMagesState)
        for slot in self.__slots__:
            setattr(twin, slot, getattr(self, slot))
        twin.cards = {uid: card.copy() for uid, card in self.cards.items()}
        cards = twin.cards
        twin.sides = []
        for side in self.sides:
            copy = Side.__new__(Side)
            for slot in Side.__slots__:
                value = getattr(side, slot)
                if isinstance(value, list):
                    value = [cards[c.uid] for c in value]
                setattr(copy, slot, value)
            twin.sides.append(copy)
        twin.rng = self.rng.clone()
        twin.events = list(self.events)
        twin.stack = [item.copy() for item in self.stack]
        twin.tasks = [task.copy() for task in self.tasks]
        twin.pending = list(self.pending)
        twin._decisions = None
        return twin

    # -- the driver ---------------------------------------------------------------------

    def run(self) -> None:
        """Advance until someone must decide: take automatic steps and needless passes."""
        self._decisions = None
        while not self.over:
            if self.tasks:
                if self._task_advance(self.tasks[-1]):
                    return
                continue
            if self.phase == "starter":
                return
            if self.phase != "play":
                self.phase = "play"
                self.begin_turn(self.starter)
                continue
            if self.pending:
                self.start_triggers()
                continue
            if self.priority is not None:
                seat = self.priority
                if self.sides[seat].stop or self.could_react_publicly(seat):
                    self._decisions = [self._priority_decision(seat, self.reactions(seat))]
                    return
                self.pass_priority(seat)  # visibly nothing to do: passed for them (item 5)
                continue
            self.next_step()

    def _open(self) -> list[Decision]:
        if self.phase == "starter":
            return [
                Decision(
                    self.coin_winner,
                    "starter",
                    "You won the coin flip: who goes first?",
                    [("first",), ("second",)],
                )
            ]
        if self.tasks:
            return [self._task_decision(self.tasks[-1])]
        if self.priority is not None:
            seat = self.priority
            return [self._priority_decision(seat, self.reactions(seat))]
        return []

    # -- turns and steps ----------------------------------------------------------------

    def begin_turn(self, seat: int) -> None:
        self.turn += 1
        self.active = seat
        self.events.append(ev.TurnStarted(seat, self.sides[seat].name, self.turn))
        self.enter_step("preparation")

    def next_step(self) -> None:
        """The step ends (the stack is empty: nobody holds priority and no task runs)."""
        assert not self.stack, "a step ended with spells on the stack"
        index = STEPS.index(self.step)
        if self.step == "end":
            self.end_turn()
            self.begin_turn(1 - self.active)
        elif self.step == "attackers" and not self.attackers():
            self.enter_step("main2")  # no attack was declared: the combat is over
        else:
            self.enter_step(STEPS[index + 1])

    def enter_step(self, step: str) -> None:
        self.step = step
        self.first = self.active
        self.priority = None
        self.passes = 0
        side = self.sides[self.active]
        if step == "preparation":
            self.prepare(side)
        elif step == "crystal":
            self.place_crystal(side)
        elif step == "draw":
            if not (self.turn == 1 and self.active == self.starter):  # ruling B4
                self.draw(side)
        elif step in MAINS:
            if step == "main2":
                self.end_combat()
            self.priority = self.active
        elif step == "attackers":
            if self.can_attack_with(side):
                self.tasks.append(Attack())
        elif step == "blockers":
            if self.block_pairs():
                self.tasks.append(Block())
            else:
                self.priority = self.active  # battle-mages.md:148 — still a window
        elif step == "damage":
            self.combat_damage()
        elif step == "end":
            pass  # ruling B3: "until end of turn" lasts until the turn ends, after this step

    def prepare(self, side: Side) -> None:
        """Ruling B2: prepare everything; a frozen creature stays exhausted and thaws by one
        Ice counter instead; then poison places its damage (ruling B8)."""
        for card in side.field:
            if card.ice:
                card.ice -= 1
                self.events.append(bev.Moved(card.name, "thaws by one Ice counter"))
            else:
                card.exhausted = False
        for crystal in side.crystals:
            crystal.exhausted = False
        poisoned = [c for c in side.field if c.poison and c.proto.kind == CREATURE]
        for card in poisoned:  # counters put by poison, not damage dealt: Shield cannot stop it
            effects.put_damage_counters(self, card, card.poison, "poison")
        self.check_state()

    def place_crystal(self, side: Side) -> None:
        """Ruling B2: the top crystal of the Crystal Collection enters the field."""
        if not side.collection:
            return
        crystal = side.collection.pop()
        self.move(crystal, "crystals")
        crystal.exhausted = crystal.proto.size == "big"  # ruling B2: a big one enters exhausted
        side.crystals.append(crystal)
        self.events.append(bev.CrystalPlaced(side.name, crystal.name))

    def end_turn(self) -> None:
        """Ruling B3: keyword changes and unspent effect mana end with the turn."""
        for side in self.sides:
            side.pool = 0
            for card in side.field:
                card.gained = card.lost = frozenset()
        self.events.append(ev.TurnEnded(self.sides[self.active].name))

    # -- drawing, moving, winning -------------------------------------------------------

    def draw(self, side: Side) -> None:
        """Ruling B4: a Mage who must draw from an empty Spellbook loses."""
        if not side.spellbook:
            self.game_won_by(1 - side.seat, f"{side.name} has no card left to draw")
            return
        card = side.spellbook.pop()
        self.move(card, "hand")
        side.hand.append(card)
        self.events.append(ev.CardDrawn(side.seat, side.name, card.name))

    def move(self, card: CardInst, zone: str) -> None:
        """A card changes zones: a new object, so earlier targets on it are lost."""
        card.zone = zone
        card.stamp += 1
        card.reset()

    def leave_field(self, card: CardInst, zone: str) -> None:
        owner = self.sides[card.owner]
        if card in owner.field:
            owner.field.remove(card)
        elif card in owner.crystals:
            owner.crystals.remove(card)
        else:
            return
        for other in owner.field + self.sides[1 - card.owner].field:
            if other.blockers and card.uid in other.blockers:
                other.blockers = tuple(b for b in other.blockers if b != card.uid)
        self.move(card, zone)
        (owner.hand if zone == "hand" else owner.graveyard).append(card)

    def game_won_by(self, winner: int, reason: str) -> None:
        if self.over:
            return
        self.over = True
        self.winner = winner
        self.phase = "over"
        self.tasks = []
        self.priority = None
        self.events.append(ev.GameOver(1, winner, self.names[winner], reason))

    def check_state(self) -> None:
        """Creatures with lethal damage die together; then Mages at 0 life lose. Ruling B9:
        if both Mages reach 0 together, the active Mage loses."""
        dead = [
            c
            for seat in (self.active, 1 - self.active)
            for c in self.sides[seat].field
            if c.proto.kind == CREATURE and c.damage >= c.proto.health
        ]
        if dead:
            self.die(dead)
        low = [s for s in (self.sides[self.active], self.sides[1 - self.active]) if s.life <= 0]
        if low:
            self.game_won_by(1 - low[0].seat, f"{low[0].name} fell to 0 life")

    def die(self, dead: list[CardInst]) -> None:
        """battle-mages.md:157 — all at once; Last Breath triggers follow."""
        for card in dead:
            ref = (card.uid, card.stamp)
            self.leave_field(card, "graveyard")
            self.events.append(ev.Died(card.name, self.sides[card.owner].name))
            for script in card.proto.triggers.get("last_breath", ()):
                self.pending.append(PendingTrigger(card.owner, ref, script, None))

    def enter_field(self, card: CardInst, controller: int) -> None:
        side = self.sides[controller]
        self.move(card, "field")
        card.entered = self.turn
        side.field.append(card)
        self.events.append(bev.Entered(card.name, side.name))
        ref = (card.uid, card.stamp)
        for script in card.proto.triggers.get("arrival", ()):
            self.pending.append(PendingTrigger(controller, ref, script, None))
        if card.proto.kind == CREATURE:
            for other in side.field:
                if other is not card:
                    for script in other.proto.triggers.get("ally_arrives", ()):
                        other_ref = (other.uid, other.stamp)
                        self.pending.append(PendingTrigger(controller, other_ref, script, ref))

    # -- priority and the stack ---------------------------------------------------------

    def open_window(self, first: int) -> None:
        self.first = first
        self.priority = first
        self.passes = 0

    def pass_priority(self, seat: int) -> None:
        """Both Mages pass in a row: the top of the stack resolves, or the step ends.
        Ruling B6: in a Main step with an empty stack the active Mage's pass ends it."""
        self.stop_set = None  # the next window offers the stop setting again
        if not self.stack and self.step in MAINS and seat == self.active:
            self.priority = None
            return
        self.passes += 1
        if self.passes < 2:
            self.priority = 1 - seat
            return
        self.passes = 0
        self.priority = None
        if self.stack:
            self.tasks.append(Resolve(self.stack.pop()))

    def could_react_publicly(self, seat: int) -> bool:
        """No tells (docs/architecture.md): whether a Mage is asked depends on what both
        Mages see, never on the hand's cards. A Mage is asked while they hold a card and
        have the mana for the cheapest card there is (any card in hand might be it), or
        have a usable ability on the field (public); otherwise they pass by themselves."""
        side = self.sides[seat]
        mana = side.mana
        if side.hand and mana >= self.cheapest:
            return True
        memo: dict = {}
        return any(
            ability.cost <= mana
            and not (ability.exhaust and card.exhausted)
            and self.attemptable(ability, seat, memo)
            for card in side.field
            for ability in card.proto.abilities
        )

    def reactions(self, seat: int) -> list[Action]:
        """Every spell and ability `seat` may attempt now."""
        side = self.sides[seat]
        mana = side.mana
        acts: list[Action] = []
        if not side.hand and not side.field:
            return acts
        sorcery = seat == self.active and not self.stack and self.step in MAINS
        seen = set()
        memo: dict = {}  # candidate counts, shared by the cards asking the same question
        for card in side.hand:
            proto = card.proto
            if proto.cost > mana or proto in seen:
                continue
            # ruling B6: creatures and relics in your own Main step, with the stack empty
            if proto.kind == RITUAL:
                assert proto.script is not None  # every ritual has its script
                ok = self.attemptable(proto.script, seat, memo)
            else:
                ok = sorcery
            if ok:
                seen.add(proto)
                acts.append(("cast", card.uid))
        for card in side.field:
            for i, ability in enumerate(card.proto.abilities):
                if ability.cost > mana or (ability.exhaust and card.exhausted):
                    continue
                if self.attemptable(ability, seat, memo):
                    acts.append(("ability", card.uid, i))
        return acts

    def _priority_decision(self, seat: int, acts: list[Action]) -> Decision:
        side = self.sides[seat]
        # The stop setting (ruling B10) comes with a pass, so it cannot loop, and it is
        # always there, so a decision is never a lone pass taken silently: that would
        # tell the other Mage this one held no reaction (docs/architecture.md, no tells).
        actions = [*acts, PASS, ("pass", "nostop" if side.stop else "stop")]
        if self.stack:
            prompt = f"{self.stack[-1].label} is on the stack: react or pass."
        elif self.step in MAINS:
            prompt = f"{STEP_NAMES[self.step]}: attempt a card or ability, or move on."
        else:
            prompt = f"{STEP_NAMES[self.step]}: react or pass."
        if not side.stop:  # the setting is offered: say what it does (issue 15)
            prompt += "\n" + STOP_HELP
        return Decision(seat, "priority", prompt, actions)

    # -- targets ------------------------------------------------------------------------

    def in_combat(self) -> bool:
        return self.step in COMBAT

    def candidates(self, sel: Sel, controller: int, subject: Ref | None = None) -> list[int]:
        """Action refs (card uid, or -1/-2 a Mage) that fit `sel` right now."""
        if sel.wording == THAT:
            if subject is None or not self.live(subject):
                return []
            uid = subject[0]
            if uid < 0:
                return (
                    [uid] if sel.obj == O_MAGE and self._controls(-1 - uid, controller, sel) else []
                )
            card = self.cards[uid]
            ok = self._fits(card, sel, controller, self.in_combat())
            return [uid] if ok else []
        # the opponent's first, then the controller's own (issue 15: as in every game)
        if sel.obj == O_MAGE:
            return [
                mage_ref(s)
                for s in (1 - controller, controller)
                if self._controls(s, controller, sel)
            ]
        if sel.obj == O_SPELL:
            return [
                item.source[0]
                for item in self.stack
                if item.spell and self._controls(item.controller, controller, sel)
            ]
        found = []
        combat = self.in_combat()
        for seat in (1 - controller, controller):
            if not self._controls(seat, controller, sel):
                continue
            side = self.sides[seat]
            pool = side.crystals if sel.obj == O_CRYSTAL else side.field
            for card in pool:
                if self._fits(card, sel, controller, combat):
                    found.append(card.uid)
        return found

    @staticmethod
    def _controls(seat: int, controller: int, sel: Sel) -> bool:
        if sel.control == YOURS:
            return seat == controller
        if sel.control == OPPOSING:
            return seat != controller
        return True

    def _fits(self, card: CardInst, sel: Sel, controller: int, combat: bool) -> bool:
        kind = _KIND_OBJECT[card.proto.kind]
        if kind != sel.obj or card.zone != _OBJECT_ZONE[kind]:
            return False
        if sel.control and (sel.control == YOURS) != (card.owner == controller):
            return False
        mods = sel.mods
        return not mods or (card.bits(combat) & mods) == mods

    def live(self, ref: Ref) -> bool:
        """Is the object still there (a card that moved since is a new object)?"""
        uid, stamp = ref
        if uid < 0:
            return True
        return self.cards[uid].stamp == stamp

    def ref(self, uid: int) -> Ref:
        return (uid, 0) if uid < 0 else (uid, self.cards[uid].stamp)

    def body_attemptable(self, body: Body, seat: int, memo: dict[Any, int] | None = None) -> bool:
        for sel in body.sels:
            if sel.wording != TARGET:
                continue
            key = (sel.obj, sel.control, sel.mods, seat)
            count = memo.get(key) if memo is not None else None
            if count is None:
                count = len(self.candidates(sel, seat))
                if memo is not None:
                    memo[key] = count
            if count < sel.count:
                return False  # battle-mages.md:167, 228
        return True

    def attemptable(self, script: Script, seat: int, memo: dict[Any, int] | None = None) -> bool:
        if not script.choose:
            return self.body_attemptable(script.bodies[0], seat, memo)
        fine = sum(1 for b in script.bodies if self.body_attemptable(b, seat, memo))
        return fine >= script.choose

    # -- attempting ---------------------------------------------------------------------

    def new_item(
        self, controller: int, source: Ref, spell: bool, script: Script, label: str
    ) -> Item:
        self.item_ids += 1
        item = Item(self.item_ids, controller, source, spell, script)
        item.label = label
        return item

    def attempt_card(self, seat: int, card: CardInst) -> None:
        proto = card.proto
        if proto.kind == RELIC:  # ruling B11: a relic is no spell; it enters at once
            self.pay(self.sides[seat], proto.cost)
            self.sides[seat].hand.remove(card)
            self.events.append(bev.Attempted(self.sides[seat].name, proto.name))
            self.enter_field(card, seat)
            return
        script = proto.script if proto.kind == RITUAL else None
        item = self.new_item(seat, (card.uid, card.stamp), True, script or _NOTHING, proto.name)
        self.tasks.append(Attempt(item, False, card.uid))

    def attempt_ability(self, seat: int, card: CardInst, index: int) -> None:
        script = card.proto.abilities[index]
        label = f"{card.name}'s ability"
        item = self.new_item(seat, (card.uid, card.stamp), False, script, label)
        self.tasks.append(Attempt(item, False, card.uid))

    def pay(self, side: Side, cost: int) -> None:
        """Ruling B3: effect mana first, then big crystals, then small; an odd remainder
        taken from a big crystal wastes its second mana."""
        take = min(side.pool, cost)
        side.pool -= take
        cost -= take
        if cost <= 0:
            return
        ready = [c for c in side.crystals if not c.exhausted]
        bigs = [c for c in ready if c.proto.value == 2]
        smalls = [c for c in ready if c.proto.value == 1]
        for crystal in bigs[: cost // 2]:
            crystal.exhausted = True
            cost -= 2
        for crystal in smalls[:cost]:
            crystal.exhausted = True
            cost -= 1
        for crystal in [c for c in bigs if not c.exhausted][: max(0, cost)]:
            crystal.exhausted = True
            cost -= 2
        assert cost <= 0, "paid more than the Mage had"

    def _finish_attempt(self, task: Attempt) -> None:
        item = task.item
        side = self.sides[item.controller]
        if not task.trigger:
            card = self.cards[task.source_uid]
            if item.spell:
                self.pay(side, card.proto.cost)
                side.hand.remove(card)
                self.move(card, "stack")
                item.source = (card.uid, card.stamp)
            else:
                self.pay(side, item.script.cost)
                if item.script.exhaust:
                    card.exhausted = True
        placed = next((i for i, on in enumerate(self.stack) if on.id == item.id), None)
        if placed is None:
            self.stack.append(item)
        else:  # a costly trigger, on the stack since it triggered (battle-mages.md:131)
            self.stack[placed] = item
        self.events.append(bev.Attempted(side.name, item.label, self.targets_text(item)))
        if not task.trigger:  # the other Mage may react to it first
            self.priority = 1 - item.controller
            self.passes = 0

    def targets_text(self, item: Item) -> str:
        names = [self.ref_name(r[0]) for refs in item.targets.values() for r in refs]
        return ", ".join(names)

    def ref_name(self, uid: int) -> str:
        if uid < 0:
            return self.names[-1 - uid]
        return self.cards[uid].name

    # -- triggers -----------------------------------------------------------------------

    def start_triggers(self) -> None:
        pending, self.pending = self.pending, []
        groups = [
            [t for t in pending if t.controller == seat] for seat in (self.active, 1 - self.active)
        ]
        self.tasks.append(Triggers([g for g in groups if g]))

    # -- combat -------------------------------------------------------------------------

    def can_attack_with(self, side: Side) -> list[CardInst]:
        """battle-mages.md:126,136 — prepared, not frozen, and not new unless it has Rush."""
        return [
            c
            for c in side.field
            if c.proto.kind == CREATURE
            and not c.exhausted
            and not c.ice
            and (c.entered < self.turn or c.has("rush"))
        ]

    def attackers(self) -> list[CardInst]:
        return [c for c in self.sides[self.active].field if c.attacking]

    def declare_attackers(self, uids: list[int]) -> None:
        """battle-mages.md:125-133 — together, at the opposing Mage; Boast triggers now."""
        side = self.sides[self.active]
        chosen = [self.cards[u] for u in uids]
        defender = mage_ref(1 - self.active)
        for card in chosen:
            card.attacking = True
            if not card.has("attentiveness"):
                card.exhausted = True
        if chosen:
            what = "attacks with " + ", ".join(c.name for c in chosen)
            self.events.append(bev.Declared(side.name, what))
        for card in chosen:
            for script in card.proto.triggers.get("boast", ()):
                ref = (card.uid, card.stamp)
                self.pending.append(PendingTrigger(self.active, ref, script, (defender, 0)))
        if chosen:
            self.open_window(1 - self.active)  # battle-mages.md:133-134

    def block_pairs(self) -> list[tuple[int, int]]:
        """battle-mages.md:144-145 — prepared, unfrozen creatures; ruling B12: a flying
        attacker can be blocked only by a flying creature."""
        attackers = self.attackers()
        pairs = []
        for blocker in self.sides[1 - self.active].field:
            if blocker.proto.kind != CREATURE or blocker.exhausted or blocker.ice:
                continue
            if blocker.blocking:
                continue
            for attacker in attackers:
                if attacker.has("flying") and not blocker.has("flying"):
                    continue
                pairs.append((blocker.uid, attacker.uid))
        return pairs

    def combat_damage(self) -> None:
        """battle-mages.md:155-157 — every damage counter at once, then deaths together."""
        defender = self.sides[1 - self.active]
        hits: list[tuple[Any, int, str]] = []
        for attacker in self.attackers():
            power = attacker.power
            if attacker.blocked:
                blockers = [self.cards[b] for b in attacker.blockers]
                blockers = [b for b in blockers if b.blocking == attacker.uid]
                for i, blocker in enumerate(blockers):
                    if power <= 0:
                        break
                    lethal = max(1, blocker.proto.health - blocker.damage)
                    share = power if i == len(blockers) - 1 else min(power, lethal)
                    hits.append((blocker, share, attacker.name))
                    power -= share
            elif power > 0:
                hits.append((defender, power, attacker.name))
        for blocker in defender.field:
            if blocker.blocking:
                attacker = self.cards[blocker.blocking]
                if attacker.attacking and blocker.power > 0:
                    hits.append((attacker, blocker.power, blocker.name))
        for victim, amount, source in hits:
            if isinstance(victim, Side):
                effects.hurt_mage(self, victim, amount, source)
            else:
                effects.place_damage(self, victim, amount, source)
        self.check_state()

    def end_combat(self) -> None:
        for side in self.sides:
            for card in side.field:
                card.attacking = card.blocked = False
                card.blocking = 0
                card.blockers = ()

    # -- tasks --------------------------------------------------------------------------

    def _task_advance(self, task: Task) -> bool:
        """Move `task` on; True when it waits for a decision, False when it is done."""
        if isinstance(task, Attempt):
            return self._attempt_advance(task)
        if isinstance(task, Resolve):
            return self._resolve_advance(task)
        if isinstance(task, Triggers):
            return self._triggers_advance(task)
        if isinstance(task, Scry):
            return self._scry_advance(task)
        if isinstance(task, Block) and task.ordering and self._to_order(task) is None:
            self.tasks.pop()
            self.open_window(self.active)  # battle-mages.md:148
            return False
        return True  # Attack and Block wait for their decisions

    def _task_decision(self, task: Task) -> Decision:
        if isinstance(task, Attempt):
            return self._attempt_decision(task)
        if isinstance(task, Resolve):
            return self._resolve_decision(task)
        if isinstance(task, Triggers):
            return self._triggers_decision(task)
        if isinstance(task, Scry):
            return self._scry_decision(task)
        if isinstance(task, Attack):
            acts: list[Action] = [
                ("attacker", c.uid) for c in self.can_attack_with(self.sides[self.active])
            ]
            prompt = "Choose-Attacker step: declare your attackers (all at once)."
            return Decision(
                self.active, "attackers", prompt, acts, min_picks=0, max_picks=len(acts)
            )
        assert isinstance(task, Block)  # the one kind of task left
        if task.ordering:
            attacker = self._to_order(task)
            assert attacker is not None  # advance ends the ordering when none is left
            acts = [("order", attacker.uid, b) for b in attacker.blockers if b not in task.picked]
            prompt = f"Which blocker does {attacker.name} damage first?"
            return Decision(self.active, "order_blockers", prompt, acts)
        defender = 1 - self.active
        pairs = self.block_pairs()
        acts = [("block", b, a) for b, a in pairs]
        acts.append(DONE)
        prompt = "Choose-Blocker step: block an attacker, or finish blocking."
        if pairs and self.stop_set != defender:  # ruling B10: reachable by a Mage who never
            acts.append(("stop", 0 if self.sides[defender].stop else 1))  # has a reaction
            if not self.sides[defender].stop:
                prompt += "\n" + STOP_HELP
        return Decision(defender, "blockers", prompt, acts)

    def _task_apply(self, task: Task, action: Action) -> None:
        head = action[0] if action else None
        if isinstance(task, Attempt):
            if task.bodies is None:
                picks = (action,) if head == "mode" else action
                task.bodies = tuple(sorted(a[1] for a in picks))
                task.item.bodies = task.bodies
            else:
                picks = action if head != "target" else (action,)
                body, sel = task.queue[task.idx]
                task.item.targets[(body, sel)] = tuple(self.ref(a[1]) for a in picks)
                task.idx += 1
        elif isinstance(task, Resolve):
            picks = action if head != "choose" else (action,)
            body, sel, _ = task.queue[task.idx]
            task.chosen[(body, sel)] = tuple(self.ref(a[1]) for a in picks)
            task.idx += 1
        elif isinstance(task, Triggers):
            if head == "next":
                task.order.append(task.groups[0].pop(action[1]))
            else:
                trigger = task.to_push.pop(0)
                paid = head == "pay"
                if paid:
                    self.pay(self.sides[trigger.controller], trigger.script.cost)
                self._push_trigger(trigger, paid)
        elif isinstance(task, Scry):
            side = self.sides[task.seat]
            if not task.sorted:
                task.sorted = True
                bottom = [a[1] for a in action]
                for uid in bottom:
                    card = self.cards[uid]
                    side.collection.remove(card)
                    side.collection.insert(0, card)
                task.looked = [u for u in task.looked if u not in bottom]
                self.events.append(bev.CrystalsArranged(side.name, len(bottom)))
            else:
                task.ordered.append(action[1])
                task.looked.remove(action[1])
        elif isinstance(task, Attack):
            self.tasks.pop()
            self.declare_attackers([a[1] for a in action])
        elif isinstance(task, Block):
            if head == "order":
                attacker = self.cards[action[1]]
                task.picked.append(action[2])
                rest = [b for b in attacker.blockers if b not in task.picked]
                if len(rest) == 1:
                    attacker.blockers = (*task.picked, *rest)
                    task.finished.append(attacker.uid)
                    task.picked = []
            elif head == "done":
                task.ordering = True
            else:
                blocker, attacker = self.cards[action[1]], self.cards[action[2]]
                blocker.blocking = attacker.uid
                attacker.blocked = True
                attacker.blockers = (*attacker.blockers, blocker.uid)
                what = f"blocks {attacker.name} with {blocker.name}"
                self.events.append(bev.Declared(self.sides[blocker.owner].name, what))

    def _to_order(self, task: "Block") -> CardInst | None:
        """battle-mages.md:146-147 — an attacker with several blockers not yet ordered."""
        for attacker in self.attackers():
            if len(attacker.blockers) >= 2 and attacker.uid not in task.finished:
                return attacker
        return None

    # -- task details -------------------------------------------------------------------

    def _attempt_advance(self, task: Attempt) -> bool:
        item = task.item
        if task.bodies is None:
            fine = self._modes_offered(task)
            if len(fine) > item.script.choose:
                return True
            task.bodies = item.bodies = tuple(fine)  # no choice left: no needless prompt
        if not task.queue and task.idx == 0:
            task.queue = [
                (b, s)
                for b in task.bodies
                for s, sel in enumerate(item.script.bodies[b].sels)
                if sel.direct
            ]
        while task.idx < len(task.queue):
            body, s = task.queue[task.idx]
            sel = item.script.bodies[body].sels[s]
            cands = self.candidates(sel, task.controller)
            if not cands:
                # battle-mages.md:168 — a trigger with no legal target still goes on the stack
                item.targets[(body, s)] = ()
                task.idx += 1
                continue
            if sel.wording == TARGET and 1 < sel.count >= len(cands):
                item.targets[(body, s)] = tuple(self.ref(u) for u in cands)  # all it can take
                task.idx += 1
                continue
            return True
        self.tasks.pop()
        self._finish_attempt(task)
        return False

    def _attempt_decision(self, task: Attempt) -> Decision:
        item = task.item
        seat = task.controller
        script = item.script
        if task.bodies is None:
            acts = [("mode", i) for i in self._modes_offered(task)]
            prompt = f"{item.label}: choose {script.choose} mode(s)."
            n = script.choose
            return Decision(seat, "modes", prompt, acts, min_picks=n, max_picks=n)
        body, s = task.queue[task.idx]
        sel = script.bodies[body].sels[s]
        cands = self.candidates(sel, seat)
        acts = [("target", uid) for uid in cands]
        prompt = f"{item.label}: choose {self.sel_words(body, s, item)}."
        if sel.wording == UP_TO_TARGET:
            return Decision(seat, "targets", prompt, acts, min_picks=0, max_picks=sel.count)
        if sel.count == 1:
            return Decision(seat, "target", prompt, acts)
        n = min(sel.count, len(acts))  # a trigger takes what it can find
        return Decision(seat, "targets", prompt, acts, min_picks=n, max_picks=n)

    def _modes_offered(self, task: Attempt) -> list[int]:
        """battle-mages.md:209 (ruling B15): a spell offers the modes it could carry out."""
        bodies = task.item.script.bodies
        seat = task.controller
        return [i for i, b in enumerate(bodies) if task.trigger or self.body_attemptable(b, seat)]

    def sel_words(self, body: int, s: int, item: Item) -> str:
        return selection_words(item.script.bodies[body].sels[s])

    def _triggers_advance(self, task: Triggers) -> bool:
        while True:
            if task.to_push:
                trigger = task.to_push[0]
                cost = trigger.script.cost
                if (
                    cost
                    and self.sides[trigger.controller].mana >= cost
                    and self._could_act(trigger)
                ):
                    # battle-mages.md:131-132: on the stack first, then pay, then targets.
                    if not (self.stack and self.stack[-1].paid is None):
                        self._announce_trigger(trigger)
                    return True  # pay or decline
                task.to_push.pop(0)
                self._push_trigger(trigger, paid=not cost)
                if self.tasks[-1] is not task:
                    return False  # an Attempt for its modes and targets runs first
                continue
            if task.groups:
                group = task.groups[0]
                if len(_trigger_kinds(group)) >= 2:
                    return True  # battle-mages.md:130 — its Mage picks the order
                task.order += group
                task.groups.pop(0)
                task.to_push = task.order[::-1]  # the first to resolve goes on last
                task.order = []
                continue
            self.tasks.remove(task)
            self.open_window(self.first)
            return False

    def _could_act(self, trigger: PendingTrigger) -> bool:
        """Could paying do anything? Not when every way to use it has a 'target' with no
        legal target: it would fizzle (line 168), so nobody is asked to pay for it."""
        seat = trigger.controller

        def usable(body: Body) -> bool:
            return all(
                sel.wording != TARGET or self.candidates(sel, seat, trigger.subject)
                for sel in body.sels
            )

        script = trigger.script
        fine = sum(1 for body in script.bodies if usable(body))
        return fine >= max(1, script.choose)

    def _triggers_decision(self, task: Triggers) -> Decision:
        if task.to_push:
            trigger = task.to_push[0]
            source = self.cards[trigger.source[0]].name
            prompt = f"{source}: pay {trigger.script.cost} mana for its ability?"
            return Decision(trigger.controller, "pay", prompt, [("pay",), ("decline",)])
        group = task.groups[0]
        acts = [("next", i) for i in _trigger_kinds(group)]
        return Decision(
            group[0].controller,
            "order_triggers",
            "Several of your abilities trigger: which resolves first (of those left)?",
            acts,
        )

    def _announce_trigger(self, trigger: PendingTrigger) -> None:
        """battle-mages.md:131 — a trigger with a cost goes on the stack before its Mage
        decides to pay (``paid`` None until then) and chooses its targets."""
        item = self._trigger_item(trigger)
        item.paid = None
        self.stack.append(item)
        side = self.sides[trigger.controller].name
        self.events.append(bev.Triggered(side, item.label))

    def _trigger_item(self, trigger: PendingTrigger) -> Item:
        source = self.cards[trigger.source[0]]
        label = f"{source.name}'s {_TRIGGER_NAMES.get(trigger.script.when, 'ability')}"
        item = self.new_item(trigger.controller, trigger.source, False, trigger.script, label)
        item.subject = trigger.subject
        return item

    def _push_trigger(self, trigger: PendingTrigger, paid: bool) -> None:
        """battle-mages.md:131-132 — on the stack whether paid or not; targets if paid. A
        costly trigger is already on the stack (`_announce_trigger`): it is decided there."""
        waiting = self.stack[-1] if self.stack and self.stack[-1].paid is None else None
        item = waiting if waiting is not None else self._trigger_item(trigger)
        item.paid = paid
        if not paid:
            if waiting is None:
                self.stack.append(item)
            side = self.sides[trigger.controller].name
            self.events.append(bev.Attempted(side, f"{item.label} (unpaid)"))
            return
        self.tasks.append(Attempt(item, True, self.cards[trigger.source[0]].uid))

    def _resolve_advance(self, task: Resolve) -> bool:
        item = task.item
        if not task.checked:
            task.checked = True
            reason = self._fizzle_reason(item, task)
            if reason:
                self.tasks.pop()
                self.fizzle(item, reason)
                return False
        while task.idx < len(task.queue):
            body, s, cands = task.queue[task.idx]
            sel = item.script.bodies[body].sels[s]
            if cands and (
                sel.wording in (UP_TO_A, ANY_NUMBER)
                or (sel.wording == A and len(cands) > sel.count)
            ):
                return True
            task.chosen[(body, s)] = tuple(self.ref(u) for u in cands)
            task.idx += 1
        self.tasks.pop()
        self._apply_item(item, task.chosen)
        return False

    def _fizzle_reason(self, item: Item, task: Resolve) -> str:
        """battle-mages.md:168-173, 193-196, 239: a lost target or nothing to choose."""
        if not item.paid:
            return ""
        upto = item.script.upto
        for (body, s), refs in item.targets.items():
            sel = item.script.bodies[body].sels[s]
            if sel.wording == TARGET and not upto:
                if not refs:
                    return "it found no legal target"
                if not all(self.live(r) for r in refs):
                    return "it lost a target"
        for body in item.bodies:
            for s, sel in enumerate(item.script.bodies[body].sels):
                if sel.direct:
                    continue
                cands = self.candidates(sel, item.controller, item.subject)
                if not cands and not upto and sel.wording != UP_TO_A:
                    return "nothing qualifies"
                task.queue.append((body, s, cands))
        return ""

    def _resolve_decision(self, task: Resolve) -> Decision:
        item = task.item
        body, s, cands = task.queue[task.idx]
        sel = item.script.bodies[body].sels[s]
        acts = [("choose", u) for u in cands]
        prompt = f"{item.label} resolves: choose {self.sel_words(body, s, item)}."
        seat = item.controller
        if sel.wording == A and sel.count == 1:
            return Decision(seat, "choose", prompt, acts)
        if sel.wording == A:
            n = sel.count
            return Decision(seat, "choose_many", prompt, acts, min_picks=n, max_picks=n)
        top = len(acts) if sel.wording == ANY_NUMBER else sel.count
        return Decision(seat, "choose_many", prompt, acts, min_picks=0, max_picks=top)

    def fizzle(self, item: Item, reason: str) -> None:
        """battle-mages.md:239-241 — a spell to its graveyard, an ability just ends."""
        self.events.append(bev.Fizzled(item.label, reason))
        if item.spell:
            card = self.cards[item.source[0]]
            self.move(card, "graveyard")
            self.sides[card.owner].graveyard.append(card)
        self.open_window(self.first)

    def _apply_item(self, item: Item, chosen: dict) -> None:
        """Resolve fully (battle-mages.md:181): every effect of every chosen mode."""
        if not item.paid:
            self.events.append(bev.Resolved(item.label, "unpaid: nothing happens"))
        else:
            picks = dict(item.targets)
            picks.update(chosen)
            names = [self.ref_name(r[0]) for refs in chosen.values() for r in refs]
            self.events.append(bev.Resolved(item.label, ", ".join(names)))
            for body in item.bodies:
                effects.run_body(self, item, body, picks)
                if self.over:
                    break
        if item.spell:
            card = self.cards[item.source[0]]
            if card.proto.kind == CREATURE and not self.over:
                self.enter_field(card, item.controller)
            else:
                self.move(card, "graveyard")
                self.sides[card.owner].graveyard.append(card)
        if not self.over:
            self.check_state()
            self.open_window(self.first)

    def _scry_advance(self, task: Scry) -> bool:
        side = self.sides[task.seat]
        if not task.looked and not task.sorted:
            task.looked = [c.uid for c in side.collection[-LOOK:]]
            if not task.looked:
                self.tasks.pop()
                return False
            return True
        if not task.sorted or len(self._distinct(task.looked)) >= 2:
            return True  # no needless prompt: the order of identical crystals is no choice
        order = task.ordered + task.looked
        kept = [self.cards[u] for u in order]
        side.collection = [c for c in side.collection if c.uid not in order] + kept[::-1]
        self.tasks.pop()
        if not self.tasks:
            self.phase = "ready"
        return False

    def _distinct(self, uids: list[int]) -> list[int]:
        """One uid per kind of crystal among `uids`, in their order."""
        seen: dict[str, int] = {}
        for uid in uids:
            seen.setdefault(self.cards[uid].proto.id, uid)
        return list(seen.values())

    def _scry_decision(self, task: Scry) -> Decision:
        if not task.sorted:
            acts = [("crystal", u) for u in task.looked]
            prompt = "The top of your Crystal Collection: choose any to put on the bottom."
            return Decision(
                task.seat,
                "crystals_bottom",
                prompt,
                acts,
                min_picks=0,
                max_picks=len(acts),
                private=True,
            )
        acts = [("top", u) for u in self._distinct(task.looked)]
        prompt = "Which crystal goes on top (next) of your Crystal Collection?"
        return Decision(task.seat, "crystals_top", prompt, acts, private=True)


def _creature_script() -> Script:
    """The script of a creature spell: nothing happens but its entering the field."""
    script = Script.__new__(Script)
    script.bodies = ()
    script.choose = 0
    script.cost = 0
    script.exhaust = False
    script.when = ""
    script.upto = False
    script.text = ""
    return script


_NOTHING = _creature_script()


def _trigger_kinds(group: list[PendingTrigger]) -> list[int]:
    """The index of the first of each kind of trigger in `group`. Triggers of one card
    with one subject that never name their own card are interchangeable: ordering them
    among themselves is no choice, so it is not asked (no needless prompts)."""
    first: dict[tuple, int] = {}
    for i, trigger in enumerate(group):
        script = trigger.script
        selfish = any(e.to == THIS for body in script.bodies for e in body.effects)
        key = (id(script), trigger.subject, trigger.source if selfish else None)
        first.setdefault(key, i)
    return list(first.values())


_KIND_OBJECT = {CREATURE: O_CREATURE, RELIC: O_RELIC, CRYSTAL: O_CRYSTAL, RITUAL: -1}
_OBJECT_ZONE = {O_CREATURE: "field", O_RELIC: "field", O_CRYSTAL: "crystals"}
_TRIGGER_NAMES = {"arrival": "Arrival", "boast": "Boast", "last_breath": "Last Breath"}
