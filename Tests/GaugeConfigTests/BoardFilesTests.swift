import Foundation
import Testing
import GaugeConfig
import GaugeDisplay
import GaugeImages
import GaugeGlyphs
import GaugeRaster
import GaugeText
import GaugeWidgets
import GaugeSensors
import GaugeSensorKinds

/// The ready-made boards in boards/: each loads, is the panel boards/README.md says it
/// is, and every page draws inside the screen with no widget's ink cut off at its frame.
@Suite struct BoardFilesTests {
    static let folder = TestFiles.repository.appendingPathComponent("boards")
    static let names = TestFiles.files(in: folder).map(\.lastPathComponent)

    static func load(_ name: String) throws -> BoardConfiguration {
        try BoardConfiguration.load(path: folder.appendingPathComponent(name).path)
    }

    /// What boards/README.md's table promises for each board.
    struct Expected: Sendable {
        var output: String
        var width: Int32, height: Int32
        var format: PixelFormat
        var rotation: RotationAngle = .none
        var device: String? = nil
        var mode: String? = nil
        /// The sensors' kinds, in file order: "simulated", "sysfs", "serial:<protocol>:<device>",
        /// "tcp:<protocol>:<host:port>", "udp:<protocol>:<address:port>",
        /// "can:<protocol>:<interface>".
        var sensors: [String]
        var touch = "auto"
        var pages = 2
    }

    static let expected: [String: Expected] = [
        "headless.toml": Expected(output: "offscreen", width: 800, height: 480, format: .xrgb8888, sensors: ["simulated"], touch: "none"),
        "qemu.toml": Expected(
            output: "drm", width: 1024, height: 768, format: .xrgb8888, mode: "1024x768",
            sensors: ["serial /dev/ttyS1 at 115200 baud, protocol line"]),
        "pi-hdmi.toml": Expected(
            output: "drm", width: 1024, height: 600, format: .xrgb8888, mode: "1024x600",
            sensors: ["sysfs /sys", "mqtt localhost:1883"], pages: 3),
        "pi-touch-7.toml": Expected(
            output: "drm", width: 800, height: 480, format: .xrgb8888,
            sensors: ["serial /dev/ttyUSB0 at 38400 baud, protocol elm327", "computed (fuel.flow, economy)"], pages: 3),
        "pi-touch-2.toml": Expected(
            output: "drm", width: 1280, height: 720, format: .xrgb8888, rotation: .quarter,
            sensors: ["serial /dev/rfcomm0 at 38400 baud, protocol elm327"]),
        "hyperpixel4.toml": Expected(
            output: "drm", width: 480, height: 800, format: .xrgb8888, sensors: ["serial /dev/ttyACM0 at 115200 baud, protocol line"]),
        "spi-35.toml": Expected(
            output: "drm", width: 480, height: 320, format: .rgb565, sensors: ["serial /dev/serial0 at 4800 baud, protocol nmea"]),
        "pi-can-hat.toml": Expected(output: "drm", width: 800, height: 480, format: .xrgb8888, sensors: ["can can0, protocol dbc"]),
        "pitft-28.toml": Expected(
            output: "fbdev", width: 320, height: 240, format: .rgb565, device: "/dev/fb1",
            sensors: ["sysfs /sys", "udp 127.0.0.1:4711, protocol line"]),
    ]

    @Test func everyPlannedBoardExistsAndNoOther() {
        #expect(Self.names.sorted() == Self.expected.keys.sorted())
    }

