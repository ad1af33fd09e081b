import FoundationEssentials
import JSON
import LanguageModels
import MCP
import Model
import Rendering

extension PlanCatalog {
    var checkItemsTool: MCPTool {
        MCPTool(
            name: "check_items", title: "Tick items",
            description: "Ticks items of a trip's list as packed (or unticks them with packed: false), as 'plan check': items are names or the numbers packing_list and show_trip give. Returns what changed and the progress.",
            inputSchema: PlanSchemas.object([
                "trip": PlanSchemas.tripID,
                "items": ["type": "array", "items": ["type": ["string", "integer"]], "minItems": 1, "maxItems": 200],
                "packed": ["type": "boolean", "description": "true (default) ticks, false unticks"],
            ], required: ["trip", "items"]),
            outputSchema: PlanSchemas.object([
                "trip": PlanSchemas.integer, "changed": PlanSchemas.objects, "unchanged": PlanSchemas.objects,
                "packed": PlanSchemas.integer, "total": PlanSchemas.integer,
            ], required: ["trip", "changed", "unchanged", "packed", "total"]),
            readOnly: false
        ) { [self] values in
            let arguments = arguments(values)
            let id = try arguments.trip()
            guard let items = try arguments.words("items", limit: 200), !items.isEmpty else { throw PlanToolError.missing("items") }
            let packed = try arguments.bool("packed", default: true)
            _ = try await trip(id)
            let outcome = try await app.tick(tripID: id, references: items, packed: packed)
            let entry: (TravellerList.Entry, Bool) -> JSONValue = { entry, mark in
                ["number": .number(Double(entry.number)), "name": .string(entry.item.name), "packed": .bool(mark)]
            }
            let names: ([TravellerList.Entry]) -> String = { $0.map { "\($0.number) \($0.item.label)" }.joined(separator: ", ") }
            var lines: [String] = []
            if !outcome.changed.isEmpty { lines.append("\(packed ? "Ticked" : "Unticked") \(names(outcome.changed))") }
            if !outcome.unchanged.isEmpty { lines.append("Already \(packed ? "ticked" : "unticked"): \(names(outcome.unchanged))") }
            lines.append(outcome.list.progress)
            return MCPToolResult(text: lines.joined(separator: " · "), structured: [
                "trip": .number(Double(id)), "changed": .array(outcome.changed.map { entry($0, packed) }),
                "unchanged": .array(outcome.unchanged.map { entry($0, $0.packed) }),
                "packed": .number(Double(outcome.list.packedCount)), "total": .number(Double(outcome.list.entries.count)),
            ])
        }
    }

    var addItemTool: MCPTool {
        MCPTool(
            name: "add_item", title: "Add an own item",
            description: "Adds the traveller's own item to a trip's list, as 'plan item add'; always: true puts it on every later trip too.",
            inputSchema: PlanSchemas.object([
                "trip": PlanSchemas.tripID, "name": PlanSchemas.string("the item, e.g. \"Camera\""),
                "always": ["type": "boolean", "description": "on every later trip too"],
            ], required: ["trip", "name"]),
            outputSchema: PlanSchemas.object([
                "trip": PlanSchemas.integer, "number": PlanSchemas.integer, "name": ["type": "string"],
                "category": ["type": "string"], "always": ["type": "boolean"], "wasOnList": ["type": "boolean"],
            ], required: ["trip", "number", "name", "always", "wasOnList"]),
            readOnly: false
        ) { [self] values in
            let arguments = arguments(values)
            let id = try arguments.trip()
            let name = try arguments.string("name", limit: 100)
            let always = try arguments.bool("always", default: false)
            _ = try await trip(id)
            let (entry, wasOnList) = try await app.addItem(tripID: id, name: name, always: always)
            var object = ListPrinter.entryJSON(entry, trip: id).objectValue ?? [:]
            object["always"] = .bool(always)
            object["wasOnList"] = .bool(wasOnList)
            let what = "\(entry.number) \(entry.item.label) (\(entry.item.category))"
            var line = wasOnList ? "On trip \(id)'s list and now yours: \(what)" : "Added to trip \(id): \(what)"
            if always { line += "; on every later trip too" }
            return MCPToolResult(text: line + ".", structured: .object(object))
        }
    }
}
