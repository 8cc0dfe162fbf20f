import CPanelSystem
import GaugeCAN
import GaugeSensors
import GaugeDecoders
import GaugeSystem

/// `GET /dbc`: the DBC files in the board's folder, for the CAN source form; `GET
/// /dbc?name=FILE.dbc`: one of them listed as `gaugepanel can-signals` lists it (a line per
/// message, then one per signal, `MESSAGE.SIGNAL` first — what a channel's `source` names).
///
/// Only the board's own folder is listed, and only a name from that listing is read: a
/// name with a `/`, a leading `.`, another extension or not in the folder is refused.
extension PreviewServer {
    func dbcFiles(_ request: HTTPRequest) -> HTTPResponse {
        guard case .board(let session) = source else { return .text(.forbidden, "no board here (run --preview shows the screen only)") }
        let folder = Self.folder(of: session.path)
        let names = ((try? LinuxSystem.standard.listDirectory(folder)) ?? []).filter(Self.isDBCName).sorted()
        guard let name = request.queryValue("name") else {
            return .json("{\"files\":[" + names.map(BoardJSON.string).joined(separator: ",") + "]}")
        }
        guard Self.isDBCName(name), names.contains(name) else {
            return .text(.notFound, "no DBC file \"\(name)\" in the board's folder (it lists \(names.joined(separator: ", ")))")
        }
        let bytes: [UInt8]
        do { bytes = try LinuxSystem.standard.readFile(folder + "/" + name, limit: 1 << 24) } catch {
            return .text(.internalError, "\(name): \(error.description)")
        }
        do {
            let lines = try DBCFile.parse(bytes).signalListing
            return .json("{\"file\":\(BoardJSON.string(name)),\"lines\":[" + lines.map(BoardJSON.string).joined(separator: ",") + "]}")
        } catch {
            return .text(.conflict, "\(name):\(error.line): \(error.message)")
        }
    }

    /// A plain file name ending in `.dbc`: no folder, not hidden.
    static func isDBCName(_ name: String) -> Bool {
        name.utf8.count <= 128 && name.hasSuffix(".dbc") && !name.hasPrefix(".") && !name.contains("/") && !name.contains("\0")
    }

    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}

/// `POST /mqtt-discover` (`broker=HOST:PORT&filter=#&seconds=3`): the topics a broker
/// publishes under the filter in that time, with their last payloads (`MQTTDiscovery`).
/// The answer is held until then. A POST, as it opens a connection: only the page's own.
extension PreviewServer {
    func discoverMQTT(_ request: HTTPRequest, _ id: HTTPServer.ConnectionID) -> HTTPResponse? {
        guard editable, case .board = source else { return .text(.forbidden, "discovery is for designing (gaugepanel preview)") }
        let form = Form(HTTPRequestParser.formItems(request.body))
        let broker: NetworkAddress
        do { broker = try NetworkAddress.parse(form["broker"] ?? "", defaultPort: 1883) } catch {
            return .text(.badRequest, "broker: \(error.message)")
        }
        let filter = form["filter"] ?? "#"
        guard !filter.isEmpty, filter.utf8.count <= 256, !filter.unicodeScalars.contains(where: { $0.value < 0x20 }) else {
            return .text(.badRequest, "expected filter= a topic filter such as # or zigbee2mqtt/#")
        }
        let seconds = min(10, max(0.2, form["seconds"].flatMap { Double($0) } ?? 3))
        do {
            discoveries.append(
                try MQTTDiscovery(loop: loop, broker: broker, filter: filter, seconds: seconds) { json in
                    self.server?.respond(id, .json(json))
                })
        } catch {
            return .text(.badGateway, "cannot connect to \(broker): \(error.message)")
        }
        log("MQTT discovery: \(broker), \(filter), \(seconds) s")
        return nil
    }
}

/// `GET /machine` (`?root=FOLDER`): what the serial and sysfs forms offer — the machine's
/// serial ports, and its hwmon, thermal, power-supply and IIO values with their readings now and the `path` a sysfs channel names them by. `root` (a sysfs
/// source's own key, for a copied tree) must be a folder inside the board's; else `/sys`.
extension PreviewServer {
    func machine(_ request: HTTPRequest) -> HTTPResponse {
        guard case .board(let session) = source else { return .text(.forbidden, "no board here (run --preview shows the screen only)") }
        var root = "/sys"
        if let given = request.queryValue("root"), given != "/sys" {
            let parts = given.split(separator: "/", omittingEmptySubsequences: false)
            guard !given.hasPrefix("/"), !parts.contains(where: { $0.isEmpty || $0 == ".." || $0 == "." }) else {
                return .text(.badRequest, "root: /sys or a folder inside the board's folder, got \"\(given)\"")
            }
            root = Self.absolute(Self.folder(of: session.path)) + "/" + given
        }
        let found = SysfsSource.discover(root: root)
        var source = SysfsSource(root: root, channels: found)
        var readings: [String: Sample] = [:]
        source.poll(now: loop.now) { readings[$0.name] = $0 }
        let sysfs = found.compactMap { c -> String? in
            guard let path = Self.sysfsPath(c.sensor) else { return nil }
            let r = readings[c.name]
            return "{\"path\":\(BoardJSON.string(path)),\"value\":\(r.map { BoardJSON.number($0.value) } ?? "null"),"
                + "\"unit\":\(BoardJSON.string(r?.unit.symbol ?? ""))}"
        }
        let ports = Self.serialPorts().map(BoardJSON.string)
        return .json("{\"root\":\(BoardJSON.string(root)),\"serial\":[\(ports.joined(separator: ","))],\"sysfs\":[\(sysfs.joined(separator: ","))]}")
    }

    /// A folder as an absolute path (a sysfs source's `root` must be one).
    static func absolute(_ folder: String) -> String {
        if folder.hasPrefix("/") { return folder }
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getcwd(&buffer, buffer.count) != nil else { return folder }
        let cwd = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return folder == "." ? cwd : cwd + "/" + folder
    }

    /// A sysfs channel's `path` key for what `discover` found.
    static func sysfsPath(_ sensor: SysfsSensor) -> String? {
        switch sensor {
        case .hwmon(let device, let attribute): return "hwmon/\(device)/\(attribute)"
        case .thermalZone(let type): return "thermal/\(type)"
        case .powerSupply(let supply, let attribute): return "power_supply/\(supply)/\(attribute.rawValue)"
        case .iio(let device, let channel): return "iio/\(device)/\(channel)"
        }
    }

    /// Serial devices a board may name: stable names first (/dev/serial/by-id), then USB
    /// adapters, boards' UARTs and Bluetooth serial ports.
    static func serialPorts() -> [String] {
        let byID = ((try? LinuxSystem.standard.listDirectory("/dev/serial/by-id")) ?? []).sorted().map { "/dev/serial/by-id/" + $0 }
        let devices = ((try? LinuxSystem.standard.listDirectory("/dev")) ?? []).filter { name in
            ["ttyUSB", "ttyACM", "ttyAMA", "rfcomm"].contains { name.hasPrefix($0) } || ["serial0", "serial1", "ttyS0", "ttyS1"].contains(name)
        }.sorted().map { "/dev/" + $0 }
        return byID + devices
    }
}
