/// One finger on the panel, in the coordinates of the frame (raw axis units from the
/// tracker; panel pixels after `TouchMapping`).
public struct TouchPoint: Hashable, Sendable {
    /// The kernel's tracking ID (multitouch), or 0 for single-touch panels.
    public var id: Int32
    public var x: Int32
    public var y: Int32
    public init(id: Int32, x: Int32, y: Int32) {
        self.id = id
        self.x = x
        self.y = y
    }
}

/// The fingers down at one SYN_REPORT, ordered by slot. Empty means all lifted.
public struct TouchFrame: Hashable, Sendable {
    public var time: Int64
    public var points: [TouchPoint]
    public init(time: Int64, points: [TouchPoint]) {
        self.time = time
        self.points = points
    }
}

/// Turns evdev touch events into frames: multitouch protocol B (slots and tracking IDs)
/// or single touch (ABS_X/ABS_Y/BTN_TOUCH). Changes accumulate until SYN_REPORT, which
/// commits a frame when anything changed. After SYN_DROPPED the uncommitted changes are
/// thrown away and events are ignored up to the next SYN_REPORT; a `.resynced` snapshot
/// then sets the whole state.
public struct TouchTracker: Sendable {
    /// Slots beyond this are ignored (panels have 2 to 10; the bound guards memory).
    public static let maxSlots = 64

    private var slots: [SlotState] = []
    private var slot = 0
    private var single = SlotState.empty
    private var singleTouching = false
    private var committed: [TouchPoint] = []
    /// State at the last SYN_REPORT, restored when a drop loses the events after it.
    private var saved: (slots: [SlotState], slot: Int, single: SlotState, touching: Bool) = ([], 0, .empty, false)
    private var multitouch: Bool?
    private var changed = false
    /// True from SYN_DROPPED to the next SYN_REPORT.
    public private(set) var isDiscarding = false

    /// - Parameter multitouch: nil decides from the first MT event seen (MT panels also
    ///   send the legacy single-touch axes, which are then ignored).
    public init(multitouch: Bool? = nil) {
        self.multitouch = multitouch
    }

    /// The fingers in the last committed frame.
    public var points: [TouchPoint] { committed }

    /// Feeds one device event; returns a frame when a SYN_REPORT or a resync changed it.
    public mutating func handle(_ deviceEvent: DeviceEvent) -> TouchFrame? {
        switch deviceEvent {
        case .event(let e): return handle(e)
        case .dropped(let time): return handle(.dropped(at: time))
        case .resynced(let snapshot): return resync(snapshot)
        }
    }

    public mutating func handle(_ e: InputEvent) -> TouchFrame? {
        if e.type == EventType.syn {
            if e.code == SynCode.dropped {
                restore()
                isDiscarding = true
                return nil
            }
            guard e.code == SynCode.report else { return nil }
            if isDiscarding {
                isDiscarding = false
                return nil
            }
            return commit(time: e.time)
        }
        guard !isDiscarding else { return nil }
        if e.type == EventType.abs {
            handleAbs(e)
        } else if e.type == EventType.key && e.code == KeyCode.touch {
            singleTouching = e.value != 0
            changed = true
        }
        return nil
    }

    private mutating func handleAbs(_ e: InputEvent) {
        switch e.code {
        case AbsCode.mtSlot:
            if multitouch == nil { multitouch = true }
            slot = e.value >= 0 && e.value < Int32(Self.maxSlots) ? Int(e.value) : -1
        case AbsCode.mtTrackingID, AbsCode.mtPositionX, AbsCode.mtPositionY:
            if multitouch == nil { multitouch = true }
            guard slot >= 0 else { return }
            while slots.count <= slot { slots.append(.empty) }
            switch e.code {
            case AbsCode.mtTrackingID: slots[slot].trackingID = e.value < 0 ? -1 : e.value
            case AbsCode.mtPositionX: slots[slot].x = e.value
            default: slots[slot].y = e.value
            }
            changed = true
        case AbsCode.x:
            single.x = e.value
            changed = true
        case AbsCode.y:
            single.y = e.value
            changed = true
        default:
            return
        }
    }

    /// Replaces the whole state with libevdev's snapshot after a resync and commits it.
    public mutating func resync(_ s: DeviceSnapshot) -> TouchFrame? {
        isDiscarding = false
        if !s.slots.isEmpty {
            if multitouch == nil { multitouch = true }
            slots = Array(s.slots.prefix(Self.maxSlots))
            slot = s.currentSlot >= 0 && s.currentSlot < Int32(slots.count) ? Int(s.currentSlot) : 0
        }
        single.x = s.absValues[AbsCode.x] ?? single.x
        single.y = s.absValues[AbsCode.y] ?? single.y
        singleTouching = s.keysDown.contains(KeyCode.touch)
        changed = true
        return commit(time: s.time, force: true)
    }

    private mutating func commit(time: Int64, force: Bool = false) -> TouchFrame? {
        defer {
            changed = false
            saved = (slots, slot, single, singleTouching)
        }
        guard changed || force else { return nil }
        let now = currentPoints()
        guard now != committed || force else { return nil }
        committed = now
        return TouchFrame(time: time, points: now)
    }

    private mutating func restore() {
        (slots, slot, single, singleTouching) = saved
        changed = false
    }

    private func currentPoints() -> [TouchPoint] {
        if multitouch == true {
            return slots.filter { $0.isActive }.map { TouchPoint(id: $0.trackingID, x: $0.x, y: $0.y) }
        }
        return singleTouching ? [TouchPoint(id: 0, x: single.x, y: single.y)] : []
    }
}
