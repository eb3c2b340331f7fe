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
    /// next as soon as it is free (``ConcurrentJobs/run(_:costs:lanes:)``). Each part joins the
    /// tree as soon as the parts before it have (``Merger``), so most of the merging happens
    /// while the other core is still parsing.
    static func parse(_ bytes: [UInt8], plan: FlagsSplitPlan, limits: InputLimits) -> YAMLTree? {
        let pieces = plan.pieces
        let merger = Merger(plan: plan, pieces: pieces)
        var jobs: [@Sendable () throws -> Void] = [
            {
                var joined = [UInt8]()
                joined.reserveCapacity(bytes.count - (plan.blockEnd - plan.split))
                joined.append(contentsOf: bytes[..<plan.split])
                joined.append(contentsOf: bytes[plan.blockEnd...])
                let placement = EventReader.Placement(
                    firstShiftedLine: plan.linesBeforeSplit, lineShift: plan.linesInSecondHalf, seamLine: plan.linesBeforeSplit)
                // Part A's arrays get room for the pieces' too: they are appended in place.
                merger.add(0, read(joined[...], placement: placement, limits: limits, roomFor: bytes.count))
            }
        ]
        for (index, piece) in pieces.enumerated() {
            jobs.append({
                let placement = EventReader.Placement(firstShiftedLine: 0, lineShift: piece.linesBefore, depthOffset: 1)
                merger.add(index + 1, read(bytes[piece.bytes], placement: placement, limits: limits, roomFor: nil))
            })
        }
        // A first, then the pieces in file order: each can join as soon as it is read.
        _ = ConcurrentJobs.run(jobs, costs: (0..<jobs.count).map { jobs.count - $0 })
        return merger.tree()
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
    fileprivate static func flagsMapping(in a: EventReader.Parts) -> YAMLTree.NodeID? {
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

    /// Builds the merged tree from the parts, in file order, as they arrive: A's tree with each
    /// piece's records, text, tags, items and entries appended, their IDs and offsets moved,
    /// and A's `flags` mapping pointed at a new range of entries, its own, then each piece's
    /// root's. The pieces' root records and the old ranges of flag entries stay, unused:
    /// nothing reads a tree's records or entries except from its root down.
    ///
    /// A part is checked as it joins (see the type's list of conditions), its keys against
    /// every flag key before it, compared as the reader compares keys: bytes when both are
    /// ASCII, Swift strings otherwise (a non-ASCII key can equal an ASCII one: the Kelvin sign
    /// is canonically `K`). Each part's own keys are all different (a duplicate is a problem,
    /// and the parts are given up).
    private final class Merger: @unchecked Sendable {
        private let lock = Lock()
        private let plan: FlagsSplitPlan
        private let pieces: [(bytes: Range<Int>, linesBefore: Int)]
        /// Parts that arrived before the ones ahead of them, by position (0 is A).
        private var waiting: [Part?]
        /// The position of the next part to join.
        private var next = 0
        private var failed = false
        /// The tree so far: A's parts, grown in place.
        private var merged: EventReader.Parts?
        private var flags = YAMLTree.NodeID(index: 0)
        /// The entries of the pieces' roots, moved.
        private var rootEntries: [YAMLTree.Entry] = []
        /// Every flag key so far, its text in the merged text, and where each is.
        private var keys: [YAMLTree.Record] = []
        private var keyIndex: MappingKeyIndex?

        init(plan: FlagsSplitPlan, pieces: [(bytes: Range<Int>, linesBefore: Int)]) {
            self.plan = plan
            self.pieces = pieces
            waiting = Array(repeating: nil, count: pieces.count + 1)
        }

        /// Takes part `position`'s result, and joins every part that can join now.
        func add(_ position: Int, _ part: Part) {
            lock.withLock {
                waiting[position] = part
                while !failed, next < waiting.count, let part = waiting[next].take() {
                    if next == 0 { joinFirst(part) } else { join(part, as: pieces[next - 1]) }
                    next += 1
                }
            }
        }

        /// The merged tree, once every part has been added; nil when any part failed a check.
        func tree() -> YAMLTree? {
            lock.withLock {
                guard !failed, next == waiting.count, var merged = merged.take() else { return nil }
                let flagsRecord = merged.records[flags.index]
                let flagsStart = merged.entryList.count
                merged.entryList.reserveCapacity(flagsStart + flagsRecord.count + rootEntries.count)
                merged.entryList.append(contentsOf: Array(merged.entryList[flagsRecord.start..<flagsRecord.start + flagsRecord.count]))
                merged.entryList.append(contentsOf: rootEntries)
                merged.records[flags.index].start = flagsStart
                merged.records[flags.index].count = merged.entryList.count - flagsStart
                return merged.text.withUnsafeBufferPointer {
                    YAMLTree(
                        records: merged.records, entryList: merged.entryList, itemList: merged.itemList, tags: merged.tags, text: $0,
                        root: merged.root)
                }
            }
        }

        private func joinFirst(_ part: Part) {
            var part = part
            guard let a = part.parts.take(),
                let flagsLocation = part.report.flagsOpenAtSeam, flagsLocation.column == plan.indent + 1,
                let flags = SplitParse.flagsMapping(in: a), a.records[flags.index].location == flagsLocation
            else {
                failed = true
                return
            }
            self.flags = flags
            keys = a.entries(of: flags).map { a.records[$0.key.index] }
            keys.reserveCapacity(keys.count * (pieces.count + 1))
            keyIndex = a.text.withUnsafeBufferPointer { text in
                MappingKeyIndex(
                    fingerprints: keys.map { KeyFingerprint(text.slice($0)) }[...], expectedCount: keys.count * (pieces.count + 1),
                    keyText: { String(decoding: text.slice(self.keys[$0]), as: UTF8.self) })
            }
            merged = a
        }

        private func join(_ part: Part, as piece: (bytes: Range<Int>, linesBefore: Int)) {
            guard var merged = merged.take(), let b = part.parts,
                !part.report.definedAnchor, part.report.aliasNodes == 0, part.report.rootIsBlockMapping,
                b.records[b.root.index].location == SourceLocation(line: piece.linesBefore + 1, column: plan.indent + 1)
            else {
                failed = true
                return
            }
            let nodeShift = merged.records.count
            let textShift = merged.text.count
            let entryShift = merged.entryList.count
            let itemShift = merged.itemList.count
            let tagShift = Int32(merged.tags.count)
            func moved(_ node: YAMLTree.NodeID) -> YAMLTree.NodeID { YAMLTree.NodeID(index: node.index + nodeShift) }
            func moved(_ entry: YAMLTree.Entry) -> YAMLTree.Entry { YAMLTree.Entry(key: moved(entry.key), value: moved(entry.value)) }
            b.text.withUnsafeBufferPointer { merged.text.append($0) }
            // The piece's keys, against every key before them.
            let clash = merged.text.withUnsafeBufferPointer { text -> Bool in
                // Reads `self.keys` rather than capturing the array, which would copy it on every append.
                let keyText: (Int) -> String = { String(decoding: text.slice(self.keys[$0]), as: UTF8.self) }
                for entry in b.entries(of: b.root) {
                    var key = b.records[entry.key.index]
                    key.start += textShift
                    let bytes = text.slice(key)
                    let fingerprint = KeyFingerprint(bytes)
                    if keyIndex!.position(
                        of: fingerprint, text: { String(decoding: bytes, as: UTF8.self) }, keyCount: keys.count, keyText: keyText,
                        matches: { text.slice(self.keys[$0]).hasSameBytes(as: bytes) }) != nil
                    {
                        return true
                    }
                    keys.append(key)
                    keyIndex!.insert(keys.count - 1, fingerprint: fingerprint, keyCount: keys.count, keyText: keyText)
                }
                return false
            }
            guard !clash else {
                failed = true
                return
            }
            for var record in b.records {
                switch record.kind {
                case .scalar:
                    record.start += textShift
                    if record.tag >= 0 { record.tag += tagShift }
                case .mapping: record.start += entryShift
                case .sequence: record.start += itemShift
                }
                merged.records.append(record)
            }
            merged.entryList.append(contentsOf: b.entryList.lazy.map(moved))
            rootEntries.append(contentsOf: b.entries(of: b.root).lazy.map(moved))
            merged.itemList.append(contentsOf: b.itemList.lazy.map(moved))
            merged.tags += b.tags
            self.merged = merged
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
