import Store
import Planner

extension PlanCommands {
    // MARK: - The list you pack from

    /// `plan check <trip> <item>…`.
    public static let check = Command<PlanArguments.Check>(
        ["check"], aliases: ["tick"], summary: "Tick items off a trip's list as you pack",
        discussion: """
            Ticks items on the trip's packing list. An item is its number as 'plan show'
            prints it, or its name in any case; the start of the name, or of a word in it
            ("umbrella" for "Compact umbrella"), is enough when only one item fits. Quote a
            name with spaces ("rain jacket"). A name that fits several items, or none, exits
            64 naming the candidates, and nothing is ticked.
            Digits are a number; --name reads them as a name (an item named "42").
            --all ticks every item. --from-markdown reads a checklist back (the Markdown that
            'plan show' prints, edited elsewhere): what is ticked there is ticked here, what
            is not is unticked; lines naming no item on the list are reported and skipped.
            Ticks follow an item by name to the next list when you pack again.
            """,
        parameters: [
            [
                listTrip(\.trip),
                .words("item", \.items, help: "an item's number or name (or the unique start of a name)", maximum: 500,
                       unit: "items", required: false),
            ],
            [
                .flag("all", \.all, help: "tick every item on the list"),
                .flag("name", \.byName, help: #"read the items as names, digits too ("42" the item named so)"#),
                .option("from-markdown", \.markdownFile, value: "<file>", help: "tick what this Markdown checklist ticks",
                        completion: .files),
                .flag("json", \.json, help: #"print {"trip", "changed", "unchanged", "packed", "total"}"#),
            ],
        ],
        forms: ["<trip> <item>…", "<trip> --all", "<trip> --from-markdown <file>"],
        overview: [.init("check <trip> <item>…", "Tick items off a trip's list as you pack")],
        section: .packing,
        examples: [
            "plan check 1 3 7 12", #"plan check 1 socks "rain jacket""#, "plan check 1 sun",
            "plan check 1 --from-markdown list.md",
        ],
        rules: PlanArguments.Check.rules(verb: "tick", markdown: true)
    )

    /// `plan uncheck <trip> <item>…`.
    public static let uncheck = Command<PlanArguments.Check>(
        ["uncheck"], aliases: ["untick"], summary: "Untick items on a trip's list",
        discussion: """
            Unticks items on the trip's packing list, named as for 'plan check': a number as
            'plan show' prints it, or a name (any case, a unique start is enough). --all
            unticks every item.
            """,
        parameters: [
            [
                listTrip(\.trip),
                .words("item", \.items, help: "an item's number or name (or the unique start of a name)", maximum: 500,
                       unit: "items", required: false),
            ],
            [
                .flag("all", \.all, help: "untick every item on the list"),
                .flag("name", \.byName, help: #"read the items as names, digits too ("42" the item named so)"#),
                .flag("json", \.json, help: #"print {"trip", "changed", "unchanged", "packed", "total"}"#),
            ],
        ],
        forms: ["<trip> <item>…", "<trip> --all"],
        overview: [.init("uncheck <trip> <item>…", "Untick items on a trip's list")],
        section: .packing,
        examples: ["plan uncheck 1 3", "plan uncheck 1 --all"],
        rules: PlanArguments.Check.rules(verb: "untick", markdown: false)
    )

    /// `plan item add <trip> <name>`.
    public static let itemAdd = Command<PlanArguments.ItemAdd>(
        ["item", "add"], summary: "Put an item of your own on a trip's list",
        discussion: """
            Puts an item of yours on the trip's list, marked as yours; it stays through every
            re-pack. An item already on the list becomes yours, with the quantity and
            category given. --always remembers it for every later trip, whatever the engine
            (see 'plan prefs').
            """,
        parameters: [
            [
                listTrip(\.trip),
                .argument("name", \.name, help: "the item's name (quote it when it has spaces)"),
            ],
            [
                .option("quantity", \.quantity, value: "<n>", help: "how many (1 to 999)") {
                    try ArgumentText.number($0, option: "quantity", range: 1...999, context: $1)
                },
                .option("category", \.category, value: "<c>", help: "where it goes on the list (default: Your items)",
                        completion: .choices(PackingInstructions.categories + [ListMerge.ownCategory])),
                .flag("always", \.always, help: "bring it on every later trip too"),
                .flag("json", \.json, help: "print the item as JSON"),
            ],
        ],
        section: .packing,
        examples: [
            #"plan item add 1 "CPAP machine" --category Health --always"#,
            #"plan item add 1 "Wool socks" --quantity 4 --category Clothing"#,
        ]
    )

    /// `plan item rm <trip> <item>`.
    public static let itemRemove = Command<PlanArguments.ItemRemove>(
        ["item", "rm"], aliases: ["remove"], summary: "Take an item off a trip's list",
        discussion: """
            Takes an item off the trip's list (named as for 'plan check'); it stays off
            through re-packs of this trip. --never also leaves it off every later list,
            whatever the engine suggests (see 'plan prefs').
            """,
        parameters: [
            [
                listTrip(\.trip),
                .argument("item", \.item, help: "the item's number or name"),
            ],
            [
                .flag("never", \.never, help: "never suggest it again, on any trip"),
                .flag("json", \.json, help: "print the item taken off as JSON"),
            ],
        ],
        section: .packing,
        examples: ["plan item rm 1 umbrella --never", "plan item rm 1 14"]
    )

    /// `plan item`: names `add` and `rm`.
    public static let item = Command<PlanArguments.Group>(
        ["item"], summary: "Your own items on a trip's list",
        discussion: """
            add puts an item of yours on a trip's list (--always: on every later trip too);
            rm takes one off (--never: off every later list too).
            """,
        overview: [
            .init("item add <trip> <name>", "Put an item of your own on a trip's list"),
            .init("item rm <trip> <item>", "Take an item off a trip's list"),
        ],
        section: .packing,
        examples: [#"plan item add 1 "CPAP machine" --always"#, "plan item rm 1 umbrella --never"],
        isGroup: true
    )

    /// `plan prefs rm <name>`.
    public static let prefsRemove = Command<PlanArguments.PrefsRemove>(
        ["prefs", "rm"], aliases: ["remove"], summary: "Forget a remembered item",
        discussion: """
            Forgets what is remembered for an item (its name in any case, or the unique start
            of it): later lists are as the engine makes them. Lists already made keep it.
            """,
        parameters: [[
            .argument("name", \.name, help: "the item's name, as 'plan prefs' prints it"),
            .flag("json", \.json, help: "print what was forgotten as JSON"),
        ]],
        section: .packing,
        examples: ["plan prefs rm umbrella"]
    )

    /// `plan prefs`.
    public static let prefs = Command<PlanArguments.Prefs>(
        ["prefs"], summary: "What plan remembers: items you always or never bring",
        discussion: """
            Lists the items you always bring and the ones you never want suggested (chosen
            with 'plan item add' and 'plan item rm'; see their --help), with when and on which
            trip you chose. They apply to every list made afterwards, from the built-in engine
            or a model.
            """,
        parameters: [[.flag("json", \.json, help: #"print an array of {"name", "choice", "quantity", "category", "since", "trip"}"#)]],
        overview: [
            .init("prefs", "What plan remembers: items you always or never bring"),
            .init("prefs rm <name>", "Forget a remembered item"),
        ],
        section: .packing,
        examples: ["plan prefs", "plan prefs rm umbrella"]
    )

    fileprivate static func listTrip<Root>(_ keyPath: WritableKeyPath<Root, Int> & Sendable) -> Parameter<Root> {
        .argument("trip", keyPath, help: "a trip id (see 'plan list')", completion: .trips) {
            try ArgumentText.id($0, what: "trip", context: $1)
        }
    }
}
