package app

import com.example.flags.FlagView
import com.example.flags.Flags

class Checkout(private val flags: FlagView) {
    fun screen(): String {
        if (flags.isOn(Flags.newCheckout)) {
            return "new checkout"
        } else {
            return "old checkout"
        }
    }

    fun title(): String = if (flags.isOn(Flags.newCheckout)) "Pay" else "Checkout"

    fun steps(): Int = when {
        flags.isOn(Flags.newCheckout) -> 1
        else -> 3
    }

    fun showsBanner(isPremium: Boolean): Boolean {
        val express = flags.isOn(Flags.newCheckout) && isPremium
        val legacy = !flags.isOn(Flags.newCheckout) || isPremium
        return express || legacy
    }

    fun badge(): String {
        val on = flags.isOn(Flags.newCheckout)
        if (on) {
            return "new"
        }
        return "classic"
    }

    fun media(): Boolean = flags.isOn(Flags.chatMediaEnabled)
}
