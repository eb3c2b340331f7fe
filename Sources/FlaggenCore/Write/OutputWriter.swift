#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A reason `flaggen generate` refused to write, or failed to.
struct OutputError: Error, CustomStringConvertible, Sendable {
    /// What went wrong and what to do.
    var message: String
    /// Folders a failed ``OutputWriter/stage(_:)`` created, deepest first, for the caller to
    /// remove (``OutputWriter/discard(_:folders:)``) once the run's other temporary files, which
    /// another file's staging may have put in them, are gone.
    var createdFolders: [URL] = []

    var description: String { message }
}

/// What happened to one file.
public enum WriteOutcome: String, Sendable {
    case created
    case updated
    case unchanged
}

/// A file ``OutputWriter/stage(_:)`` has checked and, unless unchanged, written to a temporary
/// file beside its destination. Only its path and outcome are kept, not its bytes.
public struct StagedFile: Sendable {
    /// The path relative to the output root, as the generated file gave it.
    public var path: String
    /// What committing it does to the destination.
    public var outcome: WriteOutcome
    /// The temporary file holding the new bytes; nil when the file is unchanged.
    var temporary: URL?
    /// The file it replaces, as staging found it; committing replaces only that same file.
    var replaced: FileSystem.FileIdentity?
    /// Folders staging created for it, deepest first, removed again when it is discarded.
    var createdFolders: [URL] = []
}

/// Writes generated files: only when the bytes changed (so builds stay incremental), atomically
/// (a temporary file renamed into place, so a crash never leaves half a file), never over a file
/// that does not begin with flaggen's header naming the same manifest, and all-or-nothing: files
/// are staged first (checked, and written to hidden temporary files beside their destinations),
/// and renamed into place only when every one of them was staged.
struct OutputWriter: Sendable {
    /// The rules each file passes: where it may go, and which file it may replace.
    let rules: OutputGuard

    /// Checks `file` and, when its bytes differ from the destination's, writes them to a new
    /// temporary file beside the destination (creating the folders it needs). Nothing visible
    /// changes until ``commit(_:)``; call ``discard(_:)`` instead when the run fails.
    ///
    /// Nothing is synced to disk (`fsync`): the rename that commits the file already keeps a
    /// crash from leaving half a file, and a generated file can always be generated again, so
    /// flaggen does not make every build wait for the disk.
    func stage(_ file: GeneratedFile) throws(OutputError) -> StagedFile {
        // Checked again, though `Generate` checked every path before rendering: the tree may
        // have changed meanwhile (a folder swapped for a link), and this is the check that
        // guards the write.
        try rules.check(file.path)
        let destination = rules.root.appendingPathComponent(file.path)
        let replaced = try fileToReplace(at: destination.path)
        if replaced != nil {
            // Read one byte more than the output has, to see whether the file is longer.
            let existing = try? FileSystem.readRegularFile(atPath: destination.path, limit: file.contents.count + 1)
            if existing == file.contents { return StagedFile(path: file.path, outcome: .unchanged) }
            try rules.checkReplaceable(destination.path)
        }
        let folder = destination.deletingLastPathComponent()
        let createdFolders = try Self.createFolders(folder)
        let temporary = folder.appendingPathComponent(Self.temporaryFileName(for: destination.lastPathComponent))
        if let reason = FileSystem.writeNewFile(atPath: temporary.path, file.contents) {
            throw OutputError(
                message: "cannot write the new \(destination.path) (to \(temporary.lastPathComponent) beside it): \(reason)", createdFolders: createdFolders)
        }
        return StagedFile(
            path: file.path, outcome: replaced == nil ? .created : .updated, temporary: temporary, replaced: replaced, createdFolders: createdFolders)
    }

    /// The file at an output's destination, which committing must find unchanged; nil when
    /// nothing is there. Anything else there is refused (``OutputGuard/obstacle(at:)``): a
    /// folder, a pipe (reading it could wait forever), a link, a file where a folder must be.
    private func fileToReplace(at path: String) throws(OutputError) -> FileSystem.FileIdentity? {
        if FileSystem.itemKind(atPath: path) == .file, !FileSystem.isSymlink(atPath: path), let identity = FileSystem.identity(atPath: path) {
            return identity
        }
        if let obstacle = rules.obstacle(at: path) { throw OutputError(message: obstacle) }
        return nil
    }

    /// Creates `folder` and the folders above it that are missing; returns those it created,
    /// deepest first, for a discarded run to remove again (and throws them with the error when
    /// one cannot be created).
    private static func createFolders(_ folder: URL) throws(OutputError) -> [URL] {
        var missing: [URL] = []
        var ancestor = folder.standardizedFileURL
        while ancestor.path != "/", FileSystem.itemKind(atPath: ancestor.path) == nil {
            missing.append(ancestor)
            ancestor.deleteLastPathComponent()
        }
        for created in missing.reversed() {
            if let reason = FileSystem.createFolder(atPath: created.path) {
                throw OutputError(message: "cannot create the folder \(created.path): \(reason)", createdFolders: missing)
            }
        }
        return missing
    }

