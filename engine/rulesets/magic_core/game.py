"""magic-core: turns, priority, the stack, combat and state-based actions in one place.

Rule numbers (103.4, 104.3c ...) point at shared/rules/magic-core-rules-100-113.md; the
rules that section 1 relies on (the turn's steps, priority, combat, state-based actions)
and every ruling where the text is silent are in docs/rules/magic-core.md.

Actions (plain tuples):
    ("starter", seat)                 the coin-flip winner (or previous chooser) picks   103.1
    ("keep",) / ("mulligan",)         declared in turn order                             103.4
    (("card", uid), ...)              cards to put on the bottom / discard / sacrifice
    ("pass",)                         pass priority
    ("pass", "all" | "main")          pass, and change the per-player stop setting (docs)
    ("land", uid)                     play a land                                        305
    ("cast", uid, x, target)          cast a spell; mana is paid by the auto-tapper      601
    ("act", uid, index, x, target)    activate an ability                                602
    ("mana", uid, index, colour)      activate a mana ability of a non-land permanent    605
    ("attack", uid, seat) / ("attack_done",)                                             508
    ("block", blocker, attacker) / ("block_done",)                                       509
    ("target", ref)                   the target of a triggered ability                  603.3d
    ("free", uid, target) / ("decline",)   cast without paying the mana cost             107.3b
"""

from typing import Any

from cards.schema.magic_core import chosen_target
from engine.core import events as ev
from engine.core.decision import Action, Decision, Label
from engine.core.events import Note
from engine.core.rng import MatchRng
from engine.core.ruleset import GameState
from engine.core.series import Series
from engine.core.view import MatchView
from engine.rulesets.magic_core import effects as fx
from engine.rulesets.magic_core.cards import Ability, Cost, Proto
from engine.rulesets.magic_core.events import PlayerLeft
from engine.rulesets.magic_core.mana import affordable_x, can_pay, pay
from engine.rulesets.magic_core.objects import (
    BATTLEFIELD,
    EXILE,
    GONE,
    GRAVEYARD,
    HAND,
    LIBRARY,
    STACK,
    Obj,
    Player,
    StackItem,
)
from engine.rulesets.magic_core.steps import (
    ATTACKERS,
    BLOCKERS,
    CLEANUP,
    DAMAGE,
    DRAW,
    END,
    END_COMBAT,
    FIRST_DAMAGE,
    M_ATTACKERS,
    M_BLOCKERS,
    M_BOTTOM,
    M_CHOOSE,
    M_CLEANUP,
    M_FREE,
    M_MULLIGAN,
    M_NEXT_STEP,
    M_NEXT_TURN,
    M_OPENING,
    M_ORDER,
    M_OVER,
    M_PRIORITY,
    M_STARTER,
    M_TRIGGER,
    M_XCHOICE,
    MAIN2,
    MAINS,
    STEP_NAMES,
    UNTAP,
    UPKEEP,
)
from engine.rulesets.magic_core.targets import legal_targets, target_ok
from engine.rulesets.magic_core.view import build_view, describe_action

OPENING_HAND = 7  # 103.4
HAND_LIMIT = 7  # 402.2 / 514.1
POISON_LOSS = 10  # 104.3d


PASS: Action = ("pass",)
KEEP: Action = ("keep",)
MULLIGAN: Action = ("mulligan",)
ATTACK_DONE: Action = ("attack_done",)
BLOCK_DONE: Action = ("block_done",)
DECLINE: Action = ("decline",)
STOP_ALL: Action = ("pass", "all")  # pass, and from now on stop at every step
STOP_MAIN: Action = ("pass", "main")  # pass, and back to the default stops (docs)
NO_ANTHEM: tuple[int, int, frozenset] = (0, 0, frozenset())


def picked(action: Action) -> list[int]:
    """The uids of a card pick: one ("card", uid), or a tuple of them (a multi-pick)."""
    if action and action[0] == "card":
        return [action[1]]
    return [uid for _, uid in action]


class Trigger:
    """A triggered ability waiting to be put on the stack (603.3)."""

    __slots__ = ("controller", "effects", "source", "target_word", "x")

    def __init__(self, controller: int, effects: tuple, source: Obj, x: int):
        self.controller = controller  # 113.8: the source's controller when it triggered
        self.effects = effects
        self.source = source.copy()  # 113.7a: last known information of its source
        self.x = x
        self.target_word = chosen_target(list(effects))


