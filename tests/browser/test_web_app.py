"""The browser application (`mxlane site DIR`, web/app.js) in a real headless chromium, used as a person would.

At 1600x900 and 1280x720: the first view comes (its time printed against the 2 s target); no panel is clipped and the operand in
focus is drawn with text of at least 10 px; the controls pick an architecture, instruction, wave
and modifiers; hovering (Input.dispatchMouseEvent) a cell lights its replicas and, on D, the A, B
and C slots the native `mxlane lanemap --trace` says it reads; a click pins; the register view
matches `--view registers`; a preset and a typed value give the D of native `mxlane eval`; a wrong
and a right `check` formula get the native verdicts; bad input in every field shows the native
error line in place and the page keeps working; the URL restores the view.

Every expectation comes from the native CLI's output, never from the page's code. Usage:
test_web_app.py MXLANE CHROMIUM; exit 0 pass, 1 fail.
"""
import json
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from devtools_pipe import Browser, BrowserError, Failures, browser_test_arguments, page_problems  # noqa: E402

SIZES = [(1600, 900), (1280, 720)]
# The 2 s first view is a performance target, measured and recorded on an idle machine (docs/web.md), not
# asserted here: under `ctest -j` the browser shares two cores with other tests (the project measures
# speed with benchmarks, never with timed tests). This bound only catches a page that never finishes.
FIRST_VIEW_TARGET_MS = 2000
FIRST_VIEW_HANG_MS = 15000
MIN_CELL_TEXT_PX = 10
WAIT_S = 15  # the longest any single wait may take

# The instructions the flow drives: RDNA3 WMMA in wave64 (four copies of every A/B element) and a
# 16-block CDNA2 MFMA whose CBSZ/ABID/BLGP make D read A and B from other blocks.
WMMA = {"arch": "gfx1100", "inst": "v_wmma_f32_16x16x16_f16", "wave": "64"}
MFMA = {"arch": "gfx90a", "inst": "v_mfma_f32_4x4x4f16", "mods": {"cbsz": "2", "abid": "1", "blgp": "3"}}


# ---- the native CLI -------------------------------------------------------------------------------

class Native:
    def __init__(self, mxlane):
        self.mxlane = mxlane

    def run(self, args, stdin=None):
        done = subprocess.run([self.mxlane, *args], input=stdin, capture_output=True, text=True, timeout=60)
        return done.returncode, done.stdout, done.stderr

    def json(self, args):
        code, out, err = self.run(args + ["--format", "json"])
        if code not in (0, 1):
            raise RuntimeError(f"mxlane {' '.join(args)}: exit {code}: {err.strip()}")
        return json.loads(out)

    def error_line(self, args, stdin=None):
        code, _, err = self.run(args, stdin)
        if code == 0:
            raise RuntimeError(f"mxlane {' '.join(args)} was expected to fail")
        return err.split("\n")[0]


def config_args(config):
    args = ["--arch", config["arch"], "--inst", config["inst"]]
    if config.get("wave"):
        args += ["--wave", config["wave"]]
    for name, value in config.get("mods", {}).items():
        args += ["--" + name, value]
    return args


def element_key(name):
    """'A[2][0].B5' -> ('A', '5,2,0')"""
    op, rest = name.split("[", 1)
    parts = rest.replace("]", "").split("[")
    block = 0
    if ".B" in parts[-1]:
        parts[-1], block = parts[-1].split(".B")
    return op, f"{int(block)},{int(parts[0])},{int(parts[1])}"


def feeding(trace):
    """{op: {"els": set(b,i,j), "slots": set(lane,vgpr,bit_lo)}} the trace says D reads."""
    out = {}
    for step in trace["steps"]:
        items = list(step.get("a", [])) + list(step.get("b", [])) + ([step["c"]] if step.get("c") else [])
        for item in items:
            if item.get("slot") is None:
                continue  # a sparse A's unstored zeros
            op, key = element_key(item["element"])
            entry = out.setdefault(op, {"els": set(), "slots": set()})
            entry["els"].add(key)
            entry["slots"].add(f"{item['lane']},{item['vgpr']},{item['bit_lo']}")
    return out


# ---- the page -------------------------------------------------------------------------------------

