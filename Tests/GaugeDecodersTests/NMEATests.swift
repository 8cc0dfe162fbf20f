import Testing
@testable import GaugeDecoders
import GaugeSensors
import GaugeTestSupport

@Suite struct NMEATests {
    func decode(_ text: String) -> [Sample] {
        var d = NMEADecoder()
        return d.feed(bytes(text))
    }

    func values(_ samples: [Sample]) -> [String: Double] {
        var out: [String: Double] = [:]
        for s in samples { out[s.name] = s.value }
        return out
    }

    @Test func knownChecksum() {
        // A widely published example sentence with its checksum.
        let out = decode("$GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W*6A\r\n")
        let v = values(out)
        #expect(v["speed.ground"] == 22.4)
        #expect(v["course.ground"] == 84.4)
        #expect(abs(v["position.latitude"]! - (48 + 7.038 / 60)) <= 1e-12)
        #expect(abs(v["position.longitude"]! - (11 + 31.0 / 60)) <= 1e-12)
        #expect(v["magnetic.variation"] == -3.1)
        #expect(out.first { $0.name == "speed.ground" }!.unit == .knots)
    }

    @Test func rmcInvalidStatusDropped() {
        var d = NMEADecoder()
        #expect(d.feed(bytes(nmea("GPRMC,123519,V,,,,,,,230394,,"))) == [])
        #expect(d.statistics.invalidStatus == 1)
    }

    @Test func depthSentences() {
        var v = values(decode(nmea("SDDPT,12.5,0.4,100")))
        #expect(v["depth.below.transducer"] == 12.5)
        #expect(abs(v["depth"]! - 12.9) <= 1e-12)
        v = values(decode(nmea("SDDPT,12.5,-1.5")))
        #expect(v["depth.below.keel"] == 11)
        #expect(v["depth"] == nil)
        #expect(values(decode(nmea("SDDBT,32.8,f,10.0,M,5.5,F")))["depth.below.transducer"] == 10.0)
        #expect(abs(values(decode(nmea("SDDBT,10,f,,M,,F")))["depth.below.transducer"]! - 3.048) <= 1e-12)
        #expect(abs(values(decode(nmea("SDDBT,,f,,M,2,F")))["depth.below.transducer"]! - 3.6576) <= 1e-12)
        #expect(decode(nmea("SDDBT,,f,,M,,F")) == [], "empty fields = no value")
    }

    @Test func waterTemperature() {
        let out = decode(nmea("YXMTW,17.5,C"))
        #expect(out == [Sample(name: "water.temperature", value: 17.5, unit: .celsius)])
    }

    @Test func windApparentAndTrueWithUnits() {
        var v = values(decode(nmea("IIMWV,045.0,R,12.5,N,A")))
        #expect(v["wind.angle.apparent"] == 45)
        #expect(v["wind.speed.apparent"] == 12.5)
        v = values(decode(nmea("IIMWV,370,T,10,M,A")))
        #expect(v["wind.angle.true"] == 10)
        #expect(abs(v["wind.speed.true"]! - 19.4384449) <= 1e-6)
        v = values(decode(nmea("IIMWV,90,R,18.52,K,A")))
        #expect(abs(v["wind.speed.apparent"]! - 10) <= 1e-9)
        v = values(decode(nmea("IIMWV,90,R,10,S,A")))
        #expect(abs(v["wind.speed.apparent"]! - 8.68976) <= 1e-5)
        // Off the bow, as a sailor reads it: 325° relative is 35° on the port bow.
        v = values(decode(nmea("WIMWV,325.0,R,14.2,N,A")))
        #expect(v["wind.angle.apparent"] == -35)
        #expect(values(decode(nmea("WIMWV,180,T,3,N,A")))["wind.angle.true"] == 180)
        #expect(values(decode(nmea("WIMWV,-90,R,3,N,A")))["wind.angle.apparent"] == -90)
        var d = NMEADecoder()
        #expect(d.feed(bytes(nmea("IIMWV,045.0,R,12.5,N,V"))) == [])
        #expect(d.feed(bytes(nmea("IIMWV,045.0,X,12.5,N,A"))) == [])
        #expect(d.feed(bytes(nmea("IIMWV,045.0,R,12.5,Q,A"))) == [])
        #expect(d.statistics.invalidStatus == 1)
        #expect(d.statistics.unparsable == 2)
    }

    @Test func speedLogHeading() {
        var v = values(decode(nmea("VWVHW,231.0,T,228.5,M,6.2,N,11.5,K")))
        #expect(v["heading.true"] == 231)
        #expect(v["heading.magnetic"] == 228.5)
        #expect(v["speed.water"] == 6.2)
        v = values(decode(nmea("VWVHW,,T,,M,,N,18.52,K")))
        #expect(abs(v["speed.water"]! - 10) <= 1e-9)
        #expect(v.count == 1)
        v = values(decode(nmea("VWVLW,1234.5,N,12.3,N")))
        #expect(v["log.total"] == 1234.5)
        #expect(v["log.trip"] == 12.3)
        #expect(decode(nmea("HCHDM,359.9,M")) == [Sample(name: "heading.magnetic", value: 359.9, unit: .degrees)])
        #expect(decode(nmea("HEHDT,-10,T")) == [Sample(name: "heading.true", value: 350, unit: .degrees)])
        v = values(decode(nmea("HCHDG,98.3,2.0,W,3.5,E")))
        #expect(abs(v["heading.magnetic"]! - 96.3) <= 1e-9)
        #expect(abs(v["heading.true"]! - 99.8) <= 1e-9)
        v = values(decode(nmea("HCHDG,358,,,5,E")))
        #expect(abs(v["heading.true"]! - 3) <= 1e-9)
        #expect(decode(nmea("HCHDG,98.3,2.0,Q,,")) == [])
    }

