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
  error500      500
  slow          waits SLOW_SECONDS, then answers like ok (for timeouts)
  malformed     200 with truncated JSON
  wrong-shape   200 with valid JSON of the wrong shape
  bad-request   400 with an OFREP bulk failure body
"""

import json
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

SLOW_SECONDS = 3.0

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
                "headers": {name.lower(): value for name, value in self.headers.items()},
                "body": body,
            })
        if endpoint == "/v1/flags/evaluate":
            self.contract(scenario)
        elif endpoint == "/ofrep/v1/evaluate/flags":
            self.ofrep(scenario)
        else:
            self.send_json(404, {"error": "unknown endpoint " + endpoint})

    def common(self, scenario):
        """Answers the scenarios both endpoints share; returns True when it answered."""
        if scenario == "slow":
            time.sleep(SLOW_SECONDS)
            return False
        if scenario == "error500":
            self.send_json(500, {"error": "the flag service is down"})
        elif scenario == "malformed":
            self.send_json(200, raw=b'{"version": "v1", "flags": {"new_checkout": tru')
        else:
            return False
        return True

    def contract(self, scenario):
        if self.common(scenario):
            return
        if scenario == "version-only":
            if self.headers.get("If-None-Match") == VERSION_ONLY:
                self.send_json(304)
            else:
                self.send_json(200, {"version": VERSION_ONLY, "flags": {"new_checkout": True}})
        elif scenario == "wrong-shape":
            self.send_json(200, {"version": "v1", "flags": [True, False]})
        elif scenario in ("ok", "slow"):
            if self.headers.get("If-None-Match") in (CONTRACT_ETAG, CONTRACT_VERSION):
                self.send_json(304, headers={"ETag": CONTRACT_ETAG})
            else:
                self.send_json(200, {"version": CONTRACT_VERSION, "flags": CONTRACT_FLAGS},
                               headers={"ETag": CONTRACT_ETAG})
        else:
            self.send_json(404, {"error": "unknown scenario " + scenario})

    def ofrep(self, scenario):
        if self.common(scenario):
            return
        if scenario == "bad-request":
            self.send_json(400, {"errorCode": "INVALID_CONTEXT", "errorDetails": "no targeting key"})
        elif scenario == "wrong-shape":
            self.send_json(200, {"flags": {"new_checkout": True}})
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