class Page:
    def __init__(self, browser, session, fail):
        self.browser, self.session, self.fail = browser, session, fail

    def js(self, expression):
        reply = self.browser.send("Runtime.evaluate", {"expression": expression, "returnByValue": True}, self.session)
        if "exceptionDetails" in reply:
            raise BrowserError("evaluating test script: %s" % json.dumps(reply["exceptionDetails"])[:600])
        return reply["result"].get("value")

    def wait(self, expression, what, timeout=WAIT_S):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            value = self.js(expression)
            if value:
                return value
            time.sleep(0.02)
        raise BrowserError(f"waited {timeout} s for {what} ({expression})")

    def wait_loaded(self, what):
        # Phase 2 of a reload ends with data-loaded = "map" (or "error" when the CLI refused it).
        return self.wait("document.body.dataset.loaded === 'map' || document.body.dataset.loaded === 'error' ? "
                         "document.body.dataset.loaded : ''", what)

    def mouse(self, kind, x, y, clicks=1):
        params = {"type": kind, "x": x, "y": y}
        if kind != "mouseMoved":
            params.update(button="left", clickCount=clicks)
        self.browser.send("Input.dispatchMouseEvent", params, self.session)

    def click_at(self, x, y):
        self.mouse("mouseMoved", x, y)
        self.mouse("mousePressed", x, y)
        self.mouse("mouseReleased", x, y)

    def centre(self, selector, scroll=True):
        box = self.js("(() => { const e = document.querySelector(%s); if (!e) return null;%s"
                      " const r = e.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()"
                      % (json.dumps(selector), " e.scrollIntoView({block: 'nearest', inline: 'nearest'});" if scroll else ""))
        if box is None:
            raise BrowserError(f"nothing on the page matches {selector}")
        return box

    def click(self, selector):
        self.click_at(*self.centre(selector))

    def hover(self, selector):
        x, y = self.centre(selector)
        self.mouse("mouseMoved", x, y)

    def key(self, key, code=None, vk=None, text=None):
        for kind in ("keyDown", "keyUp"):
            params = {"type": kind, "key": key, "code": code or key}
            if vk:
                params["windowsVirtualKeyCode"] = vk
            if text and kind == "keyDown":
                params["text"] = text
            self.browser.send("Input.dispatchKeyEvent", params, self.session)

    def type_into(self, selector, text, then="Enter"):
        """Focuses a field, replaces its text as typed keys would, then Enter or Tab commits it."""
        self.click(selector)
        self.js("(() => { const e = document.querySelector(%s); e.focus(); e.select && e.select(); })()" % json.dumps(selector))
        if text:
            self.browser.send("Input.insertText", {"text": text}, self.session)
        else:
            self.key("Backspace", vk=8)
        if then == "Enter":
            self.key("Enter", vk=13, text="\r")
        elif then == "Tab":
            self.key("Tab", vk=9)

    def select(self, selector, value):
        """A <select>: choose the option as the keyboard would (focus, set, change event); a click
        would open chromium's popup, which the DevTools input events cannot reach."""
        self.centre(selector)
        self.js("(() => { const s = document.querySelector(%s); s.focus(); s.value = %s;"
                " s.dispatchEvent(new Event('input', {bubbles: true})); s.dispatchEvent(new Event('change', {bubbles: true})); })()"
                % (json.dumps(selector), json.dumps(value)))

    def error_text(self, box_id):
        return self.js("(() => { const e = document.getElementById(%s); return e && e.classList.contains('on') ? e.textContent : ''; })()"
                       % json.dumps(box_id)) or ""

    def lit(self, root, cls, attr):
        return set(self.js("[...document.querySelectorAll(%s)].map(e => e.getAttribute(%s))"
                           % (json.dumps(f"{root}.{cls}"), json.dumps(attr))))

    def navigate(self, url):
        self.browser.send("Page.navigate", {"url": url}, self.session)


# ---- the checks -----------------------------------------------------------------------------------

LAYOUT_JS = r"""(() => {
  const panels = [...document.querySelectorAll('.panel')].map(p => {
    const r = p.getBoundingClientRect();
    return {id: p.id, box: [r.left, r.top, r.right, r.bottom]};
  });
  const cell = document.querySelector('#grid td.cell');
  const sizes = cell ? [...cell.querySelectorAll('span')].map(s => parseFloat(getComputedStyle(s).fontSize)) : [];
  const r = cell ? cell.getBoundingClientRect() : null;
  return {panels, sizes, cellBox: r ? [r.left, r.top, r.right, r.bottom] : null,
          scroll: [document.documentElement.scrollWidth, document.documentElement.scrollHeight]};
})()"""


