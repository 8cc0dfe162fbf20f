// Embedded-Swift subset.

/// One column of a chart: every reading that fell in its span of time, kept as their
/// lowest, highest and mean (decimation: a 24-hour window is no bigger than a minute's).
public struct ChartColumn: Equatable, Sendable {
    public var low: Float = 0
    public var high: Float = 0
    public var mean: Float = 0
    /// Readings folded in; 0: none (a gap in the line).
    public var count: UInt32 = 0

    public static let empty = ChartColumn()

    public init(low: Float = 0, high: Float = 0, mean: Float = 0, count: UInt32 = 0) {
        self.low = low
        self.high = high
        self.mean = mean
        self.count = count
    }

    /// Folds `value` (finite, within ±1e30) in.
    mutating func add(_ value: Float) {
        guard count > 0 else {
            self = ChartColumn(low: value, high: value, mean: value, count: 1)
            return
        }
        low = Swift.min(low, value)
        high = Swift.max(high, value)
        count &+= count == .max ? 0 : 1
        mean += (value - mean) / Float(count)
    }
}

/// A channel's recent past for one chart: a fixed ring of `columns` columns, each
/// `columnMilliseconds` of the panel's clock, the newest holding the present. Memory is
/// `columns` × 16 bytes whatever the window; nothing allocates after `init`.
public struct ChartHistory: Equatable, Sendable {
    /// How a chart asks for its history: how many columns, each how long.
    public struct Shape: Equatable, Sendable {
        public let columns: Int32
        public let columnMilliseconds: Int64
        public init(columns: Int32, columnMilliseconds: Int64) {
            self.columns = Swift.max(columns, 2)
            self.columnMilliseconds = Swift.max(columnMilliseconds, 1)
        }
        /// The window: every column's time together.
        public var windowMilliseconds: Int64 { Int64(columns) * columnMilliseconds }
    }

    public let shape: Shape
    /// The index (clock ÷ column time) of the newest column; nil before the first time.
    public private(set) var newest: Int64?
    /// Column `i` lives in slot `i mod columns`.
    private var slots: [ChartColumn]

    public init(_ shape: Shape) {
        self.shape = shape
        slots = [ChartColumn](repeating: .empty, count: Int(shape.columns))
    }

    /// A history saved `aged` columns ago (`byAge[0]` its newest column then), its
    /// present now column 0 (a panel starting again: what fell out of the window is gone).
    public init(_ shape: Shape, restoring byAge: [ChartColumn], aged: Int64) {
        self.init(shape)
        newest = 0
        let gap = Swift.max(aged, 0)
        for (age, column) in byAge.enumerated() where gap < Int64(shape.columns) - Int64(age) {
            slots[slot(-(gap + Int64(age)))] = column
        }
    }

    /// The columns from the newest back (what a history file keeps).
    public var columnsByAge: [ChartColumn] { (0..<shape.columns).map { self[age: $0] } }

    /// Bytes this history holds (its columns), as the docs state per chart.
    public var bytes: Int { slots.count * MemoryLayout<ChartColumn>.stride }

    /// Moves the present to `milliseconds` of the panel's clock: columns that fell out of
    /// the window are emptied for reuse (at most `columns` of them, however long the gap).
    public mutating func advance(toMilliseconds milliseconds: Int64) {
        let index = Swift.max(milliseconds, 0) / shape.columnMilliseconds
        guard let n = newest else {
            newest = index
            return
        }
        guard index > n else { return }
        let cleared = Swift.min(index - n, Int64(shape.columns))
        var i = index - cleared + 1
        while i <= index {
            slots[slot(i)] = .empty
            i += 1
        }
        newest = index
    }

    /// A reading at `milliseconds`: moves the present there if it is later, then folds the
    /// value into its column. No value (NaN, ±∞) leaves a gap; a reading older than the
    /// window is dropped.
    public mutating func record(_ value: Double, atMilliseconds milliseconds: Int64) {
        advance(toMilliseconds: milliseconds)
        guard value.isFinite, let n = newest else { return }
        let index = Swift.max(milliseconds, 0) / shape.columnMilliseconds
        guard index > n - Int64(shape.columns) else { return }
        // Within Float's range; anything a board shows is far inside ±1e30.
        let v = Float(Swift.min(Swift.max(value, -1e30), 1e30))
        slots[slot(index)].add(v)
    }

    /// Column `age` back from the newest (0: the present); empty outside the window.
    public subscript(age age: Int32) -> ChartColumn {
        guard let n = newest, age >= 0, age < shape.columns else { return .empty }
        return slots[slot(n - Int64(age))]
    }

    /// The lowest and highest value in the window; nil when it holds none.
    public var extent: ClosedRange<Float>? {
        var low = Float.infinity, high = -Float.infinity
        for c in slots where c.count > 0 {
            low = Swift.min(low, c.low)
            high = Swift.max(high, c.high)
        }
        return low <= high ? low...high : nil
    }

    /// The panel-clock time at which the present next moves to a new column.
    public func nextColumnMilliseconds(after milliseconds: Int64) -> Int64 {
        (Swift.max(milliseconds, 0) / shape.columnMilliseconds + 1) * shape.columnMilliseconds
    }

    private func slot(_ index: Int64) -> Int {
        let c = Int64(shape.columns)
        return Int(((index % c) + c) % c)
    }
}
