"""magic-core's steps of a turn (500-514), and what the game waits for: its core `Step`s.

At the bottom of the core's `Steps` lies the game's *mode* (`MagicState.mode` while
nothing resolves): a player's priority, a declaration of attackers, a mulligan, or one of
the two steps that move the turn on by themselves. An item resolving is a `Resolve` step
above it (engine/rulesets/magic_core/resolution.py), and a choice its resolution waits
for (X, cards to discard or sacrifice, a card cast for free) is one more step above that,
which pops itself once made. The core's driver (`GameState.run`) advances the top until
it waits; the open decision is the top step's, and an action goes to it. A mode holds no
data (what it works on, the queue of players to ask, is the state's), so each is one
shared object and a clone of the state copies none of them; a choice step holds what its
choice needs (the picks so far, the mana value a free card may have), and is copied.

Their own module so that the rules' helpers (effects, the view) can name a step or a
mode without importing the game module that imports them.
"""

from typing import TYPE_CHECKING

from engine.core.decision import Action, Decision
from engine.core.steps import AGAIN, WAIT, Step, StepResult
from engine.rulesets.magic_core.objects import Choice
from engine.rulesets.magic_core.targets import legal_targets
from engine.rulesets.magic_core.turn_shape import (
    HAND_LIMIT,
    OPENING_HAND,
    STEP_NAMES,
)

if TYPE_CHECKING:
    from engine.rulesets.magic_core.state import TableState

KEEP: Action = ("keep",)
MULLIGAN: Action = ("mulligan",)
DECLINE: Action = ("decline",)


def picked(action: Action) -> list[int]:
    """The uids of a card pick: one ("card", uid), or a tuple of them (a multi-pick)."""
    if action and action[0] == "card":
        return [action[1]]
    return [uid for _, uid in action]


class MagicStep(Step):
    """A mode of the game. Whatever the mode, a game that has just ended is finished
    first (the next game begins, or the match ends) before the mode moves on."""

    __slots__ = ()

    def advance(self, state: "TableState") -> StepResult:
        """By default the mode waits for its decision. A mode that moves on by itself
        overrides this, finishing an ended game first as well (inline: the hot path)."""
        if state.ended:
            state.finish_game()
            return AGAIN
        return WAIT


class Priority(MagicStep):
    """117: state-based actions, waiting triggers onto the stack, then the player with
    priority acts, or passes by themselves when by public knowledge they could not act."""

    __slots__ = ()
    name = "priority"

    def advance(self, state: "TableState") -> StepResult:
        if state.ended:
            state.finish_game()
            return AGAIN
        state.state_based_actions()  # 704.3: repeated until none apply
        if state.ended or state.steps.items[-1] is not self:
            return AGAIN  # the game ended, or a player left and their turn with them
        if state.pending:
            state.stack_triggers()
            return AGAIN
        if state.stops_here(state.priority):
            return WAIT
        state.pass_priority()
        return AGAIN

    def decisions(self, state: "TableState") -> list[Decision]:
        p = state.priority
        prompt = f"{STEP_NAMES[state.step]}: you have priority" + (
            " (the stack is not empty)" if state.stack else ""
        )
        return [Decision(p, "priority", prompt, state.priority_actions(p))]

    def apply(self, state: "TableState", player: int, action: Action) -> None:
        state.priority_action(player, action)


class NextStep(MagicStep):
    """The step is over: the next one begins (500.2)."""

    __slots__ = ()
    name = "next step"

    def advance(self, state: "TableState") -> StepResult:
        if state.ended:
            state.finish_game()
            return AGAIN
        state.next_step()
        return AGAIN


class NextTurn(MagicStep):
    """The turn is over: the next player in turn order begins one (500.1)."""

    __slots__ = ()
    name = "next turn"

    def advance(self, state: "TableState") -> StepResult:
        if state.ended:
            state.finish_game()
            return AGAIN
        state.begin_turn(state.next_seat(state.active))
        return AGAIN


class Attackers(MagicStep):
    """508.1: the active player declares attackers, one at a time, then is done."""

    __slots__ = ()
    name = "declare attackers"

    def decisions(self, state: "TableState") -> list[Decision]:
        return [Decision(state.asking, "attackers", "Declare attackers.", state.attack_actions())]

    def apply(self, state: "TableState", player: int, action: Action) -> StepResult | None:
        if action[0] == "attack":
            state.declare_attacker(action[1], action[2])
            return WAIT  # the next attacker, or done: nothing moves on by itself
        state.attackers_declared()
        return None


