# The Python that drives Polyglot Piranha for `flaggen remove` (PiranhaDriver.swift runs it).
# For each file of job.json in the folder it is given: a match-only pass that finds the flag's
# reads, the checks that refuse reads whose rewrite would change what the code means, then the
# rewrite, all on the text (`code_snippet`) in dry-run mode. It writes the new text beside the
# input and the reads as JSON; it never touches a user's file.
# The binary carries a copy (EmbeddedPiranhaDriver.swift): run Scripts/embed-templates.sh after
# editing this file (a test fails while the copy differs).
import json, os, re, sys
try:
    from polyglot_piranha import execute_piranha, PiranhaArguments, Rule, RuleGraph, OutgoingEdges, Filter
except BaseException as error:
    print("cannot import polyglot_piranha: %s" % error, file=sys.stderr)
    sys.exit(3)

folder = sys.argv[1]
# Piranha makes a scratch folder (tmp.XXXX) in the working directory for each snippet: in the
# user's project, where a killed run would leave it, unless it works in `folder`.
os.chdir(folder)
with open(os.path.join(folder, "job.json"), encoding="utf-8") as handle:
    job = json.load(handle)

def make_rule(spec):
    filters = set()
    if "enclosing" in spec:
        filters.add(Filter(enclosing_node=spec["enclosing"]))
    for query in spec["notEnclosing"]:
        filters.add(Filter(not_enclosing_node=query))
    arguments = dict(name=spec["name"], query=spec["query"], is_seed_rule=spec["isSeed"],
                     holes=set(spec["holes"]), filters=filters)
    if "replaceNode" in spec:
        arguments["replace_node"] = spec["replaceNode"]
        arguments["replace"] = spec["replace"]
    return Rule(**arguments)

def short_circuited(rules, text, data, offset, watched):
    # The (span, read) pairs of `watched` (reads, and uses of locals that hold one) on the right
    # of `&&` or `||` whose left operand holds a call: folding `call() && false` to `false` (or
    # `call() || true` to `true`) would drop the call. Only the right operand is at stake: a
    # read on the left runs first either way.
    spec = rules.get("shortCircuit")
    if not spec:
        return []
    unsafe = []
    for operator in ("and", "or"):
        graph = RuleGraph(rules=[Rule(name="flaggen_" + operator, query=spec[operator])], edges=[])
        found = execute_piranha(PiranhaArguments(rules["language"], code_snippet=text, rule_graph=graph, dry_run=True))
        for summary in found:
            for _, match in summary.matches:
                end = offset(match.range.end_point.row, match.range.end_point.column)
                right = match.matches["rhs"].encode("utf-8")
                begin = end - len(right)
                inside = [item for item in watched if begin <= item[0][0] and item[0][1] <= end]
                if not inside:
                    continue
                negated = right.lstrip().startswith(b"!")
                alone = len(inside) == 1 and inside[0][0][1] == end and data[begin:inside[0][0][0]].strip(b" !") == b""
                value = spec["kept"] != negated
                if not alone or (operator == "and" and not value) or (operator == "or" and value):
                    unsafe += [item for item in inside if item not in unsafe]
    if rules["language"] == "swift":
        unsafe += [item for item in conditions_after_calls(text, data, offset, watched) if item not in unsafe]
    return unsafe

def conditions_after_calls(text, data, offset, watched):
    # Swift's `if a(), flags.isOn(F) {` and `guard a(), ... else`: a condition list is an
    # `&&` too, and a kept-off read would take the whole statement, call and all. Reads in
    # a condition after one that holds a call are unsafe whatever is kept (conservative).
    unsafe = []
    for kind in ("if_statement", "guard_statement", "while_statement"):
        for start, end in matched("swift", "(%s) @statement" % kind, text, offset):
            parts, _ = conditions(data, start, end)
            for position, (begin, finish) in enumerate(parts):
                if not any(b"(" in data[b:f] for b, f in parts[:position]):
                    continue
                for item in watched:
                    if begin <= item[0][0] and item[0][1] <= finish and item not in unsafe:
                        unsafe.append(item)
    return unsafe

