import GaugeLoop
import GaugeNet
import GaugeSensors
import GaugeSystem

/// MQTT topic discovery for the source form: the preview connects to a broker, subscribes to
/// a filter (`#`, `zigbee2mqtt/#`) for a few seconds, and answers with every topic seen and
/// its last payload — the page lists them and the JSON paths inside, and a choice becomes a
/// channel (`topic`, `json`). On the preview's own loop: the socket is a registered
/// descriptor, the listening time a timer; nothing else waits.
final class MQTTDiscovery {
    struct Seen {
        var topic: String
        var payload: [UInt8]
        var count: Int
    }

    /// More than a panel's page could list; the rest are counted.
    static let topicLimit = 500
    /// A payload is shown up to this many bytes (enough for a Zigbee2MQTT device's state).
    static let payloadLimit = 2048

    private let loop: any LoopScheduler
    private let fd: Int32
    private let filter: String
    private let done: (String) -> Void
    private var decoder = MQTTDecoder(maximumPacketSize: 64 * 1024)
    private var seen: [Seen] = []
    private var index: [String: Int] = [:]
    private var others = 0
    private var failure: String?
    private var timer: TimerID?
    private(set) var isFinished = false

    /// Starts listening; `done` gets the JSON answer once, after `seconds` or a failure.
    init(loop: any LoopScheduler, broker: NetworkAddress, filter: String, seconds: Double, done: @escaping (String) -> Void) throws(Errno) {
        self.loop = loop
        self.filter = filter
        self.done = done
        fd = try LinuxSensorSystemCalls().connectTCP(broker)
        loop.register(fd: fd, events: .writable) { _ in self.connected() }
        timer = loop.schedule(after: UInt64(seconds * 1e9)) { self.finish(nil) }
    }

    private func connected() {
        do {
            guard try LinuxSensorSystemCalls().connectResult(fd) else { return }
        } catch {
            return finish("cannot connect: \(error.message)")
        }
        loop.unregister(fd: fd)
        do {
            let id = "gaugepanel-preview-\(loop.now % 1_000_000)"
            var out = try MQTTEncoder.encode(.connect(MQTTConnect(clientID: id, keepAlive: 30)))
            out += try MQTTEncoder.encode(.subscribe(MQTTSubscribe(packetID: 1, filters: [MQTTSubscription(filter)])))
            try SystemCall.writeAll(fd, out)
        } catch {
            return finish("cannot subscribe to \(filter): \(error)")
        }
        loop.register(fd: fd, events: .readable) { _ in self.readable() }
    }

    private func readable() {
        let bytes: [UInt8]
        do {
            switch try SystemCall.read(fd, max: 64 * 1024) {
            case .bytes(let b): bytes = b
            case .nothingPending: return
            case .endOfFile: return finish(seen.isEmpty ? "the broker closed the connection" : nil)
            }
        } catch {
            return finish("reading from the broker: \(error.message)")
        }
        do {
            try decoder.feed(bytes) { packet in self.take(packet) }
        } catch {
            finish("the broker sent what is not MQTT: \(error.message)")
        }
    }

    private func take(_ packet: MQTTPacket) {
        switch packet {
        case .connack(let ack) where ack.returnCode != .accepted:
            finish("the broker refused the connection: \(ack.returnCode.message)")
        case .publish(let p):
            if let i = index[p.topic] {
                seen[i].payload = Array(p.payload.prefix(Self.payloadLimit))
                seen[i].count += 1
            } else if seen.count < Self.topicLimit {
                index[p.topic] = seen.count
                seen.append(Seen(topic: p.topic, payload: Array(p.payload.prefix(Self.payloadLimit)), count: 1))
            } else {
                others += 1
            }
        default:
            break
        }
    }

    /// Closes the connection and answers, once.
    func finish(_ problem: String?) {
        guard !isFinished else { return }
        isFinished = true
        failure = problem
        if let timer { loop.cancel(timer) }
        loop.unregister(fd: fd)
        SystemCall.close(fd)
        done(json())
    }

    func json() -> String {
        let topics = seen.sorted { $0.topic < $1.topic }.map { s in
            "{\"topic\":\(BoardJSON.string(s.topic)),\"payload\":\(BoardJSON.string(String(decoding: s.payload, as: UTF8.self))),\"count\":\(s.count)}"
        }
        return "{\"filter\":\(BoardJSON.string(filter)),\"error\":\(failure.map(BoardJSON.string) ?? "null"),"
            + "\"topics\":[\(topics.joined(separator: ","))],\"more\":\(others)}"
    }
}
