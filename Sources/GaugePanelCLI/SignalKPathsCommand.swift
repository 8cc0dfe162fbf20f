import ArgumentParser
import Foundation
import GaugeDecoders
import GaugeNet
import GaugeSensors

/// `gaugepanel signalk-paths SERVER`: every path a Signal K server sends for the own
/// vessel, with its unit and latest value, so a board's channels can be written from it.
struct SignalKPathsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "signalk-paths",
        abstract: "List the paths a Signal K server sends (unit, latest value) for kind = \"signalk\" boards.",
        discussion: """
            Connects to the server's WebSocket stream as a kind = "signalk" sensor does, subscribes \
            to every path of the own vessel for --seconds, then prints one line per path that had \
            a number, sorted: the path a channel's source names, its latest value as sent, and its \
            unit (the server's meta, else the Signal K specification's; '-' when neither says). \
            Exits 2 when the server cannot be reached or sends nothing.
            """
    )

    @Argument(help: "The server's host:port (a bare host takes port 3000).")
    var server: String

    @Option(help: "How long to listen, in seconds (1…60).")
    var seconds: Double = 2

    func run() throws {
        let address: NetworkAddress
        do { address = try NetworkAddress.parse(server, defaultPort: SignalKSession.defaultPort) } catch {
            throw fail("\(server): \(error.message)")
        }
        guard seconds.isFinite, seconds >= 1, seconds <= 60 else { throw fail("--seconds: expected 1…60, got \(seconds)") }
        let source = StreamSource(
            transport: .tcp(address), protocol: SignalKSession.everything(host: address.description), backoff: .network)
        var latest: [String: Double] = [:]
        var said: [String] = []
        let start = DispatchTime.now().uptimeNanoseconds
        let end = start + UInt64(seconds * 1e9)
        while DispatchTime.now().uptimeNanoseconds < end {
            let now = DispatchTime.now().uptimeNanoseconds
            if case .openFailed(let e)? = source.service(now: now, into: { latest[$0.name] = $0.value }) {
                said.append("cannot connect: \(e.message)")
            }
            said += source.takeNotices()
            usleep(20_000)
        }
        source.close(now: DispatchTime.now().uptimeNanoseconds)
        for line in said { FileHandle.standardError.write(Data("signalk \(address.description): \(line)\n".utf8)) }
        guard !latest.isEmpty else { throw fail("signalk \(address.description): no values within \(seconds) s") }
        let units = source.protocolState.announcedUnits
        for line in Self.listing(latest, units: units) { print(line) }
    }

    /// One line per path, sorted: the path padded to the longest, the value, the unit.
    static func listing(_ values: [String: Double], units: [String: String]) -> [String] {
        let width = values.keys.map(\.count).max() ?? 0
        return values.keys.sorted().map { path in
            let value = values[path] ?? .nan
            let shown = value.isNaN ? "null" : String(format: "%.6g", value)
            let unit = units[path] ?? SignalKPaths.unit(of: path).map { SignalKPaths.specName(of: $0) } ?? "-"
            return path.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + shown + "  " + unit
        }
    }
}
