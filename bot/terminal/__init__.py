"""Playing and replaying matches in a terminal."""
