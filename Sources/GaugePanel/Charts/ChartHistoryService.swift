import GaugeConfig
import GaugeSystem
import GaugeWidgets

/// The charts with a `history_file` on the loop: each one's history read when the panel
/// starts (moved on by the wall-clock time since it was saved, so what fell out of the
/// window while the panel was off is gone), saved every minute and at the end. A save that
/// fails (a full or read-only disk) is said, rate-limited, and tried again; the panel runs on.
final class ChartHistoryService<Loop: LoopScheduler>: PanelService {
    static var saveEvery: UInt64 { 60_000_000_000 }

    private struct Kept {
        let id: String
        /// 0: the chart's channel, kept in FILE.a/.b; series n in FILE-n+1.a/.b.
        let series: Int
        let store: ChartStore
        var sequence: UInt64 = 1
    }

    private var kept: [Kept] = []
    private let display: DisplayService<Loop>
    private let system: any PanelSystem
    private let log: PanelLogger
    private let restores: Bool
    private var loop: Loop?
    private var timer: TimerID?

    /// `restores`: read the files when started (not after a reload, which keeps the
    /// histories the panel holds).
    init(_ dashboard: Dashboard, display: DisplayService<Loop>, system: any PanelSystem, log: PanelLogger, restores: Bool = true) {
        self.display = display
        self.system = system
        self.log = log
        self.restores = restores
        for w in dashboard.pages.flatMap({ $0.widgets }) {
            guard case .chart(let chart) = w.content, let file = chart.historyFile else { continue }
            for series in 0...chart.more.count {
                let path = series == 0 ? file : "\(file)-\(series + 1)"
                kept.append(Kept(id: w.id, series: series, store: ChartStore(file: path, system: system)))
            }
        }
    }

    func start(on loop: Loop) {
        self.loop = loop
        guard !kept.isEmpty else { return }
        if restores { restore() }
        timer = loop.scheduleRepeating(every: Self.saveEvery) { [self] in self.save() }
    }

    func stop() {
        if let loop, let timer { loop.cancel(timer) }
        timer = nil
        save()
        loop = nil
    }

    /// Each chart's saved history, aged by the time since it was saved.
    private func restore() {
        let nowMilliseconds = Int64(system.realtimeNanoseconds() / 1_000_000)
        for i in kept.indices {
            let (saved, notes) = kept[i].store.load()
            for note in notes { log.info("chart \(kept[i].id): \(note)") }
            guard let saved else { continue }
            kept[i].sequence = saved.sequence &+ 1
            guard let shape = display.state.chartHistory(of: kept[i].id, series: kept[i].series)?.shape, shape == saved.shape else {
                log.info("chart \(kept[i].id): \(kept[i].store.file) holds another window or width; starting empty")
                continue
            }
            let aged = Swift.max(nowMilliseconds - saved.savedMilliseconds, 0) / shape.columnMilliseconds
            display.state.restoreChart(kept[i].id, series: kept[i].series, ChartHistory(shape, restoring: saved.columnsByAge, aged: aged))
        }
    }

    private func save() {
        let now = loop?.now ?? 0
        let wall = Int64(system.realtimeNanoseconds() / 1_000_000)
        for i in kept.indices {
            guard let history = display.state.chartHistory(of: kept[i].id, series: kept[i].series) else { continue }
            let saved = ChartStore.Saved(
                sequence: kept[i].sequence, savedMilliseconds: wall, shape: history.shape, columnsByAge: history.columnsByAge)
            do throws(FileError) {
                try kept[i].store.save(saved)
                kept[i].sequence &+= 1
            } catch {
                log.warn("chart-\(kept[i].id)", "chart \(kept[i].id): history not saved: \(error.description)", now: now)
            }
        }
    }
}
