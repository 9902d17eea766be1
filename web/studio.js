// PhoneGym Studio (studio.html): use the wasm phone, inspect and edit its state, write and test a
// task template, record demonstrations. Everything runs in the page through window.phonegym
// (docs/host-api.md); the server (`phonegym serve`) only lists, reads and saves templates.
// Plain JS, no framework. window.studio exposes the state for tests and the console.
(function () {
  'use strict';

  const $ = (id) => document.getElementById(id);
  const el = (tag, attrs, ...kids) => {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === 'class') e.className = v;
      else if (k === 'text') e.textContent = v;
      else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
      else e.setAttribute(k, v);
    }
    for (const k of kids) if (k !== null && k !== undefined) e.append(k);
    return e;
  };
  const call = (fn, ...args) => {
    const r = JSON.parse(fn(...args));
    if (r && r.error) throw new Error(r.error);
    return r;
  };

  // Navigation state: changes on every action and is never a side effect (docs/tasks.md).
  const NAV_PATHS = ['/os/tasks', '/os/foreground', '/os/keyboard', '/os/toast', '/os/time_ms', '/os/episode',
    '/os/launcher', '/os/dialog', '/os/recents', '/os/shade'];
  const isNav = (p) => NAV_PATHS.some((n) => p === n || p.startsWith(n + '/'));

  const S = {
    ready: false,
    slot: null,
    state: null,          // the phone's state (object)
    baseline: null,       // the state at the last reset (the diff's reference)
    diff: new Map(),      // JSON pointer -> 'added' | 'removed' | 'changed'
    tree: null,           // the last ui_tree
    resourceIds: {},      // widget id -> uiautomator resource-id
    expanded: new Set(['', '/os', '/apps']),
    template: null,       // the editor's template (object) when it parses
    valid: null,          // the last task_validate result
    instance: null,       // the last task_sample result
    verdict: null,        // the last task_judge result
    recording: false,
    recStart: null,       // the state the recording starts from
    recInstance: null,    // the instance sampled when the recording started
    actions: [],          // recorded: [{action, target?}]
    replaying: false,
    check: null,          // the last task_check result
    token: new URLSearchParams(location.hash.slice(1)).get('token') || '',
    lastAction: null,
  };
  window.studio = S;

  function setStatus(text, kind) {
    const s = $('status');
    s.textContent = text;
    s.className = 'status' + (kind ? ' ' + kind : '');
  }

  // ------------------------------------------------------------------ the phone

  const canvas = $('phone');
  const overlay = $('overlay');
  const octx = overlay.getContext('2d');
  let hover = null;        // the node under the pointer
  let pointer = null;      // the pointer in 0..1000
  let down = null;         // {p, t, tMove} while a button is down (tMove: when the pointer last moved)
  let dragTo = null;

  function norm(ev) {
    const r = canvas.getBoundingClientRect();
    const c = (v) => Math.max(0, Math.min(1000, Math.round(v)));
    return [c((ev.clientX - r.left) / r.width * 1000), c((ev.clientY - r.top) / r.height * 1000)];
  }

  /** Performs one unified action on the studio's slot: records it, redraws, re-judges. */
  function act(action) {
    if (!S.ready || S.replaying) return null;
    return doStep(action, true);
  }

  function doStep(action, record) {
    let res;
    try {
      res = call(phonegym.step, S.slot, JSON.stringify(action));
    } catch (e) {
      showLast(action, null, e.message);
      return null;
    }
    const info = res.info || {};
    if (record && S.recording) recordAction(action, info);
    showLast(action, info, null);
    refresh();
    return info;
  }

  function showLast(action, info, err) {
    S.lastAction = { action, info, error: err };
    const bits = [JSON.stringify(action)];
    if (info && info.target) bits.push('→ ' + info.target);
    if (info && info.note) bits.push('(' + info.note + ')');
    if (info && info.changed === false) bits.push('(no change)');
    if (err) bits.push('✗ ' + err);
    $('last-action').textContent = bits.join(' ');
    $('last-action').className = 'small mono ' + (err ? 'error' : 'muted');
  }

  /** Redraws the phone, reads its state and a11y tree, updates every panel. */
  function refresh() {
    phonegym.render(S.slot, $('toggle-marks').checked ? 'som' : '');
    S.state = call(phonegym.state, S.slot);
    S.tree = call(phonegym.ui_tree, S.slot);
    S.resourceIds = {};
    try {
      const xml = call(phonegym.ui_xml, S.slot).xml;
      const doc = new DOMParser().parseFromString(xml, 'application/xml');
      for (const n of doc.querySelectorAll('node')) {
        const rid = n.getAttribute('resource-id') || '';
        const k = rid.indexOf(':id/');
        if (k >= 0) S.resourceIds[rid.slice(k + 4)] = rid;
      }
    } catch (e) { /* the inspector then shows our ids only */ }
    computeDiff();
    renderTree();
    renderDiff();
    if (S.instance && $('toggle-live').checked) runJudge();
    updateInspector();
    drawOverlay();
  }

  function nodeAt(p) {
    if (!S.tree) return null;
    const x = p[0] * S.tree.width / 1000, y = p[1] * S.tree.height / 1000;
    let best = null;
    for (const n of S.tree.nodes) {  // draw order: the last one containing the point is on top
      const b = n.bounds;
      if (x >= b[0] && x < b[2] && y >= b[1] && y < b[3]) best = n;
    }
    return best;
  }

  function updateInspector() {
    const box = $('inspector');
    box.replaceChildren();
    if (!$('toggle-inspect').checked || !pointer) {
      box.append(el('div', { class: 'muted', text: 'Point at the phone to see its accessibility node.' }));
      hover = null;
      return;
    }
    hover = nodeAt(pointer);
    if (!hover) {
      box.append(el('div', { class: 'muted', text: 'No node here.' }));
      return;
    }
    const flags = ['clickable', 'long_clickable', 'checkable', 'checked', 'focusable', 'focused', 'scrollable', 'selected']
      .filter((f) => hover[f]).join(' ');
    const rows = [
      ['class', hover.class], ['text', hover.text || ''], ['desc', hover.desc || ''],
      ['resource-id', S.resourceIds[hover.id] || hover.id], ['bounds', '[' + hover.bounds.slice(0, 2).join(',') + '][' + hover.bounds.slice(2).join(',') + ']'],
      ['flags', flags], ['point', pointer.join(', ') + ' (0..1000)'],
    ];
    const t = el('table', { class: 'kv' });
    for (const [k, v] of rows) t.append(el('tr', {}, el('th', { text: k }), el('td', { class: 'mono', text: String(v) })));
    box.append(t);
  }

  function drawOverlay() {
    octx.clearRect(0, 0, overlay.width, overlay.height);
    if (hover && $('toggle-inspect').checked) {
      const b = hover.bounds;
      octx.lineWidth = 6;
      octx.strokeStyle = '#ffb300';
      octx.fillStyle = 'rgba(255, 179, 0, 0.07)';
      octx.fillRect(b[0], b[1], b[2] - b[0], b[3] - b[1]);
      octx.strokeRect(b[0] + 3, b[1] + 3, b[2] - b[0] - 6, b[3] - b[1] - 6);
    }
    if (down && dragTo) {
      const sx = overlay.width / 1000, sy = overlay.height / 1000;
      octx.strokeStyle = '#e91e63';
      octx.lineWidth = 10;
      octx.beginPath();
      octx.moveTo(down.p[0] * sx, down.p[1] * sy);
      octx.lineTo(dragTo[0] * sx, dragTo[1] * sy);
      octx.stroke();
    }
  }

  canvas.addEventListener('pointerdown', (ev) => {
    if (ev.button !== 0) return;
    canvas.focus();
    canvas.setPointerCapture(ev.pointerId);
    down = { p: norm(ev), t: performance.now(), last: null, tMove: performance.now() };
    dragTo = null;
  });
  canvas.addEventListener('pointermove', (ev) => {
    pointer = norm(ev);
    if (down && (!down.last || down.last[0] !== pointer[0] || down.last[1] !== pointer[1])) {
      down.last = pointer;
      down.tMove = performance.now();
    }
    if (down && Math.hypot(pointer[0] - down.p[0], pointer[1] - down.p[1]) > 15) dragTo = pointer;
    updateInspector();
    drawOverlay();
  });
  canvas.addEventListener('pointerleave', () => {
    if (down) return;
    pointer = null;
    updateInspector();
    drawOverlay();
  });
  canvas.addEventListener('pointerup', (ev) => {
    if (!down) return;
    const p = norm(ev);
    const now = performance.now();
    const dt = now - down.t;
    const start = down.p;
    // Released while moving: a fling (swipe); held still >= 100 ms first: a drag (web/input.js).
    const moved = !down.last || down.last[0] !== p[0] || down.last[1] !== p[1];
    const still = moved ? 0 : now - down.tMove;
    down = null;
    dragTo = null;
    if (Math.hypot(p[0] - start[0], p[1] - start[1]) > 15) {
      act({ type: still >= 100 ? 'drag' : 'swipe', x1: start[0], y1: start[1], x2: p[0], y2: p[1] });
    }
    else if (dt >= 500) act({ type: 'long_press', x: start[0], y: start[1] });
    else act({ type: 'click', x: start[0], y: start[1] });
  });
  // The wheel: one swipe per gesture (the deltas of ~150 ms summed), from the pointer.
  let wheel = null;
  canvas.addEventListener('wheel', (ev) => {
    ev.preventDefault();
    const p = norm(ev);
    if (!wheel) wheel = { p, dy: 0, timer: 0 };
    wheel.dy += ev.deltaMode === 1 ? ev.deltaY * 40 : ev.deltaY;
    clearTimeout(wheel.timer);
    wheel.timer = setTimeout(() => {
      const w = wheel;
      wheel = null;
      const d = Math.max(-400, Math.min(400, Math.round(w.dy / 2)));
      if (d === 0) return;
      const y2 = Math.max(0, Math.min(1000, w.p[1] - d));
      act({ type: 'swipe', x1: w.p[0], y1: w.p[1], x2: w.p[0], y2 });
    }, 150);
  }, { passive: false });
  canvas.addEventListener('keydown', (ev) => {
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (ev.key === 'Enter') act({ type: 'enter' });
    else if (ev.key === 'Escape') act({ type: 'back' });
    else if (ev.key === 'Backspace') {  // the phone's own delete key, when its keyboard is up
      const k = S.tree && S.tree.nodes.find((n) => n.id === 'keyboard.backspace');
      if (k) act({ type: 'click', x: centre(k)[0], y: centre(k)[1] });
      else showLast({ type: 'noop' }, null, 'Backspace: the phone\'s keyboard is not shown');
    } else if (ev.key.length === 1) act({ type: 'type', text: ev.key });
    else return;
    ev.preventDefault();
  });
  $('btn-back').onclick = () => act({ type: 'back' });
  $('btn-home').onclick = () => act({ type: 'home' });
  $('btn-recents').onclick = () => act({ type: 'recent' });
  $('toggle-marks').onchange = () => refresh();
  $('toggle-inspect').onchange = () => { updateInspector(); drawOverlay(); };

  function centre(n) {
    const b = n.bounds;
    return [Math.round((b[0] + b[2]) / 2 * 1000 / S.tree.width), Math.round((b[1] + b[3]) / 2 * 1000 / S.tree.height)];
  }

  // ------------------------------------------------------------------ the state panel

  const ptr = (parent, key) => parent + '/' + String(key).replace(/~/g, '~0').replace(/\//g, '~1');
  const isObj = (v) => v !== null && typeof v === 'object';

  function computeDiff() {
    const d = new Map();
    const walk = (a, b, p) => {
      if (isObj(a) && isObj(b) && Array.isArray(a) === Array.isArray(b)) {
        const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
        for (const k of keys) {
          if (!(k in b)) d.set(ptr(p, k), 'removed');
          else if (!(k in a)) d.set(ptr(p, k), 'added');
          else walk(a[k], b[k], ptr(p, k));
        }
      } else if (JSON.stringify(a) !== JSON.stringify(b)) {
        d.set(p, 'changed');
      }
    };
    if (S.baseline && S.state) walk(S.baseline, S.state, '');
    S.diff = d;
  }

  function visibleDiff() {
    const hideNav = $('toggle-nav').checked;
    return [...S.diff.entries()].filter(([p]) => !(hideNav && isNav(p))).sort((a, b) => a[0] < b[0] ? -1 : 1);
  }

  /** The listed changes as an RFC 6902 JSON Patch from the reset state to the current one (the
   *  format of a template's `setup` and of patch_state, docs/state.md). Array elements are
   *  compared by index, so removed ones (always at the end) are removed last-first. */
  function diffPatch() {
    const num = (p) => p.split('/').map((s) => (/^\d+$/.test(s) ? s.padStart(10, '0') : s)).join('/');
    const rows = visibleDiff();
    const removed = rows.filter(([, k]) => k === 'removed').sort((a, b) => (num(a[0]) < num(b[0]) ? 1 : -1));
    const others = rows.filter(([, k]) => k !== 'removed').sort((a, b) => (num(a[0]) < num(b[0]) ? -1 : 1));
    return [...removed.map(([p]) => ({ op: 'remove', path: p })),
      ...others.map(([p, k]) => ({ op: k === 'added' ? 'add' : 'replace', path: p, value: getAt(S.state, p) }))];
  }

  function getAt(obj, p) {
    if (p === '') return obj;
    let v = obj;
    for (const raw of p.slice(1).split('/')) {
      const k = raw.replace(/~1/g, '/').replace(/~0/g, '~');
      if (!isObj(v) || !(k in v)) return undefined;
      v = v[k];
    }
    return v;
  }

  function renderDiff() {
    const list = $('diff-list');
    list.replaceChildren();
    const rows = visibleDiff();
    $('diff-count').textContent = String(rows.length);
    const sign = { added: '+', removed: '−', changed: '~' };
    for (const [p, kind] of rows) {
      const li = el('li', { class: 'diff-' + kind, 'data-path': p, title: 'show in the tree' });
      li.append(el('span', { class: 'sign', text: sign[kind] }), el('span', { class: 'path', text: p }));
      const before = getAt(S.baseline, p), after = getAt(S.state, p);
      const short = (v) => { const t = JSON.stringify(v); return t && t.length > 40 ? t.slice(0, 37) + '…' : t; };
      if (kind === 'changed') li.append(el('span', { class: 'vals', text: short(before) + ' → ' + short(after) }));
      else if (kind === 'added') li.append(el('span', { class: 'vals', text: short(after) }));
      else li.append(el('span', { class: 'vals', text: short(before) }));
      li.onclick = () => reveal(p);
      list.append(li);
    }
    if (!rows.length) list.append(el('li', { class: 'muted', text: 'no changes' }));
  }

  function reveal(p) {
    let cur = '';
    for (const part of p.slice(1).split('/').slice(0, -1)) { cur += '/' + part; S.expanded.add(cur); }
    renderTree();
    const row = $('state-tree').querySelector('[data-path="' + CSS.escape(p) + '"]');
    if (row) { row.scrollIntoView({ block: 'center' }); row.classList.add('flash'); }
  }

  // Search: the paths whose key or value text matches, and their ancestors.
  function searchMatches(q) {
    const hits = new Set(), keep = new Set();
    const walk = (v, p, key) => {
      const self = String(key).toLowerCase().includes(q) || (!isObj(v) && JSON.stringify(v).toLowerCase().includes(q));
      let any = self;
      if (isObj(v)) for (const k of Object.keys(v)) if (walk(v[k], ptr(p, k), k)) any = true;
      if (self) hits.add(p);
      if (any) keep.add(p);
      return any;
    };
    walk(S.state, '', '');
    return { hits, keep };
  }

  function renderTree() {
    const root = $('state-tree');
    const scroll = root.scrollTop;
    root.replaceChildren();
    if (!S.state) return;
    const q = $('state-search').value.trim().toLowerCase();
    const m = q ? searchMatches(q) : null;
    const changedUnder = new Set();
    for (const [p] of visibleDiff()) {
      let cur = '';
      for (const part of p.slice(1).split('/').slice(0, -1)) { cur += '/' + part; changedUnder.add(cur); }
      changedUnder.add('');
    }
    const frag = document.createDocumentFragment();
    const line = (v, p, key, depth) => {
      if (m && !m.keep.has(p)) return;
      const row = el('div', { class: 'node', 'data-path': p });
      row.style.paddingLeft = (depth * 14 + 4) + 'px';
      const kind = S.diff.get(p);
      if (kind && !( $('toggle-nav').checked && isNav(p))) row.classList.add('diff-' + kind);
      if (m && m.hits.has(p)) row.classList.add('hit');
      const open = isObj(v) && (m ? true : S.expanded.has(p));
      if (isObj(v)) {
        const tw = el('span', { class: 'twisty', text: open ? '▾' : '▸' });
        row.append(tw);
        row.onclick = (ev) => {
          if (ev.target.closest('input')) return;
          if (S.expanded.has(p)) S.expanded.delete(p); else S.expanded.add(p);
          renderTree();
        };
      } else {
        row.append(el('span', { class: 'twisty', text: ' ' }));
      }
      row.append(el('span', { class: 'key', text: key }), el('span', { class: 'colon', text: ': ' }));
      if (isObj(v)) {
        const n = Object.keys(v).length;
        row.append(el('span', { class: 'summary', text: Array.isArray(v) ? '[' + n + ']' : '{' + n + '}' }));
        if (changedUnder.has(p)) row.append(el('span', { class: 'dot', title: 'changed inside', text: '●' }));
      } else {
        const val = el('span', { class: 'value t-' + (v === null ? 'null' : typeof v), text: JSON.stringify(v), title: 'click to edit' });
        val.onclick = (ev) => { ev.stopPropagation(); editValue(row, val, p, v); };
        row.append(val);
      }
      frag.append(row);
      if (open) for (const k of Object.keys(v)) line(v[k], ptr(p, k), k, depth + 1);
    };
    line(S.state, '', 'state', 0);
    root.append(frag);
    root.scrollTop = scroll;
  }

  function editValue(row, span, p, v) {
    const input = el('input', { class: 'edit mono', value: JSON.stringify(v) });
    span.replaceWith(input);
    input.focus();
    input.select();
    const done = (apply) => {
      if (!apply) { renderTree(); return; }
      let nv;
      try { nv = JSON.parse(input.value); } catch (e) { nv = input.value; }  // bare text is a string
      setAt(p, nv);
    };
    input.onkeydown = (ev) => {
      if (ev.key === 'Enter') done(true);
      else if (ev.key === 'Escape') done(false);
      ev.stopPropagation();
    };
    input.onblur = () => done(false);
  }

  /** Sets one value (JSON pointer) with set_state; the phone validates the whole state. */
  function setAt(p, value) {
    const next = JSON.parse(JSON.stringify(S.state));
    const parts = p.slice(1).split('/').map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'));
    let o = next;
    for (const k of parts.slice(0, -1)) o = o[k];
    o[parts[parts.length - 1]] = value;
    try {
      call(phonegym.set_state, S.slot, JSON.stringify(next));
      setStatus('set ' + p + ' = ' + JSON.stringify(value), 'ok');
    } catch (e) {
      setStatus(e.message, 'error');
    }
    refresh();
  }

  /** Back to the baseline: the sampled instance's initial state, else the default state. */
  function resetPhone() {
    call(phonegym.reset, S.slot, S.instance ? JSON.stringify(S.instance.initial_state) : '');
    S.baseline = call(phonegym.state, S.slot);
    refresh();
  }

  $('state-search').oninput = () => renderTree();
  $('toggle-nav').onchange = () => { renderDiff(); renderTree(); };
  $('btn-reset').onclick = () => { resetPhone(); setStatus(S.instance ? 'reset to the instance\'s initial state' : 'reset to the default state', 'ok'); };
  $('btn-copy-patch').onclick = async () => {
    const text = JSON.stringify(diffPatch());
    try {
      await navigator.clipboard.writeText(text);
      setStatus('copied ' + diffPatch().length + ' operation(s): paste them into a template\'s "setup"', 'ok');
    } catch (e) {
      setStatus('the clipboard refused; the patch is ' + text, 'ok');
    }
  };
  $('btn-save-snap').onclick = () => download('phonegym-state.json', new Blob([JSON.stringify(S.state, null, 2) + '\n'], { type: 'application/json' }));
  $('load-snap').onchange = async (ev) => {
    const f = ev.target.files[0];
    ev.target.value = '';
    if (!f) return;
    try {
      call(phonegym.set_state, S.slot, await f.text());
      setStatus('state loaded from ' + f.name, 'ok');
    } catch (e) {
      setStatus(f.name + ': ' + e.message, 'error');
    }
    refresh();
  };

  function download(name, blob) {
    const a = el('a', { href: URL.createObjectURL(blob), download: name });
    document.body.append(a);
    a.click();
    setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
  }

  // ------------------------------------------------------------------ the task panel

  const editor = $('editor');
  const NEW_TEMPLATE = {
    id: 'my.task',
    description: 'What the task is about, for the next author.',
    apps: ['settings'],
    instruction: ['Turn off Wi-Fi.'],
    parameters: {},
    setup: [{ op: 'replace', path: '/os/settings/global/wifi_on', value: true }],
    judge: { subtasks: [{ name: 'Wi-Fi is off', path: 'os.settings.global.wifi_on', op: '==', value: false }] },
    expected_changes: ['/os/settings/global/wifi_on'],
    oracle: [{ type: 'click', target: 'launcher.app.settings' }, { type: 'complete' }],
    taxonomy: { scope: 'S1', objective: 'operate', composition: 'atomic', difficulty: 'L1', capabilities: ['toggle'] },
    step_budget: 15,
    split: 'train',
  };

  /** Pretty JSON with short arrays and objects of scalars on one line (the templates' style). */
  function pretty(v) {
    const flat = (x) => !isObj(x) ? JSON.stringify(x)
      : Array.isArray(x) ? '[' + x.map(flat).join(', ') + ']'
        : '{' + Object.keys(x).map((k) => JSON.stringify(k) + ': ' + flat(x[k])).join(', ') + '}';
    const fmt = (x, ind, lead) => {  // lead: characters before the value on its line
      const f = flat(x);
      if (!isObj(x) || lead + f.length <= 90) return f;
      const inner = ind + '  ';
      if (Array.isArray(x)) return '[\n' + x.map((e) => inner + fmt(e, inner, inner.length)).join(',\n') + '\n' + ind + ']';
      return '{\n' + Object.keys(x).map((k) => inner + JSON.stringify(k) + ': ' + fmt(x[k], inner, inner.length + k.length + 4)).join(',\n') + '\n' + ind + '}';
    };
    return fmt(v, '', 0) + '\n';
  }

  async function api(path, opts) {
    const headers = Object.assign({}, (opts && opts.headers) || {});
    if (S.token) headers['X-PhoneGym-Token'] = S.token;
    const r = await fetch(path, Object.assign({}, opts, { headers }));
    const text = await r.text();
    let body;
    try { body = JSON.parse(text); } catch (e) { body = text; }
    return { status: r.status, body };
  }

  async function loadTemplateList(select) {
    const r = await api('/api/templates');
    if (r.status !== 200) { setStatus('cannot list templates: ' + JSON.stringify(r.body), 'error'); return; }
    const sel = $('template-select');
    sel.replaceChildren(el('option', { value: '', text: '— open a template from tasks/ (' + r.body.templates.length + ') —' }));
    const groups = {};
    for (const t of r.body.templates) {
      const g = t.path.includes('/') ? t.path.slice(0, t.path.indexOf('/')) : '.';
      (groups[g] = groups[g] || []).push(t);
    }
    for (const g of Object.keys(groups).sort()) {
      const og = el('optgroup', { label: g });
      for (const t of groups[g]) og.append(el('option', { value: t.path, text: (t.id || t.path) + (t.instruction ? ' — ' + t.instruction : '') }));
      sel.append(og);
    }
    if (select) sel.value = select;
  }

  async function openTemplate(path) {
    const r = await api('/api/templates/' + path.split('/').map(encodeURIComponent).join('/'));
    if (r.status !== 200) { setStatus('cannot open ' + path + ': ' + JSON.stringify(r.body), 'error'); return; }
    editor.value = typeof r.body === 'string' ? r.body : pretty(r.body);
    $('template-path').value = path;
    $('template-path').dataset.opened = path;
    validate();
    setStatus('opened ' + path, 'ok');
  }

  function newTemplate() {
    editor.value = pretty(NEW_TEMPLATE);
    $('template-path').value = 'studio/my_task.json';
    $('template-path').dataset.opened = '';
    $('template-select').value = '';
    validate();
  }

  // Where a field is in the editor's text: the line of its last key (searched in order).
  function fieldLine(field) {
    const text = editor.value;
    let at = 0;
    for (const part of field.split('.')) {
      const key = part.replace(/\[\d+\]$/, '');
      if (!key || key.startsWith('(')) break;
      const i = text.indexOf('"' + key + '"', at);
      if (i < 0) break;
      at = i;
      const idx = /\[(\d+)\]$/.exec(part);
      if (idx) {  // step into the N-th element: skip N top-level commas of the array
        let depth = 0, n = Number(idx[1]), j = text.indexOf('[', i);
        for (j = j + 1; j < text.length && n > 0; j++) {
          const c = text[j];
          if (c === '[' || c === '{') depth++;
          else if (c === ']' || c === '}') depth--;
          else if (c === ',' && depth === 0) n--;
        }
        at = j;
      }
    }
    return text.slice(0, at).split('\n').length;
  }

  function gotoLine(line) {
    const lines = editor.value.split('\n');
    let pos = 0;
    for (let i = 0; i < line - 1 && i < lines.length; i++) pos += lines[i].length + 1;
    editor.focus();
    editor.setSelectionRange(pos, pos + (lines[line - 1] || '').length);
    const lh = parseFloat(getComputedStyle(editor).lineHeight) || 16;
    editor.scrollTop = Math.max(0, (line - 4) * lh);
  }

  /** Validates the editor's text in the page (the same C++ as `phonegym tasks validate`). */
  function validate() {
    const box = $('validation');
    box.replaceChildren();
    if (!S.ready) return;
    S.template = null;
    try { S.template = JSON.parse(editor.value); } catch (e) { /* task_validate reports where */ }
    const v = JSON.parse(phonegym.task_validate(editor.value));
    S.valid = v;
    if (v.error) { box.append(el('div', { class: 'error', text: v.error })); return; }
    if (v.ok) {
      box.append(el('div', { class: 'ok', text: '✓ valid: ' + v.id + ' · apps ' + v.apps.join(', ') + ' · ' +
        (v.parameters.length ? 'parameters ' + v.parameters.join(', ') : 'no parameters') + ' · ' + v.subtasks + ' subtask(s) · oracle ' + v.oracle_steps + ' step(s)' }));
      if (!$('template-path').value && v.id) $('template-path').value = v.id.replace('.', '/') + '.json';
      return;
    }
    for (const e of v.errors) {
      const line = e.line || fieldLine(e.field);
      const row = el('div', { class: 'error clickable', title: 'go to line ' + line },
        el('b', { text: e.field }), ': ' + e.message + '  ', el('span', { class: 'muted', text: '(line ' + line + ')' }));
      row.onclick = () => gotoLine(line);
      box.append(row);
    }
  }

  let validateTimer = 0;
  editor.addEventListener('input', () => { clearTimeout(validateTimer); validateTimer = setTimeout(validate, 250); });
  editor.addEventListener('keydown', (ev) => {
    if (ev.key === 'Tab') {  // two spaces, not a jump out of the editor
      ev.preventDefault();
      editor.setRangeText('  ', editor.selectionStart, editor.selectionEnd, 'end');
    }
  });
  $('template-select').onchange = (ev) => { if (ev.target.value) openTemplate(ev.target.value); };
  $('btn-new').onclick = () => newTemplate();

  function sample() {
    validate();
    if (!S.valid || !S.valid.ok) { setStatus('fix the template first: ' + (S.valid && S.valid.errors ? S.valid.errors[0].field + ': ' + S.valid.errors[0].message : ''), 'error'); return; }
    const seed = Math.max(0, Math.floor(Number($('seed').value) || 0));
    try {
      S.instance = call(phonegym.task_sample, S.slot, S.template, seed);
    } catch (e) {
      setStatus(e.message, 'error');
      return;
    }
    S.baseline = S.instance.initial_state;
    renderInstance();
    setStatus('sampled ' + S.instance.id + ' seed ' + seed + ': the phone starts from its initial state', 'ok');
    refresh();
    runJudge();
  }

  function renderInstance() {
    const box = $('instance');
    box.replaceChildren();
    const i = S.instance;
    box.append(el('div', { class: 'card-title', text: 'Instance ' + i.id + ' · seed ' + i.seed + ' · budget ' + i.step_budget + ' steps' }));
    box.append(el('div', { class: 'instruction', text: i.instruction }));
    const params = Object.entries(i.params);
    if (params.length) {
      const t = el('table', { class: 'kv' });
      for (const [k, v] of params) t.append(el('tr', {}, el('th', { text: '{' + k + '}' }), el('td', { class: 'mono', text: v })));
      box.append(t);
    }
    const setup = el('details', {}, el('summary', { text: 'setup patch (' + i.setup.length + ' operation' + (i.setup.length === 1 ? '' : 's') + ') applied' }),
      el('pre', { class: 'mono small', text: i.setup.map((op) => JSON.stringify(op)).join('\n') || '(none)' }));
    setup.open = i.setup.length <= 4;
    box.append(setup);
  }

  function runJudge() {
    if (!S.instance) return;
    const box = $('judge');
    box.replaceChildren();
    try {
      S.verdict = call(phonegym.task_judge, S.slot);
    } catch (e) {
      box.append(el('div', { class: 'error', text: e.message }));
      return;
    }
    const v = S.verdict;
    box.className = 'card ' + (v.error ? 'judge-error' : v.success ? 'judge-pass' : 'judge-fail');
    box.append(el('div', { class: 'card-title', text: v.error ? 'Judge error' : v.success ? '✓ Judge: PASS' : '✗ Judge: not yet' },
      el('span', { class: 'badge', text: 'progress ' + Math.round(v.progress * 100) + '%' })));
    if (v.error) box.append(el('div', { class: 'error', text: v.error }));
    const ul = el('ul', { class: 'subtasks' });
    for (const s of v.subtasks) {
      ul.append(el('li', { class: s.passed ? 'pass' : 'fail' }, el('span', { class: 'mark', text: s.passed ? '✓' : '✗' }), s.name,
        s.detail ? el('span', { class: 'muted small', text: '  ' + s.detail }) : null));
    }
    box.append(ul);
    if (v.side_effects.length) {
      box.append(el('div', { class: 'warn small', text: 'side effects (changed, not in expected_changes): ' + v.side_effects.join(', ') }));
    } else {
      box.append(el('div', { class: 'muted small', text: 'no side effects' }));
    }
  }

  async function save() {
    validate();
    const path = $('template-path').value.trim();
    if (!path) { setStatus('give the file a path under tasks/, e.g. settings/wifi_off.json', 'error'); return; }
    if (!S.valid || !S.valid.ok) { setStatus('not saved: the template has errors', 'error'); return; }
    const fresh = $('template-path').dataset.opened !== path;
    const opts = { method: 'PUT', body: editor.value, headers: { 'Content-Type': 'application/json' } };
    if (fresh) opts.headers['If-None-Match'] = '*';
    let r = await api('/api/templates/' + path.split('/').map(encodeURIComponent).join('/'), opts);
    if (r.status === 401) {
      const t = window.prompt('This studio is exposed beyond loopback: saving needs the token `phonegym serve` printed.');
      if (t) {
        S.token = t.trim();
        r = await api('/api/templates/' + path.split('/').map(encodeURIComponent).join('/'), opts);
      }
    }
    if (r.status === 412 && window.confirm(path + ' exists. Overwrite it?')) {
      delete opts.headers['If-None-Match'];
      r = await api('/api/templates/' + path.split('/').map(encodeURIComponent).join('/'), opts);
    }
    if (r.status === 200 || r.status === 201) {
      $('template-path').dataset.opened = path;
      setStatus((r.body.created ? 'saved new ' : 'saved ') + 'tasks/' + path, 'ok');
      await loadTemplateList(path);
    } else {
      setStatus('not saved: ' + (r.body && r.body.error ? r.body.error : JSON.stringify(r.body)), 'error');
    }
  }

  $('btn-sample').onclick = () => sample();
  $('btn-judge').onclick = () => runJudge();
  $('btn-save').onclick = () => save();

  // ------------------------------------------------------------------ the recorder

  function recordAction(action, info) {
    const last = S.actions[S.actions.length - 1];
    // Typing key by key becomes one type action (the same text in the same field).
    if (action.type === 'type' && last && last.action.type === 'type' && action.x === undefined && last.action.x === undefined &&
        !action.clear) {
      last.action.text += action.text;
    } else {
      S.actions.push({ action: Object.assign({}, action), target: info && info.target ? info.target : undefined });
    }
    renderRec();
  }

  function renderRec() {
    const list = $('rec-list');
    list.replaceChildren();
    S.actions.forEach((r, i) => {
      const li = el('li', {}, el('span', { text: JSON.stringify(r.action) }), r.target ? el('span', { class: 'muted', text: ' → ' + r.target }) : null);
      const del = el('button', { class: 'tiny', title: 'delete this step', text: '×' });
      del.onclick = () => { S.actions.splice(i, 1); renderRec(); };
      li.append(del);
      list.append(li);
    });
    $('btn-record').textContent = S.recording ? '■ Stop' : '● Record';
    $('btn-record').classList.toggle('recording', S.recording);
    $('rec-status').textContent = S.recording ? 'Recording: use the phone; each action is listed below.' :
      S.actions.length ? S.actions.length + ' action(s) recorded' + (S.recInstance ? ' from ' + S.recInstance.id + ' seed ' + S.recInstance.seed : ' from a saved state') + '.' : 'Not recording.';
  }

  function toggleRecord() {
    if (!S.recording) {
      S.actions = [];
      S.recStart = call(phonegym.state, S.slot);
      // A recording that starts from the instance's initial state can become its oracle.
      S.recInstance = S.instance && JSON.stringify(S.recStart) === JSON.stringify(S.instance.initial_state) ? S.instance : null;
      S.recording = true;
      $('check').hidden = true;
    } else {
      S.recording = false;
    }
    renderRec();
  }

  /** Replays the recording from its start state, one action per `delayMs`; resolves when done. */
  async function replay(delayMs) {
    if (!S.actions.length || S.replaying) return;
    S.recording = false;
    S.replaying = true;
    renderRec();
    call(phonegym.reset, S.slot, JSON.stringify(S.recStart));
    S.baseline = S.recStart;
    refresh();
    const items = $('rec-list').children;
    for (let i = 0; i < S.actions.length; i++) {
      for (const li of items) li.classList.remove('current');
      if (items[i]) items[i].classList.add('current');
      await new Promise((r) => setTimeout(r, delayMs));
      doStep(S.actions[i].action, false);
    }
    for (const li of items) li.classList.remove('current');
    S.replaying = false;
    setStatus('replayed ' + S.actions.length + ' action(s)', 'ok');
    renderRec();
  }

  /** The recording as oracle steps: the recorded actions themselves (docs/actions.md), with the
   *  widget each tap hit as its `target` instead of coordinates, so they survive layout changes. */
  function toOracle(recorded, params, useSlots) {
    const steps = [], notes = [];
    const slotted = (text) => {
      if (!useSlots) return text;
      let out = text;
      for (const [k, v] of Object.entries(params || {})) {
        if (String(v).length < 2) continue;
        if (out === v) return '{' + k + '}';
        out = out.split('.').map((seg) => seg === v ? '{' + k + '}' : seg).join('.');
      }
      return out;
    };
    recorded.forEach((r, i) => {
      const a = Object.assign({}, r.action);
      switch (a.type) {
        case 'click': case 'double_tap': case 'long_press':
          if (!r.target) { notes.push('step ' + (i + 1) + ': ' + a.type + ' at (' + a.x + ', ' + a.y + ') hit no widget: left out'); return; }
          steps.push({ type: a.type, target: slotted(r.target) });
          return;
        case 'type': {
          const t = { type: 'type', text: slotted(a.text) };
          if (a.x !== undefined && r.target) t.target = slotted(r.target);  // tap the field, then type
          else if (a.x !== undefined) { t.x = a.x; t.y = a.y; }
          if (a.clear) t.clear = true;
          steps.push(t);
          return;
        }
        case 'answer': a.text = slotted(a.text); break;
        default: break;  // swipe, drag, back, home, recent, enter, wait, open_app, ...: as recorded
      }
      steps.push(a);
    });
    const last = steps[steps.length - 1];
    if (!last || !(last.type === 'complete' || last.type === 'abort')) steps.push({ type: 'complete' });
    return { steps, notes };
  }

  function showCheck(title, res, notes) {
    const box = $('check');
    box.hidden = false;
    box.replaceChildren();
    const ok = res.success;
    box.className = 'card small ' + (ok ? 'judge-pass' : 'judge-fail');
    box.append(el('div', { class: 'card-title', text: (ok ? '✓ ' : '✗ ') + title }));
    const v = res.verdict || {};
    const facts = [(res.steps || []).length + ' step(s)', 'progress ' + Math.round((v.progress || 0) * 100) + '%'];
    if (res.solved_before_any_action) facts.push('⚠ solved before any action: the judge checks nothing the agent does');
    if (res.over_budget) facts.push('⚠ over the step budget');
    if (v.side_effects && v.side_effects.length) facts.push('side effects: ' + v.side_effects.join(', '));
    box.append(el('div', { text: facts.join(' · ') }));
    if (res.error) box.append(el('div', { class: 'error', text: res.error }));
    for (const n of notes || []) box.append(n.ok ? el('div', { class: 'ok', text: n.ok }) : el('div', { class: 'warn', text: n }));
  }

  /** Writes the recording into the editor's oracle and checks that it solves the instance. */
  function saveAsOracle() {
    validate();
    if (!S.template || !S.valid || !S.valid.ok) { setStatus('the template must be valid first', 'error'); return; }
    if (!S.actions.length) { setStatus('record a demonstration first', 'error'); return; }
    if (!S.recInstance) { setStatus('a demonstration for the oracle must start from a sampled instance: Sample, then Record', 'error'); return; }
    const { steps, notes } = toOracle(S.actions, S.recInstance.params, $('toggle-slots').checked);
    const t = Object.assign({}, S.template, { oracle: steps });
    editor.value = pretty(t);
    validate();
    const check = (seed) => {
      try { return call(phonegym.task_check, t, seed); } catch (e) { return { success: false, error: e.message }; }
    };
    const res = check(S.recInstance.seed);
    S.check = res;
    // The same oracle on other instances: {slots} make it general, literal values do not.
    const others = [0, 1, 2, 3, 4].filter((k) => k !== S.recInstance.seed);
    const failed = others.filter((k) => !check(k).success);
    S.check.other_seeds = { checked: others, failed };
    if (res.success) notes.push(failed.length ? 'it fails on seed(s) ' + failed.join(', ') + ' of ' + others.join(', ') +
      ': a parameter value the oracle should take from a {slot}?' : { ok: 'it also solves seeds ' + others.join(', ') });
    showCheck(res.success ? 'the oracle (' + steps.length + ' steps) solves seed ' + S.recInstance.seed
      : 'the oracle does not solve seed ' + S.recInstance.seed, res, notes);
    setStatus(res.success ? 'oracle saved into the template (Save writes the file)' : 'oracle written, but it does not solve the instance', res.success ? 'ok' : 'error');
  }

  // ---- export: a zip (stored, no compression) of step_NNN.png and actions.json

  const CRC = (() => {
    const t = new Uint32Array(256);
    for (let n = 0; n < 256; n++) { let c = n; for (let k = 0; k < 8; k++) c = c & 1 ? 0xEDB88320 ^ (c >>> 1) : c >>> 1; t[n] = c >>> 0; }
    return t;
  })();
  const crc32 = (b) => { let c = 0xFFFFFFFF; for (let i = 0; i < b.length; i++) c = CRC[(c ^ b[i]) & 255] ^ (c >>> 8); return (c ^ 0xFFFFFFFF) >>> 0; };

  /** A ZIP archive (PKWARE APPNOTE 6.3, method 0 "stored") of [{name, data: Uint8Array}]. */
  function zip(files) {
    const enc = new TextEncoder(), parts = [], central = [];
    let off = 0;
    for (const f of files) {
      const name = enc.encode(f.name), crc = crc32(f.data), n = f.data.length;
      const h = new DataView(new ArrayBuffer(30));
      h.setUint32(0, 0x04034b50, true); h.setUint16(4, 20, true); h.setUint32(14, crc, true);
      h.setUint32(18, n, true); h.setUint32(22, n, true); h.setUint16(26, name.length, true);
      parts.push(new Uint8Array(h.buffer), name, f.data);
      const c = new DataView(new ArrayBuffer(46));
      c.setUint32(0, 0x02014b50, true); c.setUint16(4, 20, true); c.setUint16(6, 20, true); c.setUint32(16, crc, true);
      c.setUint32(20, n, true); c.setUint32(24, n, true); c.setUint16(28, name.length, true); c.setUint32(42, off, true);
      central.push(new Uint8Array(c.buffer), name);
      off += 30 + name.length + n;
    }
    const size = central.reduce((s, p) => s + p.length, 0);
    const e = new DataView(new ArrayBuffer(22));
    e.setUint32(0, 0x06054b50, true); e.setUint16(8, files.length, true); e.setUint16(10, files.length, true);
    e.setUint32(12, size, true); e.setUint32(16, off, true);
    return new Blob([...parts, ...central, new Uint8Array(e.buffer)], { type: 'application/zip' });
  }

  async function screenshotPng(slot) {
    const s = call(phonegym.screenshot, slot, 'full');
    const bin = atob(s.data);
    const c = document.createElement('canvas');
    c.width = s.width;
    c.height = s.height;
    const ctx = c.getContext('2d');
    const img = ctx.createImageData(s.width, s.height);
    for (let i = 0, j = 0; i < bin.length; i += 3, j += 4) {
      img.data[j] = bin.charCodeAt(i); img.data[j + 1] = bin.charCodeAt(i + 1); img.data[j + 2] = bin.charCodeAt(i + 2); img.data[j + 3] = 255;
    }
    ctx.putImageData(img, 0, 0);
    const blob = await new Promise((r) => c.toBlob(r, 'image/png'));
    return new Uint8Array(await blob.arrayBuffer());
  }

  /** The recording replayed on a scratch slot: a screenshot before each action and at the end. */
  async function exportTrajectory() {
    if (!S.actions.length) { setStatus('record a demonstration first', 'error'); return null; }
    setStatus('exporting…');
    const tmp = call(phonegym.create).slot;
    const files = [], steps = [];
    try {
      call(phonegym.reset, tmp, JSON.stringify(S.recStart));
      for (let i = 0; i <= S.actions.length; i++) {
        const name = 'step_' + String(i).padStart(3, '0') + '.png';
        files.push({ name, data: await screenshotPng(tmp) });
        if (i === S.actions.length) { steps.push({ screenshot: name }); break; }
        let info;
        try { info = call(phonegym.step, tmp, JSON.stringify(S.actions[i].action)).info; } catch (e) { info = { error: e.message }; }
        steps.push({ screenshot: name, action: S.actions[i].action, info });
      }
    } finally {
      phonegym.close(tmp);
      phonegym.render(S.slot, $('toggle-marks').checked ? 'som' : '');
    }
    const meta = {
      format: 'phonegym-trajectory-1',
      screen: { width: 1080, height: 2400, coordinates: 'actions in 0..1000 (docs/actions.md)' },
      instance: S.recInstance ? { template: S.recInstance.id, seed: S.recInstance.seed, instruction: S.recInstance.instruction, params: S.recInstance.params } : null,
      start_state: S.recStart,
      steps,
    };
    files.push({ name: 'actions.json', data: new TextEncoder().encode(JSON.stringify(meta, null, 1) + '\n') });
    const blob = zip(files);
    const name = 'trajectory-' + (S.recInstance ? S.recInstance.id + '-seed' + S.recInstance.seed : 'recording') + '.zip';
    download(name, blob);
    setStatus('exported ' + name + ' (' + S.actions.length + ' actions, ' + (files.length - 1) + ' screenshots)', 'ok');
    return { name, size: blob.size, files: files.map((f) => f.name) };
  }

  $('btn-record').onclick = () => toggleRecord();
  $('btn-replay').onclick = () => replay(300);
  $('btn-clear-rec').onclick = () => { S.actions = []; S.recording = false; $('check').hidden = true; renderRec(); };
  $('btn-oracle').onclick = () => saveAsOracle();
  $('btn-export').onclick = () => exportTrajectory();

  // For tests and the console.
  Object.assign(S, { act, refresh, sample, validate, replay, saveAsOracle, exportTrajectory, toOracle, diffPatch, openTemplate, centre,
    nodeById: (id) => S.tree && S.tree.nodes.find((n) => n.id === id) });

  // ------------------------------------------------------------------ start

  phonegym.ready.then(async () => {
    S.slot = call(phonegym.create).slot;
    S.baseline = call(phonegym.state, S.slot);
    S.ready = true;
    refresh();
    renderRec();
    setStatus('ready: slot ' + S.slot, 'ok');
    try {
      const info = await api('/api/info');
      if (info.status === 200 && info.body.token_required && !S.token) setStatus('ready (saving will ask for the server\'s token)', 'ok');
      await loadTemplateList();
    } catch (e) {
      setStatus('ready; the template API is not reachable: ' + e.message, 'error');
    }
    if (editor.value.trim()) validate();
  }, (e) => setStatus('the phone did not start: ' + e.message, 'error'));
})();
