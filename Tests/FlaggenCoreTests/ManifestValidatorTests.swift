import FlaggenJSON
import XCTest

@testable import FlaggenCore

final class ManifestValidatorTests: XCTestCase {
    // MARK: - The valid manifests

    func testRootManifestIsValid() throws {
        let bytes = try Array(Data(contentsOf: packageRoot.appendingPathComponent("flags.yaml")))
        let result = ManifestValidator().validate(bytes, file: "flags.yaml")
        XCTAssertEqual(result.diagnostics.map(\.formatted), [])
        let manifest = try XCTUnwrap(result.manifest)
        XCTAssertEqual(manifest.name, "Flags")
        XCTAssertEqual(manifest.kotlinPackage, "com.example.flags")
        XCTAssertEqual(manifest.retired, ["old_home_banner"])
        XCTAssertEqual(manifest.flags.map(\.key), ["new_checkout", "chat_media_enabled", "checkout_button_label", "paywall", "home_layout"])
        let checkout = manifest.flags[0]
        XCTAssertEqual(checkout.defaultValue, .bool(false))
        XCTAssertEqual(checkout.expires, ISODate("2029-03-01"))
        XCTAssertEqual(checkout.rollout?.basisPoints, 1_000)
        XCTAssertEqual(checkout.rollout?.platforms, [.ios, .android])
        XCTAssertEqual(checkout.rollout?.minAppVersion?.description, "2.4.0")
        XCTAssertEqual(checkout.rollout?.value, .bool(true))
        XCTAssertEqual(checkout.location, SourceLocation(line: 16, column: 3))
        let chat = manifest.flags[1]
        XCTAssertTrue(chat.killSwitch)
        XCTAssertNil(chat.expires)
        XCTAssertEqual(manifest.flags[2].rollout?.value, .string("Pay now"))
        let paywall = manifest.flags[3]
        XCTAssertEqual(paywall.configName, "PaywallConfig")
        XCTAssertEqual(paywall.defaultValue, .json(.object(["title": .string("Go Pro"), "trialDays": .int(7)])))
        XCTAssertEqual(manifest.configs.map(\.name), ["PaywallConfig", "Plan"])
        let config = manifest.configs[0]
        XCTAssertEqual(config.requiredNames, ["title"])
        XCTAssertEqual(config.properties.map(\.type), [.string, .int, .string, .array(.config("Plan"))])
        XCTAssertEqual(config.properties[1].defaultValue, .int(0))
        XCTAssertEqual(config.properties[2].enumValues, ["light", "dark"])
        XCTAssertEqual(config.properties[3].defaultValue, .array([]))
        XCTAssertEqual(manifest.configs[1].properties[1].minimum, .double(0))
    }

    func testDefaultsOfOptionalTopLevelFields() throws {
        let manifest = try XCTUnwrap(validate(manifest()).manifest)
        XCTAssertEqual(manifest.name, "Flags")
        XCTAssertEqual(manifest.kotlinPackage, "flags")
        XCTAssertEqual(manifest.outputs, OutputPaths())
        XCTAssertEqual(manifest.flags[0].kind, .release)
    }

    func testEveryErrorIsReportedInOneRun() {
        let found = errors("""
            version: 1
            flags:
              Bad-Key: {type: bool, default: false, owner: a, expires: 2029-01-01}
              no_owner: {type: bool, default: false, expires: 2029-01-01}
              bad_default: {type: int, default: high, owner: a, expires: 2029-01-01}
            """)
        XCTAssertEqual(found.count, 3, found.joined(separator: "\n"))
        XCTAssertEqual(found.map { $0.split(separator: ":")[1] }, ["3", "4", "5"])
    }

    // MARK: - Structure

    func testUnknownFieldSuggestsNearMiss() {
        assertOneError(manifest(flag: "ownr: x"), at: "8:5", contains: "unknown field 'ownr' in flag 'my_flag'", "did you mean 'owner'?")
        assertOneError("version: 1\nflag: {}\nflags: {}\n", at: "2:1", contains: "unknown field 'flag'", "did you mean 'flags'?")
    }

    func testAConfigNamedLikeTheFlagsTypeIsReportedAtItsName() {
        // Reported: the error pointed at the first config, whatever its name.
        let yaml = "version: 1\nname: Flags\nconfigs:\n  A: {properties: {x: {type: int}}}\n  Flags: {properties: {x: {type: int}}}\nflags: {}\n"
        assertOneError(yaml, at: "5:3", contains: "a config is named 'Flags', the name of the generated flags type")
    }

    func testAConfigNamedLikeAModuleIsOneError() {
        // Reported: two errors for one cause (a reserved type name, and the module).
        for module in ["Swift", "Foundation", "FlagKit"] {
            let yaml = "version: 1\nconfigs:\n  \(module): {properties: {x: {type: int}}}\nflags: {}\n"
            assertOneError(yaml, at: "3:3", contains: "config name '\(module)' is the name of the module \(module), which the generated Swift writes")
        }
    }

