import GaugeInput
import GaugeSystem

/// An open /dev/input/eventN through libevdev. The run loop polls `fd` for input and
/// calls `readEvents()` when it is readable. Owns the fd and the libevdev context.
public final class EvdevDevice: InputDevice {
    public let path: String
    public let name: String
    public let fd: Int32
    public let capabilities: DeviceCapabilities
    private let calls: any InputSystemCalls
    private var handle: EvdevHandle?

    /// Events read per call at most, so a flooding device cannot starve the loop; the fd
    /// stays readable and poll returns again.
    public var readLimit = 4096

    init(
        path: String, name: String, fd: Int32, handle: EvdevHandle,
        capabilities: DeviceCapabilities, calls: any InputSystemCalls
    ) {
        self.path = path
        self.name = name
        self.fd = fd
        self.handle = handle
        self.capabilities = capabilities
        self.calls = calls
    }

    /// Opens `path` non-blocking and reads its name and capabilities through libevdev.
    public static func open(_ path: String, calls: any InputSystemCalls = LinuxInputSystemCalls())
        -> Result<EvdevDevice, InputError>
    {
        let fd: Int32
        do { fd = try calls.openDevice(path) } catch { return .failure(InputError(errno: error, path: path)) }
        let handle: EvdevHandle
        do { handle = try calls.evdevNew(fd: fd) } catch {
            calls.close(fd)
            return .failure(
                error == .operationNotSupportedByDevice
                    ? InputError(.gone, path: path, errno: error)
                    : error == .permissionDenied || error == .notPermitted
                        ? InputError(errno: error, path: path)
                        : InputError(.notEvdev, path: path, errno: error))
        }
        // Monotonic timestamps, like the run loop's clock; failing that (old kernels) gestures
        // still work from differences, so it is not fatal.
        try? calls.evdevUseMonotonicClock(handle)
        let caps = DeviceCapabilities.classify(
            has: { calls.evdevHasEventCode(handle, type: $0, code: $1) },
            range: { calls.evdevAbsInfo(handle, code: $0) },
            property: { calls.evdevHasProperty(handle, $0) })
        return .success(
            EvdevDevice(
                path: path, name: calls.evdevName(handle), fd: fd,
                handle: handle, capabilities: caps, calls: calls))
    }

    public var isOpen: Bool { handle != nil }

    /// Frees libevdev's context and closes the fd; reading afterwards reports `.gone`.
    public func close() {
        guard let h = handle else { return }
        calls.evdevFree(h)
        calls.close(fd)
        handle = nil
    }

    deinit { close() }

    /// Drains pending events. After SYN_DROPPED, libevdev's resync delta is read until
    /// EAGAIN and replaced by one `.resynced` snapshot of the device's state, so consumers
    /// never build state from a half-lost stream.
    public func readEvents() -> DeviceReadResult {
        guard let h = handle else { return .gone(InputError(.gone, path: path, errno: .badFileDescriptor), lastEvents: []) }
        var out: [DeviceEvent] = []
        while out.count < readLimit {
            switch calls.evdevNextEvent(h, mode: .normal) {
            case .success(let event):
                out.append(.event(event))
            case .sync(let dropped):
                out.append(.dropped(time: dropped.time))
                var lastTime = dropped.time
                var delta = 0
                // The delta is bounded by the device's codes; the cap guards a broken backend.
                syncLoop: while delta < 65536 {
                    delta += 1
                    switch calls.evdevNextEvent(h, mode: .sync) {
                    case .success(let e), .sync(let e): lastTime = e.time
                    case .failure(let e) where e == .resourceTemporarilyUnavailable: break syncLoop
                    case .failure(let e): return failure(e, out)
                    }
                }
                out.append(.resynced(snapshot(h, time: lastTime)))
            case .failure(let e) where e.meansTryLater:
                return .events(out)
            case .failure(let e):
                return failure(e, out)
            }
        }
        return .events(out)
    }

    private func failure(_ errno: Errno, _ events: [DeviceEvent]) -> DeviceReadResult {
        let error = InputError(errno: errno, path: path)
        if error.kind == .gone || error.kind == .notFound {
            return .gone(InputError(.gone, path: path, errno: errno), lastEvents: events)
        }
        return .failed(error, lastEvents: events)
    }

    /// Maximum slots read into a snapshot: real panels have 2 to 10, a few digitisers 60.
    static let slotLimit: Int32 = 64

    /// libevdev's view of the device now (after a sync it matches the kernel's).
    public func snapshot(time: Int64 = 0) -> DeviceSnapshot? {
        guard let h = handle else { return nil }
        return snapshot(h, time: time)
    }

    private func snapshot(_ h: EvdevHandle, time: Int64) -> DeviceSnapshot {
        var snap = DeviceSnapshot(time: time)
        let count = min(max(calls.evdevSlotCount(h), 0), Self.slotLimit)
        for slot in 0..<count {
            snap.slots.append(
                SlotState(
                    trackingID: calls.evdevSlotValue(h, slot: slot, code: AbsCode.mtTrackingID),
                    x: calls.evdevSlotValue(h, slot: slot, code: AbsCode.mtPositionX),
                    y: calls.evdevSlotValue(h, slot: slot, code: AbsCode.mtPositionY)))
        }
        snap.currentSlot = count > 0 ? calls.evdevCurrentSlot(h) : 0
        for code in capabilities.axisRanges.keys where code < AbsCode.mtSlot {
            snap.absValues[code] = calls.evdevEventValue(h, type: EventType.abs, code: code)
        }
        for code in capabilities.keys where calls.evdevEventValue(h, type: EventType.key, code: code) != 0 {
            snap.keysDown.insert(code)
        }
        return snap
    }
}