def check_layout(page, fail, width, height, where):
    layout = page.js(LAYOUT_JS)
    fail.check(len(layout["panels"]) >= 3, f"{where}: {len(layout['panels'])} panels on the page, expected 3")
    for p in layout["panels"]:
        x0, y0, x1, y1 = p["box"]
        fail.check(x0 >= 0 and y0 >= 0 and x1 <= width + 0.5 and y1 <= height + 0.5,
                   f"{where}: panel {p['id']} at {[round(v) for v in p['box']]} is clipped by the {width}x{height} window")
    fail.check(layout["scroll"][0] <= width and layout["scroll"][1] <= height,
               f"{where}: the page itself scrolls ({layout['scroll']}), a panel overflows the window")
    smallest = min(layout["sizes"]) if layout["sizes"] else 0
    fail.check(smallest >= MIN_CELL_TEXT_PX, f"{where}: focus grid text {layout['sizes']} px, at least {MIN_CELL_TEXT_PX} px needed")
    box = layout["cellBox"]
    fail.check(box is not None and box[0] >= 0 and box[2] <= width and box[3] <= height,
               f"{where}: the first grid cell is not on screen ({box})")
    print(f"  {where}: {len(layout['panels'])} panels inside {width}x{height}, cell text {smallest:.1f} px")


def first_view(page, fail, site, width, height):
    start = time.monotonic()
    page.navigate("file://" + os.path.join(site, "index.html"))
    page.wait("document.body && document.body.dataset.firstView", "the first lane map")
    wall_ms = (time.monotonic() - start) * 1000
    page_ms = float(page.js("document.body.dataset.firstView"))
    marks = page.js("Object.fromEntries(performance.getEntriesByType('mark').map(m => [m.name, Math.round(m.startTime)]))")
    print(f"  {width}x{height}: first view {page_ms:.0f} ms after navigation (page clock; wall clock {wall_ms:.0f} ms; marks {marks})")
    if page_ms > FIRST_VIEW_TARGET_MS:
        print(f"  NOTE: {width}x{height}: first view after {page_ms:.0f} ms, above the {FIRST_VIEW_TARGET_MS} ms target "
              "(a loaded machine? docs/web.md has the idle figure)")
    fail.check(page_ms <= FIRST_VIEW_HANG_MS, f"{width}x{height}: first view after {page_ms:.0f} ms: the page hangs")
    page.wait_loaded("the whole first view")
    check_layout(page, fail, width, height, f"{width}x{height} first view")


def choose_instruction(page, config):
    """The controls, as a person uses them: architecture select, instruction typed, wave, modifiers."""
    page.select("#arch", config["arch"])
    page.wait_loaded(f"arch {config['arch']}")
    page.type_into("#inst", config["inst"])
    page.wait_loaded(f"instruction {config['inst']}")
    if config.get("wave"):
        page.select("#wave", config["wave"])
        page.wait_loaded(f"wave {config['wave']}")
    for name, value in config.get("mods", {}).items():
        page.type_into(f"#mod-{name}", value, then="Tab")
        page.wait_loaded(f"modifier {name}={value}")


def focus_operand(page, op):
    page.click(f'#op-tabs [data-op="{op}"]')
    page.wait(f"document.querySelector('#op-tabs [data-op=\"{op}\"]').getAttribute('aria-selected') === 'true'", f"operand {op}")


def set_view(page, view):
    page.click(f"input[name=view][value={view}]")
    page.wait(f"document.querySelector('input[name=view][value={view}]').checked && "
              f"document.querySelector('#grid').classList.contains('{view}')", f"the {view} view")


