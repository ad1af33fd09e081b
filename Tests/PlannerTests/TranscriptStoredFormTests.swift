import Foundation
import CSQLite
import JSON
import LanguageModels
import Model
import Planner
import Store
import Testing
import Tools

/// `Transcript.Entry` became an enum without changing the rows: entries written the way 0d7a9f9 wrote them
/// read back as the right cases, and every case written now reads back as itself.
@Suite struct TranscriptStoredFormTests {
    /// A fresh database file with one session.
    struct Database {
        let folder: URL
        let path: String
        let store: Store
        let sessionID: Int

        init() async throws {
            folder = FileManager.default.temporaryDirectory.appending(path: "plan-stored-form-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            path = folder.appending(path: "plan.sqlite").path
            store = try Store(path: path)
            sessionID = try await store.createSession(tripID: nil, purpose: .pack, model: "m", contextSize: 4_096)
        }

        /// Runs SQL on the file behind the store's back (rows as an older plan wrote them).
        func execute(_ sql: String) throws {
            var db: OpaquePointer?
            guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK, let db else {
                throw Failure("cannot open \(path)")
            }
            defer { sqlite3_close_v2(db) }
            var message: UnsafeMutablePointer<CChar>?
            guard sqlite3_exec(db, sql, nil, nil, &message) == SQLITE_OK else {
                let text = message.map { String(cString: $0) } ?? "?"
                sqlite3_free(message)
                throw Failure(text)
            }
        }

        func entries() async throws -> [Transcript.Entry] {
            try await store.entries(sessionID: sessionID).map(Transcript.Entry.init(record:))
        }

        func remove() { try? FileManager.default.removeItem(at: folder) }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    static let denverJSON = #"{"country":"US","kind":"city","latitude":39.7392,"longitude":-104.9847,"name":"Denver","population":715522,"region":"CO","source":"gazetteer","timeZone":"America/Denver"}"#

    /// One row of each shape 0d7a9f9 wrote (`Transcript.Entry.storedPayload` and `StoreTranscriptRecorder`
    /// then): tool calls as `[{"arguments","id","name"}]` with the first call's tool, a tool output as
    /// `{"callID","payload"}` with its tool, a structured response's or check's JSON, no payload otherwise.
    static func oldRows(session: Int) -> String {
        let rows: [(Int, String, String?, String, String?)] = [
            (0, "instructions", nil, "Help pack.", nil),
            (1, "prompt", nil, "Pack for Denver.", #"{"destination":"Denver, CO, US","latitude":39.7392}"#),
            (2, "toolCalls", "geocode", #"geocode({"place":"Denver"})"#, #"[{"arguments":{"place":"Denver"},"id":"c1","name":"geocode"}]"#),
            (3, "toolOutput", "geocode", "Denver, CO, US: latitude 39.7392, longitude -104.9847, time zone America/Denver",
             #"{"callID":"c1","payload":\#(denverJSON)}"#),
            (4, "toolCalls", "forecast", #"forecast({"latitude":39.7392,"longitude":-104.9847})"#,
             #"[{"arguments":{"latitude":39.7392,"longitude":-104.9847},"id":"c2","name":"forecast"},{"arguments":{"latitude":1,"longitude":2},"id":"c3","name":"forecast"}]"#),
            (5, "toolOutput", "forecast", "No forecast available: the service is down.",
             #"{"callID":"c2","payload":{"outcome":{"unavailable":{"reason":"the service is down."}}}}"#),
            (6, "toolOutput", "forecast", "Already answered above. Answer now without tools.", #"{"callID":"c3","payload":null}"#),
            (7, "reasoning", nil, "Cold nights; pack layers.", nil),
            (8, "response", nil, #"{"items":["coat"]}"#, #"{"items":["coat"]}"#),
            (9, "check", nil, "kept 1 item", #"{"kept":1}"#),
            (10, "summary", nil, "Summary of earlier conversation: cold.", nil),
            (11, "response", nil, "Bring a coat.", nil),
        ]
        let quoted: (String?) -> String = { $0.map { "'" + $0.replacingOccurrences(of: "'", with: "''") + "'" } ?? "NULL" }
        return rows.map { seq, kind, tool, text, payload in
            "INSERT INTO transcript_entries (session_id, seq, kind, tool, text, payload, tokens, created_at) VALUES (\(session), \(seq), '\(kind)', \(quoted(tool)), \(quoted(text)), \(quoted(payload)), \(seq + 3), 1);"
        }.joined(separator: "\n")
    }

    @Test func rowsWrittenBeforeTheEnumReadBackAsTheirCases() async throws {
        let database = try await Database()
        defer { database.remove() }
        try database.execute(Self.oldRows(session: database.sessionID))
        let entries = try await database.entries()
        #expect(entries.map(\.kind) == [
            .instructions, .prompt, .toolCalls, .toolOutput, .toolCalls, .toolOutput, .toolOutput, .reasoning, .response,
            .check, .summary, .response,
        ])
        // Rows written before entries had ids read back with one made from the row.
        #expect(entries.allSatisfy { $0.id.hasPrefix("row-") } && Set(entries.map(\.id)).count == 12)
        #expect(entries.map(\.tokens) == Array(3...14))
        guard case let .instructions(instructions) = entries[0] else { Issue.record("\(entries[0])"); return }
        #expect(instructions.text == "Help pack.")
        guard case let .prompt(prompt) = entries[1] else { Issue.record("\(entries[1])"); return }
        #expect(prompt.payload?["latitude"]?.doubleValue == 39.7392)
        guard case let .toolCalls(calls) = entries[4] else { Issue.record("\(entries[4])"); return }
        #expect(calls.calls.map(\.id) == ["c2", "c3"])
        #expect(calls.calls.first?.arguments["longitude"]?.doubleValue == -104.9847)
        guard case let .toolOutput(geocoded) = entries[3] else { Issue.record("\(entries[3])"); return }
        #expect(geocoded.toolName == "geocode" && geocoded.callID == "c1" && geocoded.answerType == nil)
        // Untagged (written before tags): read by what it decodes as, and only as that.
        #expect(entries[3].geocodedPlace?.name == "Denver")
        #expect(entries[3].forecastResult == nil)
        #expect(entries[5].forecastResult?.unavailableReason == "the service is down.")
        #expect(entries[5].geocodedPlace == nil)
        guard case let .toolOutput(warning) = entries[6] else { Issue.record("\(entries[6])"); return }
        #expect(warning.payload == nil && warning.callID == "c3")
        #expect(entries[6].forecastResult == nil && entries[6].geocodedPlace == nil)
        guard case let .response(structured) = entries[8], case let .response(plain) = entries[11] else {
            Issue.record("\(entries[8]) \(entries[11])")
            return
        }
        #expect(structured.content?["items"] == ["coat"])
        #expect(plain.content == nil && plain.text == "Bring a coat.")
        guard case let .annotation(check) = entries[9] else { Issue.record("\(entries[9])"); return }
        #expect(check.kind == .check && check.payload?["kept"]?.doubleValue == 1)
    }

    /// Every case as the session builds it, typed answers included.
    static func everyCase() -> [Transcript.Entry] {
        let denver = Place(
            name: "Denver", region: "CO", country: "US", latitude: 39.7392, longitude: -104.9847,
            timeZone: "America/Denver", source: "gazetteer", population: 715_522
        )
        let geocode = ToolCall(id: "c1", name: "geocode", arguments: ["place": "Denver"])
        let forecast = ToolCall(id: "c2", name: "forecast", arguments: ["latitude": 39.7392, "longitude": -104.9847])
        let warned = ToolCall(id: "c3", name: "forecast", arguments: ["latitude": 1, "longitude": 2])
        let entries: [Transcript.Entry] = [
            .instructions(Transcript.Instructions(text: "Help pack.", tokens: 3)),
            .prompt(Transcript.Prompt(text: "Pack for Denver.", payload: ["destination": "Denver, CO, US"], tokens: 4)),
            .toolCalls(Transcript.ToolCalls([geocode], tokens: 5)),
            .toolOutput(AnyToolAnswer(GeocodeAnswer(place: denver, text: "Denver, CO, US: 39.7392")).output(for: geocode)),
            .toolOutput(AnyToolAnswer(GeocodeAnswer(place: nil, text: "No place called \"Dnvr\" is known.")).output(for: geocode)),
            .toolCalls(Transcript.ToolCalls([forecast, warned], tokens: 6)),
            .toolOutput(AnyToolAnswer(ForecastResult(place: "Denver, CO, US", outcome: .refused(reason: "too many forecasts"), text: "Not fetched."))
                .output(for: forecast)),
            .toolOutput(Transcript.ToolOutput(toolName: "forecast", callID: "c3", text: "Already answered above.", tokens: 7)),
            .reasoning(Transcript.Reasoning(text: "Layers.", tokens: 8)),
            .response(Transcript.Response(text: #"{"items":["coat"]}"#, content: ["items": ["coat"]], tokens: 9)),
            .response(Transcript.Response(text: "Bring a coat.", tokens: 10)),
            .annotation(Transcript.Annotation(kind: .check, text: "kept 1 item", payload: ["kept": 1], tokens: 11)),
            .summary(Transcript.Summary(text: "Summary: cold.", tokens: 12)),
        ]
        return entries.map { entry in
            var entry = entry
            if entry.tokens == 0 { entry.tokens = 2 }
            return entry
        }
    }

    @Test func everyCaseWrittenNowReadsBackAsItself() async throws {
        let database = try await Database()
        defer { database.remove() }
        let recorder = StoreTranscriptRecorder(store: database.store, sessionID: database.sessionID)
        var written: [Transcript.Entry] = []
        for entry in Self.everyCase() {
            try await recorder.record(entry)
            written.append(entry)
        }
        let read = try await database.entries()
        #expect(read == written)
        #expect(Set(read.map(\.kind)) == Set(Transcript.Kind.stored))
        // The typed answers come back by type; the text the model read is the entry's.
        #expect(read[3].geocodedPlace?.name == "Denver" && read[3].forecastResult == nil)
        #expect(read[4].toolOutput?.answer(GeocodeAnswer.self)?.isRefusal == true && read[4].geocodedPlace == nil)
        #expect(read[6].forecastResult?.isRefusal == true && read[6].geocodedPlace == nil)
        #expect(read[6].text == "Not fetched.")
    }

    @Test func rowsWrittenNowKeepTheOldColumnsAndAddOnlyTheAnswersType() async throws {
        let database = try await Database()
        defer { database.remove() }
        let recorder = StoreTranscriptRecorder(store: database.store, sessionID: database.sessionID)
        for entry in Self.everyCase() { try await recorder.record(entry) }
        let rows = try await database.store.entries(sessionID: database.sessionID)
        let payloads = rows.map { $0.payload.flatMap { try? JSONValue.parse($0) } }
        #expect(rows.map(\.tool) == [nil, nil, "geocode", "geocode", "geocode", "forecast", "forecast", "forecast", nil, nil, nil, nil, nil])
        #expect(rows.map(\.text) == Self.everyCase().map(\.text))
        #expect(payloads[2] == [["arguments": ["place": "Denver"], "id": "c1", "name": "geocode"]])
        #expect(payloads[3]?["callID"] == "c1" && payloads[3]?["payload"]?["name"] == "Denver")
        #expect(payloads[3]?["type"] == "GeocodeAnswer")
        #expect(payloads[4] == ["callID": "c1", "payload": .null, "type": "GeocodeAnswer"])
        #expect(payloads[6]?["type"] == "ForecastResult" && payloads[6]?["payload"]?["place"] == "Denver, CO, US")
        // A text-only output is stored exactly as before: no type.
        #expect(payloads[7] == ["callID": "c3", "payload": .null])
        #expect(payloads[0] == nil && payloads[8] == nil && payloads[12] == nil)
        #expect(payloads[10] == nil && payloads[9] == ["items": ["coat"]])
        // The forecast's text is stored once, as the row's text, not inside its payload.
        #expect(rows[6].payload?.contains("Not fetched.") == false)
    }

    @Test func theRecorderFindsAnEntrysRowByItsID() async throws {
        let database = try await Database()
        defer { database.remove() }
        let recorder = StoreTranscriptRecorder(store: database.store, sessionID: database.sessionID)
        let entries = Self.everyCase()
        for entry in entries { try await recorder.record(entry) }
        try await recorder.dropFromContext(ids: [entries[2].id, entries[3].id])
        let rows = try await database.store.entries(sessionID: database.sessionID)
        #expect(rows.map(\.entryID) == entries.map(\.id))
        #expect(rows.filter { !$0.isInContext }.map(\.seq) == [2, 3])
    }

    @Test func theTableTakesEveryKindPlanStoresAndNoOther() async throws {
        let database = try await Database()
        defer { database.remove() }
        for kind in Transcript.Kind.stored {
            try await database.store.appendEntry(sessionID: database.sessionID, kind: kind.rawValue, text: "x", tokens: 1)
        }
        await #expect(throws: StoreError.self) {
            try await database.store.appendEntry(sessionID: database.sessionID, kind: "thought", text: "x", tokens: 1)
        }
        let read = try await database.entries()
        #expect(read.map(\.kind) == Transcript.Kind.stored)
    }
}