class Blockers(MagicStep):
    """509.1: each defending player in turn declares blockers; one who can block nothing
    is not asked."""

    __slots__ = ()
    name = "declare blockers"

    def advance(self, state: "TableState") -> StepResult:
        if state.ended:
            state.finish_game()
            return AGAIN
        if not state.block_actions(state.asking)[:-1]:
            state.next_blocker()  # nothing can block: nothing to ask
            return AGAIN
        return WAIT

    def decisions(self, state: "TableState") -> list[Decision]:
        who = state.asking
        return [Decision(who, "blockers", "Declare blockers.", state.block_actions(who))]

    def apply(self, state: "TableState", player: int, action: Action) -> None:
        if action[0] == "block":
            state.declare_blocker(action[1], action[2])
        else:
            state.next_blocker()


class TriggerTarget(MagicStep):
    """603.3d: the controller of the first waiting triggered ability chooses its target
    as it goes on the stack."""

    __slots__ = ()
    name = "target"

    def decisions(self, state: "TableState") -> list[Decision]:
        trig = state.pending[0]
        assert trig.target_word is not None  # only a targeted trigger waits here
        refs = legal_targets(state, trig.target_word, trig.controller, trig.source.uid)
        prompt = f"Choose a target for {trig.source.name}'s ability."
        return [Decision(state.asking, "target", prompt, [("target", r) for r in refs])]

    def apply(self, state: "TableState", player: int, action: Action) -> None:
        trig = state.pending.pop(0)
        state.put_trigger(trig, action[1])
        state.mode = M_PRIORITY


class Choose(MagicStep):
    """101.4: players choose cards to discard or creatures to sacrifice in APNAP order,
    each seeing the earlier choices (101.4b); the choices then happen at once. Pushed
    above the resolution that asks, holding the choice (who still picks how many, the
    picks so far); it leaves once the last player chose."""

    __slots__ = ("choice",)
    name = "choose"

    def __init__(self, choice: Choice):
        self.choice = choice

    def copy(self) -> "Choose":
        return Choose(self.choice.copy())

    def decisions(self, state: "TableState") -> list[Decision]:
        who = state.asking
        choice = self.choice
        what = choice.kind
        picks = choice.count[who]
        cards = state.players[who].hand if what == "discard" else state.sacrificeable(who)
        prompt = f"Choose {picks} card(s) to {what}."
        if what == "sacrifice":  # 101.4b: earlier choices are known
            earlier = [
                f"{state.names[s]}: {', '.join(state.objs[u].name for u in uids)}"
                for s, uids in choice.picked.items()
                if uids
            ]
            if earlier:
                prompt += f" Chosen so far: {'; '.join(earlier)}."
        actions = [("card", o.uid) for o in cards]
        return [
            Decision(
                who,
                what,
                prompt,
                actions,
                min_picks=picks,
                max_picks=picks,
                private=what == "discard",
            )
        ]

    def apply(self, state: "TableState", player: int, action: Action) -> None:
        self.choice.picked[player] = picked(action)
        state.next_chooser(self)


class Cleanup(MagicStep):
    """514.1: the active player discards down to the maximum hand size."""

    __slots__ = ()
    name = "cleanup"

    def decisions(self, state: "TableState") -> list[Decision]:
        who = state.asking
        player = state.players[who]
        excess = len(player.hand) - HAND_LIMIT
        prompt = f"Discard {excess} card(s) down to {HAND_LIMIT}."
        actions = [("card", o.uid) for o in player.hand]
        return [
            Decision(
                who, "discard", prompt, actions, min_picks=excess, max_picks=excess, private=True
            )
        ]

    def apply(self, state: "TableState", player: int, action: Action) -> None:
        state.discard(state.players[player], [state.objs[uid] for uid in picked(action)])
        state.finish_cleanup()


class XChoice(MagicStep):
    """107.3e: the controller chooses an X that appears only in the text, as it resolves:
    pushed above its `Resolve` before the first effect, and popped once chosen."""

    __slots__ = ()
    name = "choose X"

    def decisions(self, state: "TableState") -> list[Decision]:
        item = state.resolving_item()
        assert item is not None  # X is chosen as a spell resolves (107.3e)
        prompt = f"Choose X for {item.name}."
        actions = [("x", n) for n in range((item.proto.x_choice or 0) + 1)]
        return [Decision(state.asking, "x", prompt, actions)]

    def apply(self, state: "TableState", player: int, action: Action) -> None:
        item = state.resolving_item()
        assert item is not None  # as in decisions()
        item.x = action[1]
        state.note(f"{state.names[player]} chooses X={action[1]}.")
        state.steps.remove(self)  # the resolution below goes on


