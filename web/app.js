// The mxlane page: controls, the lane map of the operand in focus, values, result, trace and check, all computed by window.mxlane (the CLI in WebAssembly).
//
// Every number on the page comes from a CLI answer (mxlane_api.js runs the command line inside the
// module); this file only lays those answers out, keeps the state in location.hash and lights cells.
(function () {
  'use strict';

  const $ = (id) => document.getElementById(id);
  const OPERAND_ORDER = ['A', 'B', 'C', 'D', 'IDX', 'SA', 'SB'];
  const INPUT_OPERANDS = ['A', 'B', 'C', 'IDX', 'SA', 'SB'];
  // The light a D cell casts on the slots its dot product reads, per operand.
  const FEED_CLASS = { A: 'fa', B: 'fb', C: 'fc', IDX: 'fi', SA: 'fs', SB: 'fs' };
  const LIT_CLASSES = ['hl', 'alias', 'fa', 'fb', 'fc', 'fi', 'fs', 'pin', 'mm'];
  const MATRIX_KINDS = new Set(['mfma', 'smfmac', 'mfma_scale', 'wmma', 'swmmac', 'wmma_scale']);
  const CHECK_FIELDS = { inverse: ['row', 'col', 'block'], forward: ['lane', 'vgpr', 'bits'], load: ['load', 'ld', 'order'] };
  const EDITS_IN_URL_MAX = 1500;  // characters of typed values kept in the link ("values if short")

  // ---- state ------------------------------------------------------------------------------------

  function blankState() {
    return {
      arch: '', inst: '', wave: '', mods: {}, options: {}, op: 'A', view: 'elements', pin: null,
      tab: 'values', vop: 'A', vblock: 0, rblock: 0, showValues: true,
      check: { mode: 'inverse', row: '', col: '', block: '', lane: '', vgpr: '', bits: '', load: '', ld: '', order: 'row' },
      values: {},  // op -> {preset, seed, at, edits: {"b,i,j": "1.5"}}; an operand absent is +0
    };
  }

  const app = {
    state: blankState(),
    archs: [],              // `list`'s architectures: the current one first, all once the page is up
    archsComplete: false,
    instByArch: {},         // arch -> its instructions (`list --arch`), fetched when first needed
    switchesByArch: {},     // arch -> mxlane.switches/1 switches
    entry: null,            // the instruction's `list` entry
    maps: {},               // op -> lanemap JSON + indexes
    regMap: null,           // the register view of the operand in focus
    traceCache: new Map(),  // "config|b,i,j" -> trace JSON (no values)
    result: null,           // {values, bits} of D
    resultKey: '',
    checkResult: null,
    hover: null,            // {op, keys: [...]} under the pointer / keyboard focus
    firstViewMs: null,
    errors: {},
    ready: false,
  };
  window.mxlaneApp = app;  // for the console and the UI test

  function configKey() {
    const s = app.state;
    return JSON.stringify([s.arch, s.inst, s.wave, s.mods, s.options]);
  }

  // The CLI arguments every request shares: {arch, inst, wave, cbsz: 1, option: ["a=b"]}.
  function baseArgs() {
    const s = app.state;
    const args = { arch: s.arch, inst: s.inst };
    if (s.wave !== '') args.wave = s.wave;
    for (const [name, value] of Object.entries(s.mods)) if (value !== '') args[name] = value;
    const options = Object.entries(s.options).map(([n, v]) => `${n}=${v}`);
    if (options.length) args.option = options;
    return args;
  }

  // ---- the URL ------------------------------------------------------------------------------------

  function encodeValues(v) {
    let text = v.preset || 'zeros';
    if (v.preset === 'random') text += ':' + (v.seed || 0);
    if (v.preset === 'onehot') text += ':' + (v.at || '0,0,0');
    return text;
  }

  function stateToHash() {
    const s = app.state;
    const p = new URLSearchParams();
    p.set('arch', s.arch);
    p.set('inst', s.inst);
    if (s.wave !== '') p.set('wave', s.wave);
    for (const [n, v] of Object.entries(s.mods)) if (v !== '') p.set('m.' + n, v);
    for (const [n, v] of Object.entries(s.options)) p.set('o.' + n, v);
    p.set('op', s.op);
    if (s.view !== 'elements') p.set('view', s.view);
    if (s.pin) p.set('pin', `${s.pin.op}:${s.pin.key}`);
    if (s.tab !== 'values') p.set('tab', s.tab);
    if (s.vop !== 'A') p.set('vop', s.vop);
    if (s.vblock) p.set('vblock', s.vblock);
    if (!s.showValues) p.set('showvalues', '0');
    if (s.check.mode !== 'inverse') p.set('ck.mode', s.check.mode);
    for (const [n, v] of Object.entries(s.check)) if (n !== 'mode' && v !== '' && !(n === 'order' && v === 'row')) p.set('ck.' + n, v);
    let editsLength = 0;
    for (const [op, v] of Object.entries(s.values)) {
      p.set('v.' + op, encodeValues(v));
      const edits = Object.entries(v.edits || {}).map(([k, x]) => `${k}=${x}`).join(';');
      editsLength += edits.length;
      if (edits && editsLength <= EDITS_IN_URL_MAX) p.set('e.' + op, edits);
    }
    return '#' + p.toString();
  }

  function hashToState(hash) {
    const p = new URLSearchParams(hash.replace(/^#/, ''));
    const s = blankState();
    s.arch = p.get('arch') || '';
    s.inst = p.get('inst') || '';
    s.wave = p.get('wave') || '';
    s.op = p.get('op') || 'A';
    s.view = p.get('view') === 'registers' ? 'registers' : 'elements';
    s.tab = ['values', 'result', 'trace', 'check'].includes(p.get('tab')) ? p.get('tab') : 'values';
    s.vop = p.get('vop') || 'A';
    s.vblock = parseInt(p.get('vblock') || '0', 10) || 0;
    s.showValues = p.get('showvalues') !== '0';
    const pin = /^(\w+):(\d+,\d+,\d+)$/.exec(p.get('pin') || '');
    if (pin) s.pin = { op: pin[1], key: pin[2] };
    for (const [k, v] of p.entries()) {
      if (k.startsWith('m.')) s.mods[k.slice(2)] = v;
      else if (k.startsWith('o.')) s.options[k.slice(2)] = v;
      else if (k.startsWith('ck.')) s.check[k.slice(3)] = v;
      else if (k.startsWith('v.')) {
        const [preset, arg] = v.split(':');
        const entry = { preset, edits: {} };
        if (preset === 'random') entry.seed = parseInt(arg || '1', 10) || 0;
        if (preset === 'onehot') entry.at = arg || '0,0,0';
        s.values[k.slice(2)] = entry;
      }
    }
    for (const [k, v] of p.entries()) {
      if (!k.startsWith('e.')) continue;
      const op = k.slice(2);
      if (!s.values[op]) s.values[op] = { preset: 'zeros', edits: {} };
      for (const item of v.split(';')) {
        const eq = item.indexOf('=');
        if (eq > 0) s.values[op].edits[item.slice(0, eq)] = item.slice(eq + 1);
      }
    }
    return s;
  }

  let lastWrittenHash = '';
  function saveHash() {
    const hash = stateToHash();
    if (hash === location.hash) return;
    lastWrittenHash = hash;
    history.replaceState(null, '', hash);
  }

  function siteDefaults() {
    try {
      const d = JSON.parse($('mxlane-site-defaults').textContent || '{}');
      return d && typeof d === 'object' ? d : {};
    } catch (e) {
      return {};
    }
  }

  // ---- small helpers ------------------------------------------------------------------------------

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === undefined || v === null || v === false) continue;
      if (k === 'class') node.className = v;
      else if (k === 'text') node.textContent = v;
      else if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
      else node.setAttribute(k, v === true ? '' : v);
    }
    for (const c of children) if (c !== null && c !== undefined) node.append(c);
    return node;
  }

  function esc(text) {
    return String(text).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]));
  }

  function showError(id, message) {
    const box = $(id);
    if (!box) return;
    box.textContent = message || '';
    box.classList.toggle('on', !!message);
    const field = box.parentNode && box.parentNode.querySelector('input, select');
    if (field && box.classList.contains('err') && box.parentNode.classList.contains('field'))
      field.setAttribute('aria-invalid', message ? 'true' : 'false');
  }

  function clearErrors(prefix) {
    for (const box of document.querySelectorAll('.err')) if (box.id.startsWith(prefix)) showError(box.id, '');
  }

  function setStatus(text, cls) {
    const s = $('status');
    s.textContent = text;
    s.className = 'status' + (cls ? ' ' + cls : '');
  }

  // Which form field a CLI error line is about ("... error: --cbsz: ..." or "modifier abid=3 ..."):
  // the field shows it in place.
  function errorField(message) {
    let m = /modifier (\w+)=/.exec(message);
    if (m && $('mod-' + m[1])) return 'err-mod-' + m[1];
    m = /error: --([a-z][a-z0-9_-]*)/.exec(message);
    const option = m ? m[1].replace(/-/g, '_') : '';
    if (option === 'option') {
      m = /switch (\w+)/.exec(message);
      return m && $('opt-' + m[1]) ? 'err-opt-' + m[1] : 'err-switches';
    }
    if (option === 'arch') return 'err-arch';
    if (option === 'inst') return /wave ?(32|64)/.test(message) && app.entry ? 'err-wave' : 'err-inst';
    if (option === 'wave') return 'err-wave';
    if (option && $('mod-' + option)) return 'err-mod-' + option;
    return 'err-map';
  }

  function lanesText(lanes) {
    return 'L' + lanes.join(',');
  }

  function regText(entry) {
    const wide = entry.bit_hi - entry.bit_lo + 1 > 32;
    const reg = wide ? `v${entry.vgpr}:${entry.vgpr + 1}` : `v${entry.vgpr}`;
    return (entry.neg ? '\u2212' : '') + (entry.abs ? `|${reg}|` : reg);
  }

  function colourClass(lane, vgpr) {
    return `c${(lane >> 4) & 3}${vgpr % 2 ? 'o' : 'e'}`;
  }

  function slotKey(lane, vgpr, bitLo) {
    return `${lane},${vgpr},${bitLo}`;
  }

  // "A[2][0].B5" -> {op: "A", key: "5,2,0"}
  function parseElementName(name) {
    const m = /^([A-Z]+)\[(\d+)\]\[(\d+)\](?:\.B(\d+))?/.exec(name || '');
    return m ? { op: m[1], key: `${m[4] || 0},${m[2]},${m[3]}` } : null;
  }

  function elementLabel(op, key) {
    const [b, i, j] = key.split(',').map(Number);
    const map = app.maps[op];
    return `${op}[${i}][${j}]` + (map && map.blocks > 1 ? ` block ${b}` : '');
  }

  function axisNames(op) {
    if (op === 'A' || op === 'IDX' || op === 'SA') return ['i', 'k'];
    if (op === 'B') return ['k', 'j'];
    if (op === 'SB') return ['j', 'k'];
    return ['i', 'j'];
  }

  // ---- catalog and controls -----------------------------------------------------------------------

  function matrixArchs() {
    return app.archs.filter((a) => a.matrix_instructions_modelled);
  }

  // `list --arch` answers in a few ms where the whole list takes most of a second, so the first
  // view asks for its own architecture only and the rest comes after it (loadAllArchitectures).
  function loadArch(arch) {
    if (!(arch in app.instByArch)) {
      const json = JSON.parse(mxlane.list(arch));  // throws the CLI's error for an unknown one
      for (const a of json.architectures) {
        if (!app.archs.some((x) => x.name === a.name)) app.archs.push(a);
        app.instByArch[a.name] = json.instructions.filter((i) => i.arch === a.name);
      }
      if (!(arch in app.instByArch)) app.instByArch[arch] = json.instructions;  // an alias
    }
    return app.archs.find((a) => a.name === arch) || null;
  }

  function loadAllArchitectures() {
    if (app.archsComplete) return;
    const json = JSON.parse(mxlane.list());
    app.archs = json.architectures;
    for (const a of json.architectures) app.instByArch[a.name] = json.instructions.filter((i) => i.arch === a.name);
    app.archsComplete = true;
    fillArchSelect();
  }

  function instructionsOf(arch) {
    return (app.instByArch[arch] || []).filter((i) => MATRIX_KINDS.has(i.kind));
  }

  function defaultInstruction(arch) {
    const list = instructionsOf(arch);
    const preferred = ['v_mfma_f32_16x16x16_f16', 'v_mfma_f32_16x16x16f16', 'v_wmma_f32_16x16x16_f16'];
    for (const p of preferred) if (list.some((i) => i.mnemonic === p)) return p;
    return list.length ? list[0].mnemonic : '';
  }

  function switchesOf(arch) {
    if (!(arch in app.switchesByArch)) {
      try {
        app.switchesByArch[arch] = JSON.parse(mxlane.run(['list', '--options', '--arch', arch, '--format', 'json']).stdout).switches;
      } catch (e) {
        app.switchesByArch[arch] = [];
      }
    }
    return app.switchesByArch[arch];
  }

  function fillArchSelect() {
    const select = $('arch');
    select.textContent = '';
    const archs = matrixArchs();
    const known = archs.some((a) => a.name === app.state.arch);
    if (!known && app.state.arch) select.append(el('option', { value: app.state.arch, text: `${app.state.arch} (unknown)` }));
    for (const a of archs) select.append(el('option', { value: a.name, text: `${a.name} \u00b7 ${a.family}`, title: a.products }));
    select.value = app.state.arch;
  }

  function fillInstructionList() {
    const list = $('inst-list');
    list.textContent = '';
    const seen = new Set();
    for (const i of instructionsOf(app.state.arch)) {
      if (seen.has(i.mnemonic)) continue;
      seen.add(i.mnemonic);
      const shape = `${i.kind} ${i.m}x${i.n}x${i.k}${i.blocks > 1 ? ' ' + i.blocks + ' blocks' : ''} ${i.types.A}\u2192${i.types.D}`;
      list.append(el('option', { value: i.mnemonic, label: shape }));
    }
    $('inst').value = app.state.inst;
  }

  function fillWaveSelect() {
    const select = $('wave');
    select.textContent = '';
    const entries = app.entry ? instructionsOf(app.state.arch).filter((i) => i.mnemonic === app.entry.mnemonic) : [];
    const waves = [...new Set(entries.map((i) => i.wave))].sort((a, b) => a - b);
    select.append(el('option', { value: '', text: waves.length ? `default (wave${currentWave() || waves[0]})` : 'default' }));
    for (const w of waves) select.append(el('option', { value: String(w), text: `wave${w}` }));
    if (app.state.wave !== '' && !waves.includes(Number(app.state.wave)))
      select.append(el('option', { value: app.state.wave, text: `wave${app.state.wave}` }));
    select.value = app.state.wave;
    select.disabled = false;
    select.title = waves.length > 1 ? 'This instruction exists in wave32 and wave64' : 'This instruction exists in one wave size only';
  }

  function valuesHint(values) {
    const sorted = [...values].sort((a, b) => a - b);
    const run = sorted.every((v, n) => n === 0 || v === sorted[n - 1] + 1);
    return run && sorted.length > 2 ? `${sorted[0]}\u2013${sorted[sorted.length - 1]}` : sorted.join(', ');
  }

  function fillModifiers() {
    const box = $('mods');
    box.textContent = '';
    const mods = app.entry ? app.entry.modifiers : [];
    // Modifiers typed into the URL that this instruction lacks still get a field, so the CLI's
    // refusal has a place to appear and the user a place to clear it.
    const names = mods.map((m) => m.name);
    for (const n of Object.keys(app.state.mods)) if (!names.includes(n)) names.push(n);
    if (!names.length) {
      box.append(el('p', { class: 'hint', text: app.entry ? 'This instruction takes no modifiers.' : '' }));
      return;
    }
    for (const name of names) {
      const m = mods.find((x) => x.name === name) || { name, values: [], meaning: 'not a modifier of this instruction' };
      const title = m.meaning + (m.constraint ? ` (constraint: ${m.constraint})` : '');
      const input = el('input', {
        id: 'mod-' + name, type: 'number', step: '1', class: 'num', 'data-mod': name,
        min: m.values.length ? Math.min(...m.values) : null, max: m.values.length ? Math.max(...m.values) : null,
        placeholder: m.values.length ? String(m.values[0]) : '', title,
      });
      input.value = app.state.mods[name] !== undefined ? app.state.mods[name] : '';
      input.addEventListener('change', () => {
        if (input.value === '') delete app.state.mods[name];
        else app.state.mods[name] = input.value;
        reload();
      });
      box.append(el('div', { class: 'field mod' },
        el('label', { for: input.id, title }, name.replace(/_/g, '-')),
        input,
        el('span', { class: 'range', title: m.constraint || '' }, m.values.length ? valuesHint(m.values) : ''),
        el('div', { class: 'meaning', title }, m.meaning + (m.constraint ? ` \u2014 ${m.constraint}` : '')),
        el('div', { class: 'err', id: 'err-mod-' + name, role: 'alert' })));
    }
  }

  function fillSwitches() {
    const box = $('switches');
    box.textContent = '';
    const switches = switchesOf(app.state.arch);
    const names = switches.map((s) => s.name);
    box.append(el('div', { class: 'err', id: 'err-switches', role: 'alert' }));
    for (const n of Object.keys(app.state.options)) if (!names.includes(n)) switches.push({ name: n, values: [], default: '', unknown: true });
    let changed = 0;
    for (const sw of switches) {
      const select = el('select', { id: 'opt-' + sw.name, 'data-switch': sw.name, title: sw.applies_to || '' });
      for (const v of sw.values) select.append(el('option', { value: v.name, title: v.meaning, text: v.name + (v.name === sw.default ? ' (default)' : '') }));
      const current = app.state.options[sw.name];
      if (current !== undefined && !sw.values.some((v) => v.name === current)) select.append(el('option', { value: current, text: current }));
      select.value = current !== undefined ? current : sw.default;
      if (current !== undefined && current !== sw.default) changed++;
      select.addEventListener('change', () => {
        if (select.value === sw.default) delete app.state.options[sw.name];
        else app.state.options[sw.name] = select.value;
        reload();
      });
      const meaning = (sw.values.find((v) => v.name === select.value) || {}).meaning || '';
      box.append(el('div', { class: 'field switch' + (current !== undefined && current !== sw.default ? ' changed' : '') },
        el('label', { for: select.id, title: (sw.applies_to || '') + (sw.evidence ? '\n' + sw.evidence : '') }, sw.name),
        select,
        el('div', { class: 'meaning', title: meaning + (sw.evidence ? '\n' + sw.evidence : '') }, meaning),
        el('div', { class: 'err', id: 'err-opt-' + sw.name, role: 'alert' })));
    }
    $('switches-count').textContent = `(${switches.length}${changed ? `, ${changed} changed` : ''})`;
    if (changed) $('switches-box').open = true;
  }

  function fillInstInfo() {
    const box = $('inst-info');
    const e = app.entry;
    if (!e) {
      box.textContent = '';
      return;
    }
    const types = Object.entries(e.types).map(([op, t]) => `${op} ${t}`).join(', ');
    const vgprs = Object.entries(e.vgprs).map(([op, n]) => `${op} ${n}`).join(', ');
    box.innerHTML = `<div><b>${esc(e.mnemonic)}</b></div>` +
      `<div class="muted">${esc(e.builtin)}</div>` +
      `<div>${e.m}\u00d7${e.n}\u00d7${e.k}${e.blocks > 1 ? `, ${e.blocks} blocks` : ''}, wave${currentWave()}</div>` +
      `<div>types: ${esc(types)}</div><div>VGPRs: ${esc(vgprs)}</div>` +
      (e.cycles ? `<div>${e.cycles} cycles, ${e.ops} ops</div>` : '');
  }

  // ---- loading the maps ---------------------------------------------------------------------------

  function indexMap(json) {
    json.byElement = new Map();
    json.bySlot = new Map();
    for (const e of json.entries) {
      const key = `${e.block},${e.row},${e.col}`;
      if (!json.byElement.has(key)) json.byElement.set(key, []);
      json.byElement.get(key).push(e);
      const sk = slotKey(e.lane, e.vgpr, e.bit_lo);
      if (!json.bySlot.has(sk)) json.bySlot.set(sk, []);
      if (!json.bySlot.get(sk).includes(key)) json.bySlot.get(sk).push(key);
    }
    return json;
  }

  function operandsOfEntry() {
    if (!app.entry) return ['A', 'B', 'C', 'D'];
    return OPERAND_ORDER.filter((op) => op in app.entry.types);
  }

  // Runs every lane map the page needs for the current controls; a CLI error goes next to its field.
  function reload(options) {
    const keepPin = options && options.keepPin;
    clearErrors('err-');
    app.maps = {};
    app.regMap = null;
    app.entry = null;
    app.result = null;
    app.resultKey = '';
    app.checkResult = null;
    app.hover = null;
    if (!keepPin) app.state.pin = null;
    const s = app.state;

    // Phase 1, the first view: the operand in focus alone (each CLI call costs tens of ms, the
    // first one in a fresh module several hundred).
    const firstOp = ['A', 'B', 'C', 'D'].includes(s.op) ? s.op : 'A';
    let first;
    try {
      if (!s.arch) throw new Error('mxlane: choose an architecture');
      first = indexMap(JSON.parse(mxlane.lanemap(Object.assign(baseArgs(), { operand: firstOp }))));
    } catch (e) {
      // `list --arch` says what is wrong with an unknown architecture; a known one gives the
      // instruction's entry, so the modifier fields exist for the error to sit next to.
      let archKnown = false;
      try {
        archKnown = !!loadArch(s.arch);
      } catch (archError) {
        showError('err-arch', archError.message);
      }
      fillArchSelect();
      fillInstructionList();
      app.entry = archKnown ? instructionsOf(s.arch).find((i) => i.mnemonic === s.inst || i.builtin === s.inst ||
        i.builtin === '__builtin_amdgcn_' + s.inst) || null : null;
      fillWaveSelect();
      fillModifiers();
      if (archKnown) fillSwitches();
      else $('switches').textContent = '';
      fillInstInfo();
      if (archKnown || errorField(e.message) !== 'err-arch') showError(errorField(e.message), e.message);
      finishReload(false);
      return;
    }
    s.arch = first.arch;  // an alias (cdna3, mi300x) becomes the architecture's name
    app.maps[firstOp] = first;
    renderOperandTabs();
    if (s.op === firstOp) {
      renderFocus();
      markFirstView();
    }
    // Phase 2, after the browser has painted: the instruction's entry, the other operands and
    // everything that uses them.
    const generation = ++reloadGeneration;
    document.body.dataset.loaded = 'loading';
    requestAnimationFrame(() => setTimeout(() => {
      if (generation !== reloadGeneration) return;
      try {
        const archEntry = loadArch(s.arch);
        if (archEntry && !archEntry.matrix_instructions_modelled)
          showError('err-arch', `${s.arch} has no matrix instructions (only VALU builtins, which have no lane map)`);
      } catch (e) {
        showError('err-arch', e.message);
      }
      fillArchSelect();
      fillInstructionList();
      app.entry = instructionsOf(s.arch).find((i) => i.builtin === first.builtin) ||
        instructionsOf(s.arch).find((i) => i.mnemonic === first.inst) || null;
      if (!operandsOfEntry().includes(s.op)) s.op = firstOp;
      for (const op of operandsOfEntry()) {
        if (app.maps[op]) continue;
        try {
          app.maps[op] = indexMap(JSON.parse(mxlane.lanemap(Object.assign(baseArgs(), { operand: op }))));
        } catch (e) {
          showError('err-map', e.message);
        }
      }
      fillWaveSelect();
      fillModifiers();
      fillSwitches();
      fillInstInfo();
      if (s.pin && !(app.maps[s.pin.op] && app.maps[s.pin.op].byElement.has(s.pin.key))) s.pin = null;
      finishReload(true, s.op !== firstOp);
    }, 0));
  }

  let reloadGeneration = 0;

  function markFirstView() {
    if (app.firstViewMs !== null) return;
    app.firstViewMs = performance.now();
    performance.mark('mxlane-first-view');
    document.body.dataset.firstView = String(Math.round(app.firstViewMs));
    setStatus(`Ready \u00b7 first view ${Math.round(app.firstViewMs)} ms after navigation`, 'ok');
  }

  function currentWave() {
    const map = Object.values(app.maps)[0];
    return map ? map.wave : app.entry ? app.entry.wave : '';
  }

  function finishReload(ok, focusToo) {
    ++reloadGeneration;
    renderOperandTabs();
    if (!ok || focusToo) renderFocus();
    else renderShape();
    renderOverview();
    applyLight();
    renderNotes();
    renderValuesPane();
    scheduleCompute();
    renderTracePane();
    renderCheckPane();
    selectSideTab(app.state.tab, false);
    saveHash();
    if (ok) markFirstView();
    document.body.dataset.loaded = ok ? 'map' : 'error';
  }

  // ---- the operand in focus -----------------------------------------------------------------------

  function renderOperandTabs() {
    const box = $('op-tabs');
    box.textContent = '';
    for (const op of operandsOfEntry()) {
      const map = app.maps[op];
      const shape = map ? `${map.blocks > 1 ? map.blocks + '\u00d7' : ''}${map.rows}\u00d7${map.cols}` : '';
      const selected = op === app.state.op;
      box.append(el('button', {
        role: 'tab', type: 'button', class: 'op-tab', 'data-op': op, 'aria-selected': selected ? 'true' : 'false',
        tabindex: selected ? '0' : '-1', title: `operand ${op} ${shape} (key ${op === 'IDX' ? 'i' : op.toLowerCase()})`,
        onclick: () => focusOperand(op),
        onkeydown: (ev) => tabArrows(ev, box),
      }, el('b', { text: op }), ' ', el('span', { class: 'muted', text: shape })));
    }
  }

  function tabArrows(ev, box) {
    if (ev.key !== 'ArrowLeft' && ev.key !== 'ArrowRight') return;
    const tabs = [...box.querySelectorAll('[role=tab]')];
    const at = tabs.indexOf(ev.currentTarget);
    const next = tabs[(at + (ev.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length];
    next.focus();
    next.click();
    ev.preventDefault();
  }

  function focusOperand(op) {
    if (!app.maps[op] || op === app.state.op) return;
    app.state.op = op;
    app.regMap = null;
    app.checkResult = null;
    renderOperandTabs();
    renderFocus();
    renderOverview();
    renderCheckPane();
    if (INPUT_OPERANDS.includes(op) && app.maps[op]) {
      app.state.vop = op;
      renderValuesPane();
    }
    saveHash();
  }

  function setView(view) {
    app.state.view = view;
    for (const r of document.querySelectorAll('input[name=view]')) r.checked = r.value === view;
    renderFocus();
    saveHash();
  }

  // The value shown in a cell (4th line) when values are shown: an input's value, or D's result.
  function cellValue(op, key) {
    if (!app.state.showValues || !hasValues()) return null;
    if (op === 'D') {
      if (!app.result) return null;
      const [b, i, j] = key.split(',').map(Number);
      const v = app.result.values.D[b] && app.result.values.D[b][i] ? app.result.values.D[b][i][j] : undefined;
      return v === undefined ? null : v;
    }
    return valueOf(op, key);
  }

  function renderFocus() {
    const grid = $('grid');
    grid.textContent = '';
    app.cellIndex = new Map();   // element key (elements view) or slot key (registers view) -> cell
    const op = app.state.op;
    const map = app.maps[op];
    $('check-op').textContent = op;
    for (const r of document.querySelectorAll('input[name=view]')) r.checked = r.value === app.state.view;
    if (!map) {
      $('shape').textContent = '';
      grid.append(el('p', { class: 'empty', text: 'No lane map: see the message next to the field above.' }));
      return;
    }
    renderShape();
    if (app.state.view === 'registers') renderRegisters(grid, op);
    else renderElements(grid, op, map);
    const first = grid.querySelector('td.cell');
    if (first) first.tabIndex = 0;
    applyLight();
  }

  function renderShape() {
    const op = app.state.op;
    const map = app.maps[op];
    const type = app.entry && app.entry.types[op] ? app.entry.types[op] + ', ' : '';
    $('shape').textContent = map ? `${op}: ${map.blocks > 1 ? map.blocks + ' blocks of ' : ''}${map.rows}\u00d7${map.cols}, ${type}${map.element_bits}-bit, ${map.vgprs} VGPR${map.vgprs > 1 ? 's' : ''}, wave${map.wave}` : '';
  }

  function renderElements(grid, op, map) {
    const [rowAxis, colAxis] = axisNames(op);
    grid.className = 'grid elements' + (map.blocks > 1 ? ' multi' : '');
    const parts = [];
    for (let b = 0; b < map.blocks; b++) {
      parts.push(`<table class="map" data-op="${op}" data-block="${b}">`);
      if (map.blocks > 1) parts.push(`<caption>block ${b}</caption>`);
      parts.push(`<thead><tr><th class="corner">${rowAxis}\\${colAxis}</th>`);
      for (let j = 0; j < map.cols; j++) parts.push(`<th scope="col">${j}</th>`);
      parts.push('</tr></thead><tbody>');
      for (let i = 0; i < map.rows; i++) {
        parts.push(`<tr><th scope="row">${i}</th>`);
        for (let j = 0; j < map.cols; j++) {
          const key = `${b},${i},${j}`;
          const entries = map.byElement.get(key) || [];
          if (!entries.length) {
            parts.push(`<td class="cell none" data-e="${key}" tabindex="-1" aria-label="${op}[${i}][${j}] not held">\u2014</td>`);
            continue;
          }
          const e = entries[0];
          const lanes = entries.map((x) => x.lane);
          const regs = [...new Set(entries.map(regText))].join(',');
          const bits = `[${e.bit_hi}:${e.bit_lo}]`;
          const value = cellValue(op, key);
          const label = `${op}[${i}][${j}]${map.blocks > 1 ? ' block ' + b : ''}: ${regs} bits ${bits} lane ${lanes.join(', ')}`;
          parts.push(`<td class="cell ${colourClass(e.lane, e.vgpr)}${e.neg ? ' neg' : ''}" data-e="${key}" tabindex="-1" aria-label="${esc(label)}">` +
            `<span class="rg">${esc(regs)}</span><span class="bt">${bits}</span><span class="ln">${lanesText(lanes)}</span>` +
            (value !== null ? `<span class="vl">${esc(value)}</span>` : '') + '</td>');
        }
        parts.push('</tr>');
      }
      parts.push('</tbody></table>');
    }
    grid.innerHTML = parts.join('');
    for (const td of grid.querySelectorAll('td.cell')) app.cellIndex.set(td.dataset.e, td);
  }

  function loadRegisterMap(op) {
    if (app.regMap && app.regMap.operand === op && app.regMap.configKey === configKey()) return app.regMap;
    const json = JSON.parse(mxlane.lanemap(Object.assign(baseArgs(), { operand: op, view: 'registers' })));
    json.configKey = configKey();
    app.regMap = json;
    return json;
  }

  function renderRegisters(grid, op) {
    grid.className = 'grid registers';
    let reg;
    try {
      reg = loadRegisterMap(op);
    } catch (e) {
      showError('err-map', e.message);
      return;
    }
    const multi = reg.blocks > 1;
    const parts = [`<table class="map regs" data-op="${op}"><thead><tr><th class="corner">lane</th>`];
    for (const c of reg.columns) parts.push(`<th scope="col">${esc(c.label)}</th>`);
    parts.push('</tr></thead><tbody>');
    for (const row of reg.lanes) {
      parts.push(`<tr><th scope="row">L${row.lane}</th>`);
      row.cells.forEach((cell, n) => {
        const c = reg.columns[n];
        const key = slotKey(row.lane, c.vgpr, c.bit_lo);
        if (!cell || !cell.length) {
          parts.push(`<td class="cell empty-slot" data-slot="${key}" tabindex="-1" aria-label="lane ${row.lane} ${esc(c.label)}: unused">\u00b7</td>`);
          return;
        }
        const keys = cell.map((x) => `${x.block},${x.row},${x.col}`);
        const text = cell.map((x) => `${x.neg ? '\u2212' : ''}[${x.row}][${x.col}]${multi ? '<span class="blk">b' + x.block + '</span>' : ''}`).join(' ');
        const value = cell.length === 1 ? cellValue(op, keys[0]) : null;
        parts.push(`<td class="cell ${colourClass(row.lane, c.vgpr)}" data-slot="${key}" data-els="${keys.join('|')}" tabindex="-1" ` +
          `aria-label="lane ${row.lane} ${esc(c.label)}: ${esc(keys.map((k) => elementLabel(op, k)).join(', '))}">` +
          `<span class="el">${text}</span>${value !== null ? `<span class="vl">${esc(value)}</span>` : ''}</td>`);
      });
      parts.push('</tr>');
    }
    parts.push('</tbody></table>');
    grid.innerHTML = parts.join('');
    for (const td of grid.querySelectorAll('td.cell')) app.cellIndex.set(td.dataset.slot, td);
  }

  // ---- light: replicas and feeding slots ----------------------------------------------------------

  function traceOf(key) {
    const cacheKey = configKey() + '|' + key;
    if (!app.traceCache.has(cacheKey)) {
      if (app.traceCache.size > 200) app.traceCache.clear();
      app.traceCache.set(cacheKey, JSON.parse(mxlane.trace(Object.assign(baseArgs(), { trace: key }))));
    }
    return app.traceCache.get(cacheKey);
  }

  // Every slot a D element's dot product reads: [{op, key, slot, cls, k}] from the trace's steps.
  function feedingSlots(trace) {
    const out = [];
    for (const step of trace.steps) {
      for (const [field, value] of Object.entries(step)) {
        const items = Array.isArray(value) ? value : value && typeof value === 'object' ? [value] : [];
        for (const item of items) {
          if (!item || typeof item !== 'object' || !item.element || item.slot === null || item.lane === undefined) continue;
          const parsed = parseElementName(item.element);
          if (!parsed || parsed.op === 'D') continue;
          out.push({ op: parsed.op, key: parsed.key, slot: slotKey(item.lane, item.vgpr, item.bit_lo),
                     cls: FEED_CLASS[parsed.op] || 'fa', k: item.k, field });
        }
      }
    }
    return out;
  }

  // {op: {els: Map(key -> Set(cls)), slots: Map(slotKey -> Set(cls))}} for a lit element set.
  function computeLight(op, keys, base) {
    const light = base || {};
    const add = (o, kind, key, cls) => {
      if (!light[o]) light[o] = { els: new Map(), slots: new Map() };
      const m = light[o][kind];
      if (!m.has(key)) m.set(key, new Set());
      m.get(key).add(cls);
    };
    const map = app.maps[op];
    if (!map) return light;
    for (const key of keys) {
      add(op, 'els', key, 'hl');
      for (const e of map.byElement.get(key) || []) {
        const sk = slotKey(e.lane, e.vgpr, e.bit_lo);
        add(op, 'slots', sk, 'hl');
        for (const other of map.bySlot.get(sk) || []) if (other !== key) add(op, 'els', other, 'alias');
      }
      if (op === 'D') {
        let trace = null;
        try {
          trace = traceOf(key);
        } catch (e) {
          showError('err-map', e.message);
        }
        if (trace) for (const f of feedingSlots(trace)) {
          add(f.op, 'els', f.key, f.cls);
          add(f.op, 'slots', f.slot, f.cls);
        }
      }
    }
    return light;
  }

  let litNodes = [];
  function applyLight() {
    for (const node of litNodes) node.classList.remove(...LIT_CLASSES);
    litNodes = [];
    const s = app.state;
    let light = {};
    const source = app.hover || (s.pin ? { op: s.pin.op, keys: [s.pin.key] } : null);
    if (source) light = computeLight(source.op, source.keys);
    // Mismatches of the last check stay marked whatever is hovered.
    if (app.checkResult && app.checkResult.op === s.op) {
      if (!light[s.op]) light[s.op] = { els: new Map(), slots: new Map() };
      for (const key of app.checkResult.elements) {
        if (!light[s.op].els.has(key)) light[s.op].els.set(key, new Set());
        light[s.op].els.get(key).add('mm');
      }
      for (const key of app.checkResult.slots) {
        if (!light[s.op].slots.has(key)) light[s.op].slots.set(key, new Set());
        light[s.op].slots.get(key).add('mm');
      }
    }
    const lightCell = (node, classes) => {
      node.classList.add(...classes);
      litNodes.push(node);
    };
    const mine = light[s.op];
    if (mine) {
      const index = s.view === 'registers' ? mine.slots : mine.els;
      for (const [key, classes] of index) {
        const node = app.cellIndex && app.cellIndex.get(key);
        if (node) lightCell(node, classes);
      }
    }
    if (s.pin && s.pin.op === s.op) {
      if (s.view === 'registers') {
        for (const e of (app.maps[s.op] && app.maps[s.op].byElement.get(s.pin.key)) || []) {
          const node = app.cellIndex.get(slotKey(e.lane, e.vgpr, e.bit_lo));
          if (node) lightCell(node, ['pin']);
        }
      } else {
        const node = app.cellIndex && app.cellIndex.get(s.pin.key);
        if (node) lightCell(node, ['pin']);
      }
    }
    for (const [op, parts] of Object.entries(light)) {
      const index = app.miniIndex && app.miniIndex[op];
      if (!index) continue;
      for (const [key, classes] of parts.els) {
        const node = index.get(key);
        if (node) lightCell(node, classes);
      }
    }
    if (s.pin && app.miniIndex && app.miniIndex[s.pin.op]) {
      const node = app.miniIndex[s.pin.op].get(s.pin.key);
      if (node) lightCell(node, ['pin']);
    }
    renderHoverLine(source, light);
  }

  function renderHoverLine(source, light) {
    const line = $('hover-line');
    if (!source) {
      line.innerHTML = '<span class="muted">Hover or focus a cell: its replicas light up; on D also the A, B and C slots it reads. Click or Enter pins.</span>';
      return;
    }
    const map = app.maps[source.op];
    const parts = [];
    for (const key of source.keys.slice(0, 3)) {
      const entries = (map && map.byElement.get(key)) || [];
      const slots = entries.map((e) => `${regText(e)}{${e.lane}}.[${e.bit_hi}:${e.bit_lo}]`).join(' ');
      parts.push(`<b>${esc(elementLabel(source.op, key))}</b> ${esc(slots)}${entries.length > 1 ? ` <span class="muted">(${entries.length} copies)</span>` : ''}`);
      const v = app.result && source.op === 'D' ? cellValue('D', key) : null;
      if (v !== null) {
        const [b, i, j] = key.split(',').map(Number);
        parts.push(`= ${esc(v)} <code>${esc(app.result.bits.D[b][i][j])}</code>`);
      }
    }
    if (source.op === 'D') {
      for (const op of ['A', 'B', 'C', 'IDX']) {
        const p = light[op];
        if (!p) continue;
        const feeds = [...p.els.entries()].filter(([, c]) => c.has(FEED_CLASS[op])).length;
        if (feeds) parts.push(`<span class="sw ${FEED_CLASS[op]}"></span>reads ${feeds} ${op} element${feeds > 1 ? 's' : ''}`);
      }
    }
    if (app.state.pin && source.op === app.state.pin.op && source.keys[0] === app.state.pin.key) parts.push('<span class="muted">(pinned; Esc unpins)</span>');
    line.innerHTML = parts.join(' \u00b7 ');
  }

  function keysOfCell(td) {
    if (td.dataset.e) return [td.dataset.e];
    if (td.dataset.els) return td.dataset.els.split('|');
    return [];
  }

  function hoverCell(td) {
    const keys = td ? keysOfCell(td) : [];
    app.hover = keys.length ? { op: app.state.op, keys } : null;
    applyLight();
  }

  function togglePin(op, key) {
    const s = app.state;
    if (s.pin && s.pin.op === op && s.pin.key === key) s.pin = null;
    else s.pin = { op, key };
    if (s.pin && s.pin.op === 'D') {
      $('trace-element').value = s.pin.key;
      if (s.tab !== 'check' && s.tab !== 'values') selectSideTab('trace', false);
    }
    applyLight();
    renderTracePane();
    saveHash();
  }

  function moveFocus(td, key) {
    const row = td.parentNode;
    const table = td.closest('table');
    const rows = [...table.tBodies[0].rows];
    const r = rows.indexOf(row);
    const c = [...row.cells].indexOf(td);
    let target = null;
    if (key === 'ArrowLeft' && c > 1) target = row.cells[c - 1];
    if (key === 'ArrowRight' && c < row.cells.length - 1) target = row.cells[c + 1];
    if (key === 'ArrowUp' && r > 0) target = rows[r - 1].cells[c];
    if (key === 'ArrowDown' && r < rows.length - 1) target = rows[r + 1].cells[c];
    if (key === 'Home') target = row.cells[1];
    if (key === 'End') target = row.cells[row.cells.length - 1];
    // Across blocks: past the last row (column) of one block table into the next.
    if (!target && (key === 'ArrowDown' || key === 'ArrowRight')) {
      const next = table.nextElementSibling;
      if (next && next.tBodies && next.tBodies[0]) target = next.tBodies[0].rows[0].cells[1];
    }
    if (!target && (key === 'ArrowUp' || key === 'ArrowLeft')) {
      const prev = table.previousElementSibling;
      if (prev && prev.tBodies && prev.tBodies[0]) target = prev.tBodies[0].rows[0].cells[1];
    }
    if (target && target.classList.contains('cell')) {
      td.tabIndex = -1;
      target.tabIndex = 0;
      target.focus();
      target.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    }
  }

  function wireGrid() {
    const grid = $('grid');
    grid.addEventListener('mouseover', (ev) => {
      const td = ev.target.closest('td.cell');
      if (td) hoverCell(td);
    });
    grid.addEventListener('mouseleave', () => {
      app.hover = null;
      applyLight();
    });
    grid.addEventListener('click', (ev) => {
      const td = ev.target.closest('td.cell');
      if (!td) return;
      const keys = keysOfCell(td);
      for (const c of grid.querySelectorAll('td.cell[tabindex="0"]')) c.tabIndex = -1;
      td.tabIndex = 0;
      if (keys.length) togglePin(app.state.op, keys[0]);
    });
    grid.addEventListener('focusin', (ev) => {
      const td = ev.target.closest('td.cell');
      if (!td) return;
      for (const c of grid.querySelectorAll('td.cell[tabindex="0"]')) if (c !== td) c.tabIndex = -1;
      td.tabIndex = 0;
      hoverCell(td);
    });
    grid.addEventListener('focusout', (ev) => {
      if (!grid.contains(ev.relatedTarget)) {
        app.hover = null;
        applyLight();
      }
    });
    grid.addEventListener('keydown', (ev) => {
      const td = ev.target.closest('td.cell');
      if (!td) return;
      if (['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End'].includes(ev.key)) {
        moveFocus(td, ev.key);
        ev.preventDefault();
      } else if (ev.key === 'Enter' || ev.key === ' ') {
        const keys = keysOfCell(td);
        if (keys.length) togglePin(app.state.op, keys[0]);
        ev.preventDefault();
      } else if (ev.key === 'Escape' && app.state.pin) {
        togglePin(app.state.pin.op, app.state.pin.key);
        ev.preventDefault();
      }
    });
  }

  // ---- the overview strip: every operand small, lit as the focus grid ----------------------------

  function renderOverview() {
    const box = $('overview');
    box.textContent = '';
    app.miniIndex = {};
    const ops = operandsOfEntry().filter((op) => app.maps[op]);
    if (!ops.length) return;
    const width = Math.max(120, (box.clientWidth || 600) / ops.length - 14);
    const height = 88;
    for (const op of ops) {
      const map = app.maps[op];
      // Blocks in a grid of `across` columns, choosing the arrangement with the largest cells.
      let best = { cell: 0, across: 1 };
      for (let across = 1; across <= map.blocks; across++) {
        const down = Math.ceil(map.blocks / across);
        const cell = Math.min((width - (across - 1) * 3) / (across * map.cols), (height - (down - 1) * 3) / (down * map.rows), 12);
        if (cell > best.cell) best = { cell, across };
      }
      const cell = Math.max(1.5, best.cell);
      const w = best.across * map.cols * cell + (best.across - 1) * 3;
      const down = Math.ceil(map.blocks / best.across);
      const h = down * map.rows * cell + (down - 1) * 3;
      const rects = [];
      for (const [key, entries] of map.byElement) {
        const [b, i, j] = key.split(',').map(Number);
        const x = (b % best.across) * (map.cols * cell + 3) + j * cell;
        const y = Math.floor(b / best.across) * (map.rows * cell + 3) + i * cell;
        const e = entries[0];
        rects.push(`<rect class="${colourClass(e.lane, e.vgpr)}" data-e="${key}" x="${x.toFixed(2)}" y="${y.toFixed(2)}" width="${cell.toFixed(2)}" height="${cell.toFixed(2)}"/>`);
      }
      const svg = `<svg class="mini-map" data-op="${op}" width="${Math.ceil(w)}" height="${Math.ceil(h)}" viewBox="0 0 ${w.toFixed(2)} ${h.toFixed(2)}">${rects.join('')}</svg>`;
      const figure = el('figure', { class: 'mini' + (op === app.state.op ? ' current' : ''), 'data-op': op });
      const caption = el('button', { type: 'button', class: 'mini-cap', title: `focus operand ${op}`, onclick: () => focusOperand(op) },
        el('b', { text: op }), ` ${map.blocks > 1 ? map.blocks + '\u00d7' : ''}${map.rows}\u00d7${map.cols}`);
      figure.append(caption);
      const holder = el('div', { class: 'mini-svg' });
      holder.innerHTML = svg;
      figure.append(holder);
      box.append(figure);
      const index = new Map();
      for (const r of holder.querySelectorAll('rect')) index.set(r.dataset.e, r);
      app.miniIndex[op] = index;
      holder.addEventListener('click', (ev) => {
        const r = ev.target.closest('rect');
        if (!r) return;
        if (op !== app.state.op) focusOperand(op);
        togglePin(op, r.dataset.e);
      });
    }
    const legend = el('div', { class: 'legend', 'aria-hidden': 'true' });
    for (const [cls, text] of [['hl', 'element'], ['fa', 'A read'], ['fb', 'B read'], ['fc', 'C read'], ['pin', 'pinned']])
      legend.append(el('span', { class: 'sw ' + cls }), el('span', { text }));
    box.append(legend);
  }

  function renderNotes() {
    const box = $('notes');
    const notes = [];
    for (const op of operandsOfEntry()) for (const n of (app.maps[op] && app.maps[op].notes) || []) if (!notes.includes(n)) notes.push(n);
    box.innerHTML = notes.map((n) => `<div class="note">\u26a0 ${esc(n)}</div>`).join('');
    box.hidden = !notes.length;
  }

  // ---- values -------------------------------------------------------------------------------------

  function inputOperands() {
    return INPUT_OPERANDS.filter((op) => app.maps[op]);
  }

  function hasValues() {
    return Object.values(app.state.values).some((v) => (v.preset && v.preset !== 'zeros') || Object.keys(v.edits || {}).length);
  }

  function hash32(...numbers) {
    let h = 0x811c9dc5;
    for (const n of numbers) {
      h = Math.imul(h ^ (n & 0xffff), 0x01000193);
      h = Math.imul(h ^ (n >>> 16), 0x01000193);
      h ^= h >>> 13;
    }
    return h >>> 0;
  }

  // Random values that every format of the operand holds exactly (fp4 E2M1 is the narrowest).
  function randomChoices(op) {
    const type = (app.entry && app.entry.types[op]) || 'f32';
    if (/^(i|iu|u)\d|^idx/.test(type)) return ['0', '1', '2', '3', '-1', '-2'].filter((v) => !(type.startsWith('iu') || type.startsWith('idx')) || !v.startsWith('-'));
    if (/e8m0/.test(type)) return ['1', '2', '0.5', '4'];
    if (/f8f6f4|fp4|f4|fp6|bf6/.test(type)) return ['0', '0.5', '1', '1.5', '2', '3', '-0.5', '-1', '-1.5', '-2', '-3'];
    return ['0', '0.25', '0.5', '0.75', '1', '1.25', '1.5', '2', '3', '-0.25', '-0.5', '-1', '-1.5', '-2', '-3'];
  }

  function presetValue(op, v, key) {
    const [b, i, j] = key.split(',').map(Number);
    switch (v.preset) {
      case 'ones': return '1';
      case 'identity': return i === j ? '1' : '0';
      case 'onehot': return key === (v.at || '0,0,0') ? '1' : '0';
      case 'random': {
        const choices = randomChoices(op);
        return choices[hash32(v.seed || 0, OPERAND_ORDER.indexOf(op), b, i, j) % choices.length];
      }
      default: return '0';
    }
  }

  function valueOf(op, key) {
    const v = app.state.values[op];
    if (!v) return '0';
    if (v.edits && key in v.edits) return v.edits[key];
    return presetValue(op, v, key);
  }

  function renderValuesPane() {
    const s = app.state;
    const ops = inputOperands();
    const opsBox = $('values-ops');
    opsBox.textContent = '';
    if (!ops.includes(s.vop)) s.vop = ops[0] || 'A';
    for (const op of ops) {
      const id = 'vop-' + op;
      const radio = el('input', { type: 'radio', name: 'vop', value: op, id });
      radio.checked = op === s.vop;
      radio.addEventListener('change', () => {
        s.vop = op;
        s.vblock = 0;
        renderValuesPane();
        saveHash();
      });
      opsBox.append(el('label', { for: id, class: 'radio' }, radio, ' ' + op));
    }
    const map = app.maps[s.vop];
    const v = s.values[s.vop] || { preset: 'zeros', edits: {} };
    $('preset').value = v.preset || 'zeros';
    $('seed').value = v.seed !== undefined ? v.seed : $('seed').value;
    const blockSelect = $('values-block');
    blockSelect.textContent = '';
    const table = $('values-table');
    table.textContent = '';
    if (!map) return;
    if (s.vblock >= map.blocks) s.vblock = 0;
    for (let b = 0; b < map.blocks; b++) blockSelect.append(el('option', { value: String(b), text: String(b) }));
    blockSelect.value = String(s.vblock);
    blockSelect.disabled = map.blocks < 2;
    const [rowAxis, colAxis] = axisNames(s.vop);
    const parts = [`<thead><tr><th class="corner">${rowAxis}\\${colAxis}</th>`];
    for (let j = 0; j < map.cols; j++) parts.push(`<th scope="col">${j}</th>`);
    parts.push('</tr></thead><tbody>');
    const b = s.vblock;
    for (let i = 0; i < map.rows; i++) {
      parts.push(`<tr><th scope="row">${i}</th>`);
      for (let j = 0; j < map.cols; j++) {
        const key = `${b},${i},${j}`;
        const edited = v.edits && key in v.edits;
        parts.push(`<td><input class="v${edited ? ' edited' : ''}" data-e="${key}" value="${esc(valueOf(s.vop, key))}" ` +
          `aria-label="${s.vop}[${i}][${j}]${map.blocks > 1 ? ' block ' + b : ''}" spellcheck="false"></td>`);
      }
      parts.push('</tr>');
    }
    parts.push('</tbody>');
    table.innerHTML = parts.join('');
  }

  function setValue(op, key, text) {
    const s = app.state;
    if (!s.values[op]) s.values[op] = { preset: 'zeros', edits: {} };
    const v = s.values[op];
    if (!v.edits) v.edits = {};
    const trimmed = text.trim();
    if (trimmed === presetValue(op, v, key)) delete v.edits[key];
    else v.edits[key] = trimmed;
    if (v.preset === 'zeros' && !Object.keys(v.edits).length) delete s.values[op];
  }

  function applyPreset() {
    const s = app.state;
    const preset = $('preset').value;
    const entry = { preset, edits: {} };
    if (preset === 'random') entry.seed = parseInt($('seed').value, 10) || 0;
    if (preset === 'onehot') entry.at = s.pin && s.pin.op === s.vop ? s.pin.key : `${s.vblock},0,0`;
    if (preset === 'zeros') delete s.values[s.vop];
    else s.values[s.vop] = entry;
    afterValuesChanged();
  }

  function afterValuesChanged() {
    renderValuesPane();
    renderFocus();
    scheduleCompute();
    saveHash();
  }

  // The values-mode eval line (docs/web.md): matrices of strings, blocks x rows x cols when blocked.
  function evalRequest() {
    const s = app.state;
    const values = {};
    for (const op of inputOperands()) {
      const map = app.maps[op];
      const blocks = [];
      for (let b = 0; b < map.blocks; b++) {
        const rows = [];
        for (let i = 0; i < map.rows; i++) {
          const row = [];
          for (let j = 0; j < map.cols; j++) row.push(valueOf(op, `${b},${i},${j}`));
          rows.push(row);
        }
        blocks.push(rows);
      }
      values[op] = map.blocks > 1 ? blocks : blocks[0];
    }
    const mods = {};
    for (const [n, v] of Object.entries(s.mods)) if (v !== '') mods[n] = Number(v);
    const request = { arch: s.arch, inst: s.inst };
    if (currentWave()) request.wave = currentWave();
    if (Object.keys(mods).length) request.mods = mods;
    if (Object.keys(s.options).length) request.options = Object.assign({}, s.options);
    request.values = values;
    return request;
  }

  let computeTimer = null;
  function scheduleCompute() {
    clearTimeout(computeTimer);
    computeTimer = setTimeout(computeResult, 60);
  }

  // Runs D = A x B + C through `mxlane eval` (values mode) when there are values to run it on.
  function computeResult() {
    showError('err-values', '');
    showError('err-result', '');
    for (const input of document.querySelectorAll('#values-table input.bad')) input.classList.remove('bad');
    if (!app.maps.D || !app.maps.A) {
      app.result = null;
      renderResultPane();
      return;
    }
    const line = JSON.stringify(evalRequest());
    if (line === app.resultKey && app.result) return;
    app.resultKey = line;
    app.result = null;
    document.body.dataset.result = 'pending';
    try {
      const answer = JSON.parse(mxlane.evalLine(line));
      if (answer.error) throw new Error(answer.error);
      app.result = { values: answer.values, bits: answer.bits };
      document.body.dataset.result = 'ok';
    } catch (e) {
      document.body.dataset.result = 'error';
      showError('err-values', e.message);
      showError('err-result', e.message);
      markBadValue(e.message);
    }
    renderResultPane();
    if (app.state.op === 'D') renderFocus();
    if (app.state.tab === 'trace') renderTracePane();
  }

  // A value error names its element (e.g. A[1][2]): outline that field when it is on screen.
  function markBadValue(message) {
    const m = /\b([A-Z]+)(?:\[(\d+)\])?\[(\d+)\]\[(\d+)\]/.exec(message);
    if (!m || m[1] !== app.state.vop) return;
    const key = m[2] !== undefined ? `${m[2]},${m[3]},${m[4]}` : `${app.state.vblock},${m[3]},${m[4]}`;
    const input = document.querySelector(`#values-table input[data-e="${key}"]`);
    if (input) input.classList.add('bad');
  }

  function renderResultPane() {
    const table = $('result-table');
    table.textContent = '';
    const select = $('result-block');
    select.textContent = '';
    const map = app.maps.D;
    if (!map) return;
    for (let b = 0; b < map.blocks; b++) select.append(el('option', { value: String(b), text: String(b) }));
    if (app.state.rblock >= map.blocks) app.state.rblock = 0;
    select.value = String(app.state.rblock);
    select.disabled = map.blocks < 2;
    if (!app.result) {
      table.innerHTML = `<tbody><tr><td class="hint">${hasValues() ? 'No result (see the message above).' : 'All inputs are +0: enter values or apply a preset on the Values tab.'}</td></tr></tbody>`;
      if (!hasValues() && app.result === null && !$('err-result').textContent) return;
      return;
    }
    const b = app.state.rblock;
    const parts = ['<thead><tr><th class="corner">i\\j</th>'];
    for (let j = 0; j < map.cols; j++) parts.push(`<th scope="col">${j}</th>`);
    parts.push('</tr></thead><tbody>');
    const values = app.result.values.D[b] || [];
    const bits = app.result.bits.D[b] || [];
    for (let i = 0; i < map.rows; i++) {
      parts.push(`<tr><th scope="row">${i}</th>`);
      for (let j = 0; j < map.cols; j++) {
        const key = `${b},${i},${j}`;
        parts.push(`<td class="res" data-e="${key}" tabindex="0" title="D[${i}][${j}] = ${esc(values[i][j])} (${esc(bits[i][j])}); click to trace">` +
          `<span class="val">${esc(values[i][j])}</span><span class="hex">${esc(bits[i][j])}</span></td>`);
      }
      parts.push('</tr>');
    }
    parts.push('</tbody>');
    table.innerHTML = parts.join('');
  }

  // ---- trace --------------------------------------------------------------------------------------

  function traceKeyFromInput() {
    const text = $('trace-element').value.trim();
    if (!text) return null;
    const parts = text.split(',').map((x) => x.trim());
    if (parts.length === 2) parts.unshift('0');
    return parts.join(',');
  }

  function renderTracePane() {
    const out = $('trace-out');
    showError('err-trace', '');
    const s = app.state;
    if (s.pin && s.pin.op === 'D' && document.activeElement !== $('trace-element')) $('trace-element').value = s.pin.key;
    const key = traceKeyFromInput();
    if (!key || !app.maps.D) {
      out.innerHTML = '<p class="hint">Click a D cell (or type b,i,j) to see the dot product that computes it.</p>';
      return;
    }
    let trace;
    try {
      // With values: the trace of the same eval line D comes from (`--values -`), so every step shows
      // the values D was computed from, on every instruction (sparse and block-scaled included).
      trace = hasValues() ? JSON.parse(mxlane.trace(Object.assign(baseArgs(), { trace: key, values: evalRequest() })))
                          : traceOf(key);
    } catch (e) {
      showError('err-trace', e.message);
      out.textContent = '';
      return;
    }
    const parts = [];
    const d = trace.d || {};
    parts.push(`<div class="trace-head"><b>${esc(d.element || key)}</b> in <code>${esc(d.slot || '')}</code>` +
      (trace.evaluated && trace.result ? ` = <b>${esc(trace.result.value)}</b>` : '') + '</div>');
    if (trace.model) parts.push(`<p class="model">${esc(trace.model)}</p>`);
    for (const n of trace.notes || []) parts.push(`<div class="note">\u26a0 ${esc(n)}</div>`);
    // One row per k under a row per accumulation step, so a long K reads as a list.
    const slotText = (x) => `${esc(x.element)}${x.used_as && x.used_as !== x.element ? ` <span class="muted">as ${esc(x.used_as)}</span>` : ''} <code>${esc(x.slot)}</code>` +
      (x.value !== undefined ? ` = <b>${esc(x.value)}</b>` : '') + (x.neg ? ' <span class="negd">negated</span>' : '') + (x.abs ? ' <span class="negd">|abs|</span>' : '');
    parts.push('<table class="trace"><thead><tr><th>k</th><th>A read</th><th>B read</th></tr></thead><tbody>');
    for (const step of trace.steps) {
      const ops = step.ops || [];
      const last = ops.length ? ops[ops.length - 1].result : null;
      const ks = step.k || [];
      const kText = ks.length ? ` k=${ks.length > 2 ? ks[0] + '..' + ks[ks.length - 1] : ks.join(',')}` : '';
      parts.push(`<tr class="step"><td colspan="3" title="${esc(step.combine || '')}"><b>${esc(step.kind)}</b>${kText}` +
        (last ? ` \u2192 acc = <b>${esc(last.value)}</b> <code>${esc(last.bits)}</code>` : '') +
        `<div class="combine">${esc(step.combine || '')}</div></td></tr>`);
      if (step.c) parts.push(`<tr><td>C</td><td colspan="2">${slotText(step.c)}</td></tr>`);
      const byK = new Map();
      for (const x of step.a || []) if (x.slot !== null) byK.set(x.k, { a: x });
      for (const x of step.b || []) if (x.slot !== null) byK.set(x.k, Object.assign(byK.get(x.k) || {}, { b: x }));
      for (const [k, pair] of byK)
        parts.push(`<tr><td>${k}</td><td>${pair.a ? slotText(pair.a) : ''}</td><td>${pair.b ? slotText(pair.b) : ''}</td></tr>`);
    }
    parts.push('</tbody></table>');
    if (trace.evaluated && trace.result) {
      parts.push(`<div class="trace-result">D = <b>${esc(trace.result.value)}</b>` +
        (trace.reference ? ` \u00b7 exact ${esc(trace.reference.exact)}, ${esc(trace.reference.ulps)} ulp from the correctly rounded ${esc(trace.reference.reference.value)}` : '') + '</div>');
    } else {
      parts.push('<p class="hint">Slots only: enter values (Values tab) to see every rounding.</p>');
    }
    out.innerHTML = parts.join('');
  }

  // ---- check --------------------------------------------------------------------------------------

  function renderCheckPane() {
    const s = app.state;
    $('check-mode').value = s.check.mode;
    for (const box of document.querySelectorAll('.check-fields')) box.hidden = box.dataset.mode !== s.check.mode;
    for (const fields of Object.values(CHECK_FIELDS)) for (const f of fields) {
      const input = $('check-' + f);
      if (input && document.activeElement !== input) input.value = s.check[f] || (f === 'order' ? 'row' : '');
    }
    const out = $('check-out');
    if (!app.checkResult || app.checkResult.op !== s.op) out.textContent = '';
  }

  function runCheck() {
    const s = app.state;
    clearErrors('err-check');
    const out = $('check-out');
    out.textContent = '';
    app.checkResult = null;
    const args = Object.assign(baseArgs(), { operand: s.op, 'max-mismatches': 4096 });
    for (const f of CHECK_FIELDS[s.check.mode]) {
      const v = (s.check[f] || '').trim();
      if (v !== '' && !(f === 'order' && v === 'row')) args[f] = v;
    }
    let verdict;
    try {
      verdict = JSON.parse(mxlane.check(args));
    } catch (e) {
      const m = /error: --([a-z-]+)/.exec(e.message);
      const target = m && $('err-check-' + m[1]) ? 'err-check-' + m[1] : 'err-check';
      showError(target, e.message.split('\n').slice(0, 3).join('\n'));
      applyLight();
      document.body.dataset.check = 'error';
      return;
    }
    const elements = new Set(), slots = new Set();
    for (const m of verdict.first_mismatches || []) {
      if (m.lane !== undefined) {
        slots.add(slotKey(m.lane, m.vgpr, m.bit_lo));
        for (const x of m.layout || []) if (x.block !== undefined) elements.add(`${x.block},${x.row},${x.col}`);
      } else if (m.block !== undefined) {
        elements.add(`${m.block},${m.row},${m.col}`);
        for (const x of m.layout || []) slots.add(slotKey(x.lane, x.vgpr, x.bit_lo));
      }
    }
    app.checkResult = { op: s.op, elements, slots };
    document.body.dataset.check = verdict.ok ? 'pass' : 'fail';
    const parts = [];
    parts.push(verdict.ok
      ? `<div class="verdict pass">PASS \u2014 all ${verdict.checked} checked (${esc(verdict.mode)})</div>`
      : `<div class="verdict fail">FAIL \u2014 ${verdict.mismatches} of ${verdict.checked} mismatch (${esc(verdict.mode)}); marked red in the grid</div>`);
    for (const n of verdict.notes || []) parts.push(`<div class="note">${esc(n)}</div>`);
    for (const h of verdict.hints || []) parts.push(`<div class="note">hint: ${esc(typeof h === 'string' ? h : JSON.stringify(h))}</div>`);
    if (verdict.unused_slots) parts.push(`<div class="note">${verdict.unused_slots} slot(s) unused</div>`);
    const rows = (verdict.first_mismatches || []).slice(0, 40);
    if (rows.length) {
      parts.push('<table class="mismatches"><thead><tr><th>where</th><th>your formula</th><th>the layout</th></tr></thead><tbody>');
      for (const m of rows) {
        const where = m.lane !== undefined ? `L${m.lane} G${m.g} v${m.vgpr}.[${m.bit_hi}:${m.bit_lo}]` : `${s.op}[${m.row}][${m.col}]${m.block ? ' b' + m.block : ''}`;
        const formula = Object.entries(m.formula || {}).filter(([k]) => k !== 'inside').map(([k, v]) => `${k} ${v}`).join(', ');
        const layout = (m.layout || []).map((x) => x.lane !== undefined ? `L${x.lane} v${x.vgpr}.[${x.bit_hi}:${x.bit_lo}]` : `[${x.row}][${x.col}]${x.block ? ' b' + x.block : ''}`).join('; ');
        parts.push(`<tr><td>${esc(where)}</td><td>${esc(formula)}</td><td>${esc(layout)}</td></tr>`);
      }
      parts.push('</tbody></table>');
      if (verdict.mismatches > rows.length) parts.push(`<p class="hint">${verdict.mismatches - rows.length} more not listed.</p>`);
    }
    out.innerHTML = parts.join('');
    applyLight();
  }

  // ---- side tabs ----------------------------------------------------------------------------------

  function selectSideTab(tab, save) {
    app.state.tab = tab;
    for (const button of document.querySelectorAll('#side-tabs [role=tab]')) {
      const on = button.dataset.tab === tab;
      button.setAttribute('aria-selected', on ? 'true' : 'false');
      button.tabIndex = on ? 0 : -1;
    }
    for (const pane of document.querySelectorAll('#side-panel [role=tabpanel]')) pane.hidden = pane.id !== 'pane-' + tab;
    if (tab === 'trace') renderTracePane();
    if (tab === 'result') renderResultPane();
    if (save !== false) saveHash();
  }

  // ---- SVG export ---------------------------------------------------------------------------------

  function exportSvg() {
    const s = app.state;
    const args = Object.assign(baseArgs(), { operand: s.op, format: 'svg' });
    if (s.view === 'registers') args.view = 'registers';
    if (s.pin && s.pin.op === s.op && s.view !== 'registers') args.element = s.pin.key;
    let svg;
    try {
      svg = mxlane.lanemap(args);
    } catch (e) {
      showError('err-map', e.message);
      return;
    }
    const blob = new Blob([svg], { type: 'image/svg+xml' });
    const link = el('a', { href: URL.createObjectURL(blob), download: `${s.arch}_${s.inst}_${s.op}${s.view === 'registers' ? '_registers' : ''}.svg` });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 10000);
    app.lastExport = { name: link.download, size: svg.length };
  }

  // ---- wiring -------------------------------------------------------------------------------------

  function wireControls() {
    $('arch').addEventListener('change', () => {
      app.state.arch = $('arch').value;
      app.state.inst = defaultInstruction(app.state.arch);
      app.state.wave = '';
      app.state.mods = {};
      app.state.values = {};
      reload();
    });
    const commitInst = () => {
      const v = $('inst').value.trim();
      if (v === app.state.inst) return;
      app.state.inst = v;
      app.state.wave = '';
      app.state.mods = {};
      app.state.values = {};
      reload();
    };
    $('inst').addEventListener('change', commitInst);
    $('inst').addEventListener('keydown', (ev) => {
      if (ev.key === 'Enter') commitInst();
    });
    $('wave').addEventListener('change', () => {
      app.state.wave = $('wave').value;
      reload();
    });
    for (const r of document.querySelectorAll('input[name=view]')) r.addEventListener('change', () => setView(r.value));
    $('export-svg').addEventListener('click', exportSvg);
    for (const button of document.querySelectorAll('#side-tabs [role=tab]')) {
      button.addEventListener('click', () => selectSideTab(button.dataset.tab));
      button.addEventListener('keydown', (ev) => tabArrows(ev, $('side-tabs')));
    }
    // Values
    $('apply-preset').addEventListener('click', applyPreset);
    $('values-block').addEventListener('change', () => {
      app.state.vblock = parseInt($('values-block').value, 10) || 0;
      renderValuesPane();
      saveHash();
    });
    $('clear-values').addEventListener('click', () => {
      app.state.values = {};
      afterValuesChanged();
    });
    $('values-table').addEventListener('change', (ev) => {
      const input = ev.target.closest('input.v');
      if (!input) return;
      setValue(app.state.vop, input.dataset.e, input.value);
      input.classList.toggle('edited', !!(app.state.values[app.state.vop] && input.dataset.e in (app.state.values[app.state.vop].edits || {})));
      renderFocus();
      scheduleCompute();
      saveHash();
    });
    // Result: a click traces the element.
    const traceFromResult = (ev) => {
      const td = ev.target.closest('td.res');
      if (!td) return;
      app.state.pin = { op: 'D', key: td.dataset.e };
      $('trace-element').value = td.dataset.e;
      selectSideTab('trace');
      applyLight();
    };
    $('result-table').addEventListener('click', traceFromResult);
    $('result-table').addEventListener('keydown', (ev) => {
      if (ev.key === 'Enter') traceFromResult(ev);
    });
    $('result-block').addEventListener('change', () => {
      app.state.rblock = parseInt($('result-block').value, 10) || 0;
      renderResultPane();
    });
    // Trace
    const traceTyped = () => {
      const key = traceKeyFromInput();
      if (key && app.maps.D && app.maps.D.byElement.has(key)) {
        app.state.pin = { op: 'D', key };
        applyLight();
        saveHash();
      }
      renderTracePane();
    };
    $('trace-go').addEventListener('click', traceTyped);
    $('trace-element').addEventListener('keydown', (ev) => {
      if (ev.key === 'Enter') traceTyped();
    });
    // Check
    $('check-mode').addEventListener('change', () => {
      app.state.check.mode = $('check-mode').value;
      app.checkResult = null;
      renderCheckPane();
      applyLight();
      saveHash();
    });
    for (const fields of Object.values(CHECK_FIELDS)) for (const f of fields) {
      const input = $('check-' + f);
      input.addEventListener('change', () => {
        app.state.check[f] = input.value;
        saveHash();
      });
      if (input.tagName === 'INPUT') input.addEventListener('keydown', (ev) => {
        if (ev.key === 'Enter') {
          app.state.check[f] = input.value;
          saveHash();
          runCheck();
        }
      });
    }
    $('check-go').addEventListener('click', () => {
      for (const f of CHECK_FIELDS[app.state.check.mode]) app.state.check[f] = $('check-' + f).value;
      saveHash();
      runCheck();
    });
    // Keys outside text fields: operands and views.
    document.addEventListener('keydown', (ev) => {
      const t = ev.target;
      if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
      if (t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA')) return;
      const key = ev.key.toLowerCase();
      const op = { a: 'A', b: 'B', c: 'C', d: 'D', i: 'IDX' }[key];
      if (op && app.maps[op]) {
        focusOperand(op);
        ev.preventDefault();
      } else if (key === 'e' || key === 'r') {
        setView(key === 'e' ? 'elements' : 'registers');
        ev.preventDefault();
      } else if (ev.key === 'Escape' && app.state.pin) {
        togglePin(app.state.pin.op, app.state.pin.key);
      }
    });
    window.addEventListener('hashchange', () => {
      if (location.hash === lastWrittenHash) return;
      loadFromHash();
    });
    let resizeTimer = null;
    window.addEventListener('resize', () => {
      clearTimeout(resizeTimer);
      resizeTimer = setTimeout(() => {
        renderOverview();
        applyLight();
      }, 150);
    });
  }

  function loadFromHash() {
    const hash = location.hash;
    let state;
    if (hash && hash.length > 1) {
      state = hashToState(hash);
    } else {
      state = blankState();
      const d = siteDefaults();
      if (typeof d.arch === 'string') state.arch = d.arch;
      if (typeof d.inst === 'string') state.inst = d.inst;
      if (d.wave !== undefined) state.wave = String(d.wave);
      for (const o of Array.isArray(d.options) ? d.options : []) {
        const eq = String(o).indexOf('=');
        if (eq > 0) state.options[String(o).slice(0, eq)] = String(o).slice(eq + 1);
      }
      if (d.mods && typeof d.mods === 'object') for (const [k, v] of Object.entries(d.mods)) state.mods[k] = String(v);
    }
    if (!state.arch) state.arch = 'gfx942';
    if (!state.inst) {
      try {
        loadArch(state.arch);
      } catch (e) {
        // reload() shows the CLI's message next to the architecture
      }
    }
    if (!state.inst) state.inst = defaultInstruction(state.arch);
    app.state = state;
    reload({ keepPin: true });
  }

  async function start() {
    performance.mark('mxlane-app-start');
    wireControls();
    wireGrid();
    try {
      await mxlane.ready;
    } catch (e) {
      setStatus('The emulator failed to load: ' + (e && e.message ? e.message : e), 'bad');
      return;
    }
    performance.mark('mxlane-ready');
    app.ready = true;
    setStatus('Loaded');
    loadFromHash();
    // The other architectures for the select, once the first view is on screen.
    setTimeout(() => {
      try {
        loadAllArchitectures();
      } catch (e) {
        setStatus(e.message, 'bad');
      }
    }, 30);
  }

  if (typeof mxlane === 'undefined') {
    setStatus('mxlane.js did not load: the page needs it next to index.html', 'bad');
    return;
  }
  start();
})();
