import Testing
@testable import GaugeDecoders
import GaugeSensors

@Suite struct DecimalParserTests {
    @Test func valid() {
        let cases: [(String, Double)] = [
            ("0", 0), ("42", 42), ("-7", -7), ("+3.5", 3.5), ("0.001", 0.001), (".5", 0.5), ("5.", 5),
            ("1e3", 1000), ("1E-3", 0.001), ("-2.5e+2", -250), ("123456.789", 123456.789),
            ("00012", 12), ("3.14159265358979", 3.14159265358979), ("1e-400", 0), ("-0", 0),
        ]
        for (text, value) in cases {
            #expect(DecimalParser.parse(text) == value, "\(text)")
        }
    }

    @Test func rejectsJunk() {
        for text in [
            "", "-", "+", ".", "e3", "1e", "1e+", "1.2.3", " 1", "1 ", "0x10", "1,5", "nan", "inf",
            "--1", "1-", "1e3e4", "١٢",
        ] {
            #expect(DecimalParser.parse(text) == nil, "\(text)")
        }
    }

    @Test func overlongDigitStringsNeverTrap() {
        let many = String(repeating: "9", count: 5000)
        #expect(DecimalParser.parse(many) == nil, "1e5000 overflows → rejected")
        let v = DecimalParser.parse(String(repeating: "1", count: 30))!
        #expect(abs(v - 1.1111111111111111e29) <= 1e15)
        let tiny = DecimalParser.parse("0." + String(repeating: "0", count: 5000) + "1")!
        #expect(tiny == 0)
        #expect(DecimalParser.parse("1." + String(repeating: "5", count: 400))! == 1.5555555555555556)
        #expect(DecimalParser.parse("1e99999999999999999999") == nil)
        #expect(DecimalParser.parse("1e-99999999999999999999") == 0)
    }

    @Test func matchesSwiftParsingForManyRandomNumbers() {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<20000 {
            let mantissa = Int64(bitPattern: rng.next() % 2_000_000_000_000) - 1_000_000_000_000
            let decimals = Int(rng.next() % 8)
            var text = String(mantissa)
            if decimals > 0 {
                let neg = text.hasPrefix("-")
                var digits = neg ? String(text.dropFirst()) : text
                while digits.count <= decimals { digits = "0" + digits }
                digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -decimals))
                text = (neg ? "-" : "") + digits
            }
            #expect(DecimalParser.parse(text) == Double(text)!, "\(text)")
        }
    }
}
