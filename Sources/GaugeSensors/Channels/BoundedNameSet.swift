/// A set of names that stops growing at `capacity`: names beyond it are counted, not
/// kept. What a source remembers about the names it is sent must not grow with a stream
/// of ever new names (a noisy or hostile line would otherwise take the panel's memory).
public struct BoundedNameSet: Sendable, Equatable {
    public let capacity: Int
    public private(set) var names: Set<String> = []
    /// Insertions of names not kept because the set was full (a name sent twice while
    /// full counts twice: telling them apart would mean keeping them).
    public private(set) var others: UInt64 = 0

    public init(capacity: Int = 256) {
        self.capacity = max(capacity, 0)
    }

    public var count: Int { names.count }

    /// Some names were not kept.
    public var overflowed: Bool { others > 0 }

    /// The names kept, sorted.
    public var sorted: [String] { names.sorted() }

    public func contains(_ name: String) -> Bool { names.contains(name) }

    /// True when `name` is new and was kept; false when known, or counted as an other.
    @discardableResult
    public mutating func insert(_ name: String) -> Bool {
        if names.contains(name) { return false }
        guard names.count < capacity else {
            others &+= 1
            return false
        }
        names.insert(name)
        return true
    }

    public mutating func removeAll() {
        names.removeAll()
        others = 0
    }
}
