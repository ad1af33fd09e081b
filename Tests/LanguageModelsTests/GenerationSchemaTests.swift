import Foundation
import JSON
@testable import LanguageModels
import Testing

/// A type using every guide, for the schema table.
struct Sample: Generable, Equatable {
    enum Mood: String, Codable, CaseIterable, Generable {
        case calm, windy
        static let generationSchema = GenerationSchema.enumeration(Mood.self)
    }

    var label: String
    var day: String
    var count: Int
    var share: Double?
    var tags: [String]
    var pair: [Int]
    var kind: String
    var mood: Mood
    var nested: [Tag]

    struct Tag: Generable, Equatable {
        var text: String
        static let generationSchema = GenerationSchema.object(Tag.self, [.init(\.text, "text")])
    }

    static let generationSchema = GenerationSchema.object(Sample.self, description: "A sample", [
        .init(\.label, "label", description: "What it is", .anyOf(["a", "b"])),
        .init(\.day, "day", .pattern("(Mon|Tue) [0-9]{1,2}")),
        .init(\.count, "count", .range(1...3)),
        .init(\.share, "share", .minimum(0), .maximum(1)),
        .init(\.tags, "tags", .minimumCount(1), .maximumCount(4), .length(1...20)),
        .init(\.pair, "pair", .count(2)),
        .init(\.kind, "kind", .constant("sample")),
        .init(\.mood, "mood"),
        .init(\.nested, "nested"),
    ])

    static let example = Sample(
        label: "a", day: "Mon 3", count: 2, share: 0.5, tags: ["x"], pair: [1, 2], kind: "sample", mood: .windy,
        nested: [Tag(text: "t")]
    )
}

/// A declaration whose key differs from the Codable key (a renamed property).
struct Renamed: Generable {
    var name: String
    var size: Int
    static let generationSchema = GenerationSchema.object(Renamed.self, [.init(\.name, "title"), .init(\.size, "size")])
}

/// A declaration that forgot a stored property.
struct Forgotten: Generable {
    var name: String
    var size: Int
    static let generationSchema = GenerationSchema.object(Forgotten.self, [.init(\.name, "name")])
}

/// An enumeration with associated values: `anyOf` one object per case.
enum Weather: Generable, Equatable {
    case clear
    case rain(chance: Int)

    static let generationSchema = GenerationSchema.cases(Weather.self, [
        (name: "clear", values: []),
        (name: "rain", values: [GenerationSchema.Property(name: "chance", schema: Int.generationSchema.guided(by: [.range(0...100)]))]),
    ])
}

/// A point, shaped like a tool's arguments.
struct Point: Generable, Equatable {
    var latitude: Double
    var longitude: Double
    static let generationSchema = GenerationSchema.object(Point.self, [
        .init(\.latitude, "latitude", .range(-90...90)),
        .init(\.longitude, "longitude", .range(-180...180)),
    ])
}

@Suite struct GenerationSchemaTests {
    @Test func eachGuideCompilesToItsJSONSchemaKeyword() throws {
        let schema = Sample.generationSchema.jsonSchema
        let properties = try #require(schema["properties"])
        #expect(schema["type"] == "object" && schema["additionalProperties"] == false && schema["description"] == "A sample")
        #expect(schema["required"]?.arrayValue?.count == 9)
        #expect(properties["label"] == ["type": "string", "enum": ["a", "b"], "description": "What it is"])
        #expect(properties["day"] == ["type": "string", "pattern": "^(Mon|Tue) [0-9]{1,2}$"])
        #expect(properties["count"] == ["type": "integer", "minimum": 1, "maximum": 3])
        #expect(properties["share"] == ["type": ["number", "null"], "minimum": 0, "maximum": 1])
        #expect(properties["tags"] == ["type": "array", "minItems": 1, "maxItems": 4, "items": ["type": "string", "minLength": 1, "maxLength": 20]])
        #expect(properties["pair"] == ["type": "array", "minItems": 2, "maxItems": 2, "items": ["type": "integer"]])
        #expect(properties["kind"] == ["const": "sample"])
        #expect(properties["mood"] == ["type": "string", "enum": ["calm", "windy"]])
        #expect(properties["nested"]?["items"]?["properties"]?["text"] == ["type": "string"])
        let weather = Weather.generationSchema.jsonSchema["anyOf"]?.arrayValue ?? []
        #expect(weather.count == 2)
        #expect(weather[1]["properties"]?["rain"]?["properties"]?["chance"] == ["type": "integer", "minimum": 0, "maximum": 100])
    }

    @Test func valuesRoundTripAndFitTheirSchema() throws {
        let json = try Sample.example.json
        #expect(Sample.problems(in: json).isEmpty)
        #expect(try Sample(json: json) == Sample.example)
        var none = Sample.example
        none.share = nil
        #expect(try none.json["share"] == .null, "optionals are written as null: the schema requires every key")
        #expect(Sample.problems(in: try none.json).isEmpty)
        for weather in [Weather.clear, .rain(chance: 40)] {
            #expect(Weather.problems(in: try weather.json).isEmpty)
            #expect(try Weather(json: try weather.json) == weather)
        }
        #expect(Weather.problems(in: ["rain": ["chance": 140]]).isEmpty == false)
    }

    @Test func guidesAreCheckedAfterGeneration() {
        var bad = (try? Sample.example.json)?.objectValue ?? [:]
        bad["day"] = "Sunday"
        bad["count"] = 7
        bad["pair"] = [1]
        bad["kind"] = "other"
        let problems = Sample.problems(in: .object(bad))
        #expect(problems.contains { $0.hasPrefix("$.day: must match") })
        #expect(problems.contains { $0.hasPrefix("$.count: must be ≤") })
        #expect(problems.contains { $0.hasPrefix("$.pair: needs at least 2") })
        #expect(problems.contains { $0.hasPrefix("$.kind: must be") })
    }

    @Test func aRenamedOrMissingPropertyFailsTheCheck() {
        #expect(Sample.schemaProblems(example: Sample.example).isEmpty)
        #expect(Sample.Tag.schemaProblems(example: Sample.Tag(text: "t")).isEmpty)
        #expect(Renamed.schemaProblems(example: Renamed(name: "n", size: 1)).contains { $0.contains("\"name\"") })
        #expect(Forgotten.schemaProblems(example: Forgotten(name: "n", size: 1)).contains { $0.contains("stored properties") })
    }

    @Test func aDynamicSchemaIsBuiltAtRunTime() {
        let call = DynamicGenerationSchema(name: "call", properties: [
            .init(name: "name", schema: DynamicGenerationSchema(constant: "forecast")),
            .init(name: "arguments", schema: DynamicGenerationSchema(type: Point.self)),
        ])
        let answer = DynamicGenerationSchema(name: "answer", properties: [.init(name: "response", schema: DynamicGenerationSchema(type: String.self))])
        let turn = DynamicGenerationSchema(name: "turn", anyOf: [call, answer]).schema.jsonSchema
        #expect(turn["anyOf"]?.arrayValue?.count == 2)
        #expect(JSONSchemaValidator.problems(["name": "forecast", "arguments": ["latitude": 1, "longitude": 2]], against: turn).isEmpty)
        #expect(!JSONSchemaValidator.problems(["name": "geocode", "arguments": ["latitude": 1, "longitude": 2]], against: turn).isEmpty)
        let list = DynamicGenerationSchema(arrayOf: answer, guides: [.maximumCount(2)]).schema.jsonSchema
        #expect(list["maxItems"] == 2)
    }
}
