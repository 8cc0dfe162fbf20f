/// An absolute axis's range (struct input_absinfo).
public struct AxisRange: Hashable, Sendable {
    public var minimum: Int32
    public var maximum: Int32
    public var resolution: Int32
    public init(minimum: Int32, maximum: Int32, resolution: Int32 = 0) {
        self.minimum = minimum
        self.maximum = maximum
        self.resolution = resolution
    }
    /// Number of distinct values, at least 1 (a range of zero or negative width is one value).
    public var span: Int64 { Swift.max(1, Int64(maximum) - Int64(minimum) + 1) }
}
