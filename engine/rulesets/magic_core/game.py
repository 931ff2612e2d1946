"""magic-core's game state: what a match holds, and its hooks into the engine's core.

The core (engine/core/state.py) owns the machinery: the decision cache, the driver that
advances the pending steps (the game's mode, engine/rulesets/magic_core/steps.py, with
an item resolving and the choice it waits for above it, resolution.py), cloning by
`clone_plan`, and the frame of a view. The rules themselves are split by job into
modules whose functions are bound to `MagicState` as methods (see the end of the class);
state.py holds the match as data and declares those methods, so that the modules take
its `TableState` and never import this module, which sits on top of them.

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

from typing import ClassVar

from engine.core.clone import COPY, LIST, OBJ_LIST, SHARE, Plan, call, index_of, rebuilt
from engine.core.decision import Action, Label
from engine.core.rng import MatchRng
from engine.core.view import SeatView, ZoneView
from engine.rulesets.magic_core import (
    casting,
    characteristics,
    combat,
    ending,
    priority,
    resolution,
    turns,
    view,
    zones,
)
from engine.rulesets.magic_core.events import PlayerLeft
from engine.rulesets.magic_core.objects import Obj
from engine.rulesets.magic_core.state import TableState
from engine.rulesets.magic_core.steps import M_PRIORITY, M_STARTER
from engine.rulesets.magic_core.turn_shape import HAND_LIMIT, STEP_NAMES

__all__ = ["HAND_LIMIT", "M_PRIORITY", "STEP_NAMES", "MagicState"]


class MagicState(TableState):
    """A magic-core match: the players, the objects and where they are, the turn, and the
    pending steps: the mode the game is in (engine/rulesets/magic_core/steps.py) and,
    while an item resolves, its `Resolve` and the choice it waits for above it."""

    ruleset_id = "magic-core"
    empty_board = "No permanents"
    events_shown = view.EVENTS_SHOWN
    #: How `clone()` copies each attribute (engine/core/clone.py); unnamed ones are shared
    #: (numbers, strings, the card prototypes, the `Trigger`s, which never change).
    clone_plan: ClassVar[Plan] = {
        # The card index: cards in a library are shared, not copied: no rule changes a
        # card while it lies there, and both ways out (`draw`, `move`) give the state its
        # own copy first (`_own`). Most cards lie in the libraries, so a look-ahead copy
        # costs the table and the hands, not every card (docs/ai.md, "cheaper copies").
        # Every other card lies in a zone the plan copies (a player's hand, graveyard or
        # exile, the battlefield, the stack, limbo), so the index takes their copies from
        # the memo rather than walking every card of the match.
        "objs": index_of(Obj, "uid"),
        "players": OBJ_LIST,
        "battlefield": OBJ_LIST,
        "stack": OBJ_LIST,
        "pending": LIST,
        "limbo": OBJ_LIST,
        "anthem_srcs": OBJ_LIST,
        "rng": call("clone"),
        "series": COPY,
        "queue": LIST,
        "declared": LIST,
        "card_protos": SHARE,  # the match's cards: read only
        # after the cards: an item resolving (a `Resolve` step) gets the clone's card
        "steps": rebuilt(resolution.copy_steps),
    }

    def __init__(self, names: list[str], rng: MatchRng, best_of: int = 1):
        super().__init__(names, rng, best_of)
        self.steps.items.append(M_STARTER)  # the first mode: who starts (103.1)

    # -- the engine's hooks ----------------------------------------------------------

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

    def _header(self) -> tuple[int, str, int | None, dict[str, str]]:
        return view.header(self)

    def _viewer_notes(self, viewer: int | None) -> dict[str, str]:
        return view.viewer_notes(self, viewer)

    def _seat_view(self, seat: int, viewer: int | None) -> SeatView:
        return view.seat_view(self, seat, viewer)

    def _table_view(self, viewer: int | None) -> dict[str, ZoneView]:
        return view.table_view(self)

    def describe(self, action: Action) -> Label:
        return view.describe_action(self, action)

    # -- the rules, by job -----------------------------------------------------------
    # Each job's rules live in their own module as functions of the state (turns.py,
    # priority.py, casting.py, resolution.py, zones.py, characteristics.py, combat.py,
    # ending.py), bound here as methods so that every module, effect and test says
    # `state.move(...)` whichever module holds it. state.py declares each of them; the
    # modules take that `TableState` and none imports this one. A bound function costs
    # the same as a method written here.

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
    does_nothing = casting.does_nothing
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
    resolving_item = resolution.resolving
    stop_resolving = resolution.stop_resolving
    waiting_mode = resolution.waiting_mode
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
