import GaugeInput
@testable import GaugeInputDevices
import GaugeSystem
import GaugeTestSupport
#if canImport(Glibc)
    import Glibc
#endif

/// A device as the fake libevdev presents it.
final class FakeDevice {
    var name: String
    var codes: Set<UInt32> = []  // type << 16 | code
    var ranges: [UInt16: AxisRange] = [:]
    /// What successive normal-mode reads return; empty → EAGAIN.
    var normal: [EvdevNextEvent] = []
    /// What successive sync-mode reads return; empty → EAGAIN.
    var sync: [EvdevNextEvent] = []
    var slots: [SlotState] = []
    var currentSlot: Int32 = 0
    var values: [UInt32: Int32] = [:]  // type << 16 | code
    var monotonic = false
    var properties: Set<UInt16> = []

    init(name: String) { self.name = name }

    func enable(_ type: UInt16, _ code: UInt16, range: AxisRange? = nil) {
        codes.insert(UInt32(type) << 16 | UInt32(code))
        if let range { ranges[code] = range }
    }

    static func touchscreen(_ name: String = "FT5406 memory based driver", slots: Int = 2) -> FakeDevice {
        let d = FakeDevice(name: name)
        d.enable(EventType.abs, AbsCode.mtSlot, range: AxisRange(minimum: 0, maximum: Int32(slots - 1)))
        d.enable(EventType.abs, AbsCode.mtTrackingID, range: AxisRange(minimum: 0, maximum: 65535))
        d.enable(EventType.abs, AbsCode.mtPositionX, range: AxisRange(minimum: 0, maximum: 799))
        d.enable(EventType.abs, AbsCode.mtPositionY, range: AxisRange(minimum: 0, maximum: 479))
        d.enable(EventType.abs, AbsCode.x, range: AxisRange(minimum: 0, maximum: 799))
        d.enable(EventType.abs, AbsCode.y, range: AxisRange(minimum: 0, maximum: 479))
        d.enable(EventType.key, KeyCode.touch)
        d.slots = Array(repeating: .empty, count: slots)
        return d
    }

    static func keys(_ name: String = "gpio-keys") -> FakeDevice {
        let d = FakeDevice(name: name)
        for k in [KeyCode.left, KeyCode.right, KeyCode.enter] { d.enable(EventType.key, k) }
        return d
    }

    static func rotary(_ name: String = "rotary@11") -> FakeDevice {
        let d = FakeDevice(name: name)
        d.enable(EventType.rel, RelCode.x)
        return d
    }
}

/// InputSystemCalls over in-memory devices and inotify bytes; directories and closes
/// are `FakePanelSystem`'s.
final class FakeInputSystem: FakePanelSystem, InputSystemCalls {
    /// Device nodes by path; an errno entry makes open fail.
    var nodes: [String: FakeDevice] = [:]
    var openErrors: [String: Int32] = [:]
    var inotifyBytes: [[UInt8]] = []
    private(set) var openFDs: [Int32: String] = [:]
    private(set) var handles: [UInt: FakeDevice] = [:]
    private(set) var freed: [UInt] = []
    private var nextFD: Int32 = 10
    static let inotifyFD: Int32 = 5

    func openDevice(_ path: String) throws(Errno) -> Int32 {
        if let e = openErrors[path] { throw Errno(e) }
        guard nodes[path] != nil else { throw .noSuchFileOrDirectory }
        nextFD += 1
        openFDs[nextFD] = path
        return nextFD
    }

    override func close(_ fd: Int32) {
        super.close(fd)
        openFDs[fd] = nil
    }

    /// Only the inotify descriptor is read (devices go through libevdev).
    override func read(_ fd: Int32, max: Int) throws(Errno) -> ReadResult {
        guard fd == Self.inotifyFD else { throw .badFileDescriptor }
        return inotifyBytes.isEmpty ? .nothingPending : .bytes(inotifyBytes.removeFirst())
    }

    func watchDirectory(_ path: String) throws(Errno) -> Int32 {
        guard directories[path] != nil else { throw .noSuchFileOrDirectory }
        return Self.inotifyFD
    }

    func evdevNew(fd: Int32) throws(Errno) -> EvdevHandle {
        guard let path = openFDs[fd], let device = nodes[path] else { throw .inappropriateIOCTLForDevice }
        let raw = UInt(fd) * 1000
        handles[raw] = device
        return EvdevHandle(raw: raw)
    }

    func evdevFree(_ handle: EvdevHandle) {
        freed.append(handle.raw)
        handles[handle.raw] = nil
    }

    private func dev(_ h: EvdevHandle) -> FakeDevice { handles[h.raw]! }

    func evdevUseMonotonicClock(_ handle: EvdevHandle) throws(Errno) {
        dev(handle).monotonic = true
    }
    func evdevName(_ handle: EvdevHandle) -> String { dev(handle).name }
    func evdevHasEventCode(_ handle: EvdevHandle, type: UInt16, code: UInt16) -> Bool {
        dev(handle).codes.contains(UInt32(type) << 16 | UInt32(code))
    }
    func evdevHasProperty(_ handle: EvdevHandle, _ property: UInt16) -> Bool { dev(handle).properties.contains(property) }
    func evdevAbsInfo(_ handle: EvdevHandle, code: UInt16) -> AxisRange? { dev(handle).ranges[code] }

    func evdevNextEvent(_ handle: EvdevHandle, mode: EvdevReadMode) -> EvdevNextEvent {
        let d = dev(handle)
        switch mode {
        case .normal: return d.normal.isEmpty ? .failure(.resourceTemporarilyUnavailable) : d.normal.removeFirst()
        case .sync: return d.sync.isEmpty ? .failure(.resourceTemporarilyUnavailable) : d.sync.removeFirst()
        }
    }

    func evdevSlotCount(_ handle: EvdevHandle) -> Int32 {
        dev(handle).slots.isEmpty ? -1 : Int32(dev(handle).slots.count)
    }
    func evdevCurrentSlot(_ handle: EvdevHandle) -> Int32 { dev(handle).currentSlot }
    func evdevSlotValue(_ handle: EvdevHandle, slot: Int32, code: UInt16) -> Int32 {
        let s = dev(handle).slots[Int(slot)]
        switch code {
        case AbsCode.mtTrackingID: return s.trackingID
        case AbsCode.mtPositionX: return s.x
        case AbsCode.mtPositionY: return s.y
        default: return 0
        }
    }
    func evdevEventValue(_ handle: EvdevHandle, type: UInt16, code: UInt16) -> Int32 {
        dev(handle).values[UInt32(type) << 16 | UInt32(code)] ?? 0
    }
}

/// inotify_event records as the kernel writes them (native byte order, name padded).
func inotifyRecord(_ name: String, mask: UInt32) -> [UInt8] {
    var nameBytes = Array(name.utf8) + [0]
    while nameBytes.count % 4 != 0 { nameBytes.append(0) }
    var out: [UInt8] = []
    for v in [UInt32(1), mask, 0, UInt32(nameBytes.count)] { withUnsafeBytes(of: v) { out += $0 } }
    return out + nameBytes
}
