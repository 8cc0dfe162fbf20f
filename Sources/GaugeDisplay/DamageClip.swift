/// A clip rectangle in DRM's terms (x1, y1 inclusive; x2, y2 exclusive).
public struct IntRectClip: Sendable, Equatable {
    public var x1: UInt16, y1: UInt16, x2: UInt16, y2: UInt16
    public init(x1: UInt16, y1: UInt16, x2: UInt16, y2: UInt16) {
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
    }
}
