"""The turn of Enchantoria and its windows as steps (engine/core/steps.py).

A window (Preparation, Combat, the hand-limit Discard) is one simultaneous step: every
player not yet committed is asked at once, each in secret (ruling R3); a player's secret
choice lives in their `Player` (`plan`, `step`, `pick`, `ready`). When all have
committed the step offers the reveal, one action the match takes at once: a look-ahead
copy of a player's last commit thus stops before the other's secret choices come out.
The reveal takes the window off the stack and carries it out, which opens the next one
(`open_window` below pushes it) or ends the game. A window holds nothing of
its own (one shared instance per kind, `WINDOWS`): it never needs `advance`.
"""

from engine.core import events as ev
from engine.core.decision import Action, Decision
from engine.core.steps import WAIT, Step, StepResult
from engine.rulesets.enchantoria import events as eev
from engine.rulesets.enchantoria.cards import CardInst
from engine.rulesets.enchantoria.entities import (
    HAND_LIMIT,
    TURN_LIMIT,
    Player,
    mana_for_turn,
    recycle_value,
)
from engine.rulesets.enchantoria.resolve import resolve_combat
from engine.rulesets.enchantoria.state import TableState

REVEAL: Action = ("reveal",)


class Window(Step):
    """One secret window; the subclasses say what each player chooses and what the
    reveal does."""

    __slots__ = ()

    def decisions(self, state: TableState) -> list[Decision]:
        players = state.players
        if all(p.ready for p in players):
            return [Decision(0, "reveal", "Revealing.", [REVEAL])]
        return [self._kept(state, p) for p in players if not p.ready]

    def _kept(self, state: TableState, player: Player) -> Decision:
        """A player's options follow from the window's opening state and their own plan,
        so the other player's decision is kept while one player takes secret steps."""
        key = (state.window, tuple(player.plan), player.step)
        cached = state._kept.get(player.seat)
        if cached is not None and cached[0] == key:
            return cached[1]
        decision = self.decision(state, player)
        state._kept[player.seat] = (key, decision)
        return decision

    def decision(self, state: TableState, player: Player) -> Decision:
        """What `player` chooses in secret in this window."""
        raise NotImplementedError

    def apply(self, state: TableState, player: int, action: Action) -> StepResult | None:
        """One secret step of a player's choice (DONE or a pick commits it), or the
        reveal. Each window writes its own (one call fewer per action) and leaves the
        reveal to `close`."""
        raise NotImplementedError

    def close(self, state: TableState) -> None:
        """The reveal: this window leaves the stack and is carried out, which opens the
        next window or ends the game (the driver then looks at the new top)."""
        state.steps.items.pop()  # the top: the reveal is this window's own decision
        self.reveal(state)

    def reveal(self, state: TableState) -> None:
        raise NotImplementedError


class Preparation(Window):
    """enchantoria.md:1-2 — recycle one card for mana, or keep them all."""

    __slots__ = ()
    name = "preparation"

    def decision(self, state: TableState, player: Player) -> Decision:
        return Decision(
            player.seat,
            "recycle",
            "Preparation: recycle one card for mana, or "
            "keep them all. Secret until both of you have chosen.",
            state.recycle_actions(player),
            private=True,
        )

    def apply(self, state: TableState, player: int, action: Action) -> StepResult | None:
        if action == REVEAL:
            self.close(state)
            return None
        me = state.players[player]
        me.pick = action[1] if action[0] == "recycle" else None
        me.ready = True
        return WAIT

    def reveal(self, state: TableState) -> None:
        reveal_recycling(state)


class Combat(Window):
    """enchantoria.md:3-6 — spells and attacks, planned in secret, then all at once."""

    __slots__ = ()
    name = "combat"

    def decision(self, state: TableState, player: Player) -> Decision:
        left = player.mana - player.spent(state)
        step = player.step
        if step is None:
            prompt = (
                f"Combat, in secret: cast spells and order attacks ({left} mana left), "
                "then Done. Nothing is shown to anyone until both of you are done."
            )
        elif step[0] == "x":
            prompt = f"Choose X for {state.cards[step[1]].name} (up to {left})."
        else:
            x = f" (X={step[2]})" if state.cards[step[1]].proto.x else ""
            prompt = f"Choose the target of {state.cards[step[1]].name}{x}."
        # R22 (no tells): with a card in hand the player is asked, even when Done is all
        # they can do; committing at once would tell the other player that no card in
        # the hand can be paid for or aimed. An empty hand and nothing to order, which
        # everyone sees, is still committed at once.
        return Decision(
            player.seat,
            "cast",
            prompt,
            state.cast_actions(player),
            private=True,
            always_ask=step is None and bool(player.hand),
        )

    def apply(self, state: TableState, player: int, action: Action) -> StepResult | None:
        if action == REVEAL:
            self.close(state)
            return None
        state.plan_step(state.players[player], action)
        return WAIT

    def reveal(self, state: TableState) -> None:
        resolve_combat(state)
        discard_phase(state)


