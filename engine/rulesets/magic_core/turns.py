"""The turn's structure and the start of a game: turn order, the coin flip, mulligans
and opening hands (103), each step's turn-based actions (500-514)."""

from typing import TYPE_CHECKING

from engine.core import events as ev
from engine.rulesets.magic_core.objects import (
    LIBRARY,
    Obj,
)
from engine.rulesets.magic_core.steps import (
    M_ATTACKERS,
    M_BOTTOM,
    M_CLEANUP,
    M_MULLIGAN,
    M_NEXT_STEP,
    M_NEXT_TURN,
    M_OPENING,
    M_STARTER,
)
from engine.rulesets.magic_core.turn_shape import (
    ATTACKERS,
    BLOCKERS,
    CLEANUP,
    DAMAGE,
    DRAW,
    END,
    END_COMBAT,
    FIRST_DAMAGE,
    HAND_LIMIT,
    MAIN2,
    OPENING_HAND,
    UNTAP,
    UPKEEP,
)

if TYPE_CHECKING:
    from engine.rulesets.magic_core.state import TableState


def flip_coin(state: "TableState") -> None:
    """103.1: the first game's starting player is chosen by the winner of a coin flip
    (a die roll among more players)."""
    live = state.live()
    winner = live[state.rng.below(len(live))]
    state.events.append(ev.CoinFlipped(winner, state.names[winner]))
    state.chooser = state.asking = winner
    state.mode = M_STARTER


def start_game(state: "TableState", starter: int) -> None:
    """103.2-103.4: shuffle, 20 life, seven cards, then mulligans in turn order."""
    state.game_no += 1
    state.starter = state.active = starter
    state.ended = False
    state.turn = state.game_turn = 0
    state.battlefield, state.stack, state.pending = [], [], []
    state.statics_changed()
    owned: list[list[Obj]] = [[] for _ in state.players]
    # every card is reset: first made this state's own (a clone may share library cards)
    state.objs = {uid: obj.copy() for uid, obj in state.objs.items()}
    for obj in list(state.objs.values()):
        if obj.proto.token:
            del state.objs[obj.uid]
            continue
        obj.reset()
        obj.zone = LIBRARY
        obj.controller = obj.owner
        owned[obj.owner].append(obj)
    owned = [sorted(objs, key=lambda o: o.uid) for objs in owned]
    for player in state.players:
        gone = player.left  # who left before the first game began stays out
        player.reset()
        player.left = gone
        player.library, player.hand, player.graveyard, player.exile = (
            owned[player.seat],
            [],
            [],
            [],
        )
        state.rng.shuffle(player.library)
    state.events.append(ev.GameStarted(state.game_no, starter, state.names[starter]))
    for seat in state.apnap():
        state.draw(state.players[seat], OPENING_HAND)
    state.queue = state.apnap()
    state.declared = []
    state.mode = M_MULLIGAN
    state.asking = state.queue[0]


def live(state: "TableState") -> list[int]:
    return [p.seat for p in state.players if not p.left]


def next_seat(state: "TableState", seat: int) -> int:
    """The next player in turn order who is still in the game (turn order: by seat)."""
    n = len(state.players)
    for step in range(1, n + 1):
        candidate = (seat + step) % n
        if not state.players[candidate].left:
            return candidate
    return seat


def apnap(state: "TableState") -> list[int]:
    """101.4: active player first, then the others in turn order (101.4e: before the
    first turn the starting player counts as active)."""
    n = len(state.players)
    first = state.active
    return [s for i in range(n) if not state.players[s := (first + i) % n].left]


def opponents(state: "TableState", seat: int) -> list[int]:
    return [s for s in state.apnap() if s != seat]


def begin_turn(state: "TableState", seat: int) -> None:
    if state.players[seat].left:  # the starting player left before the first turn
        seat = state.next_seat(seat)
    state.turn_abandoned = False
    state.turn += 1
    state.game_turn += 1
    state.active = seat
    player = state.players[seat]
    player.land_plays = 0
    state.events.append(ev.TurnStarted(seat, player.name, state.turn))
    state.begin_step(UNTAP)


