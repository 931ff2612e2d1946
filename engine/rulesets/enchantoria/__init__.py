"""Enchantoria (shared/rules/enchantoria.md): simultaneous secret turns, recycling, protection."""

from engine.rulesets.enchantoria.ruleset import RULESET, EnchantoriaRuleset

__all__ = ["RULESET", "EnchantoriaRuleset"]
