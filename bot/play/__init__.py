"""Play: running matches, challenges, ratings, replays, decks. No Discord here."""
