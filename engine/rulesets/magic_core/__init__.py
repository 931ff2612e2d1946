"""magic-core: a Magic-style game on section 1 (rules 100-113) of a comprehensive rulebook."""

from engine.rulesets.magic_core.ruleset import RULESET

__all__ = ["RULESET"]
