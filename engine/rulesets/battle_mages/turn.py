"""The turn: its steps in order and what each does on entering (battle-mages.md:97-118;
rulings B2-B4), and the crystal look before the first turn (battle-mages.md:89-90)."""

from typing import TYPE_CHECKING

from engine.core import events as ev
from engine.core.decision import Action, Decision
from engine.core.steps import DONE, WAIT, Step, StepResult
from engine.rulesets.battle_mages import effects
from engine.rulesets.battle_mages import events as bev
from engine.rulesets.battle_mages.cards import CREATURE
from engine.rulesets.battle_mages.combat import (
    Attack,
    Block,
    attackers,
    block_pairs,
    can_attack_with,
    combat_damage,
    end_combat,
)
from engine.rulesets.battle_mages.table import LOOK, MAINS, OPENING_HAND, STEPS, Side

if TYPE_CHECKING:
    from engine.rulesets.battle_mages.state import TableState


class Starter(Step):
    """battle-mages.md:88 — ruling B5: the coin flip's winner chooses who starts."""

    __slots__ = ()

    def decisions(self, state: "TableState") -> list[Decision]:
        prompt = "You won the coin flip: who goes first?"
        return [Decision(state.coin_winner, "starter", prompt, [("first",), ("second",)])]

    def apply(self, state: "TableState", player: int, action: Action) -> None:
        state.steps.pop()  # chosen: the crystal looks follow
        choose_starter(state, player if action[0] == "first" else 1 - player)


class Scry(Step):
    """battle-mages.md:89-90: look at the top 4 crystals, some to the bottom, order the rest
    (ruling B16: asked alike whatever the crystals are)."""

    __slots__ = ("looked", "ordered", "seat", "sorted")

    def __init__(self, seat: int):
        self.seat = seat
        self.looked: list[int] = []  # uids still to place; [] before the look
        self.ordered: list[int] = []  # chosen top first
        self.sorted = False  # True once the bottom pick is made

    def advance(self, state: "TableState") -> StepResult:
        side = state.sides[self.seat]
        if not self.looked and not self.sorted:
            self.looked = [c.uid for c in side.collection[-LOOK:]]
            if not self.looked:
                return DONE
            return WAIT
        if not self.sorted or len(self.looked) >= 2:
            # ruling B16: one question per kept crystal but the last, whatever the kinds:
            # how many are kept is public, which kinds they are is not
            return WAIT
        order = self.ordered + self.looked
        kept = [state.cards[u] for u in order]
        side.collection = [c for c in side.collection if c.uid not in order] + kept[::-1]
        if len(state.steps) == 1:  # the last look: the game begins
            state.phase = "ready"
        return DONE

    def decisions(self, state: "TableState") -> list[Decision]:
        return [self._decision(state)]

    def _decision(self, state: "TableState") -> Decision:
        if not self.sorted:
            acts: list[Action] = [("crystal", u) for u in self.looked]
            prompt = "The top of your Crystal Collection: choose any to put on the bottom."
            return Decision(
                self.seat,
                "crystals_bottom",
                prompt,
                acts,
                min_picks=0,
                max_picks=len(acts),
                private=True,
            )
        acts = [("top", u) for u in _distinct(state, self.looked)]
        prompt = "Which crystal goes on top (next) of your Crystal Collection?"
        # asked even when the crystals left are all alike (ruling B16)
        return Decision(self.seat, "crystals_top", prompt, acts, private=True, always_ask=True)

    def apply(self, state: "TableState", player: int, action: Action) -> None:
        side = state.sides[self.seat]
        if not self.sorted:
            self.sorted = True
            bottom = [a[1] for a in action]
            for uid in bottom:
                card = state.cards[uid]
                side.collection.remove(card)
                side.collection.insert(0, card)
            self.looked = [u for u in self.looked if u not in bottom]
            state.events.append(bev.CrystalsArranged(side.name, len(bottom)))
        else:
            self.ordered.append(action[1])
            self.looked.remove(action[1])


