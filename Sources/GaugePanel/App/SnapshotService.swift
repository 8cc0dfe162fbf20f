import GaugeDisplay
import GaugeImages
import GaugeSystem

/// The picture on screen as a PNG: on SIGUSR1 and, when the board or `--snapshot-interval`
/// asks, on a repeating timer. Path and interval are the board's `[snapshot]` unless the
/// command line overrides them.
final class SnapshotService<Loop: LoopScheduler>: PanelService {
    private let path: String?
    private let interval: Double?
    private let device: any Display
    private let log: PanelLogger
    private let system: any PanelSystem
    private var loop: Loop?
    private var timer: TimerID?

    init(path: String?, interval: Double?, of device: any Display, system: any PanelSystem, log: PanelLogger) {
        self.path = path
        self.interval = interval
        self.device = device
        self.system = system
        self.log = log
    }

    func start(on loop: Loop) {
        self.loop = loop
        guard let interval, interval.isFinite, interval > 0, path != nil else { return }
        timer = loop.scheduleRepeating(every: UInt64(max(min(interval, 1e6), 0.05) * 1e9)) { [self] in self.write() }
    }

    func stop() {
        if let timer, let loop { loop.cancel(timer) }
        timer = nil
    }

    /// Writes the picture on screen as a PNG (atomically: a viewer never sees half a file).
    func write() {
        guard let path else {
            log.info("snapshot: no path configured ([snapshot] path or --snapshot)")
            return
        }
        let temporary = path + ".tmp"
        // zlib's state (about 260 KB at level 9) and the file were freed below live objects.
        defer { system.releaseFreeHeap() }
        let bytes: [UInt8]
        do { bytes = try PNG.encode(device.snapshotSurface) } catch {
            warn("snapshot: \(path): \(error)")
            return
        }
        do { try system.writeFile(temporary, bytes, .replace) } catch {
            warn("snapshot: \(error)")
            return
        }
        do { try system.rename(temporary, to: path) } catch {
            warn("snapshot: cannot rename \(temporary) to \(path): \(error.message)")
            return
        }
    }

    private func warn(_ message: String) { log.warn("snapshot", message, now: loop?.now ?? 0) }
}
