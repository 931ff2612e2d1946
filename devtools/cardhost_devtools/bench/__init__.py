"""The benches behind `cardhost bench-bot`, `bench-restart` and `bench-log`."""
