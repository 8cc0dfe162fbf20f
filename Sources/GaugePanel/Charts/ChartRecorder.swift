import GaugeConfig
import GaugeWidgets

/// The history of every chart on the board, kept by the panel across frames (the
/// dashboard it draws is made anew each frame): one `ChartHistory` per chart, fed every
/// reading of its channel as it is accepted — so a column's lowest and highest are the
/// readings', not the frames' — and, for channels nothing reads (computed, counters), the
/// value at each frame.
struct ChartRecorder: Sendable {
    private struct Chart: Sendable {
        /// The chart widget's id, or the window statistic's channel name.
        let id: String
        /// A window statistic's history, not a chart's.
        var isStatistic = false
        /// 0: the chart's `channel`; then its further channels (`also`).
        var series = 0
        let channel: String
        var history: ChartHistory
    }
    private var charts: [Chart] = []
    /// The panel's clock when the run started: columns begin at whole multiples of their
    /// time after it, so a run and `render --time` of a recording cut them alike. Until
    /// set, the first time seen.
    private(set) var origin: UInt64?

    /// The charts of `dashboard`, and a history for each window statistic (`statistics`:
    /// the computed channel's name, the channel it reads, its window): up to 120 columns.
    init(_ dashboard: Dashboard, statistics: [(name: String, of: String, seconds: Int64)] = []) {
        for page in dashboard.pages {
            for w in page.widgets {
                guard let shape = w.chartShape, let channel = w.channel else { continue }
                charts.append(Chart(id: w.id, channel: channel, history: ChartHistory(shape)))
                guard case .chart(let chart) = w.content else { continue }
                for (i, s) in chart.more.enumerated() {
                    charts.append(Chart(id: w.id, series: i + 1, channel: s.channel, history: ChartHistory(shape)))
                }
            }
        }
        for s in statistics {
            let milliseconds = s.seconds * 1000, columns = Swift.max(Swift.min(120, milliseconds / 250), 2)
            let shape = ChartHistory.Shape(columns: Int32(columns), columnMilliseconds: Swift.max(milliseconds / columns, 1))
            charts.append(Chart(id: s.name, isStatistic: true, channel: s.of, history: ChartHistory(shape)))
        }
    }

    /// Milliseconds of `now` since the origin (0 before it or without one).
    private func elapsed(_ now: UInt64) -> Int64 {
        guard let origin, now >= origin else { return 0 }
        return Int64((now - origin) / 1_000_000)
    }

    /// When the first window statistic that holds readings moves on a column by itself (a
    /// reading leaving its window changes its value): the panel wakes then.
    func nextStatisticChange(now: UInt64) -> UInt64? {
        guard let origin else { return nil }
        let ms = elapsed(now)
        var next: Int64?
        for c in charts where c.isStatistic && c.history.extent != nil {
            let t = c.history.nextColumnMilliseconds(after: ms)
            next = Swift.min(next ?? t, t)
        }
        return next.map { origin &+ UInt64($0) &* 1_000_000 }
    }

    /// The lowest, highest or mean reading of the statistic `name`'s window (NaN: none).
    func statistic(_ name: String, _ kind: WindowStatistic.Kind) -> Double {
        guard let h = charts.first(where: { $0.isStatistic && $0.id == name })?.history else { return .nan }
        var low = Float.infinity, high = -Float.infinity, sum = 0.0, count = 0.0
        for age in 0..<h.shape.columns {
            let c = h[age: age]
            guard c.count > 0 else { continue }
            low = Swift.min(low, c.low)
            high = Swift.max(high, c.high)
            sum += Double(c.mean) * Double(c.count)
            count += Double(c.count)
        }
        guard count > 0 else { return .nan }
        switch kind {
        case .min: return Double(low)
        case .max: return Double(high)
        case .mean: return sum / count
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
        return elapsed(now)
    }

    /// The channels read by a chart or statistic that `unread` holds, each once (worked out
    /// once: the frame takes their values only when there are any).
    func channels(among unread: Set<String>) -> [String] {
        var out: [String] = []
        for c in charts where unread.contains(c.channel) && !out.contains(c.channel) { out.append(c.channel) }
        return out
    }

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
        let p = Int(dashboard.currentPage), ms = elapsed(now)
        var next: Int64?
        for w in dashboard.pages[p].widgets.indices where dashboard.pages[p].widgets[w].chartShape != nil {
            let id = dashboard.pages[p].widgets[w].id
            for c in charts where !c.isStatistic && c.id == id {
                dashboard.pages[p].widgets[w].show(history: c.history, series: c.series)
                let t = c.history.nextColumnMilliseconds(after: ms)
                next = Swift.min(next ?? t, t)
            }
        }
        return next.map { origin &+ UInt64($0) &* 1_000_000 }
    }

    /// After a reload: keeps the history of every chart with the same id, channel and shape.
    mutating func carryOver(from old: ChartRecorder) {
        for i in charts.indices {
            guard
                let before = old.charts.first(where: {
                    $0.id == charts[i].id && $0.isStatistic == charts[i].isStatistic && $0.series == charts[i].series
                        && $0.channel == charts[i].channel
                }),
                before.history.shape == charts[i].history.shape
            else { continue }
            charts[i].history = before.history
        }
        origin = old.origin
    }

    /// A history read back (a chart's `history_file`), for a chart of that id and shape.
    mutating func restore(_ id: String, series: Int = 0, _ history: ChartHistory) {
        for i in charts.indices
        where !charts[i].isStatistic && charts[i].id == id && charts[i].series == series && charts[i].history.shape == history.shape {
            charts[i].history = history
        }
    }

    /// The history of the chart `id`'s series (tests, the history file).
    func history(of id: String, series: Int = 0) -> ChartHistory? {
        charts.first { !$0.isStatistic && $0.id == id && $0.series == series }?.history
    }
}