class MagicState(GameState):
    def __init__(self, names: list[str], rng: MatchRng, best_of: int = 1):
        self.names = names
        self.players = [Player(i, n) for i, n in enumerate(names)]
        self.rng = rng
        self.series = Series.start(len(names), best_of)
        #: The cards this match plays with, for tokens created by id (None: the pool's).
        self.card_protos: dict | None = None
        self.events: list[ev.Event] = []
        self.winner: int | None = None
        self.over = False
        self.game_no = 0
        self.chooser = 0  # who chose the starting player last (103.1)
        self.starter = 0
        self.next_uid = 1
        self.objs: dict[int, Obj] = {}
        self.battlefield: list[Obj] = []  # in timestamp order
        self.stack: list[StackItem] = []  # the top is the end
        self.pending: list[Trigger] = []
        self.turn = 0
        self.game_turn = 0  # turns taken in this game (103.7a)
        self.active = 0
        self.step = UNTAP
        self.priority = 0
        self.passes = 0
        self.mode = M_STARTER
        self.asking = 0  # the player a non-priority decision is for
        self.queue: list[int] = []  # players still to declare (mulligan, bottom, blockers ...)
        self.declared: list[int] = []  # mulligans declared this round (103.4)
        self.choice: dict[str, Any] = {}  # a choice in the middle of a resolution
        self.resuming: tuple[StackItem, int] | None = None
        self.ended = False  # the current game has ended
        self.game_winner: int | None = None
        self.limbo: list[Obj] = []  # tokens that left the battlefield (111.7)
        self.anthem_srcs: list[Obj] = []
        self.left_any = False  # has anyone left this game (a fast path for counting)
        self.turn_abandoned = False  # the active player left mid-turn (ruling R8)
        self.maybe_dying = True  # a creature may have lethal damage: look (704.5f-h)
        self.order_chosen = False  # the first waiting trigger was picked by its controller
        self.clock = 0  # timestamps (613.7): permanents entering, effects beginning
        self.no_gain = False
        self._decisions: list[Decision] | None = None
        self._prio: list[Action] = []

    # -- setting up ----------------------------------------------------------------

    def new_obj(self, proto: Proto, owner: int, zone: str) -> Obj:
        obj = Obj(self.next_uid, proto, owner, zone)
        self.objs[obj.uid] = obj
        self.next_uid += 1
        return obj

    def note(self, text: str) -> None:
        self.events.append(Note(text))

    def flip_coin(self) -> None:
        """103.1: the first game's starting player is chosen by the winner of a coin flip
        (a die roll among more players)."""
        live = self.live()
        winner = live[self.rng.below(len(live))]
        self.events.append(ev.CoinFlipped(winner, self.names[winner]))
        self.chooser = self.asking = winner
        self.mode = M_STARTER

    def start_game(self, starter: int) -> None:
        """103.2-103.4: shuffle, 20 life, seven cards, then mulligans in turn order."""
        self.game_no += 1
        self.starter = self.active = starter
        self.ended = False
        self.turn = self.game_turn = 0
        self.battlefield, self.stack, self.pending = [], [], []
        self.statics_changed()
        owned: list[list[Obj]] = [[] for _ in self.players]
        # every card is reset: first made this state's own (a clone may share library cards)
        self.objs = {uid: obj.copy() for uid, obj in self.objs.items()}
        for obj in list(self.objs.values()):
            if obj.proto.token:
                del self.objs[obj.uid]
                continue
            obj.reset()
            obj.zone = LIBRARY
            obj.controller = obj.owner
            owned[obj.owner].append(obj)
        owned = [sorted(objs, key=lambda o: o.uid) for objs in owned]
        for player in self.players:
            gone = player.left  # who left before the first game began stays out
            player.reset()
            player.left = gone
            player.library, player.hand, player.graveyard, player.exile = (
                owned[player.seat],
                [],
                [],
                [],
            )
            self.rng.shuffle(player.library)
        self.events.append(ev.GameStarted(self.game_no, starter, self.names[starter]))
        for seat in self.apnap():
            self.draw(self.players[seat], OPENING_HAND)
        self.queue = self.apnap()
        self.declared = []
        self.mode = M_MULLIGAN
        self.asking = self.queue[0]

    # -- the engine contract -------------------------------------------------------

    def decisions(self) -> list[Decision]:
        if self._decisions is None:
            self._decisions = [] if self.over else [self._decision()]
        return self._decisions

    def _decision(self) -> Decision:
        mode = self.mode
        if mode == M_PRIORITY:
            p = self.priority
            step = STEP_NAMES[self.step]
            prompt = f"{step}: you have priority" + (
                " (the stack is not empty)" if self.stack else ""
            )
            return Decision(p, "priority", prompt, self._prio)
        who = self.asking
        player = self.players[who]
        if mode == M_ATTACKERS:
            return Decision(who, "attackers", "Declare attackers.", self.attack_actions())
        if mode == M_BLOCKERS:
            return Decision(who, "blockers", "Declare blockers.", self.block_actions(who))
        if mode == M_TRIGGER:
            trig = self.pending[0]
            assert trig.target_word is not None  # only a targeted trigger waits here
            refs = legal_targets(self, trig.target_word, trig.controller, trig.source.uid)
            prompt = f"Choose a target for {trig.source.name}'s ability."
            return Decision(who, "target", prompt, [("target", r) for r in refs])
        if mode == M_CHOOSE:
            what = self.choice["kind"]
            picks = self.choice["count"][who]
            cards = player.hand if what == "discard" else self.sacrificeable(who)
            prompt = f"Choose {picks} card(s) to {what}."
            if what == "sacrifice":  # 101.4b: earlier choices are known
                earlier = [
                    f"{self.names[s]}: {', '.join(self.objs[u].name for u in uids)}"
                    for s, uids in self.choice["picked"].items()
                    if uids
                ]
                if earlier:
                    prompt += f" Chosen so far: {'; '.join(earlier)}."
            actions = [("card", o.uid) for o in cards]
            return Decision(
                who,
                what,
                prompt,
                actions,
                min_picks=picks,
                max_picks=picks,
                private=what == "discard",
            )
        if mode == M_CLEANUP:
            excess = len(player.hand) - HAND_LIMIT
            prompt = f"Discard {excess} card(s) down to {HAND_LIMIT}."
            actions = [("card", o.uid) for o in player.hand]
            return Decision(
                who, "discard", prompt, actions, min_picks=excess, max_picks=excess, private=True
            )
        if mode == M_XCHOICE:
            assert self.resuming is not None  # X is chosen as a spell resolves (107.3e)
            item = self.resuming[0]
            prompt = f"Choose X for {item.name}."
            actions = [("x", n) for n in range((item.proto.x_choice or 0) + 1)]
            return Decision(who, "x", prompt, actions)
        if mode == M_ORDER:
            actions = [("first", i) for i, t in enumerate(self.pending) if t.controller == who]
            prompt = "Several of your abilities trigger: which goes on the stack first?"
            return Decision(who, "order", prompt, actions)
        if mode == M_FREE:
            actions = [*self.free_actions(who), DECLINE]
            prompt = "You may cast a card without paying its mana cost."
            return Decision(who, "free", prompt, actions, private=True)
        if mode == M_MULLIGAN:
            actions = [KEEP] if player.mulligans >= OPENING_HAND else [KEEP, MULLIGAN]
            prompt = f"Keep this hand of {len(player.hand)} or take a mulligan?"
            return Decision(who, "mulligan", prompt, actions, private=True)
        if mode == M_BOTTOM:
            n = min(player.mulligans, len(player.hand))
            prompt = f"Put {n} card(s) from your hand on the bottom of your library."
            actions = [("card", o.uid) for o in player.hand]
            return Decision(who, "bottom", prompt, actions, min_picks=n, max_picks=n, private=True)
        if mode == M_OPENING:
            cards = [o for o in player.hand if o.proto.opening_hand]
            prompt = "Begin the game with any of these cards on the battlefield?"
            actions = [("card", o.uid) for o in cards]
            return Decision(who, "opening", prompt, actions, min_picks=0, max_picks=len(actions))
        if mode == M_STARTER:
            actions = [("starter", s) for s in self.live()]
            return Decision(who, "starter", "Who takes the first turn?", actions)
        raise AssertionError(f"no decision in mode {mode}")

    def apply(self, player: int, action: Action) -> None:
        self._decisions = None
        mode = self.mode
        head = action[0] if action else "card"
        if mode == M_PRIORITY:
            self.priority_action(player, action)
        elif mode == M_ATTACKERS:
            if head == "attack":
                self.declare_attacker(action[1], action[2])
            else:
                self.attackers_declared()
        elif mode == M_BLOCKERS:
            if head == "block":
                self.declare_blocker(action[1], action[2])
            else:
                self.next_blocker()
        elif mode == M_TRIGGER:
            trig = self.pending.pop(0)
            self.put_trigger(trig, action[1])
            self.mode = M_PRIORITY
        elif mode == M_CHOOSE:
            self.choice["picked"][player] = picked(action)
            self.next_chooser()
        elif mode == M_CLEANUP:
            self.discard(self.players[player], [self.objs[uid] for uid in picked(action)])
            self.finish_cleanup()
        elif mode == M_XCHOICE:
            assert self.resuming is not None  # as in decisions()
            self.resuming[0].x = action[1]
            self.note(f"{self.names[player]} chooses X={action[1]}.")
            self.mode = M_PRIORITY
            self.continue_resolution()
        elif mode == M_ORDER:
            self.pending.insert(0, self.pending.pop(action[1]))
            self.order_chosen = True
            self.mode = M_PRIORITY
        elif mode == M_FREE:
            self.mode = M_PRIORITY
            if head == "free":
                self.cast(player, action[1], 0, action[2], free=True)
            self.continue_resolution()
        elif mode == M_MULLIGAN:
            self.declare_mulligan(player, head == "mulligan")
        elif mode == M_BOTTOM:
            self.bottom(player, picked(action))
        elif mode == M_OPENING:
            for uid in picked(action):
                card = self.objs[uid]
                self.note(f"{self.names[player]} begins the game with {card.name} in play.")
                self.enter_battlefield(card, player)
            self.next_opening()
        elif mode == M_STARTER:
            self.chooser = player
            self.start_game(action[1])
        else:  # the match validated the action, so this is a bug, not a bad move
            raise AssertionError(f"unhandled action {action!r} in mode {mode}")
        self.run()

    def concede(self, player: int, reason: str) -> None:
        """104.3a: a player may concede at any time. With two players the match ends; with
        more, the player leaves (800.4a) and the game goes on."""
        self._decisions = None
        if self.players[player].left:
            return
        if len(self.live()) <= 2:
            self.events.append(PlayerLeft(self.names[player], reason))
            others = [s for s in self.live() if s != player]
            self.players[player].left = self.left_any = True
            self.end_game(others[0], f"{self.names[player]} {reason}", match_too=True)
        else:
            self.leave(player, reason)
        self.run()

    def view(self, viewer: int | None) -> MatchView:
        return build_view(self, viewer)

    def describe(self, action: Action) -> Label:
        return describe_action(self, action)

    def clone(self) -> "MagicState":
        twin = MagicState.__new__(MagicState)
        twin.__dict__.update(self.__dict__)
        # Cards in a library are shared, not copied: no rule changes a card while it lies
        # there, and both ways out (`draw`, `move`) give the state its own copy first
        # (`_own`). Most cards lie in the libraries, so a look-ahead copy costs the table
        # and the hands, not every card (docs/ai.md, "cheaper copies").
        objs = dict(self.objs)
        for obj in self.objs.values():
            if obj.zone != LIBRARY:
                objs[obj.uid] = obj.copy()
        twin.objs = objs
        twin.players = [p.copy(objs) for p in self.players]
        twin.battlefield = [objs[o.uid] for o in self.battlefield]
        twin.stack = [item.clone(objs) for item in self.stack]
        twin.pending = list(self.pending)
        twin.limbo = [objs[o.uid] for o in self.limbo if o.uid in objs]
        twin.anthem_srcs = [objs[o.uid] for o in self.anthem_srcs]
        twin.rng = self.rng.clone()
        twin.events = list(self.events)
        twin.series = self.series.copy()
        twin.queue = list(self.queue)
        twin.declared = list(self.declared)
        twin.choice = {k: (dict(v) if isinstance(v, dict) else v) for k, v in self.choice.items()}
        if self.resuming is not None:
            item, index = self.resuming
            twin.resuming = (item.clone(objs), index)
        twin._decisions = None
        twin._prio = list(self._prio)
        return twin

    # -- players and order ---------------------------------------------------------

    def live(self) -> list[int]:
        return [p.seat for p in self.players if not p.left]

    @property
    def n_live(self) -> int:
        return sum(1 for p in self.players if not p.left) if self.left_any else len(self.players)

    def next_seat(self, seat: int) -> int:
        """The next player in turn order who is still in the game (turn order: by seat)."""
        n = len(self.players)
        for step in range(1, n + 1):
            candidate = (seat + step) % n
            if not self.players[candidate].left:
                return candidate
        return seat

    def apnap(self) -> list[int]:
        """101.4: active player first, then the others in turn order (101.4e: before the
        first turn the starting player counts as active)."""
        n = len(self.players)
        first = self.active
        return [s for i in range(n) if not self.players[s := (first + i) % n].left]

    def opponents(self, seat: int) -> list[int]:
        return [s for s in self.apnap() if s != seat]

    # -- the main loop -------------------------------------------------------------

    def run(self) -> None:
        """Advance through everything nobody has to decide, up to the next decision."""
        while not self.over:
            if self.ended:
                self.finish_game()
                continue
            mode = self.mode
            if mode == M_PRIORITY:
                self.state_based_actions()  # 704.3: repeated until none apply
                if self.ended or self.mode != M_PRIORITY:
                    continue  # the game ended, or a player left and their turn with them
                if self.pending:
                    self.stack_triggers()
                    continue
                seat = self.priority
                if self.stops_here(seat):
                    self._prio = self.priority_actions(seat)
                    return
                self.pass_priority()  # by public knowledge they could do nothing here
            elif mode == M_NEXT_STEP:
                self.next_step()
            elif mode == M_NEXT_TURN:
                self.begin_turn(self.next_seat(self.active))
            elif mode == M_BLOCKERS and not self.block_actions(self.asking)[:-1]:
                self.next_blocker()  # nothing can block: nothing to ask
            else:
                return

    def stops_here(self, seat: int) -> bool:
        """No tells, few prompts (docs: the stop setting). Whether a player is asked
        depends only on what everyone can see and on their own stop setting, never on what
        their hand holds: a player who could act by what is public (a card in hand, an
        ability of a permanent or of a card in their graveyard) is asked at the windows
        below, even when nothing of theirs is castable right now, so that being asked
        tells nobody anything; one who visibly cannot act passes by themselves."""
        if not self.could_act_publicly(seat):
            return False
        if self.players[seat].stop_all:
            return True  # their own setting: it tells only what they chose
        return bool(self.stack) or self.default_stop(seat)

    def could_act_publicly(self, seat: int) -> bool:
        """What every player can see lets this player act: cards in hand (any may be an
        instant), or a non-mana ability on a permanent they control or in their graveyard."""
        player = self.players[seat]
        if player.hand:
            return True
        for obj in self.battlefield:
            if obj.controller == seat and any(
                not ab.is_mana and ab.zone == BATTLEFIELD for ab in obj.proto.abilities
            ):
                return True
        return any(ab.zone == GRAVEYARD for card in player.graveyard for ab in card.proto.abilities)

    def default_stop(self, seat: int) -> bool:
        """Where a player stops on an empty stack by default: their own main phases, and
        the declare-blockers step of a combat they are in (attacking, or attacked), once
        the blocks are known, the moment for a combat trick."""
        if seat == self.active:
            return self.step in MAINS or self.step == BLOCKERS
        return self.step == BLOCKERS and any(o.attacking == seat for o in self.battlefield)

    def pass_priority(self) -> None:
        """117.3d/117.4: when all players pass in succession, the top of the stack resolves
        or, if it is empty, the step ends."""
        self.passes += 1
        if self.passes >= self.n_live:
            self.passes = 0
            if self.stack:
                self.resolve_top()
            else:  # ruling R8: a turn whose active player left ends with its stack
                self.mode = M_NEXT_TURN if self.turn_abandoned else M_NEXT_STEP
        else:
            self.priority = self.next_seat(self.priority)

    def give_priority_to_active(self) -> None:
        """117.3b; with the active player gone (ruling R8), the next player in turn order."""
        self.mode = M_PRIORITY
        self.passes = 0
        self.priority = self.next_seat(self.active) if self.turn_abandoned else self.active

    # -- turns and steps -----------------------------------------------------------

    def begin_turn(self, seat: int) -> None:
        if self.players[seat].left:  # the starting player left before the first turn
            seat = self.next_seat(seat)
        self.turn_abandoned = False
        self.turn += 1
        self.game_turn += 1
        self.active = seat
        player = self.players[seat]
        player.land_plays = 0
        self.events.append(ev.TurnStarted(seat, player.name, self.turn))
        self.begin_step(UNTAP)

    def begin_step(self, step: int) -> None:
        """Each step's turn-based actions, then priority (or straight on, with none)."""
        self.step = step
        active = self.players[self.active]
        if step == UNTAP:  # 502: untap, and summoning sickness wears off
            for obj in self.battlefield:
                if obj.controller == self.active:
                    obj.tapped = False
                    obj.fresh = False
            self.mode = M_NEXT_STEP  # no player gets priority in the untap step
            return
        if step == UPKEEP:
            self.trigger_all("upkeep", self.active)
        elif step == DRAW:
            # 103.7a: in a two-player game the starting player skips the first draw;
            # 103.7c: in multiplayer nobody does.
            if not (len(self.players) == 2 and self.game_turn == 1):
                self.draw(active, 1)
        elif step == ATTACKERS:
            if self.attack_actions()[:-1]:
                self.mode = M_ATTACKERS
                self.asking = self.active
                return
        elif step == BLOCKERS:
            attacked = {o.attacking for o in self.battlefield if o.attacking >= 0}
            self.queue = [s for s in self.apnap() if s in attacked]
            self.next_blocker()
            return
        elif step in (FIRST_DAMAGE, DAMAGE):
            self.combat_damage(first=step == FIRST_DAMAGE)
        elif step == END:
            self.trigger_all("end_step", self.active)
        elif step == CLEANUP:
            excess = len(active.hand) - HAND_LIMIT
            if excess > 0:  # 514.1: discard down to the maximum hand size
                self.mode = M_CLEANUP
                self.asking = self.active
                return
            self.finish_cleanup()
            return
        self.give_priority_to_active()

    def finish_cleanup(self) -> None:
        """514.2: damage wears off and 'until end of turn' effects end."""
        for obj in self.battlefield:
            obj.damage = 0
            obj.deathtouched = False
            obj.pumps = []
        self.mode = M_NEXT_TURN

    def next_step(self) -> None:
        """106.4: the mana pools empty at the end of every step and phase."""
        for player in self.players:
            player.pool = [0, 0, 0, 0, 0, 0]
            player.creature_pool = [0, 0, 0, 0, 0, 0]
        step = self.step + 1
        attackers = any(o.attacking >= 0 for o in self.battlefield)
        if step == BLOCKERS and not attackers:
            step = END_COMBAT  # 508.8: no attackers, no blockers or damage steps
        if step == FIRST_DAMAGE and not self.first_strike_in_combat():
            step = DAMAGE  # 510.4: the first-strike step happens only when needed
        if step == MAIN2:
            for obj in self.battlefield:
                obj.clear_combat()  # 511.3: end of combat removes creatures from combat
        self.begin_step(step)

    # -- priority actions ----------------------------------------------------------

    def available(self, seat: int, creature_spell: bool = False) -> list[int]:
        """Mana this player could spend now: the pool plus what untapped lands make, and
        for a creature spell the mana that may pay only for one (106.6)."""
        player = self.players[seat]
        avail = list(player.pool)
        if creature_spell:
            avail = [a + b for a, b in zip(avail, player.creature_pool, strict=True)]
        for obj in self.battlefield:
            if obj.controller == seat and not obj.tapped and obj.proto.produces:
                avail["WUBRGC".index(obj.proto.produces)] += 1
        return avail

    def priority_actions(self, seat: int) -> list[Action]:
        player = self.players[seat]
        actions: list[Action] = []
        sorcery_time = seat == self.active and self.step in MAINS and not self.stack
        avail = self.available(seat)
        seen: set[str] = set()
        for card in player.hand:
            proto = card.proto
            if proto.id in seen:
                continue  # two copies of a card make the same choices
            seen.add(proto.id)
            if proto.is_land:
                if sorcery_time and player.land_plays < 1:  # 305.2: one land a turn
                    actions.append(("land", card.uid))
                continue
            if not (proto.is_instant or sorcery_time):
                continue
            if proto.is_creature and any(player.creature_pool):
                actions += self.cast_actions(seat, card, self.available(seat, True))
            else:
                actions += self.cast_actions(seat, card, avail)
        for obj in self.battlefield:
            if obj.controller != seat or not obj.proto.abilities:
                continue
            for ability in obj.proto.abilities:
                if ability.zone != BATTLEFIELD or not self.can_activate(
                    seat, obj, ability, sorcery_time
                ):
                    continue
                effect = ability.mana_effect
                if effect is not None:  # a mana ability
                    colours = "WUBRG" if effect.mana == "any" else effect.mana[:1]
                    actions += [("mana", obj.uid, ability.index, c) for c in colours]
                    continue
                for x in self.x_values(ability.cost, avail, ability.life):
                    refs = self.targets_for(ability.target, seat, obj.uid)
                    if refs is None:
                        continue
                    actions += [("act", obj.uid, ability.index, x, r) for r in refs]
        for card in player.graveyard:  # 113.6k: abilities that work from the graveyard
            for ability in card.proto.abilities:
                if ability.zone == GRAVEYARD and self.can_activate(
                    seat, card, ability, sorcery_time
                ):
                    refs = self.targets_for(ability.target, seat, card.uid) or []
                    for x in self.x_values(ability.cost, avail):
                        actions += [("act", card.uid, ability.index, x, r) for r in refs]
        actions.append(PASS)
        # Always offered, so that a priority decision is never a forced lone "pass": whether
        # a player is asked is `stops_here`'s public call, not the size of their options.
        actions.append(STOP_MAIN if player.stop_all else STOP_ALL)
        return actions

    def cast_actions(self, seat: int, card: Obj, avail: list[int]) -> list[Action]:
        proto = card.proto
        if not self.can_pay_additional(seat, proto):
            return []
        refs = self.targets_for(proto.target, seat, card.uid)
        if refs is None:
            return []  # a spell with a target needs a legal one to be cast (601.2c)
        if proto.x_is is not None:
            xs = [self.defined_x(proto, seat)] if proto.cost[7] else [0]
            if not can_pay(proto.cost, xs[0], avail):
                return []
        else:
            xs = self.x_values(proto.cost, avail)
            if proto.x_only and xs and not self.triggers_on_cast(seat):
                xs = xs[1:]  # R13: X = 0 would do nothing (xs counts up from 0)
        return [("cast", card.uid, x, r) for x in xs for r in refs]

    def triggers_on_cast(self, seat: int) -> bool:
        """R13: whether casting a spell does something for this player by itself: a
        permanent of theirs with a "whenever you cast" ability."""
        return any(
            obj.controller == seat and "you_cast" in obj.proto.triggers for obj in self.battlefield
        )

    def can_pay_additional(self, seat: int, proto: Proto) -> bool:
        """113.2b: an additional cost must be paid too; life can be paid only by a player
        whose life total is at least the amount (119.4)."""
        return self.players[seat].life >= proto.additional_life

    def x_values(self, cost: Cost, avail: list[int], life: int = 0) -> list[int]:
        """The values of X this player can pay for (107.3a); [0] without an X; [] if the
        cost cannot be paid at all."""
        if not can_pay(cost, 0, avail):
            return []
        if not cost[7]:
            return [0]
        return list(range(affordable_x(cost, avail) + 1))

    def targets_for(self, word: str | None, seat: int, source: int) -> list[Any] | None:
        if word is None:
            return [None]
        refs = legal_targets(self, word, seat, source)
        return refs or None

    def can_activate(self, seat: int, obj: Obj, ability: Ability, sorcery_time: bool) -> bool:
        """Costs that must be payable: {T} and {Q} (107.5/107.6, with summoning sickness
        for creatures, 302.6), life, mana."""
        if ability.sorcery_speed and not sorcery_time:
            return False
        if ability.tap or ability.untap:
            if obj.proto.is_creature and obj.fresh and not self.has(obj, "haste"):
                return False
            if (ability.tap and obj.tapped) or (ability.untap and not obj.tapped):
                return False
        return not ability.life or self.players[seat].life >= ability.life

    def defined_x(self, proto: Proto, seat: int) -> int:
        """107.3c/e: X defined by the card's text."""
        if proto.x_is == "creatures_you_control":
            return sum(1 for o in self.battlefield if o.controller == seat and o.proto.is_creature)
        return len(self.players[seat].hand)

    def priority_action(self, seat: int, action: Action) -> None:
        head = action[0]
        if head == "pass":
            if len(action) > 1:
                self.players[seat].stop_all = action[1] == "all"
            self.pass_priority()
            return
        self.passes = 0  # 117.3c: after acting, the same player receives priority again
        if head == "land":
            self.play_land(seat, self.objs[action[1]])
        elif head == "cast":
            self.cast(seat, action[1], action[2], action[3])
        elif head == "act":
            self.activate(seat, self.objs[action[1]], action[2], action[3], action[4])
        elif head == "mana":
            self.mana_ability(seat, self.objs[action[1]], action[2], action[3])

    def play_land(self, seat: int, card: Obj) -> None:
        player = self.players[seat]
        player.land_plays += 1
        player.hand.remove(card)
        self.note(f"{player.name} plays {card.name}.")
        self.enter_battlefield(card, seat)

    def cast(self, seat: int, uid: int, x: int, target: Any, free: bool = False) -> None:
        """601.2: announce (X, 107.3a), choose the target, pay (the auto-tapper), then the
        spell is cast and 'whenever you cast' abilities trigger. Cast without paying its
        mana cost, X can only be 0 (107.3b)."""
        player = self.players[seat]
        card = self.objs[uid]
        proto = card.proto
        player.hand.remove(card)
        card.zone = STACK
        card.controller = seat
        if proto.x_is is not None and proto.cost[7]:
            x = self.defined_x(proto, seat)  # 107.3c
        if free:
            x = 0
        else:
            pay(self, seat, proto.cost, x, proto.is_creature)
        if proto.additional_life:  # 113.2b: paid even when the mana cost is not (118.9d)
            player.life -= proto.additional_life
            self.note(f"{player.name} pays {proto.additional_life} life ({player.life}).")
        item = StackItem(
            self.new_stack_uid(), True, proto, seat, proto.effects, proto.target, target, x, card
        )
        self.stack.append(item)
        shown = f" (X={x})" if proto.cost[7] else ""
        aim = f" targeting {self.ref_name(target)}" if target is not None else ""
        self.note(f"{player.name} casts {proto.name}{shown}{aim}.")
        self.trigger_all("you_cast", seat)

    def activate(self, seat: int, obj: Obj, index: int, x: int, target: Any) -> None:
        """602.2: pay every cost, then the ability goes on the stack, independent of its
        source from then on (113.7a)."""
        ability = obj.proto.abilities[index]
        self.pay_ability_costs(seat, obj, ability, x)
        item = StackItem(
            self.new_stack_uid(),
            False,
            obj.proto,
            seat,
            ability.effects,
            ability.target,
            target,
            x,
            source=obj.copy(),
        )
        self.stack.append(item)
        shown = f" (X={x})" if ability.cost[7] else ""
        self.note(f"{self.names[seat]} activates {obj.name}{shown}: {ability.text}")

    def mana_ability(self, seat: int, obj: Obj, index: int, colour: str) -> None:
        """605: a mana ability does not use the stack; 'any colour' is chosen as it resolves."""
        ability = obj.proto.abilities[index]
        self.pay_ability_costs(seat, obj, ability, 0)
        effect = ability.mana_effect
        assert effect is not None  # only mana abilities are offered as "mana" actions
        mana = colour if effect.mana == "any" else effect.mana
        fx.add_mana(self, seat, mana, effect.creature_spells_only)

    def pay_ability_costs(self, seat: int, obj: Obj, ability: Ability, x: int) -> None:
        pay(self, seat, ability.cost, x)
        if ability.tap:
            obj.tapped = True
        if ability.untap:
            obj.tapped = False
        if ability.life:
            self.players[seat].life -= ability.life
        if ability.sacrifice:
            self.sacrifice(obj)

    def new_stack_uid(self) -> int:
        self.next_uid += 1
        return self.next_uid - 1

    # -- the stack -----------------------------------------------------------------

    def resolve_top(self) -> None:
        """608: the top object resolves; a targeted one whose target is gone does nothing."""
        item = self.stack.pop()
        self.give_priority_to_active()  # 117.3b, unless the resolution asks something
        if item.target_word is not None and not target_ok(
            self, item.target_word, item.target, item.controller, item.source_uid
        ):
            self.note(f"{item.name} does nothing: its target is gone (608.2b).")
            self.spell_done(item)
            return
        self.resuming = (item, 0)
        if item.is_spell and item.proto.x_choice:  # 107.3e: X is chosen now
            self.mode = M_XCHOICE
            self.asking = item.controller
            return
        self.continue_resolution()

    def continue_resolution(self) -> None:
        """Run the effects of the resolving item from where a choice paused it."""
        while self.resuming is not None:
            item, index = self.resuming
            if index >= len(item.effects):
                self.resuming = None
                self.finish_item(item)
                return
            self.resuming = (item, index + 1)
            fx.resolve(self, item, item.effects[index])
            if self.mode != M_PRIORITY or self.ended:
                return  # a choice is open, or the game is over

    def finish_item(self, item: StackItem) -> None:
        if item.is_spell and item.proto.is_permanent and item.card is not None:
            card = item.card
            self.enter_battlefield(card, item.controller, item.x)  # 110.2, 107.3k
            return
        self.spell_done(item)

    def spell_done(self, item: StackItem) -> None:
        """An instant or sorcery goes to its owner's graveyard; a copy ceases to exist."""
        card = item.card
        if item.is_spell and card is not None and not item.copy and card.zone == STACK:
            self.move(card, GRAVEYARD)

    def stack_triggers(self) -> None:
        """603.3b: waiting abilities go on the stack in APNAP order (the active player's
        first, so they resolve last); a player with several different ones picks which goes
        next (101.4c); each one's target is chosen as it is put there."""
        order = self.apnap()
        self.pending.sort(key=lambda t: order.index(t.controller) if t.controller in order else 99)
        while self.pending:
            trig = self.pending[0]
            if self.players[trig.controller].left:
                self.pending.pop(0)
                continue
            if not self.order_chosen:  # 101.4c: the player orders their own simultaneous ones
                # the same printed ability twice (two copies of a card) needs no order
                mine = {id(t.effects) for t in self.pending if t.controller == trig.controller}
                if len(mine) > 1:
                    self.mode = M_ORDER
                    self.asking = trig.controller
                    return
            self.order_chosen = False
            if trig.target_word is None:
                self.pending.pop(0)
                self.put_trigger(trig, None)
                continue
            refs = legal_targets(self, trig.target_word, trig.controller, trig.source.uid)
            if not refs:  # 603.3d: no legal target, the ability is removed
                self.pending.pop(0)
                self.note(f"{trig.source.name}'s ability has no legal target and is removed.")
                continue
            self.mode = M_TRIGGER
            self.asking = trig.controller
            return

    def put_trigger(self, trig: Trigger, target: Any) -> None:
        item = StackItem(
            self.new_stack_uid(),
            False,
            trig.source.proto,
            trig.controller,
            trig.effects,
            trig.target_word,
            target,
            trig.x,
            source=trig.source,
        )
        self.stack.append(item)
        self.events.append(ev.Triggered(trig.source.name, "triggered"))

    def trigger(self, obj: Obj, when: str, controller: int | None = None) -> None:
        for effects in obj.proto.triggers.get(when, ()):
            seat = obj.controller if controller is None else controller
            x = obj.etb_x if when == "enters" else 0  # 107.3k
            self.pending.append(Trigger(seat, effects, obj, x))

    def trigger_all(self, when: str, seat: int) -> None:
        """Abilities of `seat`'s permanents that trigger on something `seat` does."""
        for obj in self.battlefield:
            if obj.controller == seat and when in obj.proto.triggers:
                self.trigger(obj, when)

    # -- zones ---------------------------------------------------------------------

    def zone_list(self, obj: Obj) -> list | None:
        zone = obj.zone
        if zone == BATTLEFIELD:
            return self.battlefield
        if zone in (LIBRARY, HAND, GRAVEYARD, EXILE):
            player = self.players[obj.owner]
            return {
                LIBRARY: player.library,
                HAND: player.hand,
                GRAVEYARD: player.graveyard,
                EXILE: player.exile,
            }[zone]
        return None

    def move(self, obj: Obj, zone: str) -> bool:
        """Move an object to its owner's `zone`. A token that has already left the
        battlefield stays where it is (111.8). Returns whether it moved."""
        if obj.left:
            return False
        source = self.zone_list(obj)
        if source is not None and obj in source:
            source.remove(obj)
        if obj.zone == LIBRARY:
            obj = self._own(obj)
        was_on_battlefield = obj.zone == BATTLEFIELD
        if was_on_battlefield:
            for other in self.battlefield:
                if other.blocking == obj.uid:
                    other.blocking = -1  # still blocking, its attacker is gone (509.1h)
            if obj.proto.token:
                obj.left = True
        if obj.zone == STACK:
            self.stack = [i for i in self.stack if i.card is not obj]
        obj.zone = zone
        obj.controller = obj.owner
        if obj.proto.token and zone != BATTLEFIELD:
            obj.left = True
            self.limbo.append(obj)
        target = self.zone_list(obj)
        if target is not None:
            target.append(obj)
        if was_on_battlefield:
            self.statics_changed()
            obj_copy = obj.copy()
            obj.reset()
            obj.controller = obj.owner
            if obj_copy.proto.is_creature and zone == GRAVEYARD and "dies" in obj.proto.triggers:
                self.trigger(obj_copy, "dies", obj_copy.controller)
        return True

    def _own(self, obj: Obj) -> Obj:
        """A card leaving the library becomes this state's own copy: a clone may share
        the one that lay there (`clone`)."""
        mine = obj.copy()
        self.objs[obj.uid] = mine
        return mine

    def enter_battlefield(self, obj: Obj, controller: int, x: int = 0) -> None:
        """110.2: under the control of who put it there; 110.5b: untapped and face up."""
        source = self.zone_list(obj)
        if source is not None and obj in source:
            source.remove(obj)
        if obj.zone == LIBRARY:
            obj = self._own(obj)
        obj.reset()
        obj.zone = BATTLEFIELD
        obj.controller = controller
        obj.etb_x = x
        obj.stamp = self.new_stamp()
        self.battlefield.append(obj)
        self.statics_changed()
        self.trigger(obj, "enters")

    def create_token(self, proto: Proto, seat: int) -> Obj:
        """111.2: the creator owns the token, and it enters under their control."""
        token = self.new_obj(proto, seat, GONE)
        self.enter_battlefield(token, seat)
        return token

    def sacrifice(self, obj: Obj) -> None:
        self.note(f"{self.names[obj.controller]} sacrifices {obj.name}.")
        self.move(obj, GRAVEYARD)

    def draw(self, player: Player, count: int) -> None:
        """104.3c: drawing from an empty library loses at the next state-based check."""
        for _ in range(count):
            if not player.library:
                player.drew_empty = True
                self.note(f"{player.name} cannot draw from an empty library.")
                return
            card = self._own(player.library.pop())
            card.zone = HAND
            player.hand.append(card)
            self.events.append(ev.CardDrawn(player.seat, player.name, card.name))

    def discard(self, player: Player, cards: list[Obj]) -> None:
        for card in cards:
            self.move(card, GRAVEYARD)
        if cards:
            self.note(f"{player.name} discards {', '.join(c.name for c in cards)}.")

    # -- characteristics -----------------------------------------------------------

    def power(self, obj: Obj) -> int:
        value = obj.proto.power + obj.counters + sum(pump[0] for pump in obj.pumps)
        return value + self.anthem(obj)[0]

    def toughness(self, obj: Obj) -> int:
        value = obj.proto.toughness + obj.counters + sum(pump[1] for pump in obj.pumps)
        return value + self.anthem(obj)[1]

    def statics_changed(self) -> None:
        """Called whenever the battlefield changes: which static abilities now apply."""
        self.maybe_dying = True
        self.anthem_srcs = [o for o in self.battlefield if o.proto.anthems]
        self.no_gain = any(o.proto.no_life_gain for o in self.battlefield)

    def anthem(self, obj: Obj) -> tuple[int, int, frozenset]:
        """Static abilities of other permanents (113.3d): +N/+N and keywords."""
        if not self.anthem_srcs:
            return NO_ANTHEM
        power = toughness = 0
        words: frozenset = frozenset()
        for other in self.anthem_srcs:
            if other is not obj and other.controller == obj.controller:
                for p, t, k in other.proto.anthems:
                    power += p
                    toughness += t
                    words |= k
        return power, toughness, words

    def has(self, obj: Obj, keyword: str) -> bool:
        if not obj.pumps:  # nothing can have removed a keyword: the fast answer
            if keyword in obj.proto.keywords:
                return True
            return bool(self.anthem_srcs) and keyword in self.anthem(obj)[2]
        return keyword in self.keywords(obj)

    def keywords(self, obj: Obj) -> set[str]:
        """Printed keywords, then every effect that adds or removes some, oldest first
        (113.10c: the most recent one prevails; 101.2a: adding and removing abilities is
        not a matter of "can't" beating "can"). A static ability dates from when its
        permanent entered the battlefield, an "until end of turn" effect from when it
        resolved."""
        words: set[str] = set(obj.proto.keywords)
        changes: list[tuple[int, frozenset[str], frozenset[str]]] = []
        for other in self.anthem_srcs:
            if other is not obj and other.controller == obj.controller:
                for _, _, k in other.proto.anthems:
                    if k:
                        changes.append((other.stamp, k, frozenset()))
        for pump in obj.pumps:
            if pump[2] or pump[3]:
                changes.append((pump[4], pump[2], pump[3]))
        changes.sort(key=lambda change: change[0])
        for _, added, removed in changes:
            words |= added
            words -= removed  # 113.10b: every instance of it
        return words

    def new_stamp(self) -> int:
        self.clock += 1
        return self.clock

    def life_gain_blocked(self) -> bool:
        """101.2: 'players can't gain life' beats any effect that says a player gains life."""
        return self.no_gain

    def sacrificeable(self, seat: int) -> list[Obj]:
        return [o for o in self.battlefield if o.controller == seat and o.proto.is_creature]

    def mana_value(self, obj: Obj | StackItem) -> int:
        """107.3f/g: X counts as 0 except in a spell on the stack, where it is the announced X."""
        if isinstance(obj, StackItem):
            return obj.proto.mana_value + (obj.x * obj.proto.cost[7] if obj.is_spell else 0)
        return obj.proto.mana_value

    # -- combat --------------------------------------------------------------------

    def can_attack(self, obj: Obj) -> bool:
        return (
            obj.controller == self.active
            and obj.proto.is_creature
            and obj.attacking < 0
            and not obj.tapped
            and (not obj.fresh or self.has(obj, "haste"))
            and not self.has(obj, "defender")
        )

    def attack_actions(self) -> list[Action]:
        foes = self.opponents(self.active)
        actions = [
            ("attack", o.uid, seat) for o in self.battlefield if self.can_attack(o) for seat in foes
        ]
        actions.append(ATTACK_DONE)
        return actions

    def declare_attacker(self, uid: int, seat: int) -> None:
        obj = self.objs[uid]
        obj.attacking = seat
        self.note(f"{obj.name} attacks {self.names[seat]}.")

    def attackers_declared(self) -> None:
        """508.1f/m: attackers tap (unless they have vigilance); 'attacks' abilities trigger."""
        for obj in self.battlefield:
            if obj.attacking >= 0:
                if not self.has(obj, "vigilance"):
                    obj.tapped = True
                self.trigger(obj, "attacks")
        self.give_priority_to_active()

    def can_block(self, blocker: Obj, attacker: Obj) -> bool:
        """509.1b/c: flying can be blocked only by flying or reach; 'can't block' wins (101.2)."""
        if blocker.tapped or blocker.blocking or blocker.proto.cant_block:
            return False
        if self.has(attacker, "flying"):
            return self.has(blocker, "flying") or self.has(blocker, "reach")
        return True

    def block_actions(self, seat: int) -> list[Action]:
        attackers = [o for o in self.battlefield if o.attacking == seat]
        actions = [
            ("block", b.uid, a.uid)
            for b in self.battlefield
            if b.controller == seat and b.proto.is_creature
            for a in attackers
            if self.can_block(b, a)
        ]
        actions.append(BLOCK_DONE)
        return actions

    def declare_blocker(self, blocker: int, attacker: int) -> None:
        b, a = self.objs[blocker], self.objs[attacker]
        b.blocking = attacker
        a.blocked = True
        a.blockers.append(blocker)  # the damage assignment order (ruling)
        self.note(f"{b.name} blocks {a.name}.")

    def next_blocker(self) -> None:
        """Defending players declare blockers one after another, in APNAP order (101.4)."""
        while self.queue:
            seat = self.queue.pop(0)
            if not self.players[seat].left:
                self.mode = M_BLOCKERS
                self.asking = seat
                return
        self.give_priority_to_active()

    def first_strike_in_combat(self) -> bool:
        return any(
            (o.attacking >= 0 or o.blocking) and self.has(o, "first_strike")
            for o in self.battlefield
        )

    def combat_damage(self, first: bool) -> None:
        """510: all combat damage of the step is assigned, then dealt at once."""
        dealing = []
        strikers = [o for o in self.battlefield if o.attacking >= 0 or o.blocking]
        if first:
            strikers = [o for o in strikers if self.has(o, "first_strike")]
        else:
            strikers = [o for o in strikers if not o.dealt_first]
        for obj in strikers:
            if first:
                obj.dealt_first = True
            power = self.power(obj)
            if power <= 0:
                continue
            if obj.attacking >= 0:
                dealing += self.assign_attacker(obj, power)
            elif obj.blocking > 0:
                attacker = self.objs.get(obj.blocking)
                if (
                    attacker is not None
                    and attacker.zone == BATTLEFIELD
                    and attacker.attacking >= 0
                ):
                    dealing.append((obj, attacker, power))
        for source, target, amount in dealing:
            fx.deal_damage(self, source, target, amount, combat=True)

    def assign_attacker(self, obj: Obj, power: int) -> list[tuple[Obj, Any, int]]:
        """510.1c: blockers in the order they were declared get lethal damage before the
        next one; trample lets the rest reach the player (ruling: assignment is automatic)."""
        defender = self.players[obj.attacking]
        if not obj.blocked:
            return [] if defender.left else [(obj, defender, power)]
        blockers = [
            b
            for uid in obj.blockers
            if (b := self.objs.get(uid)) is not None
            and b.zone == BATTLEFIELD
            and b.blocking == obj.uid
        ]
        trample = self.has(obj, "trample")
        if not blockers:
            return [(obj, defender, power)] if trample and not defender.left else []
        deathtouch = self.has(obj, "deathtouch")
        out: list[tuple[Obj, Any, int]] = []
        left = power
        for i, b in enumerate(blockers):
            lethal = max(0, self.toughness(b) - b.damage)
            if deathtouch:
                lethal = min(lethal, 1)
            last = i == len(blockers) - 1
            amount = min(lethal, left) if not last or trample else left
            if amount:
                out.append((obj, b, amount))
            left -= amount
        if left > 0 and trample and not defender.left:
            out.append((obj, defender, left))
        return out

    # -- state-based actions and the end of the game -------------------------------

    def state_based_actions(self) -> None:
        """704.3: check, perform all at once, and repeat until none apply."""
        while not self.ended:
            losers = []
            for p in self.players:
                if p.left:
                    continue
                if p.life <= 0:
                    losers.append((p, "0 or less life (104.3b)"))
                elif p.drew_empty:
                    losers.append((p, "drew from an empty library (104.3c)"))
                elif p.poison >= POISON_LOSS:
                    losers.append((p, "ten poison counters (104.3d)"))
            if losers:
                if len(losers) == len(self.live()):  # 104.4a: all remaining lose at once
                    for p, why in losers:
                        self.note(f"{p.name} loses: {why}.")
                    self.end_game(None, "all remaining players lost at once (104.4a)")
                    return
                for p, why in losers:
                    self.lose(p.seat, why)
                continue
            # damage, deathtouch or a lost static bonus can kill; nothing else lowers
            # toughness, so the battlefield is looked at only after one of those (704.5f-h)
            dying = []
            if self.maybe_dying:
                self.maybe_dying = False
                dying = [
                    o
                    for o in self.battlefield
                    if o.proto.is_creature
                    and (o.deathtouched or o.damage >= self.toughness(o) or self.toughness(o) <= 0)
                ]
            gone, self.limbo = self.limbo, []
            if not dying and not gone:
                return
            for obj in dying:
                self.note(f"{obj.name} dies.")
                self.move(obj, GRAVEYARD)
            for token in gone:  # 111.7: a token outside the battlefield ceases to exist
                zone = self.zone_list(token)
                if zone is not None and token in zone:
                    zone.remove(token)
                token.zone = GONE
                self.objs.pop(token.uid, None)

    def lose(self, seat: int, why: str) -> None:
        """104.3: the player loses and leaves (104.5); the last one in the game wins (104.2a)."""
        self.note(f"{self.names[seat]} loses the game: {why}.")
        live = self.live()
        if len(live) <= 2:
            others = [s for s in live if s != seat]
            self.players[seat].left = self.left_any = True
            self.end_game(others[0] if others else None, f"{self.names[seat]} lost")
        else:
            self.leave(seat, why)

    def win(self, seat: int) -> None:
        """104.2b: an effect says a player wins; 104.3f: if that player also meets a losing
        condition at that moment, they lose instead."""
        p = self.players[seat]
        if p.life <= 0 or p.drew_empty or p.poison >= POISON_LOSS:
            self.note(f"{p.name} would win and lose at once, so loses (104.3f).")
            self.lose(seat, "won and lost at once (104.3f)")
            return
        self.end_game(seat, "an effect says so (104.2b)")

    def leave(self, seat: int, why: str) -> None:
        """800.4a (via 104.5): a player who leaves takes everything they own with them; spells
        and abilities they control leave the stack. Ruling: if it was their turn, the rest of
        the turn is skipped and the next player begins a turn."""
        player = self.players[seat]
        player.left = True
        self.left_any = True
        self.events.append(PlayerLeft(player.name, why))
        for obj in list(self.battlefield):
            if obj.owner == seat or obj.controller == seat:
                self.battlefield.remove(obj)
                obj.zone = GONE
        for zone in (player.hand, player.library, player.graveyard, player.exile):
            for obj in zone:  # 800.4a: every object they own leaves, wherever it is
                obj.zone = GONE
            zone.clear()
        player.pool = [0, 0, 0, 0, 0, 0]
        player.creature_pool = [0, 0, 0, 0, 0, 0]
        self.statics_changed()
        for obj in self.battlefield:
            if obj.attacking == seat:
                obj.clear_combat()
        self.stack = [
            i
            for i in self.stack
            if i.controller != seat and (i.card is None or i.card.owner != seat)
        ]
        self.pending = [t for t in self.pending if t.controller != seat]
        live = self.live()
        if len(live) == 1:
            self.end_game(live[0], "the last player in the game (104.2a)")
            return
        if seat == self.active and self.mode not in (M_STARTER, M_MULLIGAN, M_BOTTOM, M_OPENING):
            # Ruling R8: the turn goes on without an active player while the other players'
            # spells and abilities (which stay, 800.4a removes only the leaver's) resolve,
            # priority starting with the next player in turn order; once the stack is
            # empty and all pass, the rest of the turn is skipped.
            for obj in self.battlefield:
                obj.clear_combat()
            self.resuming = None
            self.queue, self.choice = [], {}
            if not self.stack and not self.pending:
                self.mode = M_NEXT_TURN
                return
            self.turn_abandoned = True
            self.mode = M_PRIORITY
            self.passes = 0
            self.priority = self.next_seat(seat)
            return
        if self.resuming is not None and self.resuming[0].controller == seat:
            self.resuming = None  # their spell or ability stops resolving with them
            if self.mode in (M_CHOOSE, M_FREE, M_XCHOICE):
                self.choice, self.queue = {}, []
                self.give_priority_to_active()
        mode = self.mode
        self.queue = [s for s in self.queue if s != seat]
        if mode == M_PRIORITY:
            if self.priority == seat:
                self.priority = self.next_seat(seat)
            self.passes = 0
        elif mode == M_BLOCKERS and self.asking == seat:
            self.next_blocker()
        elif mode in (M_TRIGGER, M_ORDER) and self.asking == seat:
            self.mode = M_PRIORITY
        elif mode == M_CHOOSE:
            self.choice["count"].pop(seat, None)
            self.choice["picked"].pop(seat, None)
            if self.asking == seat:
                self.next_chooser()
        elif mode == M_XCHOICE and self.asking == seat:
            self.give_priority_to_active()
        elif mode == M_FREE and self.asking == seat:
            self.mode = M_PRIORITY
            self.continue_resolution()
        elif mode == M_MULLIGAN:
            self.declared = [s for s in self.declared if s != seat]
            if self.asking == seat:
                self.next_mulligan()
        elif mode == M_BOTTOM and self.asking == seat:
            self.next_bottom(first=True)  # the queue no longer holds them: nobody is skipped
        elif mode == M_OPENING and self.asking == seat:
            self.next_opening(first=True)
        elif mode == M_STARTER and self.asking == seat:
            self.chooser = self.asking = live[0]

    def end_game(self, winner: int | None, reason: str, match_too: bool = False) -> None:
        if self.ended:
            return
        self.ended = True
        self.game_winner = winner
        if winner is None:
            self.note(f"Game {self.game_no} is a draw: {reason}.")
        else:
            self.series.won_game(winner)
            self.events.append(ev.GameOver(self.game_no, winner, self.names[winner], reason))
        if match_too:
            self.end_match(winner)

    def finish_game(self) -> None:
        """After a game: the match ends, or the next game starts with the previous game's
        loser (103.1); after a draw the previous chooser chooses again."""
        self._decisions = None
        if self.over:
            return
        winner = self.game_winner
        champion = self.series.champion()
        if champion is not None:
            self.end_match(champion)
            return
        if self.series.best_of == 1:
            self.end_match(winner)
            return
        for player in self.players:
            player.left = False
        self.left_any = False
        if winner is None:
            self.asking = self.chooser
            self.mode = M_STARTER
            self.ended = False
            return
        self.start_game(1 - winner)  # best-of is two-player only

    def end_match(self, winner: int | None) -> None:
        self.ended = True
        self.over = True
        self.winner = winner
        self.mode = M_OVER
        if winner is None:
            self.note("The match is a draw.")
        else:
            score = self.series.score(winner)
            self.events.append(ev.MatchOver(winner, self.names[winner], score))

    # -- mulligans (103.4) ---------------------------------------------------------

    def declare_mulligan(self, seat: int, mulligan: bool) -> None:
        """103.4: declared in turn order; the mulligans are then taken at once."""
        self.note(f"{self.names[seat]} {'takes a mulligan' if mulligan else 'keeps'}.")
        if mulligan:
            self.declared.append(seat)
        else:
            self.players[seat].kept = True
        self.next_mulligan()

    def next_mulligan(self) -> None:
        self.queue = [s for s in self.queue if s != self.asking] if self.queue else []
        if self.queue:
            self.asking = self.queue[0]
            return
        if self.declared:
            for seat in self.declared:  # carried out at once
                player = self.players[seat]
                player.mulligans += 1
                for card in player.hand:
                    card.zone = LIBRARY
                player.library += player.hand
                player.hand = []
                self.rng.shuffle(player.library)
            for seat in self.declared:
                self.draw(self.players[seat], OPENING_HAND)
            self.queue, self.declared = list(self.declared), []
            self.asking = self.queue[0]
            return
        self.queue = [s for s in self.apnap() if self.players[s].mulligans]
        self.next_bottom(first=True)

    def bottom(self, seat: int, uids: list[int]) -> None:
        player = self.players[seat]
        for uid in uids:
            card = self.objs[uid]
            player.hand.remove(card)
            card.zone = LIBRARY
            player.library.insert(0, card)
        self.note(f"{player.name} puts {len(uids)} card(s) on the bottom of their library.")
        self.next_bottom()

    def next_bottom(self, first: bool = False) -> None:
        """London mulligan: after keeping, one card goes to the bottom per mulligan taken."""
        if not first and self.queue:
            self.queue.pop(0)
        while self.queue and not self.players[self.queue[0]].hand:
            self.queue.pop(0)
        if self.queue:
            self.mode = M_BOTTOM
            self.asking = self.queue[0]
            return
        # 103.5: once the mulligans are done, in turn order from the starting player, each
        # player may take the actions their opening hand allows (103.5a)
        self.queue = [
            s for s in self.apnap() if any(o.proto.opening_hand for o in self.players[s].hand)
        ]
        self.next_opening(first=True)

    def next_opening(self, first: bool = False) -> None:
        if not first and self.queue:
            self.queue.pop(0)
        if self.queue:
            self.mode = M_OPENING
            self.asking = self.queue[0]
            return
        self.begin_turn(self.starter)

    # -- choices during a resolution (101.4) ---------------------------------------

    def ask_each(self, kind: str, counts: dict[int, int]) -> None:
        """Players choose in APNAP order, each seeing the earlier choices (101.4, 101.4b);
        the chosen actions then happen at once. A player with no real choice is skipped."""
        self.choice = {"kind": kind, "count": {}, "picked": {}, "item": self.resuming}
        for seat in self.apnap():
            if seat not in counts:
                continue
            pool = self.players[seat].hand if kind == "discard" else self.sacrificeable(seat)
            n = min(counts[seat], len(pool))  # 101.3: the impossible part is ignored
            if n == 0:
                continue
            if n == len(pool):
                self.choice["picked"][seat] = [o.uid for o in pool]
            else:
                self.choice["count"][seat] = n
        self.queue = [s for s in self.apnap() if s in self.choice["count"]]
        if self.queue:
            self.mode = M_CHOOSE
            self.asking = self.queue[0]
        else:
            self.carry_out_choice()

    def next_chooser(self) -> None:
        self.queue = [s for s in self.queue if s != self.asking]
        if self.queue:
            self.asking = self.queue[0]
            return
        self.carry_out_choice()
        self.continue_resolution()

    def carry_out_choice(self) -> None:
        kind = self.choice["kind"]
        for seat in self.apnap():
            uids = self.choice["picked"].get(seat, [])
            objs = [self.objs[u] for u in uids if u in self.objs]
            if kind == "discard":
                self.discard(self.players[seat], objs)
            else:
                for obj in objs:
                    self.sacrifice(obj)
        self.choice = {}
        self.mode = M_PRIORITY

    def free_actions(self, seat: int) -> list[Action]:
        limit = self.choice.get("free", 0)
        actions = []
        for card in self.players[seat].hand:
            proto = card.proto
            if (
                (proto.is_instant or proto.is_sorcery)
                and proto.mana_value <= limit
                and self.can_pay_additional(seat, proto)
            ):
                refs = self.targets_for(proto.target, seat, card.uid)
                if refs is not None:
                    actions += [("free", card.uid, r) for r in refs]
        return actions

    # -- naming --------------------------------------------------------------------

    def ref_name(self, ref: Any) -> str:
        if isinstance(ref, str):
            return self.names[int(ref[1:])]
        obj = self.objs.get(ref)
        if obj is not None:
            return obj.name
        item = next((i for i in self.stack if i.uid == ref), None)
        return item.name if item is not None else "?"

    def find_item(self, uid: int) -> StackItem | None:
        for item in self.stack:
            if item.uid == uid:
                return item
        return None
