// The Kotlin flag store's behaviour, run by KotlinStoreTests.swift against the FlagStore.kt
// generated from store.yaml (package com.example.store). Each case prints lines that start with
// its name; the Swift test compares them with the lines it expects, so every case can fail.
package flaggentest.store

import com.example.store.Bucket
import com.example.store.FileFlagDisk
import com.example.store.FirebaseBuckets
import com.example.store.FirebaseFlagSource
import com.example.store.FlagKeyValues
import com.example.store.KeyValueFlagDisk
import com.example.store.FlagSnapshot
import com.example.store.FlagSource
import com.example.store.FlagStore
import com.example.store.FlagValues
import com.example.store.FlagView
import com.example.store.InMemoryFlagDisk
import com.example.store.StoreFlags
import com.example.store.StoreFlags.banner
import com.example.store.StoreFlags.chatMediaEnabled
import com.example.store.StoreFlags.checkoutButtonLabel
import com.example.store.StoreFlags.maxItems
import com.example.store.StoreFlags.newCheckout
import com.example.store.StoreFlags.paywall
import com.example.store.StoreFlags.checkoutTheme
import com.example.store.StoreFlags.priceFactor
import java.io.ByteArrayInputStream
import java.io.File
import java.io.IOException
import java.io.RandomAccessFile
import java.nio.file.Files
import kotlinx.coroutines.CompletableDeferred
import kotlinx.coroutines.CoroutineScope
import kotlinx.coroutines.async
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.withTimeout
import kotlinx.coroutines.yield
import org.json.JSONArray
import org.json.JSONObject

/** Answers every fetch with [result] (null: the fetch failed) and records who asked. */
class FakeSource(var result: Map<String, String>? = null) : FlagSource {
    val calls = mutableListOf<String?>()

    override suspend fun fetch(userKey: String?): Map<String, String>? {
        calls.add(userKey)
        return result
    }
}

/** Holds the first fetch until [release] completes; answers later ones with [others] at once. */
class HeldSource(private val others: Map<String, String>?) : FlagSource {
    val release = CompletableDeferred<Map<String, String>?>()
    val calls = mutableListOf<String?>()

    override suspend fun fetch(userKey: String?): Map<String, String>? {
        calls.add(userKey)
        return if (calls.size == 1) release.await() else others
    }
}

/** A source whose fetch throws, as a careless adapter might. */
class ThrowingSource : FlagSource {
    override suspend fun fetch(userKey: String?): Map<String, String>? = throw IOException("offline")
}

var clock = 1_000_000_000L

fun store(source: FlagSource, disk: com.example.store.FlagDisk): FlagStore = FlagStore(source, disk, { clock })

val savedValues: Map<String, String> = FlagValues.of(
    "new_checkout" to true,
    "chat_media_enabled" to true,
    "checkout_button_label" to "Pay now",
    "max_items" to 50,
    "price_factor" to 0.75,
    "paywall" to JSONObject().put("title", "Sale").put("trialDays", 14),
    "from_a_newer_app" to "ignored"
)

val saved = FlagSnapshot("u1", clock - 60_000L, savedValues)

val newerValues: Map<String, String> = FlagValues.of(
    "new_checkout" to false,
    "chat_media_enabled" to true,
    "checkout_button_label" to "Order",
    "max_items" to 5L,
    "price_factor" to 2.0,
    "paywall" to JSONObject().put("title", "New")
)

/** Runs one case; a store that deadlocks fails it after 10 seconds instead of hanging. */
/** What [disk] reads, or null when it threw (a corrupt copy throws: the store reports it). */
suspend fun readOrNull(disk: com.example.store.FlagDisk): FlagSnapshot? =
    try {
        disk.read()
    } catch (e: IOException) {
        null
    }

fun runCase(body: suspend CoroutineScope.() -> Unit) = runBlocking { withTimeout(10_000L) { body() } }

fun describe(view: FlagView): String {
    val paywall = view.value(paywall)
    return "checkout=" + view.isOn(newCheckout) + " media=" + view.isOn(chatMediaEnabled) +
        " label=" + view.value(checkoutButtonLabel) + " items=" + view.value(maxItems) +
        " factor=" + view.value(priceFactor) + " paywall=" + paywall.title + "/" + paywall.trialDays
}

fun firstLaunchOffline() = runCase {
    val source = FakeSource(null)
    val disk = InMemoryFlagDisk()
    val s = store(source, disk)
    println("firstLaunch unstarted " + describe(s.view()) + " refresh=" + s.refresh() + " calls=" + source.calls.size)
    s.start("u1")
    println("firstLaunch started " + describe(s.view()))
    val refreshed = s.refresh()
    println("firstLaunch refresh=$refreshed calls=${source.calls.size} saved=${disk.snapshot} " + describe(s.view()))
}

fun nextSession() = runCase {
    val disk = InMemoryFlagDisk(saved)
    val s = store(FakeSource(newerValues), disk)
    s.start("u1")
    val screen = s.view()
    println("nextSession start " + describe(screen))
    println("nextSession refresh=" + s.refresh())
    println("nextSession screen " + describe(screen))
    println("nextSession newView " + describe(s.view()))
    val written = disk.snapshot
    println("nextSession saved user=${written?.userKey} at=${written?.fetchedAtMillis} same=${written?.values == newerValues}")
    val next = store(FakeSource(null), disk)
    next.start("u1")
    println("nextSession nextStart " + describe(next.view()))
}