def choose_starter(state: "TableState", starter: int) -> None:
    """The game begins: opening hands, then each Mage looks at their crystals."""
    state.starter = state.active = starter
    state.events.append(ev.GameStarted(1, starter, state.names[starter]))
    for seat in (starter, 1 - starter):
        side = state.sides[seat]
        for _ in range(OPENING_HAND):
            state.draw(side)
    state.phase = "start"
    state.steps.push(Scry(1 - starter), Scry(starter))  # the starter looks first


def _distinct(state: "TableState", uids: list[int]) -> list[int]:
    """One uid per kind of crystal among `uids`, in their order."""
    seen: dict[str, int] = {}
    for uid in uids:
        seen.setdefault(state.cards[uid].proto.id, uid)
    return list(seen.values())


def begin_turn(state: "TableState", seat: int) -> None:
    state.turn += 1
    state.active = seat
    state.events.append(ev.TurnStarted(seat, state.sides[seat].name, state.turn))
    enter_step(state, "preparation")


def next_step(state: "TableState") -> None:
    """The step ends (the stack is empty: nobody holds priority and no task runs)."""
    assert not state.stack, "a step ended with spells on the stack"
    index = STEPS.index(state.step)
    if state.step == "end":
        end_turn(state)
        begin_turn(state, 1 - state.active)
    elif state.step == "attackers" and not attackers(state):
        enter_step(state, "main2")  # no attack was declared: the combat is over
    else:
        enter_step(state, STEPS[index + 1])


def enter_step(state: "TableState", step: str) -> None:
    state.step = step
    state.first = state.active
    state.priority = None
    state.passes = 0
    side = state.sides[state.active]
    if step == "preparation":
        prepare(state, side)
    elif step == "crystal":
        place_crystal(state, side)
    elif step == "draw":
        if not (state.turn == 1 and state.active == state.starter):  # ruling B4
            state.draw(side)
    elif step in MAINS:
        if step == "main2":
            end_combat(state)
        state.priority = state.active
    elif step == "attackers":
        if can_attack_with(state, side):
            state.steps.push(Attack())
    elif step == "blockers":
        if block_pairs(state):
            state.steps.push(Block())
        else:
            state.priority = state.active  # battle-mages.md:148 — still a window
    elif step == "damage":
        combat_damage(state)
    elif step == "end":
        pass  # ruling B3: "until end of turn" lasts until the turn ends, after this step


def prepare(state: "TableState", side: Side) -> None:
    """Ruling B2: prepare everything; a frozen creature stays exhausted and thaws by one
    Ice counter instead; then poison places its damage (ruling B8)."""
    for card in side.field:
        if card.ice:
            card.ice -= 1
            state.events.append(bev.Moved(card.name, "thaws by one Ice counter"))
        else:
            card.exhausted = False
    for crystal in side.crystals:
        crystal.exhausted = False
    poisoned = [c for c in side.field if c.poison and c.proto.kind == CREATURE]
    for card in poisoned:  # counters put by poison, not damage dealt: Shield cannot stop it
        effects.put_damage_counters(state, card, card.poison, "poison")
    state.check_state()


def place_crystal(state: "TableState", side: Side) -> None:
    """Ruling B2: the top crystal of the Crystal Collection enters the field."""
    if not side.collection:
        return
    crystal = state.own(side.collection.pop())
    state.move(crystal, "crystals")
    crystal.exhausted = crystal.proto.size == "big"  # ruling B2: a big one enters exhausted
    side.crystals.append(crystal)
    state.events.append(bev.CrystalPlaced(side.name, crystal.name))


def end_turn(state: "TableState") -> None:
    """Ruling B3: keyword changes and unspent effect mana end with the turn."""
    for side in state.sides:
        side.pool = 0
        for card in side.field:
            card.gained = card.lost = frozenset()
    state.events.append(ev.TurnEnded(state.sides[state.active].name))
