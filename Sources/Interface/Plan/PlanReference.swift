import Rendering
/// The configuration and exit-code tables the overview, the man page and the README share.
public enum PlanReference {
    /// One row of the configuration table.
    public struct Variable: Sendable, Equatable {
        /// The variables the row is about (`PLAN_NWS_URL`, `PLAN_OPEN_METEO_URL`).
        public let names: [String]
        public let meaning: String
        public let defaultValue: String
    }

    /// One row of the exit-code table.
    public struct ExitStatus: Sendable, Equatable {
        public let code: Int32
        public let meaning: String
    }

    /// The environment plan reads; flags win where both exist.
    public static let environment: [Variable] = [
        Variable(names: ["PLAN_DB"], meaning: "the SQLite database",
                 defaultValue: "$XDG_DATA_HOME/plan/plan.sqlite, else ~/.local/share/plan/plan.sqlite"),
        Variable(names: ["PLAN_MODEL"], meaning: "builtin, or an OpenAI-compatible base URL", defaultValue: "builtin"),
        Variable(names: ["PLAN_MODEL_NAME"], meaning: "the model name sent to that server", defaultValue: "whatever it serves"),
        Variable(names: ["PLAN_API_KEY"], meaning: "bearer token for a hosted API", defaultValue: "none"),
        Variable(names: ["PLAN_TOOL_MODE"], meaning: "native or guided tool calling", defaultValue: "auto"),
        Variable(names: ["PLAN_ENGINE"], meaning: "the model server's kind: llamacpp, ollama, vllm, lmstudio, llama-cpp-python or openai", defaultValue: "detected"),
        Variable(names: ["PLAN_REASONING"], meaning: "low, medium or high: a reasoning model's effort", defaultValue: "unset"),
        Variable(names: ["PLAN_MODEL_TIMEOUT"], meaning: "seconds one model answer may take, start to finish (0.1-3600)",
                 defaultValue: "300"),
        Variable(names: ["PLAN_CONTACT"], meaning: "your email or URL, sent in the User-Agent to the NWS host only",
                 defaultValue: "none (plan warns once)"),
        Variable(names: ["PLAN_OFFLINE"], meaning: "1: never touch the network", defaultValue: "unset"),
        Variable(names: ["PLAN_NWS_URL", "PLAN_OPEN_METEO_URL"], meaning: "the weather services' base URLs",
                 defaultValue: "https://api.weather.gov, https://api.open-meteo.com"),
        Variable(names: ["PLAN_GEOCODER_URL"], meaning: "Open-Meteo's geocoding API (places not in the offline data)",
                 defaultValue: "https://geocoding-api.open-meteo.com"),
        Variable(names: ["PLAN_CLIMATE_URL"], meaning: "Open-Meteo's historical weather API, for the days past the forecast",
                 defaultValue: "https://archive-api.open-meteo.com"),
        Variable(names: ["PLAN_MARINE_URL"], meaning: "Open-Meteo's marine API, for the sea's temperature on water trips",
                 defaultValue: "https://marine-api.open-meteo.com"),
        Variable(names: ["PLAN_NOMINATIM_URL"], meaning: "Nominatim, OpenStreetMap's geocoder (parks, lakes, islands, coasts)",
                 defaultValue: "https://nominatim.openstreetmap.org"),
        Variable(names: ["PLAN_GAZETTEER"], meaning: "the place data file (scripts/build-gazetteer.sh builds it)",
                 defaultValue: "beside the binary, or ../share/plan/gazetteer.sqlite"),
        Variable(names: ["TZDIR"], meaning: "the tz database places' local days are read from (plan doctor checks it)",
                 defaultValue: "/usr/share/zoneinfo"),
        Variable(names: ["PLAN_HTTP_TIMEOUT", "PLAN_HTTP_RETRIES"],
                 meaning: "seconds one weather request may take, start to finish, and tries for 5xx/timeouts",
                 defaultValue: "15, 3"),
        Variable(names: ["NO_COLOR"], meaning: "no colour", defaultValue: "unset"),
    ]

    /// sysexits, as plan uses them.
    public static let exitCodes: [ExitStatus] = [
        ExitStatus(code: 0, meaning: "success"),
        ExitStatus(code: 64, meaning: "usage: unknown command or option, missing or malformed argument, bad date, end before start"),
        ExitStatus(code: 65, meaning: "data: unknown place, an answer from the model that cannot be used, a damaged or foreign database"),
        ExitStatus(code: 66, meaning: "no such trip or session (serve: no list to serve)"),
        ExitStatus(code: 69, meaning: "a service is unavailable with nothing cached to stand in (and doctor when it finds a problem; serve: its address or port cannot be used)"),
        ExitStatus(code: 70, meaning: "internal error (a bug)"),
        ExitStatus(code: 74, meaning: "the database cannot be opened, created, read or written"),
        ExitStatus(code: 75, meaning: "the database stayed busy past the 10 s timeout, or the model server rate-limits past plan's wait"),
    ]
}
