import Testing
import GaugeInput
@testable import GaugeInputDevices
import GaugeSystem
import GaugeTestSupport
#if canImport(Glibc)
    import Glibc
#endif

@Suite struct EvdevDeviceTests {
    @Test func openClassifiesATouchscreen() throws {
        let sys = FakeInputSystem()
        sys.nodes["/dev/input/event0"] = .touchscreen()
        let d = try EvdevDevice.open("/dev/input/event0", calls: sys).get()
        #expect(d.name == "FT5406 memory based driver")
        #expect(d.capabilities.isTouchscreen && d.capabilities.isMultitouch)
        #expect(!d.capabilities.hasKeys && !d.capabilities.isRotary)
        #expect(d.capabilities.touchRanges?.x == AxisRange(minimum: 0, maximum: 799))
        #expect(sys.nodes["/dev/input/event0"]!.monotonic)
        d.close()
        #expect(sys.closed == [d.fd] && sys.freed.count == 1)
        d.close()  // idempotent
        #expect(sys.closed.count == 1)
    }

    @Test func classifiesKeysEncodersAndMice() throws {
        let sys = FakeInputSystem()
        sys.nodes["/k"] = .keys()
        sys.nodes["/r"] = .rotary()
        let mouse = FakeDevice(name: "USB mouse")
        mouse.enable(EventType.rel, RelCode.x)
        mouse.enable(EventType.rel, RelCode.wheel)
        mouse.enable(EventType.key, KeyCode.leftButton)
        sys.nodes["/m"] = mouse
        let abs = FakeDevice(name: "rotary@16")
        abs.enable(EventType.abs, AbsCode.x, range: AxisRange(minimum: 0, maximum: 24))
        sys.nodes["/a"] = abs
        let single = FakeDevice(name: "ADS7846 Touchscreen")
        single.enable(EventType.abs, AbsCode.x, range: AxisRange(minimum: 0, maximum: 4095))
        single.enable(EventType.abs, AbsCode.y, range: AxisRange(minimum: 0, maximum: 4095))
        single.enable(EventType.key, KeyCode.touch)
        sys.nodes["/s"] = single
        let touchpad = FakeDevice.touchscreen("SynPS/2 Synaptics TouchPad")
        touchpad.properties = [InputProperty.pointer]
        sys.nodes["/p"] = touchpad

        let k = try EvdevDevice.open("/k", calls: sys).get().capabilities
        #expect(k.hasKeys && k.keys == [KeyCode.left, KeyCode.right, KeyCode.enter] && !k.isRotary)
        let r = try EvdevDevice.open("/r", calls: sys).get().capabilities
        #expect(r.relativeRotaryAxes == [RelCode.x] && !r.hasKeys)
        let m = try EvdevDevice.open("/m", calls: sys).get().capabilities
        // A mouse: its wheel may serve as an encoder when named, never by `auto`.
        #expect(m.isPointer && m.relativeRotaryAxes == [RelCode.wheel] && !DeviceRole.encoder.accepts(m))
        #expect(DeviceSelector("USB mouse").matches(path: "/m", name: "USB mouse", capabilities: m, role: .encoder))
        #expect(!DeviceSelector.auto.matches(path: "/m", name: "USB mouse", capabilities: m, role: .encoder))
        let a = try EvdevDevice.open("/a", calls: sys).get().capabilities
        #expect(a.absoluteRotaryAxes == [AbsCode.x] && !a.isTouchscreen)
        let s = try EvdevDevice.open("/s", calls: sys).get().capabilities
        #expect(s.isTouchscreen && !s.isMultitouch && s.absoluteRotaryAxes.isEmpty && !s.hasKeys)
        let p = try EvdevDevice.open("/p", calls: sys).get().capabilities
        #expect(!p.isTouchscreen && !p.isMultitouch)
        #expect(DeviceRole.touch.accepts(s) && !DeviceRole.keys.accepts(s) && DeviceRole.encoder.accepts(a))
    }

