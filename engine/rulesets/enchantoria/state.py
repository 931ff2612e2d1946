"""The Enchantoria table as data, and what every rule module reads or shares.

`TableState` holds a match: both players, every card by uid, the number of the open
window; the lookups (entities, names, targets), the legal actions of a secret window and
a player's secret steps, and the moves the rules share (drawing, leaving play, ticking
durations, ending the game). steps.py (the windows and the turn), resolve.py (combat),
view.py and entities.py take a `TableState` and import nothing above it; game.py's
`EnchantoriaState` gives the core its hooks, which call into them.
"""

from typing import Any, ClassVar

from engine.core import events as ev
from engine.core.clone import LIST, Plan, call, fresh, own_copy, own_list, rebuilt
from engine.core.decision import Action
from engine.core.rng import MatchRng
from engine.core.state import GameState
from engine.core.steps import Steps
from engine.rulesets.enchantoria import events as eev
from engine.rulesets.enchantoria.cards import CardInst, Proto
from engine.rulesets.enchantoria.entities import (
    Player,
    effective_power,
    stunned,
)

DONE: Action = ("done",)
UNDO: Action = ("undo",)
KEEP: Action = ("keep",)


def card_index(twin: "TableState", cards: dict[int, CardInst]) -> dict[int, CardInst]:
    """A clone's `cards`: the original's index with every card in a zone replaced by its
    copy (a card in no zone, if any, stays the same object)."""
    index = dict(cards)
    for p in twin.players:
        for zone in (p.deck, p.hand, p.discard, p.board):
            for card in zone:
                index[card.uid] = card
    return index


class TableState(GameState):
    """A match of Enchantoria as data: the players, every card by uid, the open window;
    the lookups and legal actions every rule module reads, and the moves they share
    (drawing, leaving play, durations, the end). The turn's windows are steps.py's;
    `game.EnchantoriaState` adds the core's hooks."""

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

    @property
    def phase(self) -> str:
        """The open window ("preparation", "combat", "discard"), "start" or "over"."""
        if self.over:
            return "over"
        items = self.steps.items
        return items[-1].name if items else "start"

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
        then the player and theirs (the same order in every game).

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
        # the opponent and their beings first, then the player and theirs
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
            else:  # no X, or X can only be 1: no needless prompt
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

    def leave_play(self, being: CardInst) -> None:
        """enchantoria.md:21 — every effect on or from it ends at once; the card is discarded."""
        being.protection = None
        being.statuses = []
        being.health = being.max_health = being.proto.health
        self.players[being.owner].discard.append(being)

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
