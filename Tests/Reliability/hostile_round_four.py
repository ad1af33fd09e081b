"""The `round-4` group of the reliability suite (issue 32): stops, edits, ticks, exports and resumes under
racing or crafted input. It reuses hostile_services.py's stand-in (NWS, Open-Meteo, geocoders and a model
server on loopback) and the suite's template databases.

The checks live in files of their own by area, `round_four_*.py`, each with a `parts()` that returns its
check functions; this file runs them in name order. Every check names the finding and what must hold: the
documented exit code, at most two short stderr lines, no crash, the database unchanged where the command
failed, and wall time where a hang was the finding.
"""

import glob
import importlib
import os

import hostile_services as H

S = None
HERE = os.path.dirname(os.path.abspath(__file__))


def register(suite):
    global S
    S = suite
    return ("round-4", "7. hostile input, round four (issue 32)", scenario)


def areas(prefix="round_four_"):
    """The <prefix>*.py modules beside this file, imported in name order."""
    names = sorted(os.path.basename(p)[:-3] for p in glob.glob(os.path.join(HERE, prefix + "*.py")))
    return [importlib.import_module(name) for name in names]


def run_areas(suite, prefix, group):
    """Runs every check of the areas named <prefix>*.py against the hostile stand-in (round five's too)."""
    H.S = suite
    H.start_server()
    try:
        if not hasattr(suite.FIX, "model_packed"):
            H.setup()
        for area in areas(prefix):
            area.S, area.H = suite, H
            for part in area.parts():
                if suite.skip_if_out_of_time(f"{group}: {area.__name__}.{part.__name__}"):
                    continue
                part()
    finally:
        H.stop_server()


def scenario():
    run_areas(S, "round_four_", "round-4")
