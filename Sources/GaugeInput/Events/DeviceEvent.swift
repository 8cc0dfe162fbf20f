/// What `EvdevDevice.readEvents()` yields, in order.
public enum DeviceEvent: Hashable, Sendable {
    /// An event read normally.
    case event(InputEvent)
    /// The kernel dropped events (SYN_DROPPED): state built from earlier events is
    /// unreliable until the snapshot that follows.
    case dropped(time: Int64)
    /// The device state after libevdev's resynchronisation: replaces what was lost.
    case resynced(DeviceSnapshot)
}

/// One multitouch slot's state: `trackingID` -1 means no contact in this slot.
public struct SlotState: Hashable, Sendable {
    public var trackingID: Int32
    public var x: Int32
    public var y: Int32
    public init(trackingID: Int32, x: Int32, y: Int32) {
        self.trackingID = trackingID
        self.x = x
        self.y = y
    }
    public static let empty = SlotState(trackingID: -1, x: 0, y: 0)
    public var isActive: Bool { trackingID >= 0 }
}

/// The complete state of a device at one moment, as libevdev knows it after a sync.
public struct DeviceSnapshot: Hashable, Sendable {
    public var time: Int64
    public var slots: [SlotState]
    public var currentSlot: Int32
    /// Current values of the device's absolute axes (single-touch X/Y, absolute encoders).
    public var absValues: [UInt16: Int32]
    /// Keys and buttons currently down (BTN_TOUCH among them).
    public var keysDown: Set<UInt16>

    public init(
        time: Int64, slots: [SlotState] = [], currentSlot: Int32 = 0,
        absValues: [UInt16: Int32] = [:], keysDown: Set<UInt16> = []
    ) {
        self.time = time
        self.slots = slots
        self.currentSlot = currentSlot
        self.absValues = absValues
        self.keysDown = keysDown
    }
}
