import Testing
@testable import GaugeInput

private func ev(_ events: [InputEvent]) -> [DeviceEvent] { events.map { .event($0) } }

@Suite struct RotaryDecoderTests {
    @Test func relativeDetentsBothDirections() {
        var r = RotaryDecoder(stepsPerDetent: 4)
        #expect(r.relative(1) == 0)
        #expect(r.relative(2) == 0)
        #expect(r.relative(1) == 1)  // four steps: one click
        #expect(r.relative(9) == 2)  // one step left over
        #expect(r.relative(-1) == 0)  // back to an exact click position
        #expect(r.relative(-4) == -1)
        #expect(r.relative(-8) == -2)
    }

    @Test func hugeValuesAreClamped() {
        var r = RotaryDecoder()
        #expect(r.relative(.max) == Int(RotaryDecoder.maxDetentsPerEvent))
        #expect(r.relative(.min) == -Int(RotaryDecoder.maxDetentsPerEvent))
        var zero = RotaryDecoder(stepsPerDetent: 0)  // treated as 1
        #expect(zero.relative(3) == 3)
    }

    @Test func absoluteWrapsTheShortWayRound() {
        // The kernel's rotary-encoder with 24 steps and rollover: axis 0...24, positions 0...23.
        let range = AxisRange(minimum: 0, maximum: 24)
        var r = RotaryDecoder(wrapPeriod: RotaryDecoder.kernelWrapPeriod(range))
        #expect(r.absolute(22) == 0)  // reference only
        #expect(r.absolute(23) == 1)
        #expect(r.absolute(0) == 1)  // wrapped clockwise
        #expect(r.absolute(23) == -1)  // wrapped back
        #expect(r.absolute(20) == -3)
        r.reset(position: 5)
        #expect(r.absolute(6) == 1)
    }

    @Test func absoluteWithoutWrapTakesPlainDeltas() {
        var r = RotaryDecoder()
        _ = r.absolute(0)
        #expect(r.absolute(20) == 16)  // clamped per event
        #expect(r.absolute(Int32.min) == -16)
    }
}

@Suite struct InputRouterTests {
    let keyboard = DeviceCapabilities(keys: [
        KeyCode.left, KeyCode.right, KeyCode.up, KeyCode.down,
        KeyCode.pageUp, KeyCode.pageDown, KeyCode.enter, KeyCode.n,
    ])

