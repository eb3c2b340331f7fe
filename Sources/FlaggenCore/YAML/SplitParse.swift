/// Parses a large manifest's `flags` block in two halves on two cores at once, and merges the
/// two trees into the one a sequential parse builds; or gives up, and the caller parses the
/// file in one go, which also reports every problem exactly as always.
///
/// The halves, cut where ``FlagsSplitPlan`` says: part A is the file without the second half of
/// the flags block (everything before the cut, then everything after the block), part B is that
/// second half alone, a block mapping indented like the flags' keys. Each is read by its own
/// ``EventReader``, placed so that its lines and nesting depths count as in the whole file.
///
/// The merged tree is used only when nothing is unusual:
/// - neither part has a problem (syntax, duplicate keys, limits, unknown aliases: those get
///   the sequential parse and its messages), and both have a tree;
/// - part B defines no anchor (one could redefine what a later alias in A means) and so
///   expands no alias (an alias in B of an anchor in A is an unknown alias in B): the aliases
///   are A's, expanding the same nodes as in the whole file, and A checked their limits;
/// - in part A, at the seam, exactly the root and the `flags` value are open, both block
///   mappings, between entries, `flags` without an anchor, and no token before the seam
///   reaches past it (a quoted scalar or flow collection across the cut), and the `flags`
///   mapping's keys are at the planned column;
/// - part B's root is a block mapping whose first key is the cut line's key, at that column;
/// - no key of B equals a key of A's `flags` mapping (compared as Swift strings, as the
///   reader compares keys).
enum SplitParse {
    /// One part's result: its tree's parts, if it was read without a problem.
    private struct Part: Sendable {
        var parts: EventReader.Parts?
        var report: EventReader.Report
    }

    /// The tree of the whole file, or nil when the halves are not to be trusted.
    static func parse(_ bytes: [UInt8], plan: FlagsSplitPlan, limits: InputLimits) -> YAMLTree? {
        var (first, second) = ConcurrentJobs.both(
            {
                var joined = [UInt8]()
                joined.reserveCapacity(bytes.count - (plan.blockEnd - plan.split))
                joined.append(contentsOf: bytes[..<plan.split])
                joined.append(contentsOf: bytes[plan.blockEnd...])
                let placement = EventReader.Placement(
                    firstShiftedLine: plan.linesBeforeSplit, lineShift: plan.linesInSecondHalf, seamLine: plan.linesBeforeSplit)
                // Part A's arrays get room for B's too: the merge appends B's in place.
                return read(joined[...], placement: placement, limits: limits, roomFor: bytes.count)
            },
            {
                let placement = EventReader.Placement(firstShiftedLine: 0, lineShift: plan.linesBeforeSplit, depthOffset: 1)
                return read(bytes[plan.split..<plan.blockEnd], placement: placement, limits: limits, roomFor: nil)
            })
        // Taken out of `first`, so that A's arrays are uniquely referenced and grow in place.
        guard var a = first.parts.take(), let b = second.parts,
            !second.report.definedAnchor, second.report.aliasNodes == 0,
            let flagsLocation = first.report.flagsOpenAtSeam, flagsLocation.column == plan.indent + 1,
            second.report.rootIsBlockMapping,
            b.records[b.root.index].location == SourceLocation(line: plan.linesBeforeSplit + 1, column: plan.indent + 1),
            let flags = flagsMapping(in: a), a.records[flags.index].location == flagsLocation,
            !shareKeys(a, flags, b)
        else { return nil }
        return merge(&a, flags: flags, b)
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

    /// Whether a key of B's root equals a key of A's `flags` mapping, compared as the reader
    /// compares keys: bytes when both are ASCII, Swift strings otherwise (a non-ASCII key can
    /// equal an ASCII one: the Kelvin sign is canonically `K`).
    private static func shareKeys(_ a: EventReader.Parts, _ flags: YAMLTree.NodeID, _ b: EventReader.Parts) -> Bool {
        let keysA = a.entries(of: flags).map { a.records[$0.key.index] }
        let keysB = b.entries(of: b.root).map { b.records[$0.key.index] }
        return a.text.withUnsafeBufferPointer { textA in
            b.text.withUnsafeBufferPointer { textB in shareKeys(keysA, textA, keysB, textB) }
        }
    }

    private static func shareKeys(
        _ keysA: [YAMLTree.Record], _ textA: UnsafeBufferPointer<UInt8>, _ keysB: [YAMLTree.Record], _ textB: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        func keyA(_ position: Int) -> String { String(decoding: textA.slice(keysA[position]), as: UTF8.self) }
        // A's keys are all different (a duplicate is a problem, and the halves were given up).
        var index = MappingKeyIndex(fingerprints: keysA.map { KeyFingerprint(textA.slice($0)) }[...], keyText: keyA)
        return keysB.contains { key in
            let bytes = textB.slice(key)
            return index.position(
                of: KeyFingerprint(bytes), text: { String(decoding: bytes, as: UTF8.self) }, keyCount: keysA.count,
                keyText: keyA, matches: { textA.slice(keysA[$0]).hasSameBytes(as: bytes) }) != nil
        }
    }

    /// A's tree with B's records, text, tags, items and entries appended, their IDs and
    /// offsets moved, and A's `flags` mapping pointed at a new range of entries: its own, then
    /// B's root's. B's root record and the two old ranges of flag entries stay, unused: nothing
    /// reads a tree's records or entries except from its root down.
    private static func merge(_ a: inout EventReader.Parts, flags: YAMLTree.NodeID, _ b: EventReader.Parts) -> YAMLTree {
        let nodeShift = a.records.count
        let textShift = a.text.count
        let entryShift = a.entryList.count
        let itemShift = a.itemList.count
        let tagShift = Int32(a.tags.count)
        func moved(_ node: YAMLTree.NodeID) -> YAMLTree.NodeID { YAMLTree.NodeID(index: node.index + nodeShift) }
        func moved(_ entry: YAMLTree.Entry) -> YAMLTree.Entry { YAMLTree.Entry(key: moved(entry.key), value: moved(entry.value)) }

        // Taken out of `a` so that they are uniquely referenced and grow in place.
        var records = a.records
        var entryList = a.entryList
        var itemList = a.itemList
        a.records = []
        a.entryList = []
        a.itemList = []
        records.reserveCapacity(records.count + b.records.count)
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
        let flagsRecord = records[flags.index]
        entryList.reserveCapacity(entryList.count + b.entryList.count + flagsRecord.count + b.records[b.root.index].count)
        entryList.append(contentsOf: b.entryList.lazy.map(moved))
        let flagsStart = entryList.count
        let flagEntries = Array(entryList[flagsRecord.start..<flagsRecord.start + flagsRecord.count])
        entryList.append(contentsOf: flagEntries)
        entryList.append(contentsOf: b.entries(of: b.root).lazy.map(moved))
        records[flags.index].start = flagsStart
        records[flags.index].count = entryList.count - flagsStart
        itemList.append(contentsOf: b.itemList.lazy.map(moved))
        b.text.withUnsafeBufferPointer { a.text.append($0) }
        return a.text.withUnsafeBufferPointer {
            YAMLTree(records: records, entryList: entryList, itemList: itemList, tags: a.tags + b.tags, text: $0, root: a.root)
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