    @Test func engineRPM() {
        #expect(decode(nmea("IIRPM,E,1,2400,12.5,A")) == [Sample(name: "engine.rpm", value: 2400, unit: .rpm)])
        #expect(decode(nmea("IIRPM,E,2,1800,,A")) == [Sample(name: "engine.2.rpm", value: 1800, unit: .rpm)])
        #expect(decode(nmea("IIRPM,S,0,600,,A")) == [Sample(name: "shaft.rpm", value: 600, unit: .rpm)])
        #expect(decode(nmea("IIRPM,E,1,2400,,V")) == [])
        #expect(decode(nmea("IIRPM,X,1,2400,,A")) == [])
    }

    @Test func transducers() {
        let out = decode(nmea("IIXDR,C,19.5,C,AIRTEMP,P,1.013,B,BARO,U,12.6,V,BATT 1,H,55,P,"))
        #expect(out.count == 4)
        #expect(out[0] == Sample(name: "xdr.AIRTEMP", value: 19.5, unit: .celsius))
        #expect(out[1].name == "xdr.BARO")
        #expect(abs(out[1].value - 101_300) <= 1e-6)
        #expect(out[1].unit == .pascal)
        #expect(out[2] == Sample(name: "xdr.BATT_1", value: 12.6, unit: .volts))
        #expect(out[3] == Sample(name: "xdr.H4", value: 55, unit: .percent))
        #expect(decode(nmea("IIXDR,C,,C,EMPTY")) == [])
        #expect(decode(nmea("IIXDR,C,1,C,OK,C,x,C,BAD")) == [], "one junk value drops the sentence")
    }

    @Test func checksumHandling() {
        var d = NMEADecoder()
        #expect(d.feed(bytes("$YXMTW,17.5,C*00\r\n")) == [])
        #expect(d.feed(bytes("$YXMTW,17.5,C*1\r\n")) == [])
        #expect(d.statistics.badChecksum == 2)
        #expect(d.feed(bytes("$YXMTW,17.5,C\r\n")).count == 1, "checksum optional")
        var strict = NMEADecoder(requireChecksum: true)
        #expect(strict.feed(bytes("$YXMTW,17.5,C\r\n")) == [])
        #expect(strict.feed(bytes(nmea("YXMTW,17.5,C"))).count == 1)
    }

    @Test func framingUnknownAndProprietary() {
        var d = NMEADecoder()
        let stream =
            "garbage" + nmea("GPGGA,1,2,3") + "!" + XORChecksum.append(to: "AIVDM,1,1,,A,13aG?P0P00PD;88MD5MTDww@2<0L,0") + "\r\n"
            + nmea("PGRME,15.0,M") + "$YXMTW,1" + nmea("YXMTW,2,C")
        let out = d.feed(bytes(stream))
        #expect(out == [Sample(name: "water.temperature", value: 2, unit: .celsius)])
        #expect(d.statistics.framingBytes == 7)
        #expect(d.statistics.unknownSentence == 3)
        #expect(d.statistics.unparsable == 1, "sentence cut off by a new $")
        #expect(d.statistics.accepted == 1)
        #expect(d.feed(bytes(nmea("YXMTW,abc,C"))) == [])
        #expect(d.statistics.unparsable == 2)
        #expect(d.feed(bytes(nmea("Y"))) == [])
    }

    @Test func overlongSentence() {
        var d = NMEADecoder()
        let long = "$IIXDR" + String(repeating: ",C,1.0,C,T", count: 10) + "\r\n"
        #expect(long.utf8.count > 82)
        let out = d.feed(bytes(long + nmea("YXMTW,3,C")))
        #expect(out == [Sample(name: "water.temperature", value: 3, unit: .celsius)])
        #expect(d.statistics.overlong == 1)
        // 82 bytes including $ and CR LF is the limit and still fine.
        var body = "IIXDR,C,1,C,A"
        while ("$" + body + "*00\r\n").utf8.count < 82 { body += "A" }
        #expect(("$" + XORChecksum.append(to: body) + "\r\n").utf8.count == 82)
        #expect(d.feed(bytes(nmea(body))).count == 1)
        #expect(d.feed(bytes(nmea(body + "A"))).count == 0)
        #expect(d.statistics.overlong == 2)
    }

    @Test func lineEndingsLFOnlyAndCROnly() {
        var d = NMEADecoder()
        #expect(d.feed(bytes("$YXMTW,1,C\n$YXMTW,2,C\r$YXMTW,3,C\r\n")).map { $0.value } == [1, 2, 3])
    }

    @Test func splitAtEveryBytePosition() {
        assertSplitInvariant({ NMEADecoder() }, bytes(NMEAStreams.mixed))
    }

    @Test func tenMegabytesOfRandomBytes() {
        let noise = randomBytes(count: 10 << 20, seed: 99, alphabet: bytes("$!GPRMCWVT,.*0123456789ANRE\r\n"))
        var d = NMEADecoder()
        var offset = 0
        var rng = SplitMix64(seed: 3)
        var samples: UInt64 = 0
        while offset < noise.count {
            let n = min(Int(rng.next() % 4096) + 1, noise.count - offset)
            d.feed(noise[offset..<(offset + n)]) { s in
                #expect(s.value.isFinite)
                samples += 1
            }
            offset += n
        }
        #expect(d.statistics.bytes == UInt64(noise.count))
        #expect(samples == d.statistics.samples)
        #expect(d.statistics.framingBytes > 0)
        #expect(d.statistics.unparsable + d.statistics.unknownSentence + d.statistics.badChecksum > 10_000)
        #expect(d.statistics.overlong > 0)
        #expect(d.feed(bytes("\r\n" + nmea("YXMTW,2,C"))).count == 1)
    }
}
