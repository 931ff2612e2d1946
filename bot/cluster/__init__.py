"""Several processes on one database: each interaction reaches the one serving its match."""
