#!/usr/bin/env python3
"""Screenshot of the browser application for the README: `mxlane site` into a scratch folder, opened in
headless chromium at WIDTHxHEIGHT on the link's view (a D cell pinned, values entered), saved as PNG.
    scripts/web_screenshot.py build/mxlane docs/images/web-app.png [HASH] [WIDTHxHEIGHT]
"""
import base64, os, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tests", "browser"))
from devtools_pipe import Browser  # noqa: E402  (the tests' stdlib-only DevTools client)

mxlane, out = sys.argv[1], sys.argv[2]
view = sys.argv[3] if len(sys.argv) > 3 else ""
width, height = (int(v) for v in (sys.argv[4] if len(sys.argv) > 4 else "1600x900").split("x"))
site = tempfile.mkdtemp(prefix="mxlane-screenshot-")
subprocess.run([mxlane, "site", site], check=True, stdout=subprocess.DEVNULL)
browser = Browser("/usr/bin/chromium", width, height, 60)
try:
    session = browser.open_page(width, height)
    browser.send("Page.navigate", {"url": "file://" + site + "/index.html" + (("#" + view) if view else "")}, session)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:  # the page marks the end of its first view on <body>
        value = browser.send("Runtime.evaluate", {"expression": "document.body && document.body.dataset.loaded || ''",
                                                  "returnByValue": True}, session)["result"].get("value")
        if value in ("map", "error"):
            break
        time.sleep(0.05)
    time.sleep(0.5)
    shot = browser.send("Page.captureScreenshot", {"format": "png"}, session)["data"]
    with open(out, "wb") as f:
        f.write(base64.b64decode(shot))
    print(f"wrote {out} ({width}x{height})")
finally:
    browser.close()
