import Foundation
import LanguageModels
import Planner
import Tools

/// `plan config` (the traveller, and where each value comes from) and `plan config set <key> <value>`.
public struct ConfigCommand {
    let context: Context

    public init(context: Context) {
        self.context = context
    }

    public func run(_ arguments: PlanArguments.Config) async throws {
        let store = try context.openStore()
        let settings = try TravellerSettings(environment: context.environment, stored: try await store.travellerSettings())
        let traveller = settings.traveller
        if arguments.json {
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
        let name = PlugTable.country(traveller.home)?.name ?? traveller.home
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

    public func set(_ arguments: PlanArguments.ConfigSet) async throws {
        let value: String
        switch arguments.key {
        case "home": value = try TravellerSettings.country(arguments.value, name: "home")
        case "units": value = try TravellerSettings.units(arguments.value, name: "units").rawValue
        case "laundry": value = String(try TravellerSettings.laundry(arguments.value, name: "laundry"))
        case "adults": value = String(try TravellerSettings.adults(arguments.value, name: "adults"))
        case "children": value = try TravellerSettings.childrenSetting(arguments.value, name: "children")
        default:
            throw CLIError.usage(
                "no setting '\(ArgumentText.printable(arguments.key))'; use home, units, laundry, adults or children.", command: "config set"
            )
        }
        let store = try context.openStore()
        try await store.setTravellerSetting(arguments.key, to: value)
        if arguments.json {
            context.printJSON(["key": .string(arguments.key), "value": .string(value)])
        } else {
            context.console.print("\(arguments.key) = \(value)")
        }
        let variable = ["home": "PLAN_HOME_COUNTRY", "units": "PLAN_UNITS"][arguments.key]
        if let variable, let set = context.environment[variable], !set.isEmpty {
            context.console.warn("plan: \(variable)=\(ArgumentText.printable(set)) is set and wins over this setting.")
        }
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
