import Testing
@testable import GaugeInput

/// Feeds events and collects the frames the tracker commits.
private func frames(_ tracker: inout TouchTracker, _ events: [DeviceEvent]) -> [TouchFrame] {
    events.compactMap { tracker.handle($0) }
}

private func ev(_ events: [InputEvent]) -> [DeviceEvent] { events.map { .event($0) } }

@Suite struct TouchTrackerTests {
    @Test func twoFingersThenLift() {
        var t = TouchTracker()
        let got = frames(
            &t,
            ev([
                .abs(AbsCode.mtSlot, 0), .abs(AbsCode.mtTrackingID, 7),
                .abs(AbsCode.mtPositionX, 100), .abs(AbsCode.mtPositionY, 200),
                .abs(AbsCode.x, 100), .abs(AbsCode.y, 200), .key(KeyCode.touch, 1),
                .report(at: 1000),
                .abs(AbsCode.mtSlot, 1), .abs(AbsCode.mtTrackingID, 8),
                .abs(AbsCode.mtPositionX, 300), .abs(AbsCode.mtPositionY, 400),
                .report(at: 2000),
                // Slot 1 is still current: only its X moves.
                .abs(AbsCode.mtPositionX, 310), .report(at: 3000),
                .abs(AbsCode.mtSlot, 0), .abs(AbsCode.mtTrackingID, -1), .report(at: 4000),
                .abs(AbsCode.mtSlot, 1), .abs(AbsCode.mtTrackingID, -1),
                .key(KeyCode.touch, 0), .report(at: 5000),
            ]))
        #expect(
            got == [
                TouchFrame(time: 1000, points: [TouchPoint(id: 7, x: 100, y: 200)]),
                TouchFrame(time: 2000, points: [TouchPoint(id: 7, x: 100, y: 200), TouchPoint(id: 8, x: 300, y: 400)]),
                TouchFrame(time: 3000, points: [TouchPoint(id: 7, x: 100, y: 200), TouchPoint(id: 8, x: 310, y: 400)]),
                TouchFrame(time: 4000, points: [TouchPoint(id: 8, x: 310, y: 400)]),
                TouchFrame(time: 5000, points: []),
            ])
    }

    @Test func nothingIsCommittedBeforeSynReport() {
        var t = TouchTracker()
        let got = frames(&t, ev([.abs(AbsCode.mtSlot, 0), .abs(AbsCode.mtTrackingID, 1), .abs(AbsCode.mtPositionX, 5)]))
        #expect(got.isEmpty)
        #expect(t.points.isEmpty)
        #expect(t.handle(.report(at: 9))?.points == [TouchPoint(id: 1, x: 5, y: 0)])
        // A report with no change commits nothing new.
        #expect(t.handle(.report(at: 10)) == nil)
    }

    @Test func droppedEventsAreDiscardedUntilReportThenSnapshotRestores() {
        var t = TouchTracker()
        _ = frames(
            &t,
            ev([
                .abs(AbsCode.mtSlot, 0), .abs(AbsCode.mtTrackingID, 3),
                .abs(AbsCode.mtPositionX, 50), .abs(AbsCode.mtPositionY, 60), .report(at: 100),
            ]))
        let got = frames(
            &t,
            ev([
                .abs(AbsCode.mtPositionX, 55),  // uncommitted: thrown away by the drop
                .dropped(at: 200),
                .abs(AbsCode.mtSlot, 1), .abs(AbsCode.mtTrackingID, 9),  // partial, ignored
                .report(at: 210),
            ]))
        #expect(got.isEmpty)
        #expect(t.points == [TouchPoint(id: 3, x: 50, y: 60)])
        // The resync snapshot: finger 3 lifted during the drop, finger 9 down in slot 1.
        let snap = DeviceSnapshot(time: 300, slots: [.empty, SlotState(trackingID: 9, x: 700, y: 20)], currentSlot: 1)
        #expect(t.handle(.resynced(snap)) == TouchFrame(time: 300, points: [TouchPoint(id: 9, x: 700, y: 20)]))
        // Streaming continues from the snapshot: current slot is 1.
        #expect(
            frames(&t, ev([.abs(AbsCode.mtPositionY, 25), .report(at: 400)]))
                == [TouchFrame(time: 400, points: [TouchPoint(id: 9, x: 700, y: 25)])])
    }

    @Test func dropWithoutSnapshotKeepsLastCommittedState() {
        var t = TouchTracker()
        _ = frames(&t, ev([.abs(AbsCode.mtSlot, 0), .abs(AbsCode.mtTrackingID, 3), .report(at: 1)]))
        _ = frames(&t, ev([.abs(AbsCode.mtTrackingID, -1), .dropped(at: 2)]))
        #expect(t.isDiscarding)
        _ = t.handle(.report(at: 3))
        #expect(!t.isDiscarding)
        #expect(t.points == [TouchPoint(id: 3, x: 0, y: 0)])
        #expect(t.handle(.abs(AbsCode.mtTrackingID, -1)) == nil)
        #expect(t.handle(.report(at: 4)) == TouchFrame(time: 4, points: []))
    }

    @Test func eventsSinceTheLastReportAreDiscardedByADrop() {
        // evdev(4): on SYN_DROPPED, drop everything since the last SYN_REPORT.
        var t = TouchTracker()
        _ = frames(
            &t,
            ev([
                .abs(AbsCode.mtSlot, 0), .abs(AbsCode.mtTrackingID, 3),
                .abs(AbsCode.mtPositionX, 50), .abs(AbsCode.mtPositionY, 60), .report(at: 1),
            ]))
        _ = frames(&t, ev([.abs(AbsCode.mtPositionX, 55), .abs(AbsCode.mtSlot, 1), .dropped(at: 2), .report(at: 3)]))
        // Slot 0 is current again and keeps X 50: only the new Y is applied.
        #expect(
            frames(&t, ev([.abs(AbsCode.mtPositionY, 70), .report(at: 4)]))
                == [TouchFrame(time: 4, points: [TouchPoint(id: 3, x: 50, y: 70)])])
    }

    @Test func singleTouchPanel() {
        var t = TouchTracker()
        let got = frames(
            &t,
            ev([
                .abs(AbsCode.x, 1000), .abs(AbsCode.y, 2000), .key(KeyCode.touch, 1), .report(at: 10),
                .abs(AbsCode.x, 1010), .report(at: 20),
                .key(KeyCode.touch, 0), .report(at: 30),
                .abs(AbsCode.x, 5), .report(at: 40),  // hovering moves are not touches
            ]))
        #expect(
            got == [
                TouchFrame(time: 10, points: [TouchPoint(id: 0, x: 1000, y: 2000)]),
                TouchFrame(time: 20, points: [TouchPoint(id: 0, x: 1010, y: 2000)]),
                TouchFrame(time: 30, points: []),
            ])
    }

    @Test func singleTouchResyncFromSnapshot() {
        var t = TouchTracker(multitouch: false)
        let snap = DeviceSnapshot(time: 50, absValues: [AbsCode.x: 12, AbsCode.y: 34], keysDown: [KeyCode.touch])
        #expect(t.handle(.resynced(snap)) == TouchFrame(time: 50, points: [TouchPoint(id: 0, x: 12, y: 34)]))
    }

    @Test func outOfRangeSlotsAreIgnored() {
        var t = TouchTracker()
        let got = frames(
            &t,
            ev([
                .abs(AbsCode.mtSlot, 100_000), .abs(AbsCode.mtTrackingID, 1), .report(at: 1),
                .abs(AbsCode.mtSlot, -5), .abs(AbsCode.mtTrackingID, 2), .report(at: 2),
                .abs(AbsCode.mtSlot, Int32(TouchTracker.maxSlots - 1)), .abs(AbsCode.mtTrackingID, 3), .report(at: 3),
            ]))
        #expect(got == [TouchFrame(time: 3, points: [TouchPoint(id: 3, x: 0, y: 0)])])
    }
}