    func testEnumValuesThatSwiftComparesAsEqualNameTheirScalars() {
        // Reported: "'é' is listed twice" for two different spellings that look the same.
        let yaml = "version: 1\nflags:\n  f: {type: string, enum: [\"\\u00E9\", \"e\\u0301\"], default: \"\\u00E9\", owner: o, expires: 2029-01-01}\n"
        assertOneError(yaml, at: "3:38", contains: "(U+0065 U+0301) is listed twice in", "compares it equal to '\u{E9}' (U+00E9)")
    }

    func testUnknownFieldWithoutNearMissListsKnownFields() {
        assertOneError(manifest(flag: "zzzzzz: x"), at: "8:5", contains: "known fields: type, default")
    }

    func testDuplicateKeyInFlags() {
        let yaml = manifest(extra: "  my_flag: {type: bool, default: true, owner: a, expires: 2029-01-01}")
        assertOneError(yaml, at: "9:3", contains: "duplicate key 'my_flag' (first defined at line 3)")
    }

    func testMissingVersionAndUnsupportedVersion() {
        assertOneError("flags: {}\n", at: "1:1", contains: "needs 'version: 1'")
        assertOneError("version: 2\nflags: {}\n", at: "1:10", contains: "manifest version 2 is not supported")
    }

    func testRootMustBeAMapping() {
        assertOneError("- a\n- b\n", at: "1:1", contains: "the manifest must be a mapping of fields, found a list")
    }

    func testYAMLSyntaxError() {
        let found = errors("version: 1\nflags:\n  a: {type: bool\n")
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(found[0].contains("error: YAML syntax error:"), found[0])
    }

    func testNameAndPackage() {
        assertOneError("version: 1\nname: flags\nflags: {}\n", at: "2:7", contains: "UpperCamelCase type name")
        assertOneError("version: 1\nkotlinPackage: com.Example\nflags: {}\n", at: "2:16", contains: "dot-separated lowercase names")
        assertOneError("version: 1\nkotlinPackage: com.in.flags\nflags: {}\n", at: "2:16", contains: "segment 'in', a Kotlin keyword")
        // kotlinc refuses a package in `kotlin`, and the JVM one in `java` when the app starts.
        assertOneError(
            "version: 1\nkotlinPackage: kotlin.flags\nflags: {}\n", at: "2:16",
            contains: "'kotlinPackage' starts with 'kotlin', which only the Kotlin and Java standard libraries may use; pick another package name, such as com.example.flags")
        assertOneError("version: 1\nkotlinPackage: java.flags\nflags: {}\n", at: "2:16", contains: "starts with 'java', which only")
        XCTAssertEqual(errors("version: 1\nkotlinPackage: javax.flags\nflags: {}\n"), [])
    }

    // MARK: - Keys and names

    func testFlagKeyPattern() {
        for key in ["NewCheckout", "new-checkout", "1flag", "_flag", "näh"] {
            let yaml = "version: 1\nflags:\n  \(key): {type: bool, default: false, owner: a, expires: 2029-01-01}\n"
            assertOneError(yaml, at: "3:3", contains: "flag key '\(key)' must be lowercase letters, digits and '_'")
        }
    }

    func testKeysThatBecomeTheSameIdentifier() {
        let yaml = """
            version: 1
            flags:
              new_checkout: {type: bool, default: false, owner: a, expires: 2029-01-01}
              new__checkout: {type: bool, default: false, owner: a, expires: 2029-01-01}
            """
        assertOneError(yaml, at: "4:3", contains: "flag keys 'new_checkout' and 'new__checkout' both become the Swift name 'newCheckout'")
    }

    func testKeysThatCollideWithGeneratedMembers() {
        for key in ["all", "expired", "all_cases", "init", "self", "raw_value"] {
            let yaml = "version: 1\nflags:\n  \(key): {type: bool, default: false, owner: a, expires: 2029-01-01}\n"
            assertOneError(yaml, at: "3:3", contains: "which the generated code already uses")
        }
        let yaml = "version: 1\nflags:\n  companion: {type: bool, default: false, owner: a, expires: 2029-01-01}\n"
        assertOneError(yaml, at: "3:3", contains: "Kotlin name 'Companion'")
    }

    func testKeywordKeysAreAccepted() throws {
        var yaml = "version: 1\nflags:\n"
        for key in ["default", "class", "is", "in", "object", "fun", "when", "switch", "return"] {
            yaml += "  \(key): {type: bool, default: false, owner: a, expires: 2029-01-01}\n"
        }
        XCTAssertEqual(errors(yaml), [])
    }

