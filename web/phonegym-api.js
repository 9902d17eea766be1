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
  };
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
