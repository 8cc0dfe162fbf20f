import GaugeDecoders
import Testing

// Decoder fixtures shared by GaugeDecodersTests and GaugeSensorsTests (its pty tests drive
// the same adapter and stream through a serial line): here, as no test target can import another.

/// A scripted adapter: answers each command like a real ELM327 (or a clone) would.
public struct FakeELM327 {
    public var echo = true  // ELM default until ATE0
    public var ignoresEcho = false  // clone that keeps echoing after ATE0
    public var lowercase = false
    public var spaces = true
    public var extraBlankLines = false
    public var searchingFirst = true
    public var rejects: Set<String> = []  // AT commands a clone answers with "?"
    public var answers: [String: [String]] = [
        "010C": ["41 0C 1A F8"],
        "0105": ["41 05 7B"],
        "010D": ["41 0D 32"],
        "0142": ["41 42 30 39"],
        "0104": ["41 04 FF"],
        "010B": ["41 0B 65"],
        "010F": ["41 0F 28"],
        "0110": ["41 10 05 DC"],
        "0111": ["41 11 80"],
        "012F": ["NO DATA"],
    ]
    public var log: [String] = []

    public init() {}

    public mutating func respond(to raw: [UInt8]) -> String {
        var command = String(decoding: raw, as: UTF8.self)
        #expect(command.last == "\r", "commands end with CR")
        command.removeLast()
        log.append(command)
        var lines: [String] = []
        if echo { lines.append(command) }
        switch command {
        case _ where rejects.contains(command): lines.append("?")
        case "ATZ":
            lines += ["", "ELM327 v1.5"]
            echo = true
        case "ATE0":
            if !ignoresEcho { echo = false }
            lines.append("OK")
        case "ATL0", "ATS0", "ATH0", "ATSP0": lines.append("OK")
        default:
            if searchingFirst {
                lines.append("SEARCHING...")
                searchingFirst = false
            }
            lines += answers[command] ?? ["?"]
        }
        var text = lines.map { l -> String in
            var l = spaces ? l : l.filter { $0 != " " }
            if lowercase { l = l.lowercased() }
            return l
        }.joined(separator: extraBlankLines ? "\r\r\r" : "\r")
        text += "\r\r>"
        return text
    }
}

/// NMEA 0183 input for the split and pty tests: good sentences of eight kinds, with noise,
/// a bad checksum and an overlong sentence among them.
public enum NMEAStreams {
    public static let mixed: String =
        nmea("GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W")
        + nmea("IIMWV,045.0,R,12.5,N,A") + "noise" + "$YXMTW,17.5,C*00\r\n"
        + nmea("SDDPT,12.5,0.4,100") + nmea("IIXDR,C,19.5,C,AIRTEMP,P,1.013,B,BARO")
        + nmea("IIRPM,E,2,1800,,A") + "$IIXDR" + String(repeating: ",C,1.0,C,T", count: 10) + "\r\n"
        + nmea("HCHDG,98.3,2.0,W,3.5,E") + nmea("VWVLW,1234.5,N,12.3,N")

    /// `$` + body + `*XX` + CRLF, with a correct checksum.
    static func nmea(_ body: String) -> String { "$" + XORChecksum.append(to: body) + "\r\n" }
}
