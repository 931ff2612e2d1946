"""magic-core's game state: what a match holds, the engine contract, and the main loop.

The rules themselves are split by job into modules whose functions are bound to
`MagicState` as methods (see the end of the class).

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

from engine.core import events as ev
from engine.core.decision import Action, Decision, Label
from engine.core.events import Note
from engine.core.rng import MatchRng
from engine.core.ruleset import GameState
from engine.core.series import Series
from engine.core.view import MatchView
from engine.rulesets.magic_core import (
    casting,
    characteristics,
    combat,
    ending,
    priority,
    resolution,
    turns,
    zones,
)
from engine.rulesets.magic_core.events import PlayerLeft
from engine.rulesets.magic_core.objects import (
    LIBRARY,
    Obj,
    Player,
    StackItem,
)
from engine.rulesets.magic_core.resolution import Trigger
from engine.rulesets.magic_core.steps import (
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
    M_PRIORITY,
    M_STARTER,
    M_TRIGGER,
    M_XCHOICE,
    STEP_NAMES,
    UNTAP,
)
from engine.rulesets.magic_core.targets import legal_targets
from engine.rulesets.magic_core.turns import HAND_LIMIT, OPENING_HAND
from engine.rulesets.magic_core.view import build_view, describe_action

KEEP: Action = ("keep",)
MULLIGAN: Action = ("mulligan",)
DECLINE: Action = ("decline",)


def picked(action: Action) -> list[int]:
    """The uids of a card pick: one ("card", uid), or a tuple of them (a multi-pick)."""
    if action and action[0] == "card":
        return [action[1]]
    return [uid for _, uid in action]


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

    def note(self, text: str) -> None:
        self.events.append(Note(text))

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

    @property
    def n_live(self) -> int:
        return sum(1 for p in self.players if not p.left) if self.left_any else len(self.players)

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

    # -- the rules, by job -----------------------------------------------------------
    # Each job's rules live in their own module as functions of the state (turns.py,
    # priority.py, casting.py, resolution.py, zones.py, characteristics.py, combat.py,
    # ending.py), bound here as methods so that every module, effect and test says
    # `state.move(...)` whichever module holds it. The modules name MagicState only for
    # the type checker, so none imports this one: no import cycle (issue 14 §1), and a
    # bound function costs the same as a method written here.

    # turns
    live = turns.live
    next_seat = turns.next_seat
    apnap = turns.apnap
    opponents = turns.opponents
    flip_coin = turns.flip_coin
    start_game = turns.start_game
    begin_turn = turns.begin_turn
    begin_step = turns.begin_step
    finish_cleanup = turns.finish_cleanup
    next_step = turns.next_step
    declare_mulligan = turns.declare_mulligan
    next_mulligan = turns.next_mulligan
    bottom = turns.bottom
    next_bottom = turns.next_bottom
    next_opening = turns.next_opening

    # priority
    stops_here = priority.stops_here
    could_act_publicly = priority.could_act_publicly
    default_stop = priority.default_stop
    pass_priority = priority.pass_priority
    give_priority_to_active = priority.give_priority_to_active
    priority_action = priority.priority_action

    # casting
    available = casting.available
    priority_actions = casting.priority_actions
    cast_actions = casting.cast_actions
    triggers_on_cast = casting.triggers_on_cast
    can_pay_additional = casting.can_pay_additional
    x_values = casting.x_values
    targets_for = casting.targets_for
    can_activate = casting.can_activate
    defined_x = casting.defined_x
    play_land = casting.play_land
    cast = casting.cast
    activate = casting.activate
    mana_ability = casting.mana_ability
    pay_ability_costs = casting.pay_ability_costs
    new_stack_uid = casting.new_stack_uid
    free_actions = casting.free_actions

    # resolution
    resolve_top = resolution.resolve_top
    continue_resolution = resolution.continue_resolution
    finish_item = resolution.finish_item
    spell_done = resolution.spell_done
    stack_triggers = resolution.stack_triggers
    put_trigger = resolution.put_trigger
    trigger = resolution.trigger
    trigger_all = resolution.trigger_all
    ask_each = resolution.ask_each
    next_chooser = resolution.next_chooser
    carry_out_choice = resolution.carry_out_choice
    ref_name = resolution.ref_name
    find_item = resolution.find_item

    # zones
    zone_list = zones.zone_list
    move = zones.move
    _own = zones._own
    enter_battlefield = zones.enter_battlefield
    create_token = zones.create_token
    sacrifice = zones.sacrifice
    draw = zones.draw
    discard = zones.discard
    new_obj = zones.new_obj

    # characteristics
    power = characteristics.power
    toughness = characteristics.toughness
    statics_changed = characteristics.statics_changed
    anthem = characteristics.anthem
    has = characteristics.has
    keywords = characteristics.keywords
    new_stamp = characteristics.new_stamp
    life_gain_blocked = characteristics.life_gain_blocked
    sacrificeable = characteristics.sacrificeable
    mana_value = characteristics.mana_value

    # combat
    can_attack = combat.can_attack
    attack_actions = combat.attack_actions
    declare_attacker = combat.declare_attacker
    attackers_declared = combat.attackers_declared
    can_block = combat.can_block
    block_actions = combat.block_actions
    declare_blocker = combat.declare_blocker
    next_blocker = combat.next_blocker
    first_strike_in_combat = combat.first_strike_in_combat
    combat_damage = combat.combat_damage
    assign_attacker = combat.assign_attacker

    # ending
    state_based_actions = ending.state_based_actions
    lose = ending.lose
    win = ending.win
    leave = ending.leave
    end_game = ending.end_game
    finish_game = ending.finish_game
    end_match = ending.end_match
