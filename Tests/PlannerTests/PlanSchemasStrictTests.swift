import Foundation
@testable import LanguageModels
import Testing
@testable import Planner
import Tools

/// Strict mode's rules (LanguageModels' `StrictSchema`) on every schema plan itself sends.
@Suite struct PlanSchemasStrictTests {
    /// Every schema plan sends as a structured answer passes strict mode's rules, so it goes with `strict: true`.
    @Test func everyGenerableTypeIsValidUnderStrictMode() {
        let schemas: [(String, GenerationSchema)] = [
            ("PackingAnswer", PackingAnswer.generationSchema), ("PackingAnswer.Item", PackingAnswer.Item.generationSchema),
            ("GeocodeTool.Arguments", GeocodeTool.Arguments.generationSchema),
            ("ForecastTool.Arguments", ForecastTool.Arguments.generationSchema),
        ]
        for (name, schema) in schemas {
            #expect(StrictSchema.problems(schema.jsonSchema).isEmpty, "\(name): \(StrictSchema.problems(schema.jsonSchema))")
        }
        // The guided schema's root is anyOf: never strict.
        let tools = OpenAIMessagesTests.request(tools: true).tools
        let guided = OpenAIMessages.guidedSchema(tools: tools, answer: PackingAnswer.generationSchema).schema.jsonSchema
        #expect(!StrictSchema.problems(guided).isEmpty)
        #expect(!StrictSchema.problems(["type": "object", "properties": ["a": ["type": "string"]]]).isEmpty)
        #expect(StrictSchema.problems(["type": "object", "properties": ["a": ["type": "string"]], "required": ["a"], "additionalProperties": false]).isEmpty)
    }
}
