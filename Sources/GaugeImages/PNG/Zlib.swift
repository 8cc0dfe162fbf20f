import GaugeDisplay
import CZlib

/// The two zlib calls PNG needs: one-shot deflate and bounded inflate.
enum Zlib {
    /// zlib-wrapped deflate of `bytes` at `level` (0…9).
    static func compress(_ bytes: [UInt8], level: Int32) throws(PNGError) -> [UInt8] {
        var capacity = compressBound(uLong(bytes.count))
        var out = [UInt8](repeating: 0, count: Int(capacity))
        let rc = out.withUnsafeMutableBufferPointer { dst in
            bytes.withUnsafeBufferPointer { src in
                compress2(dst.baseAddress, &capacity, src.baseAddress, uLong(src.count), level)
            }
        }
        guard rc == Z_OK else { throw .zlib(code: rc) }
        out.removeSubrange(Int(capacity)...)
        return out
    }

    /// Inflates a zlib stream that must produce exactly `expectedCount` bytes: a stream
    /// that ends early or input that runs out is `.truncated`, more output is
    /// `.excessImageData`. The output never grows past `expectedCount`, so a hostile
    /// stream cannot make us allocate more than the header promised.
    static func inflate(_ bytes: [UInt8], expectedCount: Int) throws(PNGError) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: expectedCount)
        var stream = z_stream()
        var rc = inflateInit_(&stream, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard rc == Z_OK else { throw .zlib(code: rc) }
        defer { inflateEnd(&stream) }

        var excess = false
        bytes.withUnsafeBufferPointer { src in
            // zlib's next_in is not const-qualified but is only read.
            stream.next_in = UnsafeMutablePointer(mutating: src.baseAddress)
            stream.avail_in = uInt(src.count)
            out.withUnsafeMutableBufferPointer { dst in
                stream.next_out = dst.baseAddress
                stream.avail_out = uInt(dst.count)
                while rc == Z_OK && stream.avail_out > 0 { rc = CZlib.inflate(&stream, Z_NO_FLUSH) }
            }
            // Output full but the stream not ended: one more byte of room tells whether
            // only the checksum is left or there is excess data.
            if rc == Z_OK || (rc == Z_BUF_ERROR && stream.avail_out == 0) {
                var probe: UInt8 = 0
                withUnsafeMutablePointer(to: &probe) { p in
                    stream.next_out = p
                    stream.avail_out = 1
                    rc = CZlib.inflate(&stream, Z_NO_FLUSH)
                    excess = stream.avail_out == 0
                }
            }
        }
        if excess { throw .excessImageData }
        switch rc {
        case Z_STREAM_END:
            guard Int(stream.total_out) == expectedCount else { throw .truncated }
            return out
        case Z_OK, Z_BUF_ERROR: throw .truncated  // input ran out before the stream ended
        default: throw .zlib(code: rc)
        }
    }
}
