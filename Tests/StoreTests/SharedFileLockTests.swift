import Foundation
import Model
@testable import Store
import Testing

/// Two `Store`s of one file in one process (a command opens one for the engine profile, one for its work)
/// while another process reads it with the sqlite3 shell: the second open must not drop the first's SQLite
/// locks, or the shell, closing, takes itself for the last connection, checkpoints and deletes the WAL, and
/// every later commit of plan's goes to a deleted file (the killed-server pack kept only its instructions).
@Suite struct SharedFileLockTests {
    func shell(_ path: String, _ sql: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [path, sql]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3"), "needs the sqlite3 shell"))
    func commitsAfterAnotherProcessReadStayVisibleWithTwoStoresOfOneFile() async throws {
        let temp = TemporaryDatabase()
        let first = try Store(path: temp.path)
        let place = Place(name: "Denver", region: "CO", country: "US", latitude: 39.74, longitude: -104.98,
                          timeZone: "America/Denver", source: "typed")
        let start = try #require(CalendarDate("2027-01-10")), end = try #require(CalendarDate("2027-01-12"))
        let trip = try await first.addTrip(NewTrip(name: "Denver", destination: "Denver", place: place, start: start, end: end))
        let session = try await first.createSession(tripID: trip.id, purpose: .pack, model: "m", contextSize: 4096)
        let second = try Store(path: temp.path)
        #expect(try await second.session(id: session)?.status == .running)
        #expect(try shell(temp.path, "SELECT count(*) FROM sessions") == "1")
        // Written after the shell came and went: still in the WAL the shell sees.
        try await first.finishSession(id: session, status: .interrupted, error: "cut short")
        #expect(FileManager.default.fileExists(atPath: temp.path + "-wal"))
        #expect(try shell(temp.path, "SELECT status FROM sessions") == "interrupted")
        _ = second
    }

    @Test func aFileIsKnownOpenByEveryPathToItUntilItsLastStoreGoes() throws {
        let temp = TemporaryDatabase()
        var store: Store? = try Store(path: temp.path)
        let link = temp.folder.appending(path: "link.sqlite").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: temp.path)
        #expect(OpenDatabaseFiles.isOpen(temp.path) && OpenDatabaseFiles.isOpen(link))
        var other: Store? = try Store(path: link)
        store = nil
        #expect(OpenDatabaseFiles.isOpen(temp.path))
        other = nil
        #expect(!OpenDatabaseFiles.isOpen(temp.path))
        _ = (store, other)
    }
}
