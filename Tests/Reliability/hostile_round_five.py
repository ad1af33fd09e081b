"""The `round-5` group of the reliability suite (issue 41): lessons a server cannot poison, and the rest of
round five's findings. It reuses hostile_services.py's stand-in (NWS, Open-Meteo, geocoders and a model
server on loopback) and the suite's template databases.

The checks live in files of their own by area, `round_five_*.py`, each with a `parts()` that returns its
check functions; this file runs them in name order, as round four's does.
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
    return ("round-5", "8. hostile input, round five (issue 41)", scenario)


def areas():
    """The round_five_*.py modules beside this file, imported in name order."""
    names = sorted(os.path.basename(p)[:-3] for p in glob.glob(os.path.join(HERE, "round_five_*.py")))
    return [importlib.import_module(name) for name in names]


def scenario():
    H.S = S
    H.start_server()
    try:
        if not hasattr(S.FIX, "model_packed"):
            H.setup()
        for area in areas():
            area.S, area.H = S, H
            for part in area.parts():
                if S.skip_if_out_of_time(f"round-5: {area.__name__}.{part.__name__}"):
                    continue
                part()
    finally:
        H.stop_server()
