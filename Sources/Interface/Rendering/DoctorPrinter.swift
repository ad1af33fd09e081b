import FoundationEssentials
import Basics
import HTTPCore
import JSON
import LanguageModels
import Model
import PlanKit
import Rendering

/// `plan doctor`'s diagnosis as text (a line or more per part, problems in capitals) and as JSON.
public enum DoctorPrinter {
    // MARK: - Text

    /// The lines doctor prints.
    public static func lines(_ diagnosis: Diagnosis) -> [String] {
        var lines = databaseLines(diagnosis.database)
        lines.append("Places       \(TerminalText.oneLine(diagnosis.placeDataPath)) \(placeNote(diagnosis.placeData))")
        let zones = diagnosis.timeZonesRead ? "(ok)" : "(MISSING: install tzdata, or set TZDIR; each stop's days are taken in UTC)"
        lines.append("Time zones   \(TerminalText.oneLine(diagnosis.timeZonePath)) \(zones)")
        for service in diagnosis.geocoders {
            guard let reachable = service.isReachable else {
                lines.append("Geocoder     \(service.name) \(service.url.absoluteString) (offline: not checked)")
                continue
            }
            let state = reachable ? "reachable" : "unreachable, not counted as a problem: only places in the offline data can be found"
            lines.append("Geocoder     \(service.name) \(service.url.absoluteString) (\(state): \(service.detail))")
        }
        for service in diagnosis.forecastServices {
            let name = service.name.padded(toLength: 12)
            guard let reachable = service.isReachable else {
                lines.append("\(name) \(service.url.absoluteString) (offline: not checked)")
                continue
            }
            lines.append("\(name) \(service.url.absoluteString) (\(reachable ? "reachable" : "UNREACHABLE"): \(service.detail))")
        }
        if diagnosis.contact == nil {
            lines.append("Contact      not set: set PLAN_CONTACT to your email or URL (NWS asks for it)")
        }
        return lines + modelLines(diagnosis.model)
    }

    static func databaseLines(_ database: Diagnosis.Database) -> [String] {
        let integrity = database.integrity.split(separator: "\n").first.map(String.init) ?? database.integrity
        var lines = [
            "Database     \(database.path)",
            "             schema \(database.schemaVersion), \(database.journalMode), integrity \(integrity), \(database.trips) trip\(database.trips == 1 ? "" : "s")",
        ]
        for row in database.damagedRows {
            lines.append("             DAMAGED ROW: \(row.table) id \(row.id): \(row.detail)")
        }
        return lines
    }

    static func placeNote(_ state: Diagnosis.PlaceDataState) -> String {
        switch state {
        case .ok: return "(ok)"
        case .damaged: return "(DAMAGED: rebuild it with scripts/build-gazetteer.sh or set PLAN_GAZETTEER; online lookup stands in)"
        case .missing: return "(MISSING: run scripts/build-gazetteer.sh or set PLAN_GAZETTEER)"
        }
    }

    static func modelLines(_ model: Diagnosis.Model) -> [String] {
        switch model {
        case .builtin: return ["Model        builtin (deterministic rules; set PLAN_MODEL to use a model server)"]
        case let .unreachable(endpoint, detail): return ["Model        \(endpoint) (UNREACHABLE: \(detail))"]
        case let .server(server): return serverLines(server)
        }
    }

