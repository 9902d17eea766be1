// window.phonegym: the page API of the browser host (docs/host-api.md). Loaded before the
// emscripten output (phonegym.js); every method is synchronous once `ready` has resolved and
// returns a JSON string, {"error": "..."} on failure.
(function () {
  'use strict';
  let call = null;
  let resolveReady, rejectReady;
  const ready = new Promise((res, rej) => { resolveReady = res; rejectReady = rej; });
  const api = {
    ready,
    isReady: () => call !== null,
    error: null,
    create: () => call('create', -1, ''),
    reset: (slot, state) => call('reset', slot, state || ''),
    step: (slot, action) => call('step', slot, action),
    state: (slot) => call('state', slot, ''),
    set_state: (slot, state) => call('set_state', slot, state),
    patch_state: (slot, patch) => call('patch_state', slot, patch),
    fork: (slot) => call('fork', slot, ''),
    close: (slot) => call('close', slot, ''),
    // mode 'som': the set-of-marks drawn on top (numbered boxes on the interactive elements).
    screenshot: (slot, size, mode) => call('screenshot', slot, (size || 'obs') + (mode ? ':' + mode : '')),
    ui_tree: (slot) => call('ui_tree', slot, ''),
    ui_xml: (slot) => call('ui_xml', slot, ''),
    marks: (slot) => call('marks', slot, ''),
    // mode 'som': with the set-of-marks.
    render: (slot, mode) => call('render', slot, mode || ''),
    // Tasks in the page (tasks/authoring.hpp; the studio). Templates are JSON text or objects.
    task_validate: (templateText) => call('task_validate', -1, templateText),
    task_sample: (slot, template, seed) => call('task_sample', slot, JSON.stringify({ template, seed })),
    task_judge: (slot) => call('task_judge', slot, ''),
    task_check: (template, seed, actions) =>
      call('task_check', -1, JSON.stringify(actions ? { template, seed, actions } : { template, seed })),
    task_clear: (slot) => call('task_clear', slot, ''),
    slots: () => call('slots', -1, ''),
    // The observation frame cache: counts, or switch it 'on' / 'off' (benchmarks of the cold path).
    frame_cache: (mode) => call('frame_cache', -1, mode || ''),
    // Trainer-facing calls; these return objects (not JSON strings), read by value over CDP.
    // observe(slot, spec, known): spec "WxH[:raw|png|jpeg[:Q]][:som][:xml]"; known: the hash of
    // the frame the caller already holds (answered with {unchanged: true}).
    observe: (slot, spec, known) => observe(slot, spec, known),
    // batch(ops, spec): ops [{slot, action?, known?}] stepped (when an action is given) and
    // observed (when spec is given) in order, in one call: [{slot, step?, obs?, error?}].
    batch: (ops, spec) => ops.map((op) => {
      const r = { slot: op.slot };
      try {
        if (op.action) {
          r.step = JSON.parse(call('step', op.slot, typeof op.action === 'string' ? op.action : JSON.stringify(op.action)));
          if (r.step.error) { r.error = r.step.error; delete r.step; }
        }
        if (spec) r.obs = observe(op.slot, spec, op.known);
      } catch (e) {
        r.error = String(e && e.message || e);
      }
      return r;
    }),
    // outcomes(slot, actions): for each action, fork the slot, step it, hash the state and UI tree
    // (FNV-1a 64, 16 hex digits; '' when the action is rejected) and close the fork: what-if
    // judging of many candidate actions in one call (Host::outcomes).
    // The clock is put back to its value before the action (gestures take different times).
    outcomes: (slot, actions) => {
      const before = JSON.parse(call('state', slot, ''));
      if (before.error) throw new Error(before.error);
      const clock = JSON.stringify({ os: { time_ms: before.os.time_ms } });
      return actions.map((action) => {
        const f = JSON.parse(call('fork', slot, ''));
        if (f.error) throw new Error(f.error);
        const id = f.slot;
        try {
          const r = JSON.parse(call('step', id, typeof action === 'string' ? action : JSON.stringify(action)));
          if (r.error) return '';
          call('patch_state', id, clock);
          return JSON.parse(call('outcome_key', id, '')).key;  // the native host's key (sim/util/hash.hpp)
        } finally {
          call('close', id, '');
        }
      });
    },
  };

  // Bytes in the wasm heap -> base64 (Uint8Array.prototype.toBase64 where the browser has it).
  function toBase64(bytes) {
    if (typeof bytes.toBase64 === 'function') return bytes.toBase64();
    let s = '';
    for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
    return btoa(s);
  }
  let encoder = null;  // a 2D canvas for the browser's PNG/JPEG encoders
  function observe(slot, spec, known) {
    const r = JSON.parse(call('observe', slot, JSON.stringify(known ? { spec, known } : { spec })));
    if (r.error) throw new Error(r.error);
    if (r.unchanged) return r;
    const bytes = Module.HEAPU8.subarray(r.ptr, r.ptr + r.len);
    if (r.encoding === 'rle') {
      r.data = toBase64(bytes);
    } else {
      if (!encoder) encoder = document.createElement('canvas');
      encoder.width = r.width;
      encoder.height = r.height;
      const ctx = encoder.getContext('2d');
      ctx.putImageData(new ImageData(new Uint8ClampedArray(bytes), r.width, r.height), 0, 0);
      const type = r.format === 'jpeg' ? 'image/jpeg' : 'image/png';
      const url = encoder.toDataURL(type, r.format === 'jpeg' ? r.quality / 100 : undefined);
      r.data = url.slice(url.indexOf(',') + 1);
      r.encoding = r.format;
    }
    delete r.ptr;
    delete r.len;
    return r;
  }
  window.phonegym = api;
  window.Module = {
    canvas: document.getElementById('phone'),
    print: (t) => console.log(t),
    printErr: (t) => console.error(t),
    onRuntimeInitialized() {
      const init = Module.cwrap('pg_init', 'number', []);
      const rc = init();
      if (rc !== 0) {
        api.error = 'pg_init failed with code ' + rc + ' (WebGL2 unavailable or fonts missing)';
        console.error(api.error);
        rejectReady(new Error(api.error));
        return;
      }
      call = Module.cwrap('pg_call', 'string', ['string', 'number', 'string']);
      resolveReady(true);
    },
    onAbort(what) {
      api.error = 'wasm aborted: ' + what;
      rejectReady(new Error(api.error));
    },
  };
})();