def matched(language, query, text, offset):
    graph = RuleGraph(rules=[Rule(name="flaggen_match", query=query)], edges=[])
    found = execute_piranha(PiranhaArguments(language, code_snippet=text, rule_graph=graph, dry_run=True))
    return [(offset(m.range.start_point.row, m.range.start_point.column), offset(m.range.end_point.row, m.range.end_point.column))
            for summary in found for _, m in summary.matches]

# A Kotlin char literal: `'a'`, `'\''`, `'\u0041'`.
CHAR_LITERAL = re.compile(rb"'(\\u[0-9a-fA-F]{4}|\\.|[^\\'\n])'")

def scan(data, start, end):
    # (index, brace depth, where) of each byte from start to end outside comments: `where` is
    # None in code, else the start of the string or char literal (`'"'`, Kotlin's) the byte is
    # in. A name in backticks (`` `it's set up` ``) is code.
    depth, index = 0, start
    while index < end:
        if data.startswith(b"//", index):
            index = data.find(b"\n", index)
            index = end if index < 0 else index
            continue
        if data.startswith(b"/*", index):
            index = data.find(b"*/", index)
            index = end if index < 0 else index + 2
            continue
        if data[index] == ord("`"):
            close = data.find(b"`", index + 1, end)
            line = data.find(b"\n", index + 1, end)
            if close > 0 and (line < 0 or close < line):
                for inside in range(index, close + 1):
                    yield inside, depth, None
                index = close + 1
                continue
        char = data[index] == ord("'") and CHAR_LITERAL.match(data, index, end)
        if data[index] == ord('"') or char:
            quote = b'"""' if data.startswith(b'"""', index) else data[index:index + 1]
            literal = index
            index += len(quote)
            while index < end and not data.startswith(quote, index):
                index += 2 if data[index] == ord("\\") else 1
            index += len(quote)
            for inside in range(literal, min(index, end)):
                yield inside, depth, literal
            continue
        if data[index] == ord("{"):
            depth += 1
        elif data[index] == ord("}"):
            depth -= 1
        yield index, depth, None
        index += 1

def code(data, start, end):
    # (index, brace depth) of each byte of code from start to end: literals and comments skipped.
    for index, depth, literal in scan(data, start, end):
        if literal is None:
            yield index, depth

DECLARATIONS = {"swift": rb"(let|var|func|class|struct|enum|actor|protocol|typealias|defer)",
                "kt": rb"(val|var|fun|class|object|interface|typealias)"}

