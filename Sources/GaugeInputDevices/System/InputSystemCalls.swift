import GaugeInput
import GaugeSystem

/// A libevdev context, as an opaque token so fakes can hand out their own.
public struct EvdevHandle: Hashable, Sendable {
    public let raw: UInt
    public init(raw: UInt) { self.raw = raw }
}

/// Which queue `nextEvent` reads: the device's normal events, or libevdev's
/// resynchronisation delta after SYN_DROPPED.
public enum EvdevReadMode: Sendable {
    case normal, sync
}

/// What libevdev_next_event returned.
public enum EvdevNextEvent: Hashable, Sendable {
    /// LIBEVDEV_READ_STATUS_SUCCESS.
    case success(InputEvent)
    /// LIBEVDEV_READ_STATUS_SYNC: either the SYN_DROPPED itself (in normal mode) or
    /// one event of the resync delta (in sync mode).
    case sync(InputEvent)
    /// A negative return (stored positive): EAGAIN means "nothing more now"; ENODEV
    /// means unplugged.
    case failure(Errno)
}

/// Every system and libevdev call GaugeInputDevices makes beyond the shared `PanelSystem` ones
/// (close, read, directories), behind one protocol so tests can fake devices, directories
/// and inotify. `LinuxInputSystemCalls` is the real one. Class-bound (through
/// `PanelSystem`): Embedded Swift accepts `any InputSystemCalls` only for class-bound
/// protocols.
public protocol InputSystemCalls: PanelSystem {
    /// open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC).
    func openDevice(_ path: String) throws(Errno) -> Int32
    /// A non-blocking inotify fd watching `path` for IN_CREATE | IN_DELETE | IN_ATTRIB.
    func watchDirectory(_ path: String) throws(Errno) -> Int32

    func evdevNew(fd: Int32) throws(Errno) -> EvdevHandle
    func evdevFree(_ handle: EvdevHandle)
    /// Event timestamps from CLOCK_MONOTONIC (the kernel default is CLOCK_REALTIME, which
    /// jumps with NTP and would break the gesture deadlines the run loop arms).
    func evdevUseMonotonicClock(_ handle: EvdevHandle) throws(Errno)
    func evdevName(_ handle: EvdevHandle) -> String
    func evdevHasEventCode(_ handle: EvdevHandle, type: UInt16, code: UInt16) -> Bool
    func evdevHasProperty(_ handle: EvdevHandle, _ property: UInt16) -> Bool
    func evdevAbsInfo(_ handle: EvdevHandle, code: UInt16) -> AxisRange?
    func evdevNextEvent(_ handle: EvdevHandle, mode: EvdevReadMode) -> EvdevNextEvent
    /// Number of multitouch slots, or -1 if the device has none.
    func evdevSlotCount(_ handle: EvdevHandle) -> Int32
    func evdevCurrentSlot(_ handle: EvdevHandle) -> Int32
    func evdevSlotValue(_ handle: EvdevHandle, slot: Int32, code: UInt16) -> Int32
    func evdevEventValue(_ handle: EvdevHandle, type: UInt16, code: UInt16) -> Int32
}
