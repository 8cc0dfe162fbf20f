import GaugeConfig
import GaugeDisplay
import GaugeGlyphs
import GaugeImages
import GaugeRaster
import GaugeText
import GaugeWidgets
import GaugeSensorKinds

/// `gaugepanel render FILE`: a board file's dashboard drawn headless into a PNG or PPM —
/// channels take their `set` value, else their sensor's value at `time` (simulated
/// signals; a recording played back that far, charts included), else "no value". The image is the physical panel: `rotate` (default: the
/// file's [display] rotation) turns it.
public struct RenderRequest: Sendable {
    public var file: String
    /// "channel=value", as given.
    public var assignments: [String] = []
    /// A page's number (from 0) or name.
    public var page: String?
    public var rotate: Int?
    public var theme: String?
    public var out = "frame.png"
    public var format: String?
    /// A font family, or "builtin" for the stroke font (default: the file's [fonts]).
    public var font: String?
    public var time: Double = 0
    /// The display back-ends' names, which `[display] output` may take.
    public var displayOutputs: [String]

    public init(file: String, displayOutputs: [String]) {
        self.file = file
        self.displayOutputs = displayOutputs
    }

    /// Draws and writes the image. Returns what to print (the "wrote …" line) and
    /// warnings for stderr (a font that is not there).
    public func run() throws(CommandFailure) -> (said: String, warnings: [String]) {
        let board: BoardConfiguration
        do { board = try BoardConfiguration.load(path: file, displayOutputs: displayOutputs, sensorKinds: SensorKinds.all) } catch {
            throw CommandFailure(lines: error.issues.map { $0.description }, prefixed: false)
        }
        guard let fileFormat = ImageFileFormat(path: out) else { throw CommandFailure("\(out): unknown output type (use a .png or .ppm name)") }
        let (surface, warnings) = try picture(of: board, values: try values(for: board))
        do { try ImageFile.save(surface, as: fileFormat, to: out) } catch { throw CommandFailure(error.description) }
        return ("wrote \(out) (\(file), \(surface.format.lowercaseName), \(surface.width)x\(surface.height))", warnings)
    }

    /// Each channel's value: its sensor's at `time`, then the `--set` assignments.
    public func values(for board: BoardConfiguration) throws(CommandFailure) -> [String: Double] {
        guard time.isFinite, time >= 0, time <= 1e6 else { throw CommandFailure("bad --time \(time); use seconds 0…1000000") }
        var values = board.values(atNanoseconds: UInt64(time * 1e9))
        // A recording's channels as its run shows them by then.
        for (name, v) in Playback(board, nanoseconds: UInt64(time * 1e9))?.values(of: board) ?? [:] where !(values[name]?.isFinite ?? false) {
            values[name] = v
        }
        for a in assignments {
            let parts = a.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty else { throw CommandFailure("bad --set '\(a)'; use channel=value") }
            guard let v = Double(String(parts[1])), v.isFinite else {
                throw CommandFailure("bad --set '\(a)': '\(parts[1])' is not a finite number")
            }
            values[String(parts[0])] = v
        }
        return values
    }

    /// The picture `run()` writes, of `board` with `values` (NaN: no value), on the
    /// request's page, theme, rotation, format and font. `trueType` is drawn with when it
    /// is the family asked for (a caller drawing many pictures keeps its glyph caches).
    public func picture(
        of board: BoardConfiguration, values: [String: Double],
        trueType: TrueTypeFontSet? = nil
    ) throws(CommandFailure) -> (surface: Surface, warnings: [String]) {
        let rotation: RotationAngle
        if let rotate {
            guard let a = RotationAngle(degrees: rotate) else { throw CommandFailure("bad --rotate \(rotate); use 0, 90, 180 or 270") }
            rotation = a
        } else {
            rotation = board.display.rotation
        }
        var pixelFormat = board.display.format
        if let format {
            guard let f = PixelFormat(lowercaseName: format), f == .xrgb8888 || f == .rgb565 else {
                throw CommandFailure("unsupported format '\(format)'; use xrgb8888 or rgb565")
            }
            pixelFormat = f
        }
        var themeName: ThemeConfiguration.Name?
        if let theme {
            guard let t = ThemeConfiguration.Name(rawValue: theme) else { throw CommandFailure("bad --theme '\(theme)'; use day or night") }
            themeName = t
        }
        let values = board.computing(values)
        var warnings: [String] = []
        let surface: Surface
        do {
            let pageIndex = try page.map { p throws(RenderError) in try board.pageIndex(p) } ?? 0
            var dashboard = try board.dashboard(values: values, page: pageIndex, theme: themeName)
            Playback(board, nanoseconds: time.isFinite ? UInt64(Swift.min(Swift.max(time, 0), 1e6) * 1e9) : 0)?.fillCharts(&dashboard)
            board.showAlarms(for: values, on: &dashboard, theme: board.themes.theme(themeName ?? board.themes.active))
            let family = font ?? board.fonts.family ?? "builtin"
            let style: FontStyle = board.fonts.weight == .bold ? .bold : .regular
            if family == "builtin" {
                surface = try BoardConfiguration.render(dashboard, format: pixelFormat, rotation: rotation, fonts: StrokeFontSet())
            } else {
                let fonts =
                    trueType.flatMap { $0.family == family && $0.style == style ? $0 : nil }
                    ?? TrueTypeFontSet(family: family, style: style)
                if !fonts.isTrueType { warnings.append("font '\(family)' not found; drawing with the built-in stroke font") }
                surface = try BoardConfiguration.render(dashboard, format: pixelFormat, rotation: rotation, fonts: fonts)
            }
        } catch { throw CommandFailure(error.description) }
        return (surface, warnings)
    }
}