    func testRetiredKeys() {
        let yaml = """
            version: 1
            retired: [old_flag, old_flag, Bad]
            flags:
              old_flag: {type: bool, default: false, owner: a, expires: 2029-01-01}
            """
        let found = errors(yaml)
        XCTAssertEqual(found.count, 3, found.joined(separator: "\n"))
        XCTAssertTrue(found[0].hasPrefix("flags.yaml:2:21: error: 'old_flag' is listed twice in 'retired'"), found[0])
        XCTAssertTrue(found[1].hasPrefix("flags.yaml:2:31: error: retired key 'Bad' is not a flag key"), found[1])
        XCTAssertTrue(found[2].hasPrefix("flags.yaml:4:3: error: flag key 'old_flag' is retired (listed in 'retired' at line 2)"), found[2])
    }

    // MARK: - Required fields

    func testMissingOrEmptyOwner() {
        assertOneError("version: 1\nflags:\n  a: {type: bool, default: false, expires: 2029-01-01}\n", at: "3:3", contains: "needs an 'owner'")
        assertOneError("version: 1\nflags:\n  a: {type: bool, default: false, owner: '  ', expires: 2029-01-01}\n", at: "3:42", contains: "must not be empty")
        assertOneError("version: 1\nflags:\n  a: {type: bool, default: false, owner: , expires: 2029-01-01}\n", at: "3:42", contains: "found null")
    }

    func testMissingTypeAndDefault() {
        assertOneError("version: 1\nflags:\n  a: {default: false, owner: x, expires: 2029-01-01}\n", at: "3:3", contains: "needs a 'type'")
        assertOneError("version: 1\nflags:\n  a: {type: bool, owner: x, expires: 2029-01-01}\n", at: "3:3", contains: "needs a 'default'")
        assertOneError("version: 1\nflags:\n  a: {type: boolean, default: false, owner: x, expires: 2029-01-01}\n", at: "3:13", contains: "unknown type 'boolean'")
    }

    func testExpiryRules() {
        assertOneError("version: 1\nflags:\n  a: {type: bool, default: false, owner: x}\n", at: "3:3", contains: "needs 'expires: YYYY-MM-DD'")
        assertOneError(
            "version: 1\nflags:\n  a: {type: bool, default: true, owner: x, killSwitch: true, expires: 2029-01-01}\n", at: "3:71",
            contains: "kill switches never expire")
        assertOneError("version: 1\nflags:\n  a: {type: bool, default: true, owner: x, expires: 2029-02-30}\n", at: "3:53", contains: "YYYY-MM-DD")
        assertOneError("version: 1\nflags:\n  a: {type: bool, default: true, owner: x, expires: 27-2-3}\n", at: "3:53", contains: "YYYY-MM-DD")
        XCTAssertEqual(errors("version: 1\nflags:\n  a: {type: bool, default: true, owner: x, kind: permission}\n"), [])
        XCTAssertEqual(errors("version: 1\nflags:\n  a: {type: bool, default: true, owner: x, killSwitch: true}\n"), [])
    }

    func testKillSwitchMustBeBool() {
        assertOneError(
            "version: 1\nflags:\n  a: {type: string, default: 'on', owner: x, killSwitch: true}\n", at: "3:46",
            contains: "kill switch, so its type must be bool, not string")
        assertOneError("version: 1\nflags:\n  a: {type: bool, default: true, owner: x, killSwitch: yes}\n", at: "3:56", contains: "YAML 1.2 reads yes/no/on/off as text")
    }

    func testUnknownKind() {
        assertOneError(manifest(flag: "kind: forever"), at: "8:11", contains: "unknown kind 'forever'")
    }

    /// A misspelt kind or type gets a hint, and a misspelt `kind: permission` alone says nothing
    /// about expiry. (Reported: `kind: permision` also asked for 'expires', "only kind: permission
    /// flags live forever", and neither had a hint.)
    func testAMisspeltKindOrTypeGetsAHintAndNoSecondError() {
        assertOneError(
            "version: 1\nflags:\n  a: {type: bool, default: true, owner: x, kind: permision}\n", at: "3:50",
            contains: "unknown kind 'permision'; use release, experiment, operational or permission (did you mean 'permission'?)")
        assertOneError(
            "version: 1\nflags:\n  a: {type: strng, default: x, owner: x, expires: 2029-01-01}\n", at: "3:13",
            contains: "unknown type 'strng'; use bool, string, int, double or json (did you mean 'string'?)")
    }

    // MARK: - Defaults

