import FoundationEssentials
import PlanKit
import Rendering

/// `plan config set <key> <value>`: one of the traveller's settings, stored.
public struct ConfigSetCommand: RunnableCommand {
    public static let path = ["config", "set"]

    public var key = ""
    public var value = ""
    public var json = false

    public init() {}

    public static var declaration: Command<Self> {
        Command(
            path, summary: "Set home, units, laundry, adults or children",
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
    }

    public func run(_ context: Context) async throws {
        let value: String
        switch key {
        case "home": value = try TravellerSettings.country(self.value, name: "home")
        case "units": value = try TravellerSettings.units(self.value, name: "units").rawValue
        case "laundry": value = String(try TravellerSettings.laundry(self.value, name: "laundry"))
        case "adults": value = String(try TravellerSettings.adults(self.value, name: "adults"))
        case "children": value = try Self.childrenSetting(self.value, name: "children")
        default:
            throw CLIError.usage(
                "no setting '\(ArgumentText.printable(key))'; use home, units, laundry, adults or children.", command: "config set"
            )
        }
        try await context.app.setTravellerSetting(key, to: value)
        if json {
            context.printJSON(["key": .string(key), "value": .string(value)])
        } else {
            context.console.print("\(key) = \(value)")
        }
        let variable = ["home": "PLAN_HOME_COUNTRY", "units": "PLAN_UNITS"][key]
        if let variable, let set = context.environment[variable], !set.isEmpty {
            context.console.warn("plan: \(variable)=\(ArgumentText.printable(set)) is set and wins over this setting.")
        }
    }

    /// Ages for `plan config set children`, stored as a JSON array ("[8,5,1]"; "[]" for none).
    static func childrenSetting(_ text: String, name: String) throws -> String {
        do {
            return "[" + (try ArgumentText.ages(text)).map(String.init).joined(separator: ",") + "]"
        } catch let error as ArgumentText.AgesError {
            throw CLIError(code: ExitCode.usage, message: "\(name) \(error.message)",
                           hint: "For example 'plan config set children 8,5,1', or 'plan config set children none'.")
        }
    }
}
