"""The windows of an Enchantoria turn as steps (engine/core/steps.py).

A window (Preparation, Combat, the hand-limit Discard) is one simultaneous step: every
player not yet committed is asked at once, each in secret (ruling R3); a player's secret
choice lives in their `Player` (`plan`, `step`, `pick`, `ready`). When all have
committed the step offers the reveal, one action the match takes at once: a look-ahead
copy of a player's last commit thus stops before the other's secret choices come out.
The reveal takes the window off the stack and carries it out, which opens the next one
(`EnchantoriaState.open_window` pushes it) or ends the game. A window holds nothing of
its own (one shared instance per kind, `WINDOWS`): it never needs `advance`.
"""

from typing import TYPE_CHECKING

from engine.core.decision import Action, Decision
from engine.core.steps import WAIT, Step, StepResult
from engine.rulesets.enchantoria.entities import HAND_LIMIT, Player
from engine.rulesets.enchantoria.resolve import resolve_combat

if TYPE_CHECKING:
    from engine.rulesets.enchantoria.game import EnchantoriaState

REVEAL: Action = ("reveal",)


class Window(Step):
    """One secret window; the subclasses say what each player chooses and what the
    reveal does."""

    __slots__ = ()

    def decisions(self, state: "EnchantoriaState") -> list[Decision]:
        players = state.players
        if all(p.ready for p in players):
            return [Decision(0, "reveal", "Revealing.", [REVEAL])]
        return [self._kept(state, p) for p in players if not p.ready]

    def _kept(self, state: "EnchantoriaState", player: Player) -> Decision:
        """A player's options follow from the window's opening state and their own plan,
        so the other player's decision is kept while one player takes secret steps."""
        key = (state.window, tuple(player.plan), player.step)
        cached = state._kept.get(player.seat)
        if cached is not None and cached[0] == key:
            return cached[1]
        decision = self.decision(state, player)
        state._kept[player.seat] = (key, decision)
        return decision

    def decision(self, state: "EnchantoriaState", player: Player) -> Decision:
        """What `player` chooses in secret in this window."""
        raise NotImplementedError

    def apply(self, state: "EnchantoriaState", player: int, action: Action) -> StepResult | None:
        """One secret step of a player's choice (DONE or a pick commits it), or the
        reveal. Each window writes its own (one call fewer per action) and leaves the
        reveal to `close`."""
        raise NotImplementedError

    def close(self, state: "EnchantoriaState") -> None:
        """The reveal: this window leaves the stack and is carried out, which opens the
        next window or ends the game (the driver then looks at the new top)."""
        state.steps.items.pop()  # the top: the reveal is this window's own decision
        self.reveal(state)

    def reveal(self, state: "EnchantoriaState") -> None:
        raise NotImplementedError


class Preparation(Window):
    """enchantoria.md:1-2 — recycle one card for mana, or keep them all."""

    __slots__ = ()
    name = "preparation"

    def decision(self, state: "EnchantoriaState", player: Player) -> Decision:
        return Decision(
            player.seat,
            "recycle",
            "Preparation: recycle one card for mana, or "
            "keep them all. Secret until both of you have chosen.",
            state.recycle_actions(player),
            private=True,
        )

    def apply(self, state: "EnchantoriaState", player: int, action: Action) -> StepResult | None:
        if action == REVEAL:
            self.close(state)
            return None
        me = state.players[player]
        me.pick = action[1] if action[0] == "recycle" else None
        me.ready = True
        return WAIT

    def reveal(self, state: "EnchantoriaState") -> None:
        state.reveal_recycling()


class Combat(Window):
    """enchantoria.md:3-6 — spells and attacks, planned in secret, then all at once."""

    __slots__ = ()
    name = "combat"

    def decision(self, state: "EnchantoriaState", player: Player) -> Decision:
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

    def apply(self, state: "EnchantoriaState", player: int, action: Action) -> StepResult | None:
        if action == REVEAL:
            self.close(state)
            return None
        state.plan_step(state.players[player], action)
        return WAIT

    def reveal(self, state: "EnchantoriaState") -> None:
        resolve_combat(state)
        state.discard_phase()


class Discard(Window):
    """Ruling R13 — the players over the hand limit choose what to discard."""

    __slots__ = ()
    name = "discard"

    def decision(self, state: "EnchantoriaState", player: Player) -> Decision:
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

    def apply(self, state: "EnchantoriaState", player: int, action: Action) -> StepResult | None:
        if action == REVEAL:
            self.close(state)
            return None
        me = state.players[player]
        # one card is a single pick ("card", uid); more are a tuple of those
        me.pick = (action[1],) if action[0] == "card" else tuple(a[1] for a in action)
        me.ready = True
        return WAIT

    def reveal(self, state: "EnchantoriaState") -> None:
        state.reveal_discards()


WINDOWS: dict[str, Window] = {
    "preparation": Preparation(),
    "combat": Combat(),
    "discard": Discard(),
}