    func testDefaultTypeMismatches() {
        func flag(_ type: String, _ value: String) -> String {
            "version: 1\nflags:\n  a: {type: \(type), default: \(value), owner: x, expires: 2029-01-01}\n"
        }
        assertOneError(flag("bool", "1"), at: "3:28", contains: "must be true or false, found an int '1'")
        assertOneError(flag("bool", "'true'"), at: "3:28", contains: "must be true or false, found a string 'true'")
        assertOneError(flag("string", "12"), at: "3:30", contains: "must be a string, found an int '12'", "quote it (\"12\")")
        assertOneError(flag("string", "[a]"), at: "3:30", contains: "must be a string, found a list")
        assertOneError(flag("int", "1.5"), at: "3:27", contains: "must be an integer, found a number '1.5'")
        assertOneError(flag("int", "9223372036854775808"), at: "3:27", contains: "does not fit in a 64-bit integer")
        assertOneError(flag("double", ".nan"), at: "3:30", contains: "must be a finite number")
        assertOneError(flag("double", "1e999"), at: "3:30", contains: "must be a finite number")
        // A number too small for a double is not 0. (Reported: written as 0.0 everywhere.)
        assertOneError(flag("double", "1e-400"), at: "3:30", contains: "is 1e-400, too small for a 64-bit floating-point number")
        assertOneError(flag("double", "-0.00001e-330"), at: "3:30", contains: "too small for a 64-bit")
        XCTAssertEqual(errors(flag("double", "0.0e-400")), [])
        XCTAssertEqual(errors(flag("double", "5e-324")), [])
        assertOneError(flag("double", "abc"), at: "3:30", contains: "must be a number, found a string 'abc'")
        // Valid in the manifest; flagd, among the default servers, cannot serve it (OutputRulesTests).
        XCTAssertEqual(errors(flag("int", "-9223372036854775808") + "outputs: {servers: [contract]}\n"), [])
        XCTAssertEqual(validate(flag("double", "3")).manifest?.flags.first?.defaultValue, .double(3))
        XCTAssertEqual(validate(flag("string", "'12'")).manifest?.flags.first?.defaultValue, .string("12"))
    }

    // MARK: - JSON configs

    private func jsonManifest(default value: String, configs: String? = nil) -> String {
        """
        version: 1
        flags:
          paywall:
            type: json
            schema: PaywallConfig
            default: \(value)
            owner: growth
            expires: 2029-02-28
        configs:
        \(configs ?? """
          PaywallConfig:
            properties:
              title: {type: string, maxLength: 5}
              trialDays: {type: int, minimum: 0, maximum: 30, default: 0}
              style: {type: string, enum: [light, dark], default: light}
              plans: {type: array, items: Plan, default: []}
            required: [title]
          Plan:
            properties:
              id: {type: string}
              price: {type: double, minimum: 0}
            required: [id, price]
        """)
        """
    }

    func testJSONDefaultMustMatchConfig() {
        XCTAssertEqual(errors(jsonManifest(default: "{title: Pro, plans: [{id: a, price: 1.5}]}")), [])
        assertOneError(jsonManifest(default: "{trialDays: 3}"), at: "6:14", contains: "lacks 'title', which PaywallConfig requires")
        assertOneError(jsonManifest(default: "{title: Go Pro!}"), at: "6:22", contains: "7 characters long, more than its maxLength of 5")
        assertOneError(
            jsonManifest(default: "{title: Pro}").replacingOccurrences(of: "maxLength: 5", with: "maxLength: 0"), at: "6:22",
            contains: "is 3 characters long")
        assertOneError(jsonManifest(default: "{title: Pro, trialDays: 31}"), at: "6:38", contains: "31, above its maximum of 30")
        assertOneError(jsonManifest(default: "{title: Pro, style: blue}"), at: "6:34", contains: "'blue', not one of the allowed values: light, dark")
        assertOneError(jsonManifest(default: "{title: Pro, titel: x}"), at: "6:27", contains: "not a property of PaywallConfig", "did you mean 'title'?")
        assertOneError(jsonManifest(default: "{title: Pro, plans: [{id: a, price: -1}]}"), at: "6:50", contains: "below its minimum of 0")
        assertOneError(jsonManifest(default: "{title: Pro, plans: [{id: a}]}"), at: "6:35", contains: "lacks 'price', which Plan requires")
        assertOneError(jsonManifest(default: "Pro"), at: "6:14", contains: "must be a mapping with the fields of PaywallConfig")
    }

    func testUnknownConfigName() {
        let yaml = jsonManifest(default: "{title: x}").replacingOccurrences(of: "schema: PaywallConfig", with: "schema: PaywalConfig")
        assertOneError(yaml, at: "5:13", contains: "names the config 'PaywalConfig', which is not defined", "did you mean 'PaywallConfig'?")
    }

    func testJSONFlagNeedsSchemaAndOnlyJSONTakesOne() {
        assertOneError("version: 1\nflags:\n  a: {type: json, default: {}, owner: x, expires: 2029-01-01}\n", at: "3:3", contains: "needs 'schema'")
        assertOneError(
            "version: 1\nflags:\n  a: {type: bool, schema: X, default: true, owner: x, expires: 2029-01-01}\n", at: "3:27",
            contains: "only json flags take a 'schema'")
    }

    func testConfigCycle() {
        let configs = """
              PaywallConfig:
                properties:
                  title: {type: string}
                  next: {type: Loop}
              Loop:
                properties:
                  back: {type: PaywallConfig}
            """
        let found = errors(jsonManifest(default: "{title: x}", configs: configs))
        XCTAssertEqual(found.count, 1, found.joined(separator: "\n"))
        XCTAssertTrue(found[0].contains("cycle (PaywallConfig -> Loop -> PaywallConfig)"), found[0])
    }

