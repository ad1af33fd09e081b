import Foundation
import Interface
import LanguageModels
import Model
import PlanKit
import Store
import Testing
import Tools

/// Every error that reaches the top gets its one-line message, its hint and the exit code docs/guide.md
/// documents; the codes SQLite gives are read by name (`StoreError.isForeignKeyViolation`, `isDamagedFile`).
@Suite struct ErrorReportTests {
    struct Custom: ReportableError {
        var report: ErrorReport { ErrorReport(message: "no trip 9.", hint: "Run 'plan list'.", code: 66) }
    }

    struct Undescribed: Error {}

    static let cases: [(any Error, Int32)] = [
        (StoreError.sqlite(code: 787, message: "FOREIGN KEY constraint failed", sql: nil), 66),
        (StoreError.sqlite(code: 11, message: "database disk image is malformed", sql: nil), 65),
        (StoreError.sqlite(code: 26, message: "file is not a database", sql: nil), 65),
        (StoreError.sqlite(code: 5, message: "database is locked", sql: nil), 75),
        (StoreError.sqlite(code: 1, message: "no such table: trips", sql: nil), 70),
        (StoreError.diskFull(path: "/tmp/x"), 74),
        (StoreError.newerSchema(found: 99, known: 18, path: "/tmp/x"), 65),
        (GeocodingError.notFound(query: "Atlantis", suggestions: []), 65),
        (GeocodingError.rateLimited(service: "Nominatim", seconds: 2), 69),
        (UsageError("unknown option '--bogus'.", command: "show"), 64),
        (Custom(), 66),
    ]

    @Test(arguments: 0..<cases.count)
    func eachErrorHasItsDocumentedCode(_ index: Int) {
        let (error, code) = Self.cases[index]
        let report = ErrorReport(error)
        #expect(report.code == code, "\(error)")
        #expect(!report.message.isEmpty && !report.message.contains("\n"))
    }

    @Test func aRemovedTripSaysSoAndHowToSeeTheRest() {
        let report = ErrorReport(StoreError.sqlite(code: 787, message: "FOREIGN KEY constraint failed", sql: "INSERT …"))
        #expect(report.message == "the trip was removed while plan was working on it; nothing was saved.")
        #expect(report.hint == "Run 'plan list' to see your trips.")
    }

    @Test func anUndescribedErrorIsABugToReport() {
        let report = ErrorReport(Undescribed())
        #expect(report.code == 70)
        #expect(report.message.hasPrefix("internal error:"))
        #expect(report.hint?.contains("bug") == true)
    }
}

/// The framework's advice names nothing of plan's; plan's report adds its settings and what its next command
/// does with the session (house style 16).
@Suite struct ModelErrorAdviceTests {
    static let errors: [LanguageModelError] = [
        .contextSizeExceeded(tokenCount: 5_000, contextSize: 4_096), .decodingFailure("cut"), .rateLimited(retryAfter: nil),
        .rateLimited(retryAfter: 30), .refused(status: 401, server: "http://127.0.0.1:8080"),
        .modelNotFound(model: "x", available: ["smollm2"]), .modelNotFound(model: "x", available: []),
        .rejected(status: 400, message: "bad"), .serverFailed(status: 500, message: "oops"), .timeout("slow"),
        .unavailable("refused"), .toolLoopLimit(rounds: 4), .unusableAnswer("empty"), .concurrentRequests,
    ]

    @Test(arguments: errors)
    func theFrameworkSaysNothingOfPlan(_ error: LanguageModelError) {
        let words = (error.errorDescription ?? "") + " " + (error.recoverySuggestion ?? "")
        for planWord in ["PLAN_", "plan ", "'plan", "--", "pack"] {
            #expect(!words.contains(planWord), "\(error): \(words)")
        }
    }

    @Test func plansReportNamesItsSettings() {
        #expect(ErrorReport(LanguageModelError.refused(status: 401, server: "s")).hint?.contains("PLAN_API_KEY") == true)
        #expect(ErrorReport(LanguageModelError.timeout("slow")).hint == "Raise PLAN_MODEL_TIMEOUT, or use a smaller --context-size; the next pack resumes the session.")
        #expect(ErrorReport(LanguageModelError.rateLimited(retryAfter: nil)).hint == "Wait a minute and try again; the session is kept, and the next pack resumes it.")
        #expect(ErrorReport(LanguageModelError.modelNotFound(model: "x", available: ["smollm2"])).hint == "Set PLAN_MODEL_NAME to one of them, e.g. PLAN_MODEL_NAME=smollm2.")
        #expect(ErrorReport(ContextTooSmallError(contextSize: 64)).hint?.contains("--context-size") == true)
        #expect(ContextTooSmallError(contextSize: 64).recoverySuggestion?.contains("--") == false)
    }
}