def check_feeding(page, fail, native, config, d_key, where):
    """Hover D[d_key]: the overview lights exactly the A/B/C elements the native trace reads; the
    D cell itself is lit; with D pinned, A in focus lights the same A elements and, in the register
    view, the same A slots."""
    expected = feeding(native.json(["lanemap", *config_args(config), "--trace", d_key]))
    focus_operand(page, "D")
    set_view(page, "elements")
    page.hover(f'#grid td.cell[data-e="{d_key}"]')
    for op, cls in (("A", "fa"), ("B", "fb"), ("C", "fc")):
        got = page.lit(f'#overview svg[data-op="{op}"] rect', cls, "data-e")
        want = expected.get(op, {"els": set()})["els"]
        fail.check(got == want, f"{where}: hovering D[{d_key}] lit {op} {sorted(got)[:8]}..., the native trace reads {sorted(want)[:8]}... ({len(got)} vs {len(want)})")
    fail.check(page.lit("#grid td.cell", "hl", "data-e") == {d_key}, f"{where}: D[{d_key}] itself is not the one lit cell")
    # Click to pin, move away: the light stays.
    page.click(f'#grid td.cell[data-e="{d_key}"]')
    page.mouse("mouseMoved", 2, 2)
    fail.check(f"pin=D%3A{d_key.replace(',', '%2C')}" in page.js("location.hash"), f"{where}: the pin is not in the URL ({page.js('location.hash')})")
    focus_operand(page, "A")
    got = page.lit("#grid td.cell", "fa", "data-e")
    fail.check(got == expected["A"]["els"], f"{where}: pinned D[{d_key}], A grid lights {len(got)} elements, the trace reads {len(expected['A']['els'])}")
    set_view(page, "registers")
    got = page.lit("#grid td.cell", "fa", "data-slot")
    fail.check(got == expected["A"]["slots"], f"{where}: pinned D[{d_key}], A register view lights slots {sorted(got)[:6]}, the trace reads {sorted(expected['A']['slots'])[:6]}")
    print(f"  {where}: D[{d_key}] reads A {len(expected['A']['els'])}, B {len(expected['B']['els'])}, "
          f"C {len(expected.get('C', {'els': []})['els'])} elements (native trace); hover, pin and register view compared")
    return expected


def check_replicas(page, fail, native, config, a_key, where):
    """A in focus: the cell names every lane of every copy; in the register view, hovering one copy's
    slot lights the slots of every copy (the native lanemap's entries of that element)."""
    lanemap = native.json(["lanemap", *config_args(config), "--operand", "A"])
    entries = [e for e in lanemap["entries"] if f"{e['block']},{e['row']},{e['col']}" == a_key]
    want_slots = {f"{e['lane']},{e['vgpr']},{e['bit_lo']}" for e in entries}
    focus_operand(page, "A")
    set_view(page, "elements")
    lanes = page.js(f"document.querySelector('#grid td.cell[data-e=\"{a_key}\"] .ln').textContent")
    fail.check(lanes == "L" + ",".join(str(e["lane"]) for e in entries),
               f"{where}: A[{a_key}] cell says {lanes}, the native lanemap has lanes {[e['lane'] for e in entries]}")
    set_view(page, "registers")
    first = sorted(entries, key=lambda e: e["lane"])[-1]
    page.hover(f'#grid td.cell[data-slot="{first["lane"]},{first["vgpr"]},{first["bit_lo"]}"]')
    got = page.lit("#grid td.cell", "hl", "data-slot")
    fail.check(got == want_slots, f"{where}: hovering lane {first['lane']}'s copy of A[{a_key}] lit {sorted(got)}, its copies are {sorted(want_slots)}")
    print(f"  {where}: A[{a_key}] has {len(entries)} copies (lanes {[e['lane'] for e in entries]}); the register view lights all")


def check_register_view(page, fail, native, config, op, where):
    reg = native.json(["lanemap", *config_args(config), "--operand", op, "--view", "registers"])
    focus_operand(page, op)
    set_view(page, "registers")
    shape = page.js("[document.querySelectorAll('#grid tbody tr').length, document.querySelectorAll('#grid thead th').length - 1]")
    fail.check(shape == [len(reg["lanes"]), len(reg["columns"])],
               f"{where}: register view of {op} is {shape[0]} lanes x {shape[1]} slots, native {len(reg['lanes'])} x {len(reg['columns'])}")
    labels = page.js("[...document.querySelectorAll('#grid thead th')].slice(1).map(t => t.textContent)")
    fail.check(labels == [c["label"] for c in reg["columns"]], f"{where}: register view columns {labels[:4]}..., native {[c['label'] for c in reg['columns']][:4]}...")


def read_values(page, op):
    """The values the editor shows for one operand: blocks x rows x cols of strings."""
    page.click(f'#values-ops input[value="{op}"]')
    blocks = page.js("document.getElementById('values-block').options.length") or 1
    out = []
    for b in range(blocks):
        if blocks > 1:
            page.select("#values-block", str(b))
        out.append(page.js("[...document.querySelectorAll('#values-table tbody tr')].map(r => [...r.querySelectorAll('input')].map(i => i.value))"))
    return out


