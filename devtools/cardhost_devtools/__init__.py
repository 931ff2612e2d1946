"""cardhost's development tools: the Discord stand-in, the benches, the crash test, the gallery
and the measurement scripts. A second distribution, so the product wheel ships none of them;
its commands join `cardhost` through the `cardhost.commands` entry-point group."""
