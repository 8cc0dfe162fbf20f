import GaugeDecoders
import GaugeDisplay
import GaugeGlyphs
import GaugeRaster
import GaugeSensors
import GaugeWidgets

/// Why a board could not be drawn headless (`gaugepanel render`).
public enum RenderError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownChannel(String, known: [String])
    case unknownPage(String, count: Int, names: [String])
    case surface(String)

    public var description: String {
        switch self {
        case .unknownChannel(let c, let known):
            let near = NameSuggestion.nearest(to: c, in: known).map { "; did you mean \"\($0)\"?" } ?? ""
            return "unknown channel \"\(c)\"\(near) (channels: \(known.joined(separator: ", ")))"
        case .unknownPage(let p, let count, let names):
            return "unknown page \"\(p)\"; expected 0…\(count - 1) or one of \(names.map { "\"\($0)\"" }.joined(separator: ", "))"
        case .surface(let why): return "cannot make the frame: \(why)"
        }
    }
}

extension BoardConfiguration {
    /// Every channel a sensor provides or a widget shows.
    public var knownChannels: [String] {
        var out = channels.map { $0.name }
        for c in dashboard.channels where !out.contains(c) { out.append(c) }
        return out
    }

    /// Each channel's value `nanoseconds` into the run: simulated waveforms follow time,
    /// other channels have no value yet (NaN) until a reading arrives.
    public func values(atNanoseconds time: UInt64) -> [String: Double] {
        var out: [String: Double] = [:]
        for c in channels { out[c.name] = .nan }
        for s in sensors {
            for (name, value) in s.source.values(atNanoseconds: time) { out[name] = value }
        }
        return out
    }

    /// `values` with each computed channel that has none (a `--set` value stays) worked
    /// out from the others' (NaN where an input has none).
    public func computing(_ values: [String: Double]) -> [String: Double] {
        var out = values
        for c in computed where !(out[c.name]?.isFinite ?? false) { out[c.name] = c.value { out[$0] ?? .nan } }
        return out
    }

    /// The page index for `--page`: a number (0-based) or a page name.
    public func pageIndex(_ page: String) throws(RenderError) -> Int32 {
        let pages = dashboard.pages
        if let n = Int(page), n >= 0, n < pages.count { return Int32(n) }
        if let i = pages.firstIndex(where: { $0.name == page }) { return Int32(i) }
        throw .unknownPage(page, count: pages.count, names: pages.map { $0.name })
    }

    /// The dashboard with `values` set (unknown channel names throw), on `page`, in `theme`.
    public func dashboard(values: [String: Double], page: Int32 = 0, theme: ThemeConfiguration.Name? = nil) throws(RenderError) -> Dashboard {
        var d = dashboard
        let known = knownChannels
        for name in values.keys.sorted() {
            guard known.contains(name) else { throw .unknownChannel(name, known: known) }
            d.set(name, to: values[name]!)
        }
        d.apply(themes.theme(theme ?? themes.active))
        d.show(page: page)
        return d
    }

    /// Draws `dashboard` upright and turns it for `rotation` (the physical panel image).
    public static func render<F: FontSet>(
        _ dashboard: Dashboard, format: PixelFormat, rotation: RotationAngle,
        fonts: F
    ) throws(RenderError) -> Surface {
        let logical: Surface
        do { logical = try Surface(width: dashboard.width, height: dashboard.height, format: format) } catch {
            throw .surface("\(error)")
        }
        dashboard.draw(on: Canvas(logical), fonts: fonts)
        guard rotation != .none else { return logical }
        let r = DisplayRotation(
            rotation, physicalWidth: rotation.swapsAxes ? dashboard.height : dashboard.width,
            physicalHeight: rotation.swapsAxes ? dashboard.width : dashboard.height)
        let physical: Surface
        do { physical = try Surface(width: r.physicalWidth, height: r.physicalHeight, format: format) } catch {
            throw .surface("\(error)")
        }
        RotatedCopy.copy(logical.bounds, from: logical, to: physical, rotation: r)
        return physical
    }
}
