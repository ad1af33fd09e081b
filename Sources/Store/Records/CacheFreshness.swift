import FoundationEssentials
import Model

/// The one rule for whether a cached answer may be used without asking again, applied by every cache read
/// (`HTTPClient.get`, the decoded fast path `Store.freshDecoded`, stored place look-ups): before its stored
/// expiry, and validated less than the kind's maximum lifetime ago. An entry stored with a longer lifetime
/// (by an older plan, a lying server or a damaged file) counts as stale; so does one validated in the future
/// (a run with the clock ahead) by more than `Store.longestHonouredWait`, and one whose times are not
/// numbers, since every comparison with NaN is false.
public enum CacheFreshness {
    /// Whether an entry that expires at `expiresAt` and was last validated at `validatedAt` is fresh at `now`
    /// for a kind whose answers live at most `maximumLifetime` seconds.
    public static func isFresh(
        expiresAt: Date, validatedAt: Date, at now: Date, maximumLifetime: TimeInterval
    ) -> Bool {
        let age = now.timeIntervalSince(validatedAt)
        return now < expiresAt && age < maximumLifetime && age > -Store.longestHonouredWait
    }
}
