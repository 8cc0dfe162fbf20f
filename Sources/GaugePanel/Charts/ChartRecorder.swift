import GaugeWidgets

/// The history of every chart on the board, kept by the panel across frames (the
/// dashboard it draws is made anew each frame): one `ChartHistory` per chart, fed every
/// reading of its channel as it is accepted — so a column's lowest and highest are the
/// readings', not the frames' — and, for channels nothing reads (computed, counters), the
/// value at each frame.
struct ChartRecorder: Sendable {
    private struct Chart: Sendable {
        let id: String
        let channel: String
        var history: ChartHistory
    }
    private var charts: [Chart] = []
    /// The panel's clock when the run started: columns begin at whole multiples of their
    /// time after it, so a run and `render --time` of a recording cut them alike. Until
    /// set, the first time seen.
    private(set) var origin: UInt64?

    init(_ dashboard: Dashboard) {
        for page in dashboard.pages {
            for w in page.widgets {
                guard let shape = w.chartShape, let channel = w.channel else { continue }
                charts.append(Chart(id: w.id, channel: channel, history: ChartHistory(shape)))
            }
        }
    }

    var isEmpty: Bool { charts.isEmpty }

    /// Time zero of the charts' columns: empties them (a frame before it counted from itself).
    mutating func start(at now: UInt64) {
        origin = now
        for i in charts.indices { charts[i].history = ChartHistory(charts[i].history.shape) }
    }

    /// Milliseconds since the origin (set now if it was not).
    private mutating func milliseconds(_ now: UInt64) -> Int64 {
        if origin == nil { origin = now }
        let o = origin ?? now
        return now >= o ? Int64((now - o) / 1_000_000) : 0
    }
    var channels: [String] { charts.map { $0.channel } }

    /// A reading of `channel` (after its smoothing) at `now`.
    mutating func record(_ channel: String, value: Double, now: UInt64) {
        let ms = milliseconds(now)
        for i in charts.indices where charts[i].channel == channel {
            charts[i].history.record(value, atMilliseconds: ms)
        }
    }

    /// Moves every chart's present to `now`; charts of channels no source reads (computed
    /// channels, counters) take their value now.
    mutating func advance(now: UInt64, unread: [String: Double]) {
        let ms = milliseconds(now)
        for i in charts.indices {
            if let v = unread[charts[i].channel] {
                charts[i].history.record(v, atMilliseconds: ms)
            } else {
                charts[i].history.advance(toMilliseconds: ms)
            }
        }
    }

    /// Hands each chart on the visible page its history; returns when the first of them
    /// next moves to a new column by itself (the panel wakes then; nil: none shown).
    func show(on dashboard: inout Dashboard, now: UInt64) -> UInt64? {
        guard !charts.isEmpty, !dashboard.pages.isEmpty, let origin else { return nil }
        let p = Int(dashboard.currentPage), ms = now >= origin ? Int64((now - origin) / 1_000_000) : 0
        var next: Int64?
        for w in dashboard.pages[p].widgets.indices where dashboard.pages[p].widgets[w].chartShape != nil {
            let id = dashboard.pages[p].widgets[w].id
            guard let c = charts.first(where: { $0.id == id }) else { continue }
            dashboard.pages[p].widgets[w].show(history: c.history)
            let t = c.history.nextColumnMilliseconds(after: ms)
            next = Swift.min(next ?? t, t)
        }
        return next.map { origin &+ UInt64($0) &* 1_000_000 }
    }

    /// After a reload: keeps the history of every chart with the same id, channel and shape.
    mutating func carryOver(from old: ChartRecorder) {
        for i in charts.indices {
            guard let before = old.charts.first(where: { $0.id == charts[i].id && $0.channel == charts[i].channel }),
                before.history.shape == charts[i].history.shape
            else { continue }
            charts[i].history = before.history
        }
        origin = old.origin
    }

    /// A history read back (a chart's `history_file`), for a chart of that id and shape.
    mutating func restore(_ id: String, _ history: ChartHistory) {
        for i in charts.indices where charts[i].id == id && charts[i].history.shape == history.shape { charts[i].history = history }
    }

    /// The history of the chart `id` (tests, the history file).
    func history(of id: String) -> ChartHistory? { charts.first { $0.id == id }?.history }
}
