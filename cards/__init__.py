"""Card data: TOML files per ruleset, pydantic schemas, and the loader that checks them."""
