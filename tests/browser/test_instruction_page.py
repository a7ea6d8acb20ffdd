"""`mxlane lanemap --format html` in a real headless chromium at 1600x900: hovering (or focusing) a
D cell lights exactly the A/B/C slots the instruction reads, the four figures and every lit slot are
on screen and not covered, no script error, no network request.

The expected slots are computed here from the closed forms of docs/spec/layouts.md (§5.2, §5.3, §6,
§8.1, §8.2, §8.5), not from the page. A slot is (lane, first VGPR, bit_lo, bit_hi) as in the
figures' data-slot attribute. Usage: test_instruction_page.py MXLANE [CHROMIUM]; exit 0 pass,
1 fail (also when chromium is missing: scripts/setup-debian.sh installs it).
"""
import os
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from devtools_pipe import Browser, BrowserError, Failures, browser_test_arguments, page_problems  # noqa: E402

WIDTH, HEIGHT = 1600, 900


# ---- expectations from docs/spec/layouts.md ------------------------------------------------------

def mfma_input_slot(m, blocks, k_depth, bits, row, block, k):
    """§5.2: A[b][i][k] (B[b][k][j] with j for i) is in lane i + M*b + M*B*floor(k/Kl), item k mod Kl."""
    kl = k_depth * m * blocks // 64
    lane = row + m * block + m * blocks * (k // kl)
    item = k % kl
    if bits == 64:
        return lane, 0, 0, 63
    per_vgpr = 32 // bits
    lo = bits * (item % per_vgpr)
    return lane, item // per_vgpr, lo, lo + bits - 1


def cbsz_isa(lane, cbsz, abid):
    """§8.1 (isa model, the default): lane l reads A from lane (l mod S) + S*ABID, S = 64 >> CBSZ."""
    s = 64 >> cbsz
    return lane % s + s * abid


BLGP = [lambda l: l, lambda l: l % 32, lambda l: l % 32 + 32, lambda l: (l + 16) % 64,
        lambda l: l % 16, lambda l: l % 16 + 16, lambda l: l % 16 + 32, lambda l: l % 16 + 48]  # §8.2


def mfma_feeds(m, k_depth, blocks, in_bits, out_slot, cbsz=0, abid=0, blgp=0):
    """§8.5 gfx90a: D[b][i][j] reads A'[b][i][k], B'[b][k][j] for every k and C[b][i][j]."""
    def feeds(b, i, j):
        a, bb = [], []
        for k in range(k_depth):
            lane, v, lo, hi = mfma_input_slot(m, blocks, k_depth, in_bits, i, b, k)
            a.append((cbsz_isa(lane, cbsz, abid), v, lo, hi))
            lane, v, lo, hi = mfma_input_slot(m, blocks, k_depth, in_bits, j, b, k)
            bb.append((BLGP[blgp](lane), v, lo, hi))
        return a, bb, [out_slot(b, i, j)]
    return feeds


def out_4x4(b, i, j):  # §5.3: v = i, L = j + 4b
    return j + 4 * b, i, 0, 31


def out_32x32(b, i, j):  # §5.3: v = 16b + 4 floor(i/8) + i mod 4, L = j + 32 (floor(i/4) mod 2)
    return j + 32 * ((i // 4) % 2), 16 * b + 4 * (i // 8) + i % 4, 0, 31


def out_f64_16x16(b, i, j):  # §5.3: pair p = floor(i/4) (VGPRs 2p, 2p+1), L = j + 16 (i mod 4)
    return j + 16 * (i % 4), 2 * (i // 4), 0, 63


def wmma_feeds(wave):
    """§6 and §8.5 gfx1100 (f16 inputs, f32 output): D[i][j] is VGPR floor(i/(W/16))... in lane group
    g = i mod (W/16); it reads the copies of A[i][k], B[k][j] in lane group g: lanes i + 16g, j + 16g,
    VGPR floor(k/2), half k mod 2."""
    rows_per_vgpr = wave // 16

    def feeds(b, i, j):
        g = i % rows_per_vgpr
        d = (16 * g + j, i // rows_per_vgpr, 0, 31)
        a = [(i + 16 * g, k // 2, 16 * (k % 2), 16 * (k % 2) + 15) for k in range(16)]
        bb = [(j + 16 * g, k // 2, 16 * (k % 2), 16 * (k % 2) + 15) for k in range(16)]
        return a, bb, [d]
    return feeds


# (title, lanemap arguments, feeds(b, i, j), D elements to hover, D element focused for the Tab test)
CASES = [
    ("gfx90a 4x4x4f16 cbsz=2 abid=1 blgp=3 (16 blocks)",
     ["--arch", "gfx90a", "--inst", "v_mfma_f32_4x4x4f16", "--cbsz", "2", "--abid", "1", "--blgp", "3"],
     mfma_feeds(4, 4, 16, 16, out_4x4, cbsz=2, abid=1, blgp=3), [(0, 0, 0), (5, 2, 3), (15, 3, 1)]),
    ("gfx90a 32x32x8f16 blgp=1",
     ["--arch", "gfx90a", "--inst", "v_mfma_f32_32x32x8f16", "--blgp", "1"],
     mfma_feeds(32, 8, 1, 16, out_32x32, blgp=1), [(0, 0, 0), (0, 13, 30), (0, 31, 31)]),
    ("gfx90a 16x16x4f64",
     ["--arch", "gfx90a", "--inst", "v_mfma_f64_16x16x4f64"],
     mfma_feeds(16, 4, 1, 64, out_f64_16x16), [(0, 0, 0), (0, 6, 9), (0, 15, 15)]),
    ("gfx1100 wmma f32 16x16x16 f16 wave32",
     ["--arch", "gfx1100", "--inst", "v_wmma_f32_16x16x16_f16"],
     wmma_feeds(32), [(0, 0, 0), (0, 3, 5), (0, 15, 15)]),
    ("gfx1100 wmma f32 16x16x16 f16 wave64",
     ["--arch", "gfx1100", "--inst", "wmma_f32_16x16x16_f16_w64"],
     wmma_feeds(64), [(0, 0, 0), (0, 6, 11), (0, 15, 2)]),
]

# ---- the page ------------------------------------------------------------------------------------

# Reads the lit slots of each class and where every lit slot is drawn: on screen, and the topmost
# element at its centre is the slot or its own cell's text (not the info box, not another figure).
LIT_SLOTS_JS = r"""(() => {
  const out = {};
  for (const [cls, op] of [['fa', 'A'], ['fb', 'B'], ['fc', 'C'], ['hl', null]]) {
    out[cls] = [];
    for (const s of document.querySelectorAll('g.slot.' + cls)) {
      const r = s.querySelector('rect').getBoundingClientRect();
      const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
      const top = document.elementFromPoint(cx, cy);
      out[cls].push({slot: s.getAttribute('data-slot'), op: s.ownerSVGElement.getAttribute('data-op'),
                     onScreen: r.left >= 0 && r.top >= 0 && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5,
                     visible: !!(top && (top.closest('g.slot') === s || (!top.closest('g.slot') && top.closest('g.el') === s.parentNode))), box: [r.left, r.top, r.right, r.bottom]});
    }
  }
  return out;
})()"""

# Where each figure's pane is, how large a cell's text is drawn (11px in the figure's own units),
# and how many cells take keyboard focus.
FIGURES_JS = r"""(() => {
  const figs = {};
  for (const svg of document.querySelectorAll('svg.mxfig[data-op]')) {
    const r = svg.parentNode.getBoundingClientRect();
    figs[svg.getAttribute('data-op')] = {box: [r.left, r.top, r.right, r.bottom],
                                         textPx: 11 * svg.getBoundingClientRect().width / svg.viewBox.baseVal.width};
  }
  return {figs, scrollWidth: document.documentElement.scrollWidth, scrollY: window.scrollY,
          tabbable: document.querySelectorAll('svg[data-op] g.el[tabindex="0"]').length,
          cells: document.querySelectorAll('svg[data-op] g.el[data-e]').length};
})()"""

def slot_tuple(text):
    return tuple(int(x) for x in text.split(","))


def evaluate(browser, session, expression):
    reply = browser.send("Runtime.evaluate", {"expression": expression, "returnByValue": True}, session)
    if "exceptionDetails" in reply:
        raise BrowserError("evaluating test script: %s" % reply["exceptionDetails"])
    return reply["result"].get("value")


def check_lit(browser, session, fail, where, feeds, element):
    a, b, c = feeds(*element)
    lit = evaluate(browser, session, LIT_SLOTS_JS)
    for cls, op, want in (("fa", "A", a), ("fb", "B", b), ("fc", "C", c)):
        # One lit slot per k (a slot read for several k, as BLGP 1 makes, is drawn once per element read).
        got = sorted(slot_tuple(s["slot"]) for s in lit[cls])
        fail.check(all(s["op"] == op for s in lit[cls]), f"{where}: .{cls} slots outside figure {op}")
        fail.check(got == sorted(want), f"{where}: {op} lit {got}, the instruction reads {sorted(want)}")
    fail.check(len(lit["hl"]) == 1 and lit["hl"][0]["op"] == "D", f"{where}: the D cell itself is not lit once")
    for cls in ("fa", "fb", "fc", "hl"):
        for s in lit[cls]:
            fail.check(s["onScreen"], f"{where}: lit {s['op']} slot {s['slot']} off screen at {s['box']}")
            fail.check(s["visible"], f"{where}: lit {s['op']} slot {s['slot']} covered or clipped at {s['box']}")


def check_view(browser, session, fail, title, view, feeds, hovers):
    """One view of the page (the radio button `view`, clicked for real): the panes fit the screen and
    hover, focus and Tab light what the instruction reads, on screen and uncovered."""
    box = evaluate(browser, session, "(() => { const r = document.querySelector('input[name=view][value=%s]')"
                   ".getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()" % view)
    for kind in ("mousePressed", "mouseReleased"):
        browser.send("Input.dispatchMouseEvent", {"type": kind, "x": box[0], "y": box[1], "button": "left",
                                                  "clickCount": 1}, session)
    checked = evaluate(browser, session, "document.querySelector('input[name=view]:checked').value")
    if not fail.check(checked == view, f"{title}: clicking the {view} button left {checked} checked"):
        return
    layout = evaluate(browser, session, FIGURES_JS)
    fail.check(set(layout["figs"]) == {"A", "B", "C", "D"}, f"{title}: figures {sorted(layout['figs'])}")
    for op, fig in sorted(layout["figs"].items()):
        x0, y0, x1, y1 = fig["box"]
        fail.check(x0 >= 0 and y0 >= 0 and x1 <= WIDTH + 0.5 and y1 <= HEIGHT + 0.5,
                   f"{title}: figure {op} at {fig['box']} does not fit {WIDTH}x{HEIGHT}")
    smallest = min(f["textPx"] for f in layout["figs"].values())
    print(f"{title}: cell text {smallest:.1f}-{max(f['textPx'] for f in layout['figs'].values()):.1f} px")
    if view == "focus":  # readable from the back of a room: no smaller than the old 9px at natural size
        fail.check(smallest >= 9, f"{title}: cell text only {smallest:.1f} px")
    fail.check(layout["scrollWidth"] <= WIDTH and layout["scrollY"] == 0, f"{title}: the page is {layout['scrollWidth']} px wide, scrolled to {layout['scrollY']}")
    fail.check(layout["tabbable"] == layout["cells"] and layout["cells"] > 0,
               f"{title}: {layout['tabbable']} of {layout['cells']} cells take keyboard focus")

    for element in hovers:
        where = f"{title}, hover D{list(element)}"
        # In the focus view D scrolls in its pane: bring the cell into view as a user would.
        box = evaluate(browser, session, "(() => { const el = document.querySelector("
                       f"'svg[data-op=\"D\"] g.el[data-e=\"{','.join(map(str, element))}\"]');"
                       " el.scrollIntoView({block: 'nearest', inline: 'nearest'});"
                       " const r = el.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; })()")
        x, y = box[0] + box[2] / 2, box[1] + box[3] / 2
        if not fail.check(0 <= x < WIDTH and 0 <= y < HEIGHT, f"{where}: the cell is off screen at {box}"):
            continue
        browser.send("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x, "y": y}, session)
        check_lit(browser, session, fail, where, feeds, element)

    shots = os.environ.get("MXLANE_BROWSER_SCREENSHOTS")  # a directory: a PNG of each view, a D cell hovered
    if shots:
        import base64
        png = browser.send("Page.captureScreenshot", {"format": "png"}, session)["data"]
        with open(os.path.join(shots, "".join(c if c.isalnum() else "_" for c in title) + ".png"), "wb") as f:
            f.write(base64.b64decode(png))

    # Keyboard: move the pointer away, focus the first D cell, press Tab: the next cell (D[0][0][1])
    # is focused and lights what the instruction reads for it.
    browser.send("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": 0, "y": 0}, session)
    evaluate(browser, session, "document.querySelector('svg[data-op=\"D\"] g.el[data-e=\"0,0,0\"]').focus()")
    check_lit(browser, session, fail, f"{title}, focus D[0,0,0]", feeds, (0, 0, 0))
    for kind in ("keyDown", "keyUp"):
        browser.send("Input.dispatchKeyEvent", {"type": kind, "key": "Tab", "code": "Tab",
                                                "windowsVirtualKeyCode": 9}, session)
    focused = evaluate(browser, session, "document.activeElement && document.activeElement.getAttribute('data-e')")
    if fail.check(focused == "0,0,1", f"{title}: Tab from D[0,0,0] focused {focused}, expected D[0,0,1]"):
        check_lit(browser, session, fail, f"{title}, Tab to D[0,0,1]", feeds, (0, 0, 1))



def run_case(browser, session, fail, mxlane, tmp, title, args, feeds, hovers):
    page = os.path.join(tmp, "page.html")
    with open(page, "wb") as f:
        done = subprocess.run([mxlane, "lanemap", *args, "--format", "html"], stdout=f, stderr=subprocess.PIPE,
                              timeout=60)
    if not fail.check(done.returncode == 0, f"{title}: mxlane exit {done.returncode}: {done.stderr.decode()}"):
        return
    url = "file://" + page
    browser.events.clear()
    browser.send("Page.navigate", {"url": url}, session)
    browser.wait_event("Page.loadEventFired", session)

    # The focus view (the default) with every hover; the fitted view with one (its layout differs,
    # its script does not), to keep the test short on a busy machine.
    for view, view_hovers in (("focus", hovers), ("all", hovers[-1:])):
        check_view(browser, session, fail, f"{title} [{view}]", view, feeds, view_hovers)

    browser.drain(0.2)
    for problem in page_problems(browser.events, session, title, lambda u: u == url):
        fail.check(False, problem)
    requests = [p["request"]["url"] for s, m, p in browser.events if m == "Network.requestWillBeSent" and s == session]
    fail.check(requests == [url], f"{title}: requests {requests}, expected only the page itself")


def main():
    mxlane, chromium = browser_test_arguments("test_instruction_page.py", 150, chromium_optional=True)

    start = time.monotonic()
    fail = Failures()
    browser = Browser(chromium, WIDTH, HEIGHT, timeout=45)
    try:
        session = browser.open_page(WIDTH, HEIGHT)
        with tempfile.TemporaryDirectory(prefix="mxlane-browser-") as tmp:
            print(f"chromium up in {time.monotonic() - start:.1f} s")
            for title, args, feeds, hovers in CASES:
                case_start = time.monotonic()
                run_case(browser, session, fail, mxlane, tmp, title, args, feeds, hovers)
                print(f"{title}: {time.monotonic() - case_start:.1f} s")
    except BrowserError as e:
        fail.check(False, f"browser: {e}")
    finally:
        signal.alarm(0)
        browser.close()
    for line in fail.lines[:40]:
        print("FAIL:", line)
    print(f"{len(CASES)} pages, {len(fail.lines)} failure(s), {time.monotonic() - start:.1f} s")
    return 1 if fail.lines else 0


if __name__ == "__main__":
    sys.exit(main())
