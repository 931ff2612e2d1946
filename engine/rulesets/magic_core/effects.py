"""What each effect kind does as its spell or ability resolves.

Rule 101.3 runs through all of it: the part of an instruction that cannot be done (a
target that is gone, a card to discard from an empty hand, a creature to sacrifice when
there is none) is simply not done, and the rest still happens.
"""

from collections.abc import Set as AbstractSet
from typing import TYPE_CHECKING, Any

from engine.core import events as ev
from engine.rulesets.magic_core.cards import MANA, protos
from engine.rulesets.magic_core.objects import (
    BATTLEFIELD,
    EXILE,
    GRAVEYARD,
    HAND,
    Obj,
    Player,
    StackItem,
)
from engine.rulesets.magic_core.steps import Free

if TYPE_CHECKING:
    from engine.rulesets.magic_core.state import TableState


def amount_of(state: "TableState", item: "StackItem", value: Any) -> int:
    """107.3a/c/e: X is the announced value, or what the card's text defines; 107.1a: half
    of X is rounded down, as the card says."""
    if value != "X" and value != "half_X":
        return value
    proto = item.proto
    if item.is_spell and proto.x_is is not None and not proto.cost[7]:
        x = state.defined_x(proto, item.controller)  # 107.3e: X only in the text
    else:
        x = item.x
    return x // 2 if value == "half_X" else x


def source_of(state: "TableState", item: "StackItem") -> Obj | None:
    """The object that makes the effect: the spell's card, or the ability's source."""
    return item.card if item.is_spell else item.source


def players_of(state: "TableState", item: "StackItem", word: str) -> list[Player]:
    seat = item.controller
    if word == "you":
        seats = [seat]
    elif word == "each_opponent":
        seats = state.opponents(seat)
    elif word == "each_player":
        seats = state.apnap()
    elif isinstance(item.target, str):
        seats = [int(item.target[1:])]
    else:
        seats = []
    return [state.players[s] for s in seats if not state.players[s].left]


def objects_of(state: "TableState", item: "StackItem", word: str) -> list[Obj]:
    seat = item.controller
    if word == "self":
        source = item.source
        obj = state.objs.get(source.uid) if source is not None else None
        # 113.7a: the source acts only if it is still there (101.3 otherwise)
        return [obj] if obj is not None and obj.zone == BATTLEFIELD else []
    creatures = [o for o in state.battlefield if o.proto.is_creature]
    if word == "each_creature":
        return creatures
    if word == "each_other_creature":
        source = item.source
        return [o for o in creatures if source is None or o.uid != source.uid]
    if word == "your_creatures":
        return [o for o in creatures if o.controller == seat]
    if word == "opponent_creatures":
        return [o for o in creatures if o.controller != seat]
    if isinstance(item.target, int):
        obj = state.objs.get(item.target)
        if obj is not None and obj.zone == BATTLEFIELD:
            return [obj]
    return []