    @Test func permissionErrorNamesTheDeviceAndTheFix() {
        let sys = FakeInputSystem()
        sys.nodes["/dev/input/event3"] = .keys()
        sys.openErrors["/dev/input/event3"] = EACCES
        guard case .failure(let e) = EvdevDevice.open("/dev/input/event3", calls: sys) else {
            Issue.record("open should fail")
            return
        }
        #expect(e.kind == .permissionDenied)
        #expect(e.description.contains("/dev/input/event3") && e.description.contains("group input"))
    }

    @Test func nonEvdevNodeIsRejectedAndClosed() {
        let sys = FakeInputSystem()
        sys.nodes["/dev/input/mice"] = .keys()
        final class NotEvdev: FakePanelSystem, InputSystemCalls {
            let base: FakeInputSystem
            init(_ base: FakeInputSystem) { self.base = base }
            func openDevice(_ path: String) throws(Errno) -> Int32 { try base.openDevice(path) }
            override func close(_ fd: Int32) { base.close(fd) }
            func watchDirectory(_ path: String) throws(Errno) -> Int32 { try base.watchDirectory(path) }
            func evdevNew(fd: Int32) throws(Errno) -> EvdevHandle { throw .inappropriateIOCTLForDevice }
            func evdevFree(_ handle: EvdevHandle) {}
            func evdevUseMonotonicClock(_ handle: EvdevHandle) throws(Errno) {}
            func evdevName(_ handle: EvdevHandle) -> String { "" }
            func evdevHasEventCode(_ handle: EvdevHandle, type: UInt16, code: UInt16) -> Bool { false }
            func evdevHasProperty(_ handle: EvdevHandle, _ property: UInt16) -> Bool { false }
            func evdevAbsInfo(_ handle: EvdevHandle, code: UInt16) -> AxisRange? { nil }
            func evdevNextEvent(_ handle: EvdevHandle, mode: EvdevReadMode) -> EvdevNextEvent { .failure(.resourceTemporarilyUnavailable) }
            func evdevSlotCount(_ handle: EvdevHandle) -> Int32 { -1 }
            func evdevCurrentSlot(_ handle: EvdevHandle) -> Int32 { 0 }
            func evdevSlotValue(_ handle: EvdevHandle, slot: Int32, code: UInt16) -> Int32 { 0 }
            func evdevEventValue(_ handle: EvdevHandle, type: UInt16, code: UInt16) -> Int32 { 0 }
        }
        let result = EvdevDevice.open("/dev/input/mice", calls: NotEvdev(sys))
        guard case .failure(let e) = result else {
            Issue.record("open should fail")
            return
        }
        #expect(e.kind == .notEvdev && e.description.contains("eventN"))
        #expect(sys.closed.count == 1)
    }

    @Test func readDrainsNormalEventsUntilEAGAIN() throws {
        let sys = FakeInputSystem()
        let fake = FakeDevice.keys()
        sys.nodes["/k"] = fake
        let d = try EvdevDevice.open("/k", calls: sys).get()
        fake.normal = [.success(.key(KeyCode.right, 1, at: 5)), .success(.report(at: 5))]
        #expect(d.readEvents() == .events([.event(.key(KeyCode.right, 1, at: 5)), .event(.report(at: 5))]))
        #expect(d.readEvents() == .events([]))
    }

