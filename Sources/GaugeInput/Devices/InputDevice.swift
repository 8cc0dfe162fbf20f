/// One open input device as the panel reads it: `fd` is polled for input and
/// `readEvents()` called when it is readable. GaugeInputDevices' `EvdevDevice` is the real
/// one (libevdev); tests give their own. Class-bound: Embedded Swift accepts
/// `any InputDevice` only for class-bound protocols.
public protocol InputDevice: AnyObject {
    var path: String { get }
    var name: String { get }
    var fd: Int32 { get }
    var capabilities: DeviceCapabilities { get }
    /// Drains pending events; a `.resynced` snapshot replaces what a SYN_DROPPED lost.
    func readEvents() -> DeviceReadResult
}

/// What one `readEvents()` call found.
public enum DeviceReadResult: Hashable, Sendable {
    /// Everything pending, in order (possibly empty).
    case events([DeviceEvent])
    /// The device was unplugged (ENODEV): close it; `lastEvents` were read before.
    case gone(InputError, lastEvents: [DeviceEvent])
    /// Another read error; the device stays open.
    case failed(InputError, lastEvents: [DeviceEvent])
}
