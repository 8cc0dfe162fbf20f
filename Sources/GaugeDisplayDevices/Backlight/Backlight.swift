import GaugeASCII
import GaugeDisplay
import GaugeSystem

/// One backlight as sysfs shows it.
public struct BacklightState: Equatable, Sendable {
    public var name: String
    public var brightness: Int
    public var maxBrightness: Int
    /// What the hardware reports (may lag or differ from `brightness`); nil when absent.
    public var actualBrightness: Int?
    /// bl_power: true when on (FB_BLANK_UNBLANK); nil when the driver has no bl_power.
    public var poweredOn: Bool?

    public init(name: String, brightness: Int, maxBrightness: Int, actualBrightness: Int? = nil, poweredOn: Bool? = nil) {
        self.name = name
        self.brightness = brightness
        self.maxBrightness = maxBrightness
        self.actualBrightness = actualBrightness
        self.poweredOn = poweredOn
    }

    /// brightness as a share of max, rounded, 0…100.
    public var percent: Int { maxBrightness > 0 ? (brightness * 100 + maxBrightness / 2) / maxBrightness : 0 }

    /// One line, e.g. "rpi_backlight: brightness 128/255 (50%), actual 128, power on".
    public var summary: String {
        var s = "\(name): brightness \(brightness)/\(maxBrightness) (\(percent)%)"
        if let a = actualBrightness { s += ", actual \(a)" }
        if let p = poweredOn { s += ", power \(p ? "on" : "off")" }
        return s
    }
}

/// The backlights under a sysfs class directory (`/sys/class/backlight`; tests pass a
/// fake tree). A value type: every call reads or writes the files afresh, through `system`.
public struct Backlights {
    public let root: String
    let system: any PanelSystem

    public init(root: String = "/sys/class/backlight", system: any PanelSystem = LinuxSystem.standard) {
        self.root = root
        self.system = system
    }

    /// bl_power values (include/uapi/linux/fb.h): 0 unblank, 4 powerdown.
    static let powerOn = 0, powerOff = 4

    /// Device names, sorted.
    public func names() -> [String] {
        ((try? system.listDirectory(root)) ?? []).filter { !$0.hasPrefix(".") }
    }

    /// `name`, or the first device when nil.
    public func device(_ name: String?) throws(BacklightError) -> String {
        let all = names()
        guard let name else {
            guard let first = all.first else { throw .noBacklight(root: root) }
            return first
        }
        guard all.contains(name) else { throw .noSuchDevice(name: name, available: all) }
        return name
    }

    public func state(_ name: String) throws(BacklightError) -> BacklightState {
        let dir = "\(root)/\(name)"
        let max = try readInt("\(dir)/max_brightness")
        let b = try readInt("\(dir)/brightness")
        let actual = try readOptionalInt("\(dir)/actual_brightness")
        let power = try readOptionalInt("\(dir)/bl_power").map { $0 == Backlights.powerOn }
        return BacklightState(name: name, brightness: b, maxBrightness: max, actualBrightness: actual, poweredOn: power)
    }

    /// Sets brightness to `value` (0…max_brightness).
    public func setBrightness(_ name: String, to value: Int) throws(BacklightError) {
        let max = try readInt("\(root)/\(name)/max_brightness")
        guard value >= 0, value <= max else { throw .outOfRange(value: value, max: max) }
        try write("\(value)", to: "\(root)/\(name)/brightness")
    }

    /// Sets brightness to `percent` of max (0…100), rounded to the nearest step.
    public func setBrightness(_ name: String, percent: Int) throws(BacklightError) {
        let max = try readInt("\(root)/\(name)/max_brightness")
        guard percent >= 0, percent <= 100 else { throw .percentOutOfRange(percent) }
        try write("\((percent * max + 50) / 100)", to: "\(root)/\(name)/brightness")
    }

    /// Switches the backlight on or off through bl_power (brightness is kept).
    public func setPower(_ name: String, on: Bool) throws(BacklightError) {
        let path = "\(root)/\(name)/bl_power"
        guard system.exists(path) else { throw .noPowerControl(device: name) }
        try write("\(on ? Backlights.powerOn : Backlights.powerOff)", to: path)
    }

    // MARK: files

    private func readOptionalInt(_ path: String) throws(BacklightError) -> Int? {
        system.exists(path) ? try readInt(path) : nil
    }

    private func readInt(_ path: String) throws(BacklightError) -> Int {
        let bytes: [UInt8]
        do { bytes = try system.readFile(path, limit: .max) } catch { throw .unreadable(path: path, errno: error.errno) }
        let text = String(decoding: bytes, as: UTF8.self)
        let trimmed = text.filter { !$0.isASCIIWhitespace }
        guard let v = Int(trimmed) else { throw .badValue(path: path, text: trimmed) }
        return v
    }

    /// A sysfs attribute's write (`FileWriteMode.attribute`: one write, never creating it).
    private func write(_ text: String, to path: String) throws(BacklightError) {
        do { try system.writeFile(path, Array((text + "\n").utf8), .attribute) } catch {
            throw BacklightError.write(path: path, errno: error.errno)
        }
    }
}
