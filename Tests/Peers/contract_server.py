#!/usr/bin/env python3
"""A scripted flag server on loopback, for FlagKit's HTTP source tests. Standard library only.

It listens on 127.0.0.1 on a free port, prints the port on the first line of stdout, and runs
until its stdin closes (so it never outlives the test that started it) or it is terminated.

Requests:

  POST /<scenario>/<tag>/v1/flags/evaluate      flaggen's contract
  POST /<scenario>/<tag>/ofrep/v1/evaluate/flags  the OFREP bulk evaluation endpoint
  GET  /_requests?tag=<tag>                      every POST recorded under <tag>, as JSON

<tag> lets each test find its own requests; <scenario> picks the answer:

  ok            200 with a version (contract) and an ETag; 304 when If-None-Match matches
  version-only  contract only: 200 with a version and no ETag; 304 when If-None-Match is the version
  odd-version   contract only: 200 with a version of 5,000 characters and no ETag, then one with a
                line break (neither fits in a header)
  error500      500
  slow          waits SLOW_SECONDS, then answers like ok (for timeouts)
  malformed     200 with truncated JSON
  wrong-shape   200 with valid JSON of the wrong shape
  bad-request   400 with an OFREP bulk failure body
  gzip          like ok, with the body gzip-compressed (Content-Encoding: gzip)
  pad-N         200 with a valid answer padded with spaces to N bytes, with a Content-Length
  unsized-pad-N the same without a Content-Length: the body ends when the connection closes
  gzip-pad-N    the same padded answer gzip-compressed: N bytes once decoded, about N/1000 sent
                (gzip-pad-1073741824 is a gzip bomb: 1 GiB decoded from about 1 MB)
  trickle       200 with a valid answer sent one byte every TRICKLE_SECONDS (for timeouts)
  redirect-here 307 to the same request under `ok` on this origin (http://127.0.0.1:PORT)
  redirect-away 307 to the same request under `ok` on another origin (http://localhost:PORT,
                this server under another name: the request it gets there is recorded)
  redirect-loop 307 to itself, with a relative Location, for ever
"""

import gzip
import json
import struct
import sys
import threading
import time
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

SLOW_SECONDS = 3.0
TRICKLE_SECONDS = 0.25
CHUNK = 1 << 20  # padding is written, and compressed, a mebibyte at a time

CONTRACT_VERSION = "v7"
CONTRACT_ETAG = '"v7"'
CONTRACT_FLAGS = {
    "new_checkout": True,
    "chat_media_enabled": False,
    "checkout_button_label": "Pay now",
    "max_retries": 5,
    "discount_ratio": 0.25,
    "paywall": {"title": "Go Pro today", "trialDays": 14},
    "flag_from_the_future": {"anything": [1, 2, 3]},
}
VERSION_ONLY = "v9"

OFREP_ETAG = '"ofrep-3"'
OFREP_FLAGS = [
    {"key": "new_checkout", "value": True, "reason": "TARGETING_MATCH", "variant": "on"},
    {"key": "checkout_button_label", "value": "Pay now", "reason": "SPLIT", "variant": "b"},
    {"key": "max_retries", "value": 5, "reason": "STATIC", "variant": "five"},
    {"key": "discount_ratio", "value": 0.25, "reason": "STATIC", "variant": "quarter"},
    {"key": "paywall", "value": {"title": "Go Pro today", "trialDays": 14}, "reason": "STATIC", "variant": "pro"},
    {"key": "broken_flag", "errorCode": "PARSE_ERROR", "errorDetails": "the rule does not parse"},
    {"key": "missing_flag", "errorCode": "FLAG_NOT_FOUND"},
    {"key": "code_default_flag", "reason": "DEFAULT", "variant": "control"},
    {"key": "chat_media_enabled", "value": False, "reason": "DISABLED", "variant": "off"},
]

recorded = []
recorded_lock = threading.Lock()

# A valid answer of each endpoint with a string to pad: prefix + spaces + suffix.
PADDED = {
    "contract": (b'{"version":"v1","flags":{"new_checkout":true,"padding":"', b'"}}'),
    "ofrep": (b'{"flags":[{"key":"new_checkout","value":true},{"key":"padding","value":"', b'"}]}'),
}


def padding_of(kind, size):
    """The prefix, the number of spaces and the suffix of a padded answer of `size` bytes."""
    prefix, suffix = PADDED[kind]
    return prefix, max(0, size - len(prefix) - len(suffix)), suffix


