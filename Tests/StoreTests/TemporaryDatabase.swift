import Foundation

/// A fresh folder for one test's database, removed when the value goes away.
final class TemporaryDatabase {
    let folder: URL
    let path: String

    init() {
        folder = FileManager.default.temporaryDirectory.appending(path: "plan-store-\(UUID().uuidString)")
        path = folder.appending(path: "db/plan.sqlite").path
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }
}
