import FlagKit

@MainActor
struct Checkout {
    let flags: FlagView

    func screen() -> String {
        if flags.isOn(Flags.newCheckout) {
            return "new checkout"
        } else {
            return "old checkout"
        }
    }

    func title() -> String {
        return flags.isOn(Flags.newCheckout) ? "Pay" : "Checkout"
    }

    func steps() -> Int {
        guard flags.isOn(Flags.newCheckout) else {
            return 3
        }
        return 1
    }

    func showsBanner(isPremium: Bool) -> Bool {
        let express = flags.isOn(Flags.newCheckout) && isPremium
        let legacy = !flags.value(Flags.newCheckout) || isPremium
        return express || legacy
    }

    func badge() -> String {
        let on = flags.isOn(Flags.newCheckout)
        if on {
            return "new"
        }
        return "classic"
    }

    func media() -> Bool {
        flags.isOn(Flags.chatMediaEnabled)
    }
}
