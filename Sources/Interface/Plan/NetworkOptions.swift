import Rendering
/// `--fresh` or `--offline` (never both): how a command may use the network for forecasts.
public struct NetworkOptions: ParsableArguments, Equatable {
    /// Revalidate cached forecasts even when they are still fresh.
    public var fresh = false
    /// No network: the cache only.
    public var offline = false

    public init() {}

    /// The declaration `show` and `pack` share.
    public static let parameters: [Parameter<NetworkOptions>] = .exclusive([
        .flag("fresh", \.fresh, help: "revalidate cached forecasts even if they are still fresh"),
        .flag("offline", \.offline, help: "no network: the cache only (also PLAN_OFFLINE=1)"),
    ])
}
