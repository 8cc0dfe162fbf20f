import Testing
import CEvdev
import GaugeInput
@testable import GaugeInputDevices
#if canImport(Glibc)
    import Glibc
#endif

/// Whether the kernel's uinput is usable here (absent in most containers and CI).
private let uinputWritable = access("/dev/uinput", W_OK) == 0

/// A virtual touchscreen-and-keys device made through libevdev's uinput helper, read back
/// through the real `EvdevDevice` (libevdev, non-blocking fd, monotonic timestamps).
@Suite struct UinputIntegrationTests {
    @Test(
        .enabled(
            if: uinputWritable,
            "/dev/uinput is missing or not writable here (needs the uinput module and write access, e.g. root or group input with a udev rule)"))
    func virtualDeviceReadsBackThroughEvdevDevice() throws {
        let template = try #require(libevdev_new())
        defer { libevdev_free(template) }
        libevdev_set_name(template, "gaugepanel-test-input")
        libevdev_enable_event_type(template, UInt32(EV_KEY))
        libevdev_enable_event_code(template, UInt32(EV_KEY), UInt32(KEY_RIGHT), nil)
        libevdev_enable_event_code(template, UInt32(EV_KEY), UInt32(BTN_TOUCH), nil)
        libevdev_enable_event_type(template, UInt32(EV_ABS))
        var absX = input_absinfo(value: 0, minimum: 0, maximum: 799, fuzz: 0, flat: 0, resolution: 0)
        var absY = input_absinfo(value: 0, minimum: 0, maximum: 479, fuzz: 0, flat: 0, resolution: 0)
        libevdev_enable_event_code(template, UInt32(EV_ABS), UInt32(ABS_X), &absX)
        libevdev_enable_event_code(template, UInt32(EV_ABS), UInt32(ABS_Y), &absY)

        var uinput: OpaquePointer?
        let rc = libevdev_uinput_create_from_device(template, LIBEVDEV_UINPUT_OPEN_MANAGED.rawValue, &uinput)
        try #require(rc == 0, "libevdev_uinput_create_from_device: \(rc)")
        defer { libevdev_uinput_destroy(uinput) }
        let node = try #require(libevdev_uinput_get_devnode(uinput).map { String(cString: $0) })

        // udev may still be fixing the node's permissions: retry briefly.
        var opened: Result<EvdevDevice, InputError> = EvdevDevice.open(node)
        for _ in 0..<50 {
            if case .success = opened { break }
            usleep(20_000)
            opened = EvdevDevice.open(node)
        }
        let device = try opened.get()
        #expect(device.name == "gaugepanel-test-input")
        #expect(device.capabilities.isTouchscreen && device.capabilities.keys.contains(KeyCode.right))
        #expect(device.capabilities.touchRanges?.x == AxisRange(minimum: 0, maximum: 799))

        for (type, code, value) in [
            (EV_KEY, KEY_RIGHT, 1), (EV_SYN, SYN_REPORT, 0),
            (EV_ABS, ABS_X, 400), (EV_ABS, ABS_Y, 240), (EV_KEY, BTN_TOUCH, 1), (EV_SYN, SYN_REPORT, 0),
        ] {
            #expect(libevdev_uinput_write_event(uinput, UInt32(type), UInt32(code), Int32(value)) == 0)
        }
        var events: [DeviceEvent] = []
        for _ in 0..<50 where events.count < 6 {
            guard case .events(let batch) = device.readEvents() else {
                Issue.record("read failed")
                return
            }
            events += batch
            if batch.isEmpty { usleep(10_000) }
        }
        let plain = events.compactMap { e -> InputEvent? in if case .event(let i) = e { return i } else { return nil } }
        #expect(
            plain.map { [$0.type, $0.code] } == [
                [EventType.key, KeyCode.right], [EventType.syn, SynCode.report],
                [EventType.abs, AbsCode.x], [EventType.abs, AbsCode.y],
                [EventType.key, KeyCode.touch], [EventType.syn, SynCode.report],
            ])
        var router = InputRouter(
            capabilities: device.capabilities,
            touchMapping: TouchMapping(capabilities: device.capabilities, physicalWidth: 800, physicalHeight: 480))
        #expect(router.handle(events) == [.nextPage])
        // Timestamps are monotonic: close to CLOCK_MONOTONIC now.
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let nowMicros = Int64(now.tv_sec) * 1_000_000 + Int64(now.tv_nsec) / 1000
        #expect(plain.allSatisfy { abs(nowMicros - $0.time) < 10_000_000 })
    }
}
