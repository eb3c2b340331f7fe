import CheckoutApp
import FlagKit

// The app's start, as the seeds describe it: read the saved copy (here: none, a first launch
// offline), show the first screen from defaults, then fetch in the background for the next
// session. Only the kill switch changes while a screen is open.
@MainActor
func run() async {
    let source = ScriptedFlagSource(answer: nil)
    let store = FlagStore(source: source, disk: InMemoryFlagDisk(), flags: Flags.all)
    await store.start(userKey: "acct-42")

    let checkout = CheckoutScreen(store: store)
    let composer = ChatComposer(store: store)
    print("new checkout: \(checkout.usesNewCheckout)")
    print("button: \(checkout.buttonLabel)")
    print("paywall: \(checkout.paywall.title), \(checkout.paywall.trialDays) trial days")
    print("media: \(composer.canSendMedia)")

    await source.serve([
        "new_checkout": true, "checkout_button_label": "Pay now", "chat_media_enabled": false,
        "paywall": ["title": "Sale", "trialDays": 14],
    ])
    _ = await store.refresh()
    print("after refresh, open screen: \(checkout.usesNewCheckout), \(checkout.buttonLabel); media: \(composer.canSendMedia)")
    let next = CheckoutScreen(store: store)
    print("a screen opened later in the session: \(next.usesNewCheckout), \(next.buttonLabel)")
    print("bucket acct-42/new_checkout: \(Bucket.of(stableID: "acct-42", flagKey: "new_checkout"))")
}

await run()
