import FoundationEssentials
import Basics
import Glibc
import Model

/// The database files this process has open through SQLite, by device and inode, with how many `Store`s
/// hold each.
///
/// POSIX record locks belong to the process, not to a descriptor: closing *any* descriptor of a file drops
/// every lock the process holds on it. SQLite's own connections share one set of descriptors per file, but
/// `Store.checkHeader` reads the header through a descriptor of its own. A second `Store` of a file already
/// open (a command opens one for the engine profile and one for its work) would drop the first connection's
/// SHARED lock, and SQLite would not know: another process closing its connection (the sqlite3 shell) then
/// sees itself as the last one, checkpoints and deletes the WAL while plan still writes to it, and every
/// commit after that is lost when plan exits. So the header is read only when the file is not open yet.
enum OpenDatabaseFiles {
    /// A file's identity: the same for every path (a symlink, a relative path) that reaches it.
    struct Identity: Equatable, Sendable {
        var device: UInt64
        var inode: UInt64
    }

    /// Each open file with how many stores have it open. A short array, not a dictionary: a dictionary keyed by
    /// `Identity` makes the runtime look up `Identity: Hashable` by its mangled name at the first open, scanning
    /// every conformance record of the binary (0.36M instructions of every command, docs/benchmarks.md).
    private static let open = Locked<[OpenFile]>([])

    struct OpenFile {
        let identity: Identity
        var count: Int
    }

    static func identity(of path: String) -> Identity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))  // widening: dev_t, ino_t
    }

    /// Whether a `Store` of this process has the file at `path` open.
    static func isOpen(_ path: String) -> Bool {
        guard let identity = identity(of: path) else { return false }
        return open.withLock { files in files.contains { $0.identity == identity && $0.count > 0 } }
    }

    /// A `Store` opened the file: returns its identity, to hand back to `closed`.
    static func opened(_ path: String) -> Identity? {
        guard let identity = identity(of: path) else { return nil }
        open.withLock { files in
            if let index = files.firstIndex(where: { $0.identity == identity }) {
                files[index].count += 1
            } else {
                files.append(OpenFile(identity: identity, count: 1))
            }
        }
        return identity
    }

    /// A `Store` of the file went away.
    static func closed(_ identity: Identity?) {
        guard let identity else { return }
        open.withLock { files in
            guard let index = files.firstIndex(where: { $0.identity == identity }) else { return }
            files[index].count -= 1
            if files[index].count <= 0 { files.remove(at: index) }
        }
    }
}
