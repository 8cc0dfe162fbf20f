import GaugeConfig
import GaugeSensors
import GaugeCAN

/// What a `kind = "can"` sensor reads: a SocketCAN interface through a protocol. Keys: `interface`
/// (`can0`, at most 15 bytes: IFNAMSIZ), `protocol` (`dbc`, `obd2`, `nmea2000`), `dbc`
/// (protocol dbc: the file, relative to the board file), `poll_hz` (protocol obd2:
/// requests a second, default 10), `obd_ids` (protocol obd2: 11 or 29-bit identifiers,
/// default 11). Channels read `source`: a DBC's `MESSAGE.SIGNAL` or a
/// signal name only one message has; an OBD-II channel name of the ELM327 source
/// (`engine.rpm`) or a PID in hex (`0x0C`); an NMEA 0183 decoder name for NMEA 2000.
public struct CANConfiguration: Sendable, Equatable {
    public var interface: String
    public var canProtocol: CANProtocol
    /// The DBC file as resolved (protocol dbc).
    public var dbcPath: String?

    public init(interface: String, canProtocol: CANProtocol, dbcPath: String? = nil) {
        self.interface = interface
        self.canProtocol = canProtocol
        self.dbcPath = dbcPath
    }

    /// IFNAMSIZ is 16 with the terminating NUL.
    public static let maxInterfaceLength = 15

    static func readInterface(_ r: TableReader) -> String? {
        guard let name = r.string("interface", required: true, maxLength: 256) else { return nil }
        let n = name.utf8.count
        guard n >= 1, n <= maxInterfaceLength else {
            r.report(
                "interface",
                "expected a SocketCAN interface name of at most \(maxInterfaceLength) bytes (IFNAMSIZ) like \"can0\", got \"\(name.escapingControls)\" (\(n) bytes)"
            )
            return nil
        }
        guard name != ".", name != "..", !name.utf8.contains(where: { $0 <= 32 || $0 == 47 || $0 == 58 || $0 == 127 }) else {
            r.report("interface", "expected an interface name like \"can0\" (no '/', ':' or blanks), got \"\(name.escapingControls)\"")
            return nil
        }
        return name
    }
}

/// The `protocol`, `dbc`, `poll_hz` and `obd_ids` keys, shared by `kind = "can"` and the replay of
/// `candump -l` logs (`format = "candump"`), and what they say about channels' sources.
struct CANProtocolKeys: Sendable, Equatable {
    static let names = ["dbc", "obd2", "nmea2000"]
    var name: String
    var dbc: DBCFile?
    /// As written in the board (messages name it so) and as resolved.
    var dbcName: String?
    var dbcPath: String?
    var pollHz: Double
    var obdIDs: OBDIdentifiers = .standard

    static func read(_ r: TableReader, polling: Bool) -> CANProtocolKeys? {
        let name = r.choice("protocol", names, required: true)
        let pollHz = polling ? r.number("poll_hz", 0.1...100) : nil
        if pollHz != nil, let name, name != "obd2" {
            r.report("poll_hz", "only protocol = \"obd2\" polls; protocol \"\(name)\" listens to what the bus sends")
        }
        var keys = CANProtocolKeys(name: name ?? "", pollHz: pollHz ?? 10)
        if polling, let ids = readOBDIdentifiers(r) {
            if let name, name != "obd2" {
                r.report("obd_ids", "only protocol = \"obd2\" addresses ECUs; protocol \"\(name)\" reads the ids its messages have")
            } else {
                keys.obdIDs = ids
            }
        }
        let dbcName = r.string("dbc", maxLength: 4096)
        if name == "dbc" {
            guard let dbcName else {
                r.report("dbc", "missing; protocol = \"dbc\" needs the DBC file that describes the bus's messages, like dbc = \"ecu.dbc\"")
                return nil
            }
            let path = r.resolve(dbcName)
            let bytes: [UInt8]
            do { bytes = try r.system.readFile(path, limit: .max) } catch {
                r.report("dbc", "cannot read the DBC file \(path): \(error.description)")
                return nil
            }
            do { keys.dbc = try DBCFile.parse(bytes) } catch {
                r.report("dbc", "\(dbcName):\(error.line): \(error.message)")
                return nil
            }
            keys.dbcName = dbcName
            keys.dbcPath = path
        } else if dbcName != nil, let name {
            r.report("dbc", "only protocol = \"dbc\" reads a DBC file; protocol \"\(name)\" has its own messages")
        }
        return name == nil ? nil : keys
    }

