import Testing
@testable import GaugeInput

private func down(_ x: Int32, _ y: Int32, at t: Int64, id: Int32 = 1) -> TouchFrame {
    TouchFrame(time: t, points: [TouchPoint(id: id, x: x, y: y)])
}
private func up(at t: Int64) -> TouchFrame { TouchFrame(time: t, points: []) }

@Suite struct GestureRecognizerTests {
    @Test func shortStillTouchIsATap() {
        var g = GestureRecognizer()
        #expect(g.handle(down(100, 200, at: 1_000_000)).isEmpty)
        #expect(g.handle(down(104, 197, at: 1_050_000)).isEmpty)
        #expect(g.handle(up(at: 1_150_000)) == [.tap(x: 100, y: 200)])
        #expect(g.nextDeadline == nil)
    }

    @Test func slowStillTouchShorterThanLongPressIsNothing() {
        var g = GestureRecognizer()
        _ = g.handle(down(100, 200, at: 0))
        #expect(g.handle(up(at: 600_000)).isEmpty)
    }

    @Test func swipesInFourDirections() {
        let cases: [((Int32, Int32), SwipeDirection)] = [
            ((-120, 10), .left), ((150, -30), .right),
            ((5, -90), .up), ((-20, 200), .down),
        ]
        for ((dx, dy), direction) in cases {
            var g = GestureRecognizer()
            _ = g.handle(down(400, 240, at: 0))
            _ = g.handle(down(400 + dx / 2, 240 + dy / 2, at: 50_000))
            _ = g.handle(down(400 + dx, 240 + dy, at: 100_000))
            #expect(g.handle(up(at: 120_000)) == [.swipe(direction)], "\(dx),\(dy)")
        }
    }

    @Test func moveBelowSwipeDistanceAndBeyondSlopIsNothing() {
        var g = GestureRecognizer()
        _ = g.handle(down(0, 0, at: 0))
        _ = g.handle(down(40, 0, at: 50_000))
        #expect(g.handle(up(at: 100_000)).isEmpty)
    }

    @Test func longPressFiresAtDeadlineThroughAdvance() {
        var g = GestureRecognizer()
        _ = g.handle(down(10, 20, at: 5_000_000))
        #expect(g.nextDeadline == 5_800_000)
        #expect(g.advance(to: 5_799_999) == nil)
        _ = g.handle(down(12, 21, at: 5_500_000))  // jitter within slop keeps the deadline
        #expect(g.nextDeadline == 5_800_000)
        #expect(g.advance(to: 5_800_000) == .longPress(x: 10, y: 20))
        #expect(g.nextDeadline == nil)
        // The lift after a long press is not also a tap.
        #expect(g.handle(up(at: 6_000_000)).isEmpty)
        #expect(g.advance(to: 9_000_000) == nil)
    }

    @Test func movingCancelsTheLongPress() {
        var g = GestureRecognizer()
        _ = g.handle(down(10, 20, at: 0))
        _ = g.handle(down(60, 20, at: 100_000))
        #expect(g.nextDeadline == nil)
        #expect(g.advance(to: 2_000_000) == nil)
    }

    @Test func lateFrameFiresTheOverdueLongPressFirst() {
        var g = GestureRecognizer()
        _ = g.handle(down(10, 20, at: 0))
        #expect(g.handle(up(at: 900_000)) == [.longPress(x: 10, y: 20)])
    }

    @Test func secondFingerCancels() {
        var g = GestureRecognizer()
        _ = g.handle(down(10, 20, at: 0))
        _ = g.handle(TouchFrame(time: 10_000, points: [TouchPoint(id: 1, x: 10, y: 20), TouchPoint(id: 2, x: 300, y: 20)]))
        #expect(g.nextDeadline == nil)
        #expect(g.handle(up(at: 50_000)).isEmpty)
        // Afterwards a new touch works again.
        _ = g.handle(down(5, 5, at: 100_000))
        #expect(g.handle(up(at: 150_000)) == [.tap(x: 5, y: 5)])
    }

    @Test func hugeDurationsDoNotTrap() {
        var config = GestureConfiguration()
        config.longPressDuration = .max
        var g = GestureRecognizer(configuration: config)
        _ = g.handle(down(0, 0, at: .max - 10))
        #expect(g.nextDeadline == .max)
        #expect(g.handle(up(at: .min)).isEmpty)
    }
}
