import CEvdev
import GaugeASCII
import GaugeInput

extension KeyCode {
    /// A key code from its kernel name ("KEY_F1", "BTN_0"), as gpio-keys device trees and
    /// the configuration spell them; nil for unknown names. A table lookup in libevdev.
    public static func named(_ name: String) -> UInt16? {
        let code = libevdev_event_code_from_name(UInt32(EventType.key), name.asciiUppercased)
        guard code >= 0, code <= Int32(KeyCode.max) else { return nil }
        return UInt16(code)
    }
}
