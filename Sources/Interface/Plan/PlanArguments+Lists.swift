import Store

extension PlanArguments {
    /// `plan check` and `plan uncheck`.
    public struct Check: ParsableArguments {
        public var trip = 0
        public var items: [String] = []
        public var all = false
        /// `--name`: every item given is a name, digits too ("42").
        public var byName = false
        /// `--from-markdown <file>` (check only).
        public var markdownFile: String?
        public var json = false
        public init() {}
    }

    /// `plan item add`.
    public struct ItemAdd: ParsableArguments {
        public var trip = 0
        public var name = ""
        public var quantity: Int?
        public var category: String?
        public var always = false
        public var json = false
        public init() {}
    }

    /// `plan item rm`.
    public struct ItemRemove: ParsableArguments {
        public var trip = 0
        public var item = ""
        public var never = false
        public var json = false
        public init() {}
    }

    /// `plan prefs`.
    public struct Prefs: ParsableArguments {
        public var json = false
        public init() {}
    }

    /// `plan prefs rm`.
    public struct PrefsRemove: ParsableArguments {
        public var name = ""
        public var json = false
        public init() {}
    }
}
