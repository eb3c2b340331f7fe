/// Writes the hand-written files `flaggen remove` edits as `generate` writes its outputs
/// (docs/cleanup.md, "Removing a flag"): all staged first, then each renamed over its file if it
/// is still the file that was read.
struct EditedFiles {
    /// One file staged.
    struct Staged {
        var path: String
        var temporary: String
        var identity: FileSystem.FileIdentity?
        /// The file's bytes when `remove` read it.
        var original: [UInt8]
    }

    private(set) var staged: [Staged] = []

    /// Refuses a file flaggen must not replace: a symlink, anything but a regular file, a file
    /// with more than one name (hard link), or a file outside `repositoryRoot` once symlinks in
    /// its folders are resolved.
    static func check(_ path: String, repositoryRoot: String?) throws(RemoveError) {
        if FileSystem.isSymlink(atPath: path) {
            throw RemoveError(.refused, "\(path) is a symlink; flaggen does not edit files through links (pass the file it leads to); nothing was changed")
        }
        guard FileSystem.itemKind(atPath: path) == .file, let real = FileSystem.realPath(path) else {
            throw RemoveError(.usage, "\(path) is not a regular file; nothing was changed")
        }
        // The new file is renamed over this name only: the file's other names would keep the old text.
        if let links = FileSystem.linkCount(atPath: path), links > 1 {
            throw RemoveError(
                .refused,
                "\(path) has \(links) hard links (names of one file), and rewriting it would leave the old text under the other names; make them separate files (or symlinks to one), then run flaggen remove again; nothing was changed")
        }
        if let repositoryRoot, !LexicalPath.isInside(real, repositoryRoot) {
            throw RemoveError(.refused, "\(path) leads to \(real), outside the repository \(repositoryRoot); flaggen edits only files inside it; nothing was changed")
        }
    }

    /// Writes `bytes` to a temporary file beside `path`, which held `original` when `remove`
    /// read it. A file staged already, under this spelling or another, is refused: its second
    /// rename would undo the first.
    mutating func stage(_ bytes: [UInt8], for path: String, replacing original: [UInt8]) throws(RemoveError) {
        let identity = FileSystem.identity(atPath: path)
        if let identity, let earlier = staged.first(where: { $0.identity == identity }) {
            throw RemoveError(.usage, "\(path) and \(earlier.path) are one file, which flaggen would rewrite twice; name it once; nothing was changed")
        }
        let temporary = LexicalPath.joined(LexicalPath.parent(of: path), OutputWriter.temporaryFileName(for: LexicalPath.lastComponent(of: path)))
        if let reason = FileSystem.writeNewFile(atPath: temporary, bytes, mode: FileSystem.permissions(atPath: path) ?? 0o644) {
            throw RemoveError(.usage, "cannot write \(path) (to a temporary file beside it): \(reason); nothing was changed")
        }
        staged.append(Staged(path: path, temporary: temporary, identity: identity, original: original))
    }

    /// Whether `file` is still the file that was read: the same file, not a link, with the bytes
    /// `remove` read (an editor may save in place, or rename a new file over it, while Piranha
    /// runs).
    private func isAsRead(_ file: Staged) -> Bool {
        FileSystem.identity(atPath: file.path) == file.identity && !FileSystem.isSymlink(atPath: file.path)
            && (try? FileSystem.readRegularFile(atPath: file.path, limit: file.original.count + 1)) == file.original
    }

    /// Refuses when a staged file changed since it was read (an editor, another run), before
    /// anything is renamed: `remove` checks this before it places the outputs, too.
    func verify() throws(RemoveError) {
        for file in staged where !isAsRead(file) {
            throw RemoveError(.usage, "\(file.path) changed while flaggen was rewriting it (an editor, another run?); nothing was changed — run again")
        }
    }

    /// Renames every staged file over its file, after ``verify()``. A file that changes in the
    /// moment between them stops the commit, and the files not yet placed are removed; the
    /// error names what was placed already, with `outputs`, the outputs the run placed before.
    func commit(afterOutputs outputs: [String] = []) throws(RemoveError) {
        do throws(RemoveError) {
            try verify()
        } catch {
            discard()
            throw error
        }
        for (index, file) in staged.enumerated() {
            let placed = staged[..<index].map(\.path) + outputs
            let done = placed.isEmpty ? "nothing else was changed" : "\(placed.joined(separator: ", ")) \(placed.count == 1 ? "was" : "were") already rewritten — check 'git status'"
            guard isAsRead(file) else {
                discard(from: index)
                throw RemoveError(.usage, "\(file.path) changed while flaggen was rewriting it (an editor, another run?); it was left as it is; \(done), then run again")
            }
            if let reason = FileSystem.move(file.temporary, replacing: file.path) {
                discard(from: index)
                throw RemoveError(.usage, "cannot move the new \(file.path) into place: \(reason); it was left as it is; \(done)")
            }
        }
    }

    /// Removes the temporary files, of every staged file or from the `start`th on.
    func discard(from start: Int = 0) {
        for file in staged[start...] { FileSystem.removeFile(atPath: file.temporary) }
    }
}
