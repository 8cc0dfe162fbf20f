/// An angle's cosine and sine in Q16 (`Trig`), computed once for several points on one
/// ray (`Point(centre:radius:direction:)`).
public struct Direction: Sendable {
    public let cos: Int32, sin: Int32
    public init(_ angle: Angle) {
        cos = Trig.cos(angle)
        sin = Trig.sin(angle)
    }
}