    func testAConfigMayHoldAnArrayOfItself() {
        let configs = """
              PaywallConfig:
                properties:
                  title: {type: string}
                  children: {type: array, items: PaywallConfig, default: []}
            """
        XCTAssertEqual(errors(jsonManifest(default: "{title: a, children: [{title: b}]}", configs: configs)), [])
    }

    func testConfigShapeErrors() {
        let configs = """
              PaywallConfig:
                properties:
                  title: {type: text}
                  count: {type: int, maxLength: 3}
                  label: {type: string, minimum: 1}
                  kind: {type: int, enum: [a]}
                  list: {type: array}
                  bad-name: {type: string}
                  price: {type: double, minimum: 5, maximum: 1}
                  flag: {type: bool, default: maybe}
                required: [title, missing]
              lower:
                properties: {}
              String:
                properties: {}
            """
        let found = errors(jsonManifest(default: "{}", configs: configs))
        let expected = [
            "unknown type 'text'", "'maxLength' applies only to string properties", "'minimum' applies only to int and double",
            "'enum' applies only to string properties", "needs 'items'", "a property name must start with a letter",
            "'minimum' of property 'PaywallConfig.price' is greater than its 'maximum'", "must be true or false, found a string 'maybe'",
            "names 'missing', which is not one of its properties", "config name 'lower' must be an UpperCamelCase type name",
            "config name 'String' clashes with a type",
        ]
        for fragment in expected {
            XCTAssertTrue(found.contains { $0.contains(fragment) }, "missing '\(fragment)' in:\n\(found.joined(separator: "\n"))")
        }
    }

    /// A default that holds an object leaving out the very property it is the default of never
    /// finishes building. (Reported: `children: [{}]` of a Node passed lint; the generated
    /// Kotlin and Swift overflowed the stack building it.)
    func testADefaultThatNeedsItselfIsRefused() {
        func manifest(_ configs: String) -> String {
            "version: 1\nflags:\n  t: {type: json, schema: A, default: {}, owner: o, expires: 2029-01-01}\nconfigs:\n" + configs
        }
        assertOneError(
            manifest("  A:\n    properties:\n      children: {type: array, items: A, default: [{}]}\n"), at: "7:50",
            contains: "the default of 'A.children' needs itself: an object in it leaves out a property whose default leads back to it")
        let twoConfigs = "  A:\n    properties:\n      bs: {type: array, items: B, default: [{}]}\n  B:\n    properties:\n      as: {type: array, items: A, default: [{}]}\n"
        assertOneError(manifest(twoConfigs), at: "7:44", contains: "the default of 'A.bs' needs itself through 'B.as'")
        // Written out, it ends.
        XCTAssertEqual(errors(manifest("  A:\n    properties:\n      children: {type: array, items: A, default: [{children: []}]}\n")), [])
    }

    func testConfigPropertyDefaultsAreChecked() {
        let configs = """
              PaywallConfig:
                properties:
                  title: {type: string, default: 12}
                  plans: {type: array, items: Plan, default: [{id: a}]}
              Plan:
                properties:
                  id: {type: string}
                  price: {type: double}
                required: [id, price]
            """
        let found = errors(jsonManifest(default: "{}", configs: configs))
        XCTAssertEqual(found.count, 2, found.joined(separator: "\n"))
        XCTAssertTrue(found[0].contains("the default of 'PaywallConfig.title' must be a string"), found[0])
        XCTAssertTrue(found[1].contains("lacks 'price', which Plan requires"), found[1])
    }

    func testAdditionalPropertiesTrueAcceptsExtraKeys() throws {
        let configs = """
              PaywallConfig:
                additionalProperties: true
                properties:
                  title: {type: string}
            """
        let result = validate(jsonManifest(default: "{title: x, extra: [1, 2.5, null, yes]}", configs: configs))
        XCTAssertEqual(result.diagnostics.map(\.formatted), [])
        let value = try XCTUnwrap(result.manifest?.flags.first?.defaultValue)
        XCTAssertEqual(value, .json(.object(["title": .string("x"), "extra": .array([.int(1), .double(2.5), .null, .string("yes")])])))
    }

    // MARK: - Rollouts

