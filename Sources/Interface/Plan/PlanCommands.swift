import Store

/// Every `plan` command, declared once. Parsing, `--help`, the completion scripts and the man page all come
/// from these declarations.
public enum PlanCommands {
    // MARK: - Trips

    /// `plan add <destination> --from <date> --to <date>`.
    public static let add = Command<PlanArguments.Add>(
        ["add"], summary: "Create a trip (the place is resolved now)",
        discussion: """
            Creates a trip and prints its id. The destination is resolved to a place
            (name, region, country, coordinates, time zone) right away; an unknown place
            fails and nothing is stored.

            A trip of several stops: each --then <place> --to <date> adds a stop that starts
            the day the one before it ends (the night of the move belongs to the new stop).
            Each stop gets its own forecast; the trip gets one packing list. --activities
            after a --then are that stop's; before the first --then, the first stop's.

            --adults <n> (default 1) and --children <ages> (each child's age, 0 to 17; under
            2 is a baby) say who travels: clothes, toothbrushes and passports are counted
            for each, and children and babies get their own lines. 'plan config set adults'
            and 'plan config set children' give the defaults.

            --like <trip> starts from an earlier trip: its activities and its name (with the
            year and the place brought up to date), not its forecast or ticks.
            """,
        parameters: [
            [.argument("destination", \.destination, help: "where you are going: a city, region, airport or park")],
            .group(\.details, TripDetails.parameters(datesRequired: true)),
            [.flag("json", \.json, help: "print the trip as JSON")],
        ],
        section: .trips,
        examples: [
            #"plan add "Denver, CO" --from 2026-12-03 --to 2026-12-06 --activities hiking"#,
            #"plan add "Denver, CO" --from 2026-12-03 --to 2026-12-05 --then "Moab, UT" --to 2026-12-08"#,
            #"plan add Chicago --from 2026-12-07 --to 2026-12-10 --activities conference --then Aspen --to 2026-12-13 --activities ski"#,
            #"plan add Orlando --from 2027-07-10 --to 2027-07-17 --adults 2 --children 5,1 --activities theme parks"#,
            #"plan add "Aspen, CO" --from 2026-12-20 --to 2026-12-27 --like 4"#,
        ]
    )

