#!/usr/bin/env bash
# History search: `plan history search <word>` vs Simon Willison's `llm logs -q <word> -n 20`
# on equivalent data at 1k, 10k and 100k exchanges; whole-process wall time, warm (hyperfine -N).
# Also the peak memory (/usr/bin/time -v, max RSS) of both searches at 100k.
#
#   bench/history-search.sh          (SIZES="1000 10000 100000", RUNS=20, WORD=umbrella)
#
# Data: bench/gen_history.py writes the same exchanges into plan's schema (sessions +
# transcript_entries, indexed by plan's FTS5 triggers; the db is created by `plan list`) and into
# llm's (`responses` + `conversations`, indexed by llm's responses_fts triggers; created by llm's own
# migrations). The word matches about 21% of the exchanges. Both print their 20 best matches
# (bm25); `-n 20` is given to llm because its default is 3 and plan's is 20.
# llm 0.36 logs new prompts to its newer `turns` tables and still searches `responses` (its
# long-standing table) in the same `llm logs -q` call; this benchmark fills `responses`.
source "$(dirname "$0")/lib.sh"
bench_nice "$0" "$@"
require

SIZES="${SIZES:-1000 10000 100000}"
RUNS="${RUNS:-20}"
WORD="${WORD:-umbrella}"
make_work history-search
export NO_COLOR=1

echo "== History search: plan history search $WORD vs llm logs -q $WORD -n 20"
: >"$WORK/instructions.txt"
for n in $SIZES; do
    mkdir -p "$WORK/$n/llm"
    PLAN_DB="$WORK/$n/plan.sqlite" "$PLAN_BIN" list >/dev/null
    "$PY" "$BENCH_DIR/gen_history.py" plan "$WORK/$n/plan.sqlite" "$n"
    if [ -n "$PLAN_BIN_BEFORE" ]; then
        # An older plan refuses a newer schema: the same data in its own database.
        PLAN_DB="$WORK/$n/before.sqlite" "$PLAN_BIN_BEFORE" list >/dev/null
        "$PY" "$BENCH_DIR/gen_history.py" plan "$WORK/$n/before.sqlite" "$n"
    fi
    "$PY" "$BENCH_DIR/gen_history.py" llm "$WORK/$n/llm/logs.db" "$n"
done

for n in $SIZES; do
    plan_hits="$(PLAN_DB="$WORK/$n/plan.sqlite" "$PLAN_BIN" history search "$WORD" | grep -c '^session ' || true)"
    llm_hits="$(LLM_USER_PATH="$WORK/$n/llm" "$PLAN_BENCH_VENV/bin/llm" logs -q "$WORD" -n 20 | grep -c '^## Prompt' || true)"
    matches="$(sqlite3 "$WORK/$n/llm/logs.db" "SELECT count(*) FROM responses_fts WHERE responses_fts MATCH '$WORD'")"
    echo
    echo "$n exchanges (plan: $((2 * n)) transcript rows in $n sessions; llm: $n responses rows);" \
         "'$WORD' matches $matches exchanges; printed: plan $plan_hits, llm $llm_hits"
    # The floor: plan's own SQL (Store.search, bounded ranking) run by the sqlite3 CLI.
    printf '%s' "SELECT e.id, e.session_id, s.trip_id, e.kind, e.tool, e.created_at, f.snippet
FROM (SELECT rowid, rank, snippet(transcript_fts, 0, '[', ']', '…', 12) AS snippet
      FROM transcript_fts WHERE transcript_fts MATCH '\"$WORD\"' AND rowid >= (
          SELECT coalesce(min(rowid), 0) FROM (
              SELECT rowid FROM transcript_fts WHERE transcript_fts MATCH '\"$WORD\"' ORDER BY rowid DESC LIMIT 1000))
      ORDER BY rank LIMIT 20) f
JOIN transcript_entries e ON e.id = f.rowid JOIN sessions s ON s.id = e.session_id ORDER BY f.rank;" >"$WORK/$n/search.sql"
    # env(1) gives each command its own database without a shell.
    before=()
    if [ -n "$PLAN_BIN_BEFORE" ]; then
        before=(-n "before: plan history search ($n)" "env PLAN_DB=$WORK/$n/before.sqlite $PLAN_BIN_BEFORE history search $WORD")
    fi
    hyperfine -N --style none --warmup 3 --runs "$RUNS" --export-json "$WORK/search-$n.json" \
        -n "plan history search ($n)" "env PLAN_DB=$WORK/$n/plan.sqlite $PLAN_BIN history search $WORD" \
        -n "sqlite3, plan's SQL ($n)" "sqlite3 -batch -init /dev/null $WORK/$n/plan.sqlite '.read $WORK/$n/search.sql'" \
        "${before[@]+"${before[@]}"}" \
        -n "llm logs -q ($n)" "env LLM_USER_PATH=$WORK/$n/llm $PLAN_BENCH_VENV/bin/llm logs -q $WORD -n 20" \
        >/dev/null
    summarize hyperfine "$WORK/search-$n.json" \
        --pair "History search, $n exchanges" "plan history search ($n)" "llm logs -q ($n)" \
        --pair "History search, $n exchanges, vs plan's SQL in the sqlite3 CLI" "plan history search ($n)" "sqlite3, plan's SQL ($n)"
    plan_ir="$(PLAN_DB="$WORK/$n/plan.sqlite" instructions "$PLAN_BIN" history search "$WORD")"
    sql_ir="$(instructions sqlite3 -batch -init /dev/null "$WORK/$n/plan.sqlite" ".read $WORK/$n/search.sql")"
    echo "  instructions (callgrind): plan history search $(millions "$plan_ir"), plan's SQL in sqlite3 $(millions "$sql_ir")"
    echo "$n $plan_ir $sql_ir" >>"$WORK/instructions.txt"
