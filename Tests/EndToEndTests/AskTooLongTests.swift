import Foundation
import Model
import Store
import TestSupport
import Testing

/// A follow-up whose question alone fills the model's window: condensing or summarising the rest cannot
/// make room, so plan says the question is the thing to change (exit 65, one line and a hint), and a
/// question that fits is answered by the same server.
@Suite struct AskTooLongTests {
    @Test func aQuestionLargerThanTheWindowIsSaidToBeTheProblem() async throws {
        let server = try LoopbackServer(script: "llm/fake_llama_server.py", arguments: ["--n-ctx", "512"])
        let services = try WeatherServices()
        let sandbox = PlanSandbox()
        let environment = services.environment.merging(["PLAN_OFFLINE": "", "PLAN_MODEL": server.baseURL.absoluteString]) { _, new in new }
        let today = CalendarDate(Date())
        #expect(try sandbox.run(["add", "Denver, CO", "--from", today.description, "--to", today.adding(days: 2).description]).status == 0)

        let long = String(repeating: "Should I bring a warm coat for the evenings downtown? ", count: 70)
        let refused = try sandbox.run(["ask", "1", long], environment: environment)
        #expect(refused.status == 65, "\(refused.stderr)")
        let lines = refused.stderr.split(separator: "\n")
        #expect(lines.count == 2, "\(refused.stderr)")
        #expect(lines.first?.contains("the question alone takes about") == true && lines.first?.contains("512-token context") == true,
                "\(refused.stderr)")
        #expect(lines.last?.contains("shorter question") == true, "\(refused.stderr)")

        let short = try sandbox.run(["ask", "1", "Will it snow?"], environment: environment)
        #expect(short.status == 0, "\(short.stderr)")
        #expect(try sandbox.sqlite("PRAGMA integrity_check") == "ok")
    }
}