def judged(rules, text, data, offset, reads):
    # The reads that are unsafe (see short_circuited), and those whose rewrite would change
    # what the code means, as [range..., kind, name]:
    # "conditions", a Swift read among several conditions (the others would go with it);
    # "property", a read a Kotlin property holds (Piranha would delete the property);
    # "local", a read held in a local whose name means something else too in the function
    # (Piranha inlines by name); "declares", a read that decides a block (of an `if`, a `guard`,
    # a Kotlin `when` entry) declaring names or holding a `defer` (unwrapping it would move them
    # into the enclosing scope); "value", a read that decides a Kotlin `if` used as a value
    # with a block for a branch (the block would be spliced into the expression). A local's use
    # is refused where its read would be ("heldAfterCall", "heldInConditions", NAME:LINE).
    # Only for a bool flag's reads (`shortCircuit` is set).
    language = rules["language"]
    found = []
    spans = [(offset(r[0], r[1]), offset(r[2], r[3])) for r in reads]
    functions = matched(language, "(function_declaration) @f", text, offset)
    watched = list(zip(spans, reads))
    literal_maps = {}
    binding = rb"(let)" if language == "swift" else rb"(val|var)"
    for read, (start, end) in zip(reads, spans):
        line_start = data.rfind(b"\n", 0, start) + 1
        # A binding wrapped after its `=` (`let on =`, the read on the next line, as ktlint and
        # swift-format wrap long lines) is read as if on one line.
        if line_start > 0 and data[line_start:start].strip(b" \t!") == b"":
            line_start = data.rfind(b"\n", 0, line_start - 1) + 1
        line = data[line_start:start]
        # The binding nearest the read (`.*` first): on `class P(val f: T) { val on = read`, the
        # type annotation `: T) { val on ` must not make 'f' the holder.
        holder = re.search(rb".*(?:^|[^\w.])" + binding + rb"\s+(\w+)\s*(?::[^=]*)?=\s*!?\s*$", line)
        if not holder:
            continue
        name = holder.group(2)
        enclosing = [f for f in functions if f[0] <= start and end <= f[1]]
        if not enclosing:
            if language == "kt":
                found.append([*read, "property", name.decode()])
            continue
        rest = data[end:data.find(b"\n", end) if b"\n" in data[end:] else len(data)].strip()
        if rest not in (b"", b";") and not rest.startswith(b"//"):
            continue  # the local holds more than the read
        region = min(enclosing, key=lambda f: (f[0], -f[1]))  # the outermost function: Piranha's scope
        declared = start - len(line) + holder.start(2)
        block_end = region[1]
        for index, depth in code(data, end, region[1]):
            if depth < 0 or (language == "swift" and depth == 0 and re.match(rb"(case|default)\b", data[index:index + 8]) and not re.match(rb"[\w.]", data[index - 1:index])):
                block_end = index
                break
        body = data[region[0]:region[1]]
        if region not in literal_maps:  # once for each function, however many locals it has
            literal_maps[region] = {index: literal for index, _, literal in scan(data, region[0], region[1])}
        literals = literal_maps[region]
        for use in re.finditer(rb"(?<![\w])" + re.escape(name) + rb"(?![\w])", body):
            position = region[0] + use.start()
            # The declaration, a read's own `Flags.name`, and comments are no uses.
            if position == declared or any(s <= position < e for s, e in spans) or position not in literals:
                continue
            template = False
            if literals[position] is not None:
                opened = data[literals[position]:position]
                if language == "swift":
                    # Interpolated (`"\(name)"`), it is a use the rules inline; else text.
                    if opened.rfind(b"\\(") <= opened.rfind(b")"):
                        continue
                else:
                    # A Kotlin template (`"$name"`, `"${name}"`), which Piranha does not inline.
                    template = opened.endswith(b"$") or opened.rfind(b"${") > opened.rfind(b"}")
                    if not template:
                        continue
            before = body[:use.start()].rstrip()
            after = body[use.end():]
            # `$name` in Swift code: a property wrapper's projected value.
            other = (template or body[use.start() - 1:use.start()] == b"$"
                     or position < end or position >= block_end or before.endswith((b".", b"::", b"++", b"--"))
                     or re.search(rb"(?<![\w])(let|var|val|for|case|fun|func)$", before)
                     or re.match(rb"(:|\s*([-+*/%]?=(?!=)|\+\+|--)|\s*(,\s*\w+\s*)*\)?\s*(in\b|->))", after))
            if other:
                found.append([*read, "local", name.decode()])
                break
            watched.append(((position, position + len(name)), read))
    def held(kind, item):
        (position, finish), read = item
        return [*read, kind, "%s:%d" % (data[position:finish].decode(), data.count(b"\n", 0, position) + 1)]
    # One pass over the reads and the uses of the locals that hold them: a read there is
    # unsafe, a use is refused at its read.
    uses = watched[len(reads):]
    unsafe = []
    for item in short_circuited(rules, text, data, offset, watched):
        if item in uses:
            found.append(held("heldAfterCall", item))
        elif item[1] not in unsafe:
            unsafe.append(item[1])
    if language == "swift":
        statements = matched("swift", "[(if_statement) (guard_statement) (while_statement)] @s", text, offset)
        for start, end in statements:
            parts, _ = conditions(data, start, end)
            if len(parts) > 1:
                for item in watched:
                    if parts[0][0] <= item[0][0] and item[0][1] <= parts[-1][1]:
                        found.append(held("heldInConditions", item) if item in uses else [*item[1], "conditions", ""])
        # Piranha keeps a `guard`'s else block without the comment that begins it (where an
        # `if` keeps its branch's): refused when that block is what stays.
        for start, end in statements:
            if not data.startswith(b"guard", start):
                continue
            parts, body = conditions(data, start, end)
            inside = [item for item in watched if parts[0][0] <= item[0][0] and item[0][1] <= parts[-1][1]]
            if len(parts) != 1 or len(inside) != 1:
                continue
            condition = data[parts[0][0]:parts[0][1]].strip()
            condition = condition[:-4].strip() if condition.endswith(b"else") else condition
            negated = condition.startswith(b"!")
            if rules["shortCircuit"]["kept"] != negated:
                continue  # the guard passes: it goes, its else block with it
            if data[body + 1:end].lstrip().startswith((b"//", b"/*")):
                found.append([*inside[0][1], "comment", ""])
    statements = "[(if_statement) (guard_statement)] @s" if language == "swift" else "[(if_expression) (when_entry)] @s"
    for start, end in matched(language, statements, text, offset):
        if language == "swift":
            _, condition_end = conditions(data, start, end)
        elif re.match(rb"if\b", data[start:start + 3]):
            opening = data.find(b"(", start, end)
            condition_end = next(parenthesized(data, opening, end), end) if opening >= 0 else end
        else:  # a `when` entry: its conditions, then `->` and the body Piranha may unwrap
            arrow = data.find(b"->", start, end)
            condition_end = arrow if arrow >= 0 else end
        inside = [read for span, read in watched if start <= span[0] and span[1] <= condition_end]
        if not inside:
            continue
        if language == "kt" and re.match(rb"if\b", data[start:start + 3]) and used_as_value(data, start) and branch_is_block(data, condition_end, end):
            found += [[*read, "value", ""] for read in inside]
        declares = any(depth == 1 and re.match(DECLARATIONS[language] + rb"\b", data[index:index + 12]) and not re.match(rb"[\w.]", data[index - 1:index])
                       for index, depth in code(data, condition_end, end))
        if declares:
            found += [[*read, "declares", ""] for read in inside]
    unique = []
    for item in found:
        if not any(item[:4] == other[:4] for other in unique):
            unique.append(item)
    return unsafe, unique