fun killSwitch() = runCase {
    val source = FakeSource(FlagValues.of("chat_media_enabled" to false, "new_checkout" to false))
    val s = store(source, InMemoryFlagDisk(saved))
    s.start("u1")
    val screen = s.view()
    val changes = mutableListOf<Set<String>>()
    val listener = { keys: Set<String> -> changes.add(keys); Unit }
    s.addKillSwitchListener(listener)
    println("killSwitch before media=${screen.isOn(chatMediaEnabled)} checkout=${screen.isOn(newCheckout)}")
    s.refresh()
    println("killSwitch after media=${screen.isOn(chatMediaEnabled)} checkout=${screen.isOn(newCheckout)} newView=${s.view().isOn(chatMediaEnabled)} changes=$changes")
    s.refresh()
    println("killSwitch unchanged changes=$changes")
    source.result = FlagValues.of("chat_media_enabled" to true)
    s.refresh()
    println("killSwitch back media=${screen.isOn(chatMediaEnabled)} changes=$changes")
    s.removeKillSwitchListener(listener)
    source.result = FlagValues.of("chat_media_enabled" to false)
    s.refresh()
    println("killSwitch removed media=${screen.isOn(chatMediaEnabled)} changes=${changes.size}")
    source.result = emptyMap()
    s.refresh()
    println("killSwitch missing media=${screen.isOn(chatMediaEnabled)}")
}

fun failedFetch() = runCase {
    val disk = InMemoryFlagDisk(saved)
    val s = store(FakeSource(null), disk)
    s.start("u1")
    println("failedFetch refresh=${s.refresh()} kept=${disk.snapshot == saved} " + describe(s.view()))
    val throwing = store(ThrowingSource(), disk)
    throwing.start("u1")
    println("failedFetch throwing refresh=${throwing.refresh()} kept=${disk.snapshot == saved} " + describe(throwing.view()))
}

fun otherUser() = runCase {
    val offline = store(FakeSource(null), InMemoryFlagDisk(saved))
    offline.start("u2")
    println("otherUser u2 " + describe(offline.view()))
    offline.switchUser("u1")
    val u1View = offline.view()
    println("otherUser u1 " + describe(u1View))
    offline.switchUser(null)
    println("otherUser signedOut " + describe(offline.view()))
    println("otherUser oldView " + describe(u1View))

    val disk = InMemoryFlagDisk(saved)
    val online = store(FakeSource(newerValues), disk)
    online.start("u1")
    println("otherUser online switch=" + online.switchUser("u2") + " " + describe(online.view()) + " saved=" + disk.snapshot?.userKey)
    online.switchUser("u1")
    println("otherUser online back " + describe(online.view()) + " saved=" + disk.snapshot?.userKey)
}

fun safeMode() = runCase {
    val disk = InMemoryFlagDisk(saved, unfinishedStarts = 2)
    val s = store(FakeSource(null), disk)
    s.start("u1")
    println("safeMode start " + describe(s.view()) + " saved=${disk.snapshot} counter=${disk.unfinishedStartCount} safe=${s.isSafeMode}")
    s.startFinished()
    println("safeMode finished counter=${disk.unfinishedStartCount}")
    val once = InMemoryFlagDisk(saved, unfinishedStarts = 1)
    val t = store(FakeSource(null), once)
    t.start("u1")
    println("safeMode oneUnfinished " + describe(t.view()) + " counter=${once.unfinishedStartCount} safe=${t.isSafeMode}")
}

fun clockMovedBack() = runCase {
    val source = FakeSource(newerValues)
    val s = store(source, InMemoryFlagDisk(saved.copy(fetchedAtMillis = clock + 9_999_999L)))
    s.start("u1")
    println("clockBack fetched=${s.refreshIfStale()} calls=${source.calls.size}")
}

fun freshSnapshot() = runCase {
    val start = clock
    val source = FakeSource(newerValues)
    val s = store(source, InMemoryFlagDisk(saved.copy(fetchedAtMillis = clock - 60_000L)))
    s.start("u1")
    val first = s.refreshIfStale()
    clock += 13 * 60_000L
    val at14 = s.refreshIfStale()
    clock += 60_000L
    val at15 = s.refreshIfStale()
    val again = s.refreshIfStale()
    println("fresh fetched=$first at14=$at14 at15=$at15 again=$again calls=${source.calls.size}")
    clock = start

    val failing = FakeSource(null)
    val never = store(failing, InMemoryFlagDisk())
    never.start("u1")
    println("fresh never fetched=${never.refreshIfStale()} retried=${never.refreshIfStale()} calls=${failing.calls.size}")
}