    /// `obd_ids = 11 | 29`: ISO 15765-4's 11-bit or 29-bit addressing.
    static func readOBDIdentifiers(_ r: TableReader) -> OBDIdentifiers? {
        guard let v = r.value("obd_ids") else { return nil }
        if let n = v.int64, n == 11 || n == 29, let ids = OBDIdentifiers(rawValue: UInt8(n)) { return ids }
        r.report(
            "obd_ids",
            "expected 11 (requests on 0x7DF, answers from 0x7E8…0x7EF) or 29 (requests on 0x18DB33F1, answers from 0x18DAF1xx), got \(v.written)")
        return nil
    }

    /// Checks a channel's `source` against what the protocol gives, and names it as the
    /// samples will be named (`RPM` → `ENGINE.RPM`, `0x0C` → `engine.rpm`). A DBC
    /// message's GenMsgCycleTime sets the channel's staleness when it sets none: three
    /// cycles, at least half a second.
    func resolve(_ channel: inout ChannelConfiguration, _ r: TableReader) -> Bool {
        let source = channel.sourceName
        switch name {
        case "dbc":
            guard let dbc else { return false }
            do {
                let ref = try dbc.signal(named: source)
                let message = dbc.messages[Int(ref.messageIndex)]
                channel.sourceName = message.name + "." + message.signals[Int(ref.signalIndex)].name
                if channel.staleAfterSeconds == nil, let ms = message.cycleTimeMilliseconds, ms > 0 {
                    channel.staleAfterSeconds = max(Double(ms) * 3 / 1000, 0.5)
                }
                return true
            } catch {
                r.report("source", error.message + " in " + (dbcName ?? "the DBC file") + " (gaugepanel can-signals lists them)")
                return false
            }
        case "obd2":
            if let pid = Self.pid(named: source) {
                channel.sourceName = pid.channel
                return true
            }
            let known = OBDPID.all.map { $0.channel }
            let near = NameSuggestion.nearest(to: source, in: known).map { " (did you mean \"\($0)\"?)" } ?? ""
            r.report("source", "no OBD-II PID \(source)\(near); expected one of \(known.joined(separator: ", ")) or a PID like \"0x0C\"")
            return false
        default:
            return true
        }
    }

    /// `engine.rpm`, `0x0C`, `0C`.
    static func pid(named s: String) -> OBDPID? {
        if let p = OBDPID.all.first(where: { $0.channel == s }) { return p }
        var digits = Array(s.utf8)
        if digits.count == 4, digits[0] == 48, digits[1] == 120 || digits[1] == 88 { digits.removeFirst(2) }
        guard digits.count == 2, let hi = Hex.digit(digits[0]), let lo = Hex.digit(digits[1]) else { return nil }
        return OBDPID.all.first { $0.code == hi << 4 | lo }
    }

    /// The protocol, once the channels are known: a DBC keeps only the messages and
    /// signals they read (the kernel's filters are those ids), OBD-II polls their PIDs.
    /// nil channels: everything (a candump replay, decoded before its channels are read).
    func canProtocol(channels: [ChannelConfiguration]?) -> CANProtocol {
        switch name {
        case "dbc":
            let file = dbc ?? DBCFile(messages: [])
            guard let channels else { return .dbc(file) }
            return .dbc(file.keeping(channels.map { $0.sourceName }))
        case "obd2":
            let pids = OBDPID.all.filter { p in (channels ?? []).contains { $0.sourceName == p.channel } }
            return .obd2(pids: pids, pollHz: pollHz, ids: obdIDs)
        default: return .nmea2000
        }
    }
}