    /// `plan show <trip>`.
    public static let show = Command<PlanArguments.Show>(
        ["show"], summary: "A trip, its place, forecast and packing list",
        discussion: """
            Shows a trip: its resolved place, dates and activities; the forecast for the
            trip's days at a glance, one line a day on a shared temperature scale (the low to
            high range as a bar, the chance of precipitation, a mark for snow, rain, thunder,
            wind or heat), with its source and age ("NWS, fetched 12 min ago (cached)"); and the
            latest packing list. The forecast comes through the cache: within its lifetime no
            request is made. If the service fails, a stale copy is shown with its age, else the
            forecast pinned at the last pack; with nothing at all the trip is still shown and
            plan exits 69.

            The list is numbered, with [x] for what you ticked ('plan check 1 3 socks') and
            "12 of 30 packed"; your own items are on it ('plan item add'). --markdown and --csv
            print the stored list alone: no forecast, no network, no new session.
            """,
        parameters: [
            [tripArgument(\.trip)],
            .group(\.network, NetworkOptions.parameters),
            .exclusive([
                .flag("json", \.json, help: #"the trip, "forecast" (days, source, age) and "packingList""#),
                .flag("markdown", \.markdown, help: "the stored list as a Markdown checklist (no forecast, no network)"),
                .flag("csv", \.csv, help: "the stored list as CSV: name, quantity, category, packed, own, reason"),
            ]),
        ],
        section: .trips,
        examples: ["plan show 1", "plan show 1 --markdown > list.md", "plan show 1 --csv > list.csv"]
    )

    /// `plan rm <trip>`.
    public static let remove = Command<PlanArguments.Remove>(
        ["rm"], summary: "Delete a trip and its sessions",
        discussion: """
            Deletes a trip with its sessions, pinned forecasts and packing lists. On a
            terminal it first names what will go and asks [y/N]: Enter, or anything but
            y or yes, keeps the trip. With --yes, or when stdin is not a terminal (a
            script), it deletes at once.
            """,
        parameters: [[
            tripArgument(\.trip),
            .flag("yes", \.yes, help: "delete without asking"),
            .flag("json", \.json, help: #"print {"deleted": <id>}"#),
        ]],
        section: .trips,
        examples: ["plan rm 3", "plan rm 3 --yes"]
    )

    /// `plan edit <trip>`.
    public static let edit = Command<PlanArguments.Edit>(
        ["edit"], summary: "Change a trip's dates, place, activities or name",
        discussion: """
            Changes a trip, checked like 'plan add': an end before the start is a usage
            error, an unknown place fails, and on any error nothing changes. On a trip of
            several stops, --leg <n> picks the stop: its --from and --to move the days it
            shares with the stops around it; without --leg, --from and --to move the whole
            trip's first and last day. A packing list made before a change of dates, places
            or activities is marked out of date ('plan show' says why) until the next pack.
            With --leg, --activities replaces that stop's activities; without it, every
            stop's. --adults and --children replace who is travelling.
            """,
        parameters: [[
            tripArgument(\.trip),
            .option("from", \.from, value: "<date>", help: "the new first day") { try ArgumentText.date($0, option: "from", context: $1) },
            .option("to", \.to, value: "<date>", help: "the new last day") { try ArgumentText.date($0, option: "to", context: $1) },
            .option("activities", \.activities, value: "a,b", help: "the new activities (replacing the old; \"\" for none)"),
            .option("name", \.name, value: "<text>", help: "the new name"),
            .option("destination", \.destination, value: "<place>", help: "the new place (resolved now)"),
            .option("leg", \.leg, value: "<n>", help: "the stop to change, on a trip of several (1 is the first)") {
                try ArgumentText.number($0, option: "leg", range: 1...TripLeg.maximumCount, context: $1)
            },
            .option("adults", \.adults, value: "<n>", help: "adults travelling, 1 to 20") {
                try ArgumentText.number($0, option: "adults", range: TripParty.adultRange, context: $1)
            },
            .option("children", \.children, value: "<ages>", help: "each child's age, 0 to 17, comma-separated (\"\" for none)") {
                try ArgumentText.ages($0, option: "children", context: $1)
            },
            .flag("json", \.json, help: "print the changed trip as JSON"),
        ]],
        section: .trips,
        examples: [
            "plan edit 3 --to 2026-12-07", "plan edit 3 --leg 2 --activities ski,hiking",
            "plan edit 3 --leg 2 --destination \"Moab, UT\"", "plan edit 3 --adults 2 --children 8,1",
        ],
        rules: [
            ArgumentRule("at least one of --from, --to, --activities, --name, --destination, --adults and --children") { arguments in
                arguments.from == nil && arguments.to == nil && arguments.activities == nil && arguments.name == nil
                    && arguments.destination == nil && arguments.adults == nil && arguments.children == nil
                    ? "nothing to change; give --from, --to, --activities, --name, --destination, --adults or --children." : nil
            },
        ]
    )

    /// `plan leg add <trip> <place> --to <date>`.
    public static let legAdd = Command<PlanArguments.LegAdd>(
        ["leg", "add"], summary: "Add a stop at the end of a trip",
        discussion: """
            Adds a stop after the trip's last: it starts the day the trip ended and lasts
            to --to. The place is resolved now; the packing list is out of date until the
            next pack.
            """,
        parameters: [[
            tripArgument(\.trip),
            .argument("place", \.place, help: "where the new stop is"),
            .option("to", \.to, value: "<date>", help: "the new stop's last day", required: true) {
                try ArgumentText.date($0, option: "to", context: $1)
            },
            .option("activities", \.activities, value: "a,b", help: "what you will do at the new stop"),
            .flag("json", \.json, help: "print the changed trip as JSON"),
        ]],
        section: .trips,
        examples: [#"plan leg add 3 "Moab, UT" --to 2026-12-08 --activities hiking"#]
    )

    /// `plan leg rm <trip> <n>`.
    public static let legRemove = Command<PlanArguments.LegRemove>(
        ["leg", "rm"], summary: "Remove one stop of a trip",
        discussion: """
            Removes stop <n>. Removing the first or the last stop shortens the trip; a stop
            in the middle gives its days to the stop before it. A trip keeps at least one
            stop (delete it with 'plan rm').
            """,
        parameters: [[
            tripArgument(\.trip),
            .argument("n", \.leg, help: "the stop's number, as 'plan show' prints it") {
                let number = try ArgumentText.id($0, what: "stop", context: $1)
                guard (1...TripLeg.maximumCount).contains(number) else {
                    throw $1.error("<n> must be a stop number from 1 to \(TripLeg.maximumCount).")
                }
                return number
            },
            .flag("json", \.json, help: "print the changed trip as JSON"),
        ]],
        section: .trips,
        examples: ["plan leg rm 3 2"]
    )

    /// `plan leg`: names `add` and `rm`.
    public static let leg = Command<PlanArguments.Group>(
        ["leg"], summary: "A trip's stops: add one, remove one",
        discussion: "add puts a new stop after the trip's last; rm removes one (see 'plan show' for their numbers).",
        overview: [.init("leg add|rm", "Add a stop at the end of a trip, or remove one")],
        section: .trips,
        isGroup: true
    )

    // MARK: - Packing

    /// `plan pack <trip>` and `plan pack <destination> --from <date> --to <date>`.
    public static let pack = Command<PlanArguments.Pack>(
        ["pack"], summary: "Make a packing list from the forecast",
        discussion: """
            Makes a packing list. A planning session runs: the model (or the built-in
            engine) reads the forecast for the trip's place with the forecast tool (geocode
            finds any other place), and answers with items grouped by category; each
            weather-driven item says which day's forecast put it there. plan checks the
            answer against that forecast: duplicates merged, non-items dropped, gear the
            forecast demands added (marked +); an answer with too little left is set aside
            for the built-in engine's list, with a note. The forecast used is pinned to the
            trip; the whole session is kept (see 'plan history').

            The second form adds the trip first, then packs it.

            Packing a trip that has a list again (nearer departure, with --fresh) keeps your
            ticks of items still on the new list (by name), your own items and what plan
            remembers for you ('plan prefs'), and says what changed since the last list; an
            item you ticked that the new list drops is kept and marked.

            A pack cut short (Ctrl-C, a kill, the server gone) is resumed by the next pack
            of the trip: the tool calls it answered are not asked again and the forecast it
            fetched is reused; --restart starts afresh. While another pack of the same
            trip runs, pack exits 75.
            """,
        parameters: [
            [.argument("trip", \.target, help: "a trip id, or a destination to add first", completion: .trips)],
            .group(\.details, TripDetails.parameters(datesRequired: false)),
            .group(\.engine, EngineOptions.parameters),
            .group(\.network, NetworkOptions.parameters),
            .exclusive([
                .flag("json", \.json, help: "print the list as JSON (trip, session, model, items, notices)"),
                .flag("markdown", \.markdown, help: "print a checklist to paste"),
            ]),
        ],
        forms: [
            "<trip> [options]",
            "<destination> --from <date> --to <date> [--activities a,b] [--then <place> --to <date> [--activities a,b]]... [--name <text>] [--like <trip>] [--adults <n>] [--children <ages>] [options]",
        ],
        overview: [
            .init("pack <trip>", "Make a packing list from the forecast"),
            .init("pack <destination> --from <date> --to <date>", "Add a trip and pack it in one step"),
        ],
        section: .packing,
        examples: [
            #"plan pack "Denver, CO" --from 2026-12-03 --to 2026-12-06 --activities ski"#,
            "plan pack 1 --markdown > list.md",
            "plan pack 1 --model http://127.0.0.1:8080",
        ],
        rules: [
            ArgumentRule("--from, --to, --then, --name, --activities, --adults, --children and --like go with a destination, not a trip id") {
                PlanArguments.Pack.tripDetailsProblem($0)
            },
        ]
    )

    /// `plan ask <trip> <question>`.
    public static let ask = Command<PlanArguments.Ask>(
        ["ask"], summary: "A follow-up in the trip's last session (needs a model)",
        discussion: """
            Continues the trip's latest completed session with a follow-up question. The
            model gets the trip's facts (the forecast its list was made from, and the list)
            and the last questions and answers, not the pack's tool rounds, so it fits small
            windows. An empty, stock or looping answer exits 65 and is not carried on. The
            answer streams live on a terminal. Needs a language model (PLAN_MODEL or
            --model); the built-in engine only packs. A follow-up cut short (Ctrl-C, a
            kill, the server gone) is resumed by the next ask of the trip: the tool calls
            it answered are not asked again. --restart starts afresh.
            """,
        parameters: [
            [
                tripArgument(\.trip),
                .words("question", \.question, help: "the question, in one or several words", maximum: 63),
            ],
            .group(\.engine, EngineOptions.parameters),
            [
                .flag("offline", \.offline, help: "no network: cached forecasts only (also PLAN_OFFLINE=1)"),
                .flag("json", \.json, help: "print trip, session, model and answer as JSON"),
            ],
        ],
        section: .packing,
        examples: [#"plan ask 1 "Will I need crampons on Tuesday?""#]
    )

    /// `plan replay <trip>` / `plan replay --session <id>`.
    public static let replay = Command<PlanArguments.Replay>(
        ["replay"], summary: "Re-run a past pack offline with its pinned forecast",
        discussion: """
            Re-runs a past pack with the place and forecast pinned when it first ran, with no
            network at all, records it as a new session linked to the original, and shows what
            changed (+ added, - removed). With the built-in engine a replay gives the same list;
            with --model it is how you try a new model on yesterday's real cases.
            """,
        parameters: [
            [
                .argument("trip", \.trip, help: "the trip whose latest completed pack to replay", completion: .trips,
                          required: false) { try ArgumentText.id($0, what: "trip", context: $1) },
                .option("session", \.session, value: "<id>", help: "replay this pack session instead",
                        completion: .sessions) { try ArgumentText.id($0, what: "session", context: $1) },
            ],
            .group(\.engine, EngineOptions.parameters),
            .exclusive([
                .flag("json", \.json, help: "print the list and the diff against the original as JSON"),
                .flag("markdown", \.markdown, help: "print a checklist to paste"),
            ]),
        ],
        forms: ["<trip> [--model <m>] [--json | --markdown]", "--session <id> [--model <m>]"],
        overview: [.init("replay <trip>", "Re-run a past pack offline with its pinned forecast")],
        section: .packing,
        examples: ["plan replay 1 --model http://127.0.0.1:8080"],
        rules: [
            ArgumentRule("a trip or --session <id>, not both") { arguments in
                switch (arguments.trip, arguments.session) {
                case (nil, nil): "give a trip id or --session <id>."
                case (.some, .some): "give a trip or --session, not both."
                default: nil
                }
            },
        ]
    )

    // MARK: - History

    /// `plan history show <session>`.
    public static let historyShow = Command<PlanArguments.HistoryShow>(
        ["history", "show"], summary: "One session's transcript, entry by entry",
        discussion: """
            Shows one session entry by entry: instructions, prompt, tool calls and their
            output, responses and summaries, with tokens per entry against the context window.
            """,
        parameters: [[
            .argument("session", \.session, help: "a session id (see 'plan history')", completion: .sessions) {
                try ArgumentText.id($0, what: "session", context: $1)
            },
            .flag("json", \.json, help: "the session and its entries as JSON"),
        ]],
        section: .history,
        examples: ["plan history show 4"]
    )

    /// `plan history search <text>`.
    public static let historySearch = Command<PlanArguments.HistorySearch>(
        ["history", "search"], summary: "Full-text search of prompts, tool output, answers",
        discussion: """
            Full-text search over prompts, tool output and responses, best match first
            (--newest: by date). Any text is a valid query; a trailing * matches a prefix
            (sno*). Words starting with '-' are search text unless they are options here.
            """,
        parameters: [[
            .words("text", \.words, help: "what to look for", maximum: 64),
            .flag("newest", \.newest, help: "newest first instead of best match first"),
            .option("limit", \.limit, value: "<n>", help: "at most this many matches (default 20)") {
                try ArgumentText.number($0, option: "limit", range: 1...1_000, context: $1)
            },
            .flag("json", \.json, help: "print an array of matches"),
        ]],
        section: .history,
        examples: ["plan history search snow denver"],
        takesUnknownOptionsAsWords: true
    )

    /// `plan history`.
    public static let history = Command<PlanArguments.History>(
        ["history"], summary: "Past sessions: model, tokens, how they ended",
        discussion: """
            Every session is kept: instructions, prompts, tool calls and their output, answers
            and summaries, with tokens per entry. 'plan history' lists sessions newest first:
            trip, model, start, entries, tokens in context / context size, and how it ended
            (completed, recovered from overflow, failed); --usage sums tokens by model and by
            tool, with the HTTP cache's size and hit rate.
            """,
        parameters: [[
            .option("trip", \.trip, value: "<t>", help: "only this trip's sessions", completion: .trips) {
                try ArgumentText.id($0, what: "trip", context: $1)
            },
            .option("tool", \.tool, value: "<name>", help: "only sessions that called this tool",
                    completion: .choices(PlanInfo.toolNames)),
            .option("model", \.model, value: "<m>", help: "only sessions with this model"),
            .option("since", \.since, value: "<date>", help: "only sessions started on or after this day") {
                try ArgumentText.date($0, option: "since", context: $1)
            },
            .option("limit", \.limit, value: "<n>", help: "at most this many sessions") {
                try ArgumentText.number($0, option: "limit", range: 1...10_000, context: $1)
            },
            .flag("usage", \.usage, help: "tokens by model and by tool; the HTTP cache's size and hit rate"),
            .flag("json", \.json, help: "print an array of sessions (or the usage report)"),
        ]],
        overview: [
            .init("history", "Past sessions: model, tokens, how they ended"),
            .init("history show <session>", "One session's transcript, entry by entry"),
            .init("history search <text>", "Full-text search of prompts, tool output, answers"),
            .init("history --usage", "Tokens by model and tool; the cache's hit rate"),
        ],
        section: .history,
        examples: ["plan history --trip 1", "plan history search snow denver", "plan history show 4"]
    )

    /// `plan cache prune`.
    public static let cachePrune = Command<PlanArguments.Cache>(
        ["cache", "prune"], summary: "Drop expired cache entries",
        discussion: """
            Drops expired HTTP cache entries and says what it freed; forecasts pinned to
            trips live apart and are never pruned.
            """,
        parameters: [[.flag("json", \.json, help: #"print {"entries": <n>, "bytes": <n>}"#)]],
        section: .history
    )

    /// `plan cache stats`: the usage report of `plan history --usage`.
    public static let cacheStats = Command<PlanArguments.Cache>(
        ["cache", "stats"], summary: "The cache's size and hit rate, with tokens by model and tool",
        discussion: "Tokens by model and by tool, and the HTTP cache's size and hit rate: the usage report of 'plan history'.",
        parameters: [[.flag("json", \.json, help: "print the usage report as JSON")]],
        section: .history
    )

    /// `plan cache`: names `prune` and `stats`.
    public static let cache = Command<PlanArguments.Group>(
        ["cache"], summary: "The HTTP cache",
        discussion: """
            prune drops expired HTTP cache entries and says what it freed; forecasts pinned to
            trips live apart and are never pruned. stats reports tokens by model and tool and the
            cache's size and hit rate.
            """,
        overview: [.init("cache prune", "Drop expired cache entries")],
        section: .history,
        isGroup: true
    )

    /// `plan doctor`.
    public static let doctor = Command<PlanArguments.Doctor>(
        ["doctor"], summary: "Check the database, services and model",
        discussion: """
            Checks the database (path, schema version, integrity), the place data, whether the
            forecast services answer, and the model: its endpoint, name, context size and
            tool-calling mode (native or guided).
            """,
        parameters: [[
            .option("model", \.model, value: "<m>", help: "check this model instead of PLAN_MODEL"),
            .flag("offline", \.offline, help: "check no service (also PLAN_OFFLINE=1)"),
            .flag("json", \.json, help: "print the checks as JSON"),
        ]],
        section: .history
    )

    /// `plan mcp [--model <m>] [--offline]`.
    public static let mcp = Command<PlanArguments.Mcp>(
        ["mcp"], summary: "Serve plan's tools to an assistant (Model Context Protocol, stdio)",
        discussion: """
            Runs a Model Context Protocol server on stdin and stdout (JSON-RPC 2.0, one
            message a line) for an assistant host such as Claude Desktop or VS Code. Its tools
            are geocode, forecast, packing_list, list_trips, show_trip, check_items and add_item;
            each trip's list is the resource plan://trips/<id> (a Markdown checklist) and
            plan://trips/<id>.json. The tools use the same database, cache and rules as the
            commands. Lists come from the built-in engine unless --model is given (PLAN_MODEL
            is not read). Nothing but protocol messages goes to stdout; notes go to stderr.
            The server ends when the client closes stdin. See docs/mcp.md.
            """,
        parameters: [[
            .option("model", \.model, value: "<m>", help: "pack with this model (builtin, or an OpenAI-compatible base URL)"),
            .flag("offline", \.offline, help: "no network: the cache and the offline place data only"),
        ]],
        section: .packing,
        examples: [#"{"command": "plan", "args": ["mcp"]}   (an MCP host's server entry)"#]
    )

    // MARK: - The traveller

    /// `plan config set <key> <value>`.
    public static let configSet = Command<PlanArguments.ConfigSet>(
        ["config", "set"], summary: "Set home, units, laundry, adults or children",
        discussion: """
            Stores one of the traveller's settings in the database: home (an ISO 3166 country
            code: passports, plug adapters and voltage are judged against it), units (metric:
            °C, km/h, m; us: °F, mph, ft) or laundry (days between washes, 1 to 60: no garment
            is counted for more days than this plus a spare), adults (1 to 20) or children
            (ages 0 to 17, comma-separated; none for none): the party new trips start with.
            PLAN_HOME_COUNTRY and PLAN_UNITS win over what is stored.
            """,
        parameters: [[
            .argument("key", \.key, help: "home, units, laundry, adults or children",
                      completion: .choices(["home", "units", "laundry", "adults", "children"])),
            .argument("value", \.value, help: "a country code (GB), metric or us, a number, or ages (8,5,1)"),
            .flag("json", \.json, help: #"print {"key": ..., "value": ...}"#),
        ]],
        section: .trips,
        examples: [
            "plan config set home GB", "plan config set units metric", "plan config set laundry 4",
            "plan config set adults 2", "plan config set children 8,5",
        ]
    )

    /// `plan config`.
    public static let config = Command<PlanArguments.Config>(
        ["config"], summary: "The traveller: home country, units, laundry",
        discussion: """
            Shows the traveller plan packs for, and where each value comes from: home (from
            PLAN_HOME_COUNTRY, 'plan config set home', the locale's region, else US), units (from
            PLAN_UNITS, 'plan config set units', else from home: °F for the US and the few
            countries that use it, °C elsewhere) and laundry (days between washes, default 7;
            add and pack take a laundry option for one trip).
            """,
        parameters: [[.flag("json", \.json, help: "print home, units and laundry with their sources")]],
        overview: [
            .init("config", "The traveller: home country, units, laundry"),
            .init("config set <key> <value>", "Set home, units, laundry, adults or children"),
        ],
        section: .trips,
        examples: ["plan config", "plan config set home GB"]
    )

    // MARK: - Other

    /// `plan completions bash|zsh|fish`.
    public static let completions = Command<PlanArguments.Completions>(
        ["completions"], summary: "A completion script for bash, zsh or fish",
        discussion: """
            Prints a completion script for the shell: commands, options, the values of options
            that have a fixed set, and trip and session ids from the database (with each trip's
            destination where the shell shows a description). See the README to install it.
            """,
        parameters: [[
            .argument("shell", \.shell, help: "bash, zsh or fish", completion: .choices(PlanArguments.Shell.allCases.map(\.rawValue))) {
                guard let shell = PlanArguments.Shell(rawValue: $0) else {
                    throw $1.error("no completions for '\(ArgumentText.printable($0))'; use bash, zsh or fish.")
                }
                return shell
            },
        ]],
        forms: ["bash|zsh|fish"],
        overview: [.init("completions bash|zsh|fish", "A shell completion script")],
        examples: ["source <(plan completions bash)"]
    )

    /// `plan help [<command>] [--man]`.
    public static let help = Command<PlanArguments.Help>(
        ["help"], summary: "Help for plan or one command; --man: the manual page",
        discussion: "Prints the help of plan or of one command; with --man, the manual page in roff.",
        parameters: [[
            .words("command", \.topic, help: "the command to explain", maximum: 2, required: false,
                   completion: .commands),
            .flag("man", \.man, help: "print the manual page (roff) instead"),
        ]],
        overview: [.init("help --man", "The manual page (plan help --man > plan.1; man -l plan.1)")],
        examples: ["plan help --man > plan.1 && man -l plan.1"]
    )

    /// The hidden query the completion scripts run: `plan __complete trips|sessions` (and `commands`: the
    /// command table as JSON, for the tests).
    public static let completionQuery = Command<PlanArguments.CompletionQuery>(
        ["__complete"], summary: "Trip or session ids for the completion scripts",
        parameters: [[
            .argument("kind", \.kind, help: "trips, sessions or commands") {
                guard let kind = PlanArguments.CompletionKind(rawValue: $0) else { throw $1.error("use trips, sessions or commands.") }
                return kind
            },
        ]],
        isHidden: true
    )

    private static func tripArgument<Root>(_ keyPath: WritableKeyPath<Root, Int> & Sendable) -> Parameter<Root> {
        .argument("trip", keyPath, help: "a trip id (see 'plan list')", completion: .trips) {
            try ArgumentText.id($0, what: "trip", context: $1)
        }
    }
}
