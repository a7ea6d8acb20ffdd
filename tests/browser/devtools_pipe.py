"""A minimal Chrome DevTools protocol client over --remote-debugging-pipe (standard library only).

Chromium reads commands from fd 3 and writes replies and events to fd 4, one JSON message each,
terminated by a NUL byte (chromium's content/browser/devtools/devtools_pipe_handler.cc). Every wait
has a deadline, so a hung browser fails the test instead of hanging CI.
"""
import fcntl
import json
import os
import select
import shutil
import subprocess
import tempfile
import time


class BrowserError(Exception):
    pass


class Browser:
    def __init__(self, chromium, width, height, timeout):
        self.timeout = timeout
        self.profile = tempfile.mkdtemp(prefix="mxlane-chromium-")
        to_browser_r, self.to_browser = os.pipe()
        self.from_browser, from_browser_w = os.pipe()

        def move_pipes_to_3_and_4():  # in the child, before exec (and before it closes other fds)
            high_r = fcntl.fcntl(to_browser_r, fcntl.F_DUPFD, 10)  # out of the way of 3 and 4 first
            high_w = fcntl.fcntl(from_browser_w, fcntl.F_DUPFD, 10)
            os.dup2(high_r, 3)
            os.dup2(high_w, 4)

        args = [
            chromium, "--headless", "--remote-debugging-pipe", f"--user-data-dir={self.profile}",
            f"--window-size={width},{height}", "--hide-scrollbars", "--force-device-scale-factor=1",
            "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--disable-sync",
            "--disable-background-networking", "--disable-component-update", "--disable-gpu",
            "--disable-dev-shm-usage", "--mute-audio", "about:blank",
        ]
        if os.geteuid() == 0:
            args.insert(1, "--no-sandbox")  # chromium refuses to run as root with its sandbox
        self.proc = subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.PIPE, pass_fds=(3, 4),
                                     preexec_fn=move_pipes_to_3_and_4)
        os.close(to_browser_r)
        os.close(from_browser_w)
        self.buffer = b""
        self.next_id = 0
        self.events = []  # (session, method, params) not yet consumed

    def close(self):
        try:
            if self.proc.poll() is None:
                try:
                    self.send("Browser.close")
                    self.proc.wait(timeout=5)
                except (BrowserError, OSError, subprocess.TimeoutExpired):
                    pass
            if self.proc.poll() is None:
                self.proc.kill()
                self.proc.wait(timeout=10)
        finally:
            for fd in (self.to_browser, self.from_browser):
                try:
                    os.close(fd)
                except OSError:
                    pass
            shutil.rmtree(self.profile, ignore_errors=True)

    def _read_message(self, deadline):
        while b"\0" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise BrowserError("chromium did not answer in time")
            ready, _, _ = select.select([self.from_browser], [], [], left)
            if not ready:
                continue
            chunk = os.read(self.from_browser, 1 << 20)
            if not chunk:
                err = self.proc.stderr.read().decode(errors="replace")[-2000:] if self.proc.poll() is not None else ""
                raise BrowserError("chromium closed the DevTools pipe (exit %s): %s" % (self.proc.poll(), err))
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def send(self, method, params=None, session=None):
        """Sends one command and returns its result; events arriving meanwhile are queued."""
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + self.timeout
        while True:
            reply = self._read_message(deadline)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise BrowserError("%s: %s" % (method, reply["error"]))
                return reply.get("result", {})
            if "method" in reply:
                self.events.append((reply.get("sessionId"), reply["method"], reply.get("params", {})))

    def wait_event(self, method, session, timeout=None):
        deadline = time.monotonic() + (timeout or self.timeout)
        while True:
            for n, (s, m, p) in enumerate(self.events):
                if s == session and m == method:
                    del self.events[n]
                    return p
            reply = self._read_message(deadline)
            if "method" in reply:
                self.events.append((reply.get("sessionId"), reply["method"], reply.get("params", {})))

    def open_page(self, width, height):
        """A new tab with Page, Runtime, Log and Network events on and a WIDTHxHEIGHT viewport (the
        window's size less nothing: the layout checks measure against exactly this); its session id."""
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        for domain in ("Page", "Runtime", "Log", "Network"):
            self.send(domain + ".enable", {}, session)
        self.send("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False}, session)
        return session

    def drain(self, seconds):
        """Collects the events that arrive within `seconds` (late errors, late requests)."""
        deadline = time.monotonic() + seconds
        try:
            while True:
                reply = self._read_message(deadline)
                if "method" in reply:
                    self.events.append((reply.get("sessionId"), reply["method"], reply.get("params", {})))
        except BrowserError:
            pass


class Failures:
    """The failed checks of a test, in order; `echo` prints each as it happens."""

    def __init__(self, echo=False):
        self.lines = []
        self.echo = echo

    def check(self, ok, what):
        if not ok:
            self.lines.append(what)
            if self.echo:
                print("  FAIL:", what)
        return ok


def browser_test_arguments(script, limit_s, chromium_optional=False):
    """The browser tests' command line, MXLANE CHROMIUM ([CHROMIUM] when optional: /usr/bin/chromium):
    returns (mxlane, chromium), or exits (2: usage, 1: no chromium) after saying why; arms a SIGALRM
    after `limit_s` seconds that raises BrowserError, so a hung browser fails the test before CTest's
    timeout."""
    import signal
    import sys
    counts = (2, 3) if chromium_optional else (3,)
    if len(sys.argv) not in counts:
        print(f"usage: {script} MXLANE {'[CHROMIUM]' if chromium_optional else 'CHROMIUM'}", file=sys.stderr)
        sys.exit(2)
    mxlane = sys.argv[1]
    chromium = sys.argv[2] if len(sys.argv) == 3 else "/usr/bin/chromium"
    if not os.access(chromium, os.X_OK):
        print(f"FAIL: {chromium} is missing (scripts/setup-debian.sh installs Debian's chromium package)")
        sys.exit(1)

    def too_slow(signum, frame):
        raise BrowserError(f"{script} took longer than {limit_s} s")
    signal.signal(signal.SIGALRM, too_slow)
    signal.alarm(limit_s)
    return mxlane, chromium


def page_problems(events, session, title, allowed_url):
    """What a page must never do, from the events of `session` (Runtime, Log and Network enabled):
    script errors, console errors and warnings, log errors and warnings, and any request for a URL
    `allowed_url(url)` refuses. One failure line each, prefixed with `title`."""
    problems = []
    for s, method, params in events:
        if s != session:
            continue
        if method == "Runtime.exceptionThrown":
            details = params["exceptionDetails"]
            problems.append(f"{title}: script error {details.get('exception', {}).get('description', details.get('text'))}")
        elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert", "warning"):
            problems.append(f"{title}: console {params['type']}: {[a.get('value') for a in params.get('args', [])]}")
        elif method == "Log.entryAdded" and params["entry"].get("level") in ("error", "warning"):
            problems.append(f"{title}: log {params['entry'].get('level')}: {params['entry'].get('text')}")
        elif method == "Network.requestWillBeSent" and not allowed_url(params["request"]["url"]):
            problems.append(f"{title}: network request {params['request']['url']}")
    return problems
