"""What a player cannot see: each ruleset's declaration of it (`HiddenZones`), and its
re-dealing for agents that search (engine/agents/search.py).

A search agent must not read the real hidden state. Before each of its imagined games it
takes a copy of the state and gives every card the player cannot see a new identity,
drawn from the cards that could be there: each group of hidden slots (an opponent's hand
and deck together, the player's own deck, a face-down pile) keeps its cards' slots and
sizes, which the player sees, and has its printed cards shuffled among them.

The new identities come from the group's printed cards sorted by id and shuffled with
the agent's own generator, so the result depends only on which cards the group holds
between its slots, never on which slot holds which: swapping two hidden cards of an
opponent leaves every imagined game as it was (tests/agents/test_search.py).

Known cards a group holds (an opponent's card that went back to their hand in plain
sight) are re-dealt like the rest: a simplification that costs the agent knowledge it
had, never gives it knowledge it lacked.
"""

import dataclasses
import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any

#: (hand card, pile card) -> True when the other players cannot tell the two apart
Alike = Callable[[Any, Any], bool]


def _any_two(held: Any, lying: Any) -> bool:
    """One face-down pile of one back: any card of it could be any other."""
    return True


def _none(card: Any) -> bool:
    return False


@dataclasses.dataclass(frozen=True, slots=True)
class HiddenZones:
    """What one seat holds out of the other players' sight, as its ruleset declares it
    (`Ruleset.hidden_zones`). One declaration serves everything that must respect hidden
    information: `determinize` re-deals from it (`unseen_groups`), and the contract suite
    checks no view shows it and no other player's prompt depends on it (tests/contract/).

    The lists are the state's own, so a caller may rearrange cards in place."""

    #: The seat's hand: cards only it sees, but for those `announced`.
    hand: list[Any] = dataclasses.field(default_factory=list)
    #: Face-down piles the hand is drawn from: a card of the hand could as well lie
    #: there, as far as the others know. A pile shared by every seat is listed by each.
    draw_piles: Sequence[list[Any]] = ()
    #: Other face-down piles nobody sees into, this seat included (a crystal collection,
    #: health and armor piles): re-dealt among themselves.
    face_down: Sequence[list[Any]] = ()
    #: Whether the others cannot tell a hand card from a draw-pile card: any two by
    #: default, not two whose backs differ or one whose way into the hand was public.
    alike: Alike = _any_two
    #: A hand card the others know (one being cast, which its prompt names).
    announced: Callable[[Any], bool] = _none

    def secret_hand(self) -> list[Any]:
        return [card for card in self.hand if not self.announced(card)]

    def piles(self) -> list[list[Any]]:
        return [*self.draw_piles, *self.face_down]


def unseen_groups(zones: Sequence[HiddenZones], viewer: int) -> list[list[Any]]:
    """The groups `redeal` shuffles for `viewer`, from every seat's declaration (by seat):
    their own draw piles and face-down piles one by one (they know what is in them, not in
    which order), each other seat's hand together with that seat's draw piles (which
    cards are where is unknown), the other face-down piles one by one. A pile shared by
    seats counts once, where it is first named."""
    groups: list[list[Any]] = []
    counted: set[int] = set()

    def fresh(piles: Iterable[list[Any]]) -> list[list[Any]]:
        found = [pile for pile in piles if id(pile) not in counted]
        counted.update(id(pile) for pile in found)
        return found

    for seat, held in enumerate(zones):
        draws = fresh(held.draw_piles)
        if seat == viewer:
            groups += draws
        else:
            groups.append([*held.secret_hand(), *(card for pile in draws for card in pile)])
        groups += fresh(held.face_down)
    return groups


def unseen_cards(zones: Sequence[HiddenZones], viewer: int) -> list[Any]:
    """Every card `viewer` cannot see, once each: every face-down pile (by seat, in the
    order declared), then the other seats' hands."""
    counted: set[int] = set()
    cards: list[Any] = []
    for held in zones:
        for pile in held.piles():
            if id(pile) not in counted:
                counted.add(id(pile))
                cards += pile
    for seat, held in enumerate(zones):
        if seat != viewer:
            cards += held.secret_hand()
    return cards


def proto_key(proto: Any) -> str:
    """How printed cards sort before a shuffle: by id, so the order is the same however
    the real cards lie."""
    return str(proto.id)


def redeal(
    groups: Iterable[Sequence[Any]],
    rng: random.Random,
    *,
    refresh: Callable[[Any], None] | None = None,
) -> None:
    """Shuffle the printed cards (`.proto`) of each group among its card objects, in place;
    `refresh(card)` then resets what a card derives from its proto (printed stats)."""
    for group in groups:
        if not group:
            continue
        protos = sorted((card.proto for card in group), key=proto_key)
        rng.shuffle(protos)
        for card, proto in zip(group, protos, strict=True):
            card.proto = proto
            if refresh is not None:
                refresh(card)


def group_by(cards: Iterable[Any], key: Callable[[Any], Any]) -> list[list[Any]]:
    """Cards in groups by `key` (a Mage Wars deck name), groups in order of first sight."""
    groups: dict[Any, list[Any]] = {}
    for card in cards:
        groups.setdefault(key(card), []).append(card)
    return list(groups.values())
