// libFuzzer target for the expressions of computed channels and INI output channels
// (built by scripts/fuzz-sensors.sh): any bytes compile or fail with a message, and what
// compiles evaluates over values that include no value, infinities and huge numbers
// without trapping.

import GaugeDecoders
@testable import GaugeECU

@_cdecl("LLVMFuzzerTestOneInput")
public func expressionFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    // A board's expression is at most 512 bytes (the parser recurses per parenthesis).
    guard size <= 512 else { return 0 }
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    let names = ["speed", "fuel.flow", "rpm", "a", "b"]
    let expression: ECUExpression
    do throws(ExpressionError) {
        expression = try ECUExpression.compile(input[...], names: names)
    } catch {
        if error.message.isEmpty { fatalError("error without a message") }
        return 0
    }
    for r in expression.channelsRead where r < 0 || r >= names.count { fatalError("a channel index outside the names") }
    let values: [Double] = [0, -1, 1e300, .nan, .infinity, -.infinity, 9.2e18, 3]
    for shift in 0..<values.count {
        _ = expression.evaluate { values[($0 + shift) % values.count] }
    }
    return 0
}
