"""State-based actions (704), losing, winning and leaving (104, 800.4a), and the end of a
game and of the match."""

from typing import TYPE_CHECKING

from engine.core import events as ev
from engine.rulesets.magic_core.events import PlayerLeft
from engine.rulesets.magic_core.objects import (
    GONE,
    GRAVEYARD,
)
from engine.rulesets.magic_core.steps import (
    M_BLOCKERS,
    M_BOTTOM,
    M_MULLIGAN,
    M_NEXT_TURN,
    M_OPENING,
    M_ORDER,
    M_OVER,
    M_PRIORITY,
    M_STARTER,
    M_TRIGGER,
    Choose,
    Free,
    XChoice,
)

if TYPE_CHECKING:
    from engine.rulesets.magic_core.state import TableState

POISON_LOSS = 10  # 104.3d


def state_based_actions(state: "TableState") -> None:
    """704.3: check, perform all at once, and repeat until none apply."""
    while not state.ended:
        losers = []
        for p in state.players:
            if p.left:
                continue
            if p.life <= 0:
                losers.append((p, "0 or less life (104.3b)"))
            elif p.drew_empty:
                losers.append((p, "drew from an empty library (104.3c)"))
            elif p.poison >= POISON_LOSS:
                losers.append((p, "ten poison counters (104.3d)"))
        if losers:
            if len(losers) == len(state.live()):  # 104.4a: all remaining lose at once
                for p, why in losers:
                    state.note(f"{p.name} loses: {why}.")
                state.end_game(None, "all remaining players lost at once (104.4a)")
                return
            for p, why in losers:
                state.lose(p.seat, why)
            continue
        # damage, deathtouch or a lost static bonus can kill; nothing else lowers
        # toughness, so the battlefield is looked at only after one of those (704.5f-h)
        dying = []
        if state.maybe_dying:
            state.maybe_dying = False
            dying = [
                o
                for o in state.battlefield
                if o.proto.is_creature
                and (o.deathtouched or o.damage >= state.toughness(o) or state.toughness(o) <= 0)
            ]
        gone, state.limbo = state.limbo, []
        if not dying and not gone:
            return
        for obj in dying:
            state.note(f"{obj.name} dies.")
            state.move(obj, GRAVEYARD)
        for token in gone:  # 111.7: a token outside the battlefield ceases to exist
            zone = state.zone_list(token)
            if zone is not None and token in zone:
                zone.remove(token)
            token.zone = GONE
            state.objs.pop(token.uid, None)


def lose(state: "TableState", seat: int, why: str) -> None:
    """104.3: the player loses and leaves (104.5); the last one in the game wins (104.2a)."""
    state.note(f"{state.names[seat]} loses the game: {why}.")
    live = state.live()
    if len(live) <= 2:
        others = [s for s in live if s != seat]
        state.players[seat].left = state.left_any = True
        state.end_game(others[0] if others else None, f"{state.names[seat]} lost")
    else:
        state.leave(seat, why)


def win(state: "TableState", seat: int) -> None:
    """104.2b: an effect says a player wins; 104.3f: if that player also meets a losing
    condition at that moment, they lose instead."""
    p = state.players[seat]
    if p.life <= 0 or p.drew_empty or p.poison >= POISON_LOSS:
        state.note(f"{p.name} would win and lose at once, so loses (104.3f).")
        state.lose(seat, "won and lost at once (104.3f)")
        return
    state.end_game(seat, "an effect says so (104.2b)")