def used_as_value(data, start):
    # Whether the Kotlin `if` at `start` is a value, not a statement: a statement starts a
    # block or a line (after `{`, `}`, `;`, a line that ended, or a lambda's `params ->`), or
    # is an `else if` (its chain's head decides, and is judged on its own).
    window = data[max(0, start - 400):start]  # what came just before (a search of all would be quadratic)
    before = window.rstrip()
    if not before or before.endswith((b"{", b"}", b";")) or re.search(rb"(?<![\w.])else$", before):
        return False
    if re.search(rb"\{[\w\s,:<>?()]*->$", before):
        return False  # the body of a lambda, `{ v -> if …`
    line_ended = b"\n" in window[len(before):]
    ends_expression = re.search(rb"[\w)\]\"'`]$", before) and not re.search(rb"(?<![\w.])(return|throw|in|is|as|to)$", before)
    return not (line_ended and ends_expression)

def branch_is_block(data, condition_end, end):
    # Whether a branch of the Kotlin `if` whose condition ends at `condition_end` is a block.
    if data[condition_end + 1:end].lstrip().startswith(b"{"):
        return True
    for index, depth in code(data, condition_end + 1, end):
        if depth == 0 and data.startswith(b"else", index) and not re.match(rb"[\w.]", data[index - 1:index]):
            return data[index + 4:end].lstrip().startswith(b"{")
    return False

def parenthesized(data, opening, end):
    # Yields the index of the ")" that closes the "(" at `opening`.
    depth = 0
    for index in range(opening, end):
        if data[index] == ord("("):
            depth += 1
        elif data[index] == ord(")"):
            depth -= 1
            if depth == 0:
                yield index
                return

def conditions(data, start, end):
    # The comma-separated parts of a Swift condition list, and where its body starts.
    parts, depth, index, part_start = [], 0, start, start
    while index < end:
        byte = data[index]
        if byte in b"([":
            depth += 1
        elif byte in b")]":
            depth -= 1
        elif depth == 0 and byte == ord("{"):
            break
        elif depth == 0 and byte == ord(","):
            parts.append((part_start, index))
            part_start = index + 1
        elif byte == ord('"'):
            index = data.find(b'"', index + 1, end)
            if index < 0:
                index = end
                break
        index += 1
    parts.append((part_start, index))
    return parts, index

