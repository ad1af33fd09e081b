import Foundation

/// The help texts: what each command does, its options, and an example.
enum Help {
    static let version = "0.1.0"

    static let overview = """
        plan — packing lists from the weather at your destination

        Usage: plan <command> [options]

        Trips:
          add <destination> --from <date> --to <date>   Create a trip (the place is resolved now)
          list                                          Your trips, newest first
          show <trip>                                   A trip, its place, forecast and packing list
          rm <trip>                                     Delete a trip and its sessions

        Packing:
          pack <trip>                                   Make a packing list from the forecast
          pack <destination> --from <date> --to <date>  Add a trip and pack it in one step
          ask <trip> <question>                         A follow-up in the trip's last session (needs a model)
          replay <trip>                                 Re-run a past pack offline with its pinned forecast

        History:
          history                                       Past sessions: model, tokens, how they ended
          history show <session>                        One session's transcript, entry by entry
          history search <text>                         Full-text search of prompts, tool output, answers
          history --usage                               Tokens by model and tool; the cache's hit rate
          cache prune                                   Drop expired cache entries
          doctor                                        Check the database, services and model

        Other:
          --help, -h      This help; 'plan <command> --help' for one command
          --version       The version

        Dates are YYYY-MM-DD, 'today' or 'tomorrow'. Every command that prints takes --json.

        Environment:
          PLAN_DB              the database file (default: $XDG_DATA_HOME/plan/plan.sqlite,
                               else ~/.local/share/plan/plan.sqlite)
          PLAN_MODEL           builtin (default), or an OpenAI-compatible server's base URL
          PLAN_MODEL_NAME      the model name to send to that server
          PLAN_API_KEY         bearer token for a hosted server
          PLAN_CONTACT         your email or URL, sent to NWS in the User-Agent
          PLAN_OFFLINE=1       never touch the network
          PLAN_NWS_URL, PLAN_OPEN_METEO_URL   the weather services' base URLs
          NO_COLOR             no colour

        Example:
          plan pack "Denver, CO" --from 2026-12-03 --to 2026-12-06
        """

