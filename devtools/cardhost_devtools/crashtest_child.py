"""The crash test's bot process: the bench's bot child with the crash points armed.

`python -m cardhost_devtools.crashtest_child REST_BASE GATEWAY_URL DATABASE SEED` installs
the kill hook (cardhost_devtools.crashpoints, from `CARDHOST_CRASH_AT`) and then runs the
ordinary bot against the stand-in, exactly as the bench's child does. A process of its own
so that the product's bot never carries the kill logic.
"""

from __future__ import annotations

import sys

from cardhost_devtools.crashpoints import install


def main(argv: list[str]) -> int:
    if len(argv) != 4:
        print(
            "usage: python -m cardhost_devtools.crashtest_child "
            "REST_BASE GATEWAY_URL DATABASE SEED",
            file=sys.stderr,
        )
        return 2
    install()
    # Imported here, not above: the bot's worker processes (spawned) import this module
    # again as they start, and the bot's modules would slow every start by seconds on a
    # loaded machine, long enough for a killed bot's worker to look like an orphan.
    from cardhost_devtools.bench.bot import run_child

    run_child(*argv)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
