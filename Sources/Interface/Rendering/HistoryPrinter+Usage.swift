import FoundationEssentials
import Basics
import JSON
import LanguageModels
import Model
import PlanKit
import Rendering

extension HistoryPrinter {
    /// `history --usage --json`: tokens by model and by session, tool output, and the HTTP cache.
    public static func usageJSON(_ report: UsageReport) -> JSONValue {
        let cache = report.cache
        return [
            "models": .array(report.models.map { model in
                ["model": .string(model.model), "sessions": .number(Double(model.sessions)),
                 "promptTokens": .number(Double(model.promptTokens)),
                 "completionTokens": .number(Double(model.completionTokens)),
                 "transcriptTokens": .number(Double(model.transcriptTokens)),
                 "reasoningTokens": .number(Double(report.reasoning[model.model] ?? 0))]
            }),
            "tools": .array(report.tools.map { ["tool": .string($0.tool), "calls": .number(Double($0.calls)), "tokens": .number(Double($0.tokens))] }),
            "sessions": .array(report.sessions.map { session in
                ["session": .number(Double(session.session)), "trip": .from(session.trip), "model": .string(session.model),
                 "transcriptTokens": .number(Double(session.transcriptTokens)),
                 "promptTokens": .number(Double(session.promptTokens)),
                 "completionTokens": .number(Double(session.completionTokens))]
            }),
            "cache": [
                "entries": .number(Double(cache.entries)), "bytes": .number(Double(cache.bytes)),
                "expired": .number(Double(cache.expired)), "hits": .number(Double(cache.hits)),
                "misses": .number(Double(cache.misses)), "revalidated": .number(Double(cache.revalidated)),
                "stale": .number(Double(cache.stale)), "networkRequests": .number(Double(cache.networkRequests)),
                "hitRate": .from(cache.hitRate),
            ],
        ]
    }

    /// `history --usage` as text: four tables and the cache's counts.
    public static func usageLines(_ report: UsageReport, styling: some TextStyling) -> [String] {
        var lines = [styling.bold("Tokens by model")]
        let modelRows = report.models.map {
            ["\($0.model)", "\($0.sessions)", "\($0.transcriptTokens)", "\($0.promptTokens)", "\($0.completionTokens)"]
        }
        lines += TripPrinter.table([["MODEL", "SESSIONS", "TRANSCRIPT", "PROMPT (server)", "COMPLETION (server)"]] + modelRows).map { "  " + $0 }
        // Reasoning models spend hidden tokens (part of the completion tokens).
        for (model, tokens) in report.reasoning.sorted(by: { $0.key < $1.key }) {
            lines.append("  " + styling.dim("\(model): \(tokens) of its completion tokens were reasoning"))
        }
        lines.append(styling.bold("Sessions that spent the most"))
        let sessionRows = report.sessions.map {
            ["\($0.session)", $0.trip.map(String.init) ?? "-", String($0.model.prefix(28)), "\($0.transcriptTokens)",
             "\($0.promptTokens)", "\($0.completionTokens)"]
        }
        lines += TripPrinter.table([["SESSION", "TRIP", "MODEL", "TRANSCRIPT", "PROMPT (server)", "COMPLETION (server)"]] + sessionRows).map { "  " + $0 }
        lines.append(styling.bold("Tool output in transcripts"))
        lines += TripPrinter.table([["TOOL", "CALLS", "TOKENS"]] + report.tools.map { [$0.tool, "\($0.calls)", "\($0.tokens)"] }).map { "  " + $0 }
        let cache = report.cache
        lines.append(styling.bold("HTTP cache"))
        let rate = cache.hitRate.map { Printf.format("%.0f%%", $0 * 100) } ?? "n/a"
        lines.append("  \(cache.entries) entries, \(cache.bytes / 1024) KiB (\(cache.expired) expired; 'plan cache prune' drops them)")
        lines.append("  hits \(cache.hits), misses \(cache.misses), revalidated \(cache.revalidated), stale \(cache.stale); hit rate \(rate); \(cache.networkRequests) network requests")
        return lines
    }
}
