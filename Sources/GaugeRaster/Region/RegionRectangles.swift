/// A region's rectangles: a random-access collection read in place (building an array
/// of them would allocate). A slanted one whole; a band's hole (`Region+Strips`) is an
/// empty rectangle.
public struct RegionRectangles: RandomAccessCollection, Sendable {
    @usableFromInline let region: Region
    @inlinable init(_ region: Region) { self.region = region }

    /// Iteration reads in place (no per-element copy of the region).
    public struct Iterator: IteratorProtocol {
        @usableFromInline let region: Region
        @usableFromInline var index = 0
        @inlinable init(_ region: Region) { self.region = region }
        @inlinable public mutating func next() -> IntRect? {
            guard index < region.count else { return nil }
            defer { index += 1 }
            return region[index]
        }
    }
    @inlinable public func makeIterator() -> Iterator { Iterator(region) }

    public typealias Index = Int
    public typealias Indices = Range<Int>
    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { region.count }
    @inlinable public subscript(i: Int) -> IntRect {
        precondition(i >= 0 && i < region.count, "rectangle index out of range")
        return region[i]
    }
}

extension RegionRectangles: Equatable {
    public static func == (a: RegionRectangles, b: RegionRectangles) -> Bool { a.region == b.region }
    /// The same rectangles as `array`, in its order.
    public static func == (a: RegionRectangles, b: [IntRect]) -> Bool { a.elementsEqual(b) }
}
