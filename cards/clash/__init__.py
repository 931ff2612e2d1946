"""Clash's cards: the TOML files here and in decks/, their schema (`schema.Card`, which
cards/loader.py checks every file with) and the rules text written from them (`text`)."""