    @Test func defaultKeys() {
        var r = InputRouter(capabilities: keyboard)
        var actions: [InputAction] = []
        for key in [
            KeyCode.right, KeyCode.pageDown, KeyCode.left, KeyCode.pageUp, KeyCode.up, KeyCode.down,
            KeyCode.n, KeyCode.enter,
        ] {
            actions += r.handle(ev([.key(key, 1), .report(), .key(key, 0), .report()]))
        }
        #expect(
            actions == [
                .nextPage, .nextPage, .previousPage, .previousPage, .brightness(1), .brightness(-1),
                .toggleNight, .resetHold,
            ])
    }

    @Test func keyRepeat() {
        var r = InputRouter(capabilities: keyboard)
        // Kernel repeat: first after 250 ms, then every 33 ms.
        var brightness: [InputAction] = []
        brightness += r.handle(.event(.key(KeyCode.up, 1, at: 0)))
        for i in 0..<5 { brightness += r.handle(.event(.key(KeyCode.up, 2, at: 250_000 + Int64(i) * 33_000))) }
        brightness += r.handle(.event(.key(KeyCode.up, 0, at: 500_000)))
        #expect(brightness == Array(repeating: .brightness(1), count: 6))

        // Pages repeat at most every 400 ms.
        var pages: [InputAction] = []
        pages += r.handle(.event(.key(KeyCode.right, 1, at: 1_000_000)))
        for i in 1...30 { pages += r.handle(.event(.key(KeyCode.right, 2, at: 1_000_000 + Int64(i) * 33_000))) }
        #expect(pages == [.nextPage, .nextPage, .nextPage])  // at 0, ≥400 ms, ≥800 ms

        // Toggles never repeat.
        var night: [InputAction] = []
        night += r.handle(.event(.key(KeyCode.n, 1, at: 0)))
        for i in 1...20 { night += r.handle(.event(.key(KeyCode.n, 2, at: Int64(i) * 100_000))) }
        #expect(night == [.toggleNight])
    }

    /// Key names through the lookup given (libevdev's table on the device side; the
    /// kernel's codes for KEY_F1…F3 and BTN_0 here).
    @Test func configuredGpioKeys() throws {
        var config = InputRouterConfiguration()
        let kernel: [String: UInt16] = ["KEY_F1": 59, "KEY_F2": 60, "KEY_F3": 61, "BTN_0": 0x100]
        let problems = config.keyMap.merge(
            [
                ("KEY_F1", .nextPage), ("BTN_0", .toggleNight), ("KEY_NOPE", .nextPage),
                ("KEY_F2", .acknowledgeAlarms), ("KEY_F3", .brightness(1)),
            ], keyCode: { kernel[$0] })
        #expect(problems == ["unknown key \"KEY_NOPE\": use a kernel name such as KEY_F1 or BTN_0 (evtest lists them)"])
        #expect(config.keyMap[59 + 1]?.action == .acknowledgeAlarms && config.keyMap[59 + 2] == KeyBinding(.brightness(1), repeatInterval: 0))
        let f1: UInt16 = 59, btn0: UInt16 = 0x100
        var r = InputRouter(configuration: config, capabilities: DeviceCapabilities(keys: [f1, btn0]))
        #expect(r.handle(ev([.key(f1, 1), .key(btn0, 1), .key(KeyCode.touch, 1)])) == [.nextPage, .toggleNight])
    }

    @Test func relativeEncoderBothDirections() {
        var config = InputRouterConfiguration()
        config.rotary.stepsPerDetent = 2
        var r = InputRouter(configuration: config, capabilities: DeviceCapabilities(relativeRotaryAxes: [RelCode.x]))
        #expect(r.handle(ev([.rel(RelCode.x, 1), .report()])).isEmpty)
        #expect(r.handle(ev([.rel(RelCode.x, 1), .report()])) == [.nextPage])
        #expect(r.handle(ev([.rel(RelCode.x, -4), .report()])) == [.previousPage, .previousPage])
        // Axes the device does not have as encoder axes are ignored.
        #expect(r.handle(ev([.rel(RelCode.wheel, 9)])).isEmpty)
    }

    @Test func absoluteEncoderForBrightnessWrapsAndResyncs() {
        var config = InputRouterConfiguration()
        config.rotary.clockwise = .brightness(1)
        config.rotary.counterClockwise = .brightness(-1)
        let caps = DeviceCapabilities(absoluteRotaryAxes: [AbsCode.x], axisRanges: [AbsCode.x: AxisRange(minimum: 0, maximum: 20)])
        var r = InputRouter(configuration: config, capabilities: caps)
        #expect(r.handle(ev([.abs(AbsCode.x, 19)])).isEmpty)
        #expect(r.handle(ev([.abs(AbsCode.x, 0)])) == [.brightness(1)])  // 19 → 0: one step over the wrap
        #expect(r.handle(ev([.abs(AbsCode.x, 18)])) == [.brightness(-1), .brightness(-1)])
        // After a drop the snapshot position is the new reference: no jump.
        _ = r.handle(.dropped(time: 0))
        _ = r.handle(.resynced(DeviceSnapshot(time: 0, absValues: [AbsCode.x: 5])))
        #expect(r.handle(ev([.abs(AbsCode.x, 6)])) == [.brightness(1)])
    }

    func touchRouter() -> InputRouter {
        let caps = DeviceCapabilities(
            isTouchscreen: true, isMultitouch: true,
            axisRanges: [
                AbsCode.mtPositionX: AxisRange(minimum: 0, maximum: 799), AbsCode.mtPositionY: AxisRange(minimum: 0, maximum: 479),
            ])
        return InputRouter(
            capabilities: caps,
            touchMapping: TouchMapping(capabilities: caps, physicalWidth: 800, physicalHeight: 480, rotation: .half))
    }

    func touch(_ id: Int32, _ x: Int32, _ y: Int32, at t: Int64) -> [DeviceEvent] {
        ev([
            .abs(AbsCode.mtSlot, 0), .abs(AbsCode.mtTrackingID, id), .abs(AbsCode.mtPositionX, x),
            .abs(AbsCode.mtPositionY, y), .report(at: t),
        ])
    }
    func lift(at t: Int64) -> [DeviceEvent] { ev([.abs(AbsCode.mtTrackingID, -1), .report(at: t)]) }

    @Test func touchTapIsMappedThroughRotation() {
        var r = touchRouter()
        #expect(r.handle(touch(1, 10, 20, at: 0)).isEmpty)
        #expect(r.nextDeadline == 800_000)
        #expect(r.handle(lift(at: 100_000)) == [.tap(x: 789, y: 459)])  // turned 180°
        #expect(r.nextDeadline == nil)
    }

    @Test func swipesTurnPages() {
        var r = touchRouter()
        // Raw X grows, but the panel is turned 180°: on screen the finger moves left.
        _ = r.handle(touch(1, 100, 200, at: 0))
        _ = r.handle(touch(1, 400, 200, at: 100_000))
        #expect(r.handle(lift(at: 150_000)) == [.nextPage])
        _ = r.handle(touch(2, 400, 200, at: 1_000_000))
        _ = r.handle(touch(2, 100, 210, at: 1_100_000))
        #expect(r.handle(lift(at: 1_150_000)) == [.previousPage])
    }

    @Test func longPressThroughTheDeadline() {
        var r = touchRouter()
        _ = r.handle(touch(1, 10, 20, at: 2_000_000))
        let deadline = r.nextDeadline
        #expect(deadline == 2_800_000)
        #expect(r.advance(to: 2_700_000).isEmpty)
        #expect(r.advance(to: 2_800_000) == [.resetHold])
        #expect(r.handle(lift(at: 3_000_000)).isEmpty)
    }

    @Test func touchWithoutMappingOrOnKeyboardIsIgnored() {
        var r = InputRouter(capabilities: keyboard)
        #expect(r.handle(touch(1, 10, 20, at: 0)).isEmpty)
        #expect(r.nextDeadline == nil)
        #expect(r.handle(lift(at: 10)).isEmpty)
    }

}