    func testRolloutPercent() {
        // Shares that are not whole percents are valid in the manifest; Unleash, among the default
        // servers, cannot take them (OutputRulesTests).
        func rollout(_ percent: String) -> String { manifest(flag: "rollout: {percent: \(percent)}", extra: "outputs: {servers: [contract]}") }
        XCTAssertEqual(validate(rollout("12.34")).manifest?.flags.first?.rollout?.basisPoints, 1_234)
        XCTAssertEqual(validate(rollout("0.5")).manifest?.flags.first?.rollout?.basisPoints, 50)
        XCTAssertEqual(validate(rollout("100")).manifest?.flags.first?.rollout?.basisPoints, 10_000)
        XCTAssertEqual(validate(rollout("0")).manifest?.flags.first?.rollout?.basisPoints, 0)
        assertOneError(rollout("100.01"), at: "8:24", contains: "between 0 and 100")
        assertOneError(rollout("-1"), at: "8:24", contains: "from 0 to 100")
        assertOneError(rollout("12.345"), at: "8:24", contains: "more than two decimals")
        assertOneError(rollout("1e2"), at: "8:24", contains: "from 0 to 100")
        // Reported: `0010.5` was "not between 0 and 100" while `010` passed as 10.
        assertOneError(rollout("0010.5"), at: "8:24", contains: "must be written without leading zeros, as 10.5, found '0010.5'")
        assertOneError(rollout("010"), at: "8:24", contains: "must be written without leading zeros, as 10, found '010'")
        assertOneError(rollout("00.5"), at: "8:24", contains: "must be written without leading zeros, as 0.5, found '00.5'")
        assertOneError(rollout("'10'"), at: "8:24", contains: "must be a number from 0 to 100, found a string '10'")
        assertOneError(manifest(flag: "rollout: {platforms: [ios]}"), at: "8:14", contains: "needs 'percent'")
    }

    func testRolloutPlatformsVersionAndValue() {
        assertOneError(manifest(flag: "rollout: {percent: 5, platforms: [ios, web]}"), at: "8:44", contains: "unknown platform 'web'", "use ios or android")
        assertOneError(manifest(flag: "rollout: {percent: 5, platforms: [ios, ios]}"), at: "8:44", contains: "listed twice")
        assertOneError(manifest(flag: "rollout: {percent: 5, platforms: []}"), at: "8:38", contains: "would match nobody")
        assertOneError(manifest(flag: "rollout: {percent: 5, minAppVersion: 2.4}"), at: "8:42", contains: "semantic version MAJOR.MINOR.PATCH")
        assertOneError(manifest(flag: "rollout: {percent: 5, minAppVersion: 2.04.0}"), at: "8:42", contains: "semantic version")
        // Valid in the manifest; Firebase, among the default servers, cannot compare pre-releases.
        XCTAssertEqual(errors(manifest(flag: "rollout: {percent: 5, minAppVersion: 2.4.0-beta.1+77}", extra: "outputs: {servers: [contract]}")), [])
        assertOneError(manifest(flag: "rollout: {percent: 5, value: 3}"), at: "8:34", contains: "must be true or false")
        assertOneError(
            "version: 1\nflags:\n  a: {type: int, default: 1, owner: x, expires: 2029-01-01, rollout: {percent: 5}}\n", at: "3:70",
            contains: "needs 'value'")
    }

    // MARK: - Outputs

    func testOutputPathsAreRelative() {
        assertOneError("version: 1\noutputs: {swift: /etc/Flags.swift}\nflags: {}\n", at: "2:18", contains: "not an absolute path")
        XCTAssertEqual(errors("version: 1\noutputs: {kotlin: ../android/Flags.kt}\nflags: {}\n"), [], "'..' is checked against the repository when writing")
        assertOneError("version: 1\noutputs: {schemas: ../..}\nflags: {}\n", at: "2:20", contains: "not a folder above the manifest")
        // Found by a hunt: read as text, as the docs say, these too are the manifest's folder or above it.
        for path in ["x/..", "x/../..", "a/b/../../..", "./x/./..", "x/../y/.."] {
            assertOneError("version: 1\noutputs: {seeds: '\(path)'}\nflags: {}\n", at: "2:18", contains: "not a folder above the manifest")
        }
        XCTAssertEqual(errors("version: 1\noutputs: {seeds: 'x/../y', schemas: ../server/schemas}\nflags: {}\n"), [])
        assertOneError("version: 1\noutputs: {swift: true}\nflags: {}\n", at: "2:18", contains: "must be a path, or false")
        // Reported: "found a bool 'false'; quote it ("false")", which would name a file 'false'.
        assertOneError(
            "version: 1\noutputs: {kotlin: false}\nflags: {}\n", at: "2:19", contains: "outputs.kotlin must be a path; only outputs.swift can be false")
        assertOneError("version: 1\noutputs: {swift: Out/A.swift, seeds: ./Out/A.swift}\nflags: {}\n", at: "2:38", contains: "both name")
        assertOneError("version: 1\noutputs: {swfit: A.swift}\nflags: {}\n", at: "2:11", contains: "did you mean 'swift'?")
    }

    /// A file is written through a temporary file beside it whose name is 50 bytes longer, and a
    /// file name holds at most 255 bytes. (Reported: a name of 206 to 255 bytes passed lint, and
    /// generate could never write it.)
    func testAFileNameLeavesRoomForItsTemporaryFile() {
        let longest = String(repeating: "a", count: 199) + ".swift"
        XCTAssertEqual(errors("version: 1\noutputs: {swift: Out/\(longest)}\nflags: {}\n"), [])
        assertOneError(
            "version: 1\noutputs: {kotlin: Out/b\(longest)}\nflags: {}\n", at: "2:19",
            contains: "outputs.kotlin ends in a file name of 206 bytes; flaggen writes a file through a temporary one whose name is 50 bytes longer, and a file name holds at most 255 bytes: shorten it to 205 bytes or fewer")
    }

