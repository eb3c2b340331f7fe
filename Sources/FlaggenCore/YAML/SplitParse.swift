/// Parses a large manifest's `flags` block in parts on two cores at once, and merges the
/// parts' trees into the one a sequential parse builds; or gives up, and the caller parses the
/// file in one go, which also reports every problem exactly as always.
///
/// The parts, cut where ``FlagsSplitPlan`` says: part A is the file without the second half of
/// the flags block (everything before the cut, then everything after the block); the second
/// half is cut again into pieces, each a block mapping indented like the flags' keys. A and the
/// pieces wait in one queue and each core takes the next as soon as it is free, so a core that
/// runs slower (a core waking from idle runs at half speed for tens of milliseconds on this
/// virtual machine) simply reads fewer pieces. Each part is read by its own ``EventReader``,
/// placed so that its lines and nesting depths count as in the whole file.
///
/// The merged tree is used only when nothing is unusual:
/// - no part has a problem (syntax, duplicate keys, limits, unknown aliases: those get the
///   sequential parse and its messages), and each has a tree;
/// - no piece defines an anchor (one could redefine what a later alias in A means) and so none
///   expands an alias (an alias in a piece of an anchor elsewhere is an unknown alias in the
///   piece): the aliases are A's, expanding the same nodes as in the whole file, and A checked
///   their limits;
/// - in part A, at the seam, exactly the root and the `flags` value are open, both block
///   mappings, between entries, `flags` without an anchor, and no token before the seam
///   reaches past it (a quoted scalar or flow collection across the cut), and the `flags`
///   mapping's keys are at the planned column;
/// - each piece's root is a block mapping whose first key is its cut line's key, at that
///   column;
/// - no two keys of A's `flags` mapping and the pieces' roots are equal (compared as Swift
///   strings, as the reader compares keys).
enum SplitParse {
    /// One part's result: its tree's parts, if it was read without a problem.
    private struct Part: Sendable {
        var parts: EventReader.Parts?
        var report: EventReader.Report
    }

    /// The tree of the whole file, or nil when the parts are not to be trusted.
    ///
    /// Part A and the second half's pieces wait in one queue, A first, and each core takes the
    /// next as soon as it is free (``ConcurrentJobs/run(_:costs:lanes:)``).
    static func parse(_ bytes: [UInt8], plan: FlagsSplitPlan, limits: InputLimits) -> YAMLTree? {
        let pieces = plan.pieces
        var jobs: [@Sendable () throws -> Part] = [
            {
                var joined = [UInt8]()
                joined.reserveCapacity(bytes.count - (plan.blockEnd - plan.split))
                joined.append(contentsOf: bytes[..<plan.split])
                joined.append(contentsOf: bytes[plan.blockEnd...])
                let placement = EventReader.Placement(
                    firstShiftedLine: plan.linesBeforeSplit, lineShift: plan.linesInSecondHalf, seamLine: plan.linesBeforeSplit)
                // Part A's arrays get room for the pieces' too: the merge appends them in place.
                return read(joined[...], placement: placement, limits: limits, roomFor: bytes.count)
            }
        ]
        for piece in pieces {
            jobs.append({
                let placement = EventReader.Placement(firstShiftedLine: 0, lineShift: piece.linesBefore, depthOffset: 1)
                return read(bytes[piece.bytes], placement: placement, limits: limits, roomFor: nil)
            })
        }
        // A first: it is the one job that must wait for nothing, and about a piece's size.
        let costs = [Int.max] + pieces.map { $0.bytes.count }
        var results = ConcurrentJobs.run(jobs, costs: costs).map { try? $0.get() }
        // Taken out of the results, so that A's arrays are uniquely referenced and grow in place.
        guard var first = results[0].take(), var a = first.parts.take(),
            let flagsLocation = first.report.flagsOpenAtSeam, flagsLocation.column == plan.indent + 1,
            let flags = flagsMapping(in: a), a.records[flags.index].location == flagsLocation
        else { return nil }
        var rest: [EventReader.Parts] = []
        for (index, piece) in pieces.enumerated() {
            guard let part = results[index + 1], let b = part.parts,
                !part.report.definedAnchor, part.report.aliasNodes == 0, part.report.rootIsBlockMapping,
                b.records[b.root.index].location == SourceLocation(line: piece.linesBefore + 1, column: plan.indent + 1)
            else { return nil }
            rest.append(b)
        }
        guard !shareKeys(a, flags, rest) else { return nil }
        return merge(&a, flags: flags, rest)
    }