    static func serverLines(_ server: Diagnosis.ModelServer) -> [String] {
        let profile = server.profile
        var lines = [
            "Model        \(server.endpoint) (reachable)",
            "             \(profile.kind.displayName)\(server.isEngineForced ? " (PLAN_ENGINE)" : ""), model \(server.servedName)\(profile.isReasoning ? " (reasoning)" : "")",
            "             context \(profile.windowDescription); tool calling: \(server.toolMode.rawValue); token counts: \(tokenizer(profile.tokenizer))",
        ]
        if profile.kind.truncatesSilently {
            lines.append("             Ollama cuts an overlong prompt silently: plan keeps prompt and answer within the window")
        }
        let learnt = server.learnt
        if !learnt.isEmpty { lines.append("             learnt from its refusals: \(learnt.joined(separator: ", "))") }
        if !server.replaced.isEmpty {
            lines.append("             asked afresh, replacing what was learnt: \(server.replaced.map(\.description).joined(separator: "; "))")
        }
        if profile.isModelListUnavailable {
            lines.append("             model list unavailable: its /v1/models answer is larger than \(TransportLimits.describe(bytes: EngineDetector.maximumModelListBytes))")
        }
        if server.isWindowTooSmall {
            lines.append("             PROBLEM: a context of \(profile.window) tokens is too small for `plan ask` (at least \(ContextTooSmallError.minimum)); start the server with a larger one (llama-server -c 4096).")
        }
        if server.isNativeForcedWithoutToolSupport {
            lines.append("             PROBLEM: PLAN_TOOL_MODE=native, but this server's chat template cannot do tools: it drops them silently. Unset PLAN_TOOL_MODE (plan then uses guided calling), or start the server with a tool-capable --chat-template-file.")
        }
        return lines
    }

    static func tokenizer(_ tokenizer: EngineProfile.Tokenizer) -> String {
        switch tokenizer {
        case .llamacpp: return "server /tokenize"
        case .vllm: return "vLLM's /tokenize"
        case .llamaCppPython: return "llama-cpp-python's /extras/tokenize/count"
        case .estimate: return "estimate, corrected by each reply's usage"
        }
    }

    // MARK: - Problems

    /// The closing error: how many problems, each named ("2 problems found: NWS unreachable, Open-Meteo
    /// unreachable."), the first six and how many more.
    public static func problemMessage(_ found: [DoctorProblem]) -> String {
        let named = found.prefix(6).map(describe)
        let more = found.count > 6 ? " and \(found.count - 6) more" : ""
        return "\(found.count) problem\(found.count == 1 ? "" : "s") found: \(named.joined(separator: ", "))\(more) (see above)."
    }

    static func describe(_ problem: DoctorProblem) -> String {
        switch problem {
        case .integrity: return "the database's integrity check"
        case let .damagedRow(table, id): return "a damaged row (\(table) id \(id))"
        case let .placeData(state): return "the place data \(state == .damaged ? "damaged" : "missing")"
        case .timeZoneData: return "the time zone data missing"
        case let .unreachable(service): return "\(service) unreachable"
        case .modelUnreachable: return "the model server unreachable"
        case .windowTooSmall: return "the model's window too small"
        case .nativeToolsDropped: return "native tool calling on a template without tools"
        }
    }

    /// The closing error's hint: only the remedies for the problems found (working offline for an unreachable
    /// service, the built-in engine for a model server's problem, so never while it is already in use).
    public static func problemHint(_ found: [DoctorProblem]) -> String? {
        var remedies: [String] = []
        if found.contains(where: { if case .unreachable = $0 { return true } else { return false } }) {
            remedies.append("work offline with --offline or PLAN_OFFLINE=1")
        }
        if found.contains(where: \.isModelServers) { remedies.append("set PLAN_MODEL=builtin to use the built-in engine") }
        guard let first = remedies.first else { return nil }
        return ([first.prefix(1).uppercased() + first.dropFirst()] + remedies.dropFirst()).joined(separator: "; ") + "."
    }

    // MARK: - Forgetting

    /// What `plan doctor --forget` says it forgot.
    public static func forgetLines(_ forgetting: EngineForgetting) -> [String] {
        guard let endpoint = forgetting.endpoint else {
            return ["The built-in engine learns nothing from a model server: nothing to forget."]
        }
        guard forgetting.profiles > 0 else { return ["plan has learnt nothing about \(endpoint): nothing to forget."] }
        guard !forgetting.facts.isEmpty else {
            return ["Forgot the engine plan found at \(endpoint) (nothing learnt from its answers); it is asked afresh next time."]
        }
        return [
            "Forgot what plan learnt about \(endpoint): \(forgetting.facts.map(\.description).joined(separator: "; ")).",
            "The server is asked afresh next time.",
        ]
    }

