// Runs every case of the store specification (store-spec.json beside this file) against the
// FlagStore.kt generated from spec.yaml (package com.example.spec). KotlinSpecTests compiles it
// with the generated runtime and runs it; it prints one line per case, `PASS name`,
// `FAIL name: what went wrong` or `SKIP name: why` (only for cases marked `contention`, when the
// coroutines on the class path cannot wait on a Mutex), then `cases N`. The Swift runner is Tests/FlagKitSpecTests.
package flaggentest.spec

import com.example.spec.FlagDisk
import com.example.spec.FlagSnapshot
import com.example.spec.FlagSource
import com.example.spec.FlagStore
import com.example.spec.FlagValues
import com.example.spec.FlagView
import com.example.spec.SpecConfig
import com.example.spec.SpecFlags
import java.io.ByteArrayInputStream
import java.io.ByteArrayOutputStream
import java.io.File
import java.io.IOException
import kotlinx.coroutines.CompletableDeferred
import kotlinx.coroutines.Deferred
import kotlinx.coroutines.GlobalScope
import kotlinx.coroutines.async
import kotlinx.coroutines.delay
import kotlinx.coroutines.runBlocking
import kotlinx.coroutines.sync.Mutex
import kotlinx.coroutines.sync.withLock
import kotlinx.coroutines.withTimeout
import kotlinx.coroutines.yield
import org.json.JSONArray
import org.json.JSONObject

class SpecFailure(message: String) : Exception(message)

/** A text of the specification, with `<<nest N>>` written out as N nested arrays. */
fun specText(text: String): String {
    val match = Regex("<<nest (\\d+)>>").find(text) ?: return text
    val count = match.groupValues[1].toInt()
    return text.replaceRange(match.range, "[".repeat(count) + "]".repeat(count))
}

/**
 * The bytes of a text of the specification: its UTF-8 (after [specText]), with each
 * `<<bytes ED A0 80>>` written out as those bytes, so a case can hold bytes that are not UTF-8.
 */
fun specBytes(text: String): ByteArray {
    val bytes = ByteArrayOutputStream()
    var rest = specText(text)
    while (true) {
        val open = rest.indexOf("<<bytes ")
        val close = if (open < 0) -1 else rest.indexOf(">>", open)
        if (close < 0) break
        bytes.write(rest.substring(0, open).toByteArray(Charsets.UTF_8))
        for (pair in rest.substring(open + "<<bytes ".length, close).split(' ')) bytes.write(pair.toInt(16))
        rest = rest.substring(close + 2)
    }
    bytes.write(rest.toByteArray(Charsets.UTF_8))
    return bytes.toByteArray()
}

/** Holds calls until [release]. */
class Gate {
    @Volatile private var open = CompletableDeferred(Unit)
    @Volatile var waiting = 0

    fun close() {
        if (open.isCompleted) open = CompletableDeferred()
    }

    suspend fun pass() {
        val current = open
        if (current.isCompleted) return
        waiting++
        current.await()
    }

    fun release() {
        open.complete(Unit)
    }
}

/**
 * The case's disk: the saved copy as the bytes FileFlagDisk writes (UTF-8, so a text a file
 * cannot hold does not survive here either), read back on every read as FileFlagDisk reads it.
 */
class SpecDisk(disk: JSONObject) : FlagDisk {
    private var copy: ByteArray? = null
    var unfinished: Int = disk.optInt("unfinished", 0)
    private val failing = disk.optJSONArray("failing")?.let { array -> List(array.length()) { array.getString(it) } } ?: emptyList()
    val readGate = Gate()

    init {
        val copies = disk.optJSONArray("copies") ?: JSONArray()
        if (copies.length() > 1) throw SpecFailure("a Kotlin disk holds one copy")
        if (copies.length() == 1) {
            val spec = copies.getJSONObject(0)
            val written = spec.getString("values")
            // `<<bytes …>>` may be bytes that are not UTF-8: they go through the copy format as
            // ISO-8859-1 characters, one per byte, so they reach the disk as the case wrote them.
            val raw = written.contains("<<bytes ")
            val charset = if (raw) Charsets.ISO_8859_1 else Charsets.UTF_8
            val values = valuesOf(if (raw) String(specBytes(written), charset) else specText(written))
            val user = if (spec.isNull("user")) null else spec.getString("user")
            if (raw && user != null && user.any { it >= '\u0080' }) throw SpecFailure("a copy with <<bytes>> needs an ASCII user")
            val fetchedAt = if (spec.isNull("fetchedAt")) 0L else spec.getLong("fetchedAt")
            // Each value's exact text, so hostile numbers reach the store as written; a values
            // object that is not strict JSON makes a copy that does not decode, as on iOS.
            val text = if (values == null) "{\"format\":1,\"values\":" else FlagSnapshot(user, fetchedAt, values).toJson()
            copy = text.toByteArray(charset)
        }
    }

    private fun check(operation: String) {
        if (operation in failing) throw IOException("the disk's $operation failed")
    }

