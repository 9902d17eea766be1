// window.phonegym: the page API of the browser host (docs/host-api.md). Loaded before the
// emscripten output (phonegym.js); every method is synchronous once `ready` has resolved and
// returns a JSON string, {"error": "...", "error_type": "action"|"state"|"slot"|"argument"|"internal"}
// on failure.
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
    // The what-if primitive (pg::what_if): for each action a throwaway fork of the slot takes it,
    // the values at the JSON pointers `restore` are put back, its state and UI tree are hashed:
    // [{state, ui}] or [{error, error_type: 'action'}]. The slot is unchanged. What counts as the
    // same outcome is decided by the caller (Host::outcomes in C++).
    what_if: (slot, actions, restore) => call('what_if', slot, JSON.stringify({ actions, restore: restore || [] })),
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
          if (r.step.error) { r.error = r.step.error; r.error_type = r.step.error_type; delete r.step; }
        }
        if (spec) r.obs = observe(op.slot, spec, op.known);
      } catch (e) {
        r.error = String(e && e.message || e);
        r.error_type = (e && e.type) || 'internal';
      }
      return r;
    }),
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
    if (r.error) throw Object.assign(new Error(r.error), { type: r.error_type });
    if (r.unchanged) return r;
    const bytes = Module.HEAPU8.subarray(r.ptr, r.ptr + r.len);
    if (r.encoding === 'rle') {
      r.data = toBase64(bytes);
    } else {
      if (!encoder) encoder = document.createElement('canvas');
      encoder.width = r.width;
      encoder.height = r.height;
      const ctx = encoder.getContext('2d');
      // A view of the frame in the wasm heap (no copy of the 10 MB a full-size frame takes).
      const pixels = new Uint8ClampedArray(bytes.buffer, bytes.byteOffset, bytes.length);
      ctx.putImageData(new ImageData(pixels, r.width, r.height), 0, 0);
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