    @Test(arguments: names)
    func boardPassesValidation(_ name: String) throws {
        let board = try Self.load(name)
        #expect(!board.dashboard.pages.isEmpty)
        // Every widget's channel is one a sensor provides (a typo would show "--" forever).
        let provided = Set(board.channels.map(\.name) + board.counters.map(\.name))
        for c in board.dashboard.channels { #expect(provided.contains(c), "\(name): channel \(c)") }
    }

    @Test(arguments: names)
    func boardIsThePanelTheTableSays(_ name: String) throws {
        let board = try Self.load(name)
        guard let e = Self.expected[name] else {
            Issue.record("\(name) is not in the table")
            return
        }
        let d = board.display
        #expect(d.output == e.output, "\(name)")
        #expect(d.width == e.width && d.height == e.height, "\(name): \(d.width)×\(d.height)")
        #expect(d.format == e.format, "\(name)")
        #expect(d.rotation == e.rotation, "\(name)")
        #expect(d.device == e.device, "\(name)")
        #expect(d.mode == e.mode, "\(name)")
        #expect(board.dashboard.width == e.width && board.dashboard.height == e.height, "\(name): dashboard size")
        #expect(board.input.touch == e.touch, "\(name)")
        #expect(board.dashboard.pages.count == e.pages, "\(name)")
        let kinds = board.sensors.map { $0.source.summary }
        #expect(kinds == e.sensors, "\(name)")
    }

    @Test func boardSpecifics() throws {
        // The README demo: a snapshot every 2 s, relative to the working directory, and
        // signals that move.
        let headless = try Self.load("headless.toml")
        #expect(headless.snapshot == SnapshotConfiguration(path: "out/headless.png", intervalSeconds: 2))
        #expect(headless.channels.map(\.name) == ["rpm", "speed", "coolant", "fuel", "battery"])
        #expect(headless.sensors.allSatisfy { $0.kind == "simulated" })
        let later = headless.values(atNanoseconds: 3_000_000_000)
        #expect(headless.channels.contains { later[$0.name] != $0.initialValue })
        // The VM board: nothing moves by itself, the channels the VM test sends, both input kinds.
        let qemu = try Self.load("qemu.toml")
        #expect(qemu.channels.map(\.name) == ["rpm", "speed", "coolant", "fuel"])
        #expect(qemu.sensors.allSatisfy { $0.kind != "simulated" } && qemu.channels.allSatisfy { $0.staleAfterSeconds == nil })
        #expect(qemu.input.touch == "auto" && qemu.input.rotary == "auto")
        #expect(qemu.fonts.family == nil)  // the stroke font: the VM has no font files
        // Serial boards name channels as their decoders emit them.
        let car = try Self.load("pi-touch-7.toml")
        #expect(car.channels.map(\.name).contains("engine.rpm") && car.channels.map(\.name).contains("vehicle.speed"))
        let boat = try Self.load("spi-35.toml")
        for c in ["depth.below.transducer", "wind.speed.apparent", "wind.angle.apparent", "speed.water", "heading.magnetic"] {
            #expect(boat.channels.map(\.name).contains(c), "spi-35: \(c)")
        }
        for name in ["pi-hdmi.toml", "pitft-28.toml"] {
            let lab = try Self.load(name)
            let sysfs = Self.sysfsFiles(lab)
            #expect(sysfs.contains(.thermalZone(type: "cpu-thermal")), "\(name)")
        }
        #expect(Self.sysfsFiles(try Self.load("pi-hdmi.toml")).contains(.hwmon(device: "pwmfan", attribute: "fan1")))
        // pi-hdmi's host figures: what boards/homelab-feed.sh publishes, a topic each; and
        // the state of the Home Assistant switch its "home" page shows and taps.
        let hdmi = try Self.load("pi-hdmi.toml")
        guard let m = hdmi.sensors[1].settings(MQTTConfiguration.self) else {
            Issue.record("pi-hdmi: no mqtt sensor")
            return
        }
        #expect(
            m.subscriptions.map(\.topic) == [
                "homelab/+/load", "homelab/+/load5", "homelab/+/memory", "homeassistant/switch/kitchen_light/state", "homelab/+/disk",
            ])
        #expect(hdmi.controls.map(\.commandTopic) == ["homeassistant/switch/kitchen_light/set", "homeassistant/button/garage_door/press"])
    }

    /// The kernel files a board's sysfs sensors read.
    static func sysfsFiles(_ board: BoardConfiguration) -> [SysfsSensor] {
        board.sensors.compactMap { $0.settings(SysfsSource.self) }.flatMap { $0.channels.map(\.sensor) }
    }

    /// A value for each channel that makes readouts as wide as they get in use: near the
    /// top of the first ranged widget showing it, else 359 for an angle, 88.8 otherwise.
    static func wideValues(_ board: BoardConfiguration) -> [String: Double] {
        var out: [String: Double] = [:]
        for c in board.channels { out[c.name] = c.unit == .degrees ? 359 : 88.8 }
        for page in board.dashboard.pages.reversed() {
            for w in page.widgets.reversed() {
                guard let c = w.channel else { continue }
                switch w.content {
                case .dial(let g): out[c] = g.range.upperBound * 0.97
                case .ring(let g): out[c] = g.range.upperBound * 0.97
                case .bar(let g): out[c] = g.range.upperBound * 0.97
                case .level(let l): out[c] = l.gaugeValue.upperBound * 0.97
                default: break
                }
            }
        }
        return out
    }

    /// Each page drawn (stroke font, the board's format) into a surface embedded in a
    /// larger buffer: nothing lands in the margin around the dashboard; something is
    /// drawn; and no widget's ink touches its frame's edges, where it would be cut off
    /// (level indicators fill their frame, and bars' tracks span it across).
    /// With the board's TrueType family too, when this machine has it (as the panel will).
    @Test(arguments: names)
    func everyPageRendersInside(_ name: String) throws {
        let board = try Self.load(name)
        try Self.checkPages(board, name: name, fonts: StrokeFontSet(), fontName: "stroke font")
        if let family = board.fonts.family {
            let trueType = TrueTypeFontSet(family: family)
            if trueType.isTrueType { try Self.checkPages(board, name: name, fonts: trueType, fontName: family) }
        }
    }

