/// Passes a rendered template on to its stream, after checking that it begins with the generated
/// header. A template override that drops or moves the header would make a file flaggen cannot
/// recognize as its own, so the next run would refuse to overwrite it: that is a template error
/// now, with the fix, rather than a stuck output later.
final class HeaderCheckingStream: GeneratedFileStream {
    private let stream: any GeneratedFileStream
    private let expected: [UInt8]
    private let template: String
    /// How many leading bytes have been found equal to `expected` so far.
    private var checked = 0

    init(_ stream: any GeneratedFileStream, expected: String, template: String) {
        self.stream = stream
        self.expected = Array(expected.utf8)
        self.template = template
    }

    func write(_ bytes: [UInt8]) throws {
        if checked < expected.count {
            let count = min(bytes.count, expected.count - checked)
            guard bytes.prefix(count).elementsEqual(expected[checked..<(checked + count)]) else { throw missingHeader() }
            checked += count
        }
        try stream.write(bytes)
    }

    func close() throws -> GeneratedFile {
        guard checked == expected.count else { throw missingHeader() }
        return try stream.close()
    }

    func abandon() {
        stream.abandon()
    }

    private func missingHeader() -> TemplateError {
        TemplateError(
            message: "the template \(template) must begin with the generated header — the three lines '{{#header}}', '// {{.}}' and '{{/header}}', which write '\(String(decoding: expected.split(separator: 10).first ?? [], as: UTF8.self))' and the line after it; flaggen recognizes the files it may overwrite by it")
    }
}
