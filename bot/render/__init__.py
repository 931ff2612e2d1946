"""Renderers: each turns a MatchView (never the raw state) into something a person reads."""
