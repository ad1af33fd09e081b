import FoundationEssentials
import Rendering

/// A declared command and the code that runs it: the parser comes from the declaration, so what runs is
/// exactly what `--help`, the completions and the man page describe.
public struct Route {
    public let info: CommandInfo
    public let run: (Context, [String]) async throws -> Void

    public init<Arguments>(_ command: Command<Arguments>, _ body: @escaping @Sendable (Context, Arguments) async throws -> Void) {
        info = command.info
        run = { context, words in
            switch try command.parse(words, today: context.today) {
            case .help: HelpCommand.printHelp(command.info, context: context)
            case let .run(arguments): try await body(context, arguments)
            }
        }
    }
}
