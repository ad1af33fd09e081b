import Foundation
import Interface
import LanguageModels
import Planner
import Store
import Tools

/// `plan doctor`: the database, the place data, the forecast services and the model, checked.
struct DoctorCommand {
    let context: Context

    func run(_ arguments: PlanArguments.Doctor) async throws {
        let settings = try Settings(environment: context.environment)
        let offline = arguments.offline || settings.isOffline
        var report: [String: JSONValue] = [:]
        var lines: [String] = []
        var problems = 0

        // Database
        let store = try context.openStore()
        let version = try await store.schemaVersion()
        // A bounded check (quick_check, at most 20 problems), then every row decoded one at a time, so a
        // damaged row is reported by table and id instead of failing doctor itself.
        let integrity = try await store.quickCheck(maximumErrors: 20)
        let damaged = try await store.damagedRows(limit: 20)
        let trips = try await store.rows("SELECT count(*) AS n FROM trips").first?.int("n") ?? 0
        report["database"] = [
            "path": .string(store.path), "schemaVersion": .number(Double(version)),
            "knownSchemaVersion": .number(Double(Migration.latestVersion)), "integrity": .string(integrity),
            "journalMode": .string(try await store.journalMode()), "trips": .number(Double(trips)),
            "damagedRows": .array(damaged.map { ["table": .string($0.table), "id": .number(Double($0.id)), "detail": .string($0.detail)] }),
        ]
        lines.append("Database     \(store.path)")
        lines.append("             schema \(version), \(try await store.journalMode()), integrity \(integrity.split(separator: "\n").first.map(String.init) ?? integrity), \(trips) trips")
        if integrity != "ok" { problems += 1 }
        for row in damaged {
            problems += 1
            lines.append("             DAMAGED ROW: \(row.table) id \(row.id): \(row.detail)")
        }

        // Place data
        let gazetteerPath = Gazetteer.defaultPath(environment: context.environment)
        // Opened and checked (its tables, no views, a row of each, and SQLite's quick_check when under 1 GB).
        var gazetteerState = "ok"
        do {
            let size = (try? FileManager.default.attributesOfItem(atPath: gazetteerPath)[.size] as? Int) ?? 0
            try await Gazetteer(path: gazetteerPath).check(quick: size > 1 << 30)
        } catch GeocodingError.gazetteerDamaged {
            gazetteerState = "damaged"
        } catch {
            gazetteerState = "missing"
        }
        let gazetteerOK = gazetteerState == "ok"
        report["gazetteer"] = ["path": .string(gazetteerPath), "ok": .bool(gazetteerOK), "state": .string(gazetteerState)]
        let placeNote = switch gazetteerState {
        case "ok": "(ok)"
        case "damaged": "(DAMAGED: rebuild it with scripts/build-gazetteer.sh or set PLAN_GAZETTEER; online lookup stands in)"
        default: "(MISSING: run scripts/build-gazetteer.sh or set PLAN_GAZETTEER)"
        }
        lines.append("Places       \(TerminalText.oneLine(gazetteerPath)) \(placeNote)")
        if !gazetteerOK { problems += 1 }

        // Online geocoders: asked only for places the offline data lacks, so an unreachable one is not a problem.
        var geocoders: [JSONValue] = []
        for (name, url) in [("Open-Meteo geocoding", settings.geocoderBase), ("Nominatim", settings.nominatimBase)] {
            if offline {
                geocoders.append(["name": .string(name), "url": .string(url.absoluteString), "reachable": .null, "detail": "offline"])
                lines.append("Geocoder     \(name) \(url.absoluteString) (offline: not checked)")
                continue
            }
            context.console.progress("Checking \(name)…")
            let outcome = await ServiceProbe.check(url, userAgent: settings.userAgent)
            geocoders.append([
                "name": .string(name), "url": .string(url.absoluteString), "reachable": .bool(outcome.isReachable),
                "detail": .string(outcome.detail),
            ])
            lines.append("Geocoder     \(name) \(url.absoluteString) (\(outcome.isReachable ? "reachable" : "unreachable: places not in the offline data cannot be found"): \(outcome.detail))")
        }
        report["geocoders"] = .array(geocoders)

        // Forecast services
        var services: [JSONValue] = []
        for (name, url) in [("NWS", settings.nwsBase), ("Open-Meteo", settings.openMeteoBase)] {
            if offline {
                services.append(["name": .string(name), "url": .string(url.absoluteString), "reachable": .null, "detail": "offline"])
                lines.append("\(name.padding(toLength: 12, withPad: " ", startingAt: 0)) \(url.absoluteString) (offline: not checked)")
                continue
            }
            context.console.progress("Checking \(name)…")
            let outcome = await ServiceProbe.check(url, userAgent: settings.userAgent(for: url))
            services.append([
                "name": .string(name), "url": .string(url.absoluteString), "reachable": .bool(outcome.isReachable),
                "detail": .string(outcome.detail),
            ])
            lines.append("\(name.padding(toLength: 12, withPad: " ", startingAt: 0)) \(url.absoluteString) (\(outcome.isReachable ? "reachable" : "UNREACHABLE"): \(outcome.detail))")
            if !outcome.isReachable { problems += 1 }
        }
        context.console.endProgress()
        report["forecastServices"] = .array(services)
        report["contact"] = .from(settings.contact)
        if settings.contact == nil {
            lines.append("Contact      not set: set PLAN_CONTACT to your email or URL (NWS asks for it)")
        }

        // Model
        let model = try await context.languageModel(named: arguments.model)
        if let server = model as? OpenAICompatibleModel {
            context.console.progress("Asking the model server…")
            do {
                // Asked afresh (what the server refused before is kept), and remembered for the next commands.
                let profile = try await server.profile(fresh: true)
                let mode = try await server.toolMode()
                let window = profile.window
                let served = await server.servedName()
                let nativeWithoutTools = await server.isNativeForcedWithoutToolSupport()
                if nativeWithoutTools { problems += 1 }
                let tokenizer: String
                switch profile.tokenizer {
                case .llamacpp: tokenizer = "server /tokenize"
                case .vllm: tokenizer = "vLLM's /tokenize"
                case .llamaCppPython: tokenizer = "llama-cpp-python's /extras/tokenize/count"
                case .estimate: tokenizer = "estimate, corrected by each reply's usage"
                }
                var learnt = profile.droppedFields.map { "\($0) not sent" }
                learnt += profile.renamedFields.sorted(by: { $0.key < $1.key }).map { "\($0.key) sent as \($0.value)" }
                if profile.fixedSampling { learnt.append("default sampling only") }
                if profile.schemaInJSONObject, !profile.kind.takesSchemaInJSONObject {
                    learnt.append("structured output as json_object with a schema")
                }
                if profile.contextSource == EngineProfile.overflowSource, let size = profile.contextSize {
                    learnt.append("a window of \(size.formatted(.number.grouping(.automatic))) tokens, from its overflow message")
                }
                report["model"] = [
                    "endpoint": .string(server.displayURL), "reachable": true, "name": .string(served),
                    "engine": .string(profile.kind.rawValue), "engineName": .string(profile.kind.displayName),
                    "engineForced": .bool(server.forcedEngine != nil),
                    "nativeToolsUnsupported": .bool(nativeWithoutTools),
                    "contextTooSmall": .bool(window < ContextTooSmallError.minimum),
                    "modelPath": .from(profile.modelPath), "contextSize": profile.isWindowKnown || profile.kind.reportsWindow ? .number(Double(window)) : .null,
                    "contextSizeFrom": .string(profile.isWindowKnown ? "server" : profile.kind.reportsWindow ? "default" : "unknown"),
                    "contextSource": .from(profile.contextSource),
                    "toolCalling": .string(mode.rawValue), "tokenizer": .string(profile.tokenizer == .estimate ? "estimate" : "server"),
                    "reasoning": .bool(profile.isReasoning), "learnt": .array(learnt.map { .string($0) }),
                    "truncatesSilently": .bool(profile.kind.truncatesSilently),
                    "modelListUnavailable": .bool(profile.isModelListUnavailable),
                ]
                lines.append("Model        \(server.displayURL) (reachable)")
                lines.append("             \(profile.kind.displayName)\(server.forcedEngine != nil ? " (PLAN_ENGINE)" : ""), model \(served)\(profile.isReasoning ? " (reasoning)" : "")")
                lines.append("             context \(profile.windowDescription); tool calling: \(mode.rawValue); token counts: \(tokenizer)")
                if profile.kind.truncatesSilently {
                    lines.append("             Ollama cuts an overlong prompt silently: plan keeps prompt and answer within the window")
                }
                if !learnt.isEmpty { lines.append("             learnt from its refusals: \(learnt.joined(separator: ", "))") }
                if profile.isModelListUnavailable {
                    lines.append("             model list unavailable: its /v1/models answer is larger than \(ModelTransportLimits.describe(bytes: EngineDetector.maximumModelListBytes))")
                }
                if window < ContextTooSmallError.minimum {
                    problems += 1
                    lines.append("             PROBLEM: a context of \(window) tokens is too small for `plan ask` (at least \(ContextTooSmallError.minimum)); start the server with a larger one (llama-server -c 4096).")
                }
                if nativeWithoutTools {
                    lines.append("             PROBLEM: PLAN_TOOL_MODE=native, but this server's chat template cannot do tools: it drops them silently. Unset PLAN_TOOL_MODE (plan then uses guided calling), or start the server with a tool-capable --chat-template-file.")
                }
            } catch {
                problems += 1
                report["model"] = ["endpoint": .string(server.displayURL), "reachable": false,
                                   "detail": .string(ErrorReport(error).message)]
                lines.append("Model        \(server.displayURL) (UNREACHABLE: \(ErrorReport(error).message))")
            }
            context.console.endProgress()
        } else {
            report["model"] = ["endpoint": "builtin", "reachable": true, "name": "builtin", "contextSize": 4096, "toolCalling": "builtin"]
            lines.append("Model        builtin (deterministic rules; set PLAN_MODEL to use a model server)")
        }
        report["problems"] = .number(Double(problems))
        if arguments.json {
            context.printJSON(.object(report))
        } else {
            for line in lines { context.console.print(line) }
        }
        if problems > 0 {
            throw CLIError(
                code: ExitCode.unavailable, message: "\(problems) problem\(problems == 1 ? "" : "s") found (see above).",
                hint: "Work offline with --offline or PLAN_OFFLINE=1; set PLAN_MODEL=builtin to use the built-in engine."
            )
        }
    }
}
