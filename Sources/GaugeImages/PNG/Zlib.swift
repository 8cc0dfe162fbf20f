import GaugeDisplay
import CZlib

/// What PNG needs of zlib: deflate a row at a time and bounded inflate.
enum Zlib {
    /// A zlib-wrapped deflate stream fed piece by piece (`windowBits`, `memoryLevel`, the
    /// default strategy), whose output is handed out in pieces of `chunkSize` bytes (the
    /// last one shorter). Its state lives outside Swift's heap rules (zlib keeps pointers
    /// into it): `end()` frees it.
    struct Deflater {
        /// zlib's 32 KiB window with hash tables of memory level 5: 144 KiB of state instead
        /// of the 256 KiB of its defaults (`compress2`'s memory level 8), for files within
        /// 0.6 % of theirs on the boards' screens at the panel's level 1. A snapshot's state
        /// is the firmware's peak of resident memory.
        static let windowBits: Int32 = 15
        static let memoryLevel: Int32 = 5

        private let stream: UnsafeMutablePointer<z_stream>
        private let buffer: UnsafeMutableBufferPointer<UInt8>

        init(level: Int32, chunkSize: Int) throws(PNGError) {
            stream = .allocate(capacity: 1)
            stream.initialize(to: z_stream())
            let rc = deflateInit2_(
                stream, level, Z_DEFLATED, Self.windowBits, Self.memoryLevel, Z_DEFAULT_STRATEGY, zlibVersion(),
                Int32(MemoryLayout<z_stream>.size))
            guard rc == Z_OK else {
                stream.deinitialize(count: 1)
                stream.deallocate()
                throw .zlib(code: rc)
            }
            buffer = .allocate(capacity: max(1, chunkSize))
        }

        /// Compresses `bytes` (Z_NO_FLUSH); `emit` gets each full piece of output.
        func deflate(_ bytes: [UInt8], emit: (UnsafeBufferPointer<UInt8>) -> Void) throws(PNGError) {
            try bytes.withUnsafeBufferPointer { src throws(PNGError) in
                stream.pointee.next_in = UnsafeMutablePointer(mutating: src.baseAddress)
                stream.pointee.avail_in = uInt(src.count)
                while stream.pointee.avail_in > 0 { _ = try run(Z_NO_FLUSH, emit: emit) }
            }
        }

        /// Ends the stream (Z_FINISH); `emit` gets the remaining output, the last piece shorter.
        func finish(emit: (UnsafeBufferPointer<UInt8>) -> Void) throws(PNGError) {
            stream.pointee.next_in = nil
            stream.pointee.avail_in = 0
            while try run(Z_FINISH, emit: emit) != Z_STREAM_END {}
        }

        /// One deflate call into what is left of the buffer; a full buffer is emitted, and
        /// so is a partial one when the stream has ended.
        private func run(_ flush: Int32, emit: (UnsafeBufferPointer<UInt8>) -> Void) throws(PNGError) -> Int32 {
            if stream.pointee.next_out == nil || stream.pointee.avail_out == 0 {
                stream.pointee.next_out = buffer.baseAddress
                stream.pointee.avail_out = uInt(buffer.count)
            }
            let rc = CZlib.deflate(stream, flush)
            // Never Z_BUF_ERROR: every call has input or Z_FINISH, and room for output.
            guard rc == Z_OK || rc == Z_STREAM_END else { throw .zlib(code: rc) }
            let used = buffer.count - Int(stream.pointee.avail_out)
            if stream.pointee.avail_out == 0 || (rc == Z_STREAM_END && used > 0) {
                emit(UnsafeBufferPointer(rebasing: buffer[0..<used]))
                stream.pointee.avail_out = 0  // the next call starts a new piece
            }
            return rc
        }

        /// Frees zlib's state and the output buffer.
        func end() {
            deflateEnd(stream)
            stream.deinitialize(count: 1)
            stream.deallocate()
            buffer.deallocate()
        }
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
