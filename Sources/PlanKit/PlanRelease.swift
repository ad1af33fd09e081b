/// plan's release: the version `plan --version` prints and every request's User-Agent carries.
public enum PlanRelease {
    /// The version.
    public static let version = "0.1.0"
}
