import Store

/// The typed arguments of each `plan` command, as its parser fills them in.
public enum PlanArguments {
    /// `plan add`.
    public struct Add: ParsableArguments {
        public var destination = ""
        public var details = TripDetails()
        public var json = false
        public init() {}
    }

    /// `plan show`.
    public struct Show: ParsableArguments {
        public var trip = 0
        public var network = NetworkOptions()
        public var json = false
        public var markdown = false
        public var csv = false
        public init() {}
    }

    /// `plan pack`: a trip id, or a destination with `details`.
    public struct Pack: ParsableArguments {
        public var target = ""
        public var details = TripDetails()
        public var engine = EngineOptions()
        public var network = NetworkOptions()
        public var json = false
        public var markdown = false
        public init() {}
    }

    /// `plan ask`.
    public struct Ask: ParsableArguments {
        public var trip = 0
        public var question: [String] = []
        public var engine = EngineOptions()
        public var offline = false
        public var json = false
        public init() {}
    }

    /// `plan replay`: a trip, or `--session`.
    public struct Replay: ParsableArguments {
        public var trip: Int?
        public var session: Int?
        public var engine = EngineOptions()
        public var json = false
        public var markdown = false
        public init() {}
    }

    /// `plan rm`.
    public struct Remove: ParsableArguments {
        public var trip = 0
        public var yes = false
        public var json = false
        public init() {}
    }

    /// `plan edit`: what to change (nil: unchanged); `leg` picks one stop of several.
    public struct Edit: ParsableArguments {
        public var trip = 0
        public var from: CalendarDate?
        public var to: CalendarDate?
        public var name: String?
        public var activities: String?
        public var destination: String?
        public var leg: Int?
        public var adults: Int?
        public var children: [Int]?
        public var json = false
        public init() {}
    }

    /// `plan leg add <trip> <place> --to <date>`.
    public struct LegAdd: ParsableArguments {
        public var trip = 0
        public var place = ""
        public var to: CalendarDate?
        public var activities: String?
        public var json = false
        public init() {}
    }

    /// `plan leg rm <trip> <n>`.
    public struct LegRemove: ParsableArguments {
        public var trip = 0
        public var leg = 0
        public var json = false
        public init() {}
    }

    /// `plan history`.
    public struct History: ParsableArguments {
        public var trip: Int?
        public var tool: String?
        public var model: String?
        public var since: CalendarDate?
        public var limit: Int?
        public var usage = false
        public var json = false
        public init() {}
    }

    /// `plan history show`.
    public struct HistoryShow: ParsableArguments {
        public var session = 0
        public var json = false
        public init() {}
    }

    /// `plan history search`.
    public struct HistorySearch: ParsableArguments {
        public var words: [String] = []
        public var newest = false
        public var limit: Int?
        public var json = false
        public init() {}
    }

    /// `plan cache prune` and `plan cache stats`.
    public struct Cache: ParsableArguments {
        public var json = false
        public init() {}
    }

    /// `plan doctor`.
    public struct Doctor: ParsableArguments {
        public var model: String?
        public var offline = false
        public var json = false
        public init() {}
    }

    /// `plan mcp`.
    public struct Mcp: ParsableArguments {
        public var model: String?
        public var offline = false
        public init() {}
    }

    /// `plan config`.
    public struct Config: ParsableArguments {
        public var json = false
        public init() {}
    }

    /// `plan config set <key> <value>`.
    public struct ConfigSet: ParsableArguments {
        public var key = ""
        public var value = ""
        public var json = false
        public init() {}
    }

    /// `plan completions <shell>`.
    public struct Completions: ParsableArguments {
        public var shell = Shell.bash
        public init() {}
    }

    /// `plan help [<command>] [--man]`.
    public struct Help: ParsableArguments {
        public var topic: [String] = []
        public var man = false
        public init() {}
    }

    /// The completion scripts' hidden query: `plan __complete trips|sessions`.
    public struct CompletionQuery: ParsableArguments {
        public var kind = CompletionKind.trips
        public init() {}
    }

    /// Groups that only name their subcommands.
    public struct Group: ParsableArguments {
        public init() {}
    }

    /// A shell `plan completions` writes for.
    public enum Shell: String, Sendable, CaseIterable {
        case bash, zsh, fish
    }

    /// What the completion scripts ask the database for.
    public enum CompletionKind: String, Sendable, CaseIterable {
        /// The command table, for the tests that check every command routes and is documented.
        case trips, sessions, commands
    }
}
