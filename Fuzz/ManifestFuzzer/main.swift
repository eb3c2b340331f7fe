// libFuzzer target: manifest bytes -> parse + validate -> (when valid) generate every output.
//
// Built by Scripts/fuzz.sh with `swiftc -sanitize=fuzzer,address`; SwiftPM does not build it.
// Any input must end in a clean result: a manifest or diagnostics, never a trap, a sanitizer
// report, a leak or a hang. Beyond "no crash" it checks the pipeline's own promises:
// - a manifest exists exactly when no diagnostic is an error;
// - every diagnostic points inside the file (line and column from 1);
// - diagnostics render in every format;
// - a valid manifest generates every output with the built-in templates: validation checks
//   what each output can express, so any error is a bug.
@testable import FlaggenCore

@_cdecl("LLVMFuzzerTestOneInput")
public func manifestFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let result = ManifestValidator().validate(bytes, file: "fuzz/flags.yaml")

    let hasErrors = result.diagnostics.containsErrors
    if hasErrors == (result.manifest != nil) {
        fatalError("manifest is \(result.manifest == nil ? "nil" : "set") but errors: \(hasErrors)")
    }
    for diagnostic in result.diagnostics {
        if diagnostic.location.line < 1 || diagnostic.location.column < 1 {
            fatalError("diagnostic outside the file: \(diagnostic.formatted)")
        }
    }
    for format in DiagnosticFormat.allCases { _ = format.render(result.diagnostics) }

    guard let manifest = result.manifest else { return 0 }
    let header = GeneratedHeader(manifestName: "flags.yaml")
    do throws(GenerateError) {
        _ = try Generator().files(for: manifest, header: header)
    } catch {
        fatalError("a valid manifest failed to generate: \(error)")
    }
    return 0
}