def begin_step(state: "TableState", step: int) -> None:
    """Each step's turn-based actions, then priority (or straight on, with none)."""
    state.step = step
    active = state.players[state.active]
    if step == UNTAP:  # 502: untap, and summoning sickness wears off
        for obj in state.battlefield:
            if obj.controller == state.active:
                obj.tapped = False
                obj.fresh = False
        state.mode = M_NEXT_STEP  # no player gets priority in the untap step
        return
    if step == UPKEEP:
        state.trigger_all("upkeep", state.active)
    elif step == DRAW:
        # 103.7a: in a two-player game the starting player skips the first draw;
        # 103.7c: in multiplayer nobody does.
        if not (len(state.players) == 2 and state.game_turn == 1):
            state.draw(active, 1)
    elif step == ATTACKERS:
        if state.attack_actions()[:-1]:
            state.mode = M_ATTACKERS
            state.asking = state.active
            return
    elif step == BLOCKERS:
        attacked = {o.attacking for o in state.battlefield if o.attacking >= 0}
        state.queue = [s for s in state.apnap() if s in attacked]
        state.next_blocker()
        return
    elif step in (FIRST_DAMAGE, DAMAGE):
        state.combat_damage(first=step == FIRST_DAMAGE)
    elif step == END:
        state.trigger_all("end_step", state.active)
    elif step == CLEANUP:
        excess = len(active.hand) - HAND_LIMIT
        if excess > 0:  # 514.1: discard down to the maximum hand size
            state.mode = M_CLEANUP
            state.asking = state.active
            return
        state.finish_cleanup()
        return
    state.give_priority_to_active()


def finish_cleanup(state: "TableState") -> None:
    """514.2: damage wears off and 'until end of turn' effects end."""
    for obj in state.battlefield:
        obj.damage = 0
        obj.deathtouched = False
        obj.pumps = []
    state.mode = M_NEXT_TURN


def next_step(state: "TableState") -> None:
    """106.4: the mana pools empty at the end of every step and phase."""
    for player in state.players:
        player.pool = [0, 0, 0, 0, 0, 0]
        player.creature_pool = [0, 0, 0, 0, 0, 0]
    step = state.step + 1
    attackers = any(o.attacking >= 0 for o in state.battlefield)
    if step == BLOCKERS and not attackers:
        step = END_COMBAT  # 508.8: no attackers, no blockers or damage steps
    if step == FIRST_DAMAGE and not state.first_strike_in_combat():
        step = DAMAGE  # 510.4: the first-strike step happens only when needed
    if step == MAIN2:
        for obj in state.battlefield:
            obj.clear_combat()  # 511.3: end of combat removes creatures from combat
    state.begin_step(step)


def declare_mulligan(state: "TableState", seat: int, mulligan: bool) -> None:
    """103.4: declared in turn order; the mulligans are then taken at once."""
    state.note(f"{state.names[seat]} {'takes a mulligan' if mulligan else 'keeps'}.")
    if mulligan:
        state.declared.append(seat)
    else:
        state.players[seat].kept = True
    state.next_mulligan()


def next_mulligan(state: "TableState") -> None:
    state.queue = [s for s in state.queue if s != state.asking] if state.queue else []
    if state.queue:
        state.asking = state.queue[0]
        return
    if state.declared:
        for seat in state.declared:  # carried out at once
            player = state.players[seat]
            player.mulligans += 1
            for card in player.hand:
                card.zone = LIBRARY
            player.library += player.hand
            player.hand = []
            state.rng.shuffle(player.library)
        for seat in state.declared:
            state.draw(state.players[seat], OPENING_HAND)
        state.queue, state.declared = list(state.declared), []
        state.asking = state.queue[0]
        return
    state.queue = [s for s in state.apnap() if state.players[s].mulligans]
    state.next_bottom(first=True)


def bottom(state: "TableState", seat: int, uids: list[int]) -> None:
    player = state.players[seat]
    for uid in uids:
        card = state.objs[uid]
        player.hand.remove(card)
        card.zone = LIBRARY
        player.library.insert(0, card)
    state.note(f"{player.name} puts {len(uids)} card(s) on the bottom of their library.")
    state.next_bottom()


def next_bottom(state: "TableState", first: bool = False) -> None:
    """London mulligan: after keeping, one card goes to the bottom per mulligan taken."""
    if not first and state.queue:
        state.queue.pop(0)
    while state.queue and not state.players[state.queue[0]].hand:
        state.queue.pop(0)
    if state.queue:
        state.mode = M_BOTTOM
        state.asking = state.queue[0]
        return
    # 103.5: once the mulligans are done, in turn order from the starting player, each
    # player may take the actions their opening hand allows (103.5a)
    state.queue = [
        s for s in state.apnap() if any(o.proto.opening_hand for o in state.players[s].hand)
    ]
    state.next_opening(first=True)


def next_opening(state: "TableState", first: bool = False) -> None:
    if not first and state.queue:
        state.queue.pop(0)
    if state.queue:
        state.mode = M_OPENING
        state.asking = state.queue[0]
        return
    state.begin_turn(state.starter)
