import GaugeDisplay
import GaugeRaster

/// The displays a board (`[display] output`) and `--display` can name, each registered
/// by one line here. A back-end is one file: a type conforming to `DisplayBackend` (its
/// name, the settings it reads, how it opens), its display and its own errors
/// (`DisplayBackendError`). The configuration checks `output` against `names`, which the
/// command layer passes to it (GaugeConfig does not link the devices).
public enum DisplayBackends {
    public struct Entry: Sendable {
        public let name: String
        /// The `[display]` settings it reads (of `DisplaySettings`); it is given only these.
        public let keys: [DisplayKey]
        let open: @Sendable (DisplaySettings, any DisplaySystemCalls) throws(DisplayError) -> any Display

        init<B: DisplayBackend>(_ backend: B.Type) {
            name = B.name
            keys = B.keys
            open = { (settings, system) throws(DisplayError) -> any Display in try B.open(settings, system: system) }
        }
    }

    /// In the order messages and help list them.
    public static let all: [Entry] = [
        Entry(AutomaticDisplay.self),
        Entry(DRMDisplay.self),
        Entry(FbdevDisplay.self),
        Entry(OffscreenDisplay.self),
    ]

    public static var names: [String] { all.map { $0.name } }

    /// "auto, drm, fbdev or offscreen", for help texts.
    public static var namesInWords: String {
        let n = names
        guard let last = n.last else { return "" }
        return n.count == 1 ? last : n.dropLast().joined(separator: ", ") + " or " + last
    }

    /// Opens the display called `name` with the settings it declares (`keys`); the
    /// others are left at their defaults, so a back-end cannot read what it did not declare.
    public static func open(
        _ name: String, _ settings: DisplaySettings,
        system: any DisplaySystemCalls = LinuxDisplaySystemCalls.shared
    ) throws(DisplayError) -> any Display {
        guard let entry = all.first(where: { $0.name == name }) else { throw .unknownBackend(name: name, known: names) }
        return try entry.open(settings.keeping(entry.keys), system)
    }
}

/// A kind of display a board can name: one file with this conformance, and one line in
/// `DisplayBackends.all`.
public protocol DisplayBackend {
    /// What `[display] output` and `--display` call it.
    static var name: String { get }
    /// The `[display]` keys it reads: what a board's author may set for it (the tests
    /// check each is a documented `[display]` key).
    static var keys: [DisplayKey] { get }
    /// Opens it; errors name the device and the fix.
    static func open(_ settings: DisplaySettings, system: any DisplaySystemCalls) throws(DisplayError) -> any Display
}