fun lateRefresh() = runCase {
    val u2Values = FlagValues.of("chat_media_enabled" to true, "new_checkout" to false)
    val held = HeldSource(u2Values)
    val disk = InMemoryFlagDisk(saved)
    val s = store(held, disk)
    s.start("u1")
    val late = async { s.refresh() }
    yield() // The refresh runs until it waits for its fetch, without holding the store.
    val switched = s.switchUser("u2")
    held.release.complete(FlagValues.of("chat_media_enabled" to false, "new_checkout" to true))
    val lateResult = late.await()
    val written = disk.snapshot
    println(
        "lateRefresh late=$lateResult switch=$switched calls=${held.calls} saved=${written?.userKey}" +
            " savedCheckout=${written?.values?.get("new_checkout")} " + describe(s.view())
    )

    val same = HeldSource(newerValues)
    val sameDisk = InMemoryFlagDisk(saved)
    val t = store(same, sameDisk)
    t.start("u1")
    val older = async { t.refresh() }
    yield()
    val newer = t.refresh()
    same.release.complete(FlagValues.of("chat_media_enabled" to false))
    println(
        "lateRefresh sameUser older=${older.await()} newer=$newer kept=${sameDisk.snapshot?.values == newerValues}" +
            " media=${t.view().isOn(chatMediaEnabled)}"
    )
}

fun fileDisk() = runCase {
    val folder = Files.createTempDirectory("flagstore").toFile()
    try {
        val file = File(folder, "nested/flags.json")
        val exotic = "Ünï \"q\" \\ \$x 😀 \u200F\n"
        val values = FlagValues.of(
            "new_checkout" to true,
            "chat_media_enabled" to false,
            "checkout_button_label" to exotic,
            "max_items" to Long.MAX_VALUE,
            "price_factor" to 1.0E-7,
            "paywall" to JSONObject().put("title", exotic).put("trialDays", 30)
        )
        val writer = store(FakeSource(values), FileFlagDisk(file))
        writer.start("u1")
        println("file counter=" + FileFlagDisk(file).unfinishedStarts() + " refresh=" + writer.refresh())
        writer.startFinished()
        val leftovers = folder.walk().map { it.name }.filter { it.endsWith(".tmp") }.toList()
        println("file finished counter=" + FileFlagDisk(file).unfinishedStarts() + " leftovers=$leftovers")

        val reader = store(FakeSource(null), FileFlagDisk(file))
        reader.start("u1")
        val view = reader.view()
        println(
            "file roundtrip checkout=${view.isOn(newCheckout)} media=${view.isOn(chatMediaEnabled)}" +
                " label=${view.value(checkoutButtonLabel) == exotic} items=${view.value(maxItems)}" +
                " factor=${view.value(priceFactor)} paywall=${view.value(paywall).title == exotic}/${view.value(paywall).trialDays}" +
                " snapshot=${FileFlagDisk(file).read() == FlagSnapshot("u1", clock, values)}"
        )
        reader.startFinished()

        // Starts that never finish, each in a new process: the third one is in safe mode.
        repeat(3) { store(FakeSource(null), FileFlagDisk(file)).start("u1") }
        val crashed = store(FakeSource(null), FileFlagDisk(file))
        println("file crashLoop exists=${file.exists()} counter=${FileFlagDisk(file).unfinishedStarts()}")
        crashed.startFinished()
        println("file crashLoop finished counter=${FileFlagDisk(file).unfinishedStarts()}")

        val valid = "{\"format\":1,\"userKey\":\"u1\",\"fetchedAtMillis\":5,\"values\":{\"new_checkout\":\"true\"}}"
        val corrupt = listOf(
            "truncated" to valid.substring(0, valid.length / 2),
            "garbage" to "not json",
            "empty" to "",
            "otherFormat" to valid.replace("\"format\":1", "\"format\":2"),
            "notText" to valid.replace("\"true\"", "true"),
            "noValues" to "{\"format\":1,\"userKey\":\"u1\",\"fetchedAtMillis\":5}",
            "array" to "[]"
        )
        file.parentFile.mkdirs()
        file.writeText(valid)
        val control = store(FakeSource(null), FileFlagDisk(file))
        control.start("u1")
        control.startFinished()
        println("file control checkout=${control.view().isOn(newCheckout)}")
        for ((name, text) in corrupt) {
            file.writeText(text)
            val s = store(FakeSource(null), FileFlagDisk(file))
            s.start("u1")
            s.startFinished()
            println("file corrupt $name read=${readOrNull(FileFlagDisk(file))} " + describe(s.view()))
        }
        file.writeBytes(byteArrayOf(0xFF.toByte(), 0xFE.toByte(), 0x00, 0x7B))
        println("file corrupt bytes read=${readOrNull(FileFlagDisk(file))}")
        // Strict JSON but not UTF-8: an encoded surrogate (ED A0 80) in the user key.
        file.writeBytes(valid.replace("\"u1\"", "\"u\u00ED\u00A0\u0080\"").toByteArray(Charsets.ISO_8859_1))
        println("file corrupt notUtf8 read=${readOrNull(FileFlagDisk(file))}")

        File(file.path + ".starts").writeText("garbage")
        File(file.path + ".tmp").writeText("a write cut short")
        val recovered = store(FakeSource(values), FileFlagDisk(file))
        recovered.start("u1")
        println("file recovered counter=${FileFlagDisk(file).unfinishedStarts()} refresh=${recovered.refresh()} saved=${FileFlagDisk(file).read()?.values == values}")
    } finally {
        folder.deleteRecursively()
    }
}

