"""Option labels fitted to Discord's limits (80 characters on a button, 100 in a select
menu) without losing what tells them apart.

The engine labels an option in full, often as "Card: cost or condition: effect". Cut at
the limit, such a label loses its end, which is the effect: a trigger-order option read
"Banner of Valor: Whenever another Creature enters the field under your control:" and
nothing of what the trigger does. So a long label is shortened in the order that costs
the least meaning: the card's own name repeated in its text becomes "it"; sentences
after the effect's first go; the middle parts (a condition, a cost) are cut from their
end; then words leave from the middle of what is left. The head (the card, the move) and
the effect's opening words are kept as long as anything can be. Labels of one decision
that differ stay different after the cut.
"""

import dataclasses
from collections.abc import Iterator, Sequence

from bot.discord.components import BUTTONS_MAX
from engine import Decision, Option

BUTTON_LABEL_MAX = 80
SELECT_LABEL_MAX = 100
ELLIPSIS = "…"
_PART = ": "


def fit_labels(labels: Sequence[str], limit: int) -> list[str]:
    """Each label within `limit` characters, as `fit` shortens it, and labels that differ
    still differing (a later way of shortening is taken for one that would collide)."""
    fitted = [fit(label, limit) for label in labels]
    owner: dict[str, str] = {}  # fitted label -> the label it came from
    for index, (label, short) in enumerate(zip(labels, fitted, strict=True)):
        if owner.setdefault(short, label) == label:
            continue
        taken = next(
            (c for c in _candidates(label, limit) if len(c) <= limit and c not in owner), None
        )
        if taken is None:  # every way collides: a number keeps the two apart
            mark = f" #{index + 1}"
            taken = _cut_end(label, limit - len(mark)) + mark
        fitted[index] = taken
        owner[taken] = label
    return fitted


def fit(label: str, limit: int) -> str:
    """`label` within `limit` characters, shortened the least harmful way that fits."""
    if len(label) <= limit:
        return label
    for candidate in _candidates(label, limit):
        if len(candidate) <= limit:
            return candidate
    return _cut_end(label, limit)


def _candidates(label: str, limit: int) -> Iterator[str]:
    """Ways to shorten `label`, the most readable first (not all of them fit)."""
    head, _, rest = label.partition(_PART)
    if not rest:
        yield from _elisions("", label, limit)
        return
    rest = _own_name_as_it(head, rest)
    parts = rest.split(_PART)
    middle, effect = parts[:-1], parts[-1]
    lasts = list(dict.fromkeys((effect, _first_sentence(effect), _core(effect))))
    for last in lasts:
        yield _PART.join([head, *middle, last])
        if middle:
            room = limit - len(head) - len(_PART) - len(ELLIPSIS) - 1 - len(last)
            cut = _cut_words(_PART.join(middle), room)
            if cut:
                yield f"{head}{_PART}{cut}{ELLIPSIS} {last}"
    for last in reversed(lasts):  # the effect itself before an aside or a later sentence
        yield from _elisions(head + _PART, _PART.join([*middle, last.removesuffix(" …")]), limit)
    for last in lasts if middle else ():
        yield f"{head}{_PART}{ELLIPSIS} {last}"
    yield from _elisions("", label, limit)


def _elisions(kept: str, text: str, limit: int) -> Iterator[str]:
    """`kept` then `text` with words left out of its middle, keeping more of its start
    (where the effect begins) first, then other shares."""
    room = limit - len(kept) - len(ELLIPSIS) - 1
    for share in (0.75, 0.6, 0.9, 0.4, 0.25, 0.1):
        start = _cut_words(text, int(room * share))
        end = _last_words(text, room - len(start))
        if start and end and len(start) + len(end) < len(text):
            yield f"{kept}{start}{ELLIPSIS} {end}"


def _own_name_as_it(head: str, rest: str) -> str:
    """A card's name repeated in its own text reads "it" ("Return it to your hand")."""
    if len(head) < 4 or head not in rest:
        return rest
    return rest.replace(f"{head}'s", "its").replace(head, "it")


def _first_sentence(text: str) -> str:
    """The effect's first sentence, marked as cut when more follows."""
    end = text.find(". ")
    return text if end < 0 else text[: end + 1] + " " + ELLIPSIS


def _core(text: str) -> str:
    """The first sentence without a closing aside ("… (then choose a target)")."""
    sentence = _first_sentence(text).removesuffix(" " + ELLIPSIS)
    if sentence.endswith(")") and " (" in sentence:
        return sentence[: sentence.rindex(" (")] + " " + ELLIPSIS
    return sentence


def _cut_words(text: str, room: int) -> str:
    """The longest start of `text` that ends on a whole word and fits `room`."""
    if room <= 0:
        return ""
    if len(text) <= room:
        return text
    cut = text[:room]
    if text[room] not in " ,;:.":  # mid-word: back to the word's start
        cut = cut.rsplit(" ", 1)[0] if " " in cut else ""
    return cut.rstrip(" ,;:")


def _last_words(text: str, room: int) -> str:
    """The longest end of `text` that starts on a whole word and fits `room`."""
    if room <= 0:
        return ""
    if len(text) <= room:
        return text
    tail = text[-room - 1 :]
    return tail.split(" ", 1)[1] if " " in tail else ""


def _cut_end(text: str, limit: int) -> str:
    """The last resort: the start of `text`, marked as cut."""
    return text if len(text) <= limit else text[: limit - 1] + ELLIPSIS


def fit_options(decision: Decision | None, options: Sequence[Option]) -> list[Option]:
    """The decision's options with their labels fitted to what shows them: buttons when
    they are few and one is picked, else a select menu (`components.decision_view`)."""
    if decision is None:
        return list(options)
    buttons = not decision.multi and len(options) <= BUTTONS_MAX
    limit = BUTTON_LABEL_MAX if buttons else SELECT_LABEL_MAX
    labels = fit_labels([o.label for o in options], limit)
    return [
        o if o.label == label else dataclasses.replace(o, label=label)
        for o, label in zip(options, labels, strict=True)
    ]