done

echo
echo "How each grows (median wall time; growth factor from the previous size; the part above the smallest size)"
"$PY" - "$WORK" $SIZES <<'EOF'
import json, statistics, sys
work, sizes = sys.argv[1], sys.argv[2:]
def med(n, name):
    for r in json.load(open(f"{work}/search-{n}.json"))["results"]:
        if r["command"] == f"{name} ({n})":
            return statistics.median(r["times"]) * 1000
for name in ("plan history search", "sqlite3, plan's SQL", "llm logs -q"):
    base = med(sizes[0], name)
    previous = None
    parts = []
    for n in sizes:
        m = med(n, name)
        growth = f" x{m / previous:.2f}" if previous else ""
        parts.append(f"{int(n):>7,}: {m:7.1f} ms{growth} (+{m - base:.1f})")
        previous = m
    print(f"  {name:<20} " + ";  ".join(parts))
EOF

echo
echo "How plan grows in instructions (callgrind)"
"$PY" - "$WORK/instructions.txt" <<'PYEOF'
import sys
rows = [line.split() for line in open(sys.argv[1]) if line.strip()]
base = None
for n, plan, sql in rows:
    if plan == "n/a":
        continue
    base = base or int(plan)
    print(f"  {int(n):>7,}: plan {int(plan) / 1e6:6.1f}M (x{int(plan) / base:.2f} of the smallest), its SQL in sqlite3 {int(sql) / 1e6:6.1f}M")
PYEOF
smallest="${SIZES%% *}"
biggest="${SIZES##* }"
if [ "$smallest" != "$biggest" ]; then
    "$PY" "$BENCH_DIR/summarize.py" record "History search growth, $smallest to $biggest exchanges (instructions)" \
        "$(awk -v a="$smallest" -v b="$biggest" '$1 == a {x = $2} $1 == b {y = $2} END {printf "%.1fM to %.1fM (x%.2f)", x / 1e6, y / 1e6, y / x}' "$WORK/instructions.txt")" \
        "$(awk -v a="$smallest" -v b="$biggest" '$1 == a {x = $3} $1 == b {y = $3} END {printf "sqlite3, same SQL: %.1fM to %.1fM", x / 1e6, y / 1e6}' "$WORK/instructions.txt")" \
        "target x2"
fi
echo
echo "History search at $biggest exchanges with one stored 1 MB entry of the word itself (issue 20: it took minutes)"
cp "$WORK/$biggest/plan.sqlite" "$WORK/$biggest/big-entry.sqlite"
"$PY" - "$WORK/$biggest/big-entry.sqlite" "$WORD" <<'PYEOF'
import sqlite3, sys
connection = sqlite3.connect(sys.argv[1])
session = connection.execute("SELECT max(id) FROM sessions").fetchone()[0]
seq = connection.execute("SELECT max(seq) FROM transcript_entries WHERE session_id = ?", (session,)).fetchone()[0]
text = (sys.argv[2] + " ") * (1_048_576 // (len(sys.argv[2]) + 1))
connection.execute("INSERT INTO transcript_entries (session_id, seq, kind, text, tokens, in_context, created_at)"
                   " VALUES (?, ?, 'response', ?, 1000, 0, strftime('%s', 'now'))", (session, seq + 1, text))
connection.commit()
PYEOF
hyperfine -N --style none --warmup 2 --runs "$RUNS" --export-json "$WORK/search-big-entry.json" \
    -n "plan history search, 1 MB entry ($biggest)" "env PLAN_DB=$WORK/$biggest/big-entry.sqlite $PLAN_BIN history search $WORD" \
    -n "plan history search --newest, 1 MB entry ($biggest)" "env PLAN_DB=$WORK/$biggest/big-entry.sqlite $PLAN_BIN history search $WORD --newest" \
    >/dev/null
summarize hyperfine "$WORK/search-big-entry.json"

echo
echo "Peak memory at $biggest exchanges (/usr/bin/time -v, maximum resident set size, median of 3)"
peak() { # command...
    local i rss=()
    for i in 1 2 3; do
        /usr/bin/time -v -o "$WORK/time.txt" "$@" >/dev/null 2>&1
        rss+=("$(awk -F': ' '/Maximum resident set size/ {print $2}' "$WORK/time.txt")")
    done
    printf '%s\n' "${rss[@]}" | sort -n | sed -n 2p
}
plan_rss="$(peak env PLAN_DB="$WORK/$biggest/plan.sqlite" "$PLAN_BIN" history search "$WORD")"
llm_rss="$(peak env LLM_USER_PATH="$WORK/$biggest/llm" "$PLAN_BENCH_VENV/bin/llm" logs -q "$WORD" -n 20)"
echo "  plan history search: $((plan_rss / 1024)) MiB;  llm logs -q: $((llm_rss / 1024)) MiB;  llm / plan = $(awk "BEGIN {printf \"%.2f\", $llm_rss / $plan_rss}")x"
"$PY" "$BENCH_DIR/summarize.py" record "Peak memory (max RSS), search at $biggest exchanges" \
    "$((plan_rss / 1024)) MiB" "$((llm_rss / 1024)) MiB (llm logs -q)" "$(awk "BEGIN {printf \"%.2fx\", $llm_rss / $plan_rss}")"
