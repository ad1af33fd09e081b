import FoundationEssentials
import LanguageModels
import Model
import Store

/// Engine profiles remembered in plan's database (table `engine_profiles`), an hour each: long enough that
/// a day of packing asks the server once, short enough that a server restarted with another model or
/// window is learnt again soon. What a server refused is carried over when its profile is learnt again.
public struct StoreEngineProfileMemory: EngineProfileMemory {
    public let store: Store
    public var lifetime: TimeInterval

    public init(store: Store, lifetime: TimeInterval = 3_600) {
        self.store = store
        self.lifetime = lifetime
    }

    public func profile(for baseURL: String, model: String) async -> EngineProfile? {
        guard let text = try? await store.engineProfile(baseURL: baseURL, model: model) else { return nil }
        return EngineProfile.from(jsonText: text)
    }

    /// Failing to remember is not worth failing a pack for: the profile is learnt again next time.
    public func remember(_ profile: EngineProfile, for baseURL: String, model: String) async {
        guard let text = profile.jsonText() else { return }
        try? await store.saveEngineProfile(baseURL: baseURL, model: model, json: text, lifetime: lifetime)
    }

    /// Forgets what was learnt about a server; a profile that cannot be read back is forgotten all the same.
    public func forget(baseURL: String) async -> [EngineProfile] {
        let forgotten = (try? await store.forgetEngineProfiles(baseURL: baseURL)) ?? []
        return forgotten.compactMap(EngineProfile.from(jsonText:))
    }
}
