"""The measurements behind the figures of docs/, one command each.

`python -m cardhost_devtools.measure NAME …` runs one. Each figure in docs/balance.md and
docs/ai.md that `cardhost balance` or `cardhost simulate` alone does not give names the
command here that reproduces it. `--help` lists them; `NAME --help` gives one's options.
"""

from __future__ import annotations

import importlib
import sys

#: name -> (module in this package, what it measures)
MEASUREMENTS = {
    "casts": ("casts", "what each deck of a pair cast in its wins and losses"),
    "battle-mages-damage": (
        "battle_mages_damage",
        "a Battle Mages pair's games one by one, and where the damage went",
    ),
    "mage-wars": ("mage_wars", "how Mage Wars pairs end, and what each Mage laid"),
    "enchantoria-mana": ("enchantoria_mana", "Enchantoria's unspent mana, turn by turn"),
    "compare": ("compare", "a screen's games against a baseline's, game by game"),
    "fill": ("fill", "the games of a `cardhost balance` run that no log holds yet"),
}

PROG = "python -m cardhost_devtools.measure"


def usage() -> str:
    width = max(len(name) for name in MEASUREMENTS)
    lines = [f"usage: {PROG} NAME [options]", "", (__doc__ or "").splitlines()[0], ""]
    lines += [f"  {name:{width}}  {what}" for name, (_, what) in MEASUREMENTS.items()]
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    if not argv or argv[0] in ("-h", "--help"):
        print(usage())
        return 0 if argv else 2
    name, rest = argv[0], argv[1:]
    if name not in MEASUREMENTS:
        print(f"{PROG}: no measurement {name!r}\n\n{usage()}", file=sys.stderr)
        return 2
    module = importlib.import_module(f"cardhost_devtools.measure.{MEASUREMENTS[name][0]}")
    status: int = module.main(rest, prog=f"{PROG} {name}")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
