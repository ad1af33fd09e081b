import FoundationEssentials
import Model

/// A value bound to a statement parameter or read from a column.
public enum SQLValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)
}

/// Types that can be bound as statement parameters.
public protocol SQLBindable: Sendable {
    /// The value as SQLite stores it.
    var sqlValue: SQLValue { get }
}

extension Int: SQLBindable {
    public var sqlValue: SQLValue { .integer(Int64(self)) }  // widening: Int is Int64 on 64-bit Linux
}

extension Int64: SQLBindable {
    public var sqlValue: SQLValue { .integer(self) }
}

extension Double: SQLBindable {
    public var sqlValue: SQLValue { .real(self) }
}

extension String: SQLBindable {
    public var sqlValue: SQLValue { .text(self) }
}

extension Data: SQLBindable {
    public var sqlValue: SQLValue { .blob(self) }
}

extension Bool: SQLBindable {
    public var sqlValue: SQLValue { .integer(self ? 1 : 0) }
}

extension SQLValue: SQLBindable {
    public var sqlValue: SQLValue { self }
}

extension Optional: SQLBindable where Wrapped: SQLBindable {
    public var sqlValue: SQLValue {
        switch self {
        case .none: return .null
        case let .some(value): return value.sqlValue
        }
    }
}