fun oversize() = runCase {
    val folder = Files.createTempDirectory("flagstore").toFile()
    try {
        val file = File(folder, "flags.json")
        val copy = FlagSnapshot("u1", 5L, savedValues)
        val valid = copy.toJson()
        // Trailing spaces keep the text valid JSON, so only its size can refuse it.
        fun padded(text: String, bytes: Int) = text + " ".repeat(bytes - text.toByteArray(Charsets.UTF_8).size)

        file.writeText(padded(valid, FlagSnapshot.MAX_COPY_BYTES))
        val atLimit = FileFlagDisk(file).read() == copy
        file.writeText(padded(valid, FlagSnapshot.MAX_COPY_BYTES + 1))
        val over = readOrNull(FileFlagDisk(file))
        val s = store(FakeSource(null), FileFlagDisk(file))
        s.start("u1")
        s.startFinished()
        println("oversize max=${FlagSnapshot.MAX_COPY_BYTES} atLimit=$atLimit over=$over " + describe(s.view()))

        // 8 GiB without a byte on the disk: reading it would run out of memory; its length refuses it.
        RandomAccessFile(file, "rw").use { it.setLength(8L shl 30) }
        println("oversize huge read=${readOrNull(FileFlagDisk(file))}")

        file.writeText(valid)
        val big = FlagValues.of("padding" to "x".repeat(FlagSnapshot.MAX_COPY_BYTES))
        val refused = try {
            FileFlagDisk(file).write(FlagSnapshot("u1", 6L, big))
            "written"
        } catch (e: IOException) {
            "threw"
        }
        println("oversize notWritten $refused kept=${FileFlagDisk(file).read()?.fetchedAtMillis} length=${file.length() == valid.length.toLong()}")

        val starts = File(file.path + ".starts")
        starts.writeText(padded("2", 4096))
        val startsAtLimit = FileFlagDisk(file).unfinishedStarts()
        starts.writeText(padded("2", 4097))
        println("oversize starts atLimit=$startsAtLimit over=${FileFlagDisk(file).unfinishedStarts()}")

        // Counted in bytes of UTF-8: 2, 3 and 4 bytes for 1, 1 and 2 characters.
        val wide = FlagSnapshot("u1", 5L, FlagValues.of("label" to "é€😀".repeat(900_000))).toJson()
        println(
            "oversize utf8 chars=${wide.length < FlagSnapshot.MAX_COPY_BYTES}" +
                " atLimit=${FlagSnapshot.fromJson(padded(wide, FlagSnapshot.MAX_COPY_BYTES)) != null}" +
                " over=${FlagSnapshot.fromJson(padded(wide, FlagSnapshot.MAX_COPY_BYTES + 1))}"
        )

        val ten = "aaaaaaaaaa".toByteArray()
        println(
            "oversize readText atLimit=${FlagValues.readText(ByteArrayInputStream(ten), 10)}" +
                " over=${FlagValues.readText(ByteArrayInputStream(ten + "b".toByteArray()), 10)}" +
                " big=${FlagValues.readText(ByteArrayInputStream(ByteArray(FlagSnapshot.MAX_BYTES + 1)))}"
        )
    } finally {
        folder.deleteRecursively()
    }
}

fun wrongType() = runCase {
    val wrong = mapOf(
        "new_checkout" to "\"yes\"",
        "chat_media_enabled" to "0",
        "checkout_button_label" to "42",
        "max_items" to "1.5",
        "price_factor" to "\"x\"",
        "paywall" to "\"Sale\"",
        "unknown_flag" to "true"
    )
    val s = store(FakeSource(null), InMemoryFlagDisk(FlagSnapshot("u1", 1L, wrong)))
    s.start("u1")
    println("wrongType " + describe(s.view()))
    val broken = mapOf(
        "new_checkout" to "tru",
        "checkout_button_label" to "null",
        "max_items" to "1e400",
        "price_factor" to "",
        "chat_media_enabled" to "false,\"x\":1"
    )
    val t = store(FakeSource(null), InMemoryFlagDisk(FlagSnapshot("u1", 1L, broken)))
    t.start("u1")
    println("wrongType notJson " + describe(t.view()))
    val converted = mapOf("max_items" to "7.0", "price_factor" to "3", "new_checkout" to "true")
    val u = store(FakeSource(null), InMemoryFlagDisk(FlagSnapshot("u1", 1L, converted)))
    u.start("u1")
    val big = store(FakeSource(null), InMemoryFlagDisk(FlagSnapshot("u1", 1L, mapOf("max_items" to "9223372036854775807"))))
    big.start("u1")
    val inexact = store(FakeSource(null), InMemoryFlagDisk(FlagSnapshot("u1", 1L, mapOf("max_items" to "1e17"))))
    inexact.start("u1")
    println(
        "wrongType converted " + describe(u.view()) + " big=" + big.view().value(maxItems) +
            " inexact=" + inexact.view().value(maxItems)
    )
}

