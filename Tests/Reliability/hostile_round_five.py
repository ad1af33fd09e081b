"""The `round-5` group of the reliability suite (issue 41): lessons a server cannot poison, and the rest of
round five's findings. The checks live in files of their own by area, `round_five_*.py`, each with a
`parts()` that returns its check functions; they run as round four's do (hostile_round_four.run_areas),
against the same hostile stand-in and template databases.
"""

import hostile_round_four

S = None


def register(suite):
    global S
    S = suite
    return ("round-5", "8. hostile input, round five (issue 41)", scenario)


def scenario():
    hostile_round_four.run_areas(S, "round_five_", "round-5")
