"""Pydantic schemas, one module per ruleset: a typo in a card file fails at load time."""
