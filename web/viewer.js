// The interactive viewer on index.html: drives one env slot of its own with the mouse and keyboard
// through the same page API the trainer uses. Hosts driven over DevTools ignore it.
(function () {
  'use strict';
  const canvas = document.getElementById('phone');
  const stateBox = document.getElementById('state');
  let slot = null;
  let down = null;

  function norm(ev) {
    const r = canvas.getBoundingClientRect();
    const clamp = (v) => Math.max(0, Math.min(1000, Math.round(v)));
    return [clamp((ev.clientX - r.left) / r.width * 1000), clamp((ev.clientY - r.top) / r.height * 1000)];
  }
  function act(action) {
    if (slot === null) return;
    const res = JSON.parse(phonegym.step(slot, JSON.stringify(action)));
    if (res.error) console.warn(res.error);
    show();
  }
  function show() {
    phonegym.render(slot);
    stateBox.textContent = JSON.stringify(JSON.parse(phonegym.state(slot)), null, 1);
  }
  phonegym.ready.then(() => {
    slot = JSON.parse(phonegym.create()).slot;
    window.phonegymViewerSlot = slot;
    show();
  }, () => {});
  canvas.addEventListener('pointerdown', (ev) => { down = { p: norm(ev), t: performance.now() }; });
  canvas.addEventListener('pointerup', (ev) => {
    if (!down) return;
    const p = norm(ev);
    const dt = performance.now() - down.t;
    const moved = Math.hypot(p[0] - down.p[0], p[1] - down.p[1]);
    if (moved > 15) act({ type: 'swipe', x1: down.p[0], y1: down.p[1], x2: p[0], y2: p[1] });
    else if (dt > 500) act({ type: 'long_press', x: down.p[0], y: down.p[1] });
    else act({ type: 'click', x: down.p[0], y: down.p[1] });
    down = null;
  });
  canvas.addEventListener('wheel', (ev) => {
    ev.preventDefault();
    const p = norm(ev);
    const dy = Math.max(-300, Math.min(300, Math.round(ev.deltaY / 2)));
    act({ type: 'swipe', x1: p[0], y1: p[1], x2: p[0], y2: Math.max(0, Math.min(1000, p[1] - dy)) });
  }, { passive: false });
  document.addEventListener('keydown', (ev) => {
    if (slot === null || window.phonegymInputAttached) return;  // input.js has the keys
    if (ev.key === 'Enter') act({ type: 'enter' });
    else if (ev.key === 'Escape') act({ type: 'back' });
    else if (ev.key.length === 1) act({ type: 'type', text: ev.key });
  });
  document.getElementById('back').onclick = () => act({ type: 'back' });
  document.getElementById('home').onclick = () => act({ type: 'home' });
  document.getElementById('reset').onclick = () => { phonegym.reset(slot, ''); show(); };
})();
