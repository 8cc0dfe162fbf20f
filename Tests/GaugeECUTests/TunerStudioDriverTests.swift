import Testing
@testable import GaugeECU
import GaugeSensors

/// The driver against what Speeduino 202501.7's own firmware sent (built for the
/// ATmega2560, run in simavr with battery input A4 at 1.5 V: Captures/).
@Suite struct TunerStudioDriverTests {
    static let capture = "speeduino-202501.7-simavr.txt"
    static let dash = ["map", "iatRaw", "coolantRaw", "batteryVoltage", "afr", "rpm", "advance", "tps"]
    static let ms: UInt64 = 1_000_000

    func driver(_ names: [String] = dash, settings: [String] = [], text: String = speeduinoLikeINI) throws -> TunerStudioDriver {
        TunerStudioDriver(decoder: RealtimeDecoder(definition: try definition(text, settings: settings), names: names))
    }

    func feed(_ d: inout TunerStudioDriver, _ bytes: [UInt8], now: UInt64) -> [String: Double] {
        var out: [String: Double] = [:]
        d.feed(bytes, now: now) { out[$0.name] = $0.value }
        return out
    }

    @Test func crc32MatchesZlib() {
        #expect(CRC32.of(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(TunerStudioFraming.crc32.frame([0x51]) == Captures.exchange(Self.capture, "crc Q").sent)
    }

    @Test func crcFramingAsksOnlyForTheBytesTheChannelsNeed() throws {
        var d = try driver()
        let q = Captures.exchange(Self.capture, "crc Q")
        #expect(d.nextCommand(now: 0) == q.sent)
        #expect(feed(&d, q.received, now: 5 * Self.ms).isEmpty)
        #expect(d.framing == .crc32)
        #expect(d.takeNotices() == ["ECU \"speeduino 202501\" answers in the crc32 framing; reading bytes 4…25 of its 130-byte realtime block"])
        let r = Captures.exchange(Self.capture, "crc r: offset 4, 22 bytes")
        #expect(d.nextCommand(now: 6 * Self.ms) == r.sent)
        // In two pieces, as a serial line delivers it.
        #expect(feed(&d, Array(r.received.prefix(9)), now: 7 * Self.ms).isEmpty)
        let samples = feed(&d, Array(r.received.dropFirst(9)), now: 8 * Self.ms)
        #expect(samples.count == 8)
        #expect(abs(samples["batteryVoltage"]! - 7.3) < 1e-9)
        #expect(samples["rpm"] == 0)
        #expect(samples["coolantRaw"] == 255)
        // A blank EEPROM's tune: the firmware reports 0xC8.
        #expect(samples["advance"] == -56)
        #expect(d.nextCommand(now: 50 * Self.ms) == nil)
        #expect(d.nextCommand(now: 106 * Self.ms) == r.sent)
    }

    @Test func legacyFramingWhenTheINIAsksForIt() throws {
        let legacyINI = speeduinoLikeINI.replacing("messageEnvelopeFormat = msEnvelope_1.0", with: "")
        var d = try driver(["rpm", "tps", "advance"], text: legacyINI)
        let q = Captures.exchange(Self.capture, "legacy Q")
        #expect(d.nextCommand(now: 0) == q.sent)
        _ = feed(&d, q.received, now: Self.ms)
        #expect(d.framing == .legacy)
        let r = Captures.exchange(Self.capture, "legacy r: rpm..tps (offset 14, 12 bytes)")
        #expect(d.nextCommand(now: 2 * Self.ms) == r.sent)
        let samples = feed(&d, r.received, now: 3 * Self.ms)
        #expect(samples == ["rpm": 0, "tps": 127.5, "advance": -56])
    }

    @Test func aWholeBlockDecodesEveryChannel() throws {
        let a = Captures.exchange(Self.capture, "legacy A: the whole block")
        let decoder = RealtimeDecoder(definition: try definition(), names: [])
        var out: [String: Double] = [:]
        decoder.decode(a.received[decoder.range]) { out[$0.name] = $0.value }
        #expect(out["secl"] == 2)
        #expect(abs(out["batteryVoltage"]! - 7.3) < 1e-9)
        #expect(out["coolant"] == 419)
        #expect(out["revolutionTime"] == 0)
        #expect(out["lambda"] == nil)
    }

    @Test func aWrongCRCAnswerIsCountedAndTheNextRequestFollows() throws {
        var d = try driver()
        let q = Captures.exchange(Self.capture, "crc Q")
        _ = d.nextCommand(now: 0)
        _ = feed(&d, q.received, now: Self.ms)
        _ = d.nextCommand(now: 2 * Self.ms)
        // The firmware's own answer to a frame whose CRC was wrong: status 0x82.
        _ = feed(&d, Captures.exchange(Self.capture, "crc frame with a wrong CRC").received, now: 3 * Self.ms)
        #expect(d.statistics.garbled == 1)
        #expect(d.nextCommand(now: 120 * Self.ms) != nil)
    }

    @Test func aSignatureMismatchSaysBothAndReadsNothing() throws {
        var d = try driver(text: speeduinoLikeINI.replacing("speeduino 202501", with: "speeduino 202402"))
        let q = Captures.exchange(Self.capture, "crc Q")
        _ = d.nextCommand(now: 0)
        _ = feed(&d, q.received, now: Self.ms)
        #expect(d.framing == nil)
        #expect(
            d.takeNotices() == [
                "the ECU says it is \"speeduino 202501\" but the INI is for \"speeduino 202402\": use the INI that came with this firmware (its channels' places differ); asked again every 5 s"
            ])
        #expect(d.nextCommand(now: 2 * Self.ms) == nil)
    }

    @Test func silenceIsSaidOnceThenChannelsGoStaleAndComeBack() throws {
        var d = try driver(["rpm"])
        let q = Captures.exchange(Self.capture, "crc Q")
        _ = d.nextCommand(now: 0)
        _ = feed(&d, q.received, now: Self.ms)
        _ = d.takeNotices()
        var now = 2 * Self.ms
        for _ in 0..<3 {
            #expect(d.nextCommand(now: now) != nil)
            now += 600 * Self.ms
            _ = d.nextCommand(now: now)
            now += 100 * Self.ms
        }
        #expect(d.framing == nil)
        #expect(d.takeNotices() == ["the ECU stopped answering (3 requests in a row unanswered); its channels are stale until it answers again"])
        // Probing again; the ECU answers the CRC probe and the channels are marked stale first.
        var stale: [String] = []
        d.feed(q.received, now: now) { if $0.isNoValue { stale.append($0.name) } }
        #expect(stale == ["rpm"])
        #expect(d.framing == .crc32)
        #expect(d.takeNotices().first == "the ECU answers again")
    }

    @Test func noAnswerInEitherFramingIsSaidOnce() throws {
        var d = try driver()
        var sent: [[UInt8]] = []
        var now: UInt64 = 0
        for _ in 0..<6 {
            if let c = d.nextCommand(now: now) { sent.append(c) }
            now += 1_600 * Self.ms
        }
        #expect(sent.prefix(2) == [Captures.exchange(Self.capture, "crc Q").sent, [0x51]])
        #expect(d.takeNotices().count == 1)
    }
}