    override suspend fun read(): FlagSnapshot? {
        readGate.pass()
        check("read")
        val text = copy?.let { FlagValues.readText(ByteArrayInputStream(it), FlagSnapshot.MAX_COPY_BYTES) }
        return text?.let { FlagSnapshot.fromJson(it) }
    }

    override suspend fun write(snapshot: FlagSnapshot) {
        check("write")
        copy = snapshot.toJson().toByteArray(Charsets.UTF_8)
    }

    override suspend fun clear() {
        check("clear")
        copy = null
    }

    override suspend fun unfinishedStarts(): Int {
        check("starts")
        return unfinished
    }

    override suspend fun setUnfinishedStarts(count: Int) {
        check("starts")
        unfinished = count
    }
}

/** The member texts of a saved copy's `values` object as the spec writes it, read strictly. */
fun valuesOf(objectText: String): Map<String, String>? = FlagValues.fromResponse("{\"flags\":$objectText}")

/** The case's source: answers its results in order, repeating the last. */
class SpecSource(private val results: JSONArray) : FlagSource {
    @Volatile var calls = 0
    val gate = Gate()

    override suspend fun fetch(userKey: String?): Map<String, String>? {
        if (results.length() == 0) return null
        val result = results.getJSONObject(minOf(calls, results.length() - 1))
        calls++
        if (result.optBoolean("hold")) {
            gate.close()
            gate.pass()
        }
        result.optJSONObject("values")?.let { values ->
            return values.keys().asSequence().associateWith { specText(values.getString(it)) }
        }
        if (result.has("body")) {
            // As an app's source reads an answer: the body's bytes with readText, then fromResponse.
            val body = FlagValues.readText(ByteArrayInputStream(specBytes(result.getString("body")))) ?: return null
            return FlagValues.fromResponse(body)
        }
        return when (result.optString("fail")) {
            "throw" -> throw IOException("the source threw")
            "timeout" -> withTimeout(1L) { delay(10_000L); null }
            else -> null
        }
    }
}

/** One case, run step by step. */
class SpecRun(private val case: JSONObject) {
    @Volatile private var clock: Long = case.optLong("clock", 0L)
    private val disk = SpecDisk(case.optJSONObject("disk") ?: JSONObject())
    private val source = SpecSource(case.optJSONArray("source") ?: JSONArray())
    private var store = makeStore()
    private val views = HashMap<String, FlagView>()
    private val heard = HashMap<String, MutableList<List<String>>>()
    private val errors = sortedSetOf<String>()
    private val pending = mutableListOf<Triple<Deferred<Boolean>, Boolean?, Int>>()

    private fun makeStore(): FlagStore {
        val store = FlagStore(source, disk, { clock }, SpecFlags.all)
        store.onError = { error -> synchronized(errors) { errors.add(error.kind.tag) } }
        return store
    }

    /** Null when every step gave the expected answer, else what went wrong. */
    fun run(): String? = runBlocking {
        val steps = case.getJSONArray("steps")
        for (index in 0 until steps.length()) {
            val step = steps.getJSONObject(index)
            try {
                perform(step, index)
            } catch (e: Throwable) {
                return@runBlocking "step ${index + 1} (${step.optString("do")}): ${e.message ?: e}"
            }
        }
        null
    }

    private suspend fun perform(step: JSONObject, index: Int) {
        val user = if (!step.has("user") || step.isNull("user")) null else step.getString("user")
        val expect = if (step.has("expect") && step.get("expect") is Boolean) step.getBoolean("expect") else null
        val async = step.optBoolean("async")
        when (step.getString("do")) {
            "start" -> {
                if (step.optBoolean("holdDisk")) disk.readGate.close()
                if (async) {
                    val store = store
                    launch(GlobalScope.async { store.start(user); true }, null, index) { disk.readGate.waiting > 0 }
                } else {
                    store.start(user)
                }
            }
            "refresh", "refreshIfStale" -> {
                val store = store
                val name = step.getString("do")
                val call: suspend () -> Boolean = if (name == "refresh") ({ store.refresh() }) else ({ store.refreshIfStale() })
                if (async) {
                    val heldByStart = step.optString("heldBy") == "start"
                    launch(GlobalScope.async { call() }, expect, index) { heldByStart || source.gate.waiting > 0 }
                } else {
                    compare("$name()", call(), expect)
                }
            }
            "switchUser" -> compare("switchUser()", store.switchUser(user), expect)
            "startFinished" -> store.startFinished()
            "enteredBackground" -> store.enteredBackground()
            "restart" -> {
                store = makeStore()
                views.clear()
            }
            "clock" -> clock = step.getLong("set")
            "view" -> views[step.getString("as")] = store.view()
            "listen" -> {
                val name = step.getString("as")
                val throwing = step.optBoolean("throws")
                val calls = heard.getOrPut(name) { mutableListOf() }
                store.addKillSwitchListener { keys ->
                    calls.add(keys.sorted())
                    if (throwing) throw IllegalStateException("the listener threw")
                }
            }
            "release" -> {
                disk.readGate.release()
                source.gate.release()
                val launched = pending.toList()
                pending.clear()
                for ((call, expected, at) in launched) compare("the call of step ${at + 1}", call.await(), expected)
            }
            "check" -> {
                val name = step.optString("view", "new")
                val view = if (name == "new") store.view() else views[name] ?: throw SpecFailure("no view $name")
                check(view, step.getJSONObject("answers"))
            }
            "expect" -> expectations(step)
            else -> throw SpecFailure("unknown step")
        }
    }