    @Test func synDroppedIsResynchronisedIntoASnapshot() throws {
        let sys = FakeInputSystem()
        let fake = FakeDevice.touchscreen()
        sys.nodes["/t"] = fake
        let d = try EvdevDevice.open("/t", calls: sys).get()
        fake.normal = [
            .success(.abs(AbsCode.mtSlot, 0, at: 1)), .success(.abs(AbsCode.mtTrackingID, 4, at: 1)),
            .success(.report(at: 1)),
            .sync(.dropped(at: 2)),
            .success(.abs(AbsCode.mtPositionX, 90, at: 9)), .success(.report(at: 9)),
        ]
        // The delta libevdev computed; the state it leaves is what the snapshot reads.
        fake.sync = [
            .sync(.abs(AbsCode.mtSlot, 1, at: 3)), .sync(.abs(AbsCode.mtTrackingID, 5, at: 3)),
            .sync(.report(at: 3)),
        ]
        fake.slots = [.empty, SlotState(trackingID: 5, x: 80, y: 10)]
        fake.currentSlot = 1
        fake.values[UInt32(EventType.key) << 16 | UInt32(KeyCode.touch)] = 1
        fake.values[UInt32(EventType.abs) << 16 | UInt32(AbsCode.x)] = 80

        let result = d.readEvents()
        let snapshot = DeviceSnapshot(
            time: 3, slots: [.empty, SlotState(trackingID: 5, x: 80, y: 10)], currentSlot: 1,
            absValues: [AbsCode.x: 80, AbsCode.y: 0], keysDown: [KeyCode.touch])
        #expect(
            result
                == .events([
                    .event(.abs(AbsCode.mtSlot, 0, at: 1)), .event(.abs(AbsCode.mtTrackingID, 4, at: 1)), .event(.report(at: 1)),
                    .dropped(time: 2), .resynced(snapshot),
                    .event(.abs(AbsCode.mtPositionX, 90, at: 9)), .event(.report(at: 9)),
                ]))
        #expect(fake.sync.isEmpty)

        // Through the tracker: finger 4, then (after the drop) finger 5 from the snapshot.
        var tracker = TouchTracker()
        guard case .events(let events) = result else { return }
        let frames = events.compactMap { tracker.handle($0) }
        #expect(
            frames == [
                TouchFrame(time: 1, points: [TouchPoint(id: 4, x: 0, y: 0)]),
                TouchFrame(time: 3, points: [TouchPoint(id: 5, x: 80, y: 10)]),
                TouchFrame(time: 9, points: [TouchPoint(id: 5, x: 90, y: 10)]),
            ])
    }

    @Test func enodevMeansGone() throws {
        let sys = FakeInputSystem()
        let fake = FakeDevice.rotary()
        sys.nodes["/r"] = fake
        let d = try EvdevDevice.open("/r", calls: sys).get()
        fake.normal = [.success(.rel(RelCode.x, 1, at: 1)), .failure(.operationNotSupportedByDevice)]
        guard case .gone(let error, let last) = d.readEvents() else {
            Issue.record("expected gone")
            return
        }
        #expect(last == [.event(.rel(RelCode.x, 1, at: 1))])
        #expect(error.kind == .gone && error.path == "/r" && error.description.contains("reopened"))
        d.close()
        guard case .gone = d.readEvents() else {
            Issue.record("a closed device reads as gone")
            return
        }
    }

    @Test func enodevDuringResyncMeansGone() throws {
        let sys = FakeInputSystem()
        let fake = FakeDevice.touchscreen()
        sys.nodes["/t"] = fake
        let d = try EvdevDevice.open("/t", calls: sys).get()
        fake.normal = [.sync(.dropped(at: 2))]
        fake.sync = [.failure(.operationNotSupportedByDevice)]
        guard case .gone(_, let last) = d.readEvents() else {
            Issue.record("expected gone")
            return
        }
        #expect(last == [.dropped(time: 2)])
    }

    @Test func otherErrorsKeepTheDevice() throws {
        let sys = FakeInputSystem()
        let fake = FakeDevice.keys()
        sys.nodes["/k"] = fake
        let d = try EvdevDevice.open("/k", calls: sys).get()
        fake.normal = [.failure(.invalidArgument)]
        guard case .failed(let e, _) = d.readEvents() else {
            Issue.record("expected failed")
            return
        }
        #expect(e.kind == .system && d.isOpen)
    }

    @Test func readIsBoundedPerCall() throws {
        let sys = FakeInputSystem()
        let fake = FakeDevice.rotary()
        sys.nodes["/r"] = fake
        let d = try EvdevDevice.open("/r", calls: sys).get()
        d.readLimit = 3
        fake.normal = Array(repeating: .success(.rel(RelCode.x, 1)), count: 5)
        guard case .events(let first) = d.readEvents(), case .events(let second) = d.readEvents() else {
            Issue.record("expected events")
            return
        }
        #expect(first.count == 3 && second.count == 2)
    }
}
