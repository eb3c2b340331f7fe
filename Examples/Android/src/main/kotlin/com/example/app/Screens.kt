package com.example.app

import com.example.flags.Bucket
import com.example.flags.FlagDate
import com.example.flags.Flags
import com.example.flags.PaywallConfig

/** The checkout screen's state, decided once when the screen opens. */
class CheckoutScreen {
    /** Whether the redesigned checkout shows. */
    val usesNewCheckout: Boolean = Flags.newCheckout.defaultValue

    /** The label on the buy button. */
    val buttonLabel: String = Flags.checkoutButtonLabel.defaultValue
}

/** The paywall, typed from flags.yaml's PaywallConfig. */
class PaywallScreen(remoteJson: String?) {
    /** The server's config when it decodes, else the default from flags.yaml. */
    val config: PaywallConfig = remoteJson?.let { PaywallConfig.fromJson(it) } ?: Flags.paywall.defaultValue
}

fun main() {
    val checkout = CheckoutScreen()
    println("new checkout: ${checkout.usesNewCheckout}")
    println("button: ${checkout.buttonLabel}")
    println("paywall: ${PaywallScreen(null).config.title}")
    println("remote paywall: ${PaywallScreen("""{"title":"Sale","trialDays":14}""").config.trialDays}")
    println("broken paywall falls back: ${PaywallScreen("""{"trialDays":"x"}""").config.title}")
    println("bucket acct-42/new_checkout: ${Bucket.of("acct-42", Flags.newCheckout.key)}")
    println("expired on 2029-02-01: ${Flags.expired(FlagDate(2029, 2, 1)).map { it.key }}")
}