gzip_cache = {}
gzip_lock = threading.Lock()


def gzip_padded(kind, size):
    """The gzip file of a padded answer, built without holding the decoded text in memory.

    After a full flush a deflate stream starts afresh, so a mebibyte of spaces compresses to the
    same bytes every time (about 1 KB): the body repeats them, and the trailer's CRC-32 and size
    are computed over the decoded text as it would be.
    """
    with gzip_lock:
        key = (kind, size)
        if key in gzip_cache:
            return gzip_cache[key]
        prefix, spaces, suffix = padding_of(kind, size)
        compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
        parts = [b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff"]  # gzip header, no name, no time
        parts.append(compressor.compress(prefix) + compressor.flush(zlib.Z_FULL_FLUSH))
        crc = zlib.crc32(prefix)
        whole, rest = divmod(spaces, CHUNK)
        if whole:
            chunk = b" " * CHUNK
            block = compressor.compress(chunk) + compressor.flush(zlib.Z_FULL_FLUSH)
            parts.append(block * whole)
            for _ in range(whole):
                crc = zlib.crc32(chunk, crc)
        tail = b" " * rest + suffix
        parts.append(compressor.compress(tail) + compressor.flush(zlib.Z_FINISH))
        crc = zlib.crc32(tail, crc)
        parts.append(struct.pack("<II", crc & 0xFFFFFFFF, (len(prefix) + spaces + len(suffix)) & 0xFFFFFFFF))
        body = b"".join(parts)
        gzip_cache[key] = body
        return body


def sized(scenario, name):
    """N of a scenario named `name-N`, or None."""
    if scenario.startswith(name + "-") and scenario[len(name) + 1:].isdigit():
        return int(scenario[len(name) + 1:])
    return None


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):  # keep test output quiet
        pass

    def handle(self):
        try:
            super().handle()
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up (the timeout test)

    def send_json(self, status, payload=None, raw=None, headers=None):
        body = raw if raw is not None else (b"" if payload is None else json.dumps(payload).encode())
        self.send_response(status)
        if status != 304:
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        if status != 304:
            self.wfile.write(body)

    def do_GET(self):
        url = urlsplit(self.path)
        if url.path != "/_requests":
            self.send_json(404, {"error": "not found"})
            return
        tag = parse_qs(url.query).get("tag", [None])[0]
        with recorded_lock:
            matching = [entry for entry in recorded if entry["tag"] == tag]
        self.send_json(200, matching)

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length)
        parts = urlsplit(self.path).path.strip("/").split("/")
        if len(parts) < 3:
            self.send_json(404, {"error": "not found"})
            return
        scenario, tag, endpoint = parts[0], parts[1], "/" + "/".join(parts[2:])
        self.tag, self.endpoint = tag, endpoint
        try:
            body = json.loads(raw)
        except ValueError:
            body = raw.decode("utf-8", "replace")
        with recorded_lock:
            recorded.append({
                "scenario": scenario,
                "tag": tag,
                "method": self.command,
                "endpoint": endpoint,
                "host": self.headers.get("Host"),
                "headers": {name.lower(): value for name, value in self.headers.items()},
                "body": body,
            })
        if endpoint == "/v1/flags/evaluate":
            self.contract(scenario)
        elif endpoint == "/ofrep/v1/evaluate/flags":
            self.ofrep(scenario)
        else:
            self.send_json(404, {"error": "unknown endpoint " + endpoint})

    def send_padded(self, kind, size, with_length):
        """A padded answer of `size` bytes, written a mebibyte at a time."""
        prefix, spaces, suffix = padding_of(kind, size)
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        if with_length:
            self.send_header("Content-Length", str(len(prefix) + spaces + len(suffix)))
        else:
            self.send_header("Connection", "close")
            self.close_connection = True
        self.end_headers()
        self.wfile.write(prefix)
        chunk = b" " * CHUNK
        while spaces > 0:
            self.wfile.write(chunk[:spaces])
            spaces -= CHUNK
        self.wfile.write(suffix)

    def send_gzip(self, body, headers=None):
        """200 with `body`, already gzip-compressed."""
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def send_trickle(self, raw):
        """`raw` with a Content-Length, one byte every TRICKLE_SECONDS."""
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(raw)))
        self.end_headers()
        for index in range(len(raw)):
            self.wfile.write(raw[index:index + 1])
            self.wfile.flush()
            time.sleep(TRICKLE_SECONDS)

    def common(self, scenario, kind):
        """Answers the scenarios both endpoints share; returns True when it answered."""
        if scenario == "slow":
            time.sleep(SLOW_SECONDS)
            return False
        if sized(scenario, "pad") is not None:
            self.send_padded(kind, sized(scenario, "pad"), with_length=True)
        elif sized(scenario, "unsized-pad") is not None:
            self.send_padded(kind, sized(scenario, "unsized-pad"), with_length=False)
        elif sized(scenario, "gzip-pad") is not None:
            self.send_gzip(gzip_padded(kind, sized(scenario, "gzip-pad")))
        elif scenario == "redirect-loop":
            location = "/redirect-loop/%s%s" % (self.tag, self.endpoint)
            self.send_json(307, {"moved": location}, headers={"Location": location})
        elif scenario in ("redirect-here", "redirect-away"):
            host = "127.0.0.1" if scenario == "redirect-here" else "localhost"
            location = "http://%s:%d/ok/%s%s" % (host, self.server.server_address[1], self.tag, self.endpoint)
            self.send_json(307, {"moved": location}, headers={"Location": location})
        elif scenario == "error500":
            self.send_json(500, {"error": "the flag service is down"})
        elif scenario == "malformed":
            self.send_json(200, raw=b'{"version": "v1", "flags": {"new_checkout": tru')
        else:
            return False
        return True

    def contract(self, scenario):
        if self.common(scenario, "contract"):
            return
        if scenario == "version-only":
            if self.headers.get("If-None-Match") == VERSION_ONLY:
                self.send_json(304)
            else:
                self.send_json(200, {"version": VERSION_ONLY, "flags": {"new_checkout": True}})
        elif scenario == "odd-version":
            odd = "v" * 5000 if self.headers.get("X-Odd") == "long" else "v1\r\nX-Injected: 1"
            self.send_json(200, {"version": odd, "flags": {"new_checkout": True}})
        elif scenario == "wrong-shape":
            self.send_json(200, {"version": "v1", "flags": [True, False]})
        elif scenario == "gzip":
            answer = {"version": CONTRACT_VERSION, "flags": CONTRACT_FLAGS}
            self.send_gzip(gzip.compress(json.dumps(answer).encode()), headers={"ETag": CONTRACT_ETAG})
        elif scenario == "trickle":
            self.send_trickle(json.dumps({"version": "v1", "flags": {"new_checkout": True}}).encode())
        elif scenario in ("ok", "slow"):
            if self.headers.get("If-None-Match") in (CONTRACT_ETAG, CONTRACT_VERSION):
                self.send_json(304, headers={"ETag": CONTRACT_ETAG})
            else:
                self.send_json(200, {"version": CONTRACT_VERSION, "flags": CONTRACT_FLAGS},
                               headers={"ETag": CONTRACT_ETAG})
        else:
            self.send_json(404, {"error": "unknown scenario " + scenario})

    def ofrep(self, scenario):
        if self.common(scenario, "ofrep"):
            return
        if scenario == "bad-request":
            self.send_json(400, {"errorCode": "INVALID_CONTEXT", "errorDetails": "no targeting key"})
        elif scenario == "wrong-shape":
            self.send_json(200, {"flags": {"new_checkout": True}})
        elif scenario == "gzip":
            self.send_gzip(gzip.compress(json.dumps({"flags": OFREP_FLAGS}).encode()), headers={"ETag": OFREP_ETAG})
        elif scenario == "trickle":
            self.send_trickle(json.dumps({"flags": [{"key": "new_checkout", "value": True}]}).encode())
        elif scenario in ("ok", "slow"):
            if self.headers.get("If-None-Match") == OFREP_ETAG:
                self.send_json(304, headers={"ETag": OFREP_ETAG})
            else:
                self.send_json(200, {"flags": OFREP_FLAGS}, headers={"ETag": OFREP_ETAG})
        else:
            self.send_json(404, {"error": "unknown scenario " + scenario})


def main():
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)

    def stop_when_stdin_closes():
        sys.stdin.read()
        server.shutdown()

    threading.Thread(target=stop_when_stdin_closes, daemon=True).start()
    server.serve_forever()


if __name__ == "__main__":
    main()
