import FoundationEssentials
import Basics
import JSON
import LanguageModels
import Model
import PlanKit
import Rendering

/// `plan ask <trip> <question>`: a follow-up in the trip's latest session, resumed from the database.
public struct AskCommand: RunnableCommand {
    public static let path = ["ask"]

    public var trip = 0
    public var question: [String] = []
    public var engine = EngineOptions()
    public var offline = false
    public var json = false

    public init() {}

    public static var declaration: Command<Self> {
        Command(
            path, summary: "A follow-up in the trip's last session (needs a model)",
            discussion: """
                Continues the trip's latest completed session with a follow-up question. The
                model gets the trip's facts (the forecast its list was made from, and the list)
                and the last questions and answers, not the pack's tool rounds, so it fits small
                windows. An empty, stock or looping answer exits 65 and is not carried on. The
                answer streams live on a terminal. Needs a language model (PLAN_MODEL or
                --model); the built-in engine only packs. A follow-up cut short (Ctrl-C, a
                kill, the server gone) is resumed by the next ask of the trip: the tool calls
                it answered are not asked again. --restart starts afresh.
                """,
            parameters: [
                [
                    .trip(\.trip),
                    .words("question", \.question, help: "the question, in one or several words", maximum: 63),
                ],
                .group(\.engine, EngineOptions.parameters),
                [
                    .flag("offline", \.offline, help: "no network: cached forecasts only (also PLAN_OFFLINE=1)"),
                    .flag("json", \.json, help: "print trip, session, model and answer as JSON"),
                ],
            ],
            section: .packing,
            examples: [#"plan ask 1 "Will I need crampons on Tuesday?""#]
        )
    }

    public func run(_ context: Context) async throws {
        let id = self.trip
        let question = self.question.joined(separator: " ").trimming(.whitespacesAndNewlines)
        guard !question.isEmpty, question.count <= 4_000 else {
            throw CLIError.usage("the question must be 1 to 4000 characters.", command: "ask")
        }
        let engine = self.engine
        let model = try await context.languageModel(named: engine.model)
        guard model.capabilities.converses else {
            throw CLIError(
                code: ExitCode.usage, message: "follow-up questions need a language model; the built-in engine only packs.",
                hint: "Set PLAN_MODEL (or --model) to an OpenAI-compatible server, e.g. http://127.0.0.1:8080."
            )
        }
        let app = context.app
        guard let trip = try await app.trip(id) else { throw CLIError.noSuchTrip(id) }
        let console = context.console
        let live = console.isStdoutTerminal && !json
        let streamed = OnceFlag()
        var onText: (@Sendable (String) -> Void)?
        if live {
            onText = { piece in
                if streamed.claim() { console.endProgress() }
                console.write(piece)
            }
        }
        // Ctrl-C leaves the session interrupted (not running): the next ask resumes it.
        let interruption = InterruptHandler(command: "ask") { [app, trip] in await app.interruptRunningSessions(tripID: trip.id) }
        defer { interruption.cancel() }
        let result: FollowUp
        do {
            result = try await app.ask(question, about: trip, model: model, engine: engine.settings, offline: offline, onText: onText)
        } catch let LanguageModelError.contextSizeExceeded(tokens, window) {
            console.endProgress()
            throw await Self.overflow(question, model: model, needed: tokens, window: window)
        }
        console.endProgress()
        report(result, trip: trip, model: model.name, streamed: live && !streamed.claim(), context: context)
    }

    /// A conversation past the model's window even after condensing: when the question alone takes half the
    /// window or more, that is what to change (condensing or summarising the rest cannot help), said so;
    /// otherwise the overflow as it was.
    static func overflow(_ question: String, model: any LanguageModel, needed: Int, window: Int) async -> any Error {
        let asked = await model.tokenCount(for: question)
        guard window > 0, asked * 2 >= window else {
            return LanguageModelError.contextSizeExceeded(tokenCount: needed, contextSize: window)
        }
        return CLIError(
            code: ExitCode.data,
            message: "the question alone takes about \(asked) tokens of the model's \(window)-token context.",
            hint: "Ask a shorter question (or split it in two), or use a model with a larger context."
        )
    }

    /// The answer (unless it streamed already), then what the follow-up says besides it.
    private func report(_ result: FollowUp, trip: Trip, model: String, streamed: Bool, context: Context) {
        let console = context.console
        if let resumed = result.resumed {
            console.warn(
                "plan: resumed interrupted session \(resumed.session) (\(resumed.answeredCalls) tool call\(resumed.answeredCalls == 1 ? "" : "s") not asked again); --restart starts afresh."
            )
        }
        if json {
            context.printJSON([
                "trip": .number(Double(trip.id)), "session": .number(Double(result.sessionID)),
                "model": .string(model), "answer": .string(result.answer),
                "recoveries": .array(result.recoveries.map { .string($0.rawValue) }),
                "notices": .array(result.notices.map(JSONValue.string)),
                "resumed": .from(result.resumed?.session),
            ])
            return
        }
        if streamed {
            console.print()
        } else {
            console.printText(result.answer)
        }
        if !result.recoveries.isEmpty {
            console.warn("plan: the context window filled; the session was \(result.recoveries.map(\.rawValue).joined(separator: ", then ")) (session \(result.sessionID)).")
        }
        for notice in result.notices { console.warn("plan: " + notice) }
    }
}
