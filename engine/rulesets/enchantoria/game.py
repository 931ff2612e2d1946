"""Enchantoria: the turn, the secret choices of each window, and the legal actions.

Both players act in every turn; there is no active player. A turn is four phases
(ruling R1): Draw, Preparation (recycling, enchantoria.md:1-2), Combat (spells and
attacks, enchantoria.md:3-6) and Discard (deaths, hand limit, durations, enchantoria.md:25).
Each window (Preparation, Combat, the hand-limit discard) is chosen by both players in
secret and revealed only when both have committed (ruling R3). Rule references
(`enchantoria.md:NN`) point at shared/rules/enchantoria.md; rulings `R#` are written in
docs/rules/enchantoria.md.

Actions (every one of them private until the window is revealed):
    ("recycle", uid) / ("keep",)           Preparation: one card for mana, or none   R5
    ("cast", uid)                           Combat: pick a spell from the hand        R3
    ("x", n)                                ... then its X                            md:2
    ("target", ref)                         ... then its target ("p0"/"p1" or a uid)  md:22
    ("order", uid, ref)                     Combat: a creature attacks ref            md:20
    ("undo",)                               take back the spell being chosen or the last step
    ("done",)                               commit the whole window
    ("reveal",)                             all have committed: taken by the match itself
    ("card", uid) / (("card", uid), ...)   Discard: the card(s) over the hand limit  R13
"""

from typing import Any, ClassVar

from engine.core import events as ev
from engine.core.clone import LIST, Plan, call, fresh, own_copy, own_list, rebuilt
from engine.core.decision import Action, Decision, Label
from engine.core.events import Event
from engine.core.rng import MatchRng
from engine.core.state import GameState
from engine.core.steps import Steps
from engine.core.view import DecisionView, SeatView
from engine.rulesets.enchantoria import events as eev
from engine.rulesets.enchantoria.cards import CardInst, Proto
from engine.rulesets.enchantoria.entities import (
    HAND_LIMIT,
    OPENING_HAND,
    TURN_LIMIT,
    Player,
    effective_power,
    mana_for_turn,
    recycle_value,
    stunned,
)
from engine.rulesets.enchantoria.steps import REVEAL, WINDOWS
from engine.rulesets.enchantoria.view import (
    PHASE_NAMES,
    decision_view,
    describe_action,
    recent_events,
    seat_view,
)

DONE: Action = ("done",)
UNDO: Action = ("undo",)
KEEP: Action = ("keep",)
__all__ = ["DONE", "KEEP", "REVEAL", "UNDO", "EnchantoriaState"]


def card_index(twin: "EnchantoriaState", cards: dict[int, CardInst]) -> dict[int, CardInst]:
    """A clone's `cards`: the original's index with every card in a zone replaced by its
    copy (a card in no zone, if any, stays the same object)."""
    index = dict(cards)
    for p in twin.players:
        for zone in (p.deck, p.hand, p.discard, p.board):
            for card in zone:
                index[card.uid] = card
    return index


