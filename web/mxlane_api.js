// window.mxlane: the emulator's JavaScript API (docs/web.md), a thin layer over the WebAssembly module.
//
// Every call builds the argument list `mxlane` takes on the command line and runs the CLI itself
// inside the module (web/web_module.cpp), so each answer is, byte for byte, what the CLI prints for
// the same request; an error is thrown with the CLI's error line as its message.
(function (global) {
  'use strict';

  let wasm = null;  // the emscripten module once loaded

  // Runs `mxlane ARGV...` with STDIN as standard input: {status, stdout, stderr}.
  function runCli(argv, stdin) {
    if (wasm === null) throw new Error('mxlane: the module is not loaded yet (await mxlane.ready)');
    const request = JSON.stringify(stdin === undefined ? { argv } : { argv, stdin });
    const size = wasm.lengthBytesUTF8(request) + 1;
    const pointer = wasm._malloc(size);
    try {
      wasm.stringToUTF8(request, pointer, size);
      return JSON.parse(wasm.UTF8ToString(wasm._mxlane_web_run(pointer)));
    } finally {
      wasm._free(pointer);
    }
  }

  // The CLI's error line (its first line on stderr) as an Error; status 2 is bad usage or bad input.
  function cliError(answer) {
    const line = answer.stderr.split('\n')[0] || `mxlane: exit status ${answer.status}`;
    const error = new Error(line);
    error.status = answer.status;
    error.stdout = answer.stdout;
    error.stderr = answer.stderr;
    return error;
  }

  // {arch: "gfx942", cbsz: 1, transposed: true, option: ["a=b", "c=d"]} -> ["--arch=gfx942",
  // "--cbsz=1", "--transposed", "--option=a=b", "--option=c=d"]: each key is a long option name;
  // true is a flag, false/null/undefined leave the option out, an array repeats it. `--key=value`
  // keeps a value that starts with '-' (a formula such as '-L') from reading as an option.
  function requireOptions(name, args) {
    if (args === null || typeof args !== 'object' || Array.isArray(args))
      throw new Error(`mxlane.${name}: expected an object of options, e.g. {arch: "gfx942", inst: "..."}`);
  }

  function toArgv(name, args) {
    requireOptions(name, args);
    const argv = [];
    for (const [key, value] of Object.entries(args)) {
      for (const v of Array.isArray(value) ? value : [value]) {
        if (v === false || v === null || v === undefined) continue;
        argv.push(v === true ? `--${key}` : `--${key}=${String(v)}`);
      }
    }
    return argv;
  }

  // Runs a subcommand whose exit status 1 is an answer (a failed check), not an error.
  function answerOf(answer, failedIsAnswer) {
    if (answer.status === 0 || (failedIsAnswer && answer.status === 1)) return answer.stdout;
    throw cliError(answer);
  }

  // An option whose value is a FILE of JSON, given the document itself (an object or its JSON text):
  // [args with the option set to '-', the text for standard input]; else [a copy of args, undefined].
  function inlineDocument(args, key) {
    const value = args[key];
    let text;
    if (typeof value === 'object' && value !== null) text = JSON.stringify(value);
    else if (typeof value === 'string' && value.trimStart().startsWith('{')) text = value;
    return text === undefined ? [Object.assign({}, args), undefined] : [Object.assign({}, args, { [key]: '-' }), text];
  }

  function withFormat(args, format) {
    return 'format' in args ? args : Object.assign({}, args, { format });
  }

  const api = {
    // mxlane list [--arch ARCH] --format json
    list(arch) {
      if (Array.isArray(arch)) requireOptions('list', arch);
      const args = arch === undefined || arch === null ? {} : typeof arch === 'object' ? arch : { arch };
      return answerOf(runCli(['list', ...toArgv('list', withFormat(args, 'json'))]), false);
    },
    // mxlane lanemap ... --format json (or the format asked for)
    lanemap(args) {
      requireOptions('lanemap', args);
      return answerOf(runCli(['lanemap', ...toArgv('lanemap', withFormat(args, 'json'))]), false);
    },
    // mxlane lanemap --trace B,I,J ... --format json; {trace: true, reg: R, lane: L} for a register slot.
    // "values" may be the eval line itself (an object, or its JSON text): it goes in as standard input.
    trace(args) {
      requireOptions('trace', args);
      const [request, stdin] = inlineDocument(args, 'values');
      if (!('trace' in request)) request.trace = true;
      return answerOf(runCli(['lanemap', ...toArgv('trace', withFormat(request, 'json'))], stdin), false);
    },
    // mxlane check ... --format json; exit status 1 (the check failed) is a verdict, returned.
    // "linear-layout" may be the layout itself (an object, or its JSON text): it goes in as standard input.
    check(args) {
      requireOptions('check', args);
      const [request, stdin] = inlineDocument(args, 'linear-layout');
      return answerOf(runCli(['check', ...toArgv('check', withFormat(request, 'json'))], stdin), true);
    },
    // mxlane eval with this one line on standard input: its output line (no "\n"); an expect that
    // mismatched is an answer; an invalid line throws the CLI's error line.
    evalLine(line) {
      if (typeof line !== 'string') throw new Error('mxlane.evalLine: expected one JSON line as a string');
      if (/[\r\n]/.test(line.replace(/[\r\n]+$/, '')))
        throw new Error('mxlane.evalLine: one line only (evaluate several with one call each)');
      const answer = runCli(['eval'], line.replace(/[\r\n]+$/, '') + '\n');
      if (answer.status === 0 || answer.status === 1) return answer.stdout.replace(/\n$/, '');
      const error = cliError(answer);
      error.output = answer.stdout.replace(/\n$/, '');
      throw error;
    },
    // Any command line, for what the functions above do not cover: {status, stdout, stderr}.
    run(argv, stdin) {
      if (!Array.isArray(argv)) throw new Error('mxlane.run: expected the arguments as an array of strings');
      return runCli(argv.map(String), stdin);
    },
  };

  api.ready = createMxlaneModule().then((m) => {
    wasm = m;
    return api;
  });
  global.mxlane = api;
  if (typeof module === 'object' && module.exports) module.exports = api;
})(typeof window !== 'undefined' ? window : globalThis);
