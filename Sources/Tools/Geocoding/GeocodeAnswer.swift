import FoundationEssentials
import LanguageModels
import Model
import Store

/// What the geocode tool answers: the place found (with the text the model reads: its coordinates, time
/// zone and the other places of that name), or none, with the text telling the model where the trip is.
/// Coded as the place alone (its JSON, or null for a refusal), the payload's form before answers were typed.
public struct GeocodeAnswer: ToolAnswer, Equatable {
    /// The place found; nil when the tool refused.
    public var place: Place?
    /// What the model reads (not coded: the transcript stores it as the entry's text).
    public var text: String

    public init(place: Place?, text: String) {
        self.place = place
        self.text = text
    }

    public var isRefusal: Bool { place == nil }

    public static var answerType: String { "GeocodeAnswer" }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        place = container.decodeNil() ? nil : try container.decode(Place.self)
        text = ""
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let place {
            try container.encode(place)
        } else {
            try container.encodeNil()
        }
    }
}
