import Testing
@testable import GaugeInput

@Suite struct TouchMappingTests {
    let rawX = AxisRange(minimum: 0, maximum: 4095)
    let rawY = AxisRange(minimum: 0, maximum: 4095)

    /// Raw corners in order top-left, top-right, bottom-left, bottom-right of the physical panel.
    var rawCorners: [(Int32, Int32)] { [(0, 0), (4095, 0), (0, 4095), (4095, 4095)] }

    @Test func cornersMapToCornersForEveryRotation() {
        // An 800×480 physical panel. Expected logical corners follow DisplayRotation.logical.
        let expected: [InputRotation: [(Int32, Int32)]] = [
            .none: [(0, 0), (799, 0), (0, 479), (799, 479)],
            .quarter: [(0, 799), (0, 0), (479, 799), (479, 0)],
            .half: [(799, 479), (0, 479), (799, 0), (0, 0)],
            .threeQuarters: [(479, 0), (479, 799), (0, 0), (0, 799)],
        ]
        for rotation in InputRotation.allCases {
            let m = TouchMapping(rawX: rawX, rawY: rawY, physicalWidth: 800, physicalHeight: 480, rotation: rotation)
            #expect(m.logicalWidth == (rotation.swapsAxes ? 480 : 800))
            for (i, raw) in rawCorners.enumerated() {
                let p = m.map(x: raw.0, y: raw.1)
                let want = expected[rotation]![i]
                #expect(p.x == want.0 && p.y == want.1, "\(rotation) corner \(i): \(p)")
                #expect(p.x >= 0 && p.x < m.logicalWidth && p.y >= 0 && p.y < m.logicalHeight)
            }
        }
    }

    @Test func rotationMatchesTheDisplaysPhysicalToLogicalConvention() {
        // The display shows logical (x, y) at physical (W-1-y, x) for 90°; touching that
        // physical pixel must give back (x, y).
        let w: Int64 = 800, h: Int64 = 480
        for (lx, ly) in [(Int64(0), Int64(0)), (10, 20), (479, 799), (300, 5)] {
            let (px, py) = (w - 1 - ly, lx)
            let back = InputRotation.quarter.logical(x: px, y: py, physicalWidth: w, physicalHeight: h)
            #expect(back.x == lx && back.y == ly)
            let (qx, qy) = (ly, h - 1 - lx)  // 270°: physical (y, H-1-x)
            let back270 = InputRotation.threeQuarters.logical(x: qx, y: qy, physicalWidth: w, physicalHeight: h)
            #expect(back270.x == lx && back270.y == ly)
        }
    }

    @Test func middleScalesWithRounding() {
        let m = TouchMapping(rawX: rawX, rawY: rawY, physicalWidth: 800, physicalHeight: 480)
        let p = m.map(x: 2048, y: 2048)
        #expect(p.x == 400 && p.y == 240)
    }

    @Test func calibrationRangesClampAndMirror() {
        // The usable glass covers raw 200...3900; outside clamps to the edge.
        var c = TouchCalibration(minX: 200, maxX: 3900, minY: 3900, maxY: 200)  // Y mirrored by min > max
        var m = TouchMapping(rawX: rawX, rawY: rawY, physicalWidth: 800, physicalHeight: 480, calibration: c)
        #expect(m.map(x: 200, y: 3900) == (0, 0))
        #expect(m.map(x: 3900, y: 200) == (799, 479))
        #expect(m.map(x: 0, y: 4095) == (0, 0))
        #expect(m.map(x: 4095, y: 0) == (799, 479))
        // Invert undoes the mirror.
        c.invertY = true
        m.calibration = c
        #expect(m.map(x: 200, y: 3900) == (0, 479))
    }

    @Test func swapAxesUsesTheOtherRawAxis() {
        let m = TouchMapping(
            rawX: AxisRange(minimum: 0, maximum: 99), rawY: AxisRange(minimum: 0, maximum: 9999),
            physicalWidth: 800, physicalHeight: 480, calibration: TouchCalibration(swapAxes: true))
        // Raw Y (0...9999) now drives panel X, raw X (0...99) panel Y.
        #expect(m.map(x: 99, y: 0) == (0, 479))
        #expect(m.map(x: 0, y: 9999) == (799, 0))
    }