fun badConfig() = runCase {
    val cases = listOf(
        "missingTitle" to "{\"trialDays\":7}",
        "outOfRange" to "{\"title\":\"x\",\"trialDays\":99}",
        "wrongField" to "{\"title\":\"x\",\"trialDays\":\"3\"}",
        "array" to "[{\"title\":\"x\"}]",
        "broken" to "{\"title\":\"x\"",
        "valid" to "{\"title\":\"Sale\",\"trialDays\":3,\"extra\":{\"a\":[1]}}"
    )
    val results = cases.map { (name, text) ->
        val s = store(FakeSource(null), InMemoryFlagDisk(FlagSnapshot("u1", 1L, mapOf("paywall" to text))))
        s.start("u1")
        val view = s.view()
        val first = view.value(paywall)
        val again = view.value(paywall)
        "$name=${first.title}/${first.trialDays}" + if (first == again) "" else "(unstable)"
    }
    println("badConfig " + results.joinToString(" "))
}

/**
 * An enum flag and a config's enum property: a listed value is its entry; anything else (an
 * unknown value, the same letters decomposed in Unicode, another JSON type) is the default,
 * and a config with an unknown enum value does not decode.
 */
fun enums() = runCase {
    suspend fun view(values: Map<String, String>): FlagView {
        val s = store(FakeSource(null), InMemoryFlagDisk(FlagSnapshot("u1", 1L, values)))
        s.start("u1")
        return s.view()
    }
    val themes = listOf(
        "default" to null,
        "listed" to "\"high-contrast\"",
        "accented" to "\"caf\u00e9\"",
        "decomposed" to "\"cafe\u0301\"",
        "unknown" to "\"sepia\"",
        "case" to "\"DARK\"",
        "number" to "7"
    ).map { (name, text) ->
        val theme = view(if (text == null) emptyMap() else mapOf("checkout_theme" to text)).value(checkoutTheme)
        "$name=${theme.name}/${theme.value}"
    }
    println("enums theme " + themes.joinToString(" "))
    val exhaustive = when (StoreFlags.checkoutTheme.defaultValue) {
        StoreFlags.CheckoutTheme.Light -> "light"
        StoreFlags.CheckoutTheme.Dark -> "dark"
        StoreFlags.CheckoutTheme.HighContrast -> "high-contrast"
        StoreFlags.CheckoutTheme.Caf -> "café"
    }
    println("enums default $exhaustive fromValue=${StoreFlags.CheckoutTheme.fromValue("light")} none=${StoreFlags.CheckoutTheme.fromValue("Light")}")
    val banners = listOf(
        "listed" to "{\"text\":\"Sale\",\"tone\":\"loud\"}",
        "omitted" to "{\"text\":\"Sale\"}",
        "unknown" to "{\"text\":\"Sale\",\"tone\":\"shouting\"}",
        "decomposed" to "{\"text\":\"Sale\",\"tone\":\"cafe\u0301\"}",
        "accented" to "{\"text\":\"Sale\",\"tone\":\"caf\u00e9\"}",
        "number" to "{\"text\":\"Sale\",\"tone\":1}"
    ).map { (name, text) ->
        val config = view(mapOf("banner" to text)).value(banner)
        "$name=${config.text}/${config.tone}/${config.tone.value}"
    }
    println("enums banner " + banners.joinToString(" "))
    val keys = java.util.EnumMap<com.example.store.FlagKey, Int>(com.example.store.FlagKey::class.java)
    keys[com.example.store.FlagKey.CheckoutTheme] = 1
    println(
        "enums keys " + com.example.store.FlagKey.values().size + " " + com.example.store.FlagKey.valueOf("Banner").key +
            " " + com.example.store.FlagKey.fromKey("checkout_theme") + " " + keys
    )
}

fun flagValues() {
    val texts = FlagValues.of(
        "b" to false,
        "s" to "a\"b\\c",
        "i" to 7,
        "l" to -9223372036854775807L,
        "d" to 0.1,
        "o" to JSONObject().put("k", "v")
    )
    println("values of " + texts.toSortedMap())
    val members = FlagValues.fromJson(JSONObject("{\"a\":true,\"b\":null,\"c\":{\"x\":[1]},\"d\":2.5,\"e\":\"s\",\"f\":12}"))
    println("values fromJson " + members.toSortedMap())
    val rejected = listOf<Any>(Double.NaN, Double.POSITIVE_INFINITY, 1.5f, listOf(1)).map {
        try {
            FlagValues.text(it)
            "accepted"
        } catch (e: IllegalArgumentException) {
            "rejected"
        }
    }
    println("values rejected $rejected")
    val snapshot = FlagSnapshot(null, 42L, texts)
    val text = snapshot.toJson()
    println(
        "values snapshot roundtrip=${FlagSnapshot.fromJson(text) == snapshot} format=${JSONObject(text).get("format")}" +
            " truncated=${FlagSnapshot.fromJson(text.dropLast(1))} corrupt=${FlagSnapshot.fromJson("{\"format\":1}")}"
    )
}

fun rootManifest() = runCase {
    // The store generated from the repository's own flags.yaml (package com.example.flags).
    val rootSaved = com.example.flags.FlagSnapshot(
        "u1",
        1L,
        com.example.flags.FlagValues.of("new_checkout" to true, "paywall" to JSONObject().put("title", "Sale"))
    )
    val root = com.example.flags.FlagStore(
        object : com.example.flags.FlagSource {
            override suspend fun fetch(userKey: String?): Map<String, String>? = null
        },
        com.example.flags.InMemoryFlagDisk(rootSaved),
        { clock }
    )
    root.start("u1")
    val view = root.view()
    println(
        "root checkout=" + view.isOn(com.example.flags.Flags.newCheckout) +
            " media=" + view.isOn(com.example.flags.Flags.chatMediaEnabled) +
            " label=" + view.value(com.example.flags.Flags.checkoutButtonLabel) +
            " paywall=" + view.value(com.example.flags.Flags.paywall)
    )
}