    private static func read(
        _ bytes: ArraySlice<UInt8>, placement: EventReader.Placement, limits: InputLimits, roomFor manifestBytes: Int?
    ) -> Part {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = EventReader(limits: limits, placement: placement)
            let parts = reader.readParts(buffer, roomFor: manifestBytes ?? buffer.count)
            return Part(parts: parts, report: reader.report)
        }
    }

    /// The value of the root mapping's plain `flags` key, if it is a mapping.
    private static func flagsMapping(in a: EventReader.Parts) -> YAMLTree.NodeID? {
        let root = a.records[a.root.index]
        guard root.kind == .mapping else { return nil }
        let flags = Array("flags".utf8)
        return a.text.withUnsafeBufferPointer { text in
            for entry in a.entryList[root.start..<root.start + root.count] {
                let key = a.records[entry.key.index]
                guard key.style == .plain, key.tag < 0, key.isASCII, text.slice(key).hasSameBytes(as: flags) else { continue }
                return a.records[entry.value.index].kind == .mapping ? entry.value : nil
            }
            return nil
        }
    }

    /// Whether any two keys of A's `flags` mapping and the pieces' roots are equal, compared as
    /// the reader compares keys: bytes when both are ASCII, Swift strings otherwise (a non-ASCII
    /// key can equal an ASCII one: the Kelvin sign is canonically `K`). Each part's own keys are
    /// all different (a duplicate is a problem, and the parts were given up).
    private static func shareKeys(_ a: EventReader.Parts, _ flags: YAMLTree.NodeID, _ pieces: [EventReader.Parts]) -> Bool {
        // Every key's bytes, one after another, so that all are read through one buffer.
        var text: [UInt8] = []
        var ranges: [Range<Int>] = []
        func collect(_ parts: EventReader.Parts, _ mapping: YAMLTree.NodeID) {
            parts.text.withUnsafeBufferPointer { partText in
                for entry in parts.entries(of: mapping) {
                    let start = text.count
                    text.append(contentsOf: partText.slice(parts.records[entry.key.index]))
                    ranges.append(start..<text.count)
                }
            }
        }
        collect(a, flags)
        let firstCount = ranges.count
        for piece in pieces { collect(piece, piece.root) }
        return text.withUnsafeBufferPointer { text in
            func key(_ position: Int) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: text[ranges[position]]) }
            func keyText(_ position: Int) -> String { String(decoding: key(position), as: UTF8.self) }
            var index = MappingKeyIndex(
                fingerprints: ranges[..<firstCount].indices.map { KeyFingerprint(key($0)) }[...], expectedCount: ranges.count, keyText: keyText)
            for position in firstCount..<ranges.count {
                let bytes = key(position)
                let fingerprint = KeyFingerprint(bytes)
                if index.position(
                    of: fingerprint, text: { String(decoding: bytes, as: UTF8.self) }, keyCount: position,
                    keyText: keyText, matches: { key($0).hasSameBytes(as: bytes) }) != nil
                {
                    return true
                }
                index.insert(position, fingerprint: fingerprint, keyCount: position + 1, keyText: keyText)
            }
            return false
        }
    }

    /// A's tree with each piece's records, text, tags, items and entries appended, their IDs
    /// and offsets moved, and A's `flags` mapping pointed at a new range of entries: its own,
    /// then each piece's root's. The pieces' root records and the old ranges of flag entries
    /// stay, unused: nothing reads a tree's records or entries except from its root down.
    private static func merge(_ a: inout EventReader.Parts, flags: YAMLTree.NodeID, _ pieces: [EventReader.Parts]) -> YAMLTree {
        // Taken out of `a` so that they are uniquely referenced and grow in place.
        var records = a.records
        var entryList = a.entryList
        var itemList = a.itemList
        var tags = a.tags
        a.records = []
        a.entryList = []
        a.itemList = []
        records.reserveCapacity(records.count + pieces.reduce(0) { $0 + $1.records.count })
        var rootEntries: [YAMLTree.Entry] = []
        for b in pieces {
            let nodeShift = records.count
            let textShift = a.text.count
            let entryShift = entryList.count
            let itemShift = itemList.count
            let tagShift = Int32(tags.count)
            func moved(_ node: YAMLTree.NodeID) -> YAMLTree.NodeID { YAMLTree.NodeID(index: node.index + nodeShift) }
            func moved(_ entry: YAMLTree.Entry) -> YAMLTree.Entry { YAMLTree.Entry(key: moved(entry.key), value: moved(entry.value)) }
            for var record in b.records {
                switch record.kind {
                case .scalar:
                    record.start += textShift
                    if record.tag >= 0 { record.tag += tagShift }
                case .mapping: record.start += entryShift
                case .sequence: record.start += itemShift
                }
                records.append(record)
            }
            entryList.append(contentsOf: b.entryList.lazy.map(moved))
            rootEntries.append(contentsOf: b.entries(of: b.root).lazy.map(moved))
            itemList.append(contentsOf: b.itemList.lazy.map(moved))
            tags += b.tags
            b.text.withUnsafeBufferPointer { a.text.append($0) }
        }
        let flagsRecord = records[flags.index]
        let flagsStart = entryList.count
        entryList.reserveCapacity(entryList.count + flagsRecord.count + rootEntries.count)
        entryList.append(contentsOf: Array(entryList[flagsRecord.start..<flagsRecord.start + flagsRecord.count]))
        entryList.append(contentsOf: rootEntries)
        records[flags.index].start = flagsStart
        records[flags.index].count = entryList.count - flagsStart
        return a.text.withUnsafeBufferPointer {
            YAMLTree(records: records, entryList: entryList, itemList: itemList, tags: tags, text: $0, root: a.root)
        }
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// A scalar record's text, in the text buffer of its tree.
    fileprivate func slice(_ record: YAMLTree.Record) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: self[record.start..<record.start + record.count])
    }
}

extension EventReader.Parts {
    /// A mapping's entries.
    fileprivate func entries(of node: YAMLTree.NodeID) -> ArraySlice<YAMLTree.Entry> {
        let record = records[node.index]
        return entryList[record.start..<record.start + record.count]
    }
}