def failure(error, rewriting):
    # What Piranha said, in short: its first line (a panic's reason).
    message = [line for line in str(error).splitlines() if line.strip()]
    first = message[0] if message else type(error).__name__
    if first.startswith("Produced syntactically incorrect source code"):
        if rewriting:
            return "its rewrite of this file would not parse"
        # Its tree-sitter grammar lags the language: Swift 5.9's `if` and `switch` expressions.
        return "its parser cannot read this file: syntax newer than its grammar, such as Swift's 'if' or 'switch' used as a value"
    return first[:300]

def rewrite(rules, text):
    # The file's reads, the unsafe and refused ones, and the rewritten text.
    find = RuleGraph(rules=[Rule(name="flaggen_find", query=rules["readQuery"])], edges=[])
    found = execute_piranha(PiranhaArguments(rules["language"], code_snippet=text, rule_graph=find, dry_run=True))
    reads = []
    for summary in found:
        for _, match in summary.matches:
            start, end = match.range.start_point, match.range.end_point
            reads.append([start.row, start.column, end.row, end.column])
    data = text.encode("utf-8")
    starts = [0] + [i + 1 for i, byte in enumerate(data) if byte == 10]
    offset = lambda row, column: starts[row] + column
    unsafe, refused = ([], []) if rules["shortCircuit"] is None else judged(rules, text, data, offset, reads)
    # With unsafe or refused reads flaggen refuses the file's rewrite; Piranha need not try it.
    if unsafe or refused:
        return reads, unsafe, refused, text
    graph = RuleGraph(rules=[make_rule(rule) for rule in rules["rules"]],
                      edges=[OutgoingEdges(edge["from"], to=edge["to"], scope=edge["scope"]) for edge in rules["edges"]])
    try:
        rewritten = execute_piranha(PiranhaArguments(rules["language"], code_snippet=text, rule_graph=graph, dry_run=True))
    except BaseException as error:
        # A shape Piranha's rules cannot take (it panics): refused at each read.
        return reads, unsafe, [[*read, "failed", failure(error, True)] for read in reads], text
    return reads, unsafe, refused, rewritten[0].content if rewritten else text

# Watches flaggen from a process of its own (Piranha holds the interpreter while it works, so a
# thread of the driver could not act): when flaggen ends first (a CI timeout's SIGTERM, say),
# it stops the driver and removes `folder`, which holds copies of the user's sources.
WATCHER = """
import os, shutil, signal, sys, time
flaggen, driver, folder = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
def alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:  # a zombie (Linux): ended, not yet reaped
        with open("/proc/%d/stat" % pid) as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return True
while os.getppid() == driver:
    if not alive(flaggen):
        os.kill(driver, signal.SIGKILL)
        shutil.rmtree(folder, ignore_errors=True)
        break
    time.sleep(0.25)
"""

def watch_parent():
    import subprocess
    subprocess.Popen([sys.executable, "-B", "-c", WATCHER, str(os.getppid()), str(os.getpid()), folder],
                     stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

watch_parent()
for entry in job["files"]:
    rules = entry["rules"]
    with open(os.path.join(folder, entry["input"]), encoding="utf-8", newline="") as handle:
        text = handle.read()
    try:
        reads, unsafe, refused, content = rewrite(rules, text)
    except BaseException as error:  # Piranha's panics are BaseExceptions
        if isinstance(error, (KeyboardInterrupt, SystemExit)):
            raise
        # Piranha could not read the file (a Swift `if` expression, say): every read in it is
        # refused, the file named, as one read that spans it.
        lines = text.split("\n")
        whole = [0, 0, len(lines) - 1, len(lines[-1].encode("utf-8"))]
        reads, unsafe, refused, content = [whole], [], [[*whole, "failed", failure(error, False)]], text
    with open(os.path.join(folder, entry["output"]), "w", encoding="utf-8", newline="") as handle:
        handle.write(content)
    with open(os.path.join(folder, entry["output"] + ".reads"), "w", encoding="utf-8") as handle:
        json.dump({"reads": reads, "unsafe": unsafe, "refused": refused}, handle)