class EnchantoriaState(GameState):
    __slots__ = (
        "_decisions",
        "_kept",
        "_targets",
        "cards",
        "events",
        "names",
        "next_uid",
        "over",
        "players",
        "rng",
        "steps",
        "turn",
        "window",
        "winner",
    )
    ruleset_id = "enchantoria"
    empty_board = "No beings"
    clone_plan: ClassVar[Plan] = {
        "players": own_list(Player),
        "rng": call("clone"),
        "events": LIST,
        "cards": rebuilt(card_index),
        "_kept": fresh(dict),
        "_targets": fresh(dict),
    }

    def __init__(self, names: list[str], rng: MatchRng):
        self.names = names
        self.players = [Player(i, n) for i, n in enumerate(names)]
        self.rng = rng
        self.events: list[ev.Event] = []
        self.turn = 0
        self.steps = Steps()
        self.winner: int | None = None
        self.over = False
        self.next_uid = 1
        self.cards: dict[int, CardInst] = {}
        self._decisions = None
        self.window = 0  # numbers each window opened, for the decisions kept in _kept
        # each seat's decision, kept with the key it was made for (steps.Window._kept)
        self._kept: dict[int, tuple] = {}
        self._targets: dict[tuple, list[Any]] = {}

    def new_card(self, proto: Proto, owner: int) -> CardInst:
        card = CardInst(self.next_uid, proto, owner)
        self.cards[card.uid] = card
        self.next_uid += 1
        return card

    # -- the engine contract: the core's hooks ---------------------------------------

    @property
    def phase(self) -> str:
        """The open window ("preparation", "combat", "discard"), "start" or "over"."""
        if self.over:
            return "over"
        items = self.steps.items
        return items[-1].name if items else "start"

    def concede(self, player: int, reason: str) -> None:
        self._decisions = None
        self.end_game(1 - player, f"{self.names[player]} {reason}")

    def _header(self) -> tuple[int, str, int | None, dict[str, str]]:
        # the turn is `turn`: renderers say "Turn 9" once (issue 15); no active player
        return self.turn, PHASE_NAMES.get(self.phase, self.phase), None, {}

    def _seat_view(self, seat: int, viewer: int | None) -> SeatView:
        return seat_view(self, self.players[seat], viewer)

    def _event_views(self, viewer: int | None) -> tuple[Event, ...]:
        return recent_events(self, viewer)

    def _decision_view(self, decision: Decision, viewer: int | None) -> DecisionView:
        return decision_view(self, decision, viewer)

    def describe(self, action: Action) -> Label:
        return describe_action(self, action)

    # -- lookups -------------------------------------------------------------------

    def entity(self, ref: Any) -> "Player | CardInst":
        return self.players[int(ref[1])] if isinstance(ref, str) else self.cards[ref]

    def ref_name(self, ref: Any) -> str:
        return self.label(self.entity(ref))

    def short_name(self, being: CardInst) -> str:
        """A being's name, numbered when its owner has several of that card in play, so that
        two Mosslings on one side can be told apart on the board, on buttons and in events."""
        twins = [b for b in self.players[being.owner].board if b.proto is being.proto]
        if len(twins) < 2 or being not in twins:
            return being.name
        return f"{being.name} #{twins.index(being) + 1}"

    def label(self, entity: "Player | CardInst") -> str:
        """How buttons and events name an entity: a being with its owner ("Ann's Mossling"),
        since both sides may have the same card in play."""
        if isinstance(entity, Player):
            return entity.name
        return f"{self.players[entity.owner].name}'s {self.short_name(entity)}"

    def targets(self, kind: str, me: Player) -> list[Any]:
        """Who a card may target (enchantoria.md:22): the opponent and their beings first,
        then the player and theirs (issue 15: the same order in every game).

        Boards change only between windows, so the lists are kept for the window."""
        key = (self.window, me.seat, kind)
        found = self._targets.get(key)
        if found is None:
            found = self._targets[key] = self._list_targets(kind, me)
        return found

    def _list_targets(self, kind: str, me: Player) -> list[Any]:
        if kind == "none":
            return [None]
        opp = self.players[1 - me.seat]
        refs: list[Any] = []
        # the opponent and their beings first, then the player and theirs (issue 15)
        if kind in ("any", "enemy", "player", "enemy_player"):
            refs.append(opp.key)
        if kind in ("any", "enemy", "being", "enemy_being"):
            refs += [b.uid for b in opp.board]
        if kind in ("any", "friend", "player"):
            refs.append(me.key)
        if kind in ("any", "friend", "being", "friendly_being"):
            refs += [b.uid for b in me.board]
        return refs

    # -- legal actions -------------------------------------------------------------

    def recycle_actions(self, me: Player) -> list[Action]:
        seen: set[Proto] = set()
        actions: list[Action] = []
        for card in me.hand:
            if card.proto not in seen:
                seen.add(card.proto)
                actions.append(("recycle", card.uid))
        actions.append(KEEP)
        return actions

    def cast_actions(self, me: Player) -> list[Action]:
        step = me.step
        left = me.mana - me.spent(self)
        if step is not None:
            if step[0] == "x":
                return [("x", n) for n in range(1, left + 1)] + [UNDO]
            proto = self.cards[step[1]].proto
            return [("target", ref) for ref in self.targets(proto.target, me)] + [UNDO]
        actions: list[Action] = []
        planned = me.planned_uids()
        seen: set[Proto] = set()
        for card in me.hand:
            proto = card.proto
            if card.uid in planned or proto in seen:
                continue
            seen.add(proto)
            if (left >= 1 if proto.x else proto.cost <= left) and self.targets(proto.target, me):
                actions.append(("cast", card.uid))
        ordered = {entry[1] for entry in me.plan if entry[0] == "order"}
        enemies = None
        for being in me.board:
            if (
                being.proto.being == "creature"
                and being.uid not in ordered
                and being.summoned_turn < self.turn  # R9: not in the turn it is summoned
                and being.health > 0
                and not stunned(being)
                and effective_power(being) > 0
            ):
                if enemies is None:
                    enemies = self.targets("enemy", me)
                actions += [("order", being.uid, ref) for ref in enemies]
        if me.plan:
            actions.append(UNDO)
        actions.append(DONE)
        return actions

    # -- choosing in secret (R3) ----------------------------------------------------

    def plan_step(self, me: Player, action: Action) -> None:
        """One step of a player's secret plan; only DONE commits it (nothing is revealed)."""
        head = action[0]
        if head == "undo":
            if me.step is not None:
                me.step = None
            else:
                me.plan.pop()
        elif head == "done":
            me.ready = True
        elif head == "order":
            me.plan.append(action)
        elif head == "cast":
            proto = self.cards[action[1]].proto
            if proto.x and me.mana - me.spent(self) > 1:
                me.step = ("x", action[1])
            else:  # no X, or X can only be 1: no needless prompt (issue 15)
                self._aim(me, action[1], 1 if proto.x else 0)
        elif head == "x":
            assert me.step is not None  # "x" is offered only while a cast waits for its X
            self._aim(me, me.step[1], action[1])
        elif head == "target":
            assert me.step is not None  # as is "target" while it waits for its target
            uid, x = me.step[1], me.step[2]
            me.step = None
            me.plan.append(("cast", uid, x, action[1]))

    def _aim(self, me: Player, uid: int, x: int) -> None:
        """A spell with one possible target takes it without asking."""
        refs = self.targets(self.cards[uid].proto.target, me)
        if len(refs) == 1:
            me.step = None
            me.plan.append(("cast", uid, x, refs[0]))
        else:
            me.step = ("target", uid, x)

    # -- the turn (R1) -------------------------------------------------------------

    def start(self) -> None:
        """R2: shuffle, five cards each, then turn 1."""
        for p in self.players:
            self.rng.shuffle(p.deck)
        for p in self.players:
            for _ in range(OPENING_HAND):
                self.draw(p)
        self.begin_turn()

    def begin_turn(self) -> None:
        """Draw Phase, then Preparation: mana refills (R4) and the recycling window opens."""
        self.turn += 1
        self.events.append(eev.PhaseBegan(self.turn, "Draw"))
        for p in self.players:
            self.draw(p)
        self.events.append(eev.PhaseBegan(self.turn, "Preparation"))
        for p in self.players:
            p.max_mana = mana_for_turn(self.turn)
            p.mana = p.max_mana + sum(b.proto.well for b in p.board)  # R10: wells
        self.open_window("preparation")

    def open_window(self, phase: str, seats: list[int] | None = None) -> None:
        """A secret window opens (a step above the one that opened it, if any): only the
        players in `seats` (all by default) choose in it."""
        self._decisions = None
        self.window += 1
        self._targets = {}
        self.steps.items.append(WINDOWS[phase])
        for p in self.players:
            p.ready = seats is not None and p.seat not in seats
            p.plan, p.step, p.pick = [], None, None

    def own(self, card: CardInst) -> CardInst:
        """A card leaving a deck becomes this state's own copy: a clone may share the one
        that lay there (`Player.clone_plan`)."""
        mine: CardInst = own_copy(card)
        self.cards[card.uid] = mine
        return mine

    def draw(self, p: Player) -> None:
        """R14: from an empty deck, lose 1, 2, 3 ... health instead (no block, no protection)."""
        if not p.deck:
            p.fatigue += 1
            p.health -= p.fatigue
            self.events.append(ev.Fatigue(p.name, p.fatigue))
            return
        card = self.own(p.deck.pop())
        p.hand.append(card)
        self.events.append(ev.CardDrawn(p.seat, p.name, card.name))

    def reveal_recycling(self) -> None:
        """enchantoria.md:1-2 — both choices are shown at once, then the mana is gained."""
        for p in self.players:
            if p.pick is None:
                self.events.append(eev.Recycled(p.name, None, 0))
                continue
            card = self.cards[p.pick]
            gain = recycle_value(card.proto.mana_value)
            p.hand.remove(card)
            p.discard.append(card)
            p.mana += gain
            self.events.append(eev.Recycled(p.name, card.name, gain))
        self.events.append(eev.PhaseBegan(self.turn, "Combat"))
        self.open_window("combat")

    def discard_phase(self) -> None:
        """enchantoria.md:6,21 — the dead leave (their effects with them), then R7, R13."""
        self.events.append(eev.PhaseBegan(self.turn, "Discard"))
        for p in self.players:
            dead = [(b, self.short_name(b)) for b in p.board if b.health <= 0]
            if not dead:
                continue
            p.board = [b for b in p.board if b.health > 0]
            for being, name in dead:
                self.events.append(ev.Died(name, p.name))
                self.leave_play(being)
        if self.check_players():
            return
        over = [p.seat for p in self.players if len(p.hand) > HAND_LIMIT]
        if over:
            self.open_window("discard", over)
        else:
            self.end_turn()

    def leave_play(self, being: CardInst) -> None:
        """enchantoria.md:21 — every effect on or from it ends at once; the card is discarded."""
        being.protection = None
        being.statuses = []
        being.health = being.max_health = being.proto.health
        self.players[being.owner].discard.append(being)

    def reveal_discards(self) -> None:
        for p in self.players:
            if p.pick:
                cards = [self.cards[uid] for uid in p.pick]
                for card in cards:
                    p.hand.remove(card)
                    p.discard.append(card)
                self.events.append(eev.Discarded(p.name, tuple(c.name for c in cards)))
        self.end_turn()

    def end_turn(self) -> None:
        """enchantoria.md:25,27 — durations drop by one, except those applied this turn."""
        for p in self.players:
            entities: tuple[Player | CardInst, ...] = (p, *p.board)
            for entity in entities:
                self.tick(entity)
        if self.turn >= TURN_LIMIT:
            self.decide_by_health("the turn limit was reached")
            return
        self.begin_turn()

    def tick(self, entity: "Player | CardInst") -> None:
        kept = []
        for status in entity.statuses:
            if status.applied_turn != self.turn:
                status.turns -= 1
            if status.turns > 0:
                kept.append(status)
            else:
                self.events.append(eev.StatusEnded(self.label(entity), status.label))
        entity.statuses = kept
        prot = entity.protection
        if prot is not None and prot.turns:
            if prot.applied_turn != self.turn:
                prot.turns -= 1
            if prot.turns <= 0:
                entity.protection = None
                self.events.append(eev.ProtectionEnded(self.label(entity), "its time is up"))

    # -- the end -------------------------------------------------------------------

    def check_players(self) -> bool:
        """R6: a player at 0 health or less loses in the Discard Phase."""
        fallen = [p for p in self.players if p.health <= 0]
        if not fallen:
            return False
        if len(fallen) == 1:
            loser = fallen[0]
            self.end_game(1 - loser.seat, f"{loser.name} fell to {loser.health} health")
        else:
            self.decide_by_health("both players fell at once")
        return True

    def decide_by_health(self, reason: str) -> None:
        """R6, R15: more health wins; an exact tie is settled by the match's coin."""
        a, b = self.players
        if a.health != b.health:
            winner = 0 if a.health > b.health else 1
            self.end_game(winner, f"{reason}; more health left")
        else:
            winner = self.rng.coin()
            self.events.append(ev.CoinFlipped(winner, self.names[winner]))
            self.end_game(winner, f"{reason}; equal health, the coin decides")

    def end_game(self, winner: int, reason: str) -> None:
        self._decisions = None
        self.over = True
        self.winner = winner
        for p in self.players:
            p.ready = True
        self.events.append(ev.GameOver(1, winner, self.names[winner], reason))
