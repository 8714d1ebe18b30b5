"""A toy game that exists only for the tests: proof that a game is a spec and
nothing more (see rules.py)."""
