import CEvdev

/// What the panel does in response to input.
public enum InputAction: Hashable, Sendable {
    case nextPage
    case previousPage
    /// Brightness steps: +1 brighter, -1 dimmer.
    case brightness(Int)
    case toggleNight
    /// A tap at a logical panel pixel (buttons on the page decide what it means).
    case tap(x: Int32, y: Int32)
    /// Clear the gauges' peak-hold markers.
    case resetHold

    /// Parses a configuration name: nextPage, previousPage, brightnessUp, brightnessDown,
    /// toggleNight, resetHold (case-insensitive; '-' and '_' ignored).
    public init?(name: String) {
        let key = String(name.lowercased().filter { $0 != "-" && $0 != "_" })
        switch key {
        case "nextpage", "next": self = .nextPage
        case "previouspage", "prevpage", "previous", "prev": self = .previousPage
        case "brightnessup", "brighter": self = .brightness(1)
        case "brightnessdown", "dimmer": self = .brightness(-1)
        case "togglenight", "night": self = .toggleNight
        case "resethold", "reset": self = .resetHold
        default: return nil
        }
    }
}

extension KeyCode {
    /// A key code from its kernel name ("KEY_F1", "BTN_0"), as gpio-keys device trees and
    /// the configuration spell them; nil for unknown names. A table lookup in libevdev.
    public static func named(_ name: String) -> UInt16? {
        let code = libevdev_event_code_from_name(UInt32(EV_KEY), name.uppercased())
        guard code >= 0, code <= Int32(KEY_MAX) else { return nil }
        return UInt16(code)
    }
}
