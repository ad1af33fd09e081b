import Foundation
import LanguageModels
import Testing
@testable import Tools

/// plan's tools' arguments against their schemas (moved from GenerationSchemaTests when the generation types
/// went to LanguageModels).
@Suite struct ToolArgumentsSchemaTests {
    @Test func theToolsArgumentsMatchTheirTypes() {
        #expect(ForecastTool.Arguments.schemaProblems(example: .init(latitude: 1, longitude: 2)).isEmpty)
        #expect(GeocodeTool.Arguments.schemaProblems(example: .init(place: "Denver")).isEmpty)
        #expect(ForecastTool.Arguments.generationSchema.jsonSchema["properties"]?["latitude"] == ["type": "number", "minimum": -90, "maximum": 90])
    }
}