def values_line(page, config):
    """The `mxlane eval` values-mode line of what the editor shows."""
    values = {op: read_values(page, op) for op in ("A", "B", "C")}
    line = {"arch": config["arch"], "inst": config["inst"], "values": {op: v[0] if len(v) == 1 else v for op, v in values.items()}}
    if config.get("wave"):
        line["wave"] = int(config["wave"])
    if config.get("mods"):
        line["mods"] = {k: int(v) for k, v in config["mods"].items()}
    return line


def check_values(page, fail, native, config, where):
    """A preset and a typed element; D read from the Result tab equals native `mxlane eval` of the
    same values line; a D cell's trace ends on that value."""
    page.click("#tab-values")
    page.click('#values-ops input[value="A"]')
    page.select("#preset", "random")
    page.type_into("#seed", "5", then=None)
    page.click("#apply-preset")
    page.click('#values-ops input[value="B"]')
    page.select("#preset", "identity")
    page.click("#apply-preset")
    page.type_into('#values-table input[data-e="0,1,2"]', "-1.5", then="Tab")
    page.click('#values-ops input[value="C"]')
    page.type_into('#values-table input[data-e="0,3,2"]', "0x3f000000", then="Tab")
    page.wait("document.body.dataset.result === 'ok' || document.body.dataset.result === 'error'", "D computed")
    fail.check(page.js("document.body.dataset.result") == "ok", f"{where}: D not computed: {page.error_text('err-values')}")
    line = values_line(page, config)
    code, out, err = native.run(["eval"], json.dumps(line) + "\n")
    if not fail.check(code == 0, f"{where}: native eval of the page's values failed: {err.strip()[:300]}"):
        return None
    want = json.loads(out)
    page.click("#tab-result")
    page.wait("document.querySelectorAll('#result-table td.res').length", "the Result table")
    got_values = page.js("[...document.querySelectorAll('#result-table tbody tr')].map(r => [...r.querySelectorAll('td.res .val')].map(t => t.textContent))")
    got_bits = page.js("[...document.querySelectorAll('#result-table tbody tr')].map(r => [...r.querySelectorAll('td.res .hex')].map(t => t.textContent))")
    fail.check(got_values == want["values"]["D"][0], f"{where}: D on the page {got_values[0][:4]}... differs from native eval {want['values']['D'][0][0][:4]}...")
    fail.check(got_bits == want["bits"]["D"][0], f"{where}: D bits on the page {got_bits[0][:4]}... differ from native eval {want['bits']['D'][0][0][:4]}...")
    nonzero = sum(v not in ("0", "-0") for row in want["values"]["D"][0] for v in row)
    print(f"  {where}: D ({nonzero} non-zero elements) equals native `mxlane eval` value for value and bit for bit")
    # The trace of one D element (a click in the Result table) ends on the same value.
    page.click('#result-table td.res[data-e="0,1,2"]')
    page.wait("!!document.querySelector('#trace-out .trace-result')", "the evaluated trace")
    text = page.js("document.querySelector('#trace-out .trace-result b').textContent")
    fail.check(want["bits"]["D"][0][1][2] in text, f"{where}: the trace of D[1][2] ends on {text}, eval says {want['bits']['D'][0][1][2]}")
    return line


def check_formulas(page, fail, native, config, where):
    """A wrong and a right inverse formula for D (wave64 WMMA: D[i][j] in VGPR i/4 of lane 16*(i%4)+j)."""
    focus_operand(page, "D")
    set_view(page, "elements")
    page.click("#tab-check")
    page.select("#check-mode", "inverse")
    for row, col in (("G*2 + L/16", "L%16"), ("G*4 + L/16", "L%16")):
        want = native.json(["check", *config_args(config), "--operand", "D", "--row", row, "--col", col])
        page.type_into("#check-row", row, then=None)
        page.type_into("#check-col", col, then=None)
        page.js("document.body.dataset.check = ''")
        page.click("#check-go")
        page.wait("document.body.dataset.check", "the check verdict")
        verdict = page.js("document.querySelector('#check-out .verdict').textContent")
        fail.check(page.js("document.body.dataset.check") == ("pass" if want["ok"] else "fail"),
                   f"{where}: --row '{row}' verdict '{verdict}', native ok={want['ok']}")
        fail.check(f"{want['mismatches']} of {want['checked']}" in verdict or (want["ok"] and "PASS" in verdict),
                   f"{where}: --row '{row}' verdict '{verdict}', native {want['mismatches']} of {want['checked']} mismatch")
        if not want["ok"]:
            marked = len(page.lit("#grid td.cell", "mm", "data-e"))
            fail.check(marked > 0, f"{where}: a failed check marks no cell in the grid")
        print(f"  {where}: check --row '{row}' --col '{col}': {verdict}")