    /// A folder name past 255 bytes or a path past 1,000 passed lint, and generate failed
    /// without a place ("File name too long"; found by a bug hunt).
    func testOutputPathsFitWhatFileSystemsTake() {
        let folder = String(repeating: "d", count: 200)
        let path = Array(repeating: folder, count: 4).joined(separator: "/") + "/Flags.swift"
        XCTAssertEqual(errors("version: 1\noutputs: {swift: \(path)}\nflags: {}\n"), [])
        assertOneError(
            "version: 1\noutputs: {swift: \(folder)/\(path)}\nflags: {}\n", at: "2:18",
            contains: "outputs.swift is 1016 bytes long; keep it to 1,000 or fewer, as macOS takes at most 1,024 bytes in a whole path")
        assertOneError(
            "version: 1\noutputs: {schemas: \(folder)\(folder)}\nflags: {}\n", at: "2:20",
            contains: "outputs.schemas holds a name of 400 bytes, and a file or folder name holds at most 255: shorten it")
    }

    /// A tag makes a scalar text (docs/manifest.md); the message says so (found by a bug hunt:
    /// "must be an integer, found a string '1'" left the reader guessing).
    func testATaggedValueIsExplained() {
        assertOneError(
            "version: !!int 1\nflags: {}\n", at: "1:10",
            contains: "'version' must be an integer, found a string '1' (the tag !!int makes it text; write the value without a tag)")
        assertOneError(
            "version: 1\nflags:\n  a: {type: bool, default: !!bool true, owner: x, expires: 2030-01-01}\n", at: "3:28",
            contains: "found a string 'true' (the tag !!bool makes it text; write the value without a tag); write true or false")
    }

    func testOutputsMayNotClaimDefaultPathsOrTheManifest() {
        assertOneError("version: 1\noutputs: {swift: Generated/Server}\nflags: {}\n", at: "2:18", contains: "outputs.swift and outputs.seeds both name")
        assertOneError("version: 1\noutputs: {kotlin: flags.yaml}\nflags: {}\n", at: "2:19", contains: "names the manifest itself")
    }

    // MARK: - Edge cases found in review

    func testCommentOnlyFileIsAnError() {
        assertOneError("# only a comment\n\n", at: "1:1", contains: "holds no YAML document")
    }

    func testReservedManifestName() {
        assertOneError("version: 1\nname: FlagKey\nflags: {}\n", at: "2:7", contains: "clashes with a type the generated code uses")
        // The namespace is a top-level type of the app's module: it would hide these for every
        // other file (the app's own Codable code, a second manifest's output).
        for name in ["ConfigDecoding", "DecodingError", "CaseIterable", "CodingKey"] {
            assertOneError("version: 1\nname: \(name)\nflags: {}\n", at: "2:7", contains: "clashes with a type the generated code uses")
        }
    }

    func testNullIsDescribedPlainly() {
        assertOneError("version: ~\nflags: {}\n", at: "1:10", contains: "must be an integer, found null")
    }

    func testUnreadableKillSwitchDoesNotAlsoDemandExpiry() {
        assertOneError("version: 1\nflags:\n  a: {type: bool, default: true, owner: x, killSwitch: yes}\n", at: "3:56", contains: "YAML 1.2 reads yes/no/on/off")
    }

    func testPercentTrailingZerosAreFine() {
        let rollout = manifest(flag: "rollout: {percent: 12.340}", extra: "outputs: {servers: [contract]}")
        XCTAssertEqual(validate(rollout).manifest?.flags.first?.rollout?.basisPoints, 1_234)
    }

    func testAliasesCannotNestPastTheDepthLimit() {
        func nested(_ depth: Int, _ inner: String) -> String { String(repeating: "[", count: depth) + inner + String(repeating: "]", count: depth) }
        // 40 levels under the anchor and 30 around the alias: each fits in 64, together they do not.
        let yaml = "version: 1\nflags: {}\nx: &a \(nested(40, "1"))\ny: \(nested(30, "*a"))\n"
        let found = errors(yaml)
        XCTAssertEqual(found.count, 1, found.joined(separator: "\n"))
        XCTAssertTrue(found[0].contains("once aliases are expanded"), found[0])
    }

    // MARK: - Limits

    func testTooManyFlags() {
        var yaml = "version: 1\nflags:\n"
        for index in 0...InputLimits.maxFlags { yaml += "  f\(index): 0\n" }
        let found = errors(yaml)
        XCTAssertEqual(found, ["flags.yaml:3:3: error: the manifest has 50001 flags, more than the limit of 50000; split it"])
    }