    /// `plan doctor --forget --json`.
    public static func forgetJSON(_ forgetting: EngineForgetting) -> JSONValue {
        [
            "endpoint": .from(forgetting.endpoint), "forgotten": .bool(forgetting.profiles > 0),
            "profiles": .number(Double(forgetting.profiles)), "learnt": .array(forgetting.facts.map { .string($0.description) }),
        ]
    }

    // MARK: - JSON

    /// The diagnosis as `plan doctor --json` prints it (docs/guide.md lists the keys).
    public static func json(_ diagnosis: Diagnosis) -> JSONValue {
        let database = diagnosis.database
        return [
            "database": [
                "path": .string(database.path), "schemaVersion": .number(Double(database.schemaVersion)),
                "knownSchemaVersion": .number(Double(DatabaseDamage.knownVersion)), "integrity": .string(database.integrity),
                "journalMode": .string(database.journalMode), "trips": .number(Double(database.trips)),
                "damagedRows": .array(database.damagedRows.map {
                    ["table": .string($0.table), "id": .number(Double($0.id)), "detail": .string($0.detail)]
                }),
            ],
            "gazetteer": [
                "path": .string(diagnosis.placeDataPath), "ok": .bool(diagnosis.placeData == .ok),
                "state": .string(diagnosis.placeData.rawValue),
            ],
            "timeZones": ["path": .string(diagnosis.timeZonePath), "ok": .bool(diagnosis.timeZonesRead)],
            "geocoders": .array(diagnosis.geocoders.map(serviceJSON)),
            "forecastServices": .array(diagnosis.forecastServices.map(serviceJSON)),
            "contact": .from(diagnosis.contact),
            "model": modelJSON(diagnosis.model),
            "problems": .number(Double(diagnosis.problems)),
            "found": .array(diagnosis.found.map { .string(describe($0)) }),
        ]
    }

    static func serviceJSON(_ service: Diagnosis.Service) -> JSONValue {
        [
            "name": .string(service.name), "url": .string(service.url.absoluteString),
            "reachable": service.isReachable.map { .bool($0) } ?? .null, "detail": .string(service.detail),
        ]
    }

    static func modelJSON(_ model: Diagnosis.Model) -> JSONValue {
        switch model {
        case .builtin:
            return ["endpoint": "builtin", "reachable": true, "name": "builtin", "contextSize": 4096, "toolCalling": "builtin"]
        case let .unreachable(endpoint, detail):
            return ["endpoint": .string(endpoint), "reachable": false, "detail": .string(detail)]
        case let .server(server):
            let profile = server.profile
            let window = profile.window
            return [
                "endpoint": .string(server.endpoint), "reachable": true, "name": .string(server.servedName),
                "engine": .string(profile.kind.rawValue), "engineName": .string(profile.kind.displayName),
                "engineForced": .bool(server.isEngineForced), "nativeToolsUnsupported": .bool(server.isNativeForcedWithoutToolSupport),
                "contextTooSmall": .bool(server.isWindowTooSmall), "modelPath": .from(profile.modelPath),
                "contextSize": profile.isWindowKnown || profile.kind.reportsWindow ? .number(Double(window)) : .null,
                "contextSizeFrom": .string(profile.isWindowKnown ? "server" : profile.kind.reportsWindow ? "default" : "unknown"),
                "contextSource": .from(profile.contextSource), "toolCalling": .string(server.toolMode.rawValue),
                "tokenizer": .string(profile.tokenizer == .estimate ? "estimate" : "server"), "reasoning": .bool(profile.isReasoning),
                "learnt": .array(server.learnt.map { .string($0) }), "truncatesSilently": .bool(profile.kind.truncatesSilently),
                "modelListUnavailable": .bool(profile.isModelListUnavailable),
                "replaced": .array(server.replaced.map { .string($0.description) }),
            ]
        }
    }
}
