import Foundation
import Interface
import Model
import Store
import Testing

/// `check` and `uncheck` words, round four (issue 32): too many items are counted as items (the trip is not
/// one), `--name` reads digits as a name.
@Suite struct ItemArgumentsTests {
    static let today = CalendarDate("2026-12-01") ?? CalendarDate(Date())

    func usageMessage<A>(_ command: Command<A>, _ words: [String]) -> String? {
        do {
            _ = try command.parse(words, today: Self.today)
            return nil
        } catch let error as UsageError {
            return error.message
        } catch {
            return nil
        }
    }

    @Test func tooManyItemsAreCountedAsItems() {
        let items = (1...3_000).map(String.init)
        for message in [usageMessage(CheckCommand.declaration, ["1"] + items), usageMessage(UncheckCommand.declaration, ["1"] + items)] {
            #expect(message?.contains("at most 500 items (3000 given).") == true, "\(String(describing: message))")
        }
        #expect(usageMessage(CheckCommand.declaration, ["1"] + items.prefix(500)) == nil, "500 items are fine")
    }

    @Test func nameReadsTheItemsAsNames() throws {
        guard case let .run(arguments) = try CheckCommand.declaration.parse(["1", "--name", "42"], today: Self.today) else {
            Issue.record("no arguments")
            return
        }
        #expect(arguments.byName && arguments.items == ["42"] && arguments.trip == 1)
        guard case let .run(plain) = try UncheckCommand.declaration.parse(["1", "42"], today: Self.today) else {
            Issue.record("no arguments")
            return
        }
        #expect(!plain.byName)
        #expect(usageMessage(CheckCommand.declaration, ["1", "--name", "--all"])?.contains("--name") == true)
    }
}
