"""Splinter: its spec, game (state and rules), board (geometry and notation), draw (the
picture and its description) and the search's knowledge."""
