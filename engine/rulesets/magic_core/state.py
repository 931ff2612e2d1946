"""The magic-core table as data, and the rules every job module provides.

`TableState` holds a match: the players, every object by uid and where it is, the stack,
the turn and the queue of players to ask. The rules are split by job into modules of
functions of the state (turns.py, priority.py, casting.py, resolution.py, zones.py,
characteristics.py, combat.py, ending.py), and they call one another as methods of the
state (`state.move(...)`, `state.trigger(...)`) whichever module holds them: the jobs
depend on one another both ways, which plain imports between them would make a circle.
So `TableState` declares every such method, by name and signature, and imports none of
the modules; each module takes a `TableState`; game.py's `MagicState` binds the modules'
functions to those names (a bound function costs the same as a method written in place)
and gives the core its hooks. mypy checks each binding against its declaration.
"""

from abc import abstractmethod
from typing import Any

from engine.core import events as ev
from engine.core.decision import Action
from engine.core.events import Note
from engine.core.rng import MatchRng
from engine.core.series import Series
from engine.core.state import GameState
from engine.core.steps import Step, Steps
from engine.rulesets.magic_core.cards import Ability, Cost, Proto
from engine.rulesets.magic_core.objects import Choice, Obj, Player, StackItem, Trigger
from engine.rulesets.magic_core.turn_shape import UNTAP