def resolve(state: "TableState", item: "StackItem", effect: Any) -> None:
    """Carry out one effect model; typed Any: it branches on `kind`, which the type
    checker does not narrow the effect union by."""
    kind = effect.kind
    word = getattr(effect, "target", "you")
    n = amount_of(state, item, getattr(effect, "amount", 1))
    if kind == "damage":
        source = source_of(state, item)
        for player in (
            players_of(state, item, word)
            if word != "target_any" or isinstance(item.target, str)
            else []
        ):
            deal_damage(state, source, player, n)
        if word not in ("you", "each_opponent", "each_player", "target_player", "target_opponent"):
            for obj in objects_of(state, item, word):
                deal_damage(state, source, obj, n)
    elif kind == "gain_life":
        for player in players_of(state, item, word):
            gain_life(state, player, n)
    elif kind == "lose_life":
        for player in players_of(state, item, word):
            player.life -= n
            state.note(f"{player.name} loses {n} life ({player.life}).")
    elif kind == "draw":
        for player in players_of(state, item, word):
            state.draw(player, n)
    elif kind == "mill":
        for player in players_of(state, item, word):
            for _ in range(min(n, len(player.library))):
                state.move(player.library[-1], GRAVEYARD)
    elif kind == "poison":
        for player in players_of(state, item, word):
            player.poison += n
            state.note(f"{player.name} gets {n} poison counter(s) ({player.poison}).")
    elif kind in ("discard", "sacrifice"):
        counts = {p.seat: n for p in players_of(state, item, word)}
        state.ask_each(kind, counts)
    elif kind in ("destroy", "exile", "bounce"):
        zone = {"destroy": GRAVEYARD, "exile": EXILE, "bounce": HAND}[kind]
        for obj in objects_of(state, item, word):
            state.note(f"{obj.name} is {'destroyed' if kind == 'destroy' else kind + 'd'}.")
            state.move(obj, zone)
    elif kind in ("tap", "untap"):
        for obj in objects_of(state, item, word):
            obj.tapped = kind == "tap"
    elif kind == "pump":
        power = amount_of(state, item, effect.power)
        toughness = amount_of(state, item, effect.toughness)
        for obj in objects_of(state, item, word):
            added, lost = frozenset(effect.keywords), frozenset(effect.lose_keywords)
            obj.pumps.append((power, toughness, added, lost, state.new_stamp()))
            change = f"gets +{power}/+{toughness}"
            if lost:
                change += f" and loses {', '.join(sorted(lost))}"
            state.events.append(ev.StatsChanged(obj.name, change))
    elif kind == "counters":
        for obj in objects_of(state, item, word):
            obj.counters += n
            state.events.append(ev.StatsChanged(obj.name, f"gets {n} +1/+1 counter(s)"))
    elif kind == "create_token":
        proto = (state.card_protos or protos())[effect.token]
        for _ in range(n):
            state.create_token(proto, item.controller)
        if n:
            state.note(f"{state.names[item.controller]} creates {n} {proto.name} token(s).")
    elif kind == "add_mana":
        add_mana(state, item.controller, effect.mana, effect.creature_spells_only)
    elif kind == "counter":
        target = state.find_item(item.target)
        if target is not None:
            state.stack.remove(target)
            state.note(f"{target.name} is countered.")
            state.spell_done(target)
    elif kind == "copy_spell":
        copy_spell(state, item)
    elif kind == "win_game":
        for player in players_of(state, item, word):
            state.win(player.seat)
            return
    elif kind == "lose_game":
        for player in players_of(state, item, word):
            if not state.ended:
                state.lose(player.seat, "an effect says so (104.3e)")
    elif kind == "draw_game":
        state.end_game(None, "an effect says the game is a draw (104.4c)")
    elif kind == "return_self":
        source = item.source
        card = state.objs.get(source.uid) if source is not None else None
        # 113.7a/101.3: only if the card is still in the graveyard it was activated from
        if card is not None and card.zone == GRAVEYARD:
            state.move(card, HAND)
            state.note(f"{card.name} returns to {state.names[card.owner]}'s hand.")
    elif kind == "free_cast":
        # R14 (no tells): asked whenever the hand holds a card, castable or not; asking
        # only when one qualifies would tell the others what the hand holds
        if state.players[item.controller].hand:
            state.steps.push(Free(effect.amount))  # the resolution goes on once decided
            state.asking = item.controller
    else:  # the schema allows nothing else
        raise AssertionError(f"unknown effect {kind}")


def copy_spell(state: "TableState", item: "StackItem") -> None:
    """112.1a: a copy of a spell is a spell; 112.2: its owner is whoever put it on the
    stack. It copies the X and target (ruling: no new target is chosen)."""
    original = state.find_item(item.target)
    if original is None:
        return
    twin = StackItem(  # no card: a copy is not a card (112.1a) and moves with none
        state.new_stack_uid(),
        True,
        original.proto,
        item.controller,
        original.effects,
        original.target_word,
        original.target,
        original.x,
        None,  # a copy is not a card (112.1a): it moves with no card
        copy=True,
    )
    state.stack.append(twin)
    state.note(f"{state.names[item.controller]} copies {original.name}.")


def add_mana(state: "TableState", seat: int, mana: str, creature_only: bool = False) -> None:
    player = state.players[seat]
    pool = player.creature_pool if creature_only else player.pool  # 106.6
    for symbol in mana:
        if symbol in MANA:
            pool[MANA.index(symbol)] += 1
        # 106.5: mana of an undefined type makes no mana at all


def gain_life(state: "TableState", player: Player, n: int) -> None:
    if n <= 0:
        return
    if state.life_gain_blocked():  # 101.2: "can't" beats "can"
        state.note(f"{player.name} can't gain life.")
        return
    player.life += n
    state.events.append(ev.Healed(player.name, n, player.life))


def deal_damage(
    state: "TableState", source: Obj | None, target: Obj | Player, amount: int, combat: bool = False
) -> None:
    """Damage to a player is life loss; to a creature it is marked (120). Deathtouch and
    lifelink work for any damage their source deals."""
    if amount <= 0:
        return
    name = source.name if source is not None else ""
    on_field = source is not None and source.zone == BATTLEFIELD
    words: AbstractSet[str] = set()
    if source is not None:
        words = state.keywords(source) if on_field else source.proto.keywords
    if isinstance(target, Player):
        target.life -= amount
        state.events.append(ev.Damaged(target.name, amount, target.life, name))
    else:
        target.damage += amount
        state.maybe_dying = True
        if "deathtouch" in words:
            target.deathtouched = True
        left = max(0, state.toughness(target) - target.damage)
        state.events.append(ev.Damaged(target.name, amount, left, name))
    if "lifelink" in words and source is not None:
        gain_life(state, state.players[source.controller], amount)