    static func checkPages<F: FontSet>(_ board: BoardConfiguration, name: String, fonts: F, fontName: String) throws {
        for values in [Self.wideValues(board), [:]] {
            for page in board.dashboard.pages.indices {
                let dash = try board.dashboard(values: values, page: Int32(page))
                let label = "\(name) page \(page) (\(dash.pages[page].name)), \(fontName)\(values.isEmpty ? ", no values" : "")"
                let inside = try Embedded(width: dash.width, height: dash.height, format: board.display.format)
                dash.draw(on: Canvas(inside.surface), fonts: fonts)
                #expect(inside.marginUntouched, "\(label): drawn outside the dashboard")

                let s = inside.surface
                let background = s.rawPixel(x: 0, y: 0)
                // The corner is background on every board (nothing sits in it).
                #expect(dash.visibleWidgets.allSatisfy { !$0.frame.contains(x: 0, y: 0) }, "\(label)")
                var drawn = 0
                for y in stride(from: Int32(0), to: s.height, by: 2) {
                    for x in stride(from: Int32(0), to: s.width, by: 2) where s.rawPixel(x: x, y: y) != background { drawn += 1 }
                }
                #expect(drawn > Int(s.width) * Int(s.height) / 4 / 100, "\(label): almost nothing drawn (\(drawn))")

                for w in dash.visibleWidgets {
                    let f = w.frame
                    // Text set flush left starts on the frame's left column by design: only the
                    // side it grows towards shows an overflow.
                    let left: Bool, right: Bool
                    switch w.content {
                    case .level: continue
                    case .bar, .chart: (left, right) = (false, false)  // a track, a plot's grid: across by design
                    case .readout(let r): (left, right) = (r.alignment != .left, r.alignment != .right)
                    case .label(let t): (left, right) = (t.alignment != .left, t.alignment != .right)
                    default: (left, right) = (true, true)
                    }
                    var touching: [String] = []
                    if (f.x0..<f.x1).contains(where: { s.rawPixel(x: $0, y: f.y0) != background }) { touching.append("top") }
                    if (f.x0..<f.x1).contains(where: { s.rawPixel(x: $0, y: f.y1 - 1) != background }) { touching.append("bottom") }
                    if left, (f.y0..<f.y1).contains(where: { s.rawPixel(x: f.x0, y: $0) != background }) { touching.append("left") }
                    if right, (f.y0..<f.y1).contains(where: { s.rawPixel(x: f.x1 - 1, y: $0) != background }) { touching.append("right") }
                    #expect(touching.isEmpty, "\(label): widget \"\(w.id)\" is cut off at its \(touching.joined(separator: ", ")) edge")
                }
            }
        }
    }

    /// Every page also renders through the board's rotation (the panel's own buffer).
    @Test(arguments: names)
    func everyPageRendersRotated(_ name: String) throws {
        let board = try Self.load(name)
        for page in board.dashboard.pages.indices {
            let d = try board.dashboard(values: Self.wideValues(board), page: Int32(page))
            let s = try BoardConfiguration.render(d, format: board.display.format, rotation: board.display.rotation, fonts: StrokeFontSet())
            let turned = board.display.rotation.swapsAxes
            #expect(s.width == (turned ? d.height : d.width) && s.height == (turned ? d.width : d.height), "\(name) page \(page)")
        }
    }
}

/// A `width` × `height` surface inside a buffer 16 px larger on every side, filled with a
/// pattern the renderer never writes by itself, so strays outside the surface show.
final class Embedded {
    static let margin: Int32 = 16
    let surface: Surface
    private let buffer: UnsafeMutableRawPointer
    private let outerWidth: Int32, outerHeight: Int32, stride: Int32, bytesPerPixel: Int32
    private static let pattern: UInt8 = 0xA5

    init(width: Int32, height: Int32, format: PixelFormat) throws {
        bytesPerPixel = format.bytesPerPixel
        outerWidth = width + 2 * Self.margin
        outerHeight = height + 2 * Self.margin
        stride = outerWidth * bytesPerPixel
        let bytes = Int(stride) * Int(outerHeight)
        buffer = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 16)
        buffer.initializeMemory(as: UInt8.self, repeating: Self.pattern, count: bytes)
        let origin = buffer + Int(Self.margin) * Int(stride) + Int(Self.margin) * Int(bytesPerPixel)
        surface = try Surface(wrapping: origin, width: width, height: height, stride: stride, format: format)
    }

    deinit { buffer.deallocate() }

    var marginUntouched: Bool {
        let m = Int(Self.margin), bpp = Int(bytesPerPixel)
        for y in 0..<Int(outerHeight) {
            let row = buffer + y * Int(stride)
            let inRows = y >= m && y < Int(outerHeight) - m
            for x in 0..<Int(outerWidth) * bpp {
                if inRows && x >= m * bpp && x < (Int(outerWidth) - m) * bpp { continue }
                if row.load(fromByteOffset: x, as: UInt8.self) != Self.pattern { return false }
            }
        }
        return true
    }
}