def check_bad_input(page, fail, native, config, where):
    """Bad input in each field: the native error line appears next to it; then a good value works."""
    args = config_args(config)
    # Instruction typed wrong.
    want = native.error_line(["lanemap", "--arch", config["arch"], "--inst", "v_no_such_inst", "--operand", "A"])
    page.type_into("#inst", "v_no_such_inst")
    page.wait_loaded("the unknown instruction")
    fail.check(page.error_text("err-inst") == want, f"{where}: unknown instruction shows '{page.error_text('err-inst')}', native '{want}'")
    page.type_into("#inst", config["inst"])
    page.wait_loaded("the instruction again")
    if config.get("wave"):
        page.select("#wave", config["wave"])
        page.wait_loaded("the wave again")
    fail.check(page.js("document.querySelectorAll('#grid td.cell').length") > 0 and not page.error_text("err-inst"),
               f"{where}: the page does not recover from the unknown instruction")
    # A modifier out of range.
    want = native.error_line(["lanemap", *args, "--neg", "9", "--operand", "A"])
    page.type_into("#mod-neg", "9", then="Tab")
    page.wait_loaded("neg=9")
    fail.check(page.error_text("err-mod-neg") == want, f"{where}: neg=9 shows '{page.error_text('err-mod-neg')}', native '{want}'")
    page.type_into("#mod-neg", "1", then="Tab")
    page.wait_loaded("neg=1")
    fail.check(not page.error_text("err-mod-neg") and page.js("document.querySelectorAll('#grid td.cell').length") > 0,
               f"{where}: the page does not recover from neg=9")
    page.type_into("#mod-neg", "", then="Tab")
    page.wait_loaded("neg cleared")
    # A malformed formula.
    want = native.error_line(["check", *args, "--operand", "D", "--row", "(L/16", "--col", "L%16"])
    page.click("#tab-check")
    page.type_into("#check-row", "(L/16", then=None)
    page.type_into("#check-col", "L%16", then=None)
    page.click("#check-go")
    got = page.error_text("err-check-row")
    fail.check(got.split("\n")[0] == want, f"{where}: the malformed --row shows '{got}', native '{want}'")
    # A bad value: its message, then the page computes again once it is fixed.
    page.click("#tab-values")
    page.click('#values-ops input[value="A"]')
    bad_line = values_line(page, config)
    bad_line["values"]["A"][0][1] = "abc"
    page.click('#values-ops input[value="A"]')
    want = native.error_line(["eval"], json.dumps(bad_line) + "\n")
    old = page.js("document.querySelector('#values-table input[data-e=\"0,0,1\"]').value")
    page.type_into('#values-table input[data-e="0,0,1"]', "abc", then="Tab")
    page.wait("document.body.dataset.result === 'error'", "the bad value's error")
    fail.check(page.error_text("err-values") == want, f"{where}: value 'abc' shows '{page.error_text('err-values')}', native '{want}'")
    fail.check(page.js("!!document.querySelector('#values-table input.bad[data-e=\"0,0,1\"]')"), f"{where}: the bad value's field is not marked")
    page.type_into('#values-table input[data-e="0,0,1"]', old, then="Tab")
    page.wait("document.body.dataset.result === 'ok'", "D after the value is fixed")
    # Through the URL: an unknown architecture, a bad switch value.
    want = native.error_line(["list", "--arch", "gfx9999"])
    page.js("location.hash = '#arch=gfx9999&inst=v_x'")
    page.wait("document.getElementById('err-arch').classList.contains('on')", "the unknown architecture's error")
    fail.check(page.error_text("err-arch") == want, f"{where}: arch gfx9999 shows '{page.error_text('err-arch')}', native '{want}'")
    want = native.error_line(["lanemap", *args, "--operand", "A", "--option", "rdna3_replica=bogus"])
    page.js("location.hash = %s" % json.dumps(f"#arch={config['arch']}&inst={config['inst']}&wave={config.get('wave', '')}&o.rdna3_replica=bogus"))
    page.wait("document.getElementById('err-opt-rdna3_replica') && document.getElementById('err-opt-rdna3_replica').classList.contains('on')", "the bad switch's error")
    fail.check(page.error_text("err-opt-rdna3_replica") == want, f"{where}: switch rdna3_replica=bogus shows '{page.error_text('err-opt-rdna3_replica')}', native '{want}'")
    page.select("#opt-rdna3_replica", page.js("document.getElementById('opt-rdna3_replica').options[0].value"))
    page.wait_loaded("a good switch value")
    fail.check(page.js("document.querySelectorAll('#grid td.cell').length") > 0 and not page.error_text("err-opt-rdna3_replica"),
               f"{where}: the page does not recover from the bad switch")
    print(f"  {where}: bad instruction, modifier, formula, value, architecture and switch each show the native message in place; the page recovers")


