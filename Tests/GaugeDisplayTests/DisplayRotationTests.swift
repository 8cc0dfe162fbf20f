import GaugeDisplay
import GaugeRaster
import GaugeTestSupport
import Testing

@Suite struct DisplayRotationTests {
    /// Physical sizes, odd and even, square and not.
    static let sizes: [(Int32, Int32)] = [(720, 1280), (1280, 720), (7, 3), (3, 7), (5, 5), (1, 1), (1, 9), (8, 2)]

    @Test func anglesParseOnlyFromQuarterTurns() {
        #expect(RotationAngle(degrees: 0) == RotationAngle.none)
        #expect(RotationAngle(degrees: 90) == .quarter)
        #expect(RotationAngle(degrees: 180) == .half)
        #expect(RotationAngle(degrees: 270) == .threeQuarters)
        for bad in [-90, 45, 360, 1, Int(Int32.max) + 1 + 90] { #expect(RotationAngle(degrees: bad) == nil) }
        #expect(RotationAngle.allCases.filter(\.swapsAxes) == [.quarter, .threeQuarters])
    }

    @Test func portraitPanelShowsALandscapeSurface() {
        let r = DisplayRotation(.quarter, physicalWidth: 720, physicalHeight: 1280)
        #expect(r.logicalWidth == 1280 && r.logicalHeight == 720)
        #expect(DisplayRotation(.half, physicalWidth: 720, physicalHeight: 1280).logicalWidth == 720)
        #expect(
            DisplayRotation(.threeQuarters, physicalWidth: 720, physicalHeight: 1280).logicalBounds == IntRect(x: 0, y: 0, width: 1280, height: 720))
    }

    @Test func cornersGoWhereAClockwiseTurnPutsThem() {
        let w: Int32 = 7, h: Int32 = 3  // physical
        // Logical top-left, top-right, bottom-left, bottom-right.
        func corners(_ a: RotationAngle) -> [Int32] {
            let r = DisplayRotation(a, physicalWidth: w, physicalHeight: h)
            let lw = r.logicalWidth, lh = r.logicalHeight
            return [(0, 0), (lw - 1, 0), (0, lh - 1), (lw - 1, lh - 1)].flatMap { p in
                let q = r.physical(x: p.0, y: p.1)
                return [q.x, q.y]
            }
        }
        #expect(corners(.none) == [0, 0, 6, 0, 0, 2, 6, 2])
        #expect(corners(.quarter) == [6, 0, 6, 2, 0, 0, 0, 2])  // top-left → top-right
        #expect(corners(.half) == [6, 2, 0, 2, 6, 0, 0, 0])  // top-left → bottom-right
        #expect(corners(.threeQuarters) == [0, 2, 0, 0, 6, 2, 6, 0])  // top-left → bottom-left
    }

    @Test func everyPixelRoundTripsAndTheMappingIsABijection() {
        for (w, h) in Self.sizes where w * h < 100 {
            for a in RotationAngle.allCases {
                let r = DisplayRotation(a, physicalWidth: w, physicalHeight: h)
                var seen = Set<Int32>()
                for y in 0..<r.logicalHeight {
                    for x in 0..<r.logicalWidth {
                        let p = r.physical(x: x, y: y)
                        #expect(r.physicalBounds.contains(x: p.x, y: p.y))
                        let back = r.logical(x: p.x, y: p.y)
                        #expect(back.x == x && back.y == y)
                        seen.insert(p.y * w + p.x)
                    }
                }
                #expect(seen.count == Int(w * h))
            }
        }
    }

    @Test func rectsMapToExactlyTheirPixels() {
        var rng = SplitMix(seed: 7)
        for (w, h) in Self.sizes {
            for a in RotationAngle.allCases {
                let r = DisplayRotation(a, physicalWidth: w, physicalHeight: h)
                for _ in 0..<20 {
                    let x0 = rng.below(r.logicalWidth), y0 = rng.below(r.logicalHeight)
                    let rect = IntRect(x0: x0, y0: y0, x1: x0 + 1 + rng.below(r.logicalWidth - x0), y1: y0 + 1 + rng.below(r.logicalHeight - y0))
                    let p = r.physical(rect)
                    #expect(p.area == rect.area)
                    #expect(r.physicalBounds.contains(p))
                    #expect(r.logical(p) == rect)
                    // Both corner pixels of the rect land inside the mapped rect.
                    let a = r.physical(x: rect.x0, y: rect.y0), b = r.physical(x: rect.x1 - 1, y: rect.y1 - 1)
                    #expect(p.contains(x: a.x, y: a.y) && p.contains(x: b.x, y: b.y))
                }
                #expect(r.physical(r.logicalBounds) == r.physicalBounds)
                #expect(r.physical(IntRect.empty) == .empty)
            }
        }
    }
}

extension SplitMix {
    /// 0..<n (0 when n <= 0).
    mutating func below(_ n: Int32) -> Int32 { n <= 0 ? 0 : Int32.random(in: 0..<n, using: &self) }
}
