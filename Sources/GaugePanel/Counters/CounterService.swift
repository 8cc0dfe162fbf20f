import GaugeConfig
import GaugeSystem

/// The counters' files on the loop: each counter's count read at start (its two slots;
/// a torn one said once), saved every `save_every` when it changed, and at the end. A
/// save that fails (a full or read-only disk) is said, rate-limited, and tried again at
/// the next interval; the panel runs on.
final class CounterService<Loop: LoopScheduler>: PanelService {
    private struct Kept {
        let configuration: CounterConfiguration
        let store: CounterStore
        var sequence: UInt64
        var saved: Double
        var due: UInt64 = 0
    }

    private var kept: [Kept] = []
    private let display: DisplayService<Loop>
    private let log: PanelLogger
    private var loop: Loop?
    private var timer: TimerID?

    /// Reads every counter's file and gives the display's state its count.
    init(_ counters: [CounterConfiguration], display: DisplayService<Loop>, system: any PanelSystem, log: PanelLogger) {
        self.display = display
        self.log = log
        for c in counters {
            let store = CounterStore(file: c.file, system: system)
            let loaded = store.load()
            for note in loaded.notes { log.info("counter \(c.name): \(note)") }
            display.state.restoreCounter(c.name, to: loaded.value)
            kept.append(Kept(configuration: c, store: store, sequence: loaded.sequence, saved: loaded.value))
        }
    }

    func start(on loop: Loop) {
        self.loop = loop
        guard let every = kept.map({ $0.configuration.saveEvery }).min() else { return }
        for i in kept.indices { kept[i].due = loop.now &+ kept[i].configuration.saveEvery }
        timer = loop.scheduleRepeating(every: every) { [self] in self.save(all: false) }
    }

    /// Saves what changed; safe to call more than once.
    func stop() {
        if let loop, let timer { loop.cancel(timer) }
        timer = nil
        save(all: true)
        loop = nil
    }

    /// Each counter that changed and is due (`all`: due or not).
    private func save(all: Bool) {
        let now = loop?.now ?? 0
        let values = display.state.counterValues
        for i in kept.indices {
            guard let value = values.first(where: { $0.name == kept[i].configuration.name })?.value, value != kept[i].saved,
                all || now >= kept[i].due
            else { continue }
            kept[i].due = now &+ kept[i].configuration.saveEvery
            do throws(FileError) {
                try kept[i].store.save(value, sequence: kept[i].sequence)
                kept[i].sequence &+= 1
                kept[i].saved = value
            } catch {
                log.warn("counter-\(kept[i].configuration.name)", "counter \(kept[i].configuration.name): not saved: \(error.description)", now: now)
            }
        }
    }
}
