import FoundationEssentials

/// The answers to the last few requests whose answer would come back the same: sampled greedily or with a
/// fixed seed. A request about to be sent again unchanged is answered from here instead: a small model that
/// fills a capped tool round writes the same tokens again, so a second send costs a full round for nothing.
///
/// Keyed by the request's body exactly as it would go out (sorted keys); a few entries, the oldest dropped.
/// Failures are never kept: a request that failed is sent again.
actor ReplyMemo {
    /// How many answers are kept (a repeat comes within a round or two of the first send).
    static let capacity = 4

    private var entries: [(key: String, reply: ModelReply)] = []

    /// Whether a request sampled this way is answered the same every time.
    static func isRepeatable(_ sampling: GenerationOptions.SamplingMode?) -> Bool {
        guard let sampling else { return true }  // the default is greedy
        return sampling.kind == .greedy || sampling.seed != nil
    }

    /// The answer kept for `key`, if any.
    func reply(for key: String) -> ModelReply? {
        entries.last { $0.key == key }?.reply
    }

    /// Keeps `reply` as the answer to `key`.
    func keep(_ reply: ModelReply, for key: String) {
        entries.removeAll { $0.key == key }
        entries.append((key, reply))
        if entries.count > Self.capacity { entries.removeFirst(entries.count - Self.capacity) }
    }
}
