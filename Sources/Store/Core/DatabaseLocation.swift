import FoundationEssentials
import Basics
import Model

/// Where the database lives: `PLAN_DB`, else `$XDG_DATA_HOME/plan/plan.sqlite`, else `~/.local/share/plan/plan.sqlite`.
public enum DatabaseLocation {
    /// The database path for this environment.
    public static func path(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let explicit = environment["PLAN_DB"], !explicit.isEmpty {
            return explicit
        }
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return xdg + "/plan/plan.sqlite"
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? PathText.homeFolder()
        return home + "/.local/share/plan/plan.sqlite"
    }
}
