import FoundationEssentials
import LanguageModels
import Model
import Store

extension RecoveryStrategy {
    /// The relation recorded on the new session.
    var relation: SessionRelation {
        switch self {
        case .condense: return .condensed
        case .summarize: return .summarized
        case .fresh: return .fresh
        }
    }
}