def check_keyboard(page, fail, where):
    focus_operand(page, "D")
    set_view(page, "elements")
    page.js("document.querySelector('#grid td.cell[data-e=\"0,0,0\"]').focus()")
    page.key("ArrowRight", vk=39)
    page.key("ArrowDown", vk=40)
    focused = page.js("document.activeElement && document.activeElement.dataset.e")
    fail.check(focused == "0,1,1", f"{where}: ArrowRight, ArrowDown from D[0][0] focused {focused}, expected 0,1,1")
    outline = page.js("getComputedStyle(document.activeElement).outlineStyle")
    fail.check(outline not in ("none", ""), f"{where}: the focused cell has no visible outline ({outline})")
    page.key("Enter", vk=13, text="\r")
    fail.check("pin=D%3A0%2C1%2C1" in page.js("location.hash"), f"{where}: Enter did not pin D[1][1]")
    tabbable = page.js("[...document.querySelectorAll('#controls select, #controls input, #side-panel button, #op-tabs button')]"
                       ".filter(e => e.tabIndex < 0 && e.getAttribute('role') !== 'tab').length")
    fail.check(tabbable == 0, f"{where}: {tabbable} controls cannot be reached with Tab")


def check_svg_export(page, fail, native, config, where):
    focus_operand(page, "A")
    set_view(page, "elements")
    page.js("window.mxlaneApp.state.pin = null")
    page.click("#export-svg")
    exported = page.wait("window.mxlaneApp.lastExport", "the SVG export")
    _, svg, _ = native.run(["lanemap", *config_args(config), "--operand", "A", "--format", "svg"])
    fail.check(exported["size"] == len(svg), f"{where}: exported SVG is {exported['size']} characters, native {len(svg)}")


STATE_JS = "JSON.stringify(window.mxlaneApp.state)"
VIEW_JS = r"""(() => ({
  op: document.querySelector('#op-tabs [aria-selected=true]').dataset.op,
  view: document.querySelector('input[name=view]:checked').value,
  pinned: [...document.querySelectorAll('#grid td.cell.pin')].map(e => e.dataset.e || e.dataset.slot).sort(),
  lit: [...document.querySelectorAll('#grid td.cell.fa, #grid td.cell.hl')].map(e => e.dataset.e || e.dataset.slot).sort(),
  row: document.getElementById('check-row').value, col: document.getElementById('check-col').value,
  mods: [...document.querySelectorAll('#mods input')].map(i => i.id + '=' + i.value),
  arch: document.getElementById('arch').value, inst: document.getElementById('inst').value,
  wave: document.getElementById('wave').value,
}))()"""


def check_url(page, fail, where):
    """The link restores the same state and the same view after a fresh load."""
    url = page.js("location.href")
    state, view = json.loads(page.js(STATE_JS)), page.js(VIEW_JS)
    page.navigate("about:blank")
    page.wait("location.href === 'about:blank'", "about:blank")
    page.navigate(url)
    page.wait("document.body && document.body.dataset.firstView", "the page from the link")
    page.wait_loaded("the page from the link")
    time.sleep(0.1)
    restored = json.loads(page.js(STATE_JS))
    fail.check(restored == state, f"{where}: the link restored state {json.dumps(restored)[:400]}, expected {json.dumps(state)[:400]}")
    got = page.js(VIEW_JS)
    fail.check(got == view, f"{where}: the link restored view {got}, expected {view}")
    print(f"  {where}: the link ({len(url)} characters) restores the state and the view")


