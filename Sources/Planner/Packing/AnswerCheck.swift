import FoundationEssentials
import Basics

/// Checks a free-text answer (`plan ask`) before it is printed as one: empty, stock refusals, the
/// question said back, and text that repeats itself are not answers.
public enum AnswerCheck {
    /// Why `answer` is not an answer to `question`, or nil when it is one.
    public static func problem(_ answer: String, question: String) -> String? {
        let text = PackingCheck.key(answer)
        let words = text.split(separator: " ")
        if words.filter({ $0.contains(where: \.isLetter) }).isEmpty { return "the answer is empty" }
        if answer.count < 80, stockPhrases.contains(where: { text.hasPrefix($0) }) {
            return "the answer is a stock phrase (\"\(answer.trimming(.whitespacesAndNewlines).prefix(40))\")"
        }
        let asked = PackingCheck.key(question)
        if !asked.isEmpty, text == asked || (text.hasPrefix(asked) && text.count < asked.count + 20) {
            return "the answer only repeats the question"
        }
        if words.count >= 30 {
            // Distinct word triples: prose keeps nearly all of them distinct; a loop keeps few.
            let triples = (0..<(words.count - 2)).map { "\(words[$0]) \(words[$0 + 1]) \(words[$0 + 2])" }
            if Double(Set(triples).count) / Double(triples.count) < 0.4 { return "the answer repeats itself" }
        }
        return nil
    }

    static let stockPhrases = [
        "you can t", "you cannot", "i can t", "i cannot", "i m sorry i can t", "i am sorry i can t", "as an ai",
        "i am an ai", "i m an ai", "i don t know", "i do not know",
    ]
}
