import GaugeConfig
import GaugeImages
import GaugePanel
import GaugeRaster
import GaugeSystem
import GaugeText
import GaugeWidgets
import GaugeSensorKinds

/// One board file as the preview page sees it: the last board that loaded, the errors of
/// the latest load that did not (shown over the last good picture), and a version that
/// increases on every reload. Pictures are drawn by `RenderRequest`, as `gaugepanel
/// render` draws them, so the page's PNG is render's PNG byte for byte.
public final class PreviewSession {
    public let path: String
    /// The names `[display] output` may take: the command line's display back-ends (the
    /// preview links no display device).
    public let displayOutputs: [String]
    public private(set) var board: BoardConfiguration?
    /// The latest load's problems (`check`'s lines); empty when it loaded.
    public private(set) var errors: [String] = []
    public private(set) var version: UInt64 = 0
    /// Edits written by the page (undo and redo included).
    public internal(set) var edits: UInt64 = 0
    /// The page's edits, for undo and redo (`BoardEditor`).
    var history = EditHistory()
    /// The running panel's channel values (`preview --live`): pictures show them, except
    /// for channels the page sets by hand or marks stale.
    public var liveValues: (() -> [String: Double])?
    /// Fonts kept between pictures (their glyph caches), for the board's family.
    private var fonts: TrueTypeFontSet?
    /// The file's bytes at the last reload: a save of the same bytes (the preview's own
    /// write seen again by the watch, a touch) is not a new version.
    private(set) var loadedBytes: [UInt8]?

    public init(path: String, displayOutputs: [String]) {
        self.path = path
        self.displayOutputs = displayOutputs
        reload()
    }

    /// Loads the file again; a file that does not load keeps the last good board.
    /// `onlyIfChanged`: nothing happens when the file holds the bytes loaded last.
    /// Returns whether the version changed.
    @discardableResult
    public func reload(onlyIfChanged: Bool = false) -> Bool {
        let bytes: [UInt8]
        do { bytes = try LinuxSystem.standard.readFile(path, limit: .max) } catch {
            version += 1
            loadedBytes = nil
            errors = ["\(path): cannot read: \(error.errno.message)"]
            return true
        }
        if onlyIfChanged && bytes == loadedBytes { return false }
        loadedBytes = bytes
        version += 1
        do {
            let loaded = try BoardConfiguration.parse(bytes, file: path, displayOutputs: displayOutputs, sensorKinds: SensorKinds.all)
            if let old = board, old.fonts.family != loaded.fonts.family || old.fonts.weight != loaded.fonts.weight { fonts = nil }
            board = loaded
            errors = []
        } catch {
            errors = error.issues.map { $0.description }
        }
        return true
    }

    /// A font file changed: open the family again on the next picture.
    public func dropFonts() { fonts = nil }

    /// The files a save of which should redraw: the board, the files its sensors read (DBC
    /// files, recordings), and its font's file.
    public var watchedFiles: [String] {
        var out = [path]
        guard let board else { return out }
        for s in board.sensors { out += s.source.watchedFiles }
        if let family = board.fonts.family, family != "builtin" {
            let style: FontStyle = board.fonts.weight == .bold ? .bold : .regular
            // Looked for once per family and style: locating opens font files.
            if fontFile?.family != family || fontFile?.style != style {
                fontFile = (family, style, try? FontLocator().locate(family: family, style: style))
            }
            if let path = fontFile?.path { out.append(path) }
        }
        return out
    }

    private var fontFile: (family: String, style: FontStyle, path: String?)?

    /// What the page asks to see: a page, a theme, channel values set by hand and
    /// channels shown as stale (no value).
    public struct View: Sendable, Equatable {
        public var page: String?
        public var theme: String?
        public var assignments: [String] = []
        public var stale: [String] = []
        public init() {}
    }

    /// The PNG of `view` of the last good board.
    public func png(_ view: View) throws(CommandFailure) -> [UInt8] {
        guard let board else { throw CommandFailure(errors.isEmpty ? "\(path): not loaded" : errors.joined(separator: "\n")) }
        var request = RenderRequest(file: path, displayOutputs: displayOutputs)
        request.page = view.page
        request.theme = view.theme
        request.assignments = view.assignments
        var values = try request.values(for: board)
        if let live = liveValues?() {
            let assigned = Set(view.assignments.compactMap { $0.split(separator: "=").first.map(String.init) })
            for (name, v) in live where !assigned.contains(name) && board.knownChannels.contains(name) { values[name] = v }
        }
        for name in view.stale {
            guard board.knownChannels.contains(name) else { throw CommandFailure("unknown channel \"\(name)\"") }
            values[name] = .nan
        }
        if fonts == nil, let family = board.fonts.family, family != "builtin" {
            fonts = TrueTypeFontSet(family: family, style: board.fonts.weight == .bold ? .bold : .regular)
        }
        let surface = try request.picture(of: board, values: values, trueType: fonts).surface
        do { return try PNG.encode(surface) } catch { throw CommandFailure("cannot encode the picture: \(error)") }
    }

    /// Writes `frame` as the widget's `frame = [...]` value, only if the result loads: a
    /// frame off screen or over another widget is refused with the problems `check` would
    /// print, and the file is untouched.
    public func moveWidget(_ id: String, to frame: IntRect, temporarySuffix: String, base: UInt64? = nil) throws(BoardEditError) {
        let table = try widgetTable(id)
        let value = "[\(frame.x0), \(frame.y0), \(frame.width), \(frame.height)]"
        try apply(.set(table: table, key: "frame", value: value), base: base, temporarySuffix: temporarySuffix)
    }

    /// The table (`page[0].widget[3]`) of the widget with this id in the file as it is now.
    public func widgetTable(_ id: String) throws(BoardEditError) -> String {
        let bytes: [UInt8]
        do { bytes = try LinuxSystem.standard.readFile(path, limit: .max) } catch { throw BoardEditError(error.description) }
        guard let table = TOMLLayout(bytes).widgetTable(id: id) else { throw BoardEditError("no widget \"\(id)\" in \(path)") }
        return table
    }
}
