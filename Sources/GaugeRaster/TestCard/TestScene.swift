/// A named drawing used for golden images: the test card of every primitive and its parts.
public struct TestScene {
    public let name: StaticString
    public let width: Int32
    public let height: Int32
    public let draw: (Canvas) -> Void

    public init(name: StaticString, width: Int32, height: Int32, draw: @escaping (Canvas) -> Void) {
        self.name = name
        self.width = width
        self.height = height
        self.draw = draw
    }

    /// Renders the scene into a new surface of `format`.
    public func render(format: PixelFormat) throws(SurfaceError) -> Surface {
        let surface = try Surface(width: width, height: height, format: format)
        draw(Canvas(surface))
        return surface
    }

    /// The name as a Swift string (for file names).
    public var nameString: String {
        name.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
    }
}