class TableState(GameState):
    """A magic-core match as data, and the declared rules (bound by `game.MagicState`)."""

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
        #: The mode (game.MagicState puts the first one); above it, a resolution and its
        #: choice.
        self.steps = Steps()
        self.asking = 0  # the player a non-priority decision is for
        self.queue: list[int] = []  # players still to declare (mulligan, bottom, blockers ...)
        self.declared: list[int] = []  # mulligans declared this round (103.4)
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

    @property
    def mode(self) -> Step:
        """What the game waits for: the top step (the core's driver advances it, its
        decision is the open one, an action goes to it). Set only while no item resolves
        (the turn's rules, priority): it replaces the top; a resolution pushes its
        choices above itself instead (resolution.py)."""
        return self.steps.items[-1]

    @mode.setter
    def mode(self, step: Step) -> None:
        self.steps.items[-1] = step

    def note(self, text: str) -> None:
        self.events.append(Note(text))

    # -- players and order ---------------------------------------------------------

    @property
    def n_live(self) -> int:
        return sum(1 for p in self.players if not p.left) if self.left_any else len(self.players)

    # -- the rules, declared here and bound in game.MagicState --------------------

    # turns.py

    @abstractmethod
    def live(self) -> list[int]: ...

    @abstractmethod
    def next_seat(self, seat: int) -> int: ...

    @abstractmethod
    def apnap(self) -> list[int]: ...

    @abstractmethod
    def opponents(self, seat: int) -> list[int]: ...

    @abstractmethod
    def flip_coin(self) -> None: ...

    @abstractmethod
    def start_game(self, starter: int) -> None: ...

    @abstractmethod
    def begin_turn(self, seat: int) -> None: ...

    @abstractmethod
    def begin_step(self, step: int) -> None: ...

    @abstractmethod
    def finish_cleanup(self) -> None: ...

    @abstractmethod
    def next_step(self) -> None: ...

    @abstractmethod
    def declare_mulligan(self, seat: int, mulligan: bool) -> None: ...

    @abstractmethod
    def next_mulligan(self) -> None: ...

    @abstractmethod
    def bottom(self, seat: int, uids: list[int]) -> None: ...

    @abstractmethod
    def next_bottom(self, first: bool = False) -> None: ...

    @abstractmethod
    def next_opening(self, first: bool = False) -> None: ...

    # priority.py

    @abstractmethod
    def stops_here(self, seat: int) -> bool: ...

    @abstractmethod
    def could_act_publicly(self, seat: int) -> bool: ...

    @abstractmethod
    def default_stop(self, seat: int) -> bool: ...

    @abstractmethod
    def pass_priority(self) -> None: ...

    @abstractmethod
    def give_priority_to_active(self) -> None: ...

    @abstractmethod
    def priority_action(self, seat: int, action: Action) -> None: ...

    # casting.py

    @abstractmethod
    def available(self, seat: int, creature_spell: bool = False) -> list[int]: ...

    @abstractmethod
    def priority_actions(self, seat: int) -> list[Action]: ...

    @abstractmethod
    def cast_actions(self, seat: int, card: Obj, avail: list[int]) -> list[Action]: ...

    @abstractmethod
    def triggers_on_cast(self, seat: int) -> bool: ...

    @abstractmethod
    def does_nothing(self, seat: int, action: Action) -> bool: ...

    @abstractmethod
    def can_pay_additional(self, seat: int, proto: Proto) -> bool: ...

    @abstractmethod
    def x_values(self, cost: Cost, avail: list[int], life: int = 0) -> list[int]: ...

    @abstractmethod
    def targets_for(self, word: str | None, seat: int, source: int) -> list[Any] | None: ...

    @abstractmethod
    def can_activate(self, seat: int, obj: Obj, ability: Ability, sorcery_time: bool) -> bool: ...

    @abstractmethod
    def defined_x(self, proto: Proto, seat: int) -> int: ...

    @abstractmethod
    def play_land(self, seat: int, card: Obj) -> None: ...

    @abstractmethod
    def cast(self, seat: int, uid: int, x: int, target: Any, free: bool = False) -> None: ...

    @abstractmethod
    def activate(self, seat: int, obj: Obj, index: int, x: int, target: Any) -> None: ...

    @abstractmethod
    def mana_ability(self, seat: int, obj: Obj, index: int, colour: str) -> None: ...

    @abstractmethod
    def pay_ability_costs(self, seat: int, obj: Obj, ability: Ability, x: int) -> None: ...

    @abstractmethod
    def new_stack_uid(self) -> int: ...

    @abstractmethod
    def free_actions(self, seat: int, limit: int) -> list[Action]: ...

    # resolution.py

    @abstractmethod
    def resolve_top(self) -> None: ...

    @abstractmethod
    def resolving_item(self) -> StackItem | None: ...

    @abstractmethod
    def stop_resolving(self, seat: int | None = None) -> bool: ...

    @abstractmethod
    def waiting_mode(self) -> Step: ...

    @abstractmethod
    def finish_item(self, item: StackItem) -> None: ...

    @abstractmethod
    def spell_done(self, item: StackItem) -> None: ...

    @abstractmethod
    def stack_triggers(self) -> None: ...

    @abstractmethod
    def put_trigger(self, trig: Trigger, target: Any) -> None: ...

    @abstractmethod
    def trigger(self, obj: Obj, when: str, controller: int | None = None) -> None: ...

    @abstractmethod
    def trigger_all(self, when: str, seat: int) -> None: ...

    @abstractmethod
    def ask_each(self, kind: str, counts: dict[int, int]) -> None: ...

    @abstractmethod
    def next_chooser(self, step: Any) -> None: ...

    @abstractmethod
    def carry_out_choice(self, choice: Choice) -> None: ...

    @abstractmethod
    def ref_name(self, ref: Any) -> str: ...

    @abstractmethod
    def find_item(self, uid: int) -> StackItem | None: ...

    # zones.py

    @abstractmethod
    def zone_list(self, obj: Obj) -> list | None: ...

    @abstractmethod
    def move(self, obj: Obj, zone: str) -> bool: ...

    @abstractmethod
    def _own(self, obj: Obj) -> Obj: ...

    @abstractmethod
    def enter_battlefield(self, obj: Obj, controller: int, x: int = 0) -> None: ...

    @abstractmethod
    def create_token(self, proto: Proto, seat: int) -> Obj: ...

    @abstractmethod
    def sacrifice(self, obj: Obj) -> None: ...

    @abstractmethod
    def draw(self, player: Player, count: int) -> None: ...

    @abstractmethod
    def discard(self, player: Player, cards: list[Obj]) -> None: ...

    @abstractmethod
    def new_obj(self, proto: Proto, owner: int, zone: str) -> Obj: ...

    # characteristics.py

    @abstractmethod
    def power(self, obj: Obj) -> int: ...

    @abstractmethod
    def toughness(self, obj: Obj) -> int: ...

    @abstractmethod
    def statics_changed(self) -> None: ...

    @abstractmethod
    def anthem(self, obj: Obj) -> tuple[int, int, frozenset]: ...

    @abstractmethod
    def has(self, obj: Obj, keyword: str) -> bool: ...

    @abstractmethod
    def keywords(self, obj: Obj) -> set[str]: ...

    @abstractmethod
    def new_stamp(self) -> int: ...

    @abstractmethod
    def life_gain_blocked(self) -> bool: ...

    @abstractmethod
    def sacrificeable(self, seat: int) -> list[Obj]: ...

    @abstractmethod
    def mana_value(self, obj: Obj | StackItem) -> int: ...

    # combat.py

    @abstractmethod
    def can_attack(self, obj: Obj) -> bool: ...

    @abstractmethod
    def attack_actions(self) -> list[Action]: ...

    @abstractmethod
    def declare_attacker(self, uid: int, seat: int) -> None: ...

    @abstractmethod
    def attackers_declared(self) -> None: ...

    @abstractmethod
    def can_block(self, blocker: Obj, attacker: Obj) -> bool: ...

    @abstractmethod
    def block_actions(self, seat: int) -> list[Action]: ...

    @abstractmethod
    def declare_blocker(self, blocker: int, attacker: int) -> None: ...

    @abstractmethod
    def next_blocker(self) -> None: ...

    @abstractmethod
    def first_strike_in_combat(self) -> bool: ...

    @abstractmethod
    def combat_damage(self, first: bool) -> None: ...

    @abstractmethod
    def assign_attacker(self, obj: Obj, power: int) -> list[tuple[Obj, Any, int]]: ...

    # ending.py

    @abstractmethod
    def state_based_actions(self) -> None: ...

    @abstractmethod
    def lose(self, seat: int, why: str) -> None: ...

    @abstractmethod
    def win(self, seat: int) -> None: ...

    @abstractmethod
    def leave(self, seat: int, why: str) -> None: ...

    @abstractmethod
    def end_game(self, winner: int | None, reason: str, match_too: bool = False) -> None: ...

    @abstractmethod
    def finish_game(self) -> None: ...

    @abstractmethod
    def end_match(self, winner: int | None) -> None: ...
