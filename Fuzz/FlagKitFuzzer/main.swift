// libFuzzer target: bytes -> FlagKit's readers (the JSON parser, the saved copy, the contract's
// and OFREP's answers, the bounded file reader).
//
// Built by Scripts/fuzz.sh with `swiftc -sanitize=fuzzer,address` (FlagKit with -enable-testing,
// for its internal readers); SwiftPM does not build it. Any input must end in a clean result,
// never a trap, a sanitizer report, a leak or a hang. Beyond "no crash" it checks the readers'
// promises:
// - the parser gives the same answer for `Data` and `[UInt8]`;
// - a value it reads serializes to text it reads back as the same value, and that text is
//   stable (serializing it again gives the same bytes);
// - a saved copy it reads encodes to a copy that reads back as the same user and values;
// - a contract or OFREP answer it accepts is a JSON object of the right shape;
// - the same bytes in a file read back exactly when they are at most the limit (4 KiB here,
//   so inputs fall on both sides of it), and as nothing when they are over it.
@testable import FlagKit
import Foundation

/// The file the disk reader reads, one per fuzzing process, removed when the process exits.
private let copyFile = URL(fileURLWithPath: NSTemporaryDirectory())
    .appendingPathComponent("flagkit-fuzz-\(ProcessInfo.processInfo.processIdentifier).json")
private let removeCopyFileAtExit: Void = {
    atexit { try? FileManager.default.removeItem(at: copyFile) }
}()
private let fileLimit = 4096

@_cdecl("LLVMFuzzerTestOneInput")
public func flagKitFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    _ = removeCopyFileAtExit
    let bytes = data.map { Data(bytes: $0, count: size) } ?? Data()

    let value = FlagJSON.parse(bytes)
    if let value {
        let text = FlagJSON.serialize(value)
        guard let again = FlagJSON.parse(text), again == value else {
            fatalError("a parsed value did not survive serialize and parse: \(String(decoding: text, as: UTF8.self))")
        }
        if FlagJSON.serialize(again) != text {
            fatalError("serializing is not stable")
        }
    }

    let snapshot = SavedCopyFormat.decode(bytes)
    if let snapshot {
        guard let again = SavedCopyFormat.decode(SavedCopyFormat.encode(snapshot)),
              again.userKey == snapshot.userKey, again.values == snapshot.values,
              (again.fetchedAt == nil) == (snapshot.fetchedAt == nil)
        else { fatalError("a saved copy did not survive encode and decode") }
    }

    if let (flags, _) = HTTPFlagSource.decode(bytes) {
        guard case .object(let object)? = value, object["flags"] == .object(flags) else {
            fatalError("the contract answer is not an object with a flags object")
        }
    }
    if let values = OFREPFlagSource.decode(bytes) {
        guard case .object(let object)? = value, case .array(let evaluations)? = object["flags"] else {
            fatalError("the OFREP answer is not an object with a flags array")
        }
        let keys = Set(evaluations.compactMap { evaluation -> String? in
            if case .object(let members) = evaluation, case .string(let key)? = members["key"] { return key }
            return nil
        })
        if !values.keys.allSatisfy(keys.contains) {
            fatalError("the OFREP values name a key no evaluation has")
        }
    }

    do {
        try bytes.write(to: copyFile)
    } catch {
        fatalError("cannot write \(copyFile.path): \(error)")
    }
    let read = BoundedFile.read(copyFile, limit: fileLimit)
    if size <= fileLimit ? read != bytes : read != nil {
        fatalError("the bounded reader read \(read?.count ?? -1) bytes of a \(size)-byte file (limit \(fileLimit))")
    }
    if let read, SavedCopyFormat.decode(read) != snapshot {
        fatalError("the saved copy read from the file differs from the one read from memory")
    }
    return 0
}