    static let commands: [String: String] = [
        "add": """
            Usage: plan add <destination> --from <date> --to <date> [--name <text>] [--activities a,b] [--json]

            Creates a trip and prints its id. The destination is resolved to a place
            (name, region, country, coordinates, time zone) right away; an unknown place
            fails and nothing is stored.

            Options:
              --from <date>         first day (YYYY-MM-DD, today, tomorrow)
              --to <date>           last day (not before --from)
              --name <text>         a name for the trip (default: the destination)
              --activities a,b      what you will do: hiking, beach, business, ski, ...
              --json                print the trip as JSON

            Example:
              plan add "Denver, CO" --from 2026-12-03 --to 2026-12-06 --activities hiking
            """,
        "list": """
            Usage: plan list [--json]

            Lists trips, newest first: id, name, destination, dates, and whether a packing
            list exists (✓).

            Options:
              --json                print an array of trips
            """,
        "show": """
            Usage: plan show <trip> [--fresh | --offline] [--json]

            Shows a trip: its resolved place, dates and activities; the forecast for the
            trip's days with its source and age ("NWS, fetched 12 min ago (cached)"); and the
            latest packing list. The forecast comes through the cache: within its lifetime no
            request is made. If the service fails, a stale copy is shown with its age, else the
            forecast pinned at the last pack; with nothing at all the trip is still shown and
            plan exits 69.

            Options:
              --fresh               revalidate the cached forecast even if it is still fresh
              --offline             no network: the cache only (also PLAN_OFFLINE=1)
              --json                the trip, "forecast" (days, source, age) and "packingList"

            Example:
              plan show 1
            """,
        "pack": """
            Usage: plan pack <trip> [options]
                   plan pack <destination> --from <date> --to <date> [--name <text>] [--activities a,b] [options]

            Makes a packing list. A planning session runs: the model (or the built-in
            engine) looks the place up with the geocode tool, reads the forecast with the
            forecast tool, and answers with items grouped by category; each weather-driven
            item says which day's forecast put it there. The forecast used is pinned to the
            trip; the whole session is kept (see 'plan history').

            The second form adds the trip first, then packs it.

            Options:
              --model <m>           builtin, or an OpenAI-compatible base URL (default: PLAN_MODEL)
              --fresh               revalidate cached forecasts even if they are still fresh
              --offline             no network: cached forecasts only (else a general list)
              --recovery <s>        when the context fills: condense (default), summarize, fresh
              --context-size <n>    the model's context window in tokens (default: the server's)
              --temperature <t>     sample with this temperature, 0 to 2 (default: greedy, 0)
              --seed <n>            sample from the top 40 tokens with this seed: the same seed on
                                    the same server gives the same list (temperature 0.8 unless set)
              --json                print the list as JSON (trip, session, model, items, notices)
              --markdown            print a checklist to paste

            Examples:
              plan pack "Denver, CO" --from 2026-12-03 --to 2026-12-06 --activities ski
              plan pack 1 --markdown > list.md
              plan pack 1 --model http://127.0.0.1:8080
            """,
        "ask": """
            Usage: plan ask <trip> <question> [--model <m>] [--recovery <s>] [--context-size <n>]
                            [--temperature <t>] [--seed <n>] [--json]

            Continues the trip's latest session with a follow-up question: the session is
            resumed from the database (its instructions, prompt, tool calls and outputs) and the
            model may call the tools again. The answer streams live on a terminal. Needs a
            language model (PLAN_MODEL or --model); the built-in engine only packs.

            Example:
              plan ask 1 "Will I need crampons on Tuesday?"
            """,
        "history": """
            Usage: plan history [--trip <t>] [--tool <name>] [--model <m>] [--since <date>] [--limit <n>] [--json]
                   plan history show <session> [--json]
                   plan history search <text> [--newest] [--limit <n>] [--json]
                   plan history --usage [--json]

            Every session is kept: instructions, prompts, tool calls and their output, answers
            and summaries, with tokens per entry.

              history            sessions newest first: trip, model, start, entries, tokens in
                                 context / context size, and how it ended (completed, recovered
                                 from overflow, failed)
              history show       one session entry by entry, with tokens against the window
              history search     full-text search, best match first (--newest: by date); any
                                 text is a valid query; a trailing * matches a prefix (sno*)
              history --usage    tokens by model and by tool; the HTTP cache's size and hit rate

            Examples:
              plan history --trip 1
              plan history search snow denver
              plan history show 4
            """,
        "replay": """
            Usage: plan replay <trip> [--model <m>] [--temperature <t>] [--seed <n>] [--json | --markdown]
                   plan replay --session <id> [--model <m>]

            Re-runs a past pack with the place and forecast pinned when it first ran, with no
            network at all, records it as a new session linked to the original, and shows what
            changed (+ added, - removed). With the built-in engine a replay gives the same list;
            with --model it is how you try a new model on yesterday's real cases.

            Example:
              plan replay 1 --model http://127.0.0.1:8080
            """,
        "cache": """
            Usage: plan cache prune [--json]
                   plan cache stats [--json]

            prune drops expired HTTP cache entries and says what it freed; forecasts pinned to
            trips live apart and are never pruned. stats is 'plan history --usage'.
            """,
        "doctor": """
            Usage: plan doctor [--model <m>] [--offline] [--json]

            Checks the database (path, schema version, integrity), the place data, whether the
            forecast services answer, and the model: its endpoint, name, context size and
            tool-calling mode (native or guided).
            """,
        "rm": """
            Usage: plan rm <trip> [--json]

            Deletes a trip with its sessions, pinned forecasts and packing lists.

            Options:
              --json                print {"deleted": <id>}

            Example:
              plan rm 3
            """,
    ]
}
