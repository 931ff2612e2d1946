"""Named crash points: moments where a crash would hurt most, for the crash test to aim at.

The product only names the moments; `crash_point(name)` calls `hook` when one is installed
and costs one comparison when none is (always, outside the crash test). The crash test's
bot process installs a hook that SIGKILLs itself there (cardhost_devtools.crashpoints),
so no kill logic ships with the product. The points:

- ``committed``: an action is committed (its log row is in the database) and nobody has
  been told yet: not the clicker, not the board, not the other players;
- ``accepted``: a challenge was accepted and the match is stored, before its board and
  panels are posted;
- ``board``: a new match's board is posted and its message id not yet saved.
"""

from collections.abc import Callable

hook: Callable[[str], None] | None = None


def crash_point(name: str) -> None:
    """Tell the installed hook, if any, that the bot reached the moment `name`."""
    if hook is not None:
        hook(name)
