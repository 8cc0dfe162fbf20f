import CEvdev
import CPanelSystem
import GaugeInput
import GaugeSystem

/// The real system: GaugeSystem's `LinuxSystem` for files, CPanelSystem for inotify,
/// libevdev for devices.
public final class LinuxInputSystemCalls: LinuxSystem, InputSystemCalls, @unchecked Sendable {
    public override init() {}

    public func openDevice(_ path: String) throws(Errno) -> Int32 {
        try SystemCall.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    }

    public func watchDirectory(_ path: String) throws(Errno) -> Int32 {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { throw .current }
        let mask = UInt32(IN_CREATE) | UInt32(IN_DELETE) | UInt32(IN_ATTRIB)
        guard inotify_add_watch(fd, path, mask) >= 0 else {
            let e = Errno.current
            close(fd)
            throw e
        }
        return fd
    }

    private func pointer(_ handle: EvdevHandle) -> OpaquePointer {
        // Handles only come from evdevNew, which never returns a null pointer.
        OpaquePointer(bitPattern: handle.raw)!
    }

    public func evdevNew(fd: Int32) throws(Errno) -> EvdevHandle {
        var dev: OpaquePointer?
        let rc = libevdev_new_from_fd(fd, &dev)
        guard rc == 0, let dev else { throw rc < 0 ? Errno(-rc) : .invalidArgument }
        return EvdevHandle(raw: UInt(bitPattern: dev))
    }

    public func evdevFree(_ handle: EvdevHandle) {
        libevdev_free(pointer(handle))
    }

    public func evdevUseMonotonicClock(_ handle: EvdevHandle) throws(Errno) {
        let rc = libevdev_set_clock_id(pointer(handle), CLOCK_MONOTONIC)
        guard rc == 0 else { throw rc < 0 ? Errno(-rc) : .invalidArgument }
    }

    public func evdevName(_ handle: EvdevHandle) -> String {
        guard let name = libevdev_get_name(pointer(handle)) else { return "" }
        return String(cString: name)
    }

    public func evdevHasEventCode(_ handle: EvdevHandle, type: UInt16, code: UInt16) -> Bool {
        libevdev_has_event_code(pointer(handle), UInt32(type), UInt32(code)) == 1
    }

    public func evdevHasProperty(_ handle: EvdevHandle, _ property: UInt16) -> Bool {
        libevdev_has_property(pointer(handle), UInt32(property)) == 1
    }

    public func evdevAbsInfo(_ handle: EvdevHandle, code: UInt16) -> AxisRange? {
        guard let info = libevdev_get_abs_info(pointer(handle), UInt32(code)) else { return nil }
        return AxisRange(
            minimum: info.pointee.minimum, maximum: info.pointee.maximum,
            resolution: info.pointee.resolution)
    }

    public func evdevNextEvent(_ handle: EvdevHandle, mode: EvdevReadMode) -> EvdevNextEvent {
        var ev = input_event()
        let flags = mode == .normal ? LIBEVDEV_READ_FLAG_NORMAL.rawValue : LIBEVDEV_READ_FLAG_SYNC.rawValue
        let rc = libevdev_next_event(pointer(handle), UInt32(flags), &ev)
        guard rc >= 0 else { return .failure(Errno(-rc)) }
        let time = Int64(gaugepanel_input_event_usec(&ev))
        let event = InputEvent(type: ev.type, code: ev.code, value: ev.value, time: time)
        return rc == Int32(LIBEVDEV_READ_STATUS_SYNC.rawValue) ? .sync(event) : .success(event)
    }

    public func evdevSlotCount(_ handle: EvdevHandle) -> Int32 {
        libevdev_get_num_slots(pointer(handle))
    }

    public func evdevCurrentSlot(_ handle: EvdevHandle) -> Int32 {
        libevdev_get_current_slot(pointer(handle))
    }

    public func evdevSlotValue(_ handle: EvdevHandle, slot: Int32, code: UInt16) -> Int32 {
        guard slot >= 0 else { return 0 }
        return libevdev_get_slot_value(pointer(handle), UInt32(slot), UInt32(code))
    }

    public func evdevEventValue(_ handle: EvdevHandle, type: UInt16, code: UInt16) -> Int32 {
        libevdev_get_event_value(pointer(handle), UInt32(type), UInt32(code))
    }
}
