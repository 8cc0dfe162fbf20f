import Foundation
@testable import GaugeCAN

enum TestFiles {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    static func bytes(_ relative: String) -> [UInt8] {
        Array(try! Data(contentsOf: folder.appendingPathComponent(relative)))
    }

    static func dbc(_ name: String) -> DBCFile {
        do throws(DBCError) {
            return try DBCFile.parse(bytes("DBC/" + name))
        } catch {
            fatalError("DBC/" + name + ": " + error.description)
        }
    }

    static func hex(_ s: String) -> [UInt8] {
        let b = Array(s.utf8)
        return stride(from: 0, to: b.count, by: 2).map { UInt8(String(decoding: b[$0..<$0 + 2], as: UTF8.self), radix: 16)! }
    }
}

func parseDBC(_ text: String) -> Result<DBCFile, DBCError> {
    do throws(DBCError) { return .success(try DBCFile.parse(Array(text.utf8))) } catch { return .failure(error) }
}

func dbcError(_ text: String) -> DBCError? {
    if case .failure(let e) = parseDBC(text) { return e }
    return nil
}
