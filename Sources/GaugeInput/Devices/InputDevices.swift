/// The input devices a panel can open, given by the command line that links their library
/// (GaugeInputDevices: libevdev), so that the panel's own modules and their tests link none
/// of it — as `DisplayDevices` gives the screens.
public struct InputDevices: Sendable {
    /// A scanner of the event devices in `directory`; nothing is opened before its first rescan.
    public var scanner: @Sendable (_ directory: String) -> any InputDeviceScanning
    /// The code of a kernel key name ("KEY_F1", "btn_0"), as `[input] keys` spells them;
    /// nil for an unknown name. The names are libevdev's table, on the device side.
    public var keyCode: @Sendable (_ name: String) -> UInt16?

    public init(
        scanner: @escaping @Sendable (_ directory: String) -> any InputDeviceScanning,
        keyCode: @escaping @Sendable (_ name: String) -> UInt16?
    ) {
        self.scanner = scanner
        self.keyCode = keyCode
    }
}
