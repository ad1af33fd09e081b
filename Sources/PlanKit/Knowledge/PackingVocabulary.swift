import FoundationEssentials
import JSON
import Model
import Planner

/// Words of plan's packing knowledge a front end offers or shows: the list's categories (for completion and
/// checks of a typed category) and countries' names by their codes.
public enum PackingVocabulary {
    /// The categories of a list, in its order, then the category of the traveller's own items.
    public static var categories: [String] { PackingInstructions.categories + [ListMerge.ownCategory] }

    /// A list as the model's answer is written (`--json`'s items and notices, in the answer's keys).
    public static func json(_ list: PackingList) -> JSONValue {
        PackingInstructions.json(list)
    }

    /// The country's English name for an ISO 3166 code ("JP": "Japan"), nil for a code plan has no data for.
    public static func countryName(_ code: String) -> String? {
        PlugTable.country(code)?.name
    }
}
