"""Long property runs cut into seed ranges: a sample in every tier, the rest on demand.

A run of hundreds or thousands of seeded games is one test per range of consecutive
seeds. The first range is the sample: it runs in every tier, `-m "not slow"` included,
so every run still plays real games of every ruleset through every check. The other
ranges carry the `slow` and `long` markers: the default run leaves `long` out
(`addopts` in pyproject.toml), `-m slow` or `-m long` plays them, and with the sample
that is the full count (docs/decisions/0005-test-tiers.md). The seeds are the same in
every tier, so a seed that fails in the sample fails the same way in the full run.
"""

from itertools import pairwise

import pytest


def seed_ranges(total: int, *, chunk: int, sample: int, first: int = 0) -> list[object]:
    """Seeds `first` .. `first + total - 1` as test parameters (ranges, id "start-stop"):
    the first `sample` seeds unmarked, the rest marked slow and long, in ranges that end on
    multiples of `chunk` past `first` (0-20, 20-100, 100-200, ... for a sample of 20)."""
    if not 0 < sample <= total:
        raise ValueError(f"a sample of {sample} from {total} games")
    stop = first + total
    cuts = [cut for cut in range(first + chunk, stop, chunk) if cut > first + sample]
    bounds = [first, first + sample, *cuts, stop]
    params: list[object] = []
    for index, (start, end) in enumerate(pairwise(bounds)):
        if start < end:
            marks = () if index == 0 else (pytest.mark.slow, pytest.mark.long)
            params.append(pytest.param(range(start, end), marks=marks, id=f"{start}-{end}"))
    return params