/** Firebase's strings become every flag type, with the typed fallback; buckets go as signals. */
fun firebase() = runCase {
    val remote = mutableMapOf<String, String>()
    val signals = mutableListOf<Map<String, Long>>()
    var failing = false
    val source = FirebaseFlagSource(
        flags = com.example.store.StoreFlags.all,
        buckets = FirebaseBuckets.PerFlag(listOf("new_checkout")),
        fetchAndActivate = { if (failing) throw IOException("throttled") },
        remoteValue = { key -> remote[key] },
        setCustomSignals = { signals.add(it) }
    )
    fun convert(default: Any, vararg texts: String) = texts.joinToString(",") { FirebaseFlagSource.convert(it, default) ?: "-" }
    println("firebase bool " + convert(false, "true", "TRUE", "yes", "on", "1", "false", "0", "no", "off", "", "maybe"))
    println("firebase string " + convert("", "Pay now", "", "a\"b"))
    println("firebase int " + convert(0L, "50", " 7 ", "1e2", "7.5", "9223372036854775807", "9223372036854775808", "1e16", "abc", "16f", "0x10p0", "16d", "+7", "07"))
    println("firebase double " + convert(0.0, "0.25", "3", "NaN", "1e400", "x"))
    println("firebase json " + convert(JSONObject(), "{\"title\":\"Sale\"}", "{'title':1}", "[1]", "{\"a\":1,\"a\":2}"))
    remote["new_checkout"] = "true"
    remote["max_items"] = "not a number"
    remote["paywall"] = "{\"title\":\"Sale\",\"trialDays\":3}"
    remote["not_declared"] = "true"
    val disk = InMemoryFlagDisk()
    val s = FlagStore(source, disk, { clock })
    val errors = mutableListOf<String>()
    s.onError = { errors.add(it.kind.tag) }
    s.start("acct-42")
    val fetched = s.refresh()
    println("firebase fetched=$fetched values=" + disk.snapshot?.values?.toSortedMap() + " signals=" + signals)
    s.switchUser(null)
    println("firebase signedOut signals=" + signals.last() + " shared=" + FirebaseBuckets.Shared().signals("acct-42"))
    failing = true
    println("firebase failing refresh=" + s.refresh() + " errors=" + errors)
}

/** A disk on a small key-value interface, as DataStore Preferences backs it. */
fun keyValue() = runCase {
    val map = HashMap<String, String>()
    var broken = false
    val values = object : FlagKeyValues {
        override suspend fun get(key: String): String? = if (broken) throw IOException("corrupt DataStore") else map[key]
        override suspend fun set(key: String, value: String?) {
            if (value == null) map.remove(key) else map[key] = value
        }
    }
    val disk = KeyValueFlagDisk(values)
    disk.write(saved)
    disk.setUnfinishedStarts(2)
    println("keyValue roundtrip=" + (disk.read() == saved) + " starts=" + disk.unfinishedStarts() + " keys=" + map.keys.sorted())
    disk.clear()
    map["flags.snapshot"] = "{\"format\":1,"
    println("keyValue cleared corrupt=" + readOrNull(disk) + " starts=" + disk.unfinishedStarts())
    map.remove("flags.unfinished_starts")
    disk.write(saved)
    broken = true
    val s = store(FakeSource(null), disk)
    val errors = mutableListOf<String>()
    s.onError = { errors.add(it.kind.tag) }
    s.start("u1")
    println("keyValue broken " + describe(s.view()) + " errors=" + errors.distinct())
}

/** The kill-switch stream for coroutines 1.0: a channel of changed keys. */
fun channel() = runCase {
    val source = FakeSource(FlagValues.of("chat_media_enabled" to false))
    val s = store(source, InMemoryFlagDisk(saved))
    s.start("u1")
    val changes = s.killSwitchChanges()
    s.refresh()
    val first = changes.receive()
    source.result = FlagValues.of("chat_media_enabled" to true)
    val reader = async { val seen = mutableListOf<Set<String>>(); for (keys in changes) seen.add(keys); seen }
    s.refresh()
    yield()
    changes.close()
    val after = s.refresh()
    println("channel first=$first loop=${reader.await()} afterClose=$after next=${changes.receive()}")
}

/** A corrupt saved copy is no copy, and reaches the error hook. */
fun corruptCopy() = runCase {
    val errors = mutableListOf<String>()
    val file = Files.createTempFile("flags", ".json").toFile()
    file.writeText("{\"format\":1,")
    val corrupt = store(FakeSource(null), FileFlagDisk(file))
    corrupt.onError = { errors.add(it.kind.tag + ":" + it.cause?.message) }
    corrupt.start("u1")
    println("corrupt errors=$errors " + describe(corrupt.view()))
    file.delete()
}

