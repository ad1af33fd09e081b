import FoundationEssentials
import PlanKit
import Rendering

/// `plan config`: the traveller, and where each value comes from; `config set` is its subcommand.
public struct ConfigCommand: RunnableCommand {
    public static let path = ["config"]

    public var json = false

    public init() {}

    public static var declaration: Command<Self> {
        Command(
            path, summary: "The traveller: home country, units, laundry",
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
    }

    public static var subcommands: [any RunnableCommand.Type] { [ConfigSetCommand.self] }

    public func run(_ context: Context) async throws {
        let settings = try await context.app.travellerSettings()
        let traveller = settings.traveller
        if json {
            context.printJSON([
                "home": .string(traveller.home), "homeSource": .string(settings.homeSource.rawValue),
                "units": .string(traveller.units.rawValue), "unitsSource": .string(settings.unitsSource.rawValue),
                "laundry": .number(Double(traveller.laundryDays)), "laundrySource": .string(settings.laundrySource.rawValue),
                "adults": .number(Double(settings.party.adults)),
                "children": .array(settings.party.children.map { .number(Double($0)) }),
                "partySource": .string(settings.partySource.rawValue),
            ])
            return
        }
        let name = PackingVocabulary.countryName(traveller.home) ?? traveller.home
        let units = traveller.units == .us ? "us (°F, mph, ft)" : "metric (°C, km/h, m)"
        context.console.print("home     \(traveller.home) (\(name))  \(Self.describe(settings.homeSource, variable: "PLAN_HOME_COUNTRY"))")
        context.console.print("units    \(units)  \(Self.describe(settings.unitsSource, variable: "PLAN_UNITS", derived: "from home"))")
        context.console.print("laundry  every \(traveller.laundryDays) days  \(Self.describe(settings.laundrySource, variable: nil))")
        let party = settings.party
        let partySource = Self.describe(settings.partySource, variable: nil)
        context.console.print("adults   \(party.adults)  \(partySource)")
        let ages = party.children.isEmpty ? "none" : party.children.map(String.init).joined(separator: ", ")
        context.console.print("children \(ages)  \(partySource)")
    }

    static func describe(_ source: TravellerSettings.Source, variable: String?, derived: String = "default") -> String {
        switch source {
        case .environment: return "(from \(variable ?? "the environment"))"
        case .config: return "(plan config set)"
        case .locale: return "(from the locale)"
        case .default: return "(\(derived))"
        }
    }
}
