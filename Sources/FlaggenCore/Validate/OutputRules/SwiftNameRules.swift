/// The names the generated Swift and Kotlin cannot qualify around, checked for every manifest
/// (both languages are always generated: the build plugin makes the Swift when `outputs.swift`
/// is false; see ``OutputRules``), each where the name is written.
///
/// The translators qualify a library type or a config wherever a name from the manifest hides
/// it (``SwiftScope``; `Swift.Int`, `Flags.Plan`), so almost any name is fine. What cannot be
/// qualified is refused:
///
/// - the qualifiers themselves, ``SwiftScope/modules`` and the manifest's `name`, as a
///   property name (a property named `Swift` would hide `Swift.Int` in its struct; as config
///   names they are refused where configs are read);
/// - a config named `Key`, the generated key enum in the same namespace;
/// - a nested enum (a property with `enum:` values becomes one named after it, `style` →
///   `Style`) whose name another member of its config has: a property (`Style`), another
///   enum (`style` and `Style`), or the config itself; or the name of a qualifier.
struct SwiftNameRules {
    let context: ValidationContext

    /// Reports every name of `manifest` the generated code cannot qualify around.
    func check(_ manifest: Manifest) {
        checkEnumFlags(of: manifest)
        for config in manifest.configs {
            // A config named like a module is refused with the reserved type names (ConfigValidation).
            if config.name == SwiftTranslator.keyTypeName {
                context.error(
                    "config name 'Key' is the name of the generated key enum, \(manifest.name).Key; pick another name",
                    at: config.location)
            }
            check(config, in: manifest)
        }
    }

    /// A string flag with `enum:` values becomes an enum in the namespace, named after its key
    /// (`checkout_theme` → `CheckoutTheme`): that name must be free there. A config's name or
    /// the namespace's own are refused by ``KotlinRules`` (the Kotlin nests the enum in its
    /// flags object too); what only the Swift needs is checked here.
    private func checkEnumFlags(of manifest: Manifest) {
        for flag in manifest.flags where flag.enumValues != nil {
            let name = SwiftTranslator.enumTypeName(ofFlag: flag.key)
            let what = "flag '\(flag.key)' has 'enum' values, so it becomes the enum \(manifest.name).\(name)"
            if name == SwiftTranslator.keyTypeName {
                context.error("\(what), which is the generated key enum \(manifest.name).Key; pick another key", at: flag.location)
            } else if SwiftScope.modules.contains(name) {
                context.error(
                    "\(what), which would hide \(qualifierDescription(name, manifest)) in the generated Swift; pick another key",
                    at: flag.location)
            }
        }
    }

    private func check(_ config: ConfigDefinition, in manifest: Manifest) {
        var qualifiers = SwiftScope.modules
        qualifiers.insert(manifest.name)
        let propertyNames = Set(config.properties.map(\.name))
        var enumOwners: [String: String] = [:]
        for property in config.properties {
            if qualifiers.contains(property.name) {
                context.error(
                    "property '\(config.name).\(property.name)' has the name of \(qualifierDescription(property.name, manifest)), "
                        + "which the generated Swift writes inside \(config.name) to reach the types it uses; pick another name",
                    at: property.location)
            }
            guard property.enumValues != nil else { continue }
            let enumName = SwiftTranslator.enumTypeName(of: property)
            let what = "property '\(config.name).\(property.name)' has 'enum' values, so it becomes the enum \(config.name).\(enumName)"
            if let first = enumOwners[enumName] {
                context.error("\(what), as property '\(first)' does too; rename one of them", at: property.location)
            } else if propertyNames.contains(enumName) {
                context.error("\(what), but \(config.name) has a property named '\(enumName)'; rename one of them", at: property.location)
            } else if enumName == config.name {
                context.error("\(what), which is the name of its own config; rename the property or the config", at: property.location)
            } else if qualifiers.contains(enumName) {
                context.error(
                    "\(what), which would hide \(qualifierDescription(enumName, manifest)) inside \(config.name); rename the property",
                    at: property.location)
            }
            enumOwners[enumName] = enumOwners[enumName] ?? property.name
        }
    }

    /// `the module Swift` or `the flags type, Flags`.
    private func qualifierDescription(_ name: String, _ manifest: Manifest) -> String {
        SwiftScope.modules.contains(name) ? "the module \(name)" : "the flags type, \(manifest.name)"
    }
}