/** Two disks on one file (two processes) write at once while a third reads: never a bad read. */
fun concurrentWriters() {
    val folder = Files.createTempDirectory("flags-concurrent").toFile()
    val file = File(folder, "flags.json")
    runBlocking { FileFlagDisk(file).write(saved) }
    var bad = 0
    val writers = (0 until 2).map { writer ->
        Thread {
            val disk = FileFlagDisk(file)
            runBlocking { repeat(200) { disk.write(saved.copy(fetchedAtMillis = it.toLong() + writer)) } }
        }
    }
    val reader = Thread {
        val disk = FileFlagDisk(file)
        runBlocking { repeat(800) { if (readOrNull(disk) == null) bad++ } }
    }
    (writers + reader).forEach { it.start() }
    (writers + reader).forEach { it.join() }
    val leftovers = folder.list()!!.filter { it.endsWith(".tmp") }
    println("concurrent bad=$bad leftovers=$leftovers")
    folder.deleteRecursively()
}

/** A file disk whose folder cannot be written reports the failed write. */
fun failedWrite() = runCase {
    val folder = Files.createTempDirectory("flags-readonly").toFile()
    val blocker = File(folder, "not-a-folder")
    blocker.writeText("x")
    val s = store(FakeSource(newerValues), FileFlagDisk(File(blocker, "flags.json")))
    val errors = mutableListOf<String>()
    s.onError = { errors.add(it.kind.tag + ":" + (it.cause?.javaClass?.simpleName ?: "")) }
    s.start("u1")
    println("failedWrite refresh=" + s.refresh() + " errors=" + errors.distinct())
    folder.deleteRecursively()
}

/** What a careless source throws, a StackOverflowError included, never escapes the store. */
fun hostileSource() = runCase {
    val deep = "[".repeat(100_000) + "]".repeat(100_000)
    val lenient = object : FlagSource {
        override suspend fun fetch(userKey: String?): Map<String, String>? =
            FlagValues.fromJson(JSONObject("{\"flags\":{\"a\":$deep}}").getJSONObject("flags"))
    }
    val s = store(lenient, InMemoryFlagDisk(saved))
    val errors = mutableListOf<String>()
    s.onError = { errors.add(it.kind.tag + ":" + (it.cause?.javaClass?.simpleName ?: "")) }
    s.start("u1")
    val refreshed = s.refresh()
    val strict = FlagValues.fromResponse("{\"flags\":{\"a\":$deep}}")
    println("hostile refresh=$refreshed strict=$strict errors=$errors " + describe(s.view()))
}

/**
 * A counter file the store did not write (negative, or Int.MAX_VALUE) changes nothing: the third
 * of three crashing starts is in safe mode, and the count never wraps around.
 */
fun damagedCounter() = runCase {
    val folder = Files.createTempDirectory("flags-counter").toFile()
    try {
        val file = File(folder, "flags.json")
        for (count in listOf("-5", "2147483647", "99999999999")) {
            File(file.path + ".starts").writeText(count)
            val safe = List(3) { store(FakeSource(null), FileFlagDisk(file)).apply { start("u1") }.isSafeMode }
            println("counter $count safe=$safe counter=${FileFlagDisk(file).unfinishedStarts()}")
        }
    } finally {
        folder.deleteRecursively()
    }
}

/**
 * An answer within the limit is saved and read back at the next start, however much escaping
 * its values as texts grows the copy: here every byte of the value doubles.
 */
fun inflatedCopy() = runCase {
    val folder = Files.createTempDirectory("flags-inflated").toFile()
    try {
        val file = File(folder, "flags.json")
        val backslashes = (FlagSnapshot.MAX_BYTES - 100) / 2
        val body = "{\"version\":\"v1\",\"flags\":{\"checkout_button_label\":\"" + "\\\\".repeat(backslashes) + "\"}}"
        val writer = store(FakeSource(FlagValues.fromResponse(body)), FileFlagDisk(file))
        val errors = mutableListOf<String>()
        writer.onError = { errors.add(it.kind.tag) }
        writer.start("u1")
        writer.startFinished()
        val refreshed = writer.refresh()
        val reader = store(FakeSource(null), FileFlagDisk(file))
        reader.onError = { errors.add(it.kind.tag) }
        reader.start("u1")
        val label = reader.view().value(checkoutButtonLabel)
        println(
            "inflated body=${body.length <= FlagSnapshot.MAX_BYTES} copy=${file.length() > FlagSnapshot.MAX_BYTES}" +
                " refresh=$refreshed errors=$errors readBack=${label == "\\".repeat(backslashes)}"
        )
    } finally {
        folder.deleteRecursively()
    }
}

/**
 * Found in a review: an error hook that throws an Error (`TODO("log it")`) escaped the store; an
 * answer read with `FlagValues.fromJson` whose names the saved copy reads alike (`é` written two
 * ways) was saved, and every next start refused the copy; and an invalid config read on several
 * threads at once was reported more than once.
 */
