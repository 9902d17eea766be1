// Physical input for the phone: a gesture recognizer that turns touch and key events into the
// unified actions (docs/actions.md), the way Android's GestureDetector reads a finger. It backs the
// trainer's fidelity path (docs/host-api.md, "Input events"): the host sends real DevTools input
// (Input.dispatchTouchEvent / dispatchKeyEvent) to a full-page overlay, this file recognizes the
// gestures by their geometry and event timestamps, and applies them to the attached env slot.
//   tap: moved < 15 units and held < 500 ms; two taps within 300 ms: double_tap
//   long_press: held >= 500 ms without moving; swipe: moved and released while moving (a fling);
//   drag: moved, then held still >= 100 ms before release
//   keys: printable characters type into the focused field (a tap just before them gives the
//   type action its point); Ctrl+A then Backspace clears first; Enter: enter; Escape or
//   BrowserBack: back; Home or BrowserHome: home; ContextMenu: recent.
// Coordinates: the overlay covers the viewport, mapped to 0..1000 on each axis.
(function () {
  'use strict';
  const TAP_SLOP = 15, LONG_PRESS_MS = 500, DOUBLE_TAP_MS = 300, HOLD_MS = 100;
  let slot = null, overlay = null;
  let touch = null;        // the finger: {x0, y0, t0, x, y, tMove, moved}
  let pendingTap = null;   // a tap waiting to learn whether it is a double tap or starts typing
  let text = null;         // characters typed since the last commit: {chars, clear, x, y}
  let clearArmed = false;  // Ctrl+A seen; Backspace now clears the field
  let applied = [];        // [{action, result}] since the last flush

  function norm(ev) {
    // The last CSS pixel is 1000: a 1001x1001 viewport maps touch points 1:1.
    const w = Math.max(1, window.innerWidth - 1), h = Math.max(1, window.innerHeight - 1);
    const clamp = (v) => Math.max(0, Math.min(1000, Math.round(v)));
    return [clamp(ev.clientX / w * 1000), clamp(ev.clientY / h * 1000)];
  }
  function apply(action) {
    const res = JSON.parse(phonegym.step(slot, JSON.stringify(action)));
    applied.push({ action, result: res });
  }
  function commitTap() {
    if (pendingTap) { apply({ type: 'click', x: pendingTap.x, y: pendingTap.y }); pendingTap = null; }
  }
  function commitText() {
    if (!text) return;
    const a = { type: 'type', text: text.chars };
    if (text.clear) a.clear = true;
    if (text.x !== undefined) { a.x = text.x; a.y = text.y; }
    apply(a);
    text = null;
  }
  function commitAll() { commitTap(); commitText(); }

  function onTouchStart(ev) {
    ev.preventDefault();
    if (slot === null || !ev.changedTouches.length) return;
    commitText();
    const [x, y] = norm(ev.changedTouches[0]);
    touch = { x0: x, y0: y, t0: ev.timeStamp, x, y, tMove: ev.timeStamp, moved: false };
  }
  function onTouchMove(ev) {
    ev.preventDefault();
    if (!touch || !ev.changedTouches.length) return;
    const [x, y] = norm(ev.changedTouches[0]);
    if (x !== touch.x || y !== touch.y) touch.tMove = ev.timeStamp;
    touch.x = x; touch.y = y;
    if (Math.hypot(x - touch.x0, y - touch.y0) >= TAP_SLOP) touch.moved = true;
  }
  function onTouchEnd(ev) {
    ev.preventDefault();
    if (!touch) return;
    if (ev.changedTouches.length) {
      const [x, y] = norm(ev.changedTouches[0]);
      if (x !== touch.x || y !== touch.y) touch.tMove = ev.timeStamp;
      touch.x = x; touch.y = y;
      if (Math.hypot(x - touch.x0, y - touch.y0) >= TAP_SLOP) touch.moved = true;
    }
    const t = touch;
    touch = null;
    if (t.moved) {
      commitTap();
      const type = ev.timeStamp - t.tMove >= HOLD_MS ? 'drag' : 'swipe';
      apply({ type, x1: t.x0, y1: t.y0, x2: t.x, y2: t.y });
    } else if (ev.timeStamp - t.t0 >= LONG_PRESS_MS) {
      commitTap();
      apply({ type: 'long_press', x: t.x0, y: t.y0 });
    } else if (pendingTap && t.t0 - pendingTap.tEnd <= DOUBLE_TAP_MS &&
               Math.hypot(t.x0 - pendingTap.x, t.y0 - pendingTap.y) < 2 * TAP_SLOP) {
      apply({ type: 'double_tap', x: pendingTap.x, y: pendingTap.y });
      pendingTap = null;
    } else {
      commitTap();
      pendingTap = { x: t.x0, y: t.y0, tEnd: ev.timeStamp };
    }
  }
  function onKeyDown(ev) {
    if (slot === null) return;
    ev.preventDefault();
    const k = ev.key;
    if ((ev.ctrlKey || ev.metaKey) && (k === 'a' || k === 'A')) { commitText(); clearArmed = true; return; }
    if (k === 'Backspace' && clearArmed) {  // select all + delete: the type action's clear
      clearArmed = false;
      text = { chars: '', clear: true };
      if (pendingTap) { text.x = pendingTap.x; text.y = pendingTap.y; pendingTap = null; }
      return;
    }
    clearArmed = false;
    if (k.length >= 1 && [...k].length === 1 && !ev.ctrlKey && !ev.metaKey && !ev.altKey) {
      if (!text) {
        text = { chars: '' };
        if (pendingTap) { text.x = pendingTap.x; text.y = pendingTap.y; pendingTap = null; }
      }
      text.chars += k;
      return;
    }
    const named = { Enter: 'enter', Escape: 'back', BrowserBack: 'back', Home: 'home', BrowserHome: 'home',
                    ContextMenu: 'recent' }[k];
    if (named) { commitAll(); apply({ type: named }); }
  }

  /// Sends this page's physical input to env `s` (a full-page overlay takes the touches).
  phonegym.input_attach = (s) => {
    commitAll();
    slot = s;
    if (!overlay) {
      overlay = document.createElement('div');
      overlay.id = 'pg-input';
      overlay.style.cssText = 'position:fixed;left:0;top:0;right:0;bottom:0;z-index:10;touch-action:none';
      overlay.addEventListener('touchstart', onTouchStart, { passive: false });
      overlay.addEventListener('touchmove', onTouchMove, { passive: false });
      overlay.addEventListener('touchend', onTouchEnd, { passive: false });
      overlay.addEventListener('touchcancel', () => { touch = null; }, { passive: false });
      document.addEventListener('keydown', onKeyDown, true);
      document.body.appendChild(overlay);
    }
    window.phonegymInputAttached = true;
    return JSON.stringify({ ok: true, slot: s });
  };
  /// Commits what is pending (a tap, typed text) and returns the actions applied since the last
  /// flush with their step results: [{action, result}].
  phonegym.input_flush = () => {
    if (slot !== null) commitAll();
    const out = applied;
    applied = [];
    return out;
  };
})();