    /** Waits until [call] is held ([isHeld]), at most a few seconds. */
    private suspend fun launch(call: Deferred<Boolean>, expect: Boolean?, index: Int, isHeld: () -> Boolean) {
        pending.add(Triple(call, expect, index))
        repeat(50) { // Let the call run up to where it waits.
            yield()
            Thread.sleep(1)
        }
        repeat(5_000) {
            if (isHeld()) return
            yield()
            Thread.sleep(1)
        }
        throw SpecFailure("the call was never held")
    }

    private fun compare(what: String, actual: Boolean, expected: Boolean?) {
        if (expected != null && expected != actual) throw SpecFailure("$what returned $actual, expected $expected")
    }

    private fun check(view: FlagView, answers: JSONObject) {
        for (key in answers.keys().asSequence().sorted()) {
            val (actual, wanted) = when (key) {
                "on", "kill" -> view.isOn(if (key == "on") SpecFlags.on else SpecFlags.kill).toString() to answers.getBoolean(key).toString()
                "label" -> view.value(SpecFlags.label) to answers.getString(key)
                "count" -> view.value(SpecFlags.count).toString() to answers.getLong(key).toString()
                "ratio" -> view.value(SpecFlags.ratio).toString() to answers.getDouble(key).toString()
                "config" -> describe(view.value(SpecFlags.config)) to answers.getString(key)
                else -> throw SpecFailure("unknown flag $key")
            }
            if (actual != wanted) throw SpecFailure("$key read ${JSONObject.quote(actual)}, expected ${JSONObject.quote(wanted)}")
        }
    }

    // The enum entry as its exact string, as the specification writes it.
    private fun describe(config: SpecConfig): String = "${config.title}/${config.days}/${config.big}/${config.style.value}"

    private fun expectations(step: JSONObject) {
        if (step.has("calls") && source.calls != step.getInt("calls")) {
            throw SpecFailure("the source was called ${source.calls} times, expected ${step.getInt("calls")}")
        }
        step.optJSONArray("errors")?.let { array ->
            val expected = List(array.length()) { array.getString(it) }.sorted()
            val actual = synchronized(errors) { errors.toList() }
            if (actual != expected) throw SpecFailure("errors reported: $actual, expected $expected")
        }
        step.optJSONObject("heard")?.let { expected ->
            for (name in expected.keys()) {
                val calls = expected.getJSONArray(name)
                val wanted = List(calls.length()) { i -> calls.getJSONArray(i).let { keys -> List(keys.length()) { keys.getString(it) } } }
                val actual = heard[name] ?: emptyList<List<String>>()
                if (actual != wanted) throw SpecFailure("listener $name heard $actual, expected $wanted")
            }
        }
        if (step.has("safeMode") && store.isSafeMode != step.getBoolean("safeMode")) {
            throw SpecFailure("isSafeMode is ${store.isSafeMode}, expected ${step.getBoolean("safeMode")}")
        }
        if (step.has("unfinished") && disk.unfinished != step.getInt("unfinished")) {
            throw SpecFailure("unfinished starts: ${disk.unfinished}, expected ${step.getInt("unfinished")}")
        }
    }
}

/**
 * Whether a coroutine can wait on a locked Mutex here. Debian's kotlinx-coroutines 1.0.1 was
 * built without its atomicfu step, and a contended Mutex throws `NoSuchFieldError: _state`; the
 * store's lock is then never waited on in these tests, and cases marked `contention` are skipped.
 */
fun contendedMutexWorks(): Boolean =
    try {
        runBlocking {
            val mutex = Mutex()
            val holder = GlobalScope.async { mutex.withLock { delay(20L) } }
            delay(5L)
            val waiter = GlobalScope.async { mutex.withLock { true } }
            holder.await()
            waiter.await()
        }
    } catch (e: Throwable) {
        false
    }

fun main(arguments: Array<String>) {
    val spec = JSONObject(File(arguments[0]).readText())
    val cases = spec.getJSONArray("cases")
    val contention = contendedMutexWorks()
    for (index in 0 until cases.length()) {
        val case = cases.getJSONObject(index)
        val name = case.getString("name")
        if (case.optBoolean("contention") && !contention) {
            println("SKIP $name: this kotlinx-coroutines build cannot wait on a contended Mutex (Debian's 1.0.1: NoSuchFieldError _state)")
            continue
        }
        val failure = try {
            SpecRun(case).run()
        } catch (e: Throwable) {
            "the case threw $e"
        }
        println(if (failure == null) "PASS $name" else "FAIL $name: $failure")
    }
    println("cases ${cases.length()}")
}