    func testHostileInputsNeverCrash() {
        let inputs = [
            "", "~", "[]", "{}", "version: 1", "version: 1\nflags: []", "version: 1\nflags: {a: }", "version: 1\nflags: {a: [1]}",
            "version: 1\nflags:\n  a: {type: json, schema: [x], default: x, owner: x, expires: x}",
            "version: 1\nflags:\n  a: {type: json, schema: C, default: {x: {y: 1}}, owner: x, expires: 2029-01-01}\nconfigs: {C: {properties: {x: {type: C}}}}",
            "version: 1\nconfigs: [a]\nflags: {}", "version: 1\nconfigs: {A: {properties: [x]}}\nflags: {}",
            "version: 1\nflags: {a: {rollout: [1]}}", "version: 1\nretired: a\nflags: {}", "version: 1\noutputs: [a]\nflags: {}",
            "\u{FEFF}version: 1\nflags: {}",
        ]
        for input in inputs {
            let result = validate(input)
            XCTAssertTrue(result.manifest != nil || result.diagnostics.containsErrors, "input: \(input)")
        }
    }
}

final class ReservedNameTests: XCTestCase {
    func testNamesThatBreakGeneratedKotlinAreRefused() {
        assertOneError("version: 1\nflags:\n  flag_key: {type: bool, default: false, owner: a, expires: 2029-01-01}\n", at: "3:3", contains: "Kotlin name 'FlagKey'")
        let config = "version: 1\nflags: {}\nconfigs:\n  C:\n    properties:\n      Companion: {type: string}\n"
        assertOneError(config, at: "6:7", contains: "'Companion' cannot be a property name")
        assertOneError("version: 1\nflags: {}\nconfigs:\n  Char:\n    properties: {}\n", at: "4:3", contains: "config name 'Char' clashes")
        assertOneError("version: 1\nname: FlagDate\nflags: {}\n", at: "2:7", contains: "clashes with a type the generated code uses")
    }

    /// The generated Kotlin builds its flags in holder objects `Part1`, `Part2`, ... nested in the
    /// flags object and in `FlagKey`; a flag, config or flags object of such a name would be hidden.
    func testKotlinHolderObjectNamesAreRefused() {
        for (key, name) in [("part_1", "Part1"), ("part1", "Part1"), ("part__2_0", "Part20"), ("part_0", "Part0")] {
            let yaml = "version: 1\nflags:\n  ok: {type: bool, default: false, owner: a, expires: 2029-01-01}\n  \(key): {type: bool, default: false, owner: a, expires: 2029-01-01}\n"
            assertOneError(
                yaml, at: "4:3",
                contains: "flag key '\(key)' becomes the Kotlin name '\(name)', which the generated Kotlin uses for the objects that hold the flags ('Part' followed by digits); pick another key")
        }
        assertOneError(
            "version: 1\nflags: {}\nconfigs:\n  Part3:\n    properties: {}\n", at: "4:3",
            contains: "config name 'Part3' clashes with the objects that hold the flags in the generated Kotlin ('Part' followed by digits); pick another name")
        assertOneError(
            "version: 1\nname: Part12\nflags: {}\n", at: "2:7",
            contains: "'name' Part12 clashes with the objects that hold the flags in the generated Kotlin", "pick another name, such as AppFlags")
        // Only 'Part' followed by digits and nothing else.
        var yaml = "version: 1\nflags:\n"
        for key in ["part", "parts_1", "part_1a", "part_x1", "a_part_1", "party1"] {
            yaml += "  \(key): {type: bool, default: false, owner: a, expires: 2029-01-01}\n"
        }
        yaml += "configs:\n  Part:\n    properties: {}\n  PartA1:\n    properties: {}\n  Part1x:\n    properties: {}\n"
        XCTAssertEqual(errors(yaml), [])
        XCTAssertTrue(Identifiers.isKotlinHolderName(Identifiers.kotlinHolderName(1)))
        XCTAssertTrue(Identifiers.isKotlinHolderName("Part250"))
        XCTAssertFalse(Identifiers.isKotlinHolderName("Part"))
        XCTAssertFalse(Identifiers.isKotlinHolderName("Part1\u{0661}"))
        XCTAssertFalse(Identifiers.isKotlinHolderName("part1"))
    }
}

final class SeedServerTests: XCTestCase {
    func testServersDefaultToAllAndCanBeChosen() throws {
        XCTAssertEqual(validate("version: 1\nflags: {}\n").manifest?.outputs.servers, SeedServer.allCases)
        XCTAssertEqual(validate("version: 1\noutputs: {servers: [unleash, contract]}\nflags: {}\n").manifest?.outputs.servers, [.contract, .unleash])
        assertOneError("version: 1\noutputs: {servers: [launchdarkly]}\nflags: {}\n", at: "2:21", contains: "unknown server 'launchdarkly'")
        assertOneError("version: 1\noutputs: {servers: [flagd, flagd]}\nflags: {}\n", at: "2:28", contains: "listed twice")
    }
}