def leave(state: "TableState", seat: int, why: str) -> None:
    """800.4a (via 104.5): a player who leaves takes everything they own with them; spells
    and abilities they control leave the stack. Ruling: if it was their turn, the rest of
    the turn is skipped and the next player begins a turn."""
    player = state.players[seat]
    player.left = True
    state.left_any = True
    state.events.append(PlayerLeft(player.name, why))
    for obj in list(state.battlefield):
        if obj.owner == seat or obj.controller == seat:
            state.battlefield.remove(obj)
            obj.zone = GONE
    for zone in (player.hand, player.library, player.graveyard, player.exile):
        for obj in zone:  # 800.4a: every object they own leaves, wherever it is
            obj.zone = GONE
        zone.clear()
    player.pool = [0, 0, 0, 0, 0, 0]
    player.creature_pool = [0, 0, 0, 0, 0, 0]
    state.statics_changed()
    for obj in state.battlefield:
        if obj.attacking == seat:
            obj.clear_combat()
    state.stack = [
        i for i in state.stack if i.controller != seat and (i.card is None or i.card.owner != seat)
    ]
    state.pending = [t for t in state.pending if t.controller != seat]
    live = state.live()
    if len(live) == 1:
        state.end_game(live[0], "the last player in the game (104.2a)")
        return
    if seat == state.active and state.mode not in (M_STARTER, M_MULLIGAN, M_BOTTOM, M_OPENING):
        # Ruling R8: the turn goes on without an active player while the other players'
        # spells and abilities (which stay, 800.4a removes only the leaver's) resolve,
        # priority starting with the next player in turn order; once the stack is
        # empty and all pass, the rest of the turn is skipped.
        for obj in state.battlefield:
            obj.clear_combat()
        state.stop_resolving()  # what was resolving stops, with the choice it waited for
        state.queue = []
        if not state.stack and not state.pending:
            state.mode = M_NEXT_TURN
            return
        state.turn_abandoned = True
        state.mode = M_PRIORITY
        state.passes = 0
        state.priority = state.next_seat(seat)
        return
    # their spell or ability stops resolving with them, and the choice it waited for
    waiting = state.mode
    if state.stop_resolving(seat) and isinstance(waiting, Choose | Free | XChoice):
        state.queue = []
        state.give_priority_to_active()
    # what the game waits for (a rule in the middle of an effect: the mode below it)
    mode = state.waiting_mode()
    state.queue = [s for s in state.queue if s != seat]
    if mode == M_PRIORITY:
        if state.priority == seat:
            state.priority = state.next_seat(seat)
        state.passes = 0
    elif mode == M_BLOCKERS and state.asking == seat:
        state.next_blocker()
    elif mode in (M_TRIGGER, M_ORDER) and state.asking == seat:
        state.mode = M_PRIORITY
    elif isinstance(mode, Choose):
        mode.choice.count.pop(seat, None)
        mode.choice.picked.pop(seat, None)
        if state.asking == seat:
            state.next_chooser(mode)  # the last chooser gone: the resolution goes on
    elif isinstance(mode, Free) and state.asking == seat:
        state.steps.remove(mode)  # they cast nothing: the resolution goes on
    # (X is chosen by the resolving item's controller, whose resolution stopped above)
    elif mode == M_MULLIGAN:
        state.declared = [s for s in state.declared if s != seat]
        if state.asking == seat:
            state.next_mulligan()
    elif mode == M_BOTTOM and state.asking == seat:
        state.next_bottom(first=True)  # the queue no longer holds them: nobody is skipped
    elif mode == M_OPENING and state.asking == seat:
        state.next_opening(first=True)
    elif mode == M_STARTER and state.asking == seat:
        state.chooser = state.asking = live[0]


def end_game(state: "TableState", winner: int | None, reason: str, match_too: bool = False) -> None:
    if state.ended:
        return
    state.ended = True
    state.game_winner = winner
    if winner is None:
        state.note(f"Game {state.game_no} is a draw: {reason}.")
    else:
        state.series.won_game(winner)
        state.events.append(ev.GameOver(state.game_no, winner, state.names[winner], reason))
    if match_too:
        state.end_match(winner)


def finish_game(state: "TableState") -> None:
    """After a game: the match ends, or the next game starts with the previous game's
    loser (103.1); after a draw the previous chooser chooses again."""
    state._decisions = None
    if state.over:
        return
    del state.steps.items[1:]  # nothing of the ended game stays pending: only its mode
    winner = state.game_winner
    champion = state.series.champion()
    if champion is not None:
        state.end_match(champion)
        return
    if state.series.best_of == 1:
        state.end_match(winner)
        return
    for player in state.players:
        player.left = False
    state.left_any = False
    if winner is None:
        state.asking = state.chooser
        state.mode = M_STARTER
        state.ended = False
        return
    state.start_game(1 - winner)  # best-of is two-player only


def end_match(state: "TableState", winner: int | None) -> None:
    state.ended = True
    state.over = True
    state.winner = winner
    state.steps.items[:] = [M_OVER]  # nothing stays pending, a resolution neither
    if winner is None:
        state.note("The match is a draw.")
    else:
        score = state.series.score(winner)
        state.events.append(ev.MatchOver(winner, state.names[winner], score))
