"""How an interaction about a running match is answered, declared where it is handled.

With several processes (issue 18) the process that receives an interaction may not be
the one that serves its match. It must then answer Discord within 3 seconds without
running the handler, by deferring, and the deferral fixes the answer's shape: a deferred
update (the answer will edit the clicked message) or a deferred message, private or
public (what the player sees at once, "thinking…", is already private or not). So each
command and component that concerns a match says which it is, next to its handler:
`extras={ROUTE: PRIVATE}` on an app command, `match_route = PRIVATE` on a DynamicItem.
`bot/routing.py` reads these; anything without one is never forwarded.
"""

from dataclasses import dataclass

#: The key of an app command's `extras` that holds its MatchRoute.
ROUTE = "cardhost_match_route"


@dataclass(frozen=True, slots=True)
class MatchRoute:
    """`update`: the answer edits the clicked message (a panel's choice); otherwise the
    answer is a new message, `ephemeral` (only the user sees it) or public."""

    update: bool = False
    ephemeral: bool = True


PRIVATE = MatchRoute()  # /hand, /match, "Look at a card": seen by the user alone
PUBLIC = MatchRoute(ephemeral=False)  # /board, /resign: the channel sees the answer
UPDATE = MatchRoute(update=True)  # a decision button or menu: the panel becomes the answer
