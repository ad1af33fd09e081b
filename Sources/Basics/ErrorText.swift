import FoundationEssentials

/// An error as a sentence: its `errorDescription` when it has one, else its own description. What plan used
/// `localizedDescription` for (an extension of Foundation's internationalised half; issue 47).
public enum ErrorText {
    public static func describe(_ error: any Error) -> String {
        if let described = (error as? any LocalizedError)?.errorDescription { return described }
        return String(describing: error)
    }
}