    /// Moves every staged file into place. Rendering takes a while, so each destination is
    /// checked again just before: a new file must still have nothing there (it is linked into
    /// place, which fails rather than replace a file another run made meanwhile), and a file
    /// being replaced must still be the file staging checked, and still flaggen's. When one
    /// cannot be placed, the files not yet placed are removed, and the error says which files
    /// were placed already.
    func commit(_ staged: [StagedFile]) throws(OutputError) {
        var placed: [String] = []
        for (index, file) in staged.enumerated() {
            guard let temporary = file.temporary else { continue }
            let destination = rules.root.appendingPathComponent(file.path).path
            do throws(OutputError) {
                if file.outcome == .created {
                    try placeNew(temporary.path, at: destination)
                } else {
                    try replace(destination, with: temporary.path, staged: file)
                }
                placed.append(file.path)
            } catch {
                discard(Array(staged[index...]))
                let done = placed.isEmpty ? "no other output was replaced" : "\(placed.joined(separator: ", ")) \(placed.count == 1 ? "was" : "were") already updated"
                throw OutputError(message: "\(error.message); \(done) — run again")
            }
        }
    }

    /// Puts the new file `temporary` at `destination`, where nothing was when staging began. A
    /// file that appeared there meanwhile with the same bytes, from flaggen and this manifest
    /// (another run writing the same outputs, as parallel CI jobs in one checkout do), is as good.
    private func placeNew(_ temporary: String, at destination: String) throws(OutputError) {
        switch FileSystem.hardLink(temporary, to: destination) {
        case .linked:
            FileSystem.removeFile(atPath: temporary)
        case .exists:
            if discardIfSameOutput(temporary, at: destination) { return }
            throw OutputError(message: "\(destination) appeared while flaggen was writing it (is another run writing the same outputs?), so it was left as it is")
        case .unsupported:
            // A file system without hard links: as close as it allows.
            guard FileSystem.itemKind(atPath: destination) == nil, !FileSystem.isSymlink(atPath: destination) else {
                if discardIfSameOutput(temporary, at: destination) { return }
                throw OutputError(message: "\(destination) appeared while flaggen was writing it, so it was left as it is")
            }
            if let reason = FileSystem.move(temporary, replacing: destination) {
                throw OutputError(message: "cannot move the new \(destination) into place: \(reason)")
            }
        case .failed(let reason):
            throw OutputError(message: "cannot put the new \(destination) in place: \(reason)")
        }
    }

    /// Replaces the file staging checked at `destination` with `temporary`. A file changed
    /// meanwhile is left as it is, unless it now holds exactly the new bytes, from flaggen and
    /// this manifest (another run writing the same outputs, as parallel CI jobs in one checkout
    /// do: one of two such runs failed in up to 11 of 15 rounds).
    private func replace(_ destination: String, with temporary: String, staged file: StagedFile) throws(OutputError) {
        guard FileSystem.identity(atPath: destination) == file.replaced, !FileSystem.isSymlink(atPath: destination) else {
            if discardIfSameOutput(temporary, at: destination) { return }
            throw OutputError(message: "\(destination) changed while flaggen was writing it (another run, an editor?), so it was left as it is")
        }
        try rules.checkReplaceable(destination)
        if let reason = FileSystem.move(temporary, replacing: destination) {
            throw OutputError(message: "cannot move the new \(destination) into place: \(reason)")
        }
    }

    /// Removes `temporary` when the regular file at `destination` is flaggen's from this
    /// manifest and holds exactly its bytes; whether it did.
    private func discardIfSameOutput(_ temporary: String, at destination: String) -> Bool {
        guard !FileSystem.isSymlink(atPath: destination), FileSystem.itemKind(atPath: destination) == .file,
            let new = try? FileSystem.readRegularFile(atPath: temporary, limit: 256 * 1024 * 1024)
        else { return false }
        guard (try? rules.checkReplaceable(destination)) != nil,
            (try? FileSystem.readRegularFile(atPath: destination, limit: new.count + 1)) == new
        else { return false }
        FileSystem.removeFile(atPath: temporary)
        return true
    }

    /// The hidden name of a new temporary file for `name`: `.Flags.swift.flaggen-UUID.tmp`.
    static func temporaryFileName(for name: String) -> String {
        ".\(name).flaggen-\(UUID().uuidString).tmp"
    }

    /// Why a file named `name` cannot be written, or nil: flaggen writes a file through a
    /// temporary one beside it (``temporaryFileName(for:)``), whose name is longer, and a file
    /// name holds at most 255 bytes.
    static func fileNameProblem(_ name: String) -> String? {
        let overhead = temporaryFileName(for: "").utf8.count
        guard name.utf8.count + overhead > 255 else { return nil }
        return "ends in a file name of \(name.utf8.count) bytes; flaggen writes a file through a temporary one whose name is \(overhead) bytes longer, and a file name holds at most 255 bytes: shorten it to \(255 - overhead) bytes or fewer"
    }

    /// Whether `name` is one ``temporaryFileName(for:)`` made.
    static func isTemporaryFileName(_ name: String) -> Bool {
        let uuid = name.dropLast(4).suffix(36)
        return name.hasPrefix(".") && name.hasSuffix(".tmp") && name.count > 50 && name.dropLast(40).hasSuffix(".flaggen-")
            && UUID(uuidString: String(uuid)) != nil
    }

    /// Removes the temporary files of staged files that will not be committed, then the folders
    /// staging created (theirs, and `folders` from failed stagings) when they are empty again.
    func discard(_ staged: [StagedFile], folders failedFolders: [URL] = []) {
        for file in staged {
            if let temporary = file.temporary { FileSystem.removeFile(atPath: temporary.path) }
        }
        let folders = Set(staged.flatMap(\.createdFolders) + failedFolders).sorted { $0.path.count > $1.path.count }
        for folder in folders { FileSystem.removeEmptyFolder(atPath: folder.path) }
    }
}