fun reviewed() = runCase {
    val throwing = store(FakeSource(null), InMemoryFlagDisk(saved))
    throwing.onError = { TODO("log it") }
    throwing.start("u1")
    println("reviewed hookError refresh=" + throwing.refresh())

    val members = FlagValues.fromJson(JSONObject().put("caf\u00e9", true).put("cafe\u0301", false).put("new_checkout", false))
    val folder = Files.createTempDirectory("flags-ambiguous").toFile()
    val file = File(folder, "flags.json")
    val errors = mutableListOf<String>()
    val first = store(FakeSource(members), FileFlagDisk(file))
    first.onError = { errors.add(it.kind.tag) }
    first.start("u1")
    val refreshed = first.refresh()
    val next = store(FakeSource(null), FileFlagDisk(file))
    next.onError = { errors.add(it.kind.tag) }
    next.start("u1")
    println("reviewed ambiguous members=" + members.toSortedMap() + " refresh=$refreshed nextCheckout=" + next.view().isOn(newCheckout) + " errors=$errors")
    File(folder, ".flags.json.1234.tmp").writeText("{\"format\":1,") // a write killed mid-way
    File(folder, "other.tmp").writeText("not ours")
    FileFlagDisk(file).clear()
    println("reviewed cleared left=" + folder.list()!!.sorted())
    folder.deleteRecursively()

    var repeated = 0
    repeat(100) {
        val s = store(FakeSource(null), InMemoryFlagDisk(FlagSnapshot("u1", 1L, mapOf("paywall" to "{\"trialDays\":7}"))))
        val reports = java.util.concurrent.atomic.AtomicInteger()
        s.onError = { reports.incrementAndGet() }
        s.start("u1")
        val view = s.view()
        val readers = (0 until 8).map { Thread { view.value(paywall) } }
        readers.forEach { it.start() }
        readers.forEach { it.join() }
        if (reports.get() != 1) repeated++
    }
    println("reviewed configReportedOnce sessionsReportingOtherThanOnce=$repeated")
}

/**
 * Found by a hunt: a source written in Java (or a map from an unchecked cast) handed over a null
 * or a Boolean value, and refresh() and switchUser() threw; a pretty-printed answer, its newlines
 * written as \u000a, made a copy too large to save; a lone surrogate in a value or a user key
 * was saved as `?`.
 */
fun hostileMaps() = runCase {
    val folder = Files.createTempDirectory("flags-maps").toFile()
    try {
        @Suppress("UNCHECKED_CAST")
        val nulls = hashMapOf<String, String?>("new_checkout" to null, "max_retries" to "4") as Map<String, String>
        @Suppress("UNCHECKED_CAST")
        val booleans = hashMapOf<String, Any>("new_checkout" to true, "max_retries" to "5") as Map<String, String>
        for ((name, map) in listOf("nulls" to nulls, "booleans" to booleans)) {
            val errors = mutableListOf<String>()
            val s = store(FakeSource(map), InMemoryFlagDisk())
            s.onError = { errors.add(it.kind.tag) }
            s.start("u1")
            val refreshed = s.refresh()
            val switched = s.switchUser("u2")
            println("maps $name refresh=$refreshed switch=$switched errors=$errors")
        }
        val file = File(folder, "flags.json")
        val body = "{\"version\":\"v1\",\"flags\":{\"new_checkout\":[" + "\n".repeat(FlagSnapshot.MAX_BYTES - 200) + "1]}}"
        val writer = store(FakeSource(FlagValues.fromResponse(body)), FileFlagDisk(file))
        val errors = mutableListOf<String>()
        writer.onError = { errors.add(it.kind.tag) }
        writer.start("u1")
        writer.startFinished()
        println("maps pretty body=${body.length <= FlagSnapshot.MAX_BYTES} refresh=${writer.refresh()} errors=$errors saved=${file.exists()}")
        val lone = File(folder, "lone.json")
        val first = store(FakeSource(mapOf("checkout_button_label" to "\"Pay\uD800now\"")), FileFlagDisk(lone))
        first.start("acct\uD800")
        first.refresh()
        val next = store(FakeSource(null), FileFlagDisk(lone))
        next.start("acct\uD800")
        val label = next.view().value(checkoutButtonLabel)
        println("maps lone label=${label == "Pay\uFFFDnow"} bucket=${Bucket.of("acct\uD800", "new_checkout") == Bucket.of("acct\uFFFD", "new_checkout")}")
    } finally {
        folder.deleteRecursively()
    }
}

fun main() {
    val cases = listOf(
        "firstLaunch" to ::firstLaunchOffline,
        "nextSession" to ::nextSession,
        "killSwitch" to ::killSwitch,
        "failedFetch" to ::failedFetch,
        "otherUser" to ::otherUser,
        "safeMode" to ::safeMode,
        "clockBack" to ::clockMovedBack,
        "fresh" to ::freshSnapshot,
        "lateRefresh" to ::lateRefresh,
        "file" to ::fileDisk,
        "oversize" to ::oversize,
        "wrongType" to ::wrongType,
        "badConfig" to ::badConfig,
        "enums" to ::enums,
        "values" to ::flagValues,
        "root" to ::rootManifest,
        "firebase" to ::firebase,
        "keyValue" to ::keyValue,
        "channel" to ::channel,
        "corrupt" to ::corruptCopy,
        "concurrent" to ::concurrentWriters,
        "failedWrite" to ::failedWrite,
        "hostile" to ::hostileSource,
        "counter" to ::damagedCounter,
        "inflated" to ::inflatedCopy,
        "reviewed" to ::reviewed,
        "maps" to ::hostileMaps
    )
    for ((name, case) in cases) {
        try {
            case()
        } catch (e: Throwable) {
            println("$name failed: $e")
        }
    }
    println("done")
}
