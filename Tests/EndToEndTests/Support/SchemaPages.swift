import Foundation

/// The pages of a SQLite file that hold its schema: `sqlite_master`'s
/// b-tree, rooted at page 1 (which also holds the file's 100-byte header),
/// with its interior and leaf pages and the overflow pages of long `CREATE`
/// statements. Read from the file format itself
/// (https://www.sqlite.org/fileformat2.html), since the `sqlite3` shell's
/// `dbstat` table, which would say the same, is not compiled into every
/// build.
struct SchemaPages {
    /// The file's page size in bytes.
    var pageSize: Int
    /// The page numbers (from 1), in increasing order.
    var numbers: [Int]

    /// Reads the pages of `file`'s schema; throws when the file is not laid
    /// out as SQLite's format says.
    init(of file: Data) throws {
        let bytes = [UInt8](file)
        guard bytes.count >= 100, bytes.starts(with: Array("SQLite format 3\0".utf8)) else {
            throw TestFailure("not a SQLite file")
        }
        let stored = Int(bytes[16]) << 8 | Int(bytes[17])
        pageSize = stored == 1 ? 65536 : stored
        let usable = pageSize - Int(bytes[20])
        var found: Set<Int> = []
        var reader = Reader(bytes: bytes, pageSize: pageSize)

        var pending = [1]
        while let page = pending.popLast() {
            guard found.insert(page).inserted else { throw TestFailure("page \(page) is reached twice") }
            let start = try reader.start(of: page)
            let header = start + (page == 1 ? 100 : 0)
            let type = try reader.byte(header)
            let cells = try reader.u16(header + 3)
            switch type {
            case 0x05: // interior table page: left children, then the right-most
                for index in 0..<cells {
                    let cell = start + (try reader.u16(header + 12 + 2 * index))
                    pending.append(try reader.u32(cell))
                }
                pending.append(try reader.u32(header + 8))
            case 0x0D: // leaf table page: each cell's payload may overflow
                for index in 0..<cells {
                    var offset = start + (try reader.u16(header + 8 + 2 * index))
                    let payload = try reader.varint(&offset)
                    _ = try reader.varint(&offset) // rowid
                    var overflow = try Self.firstOverflowPage(payload: payload, at: offset, usable: usable, reader: reader)
                    while let next = overflow {
                        guard found.insert(next).inserted else { throw TestFailure("overflow page \(next) is reached twice") }
                        let link = try reader.u32(try reader.start(of: next))
                        overflow = link == 0 ? nil : link
                    }
                }
            default:
                throw TestFailure("page \(page) is of type \(type), not a table b-tree page")
            }
        }
        numbers = found.sorted()
    }

    /// The first overflow page of a leaf cell whose payload of `payload`
    /// bytes starts at `offset`, or nil when it fits on the page (the
    /// format's rule for table leaves: at most U − 35 bytes stay local).
    private static func firstOverflowPage(payload: Int, at offset: Int, usable: Int, reader: Reader) throws -> Int? {
        let most = usable - 35
        guard payload > most else { return nil }
        let least = (usable - 12) * 32 / 255 - 23
        let k = least + (payload - least) % (usable - 4)
        let local = k <= most ? k : least
        return try reader.u32(offset + local)
    }

    /// Big-endian reads within the file, throwing rather than trapping on
    /// a page or offset outside it.
    private struct Reader {
        var bytes: [UInt8]
        var pageSize: Int

        func start(of page: Int) throws -> Int {
            guard page >= 1, page * pageSize <= bytes.count else { throw TestFailure("page \(page) is outside the file") }
            return (page - 1) * pageSize
        }

        func byte(_ offset: Int) throws -> Int {
            guard bytes.indices.contains(offset) else { throw TestFailure("offset \(offset) is outside the file") }
            return Int(bytes[offset])
        }

        func u16(_ offset: Int) throws -> Int { try byte(offset) << 8 | byte(offset + 1) }

        func u32(_ offset: Int) throws -> Int { try u16(offset) << 16 | u16(offset + 2) }

        /// SQLite's variable-length integer: 7 bits a byte, high bit set
        /// when more follow, the ninth byte whole.
        func varint(_ offset: inout Int) throws -> Int {
            var value = 0
            for index in 0..<9 {
                let byte = try self.byte(offset)
                offset += 1
                if index == 8 { return value << 8 | byte }
                value = value << 7 | (byte & 0x7F)
                if byte & 0x80 == 0 { return value }
            }
            return value
        }
    }
}