class Order(MagicStep):
    """101.4c: a player with several different abilities triggering at once orders them."""

    __slots__ = ()
    name = "order"

    def decisions(self, state: "TableState") -> list[Decision]:
        who = state.asking
        actions = [("first", i) for i, t in enumerate(state.pending) if t.controller == who]
        prompt = "Several of your abilities trigger: which goes on the stack first?"
        return [Decision(who, "order", prompt, actions)]

    def apply(self, state: "TableState", player: int, action: Action) -> None:
        state.pending.insert(0, state.pending.pop(action[1]))
        state.order_chosen = True
        state.mode = M_PRIORITY


class Free(MagicStep):
    """107.3b: a resolving effect lets a player cast a card without paying its mana cost:
    pushed above the resolution with the highest mana value the card may have, popped once
    the player casts or declines."""

    __slots__ = ("limit",)
    name = "cast for free"

    def __init__(self, limit: int):
        self.limit = limit

    def decisions(self, state: "TableState") -> list[Decision]:
        who = state.asking
        actions = [*state.free_actions(who, self.limit), DECLINE]
        prompt = "You may cast a card without paying its mana cost."
        return [Decision(who, "free", prompt, actions, private=True, always_ask=True)]

    def apply(self, state: "TableState", player: int, action: Action) -> None:
        state.steps.remove(self)  # the resolution below goes on after the cast
        if action[0] == "free":
            state.cast(player, action[1], 0, action[2], free=True)


class Mulligan(MagicStep):
    """103.4: keep or mulligan, declared in turn order."""

    __slots__ = ()
    name = "mulligans"

    def decisions(self, state: "TableState") -> list[Decision]:
        who = state.asking
        player = state.players[who]
        actions = [KEEP] if player.mulligans >= OPENING_HAND else [KEEP, MULLIGAN]
        prompt = f"Keep this hand of {len(player.hand)} or take a mulligan?"
        return [Decision(who, "mulligan", prompt, actions, private=True)]

    def apply(self, state: "TableState", player: int, action: Action) -> None:
        state.declare_mulligan(player, action[0] == "mulligan")


class Bottom(MagicStep):
    """103.4 (London mulligan): one card to the bottom per mulligan taken."""

    __slots__ = ()
    name = "mulligans"

    def decisions(self, state: "TableState") -> list[Decision]:
        who = state.asking
        player = state.players[who]
        n = min(player.mulligans, len(player.hand))
        prompt = f"Put {n} card(s) from your hand on the bottom of your library."
        actions = [("card", o.uid) for o in player.hand]
        return [Decision(who, "bottom", prompt, actions, min_picks=n, max_picks=n, private=True)]

    def apply(self, state: "TableState", player: int, action: Action) -> None:
        state.bottom(player, picked(action))


class Opening(MagicStep):
    """103.5a: cards an opening hand may begin the game with on the battlefield."""

    __slots__ = ()
    name = "opening hands"

    def decisions(self, state: "TableState") -> list[Decision]:
        who = state.asking
        cards = [o for o in state.players[who].hand if o.proto.opening_hand]
        prompt = "Begin the game with any of these cards on the battlefield?"
        actions = [("card", o.uid) for o in cards]
        return [Decision(who, "opening", prompt, actions, min_picks=0, max_picks=len(actions))]

    def apply(self, state: "TableState", player: int, action: Action) -> None:
        for uid in picked(action):
            card = state.objs[uid]
            state.note(f"{state.names[player]} begins the game with {card.name} in play.")
            state.enter_battlefield(card, player)
        state.next_opening()


class Starter(MagicStep):
    """103.1: the coin flip's winner (or the previous chooser) picks the starting player."""

    __slots__ = ()
    name = "choosing the starting player"

    def decisions(self, state: "TableState") -> list[Decision]:
        actions = [("starter", s) for s in state.live()]
        return [Decision(state.asking, "starter", "Who takes the first turn?", actions)]

    def apply(self, state: "TableState", player: int, action: Action) -> None:
        state.chooser = player
        state.start_game(action[1])


class Over(MagicStep):
    """The match is over: nothing waits."""

    __slots__ = ()
    name = "over"


# what the game waits for: one shared object per mode
M_STARTER = Starter()
M_MULLIGAN = Mulligan()
M_BOTTOM = Bottom()
M_PRIORITY = Priority()
M_ATTACKERS = Attackers()
M_BLOCKERS = Blockers()
M_TRIGGER = TriggerTarget()
M_CLEANUP = Cleanup()
M_NEXT_STEP = NextStep()
M_NEXT_TURN = NextTurn()
M_OVER = Over()
M_ORDER = Order()
M_XCHOICE = XChoice()
M_OPENING = Opening()