def flow(page, fail, native, site, width, height):
    where = f"{width}x{height}"
    first_view(page, fail, site, width, height)
    # A 16-block MFMA with CBSZ/ABID/BLGP: D reads A and B from other blocks.
    choose_instruction(page, MFMA)
    fields = sorted(page.js("[...document.querySelectorAll('#mods input')].map(i => i.dataset.mod)"))
    entry = [i for i in native.json(["list", "--arch", MFMA["arch"]])["instructions"] if i["mnemonic"] == MFMA["inst"]][0]
    fail.check(fields == sorted(m["name"] for m in entry["modifiers"]), f"{where}: modifier fields {fields}, native list {[m['name'] for m in entry['modifiers']]}")
    check_layout(page, fail, width, height, f"{where} {MFMA['inst']}")
    check_feeding(page, fail, native, MFMA, "5,2,3", f"{where} {MFMA['inst']} cbsz=2 abid=1 blgp=3")
    # RDNA3 WMMA in wave64: replicas, feeding, values, checks, bad input, keyboard, the link.
    choose_instruction(page, WMMA)
    check_replicas(page, fail, native, WMMA, "0,3,5", f"{where} {WMMA['inst']} wave64")
    check_feeding(page, fail, native, WMMA, "0,6,11", f"{where} {WMMA['inst']} wave64")
    check_register_view(page, fail, native, WMMA, "D", f"{where} {WMMA['inst']} wave64")
    check_layout(page, fail, width, height, f"{where} register view")
    computed = check_values(page, fail, native, WMMA, f"{where} values")
    check_formulas(page, fail, native, WMMA, f"{where} check")
    check_keyboard(page, fail, f"{where} keyboard")
    if computed:
        check_bad_input(page, fail, native, WMMA, f"{where} bad input")
        choose_instruction(page, WMMA)
        page.js("document.querySelector('#values-ops input[value=\"A\"]').click()")
    check_svg_export(page, fail, native, WMMA, f"{where} SVG")
    # The link: D pinned, A in focus in the register view, check formulas typed, values set.
    focus_operand(page, "D")
    set_view(page, "elements")
    page.click('#grid td.cell[data-e="0,2,7"]')
    focus_operand(page, "A")
    set_view(page, "registers")
    page.click("#tab-check")
    page.type_into("#check-row", "G*4 + L/16", then=None)
    page.type_into("#check-col", "L%16", then="Tab")
    check_url(page, fail, f"{where} link")


def main():
    mxlane, chromium = browser_test_arguments("test_web_app.py", 240)
    start = time.monotonic()
    fail = Failures(echo=True)
    native = Native(mxlane)
    with tempfile.TemporaryDirectory(prefix="mxlane-web-") as tmp:
        site = os.path.join(tmp, "site")
        code, _, err = native.run(["site", site])
        files = sorted(os.listdir(site)) if os.path.isdir(site) else []
        if not fail.check(code == 0 and {"index.html", "mxlane.js", "app.js", "app.css"} <= set(files),
                          f"`mxlane site` exit {code}, wrote {files}: {err.strip()[:300]}"):
            return 1
        print(f"mxlane site wrote {files}")
        for width, height in SIZES:
            size_start = time.monotonic()
            browser = Browser(chromium, width, height, timeout=45)
            try:
                session = browser.open_page(width, height)
                page = Page(browser, session, fail)
                try:
                    flow(page, fail, native, site, width, height)
                except BrowserError as e:
                    fail.check(False, f"{width}x{height}: {e}")
                browser.drain(0.1)
                allowed = ("file://" + site, "about:", "blob:", "data:")
                for problem in page_problems(browser.events, session, f"{width}x{height}", lambda u: u.startswith(allowed)):
                    fail.check(False, problem)
            except BrowserError as e:
                fail.check(False, f"{width}x{height}: browser: {e}")
            finally:
                browser.close()
            print(f"{width}x{height}: {time.monotonic() - size_start:.1f} s")
    print(f"{len(fail.lines)} failure(s), {time.monotonic() - start:.1f} s")
    for line in fail.lines[:40]:
        print("FAIL:", line)
    return 1 if fail.lines else 0


if __name__ == "__main__":
    sys.exit(main())
