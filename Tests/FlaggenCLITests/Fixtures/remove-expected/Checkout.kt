package app

import com.example.flags.FlagView
import com.example.flags.Flags

class Checkout(private val flags: FlagView) {
    fun screen(): String {
        return "new checkout"
    }

    fun title(): String = "Pay"

    fun steps(): Int = 1

    fun showsBanner(isPremium: Boolean): Boolean {
        val express = isPremium
        val legacy = isPremium
        return express || legacy
    }

    fun badge(): String {
        return "new"
    }

    fun media(): Boolean = flags.isOn(Flags.chatMediaEnabled)
}
