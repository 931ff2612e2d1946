"""Tests of the SQLite storage layer (bot.storage)."""
