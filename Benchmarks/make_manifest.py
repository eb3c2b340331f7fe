#!/usr/bin/env python3
"""Writes a synthetic flaggen manifest with N flags, for Scripts/bench.sh.

    Benchmarks/make_manifest.py 10000 > /tmp/flags-10000.yaml
    Benchmarks/make_manifest.py 10000 --changed-descriptions > /tmp/flags-10000-edited.yaml

Every flag type (bool, string, int, double, json), every kind, kill switches, rollouts with
platforms, minAppVersion and values, long descriptions, and typed configs (nested configs,
arrays of configs, enums, bounds) for the json flags. Seeds go to every server except Firebase,
whose templates hold at most 3,000 parameters. The output depends only on N (no clock,
no randomness), so every run of the benchmark reads the same bytes. 10,000 flags make about
2.6 MB. With --changed-descriptions, one phrase of every flag's description reads differently
and nothing else changes: what `check` sees when a pull request edits every description without
regenerating. Standard library only.
"""

import sys

WORDS = (
    "checkout payments onboarding search feed chat media profile settings paywall banner "
    "review rating cart wishlist delivery tracking coupon wallet rewards referral stories "
    "camera upload download offline sync widget shortcut reminder calendar inbox"
).split()
TEAMS = ["payments", "growth", "chat", "search", "platform", "core-ui", "retention", "ads"]
KINDS = ["release", "experiment", "operational", "permission"]
SENTENCE = "Shows the new {a} flow on the {b} screen; remove it once at 100 percent."
CHANGED_SENTENCE = "Shows the new {a} flow on the {b} screen; remove it after the full rollout."


def word(i, salt=0):
    return WORDS[(i * 7 + salt * 13) % len(WORDS)]


def configs(count):
    """`count` top-level configs, each with a nested item config."""
    lines = ["configs:"]
    for c in range(count):
        name = f"Config{c}"
        lines += [
            f"  {name}:",
            "    version: 1",
            f"    description: The typed payload of the {word(c)} {word(c, 1)} json flags, config number {c}.",
            "    properties:",
            "      title: {type: string, maxLength: 80}",
            "      count: {type: int, minimum: 0, maximum: 1000, default: 0}",
            "      ratio: {type: double, minimum: 0, maximum: 1, default: 0.5}",
            "      enabled: {type: bool, default: false}",
            "      style: {type: string, enum: [light, dark, system], default: system}",
            "      tags: {type: array, items: string, default: []}",
            f"      items: {{type: array, items: Item{c}, default: []}}",
            f"      primary: {{type: Item{c}}}",
            "    required: [title]",
            f"  Item{c}:",
            "    properties:",
            "      id: {type: string}",
            "      price: {type: double, minimum: 0}",
            "      quantity: {type: int, minimum: 1, default: 1}",
            "    required: [id, price]",
        ]
    return lines


def flag(i, config_count, sentence):
    key = f"{word(i)}_{word(i, 1)}_{i}"
    team = TEAMS[i % len(TEAMS)]
    kind = KINDS[i % len(KINDS)]
    slot = i % 20  # 8 bool (1 a kill switch), 4 string, 3 int, 3 double, 2 json
    description = sentence.format(a=word(i), b=word(i, 2), team=team)
    lines = [f"  {key}:"]
    if slot == 0:
        lines += [
            "    type: bool",
            "    default: true",
            f"    owner: {team}",
            "    kind: operational",
            "    killSwitch: true",
            f"    description: {description}",
        ]
        return lines
    month = 1 + i % 12
    expires = f"    expires: 2030-{month:02d}-{1 + i % 28:02d}"
    percent = str((i * 37) % 101)  # whole percents: Unleash cannot express 12.5
    if slot < 8:
        lines += ["    type: bool", f"    default: {'false' if i % 3 else 'true'}"]
        value = None
    elif slot < 12:
        lines += ["    type: string", f"    default: {word(i).capitalize()} now"]
        value = f"{word(i, 3).capitalize()} today"
    elif slot < 15:
        lines += ["    type: int", f"    default: {i % 500}"]
        value = str(i % 500 + 10)
    elif slot < 18:
        lines += ["    type: double", f"    default: {(i % 1000) / 8}"]
        value = str((i % 1000) / 4 + 0.25)
    else:
        c = i % config_count
        lines += [
            "    type: json",
            f"    schema: Config{c}",
            "    default:",
            f"      title: {word(i).capitalize()} offer {i}",
            f"      count: {i % 100}",
            "      tags: [new, promo]",
            f"      items: [{{id: monthly, price: 4.99}}, {{id: yearly, price: 39.99, quantity: 2}}]",
        ]
        value = f"{{title: {word(i, 4).capitalize()} deal, ratio: 0.25, primary: {{id: best, price: 9.99}}}}"
    lines += [f"    owner: {team}", expires]
    if kind != "release":  # release is the default kind
        lines.append(f"    kind: {kind}")
    lines.append(f"    description: {description}")
    if i % 5 < 2:  # two flags in five have a rollout
        lines += ["    rollout:", f"      percent: {percent}"]
        if i % 4 == 0:
            lines.append("      platforms: [ios, android]" if i % 8 == 0 else "      platforms: [android]")
        if i % 6 == 0:
            lines.append(f"      minAppVersion: {2 + i % 5}.{i % 10}.0")
        if value is not None:
            lines.append(f"      value: {value}")
    return lines


def manifest(count, sentence=SENTENCE):
    config_count = max(2, count // 100)
    lines = [
        f"# A synthetic manifest of {count} flags, written by Benchmarks/make_manifest.py.",
        "version: 1",
        "name: BenchFlags",
        "kotlinPackage: com.example.bench",
        "retired: [old_home_banner, legacy_search]",
        "outputs:",
        "  swift: Swift/Flags.swift",
        "  kotlin: Kotlin/Flags.kt",
        "  schemas: Schemas",
        "  seeds: Server",
        # Firebase Remote Config holds at most 3,000 parameters, so it cannot take 10,000 flags.
        "  servers: [contract, postgres, flagd, unleash]",
        "flags:",
    ]
    for i in range(count):
        lines += flag(i, config_count, sentence)
    lines += configs(config_count)
    return "\n".join(lines) + "\n"


def main():
    arguments = sys.argv[1:]
    changed = "--changed-descriptions" in arguments
    if changed:
        arguments.remove("--changed-descriptions")
    if len(arguments) != 1 or not arguments[0].isdigit():
        sys.exit("usage: make_manifest.py FLAG_COUNT [--changed-descriptions] > flags.yaml")
    sys.stdout.write(manifest(int(arguments[0]), CHANGED_SENTENCE if changed else SENTENCE))


if __name__ == "__main__":
    main()
