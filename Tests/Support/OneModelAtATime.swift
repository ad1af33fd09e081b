import Testing

/// A trait that lets one real-model test run at a time across every suite and test target of the run.
///
/// Swift Testing runs suites in parallel; three suites each starting a llama-server with two threads on a
/// two-core machine starved each other (an `ask` that takes 25 s alone took 300 s and hit the model timeout).
/// Tests that do not use a model still run beside the one that does.
public struct OneModelAtATime: TestTrait, SuiteTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func scopeProvider(for test: Test, testCase: Test.Case?) -> OneModelAtATime? {
        testCase == nil ? nil : self
    }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        await ModelGate.shared.acquire()
        do {
            try await function()
        } catch {
            await ModelGate.shared.release()
            throw error
        }
        await ModelGate.shared.release()
    }
}

extension Trait where Self == OneModelAtATime {
    /// One real-model test at a time in the whole run.
    public static var oneModelAtATime: OneModelAtATime { OneModelAtATime() }
}

/// A first-come, first-served lock for async code.
actor ModelGate {
    static let shared = ModelGate()
    private var held = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func acquire() async {
        guard held else {
            held = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func release() {
        if waiting.isEmpty {
            held = false
        } else {
            waiting.removeFirst().resume()
        }
    }
}