class Discard(Window):
    """Ruling R13 — the players over the hand limit choose what to discard."""

    __slots__ = ()
    name = "discard"

    def decision(self, state: TableState, player: Player) -> Decision:
        excess = len(player.hand) - HAND_LIMIT
        return Decision(
            player.seat,
            "discard",
            f"Discard {excess} card(s) down to {HAND_LIMIT}.",
            [("card", c.uid) for c in player.hand],
            min_picks=excess,
            max_picks=excess,
            private=True,
        )

    def apply(self, state: TableState, player: int, action: Action) -> StepResult | None:
        if action == REVEAL:
            self.close(state)
            return None
        me = state.players[player]
        # one card is a single pick ("card", uid); more are a tuple of those
        me.pick = (action[1],) if action[0] == "card" else tuple(a[1] for a in action)
        me.ready = True
        return WAIT

    def reveal(self, state: TableState) -> None:
        reveal_discards(state)


WINDOWS: dict[str, Window] = {
    "preparation": Preparation(),
    "combat": Combat(),
    "discard": Discard(),
}


# -- the turn (R1) -------------------------------------------------------------


def begin_turn(state: TableState) -> None:
    """Draw Phase, then Preparation: mana refills (R4) and the recycling window opens."""
    state.turn += 1
    state.events.append(eev.PhaseBegan(state.turn, "Draw"))
    for p in state.players:
        state.draw(p)
    state.events.append(eev.PhaseBegan(state.turn, "Preparation"))
    for p in state.players:
        p.max_mana = mana_for_turn(state.turn)
        p.mana = p.max_mana + sum(b.proto.well for b in p.board)  # R10: wells
    open_window(state, "preparation")


def open_window(state: TableState, phase: str, seats: list[int] | None = None) -> None:
    """A secret window opens (a step above the one that opened it, if any): only the
    players in `seats` (all by default) choose in it."""
    state._decisions = None
    state.window += 1
    state._targets = {}
    state.steps.items.append(WINDOWS[phase])
    for p in state.players:
        p.ready = seats is not None and p.seat not in seats
        p.plan, p.step, p.pick = [], None, None


def reveal_recycling(state: TableState) -> None:
    """enchantoria.md:1-2 — both choices are shown at once, then the mana is gained."""
    for p in state.players:
        if p.pick is None:
            state.events.append(eev.Recycled(p.name, None, 0))
            continue
        card = state.cards[p.pick]
        gain = recycle_value(card.proto.mana_value)
        p.hand.remove(card)
        p.discard.append(card)
        p.mana += gain
        state.events.append(eev.Recycled(p.name, card.name, gain))
    state.events.append(eev.PhaseBegan(state.turn, "Combat"))
    open_window(state, "combat")


def discard_phase(state: TableState) -> None:
    """enchantoria.md:6,21 — the dead leave (their effects with them), then R7, R13."""
    state.events.append(eev.PhaseBegan(state.turn, "Discard"))
    for p in state.players:
        dead = [(b, state.short_name(b)) for b in p.board if b.health <= 0]
        if not dead:
            continue
        p.board = [b for b in p.board if b.health > 0]
        for being, name in dead:
            state.events.append(ev.Died(name, p.name))
            state.leave_play(being)
    if state.check_players():
        return
    over = [p.seat for p in state.players if len(p.hand) > HAND_LIMIT]
    if over:
        open_window(state, "discard", over)
    else:
        end_turn(state)


def reveal_discards(state: TableState) -> None:
    for p in state.players:
        if p.pick:
            cards = [state.cards[uid] for uid in p.pick]
            for card in cards:
                p.hand.remove(card)
                p.discard.append(card)
            state.events.append(eev.Discarded(p.name, tuple(c.name for c in cards)))
    end_turn(state)


def end_turn(state: TableState) -> None:
    """enchantoria.md:25,27 — durations drop by one, except those applied this turn."""
    for p in state.players:
        entities: tuple[Player | CardInst, ...] = (p, *p.board)
        for entity in entities:
            state.tick(entity)
    if state.turn >= TURN_LIMIT:
        state.decide_by_health("the turn limit was reached")
        return
    begin_turn(state)
