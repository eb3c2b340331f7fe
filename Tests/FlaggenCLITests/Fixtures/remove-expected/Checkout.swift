import FlagKit

@MainActor
struct Checkout {
    let flags: FlagView

    func screen() -> String {
        return "new checkout"
    }

    func title() -> String {
        return "Pay"
    }

    func steps() -> Int {
        return 1
    }

    func showsBanner(isPremium: Bool) -> Bool {
        let express = isPremium
        let legacy = isPremium
        return express || legacy
    }

    func badge() -> String {
        return "new"
    }

    func media() -> Bool {
        flags.isOn(Flags.chatMediaEnabled)
    }
}
