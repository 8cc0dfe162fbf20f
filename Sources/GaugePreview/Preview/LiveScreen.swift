import GaugeImages
import GaugeRaster

/// `gaugepanel run --preview`: the panel's screen as it is now, for the read-only page.
/// The version increases with each frame that redrew something; a picture is encoded once
/// per version however many pages ask for it.
public final class LiveScreen {
    public let file: String
    public private(set) var version: UInt64 = 1
    private let screen: () -> Surface
    private var encoded: (version: UInt64, png: [UInt8])?

    /// `screen`: the picture on the panel now (its physical orientation).
    public init(file: String, screen: @escaping () -> Surface) {
        self.file = file
        self.screen = screen
    }

    /// A frame was presented; true when it changed the picture.
    @discardableResult
    public func frameDrawn(_ damage: Region) -> Bool {
        guard !damage.isEmpty else { return false }
        version += 1
        return true
    }

    public func png() throws(PNGError) -> [UInt8] {
        if let e = encoded, e.version == version { return e.png }
        let bytes = try PNG.encode(screen())
        encoded = (version, bytes)
        return bytes
    }

    /// What the page reads from /board in live mode: no pages, channels or widgets to edit.
    public func json() -> String {
        let s = screen()
        return "{\"version\":\(version),\"file\":\(BoardJSON.string(file)),\"errors\":[],\"editable\":false,\"live\":true,"
            + "\"loaded\":true,\"width\":\(s.width),\"height\":\(s.height),\"rotation\":0,\"theme\":\"day\",\"pages\":[],\"channels\":[]}"
    }
}
