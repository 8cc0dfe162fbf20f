import GaugeRaster
import GaugeWidgets

/// `[theme.day]`, `[theme.night]` and `[theme] active = "night"`: the colours besides each
/// widget's tint. Keys left out keep the defaults (day: the reference scene's dark
/// theme; night: dim red on black, kind to eyes adapted to the dark).
public struct ThemeConfiguration: Sendable, Equatable {
    public enum Name: String, Sendable, CaseIterable { case day, night }
    public var day: GaugeTheme
    public var night: GaugeTheme
    public var active: Name

    public init(day: GaugeTheme = .dark, night: GaugeTheme = ThemeConfiguration.defaultNight, active: Name = .day) {
        self.day = day
        self.night = night
        self.active = active
    }

    public func theme(_ name: Name) -> GaugeTheme { name == .day ? day : night }
    public var current: GaugeTheme { theme(active) }

    public static let defaultNight = GaugeTheme(
        background: Color(rgb: 0x000000), track: Color(rgb: 0x1C1010), tick: Color(rgb: 0x803028),
        label: Color(rgb: 0x702820), value: Color(rgb: 0xC04030), needle: Color(rgb: 0xD04030),
        hub: Color(rgb: 0x602018), hold: Color(rgb: 0x906020))

    /// `active` sits inside `[theme]`: TOML can't have `theme` be both a string and a table.
    static func read(_ r: TableReader?) -> ThemeConfiguration {
        var t = ThemeConfiguration()
        guard let r else { return t }
        if let a = r.choice("active", Name.allCases.map { $0.rawValue }), let name = Name(rawValue: a) { t.active = name }
        if let d = r.table("day") { t.day = readTheme(d, base: .dark) }
        if let n = r.table("night") { t.night = readTheme(n, base: defaultNight) }
        r.finish()
        return t
    }

    private static func readTheme(_ r: TableReader, base: GaugeTheme) -> GaugeTheme {
        var t = base
        if let c = r.color("background") { t.background = c }
        if let c = r.color("track") { t.track = c }
        if let c = r.color("tick") { t.tick = c }
        if let c = r.color("label") { t.label = c }
        if let c = r.color("value") { t.value = c }
        if let c = r.color("needle") { t.needle = c }
        if let c = r.color("hub") { t.hub = c }
        if let c = r.color("hold") { t.hold = c }
        r.finish()
        return t
    }
}

/// `[input]`: plain validated values for the input layer (touch, a rotary encoder, keys
/// mapped to actions). Device names are matched by the input module at run time.
public struct InputConfiguration: Sendable, Equatable {
    /// The board's words for what a key does: the one vocabulary of actions.
    public enum Action: String, Sendable, CaseIterable {
        case nextPage = "next_page", previousPage = "previous_page", toggleTheme = "toggle_theme"
        /// Stop the blinking of the alarms active now.
        case acknowledge
        /// Clear the min/max hold markers.
        case resetMinMax = "reset_min_max"
        /// Sets the trip counters (`[[counter]] resettable = true`) back to 0.
        case resetTrip = "reset_trip"
        /// Writes a marked row into the `[log]` now.
        case logMarker = "log_marker"
        case brightnessUp = "brightness_up", brightnessDown = "brightness_down"
    }
    /// "auto" (the first touchscreen), "none", or an evdev device name.
    public var touch: String
    /// "none" or an evdev device name (rotary-encoder overlay).
    public var rotary: String
    /// Key name (`KEY_RIGHT`) → action.
    public var keys: [String: Action]
    public var swipe: Bool
    /// Touch calibration, for a touchscreen mounted turned against its panel (the Pi
    /// overlays' `touch-swapxy`, `touch-invx`, `touch-invy`): swap its axes, then mirror.
    public var touchSwapXY = false
    public var touchInvertX = false
    public var touchInvertY = false
    /// Raw values at the panel's left, right, top and bottom edges (after swapping); nil:
    /// the device's own range. Measured with evtest at the four edges.
    public var touchRange: [Int32]?

    public init(touch: String = "auto", rotary: String = "none", keys: [String: Action] = [:], swipe: Bool = true) {
        self.touch = touch
        self.rotary = rotary
        self.keys = keys
        self.swipe = swipe
    }

    static func read(_ r: TableReader?) -> InputConfiguration {
        var i = InputConfiguration()
        guard let r else { return i }
        if let t = r.string("touch", maxLength: 128) {
            if t.isEmpty { r.report("touch", "expected \"auto\", \"none\" or a device name") } else { i.touch = t }
        }
        if let t = r.string("rotary", maxLength: 128) {
            if t.isEmpty { r.report("rotary", "expected \"none\" or a device name") } else { i.rotary = t }
        }
        if let s = r.bool("swipe") { i.swipe = s }
        i.touchSwapXY = r.bool("touch_swap_xy") ?? false
        i.touchInvertX = r.bool("touch_invert_x") ?? false
        i.touchInvertY = r.bool("touch_invert_y") ?? false
        if let range = r.numbers(
            "touch_range", count: 4, -1_000_000...1_000_000,
            what: "[left, right, top, bottom] raw touch values, like [200, 3900, 250, 3850]")
        {
            if range.allSatisfy({ $0 == $0.rounded() }) {
                i.touchRange = range.map { Int32($0) }
            } else {
                r.report("touch_range", "expected whole numbers (raw touch values), got [\(range.map(format).joined(separator: ", "))]")
            }
        }
        if let k = r.table("keys") {
            let actions = Action.allCases.map { $0.rawValue }
            for key in k.table.keys.sorted() {
                _ = k.value(key)
                guard isKeyName(key) else {
                    k.report(key, "expected a key name like \"KEY_RIGHT\" or \"BTN_LEFT\"")
                    continue
                }
                if let a = k.choice(key, actions), let action = Action(rawValue: a) { i.keys[key] = action }
            }
            k.finish()
        }
        r.finish()
        return i
    }

    /// evdev key names: `KEY_…` or `BTN_…`, upper-case letters, digits and underscores.
    static func isKeyName(_ s: String) -> Bool {
        (s.hasPrefix("KEY_") || s.hasPrefix("BTN_")) && s.count > 4 && s.count <= 32
            && s.unicodeScalars.allSatisfy { ($0 >= "A" && $0 <= "Z") || ($0 >= "0" && $0 <= "9") || $0 == "_" }
    }
}