    /// As the kernel's touchscreen-* properties: invert the device's axis, then swap — so
    /// swapped, the device's inverted x is the panel's mirrored y.
    @Test func invertingComesBeforeSwapping() {
        let plainSwap = TouchMapping(
            rawX: rawX, rawY: rawY, physicalWidth: 800, physicalHeight: 480,
            calibration: TouchCalibration(swapAxes: true))
        let swapInvX = TouchMapping(
            rawX: rawX, rawY: rawY, physicalWidth: 800, physicalHeight: 480,
            calibration: TouchCalibration(swapAxes: true, invertX: true))
        let swapInvY = TouchMapping(
            rawX: rawX, rawY: rawY, physicalWidth: 800, physicalHeight: 480,
            calibration: TouchCalibration(swapAxes: true, invertY: true))
        for (x, y) in [(rawX.minimum, rawY.minimum), (rawX.maximum, rawY.minimum), (1234, 567)] {
            let p = plainSwap.map(x: x, y: y)
            #expect(swapInvX.map(x: x, y: y) == (p.x, 479 - p.y))
            #expect(swapInvY.map(x: x, y: y) == (799 - p.x, p.y))
        }
    }

    @Test func invertBothAxesIsAHalfTurn() {
        let inverted = TouchMapping(
            rawX: rawX, rawY: rawY, physicalWidth: 800, physicalHeight: 480,
            calibration: TouchCalibration(invertX: true, invertY: true))
        let turned = TouchMapping(rawX: rawX, rawY: rawY, physicalWidth: 800, physicalHeight: 480, rotation: .half)
        for (x, y) in [(Int32(0), Int32(0)), (1234, 3000), (4095, 17)] {
            #expect(inverted.map(x: x, y: y) == turned.map(x: x, y: y))
        }
    }

    @Test func degenerateAndExtremeInputsStayInside() {
        let zero = AxisRange(minimum: 5, maximum: 5)
        let m = TouchMapping(
            rawX: zero, rawY: AxisRange(minimum: .min, maximum: .max),
            physicalWidth: 0, physicalHeight: .max, rotation: .quarter)
        #expect(m.physicalWidth == 1 && m.physicalHeight == 32767)
        for (x, y) in [(Int32.min, Int32.min), (.max, .max), (5, 0)] {
            let p = m.map(x: x, y: y)
            #expect(p.x >= 0 && p.x < m.logicalWidth && p.y >= 0 && p.y < m.logicalHeight)
        }
        // A zero-width axis maps to the middle.
        let flat = TouchMapping(rawX: zero, rawY: zero, physicalWidth: 801, physicalHeight: 481)
        #expect(flat.map(x: 123, y: -9) == (400, 240))
    }

    @Test func framesKeepIDsAndTime() {
        let m = TouchMapping(rawX: rawX, rawY: rawY, physicalWidth: 800, physicalHeight: 480, rotation: .half)
        let f = m.map(TouchFrame(time: 42, points: [TouchPoint(id: 9, x: 0, y: 0)]))
        #expect(f == TouchFrame(time: 42, points: [TouchPoint(id: 9, x: 799, y: 479)]))
    }

    @Test func mappingFromCapabilitiesPrefersMultitouchAxes() {
        let caps = DeviceCapabilities(
            isTouchscreen: true,
            axisRanges: [
                AbsCode.mtPositionX: AxisRange(minimum: 0, maximum: 799), AbsCode.mtPositionY: AxisRange(minimum: 0, maximum: 479),
                AbsCode.x: AxisRange(minimum: 0, maximum: 1),
            ])
        let m = TouchMapping(capabilities: caps, physicalWidth: 800, physicalHeight: 480)
        #expect(m?.rawX == AxisRange(minimum: 0, maximum: 799))
        #expect(TouchMapping(capabilities: DeviceCapabilities(), physicalWidth: 1, physicalHeight: 1) == nil)
    }
}
