// The studio in real headless Chromium (Debian's), driven by playwright-core, against
// `phonegym serve` on a loopback port with a scratch copy of the templates. Run by CTest
// (browser_studio, label browser) with:
//   PHONEGYM            the phonegym executable
//   PHONEGYM_WEB_ROOT   the staged web root (build/web)
//   PHONEGYM_TASKS_SRC  tasks/templates, copied to a temporary directory the studio saves into
//   PG_STUDIO_SCREENS   optional: a directory to write the documentation's screenshots to
//   PHONEGYM_CHROMIUM   optional: the browser (default /usr/bin/chromium)
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const PHONEGYM = process.env.PHONEGYM;
const WEB_ROOT = process.env.PHONEGYM_WEB_ROOT;
const TASKS_SRC = process.env.PHONEGYM_TASKS_SRC;
const SCREENS = process.env.PG_STUDIO_SCREENS;
const CHROMIUM = process.env.PHONEGYM_CHROMIUM || '/usr/bin/chromium';
for (const [k, v] of Object.entries({ PHONEGYM, PHONEGYM_WEB_ROOT: WEB_ROOT, PHONEGYM_TASKS_SRC: TASKS_SRC }))
  if (!v) throw new Error(k + ' is not set (CTest sets it; see tests/CMakeLists.txt)');

let tmp, server, url, port, browser, page;

before(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pg-studio-'));
  fs.mkdirSync(path.join(tmp, 'tasks'));
  fs.cpSync(path.join(TASKS_SRC, 'settings'), path.join(tmp, 'tasks', 'settings'), { recursive: true });
  fs.writeFileSync(path.join(tmp, 'outside.txt'), 'SECRET outside the roots\n');
  server = spawn(PHONEGYM, ['serve', '--port', '0', '--web-root', WEB_ROOT, '--tasks', path.join(tmp, 'tasks')],
    { stdio: ['ignore', 'pipe', 'inherit'] });
  url = await new Promise((resolve, reject) => {
    let out = '';
    const t = setTimeout(() => reject(new Error('phonegym serve printed no URL in 10 s: ' + out)), 10000);
    server.stdout.on('data', (d) => {
      out += d;
      const m = /PhoneGym studio: (http:\/\/\S+)/.exec(out);
      if (m) { clearTimeout(t); resolve(m[1]); }
    });
    server.on('exit', (code) => reject(new Error('phonegym serve exited with ' + code + ': ' + out)));
  });
  port = Number(new URL(url).port);
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--disable-quic'],
  });
  page = await browser.newPage({ viewport: { width: 1600, height: 1000 }, acceptDownloads: true });
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.goto(url);
  await page.waitForFunction(() => window.studio && window.studio.ready, null, { timeout: 30000 });
  await page.waitForFunction(() => document.querySelectorAll('#template-select option').length > 1);
});

after(async () => {
  if (browser) await browser.close();
  if (server) server.kill('SIGTERM');
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

async function shot(name) {
  if (!SCREENS) return;
  fs.mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENS, name) });
}

/** The page coordinates of a widget's centre, found by id in the phone's accessibility nodes. */
async function point(id) {
  const p = await page.evaluate((id) => {
    const n = studio.nodeById(id);
    if (!n) return null;
    const r = document.getElementById('phone').getBoundingClientRect();
    return [r.left + (n.bounds[0] + n.bounds[2]) / 2 / 1080 * r.width, r.top + (n.bounds[1] + n.bounds[3]) / 2 / 2400 * r.height];
  }, id);
  assert.ok(p, 'widget ' + id + ' is on the phone\'s screen');
  return p;
}

/** Clicks the centre of a widget of the phone. */
async function tap(id) {
  const p = await point(id);
  await page.mouse.click(p[0], p[1]);
}

const stateAt = (p) => page.evaluate((p) => p.split('.').reduce((o, k) => o[k], studio.state), p);

test('open Settings by its icon, toggle Wi-Fi: the state tree and the diff change', async () => {
  const before = await stateAt('os.settings.global.wifi_on');
  await page.fill('#state-search', 'wifi');
  const row = page.locator('#state-tree [data-path="/os/settings/global/wifi_on"]');
  assert.match(await row.innerText(), new RegExp('wifi_on: ' + before));
  assert.equal(await page.locator('#diff-count').innerText(), '0');

  const icon = await point('launcher.app.settings');
  await page.mouse.move(icon[0], icon[1]);  // the inspector shows the icon's node
  assert.match(await page.locator('#inspector').innerText(), /com\.google\.android\.apps\.nexuslauncher:id\/launcher\.app\.settings/);
  await shot('overview.png');
  await tap('launcher.app.settings');
  assert.equal(await stateAt('os.foreground'), 'settings');
  await tap('settings.network');
  await tap('settings.wifi.switch');
  assert.equal(await stateAt('os.settings.global.wifi_on'), !before);

  // The tree shows the new value, highlighted; the diff lists the path as changed.
  assert.match(await row.innerText(), new RegExp('wifi_on: ' + !before));
  assert.match(await row.getAttribute('class'), /diff-changed/);
  const diffRow = page.locator('#diff-list li[data-path="/os/settings/global/wifi_on"]');
  assert.match(await diffRow.getAttribute('class'), /diff-changed/);
  assert.match(await diffRow.innerText(), new RegExp(before + ' → ' + !before));
  assert.equal(await page.locator('#diff-count').innerText(), '1');  // navigation state is hidden
  // The listed changes as an RFC 6902 patch: a template's setup, or patch_state.
  assert.deepEqual(await page.evaluate(() => studio.diffPatch()),
    [{ op: 'replace', path: '/os/settings/global/wifi_on', value: !before }]);
  const sw = await point('settings.wifi.switch');
  await page.mouse.move(sw[0], sw[1]);
  await shot('state-diff.png');

  // Edit the value back in the tree: the phone follows and the diff empties.
  await row.locator('.value').click();
  await row.locator('input.edit').fill(String(before));
  await row.locator('input.edit').press('Enter');
  assert.equal(await stateAt('os.settings.global.wifi_on'), before);
  assert.equal(await page.locator('#diff-count').innerText(), '0');
  // The Settings page shows it too: the switch's checked flag comes from the state.
  assert.equal(await page.evaluate(() => studio.nodeById('settings.wifi.switch').checked), before);
  await page.fill('#state-search', '');
});

const TASK = `{
  "id": "studio.bluetooth_on",
  "apps": ["settings"],
  "instruction": ["Turn on Bluetooth {when}."],
  "parameters": {"when": {"choice": ["now", "right away"]}},
  "setup": [{"op": "replace", "path": "/os/settings/global/bluetooth_on", "value": false}],
  "judge": {"subtasks": [{"name": "Bluetooth is on", "path": "os.settings.global.bluetooth_on", "op": "~=", "value": true}]},
  "expected_changes": ["/os/settings/global/bluetooth_on"],
  "oracle": [{"type": "click", "target": "launcher.app.settings"}, {"type": "complete"}],
  "step_budget": 15,
  "split": "train"
}
`;

test('write a task in the editor, sample it, solve it by clicking: the judge passes', async () => {
  await page.click('#btn-new');
  await page.fill('#editor', TASK);
  // Validation as you type names the field.
  await page.waitForFunction(() => /judge\.subtasks\[0\]\.op/.test(document.getElementById('validation').textContent));
  assert.match(await page.locator('#validation').innerText(), /"~=" is not one of/);
  await shot('task-error.png');
  await page.fill('#editor', TASK.replace('"~="', '"=="'));
  await page.waitForFunction(() => /valid: studio\.bluetooth_on/.test(document.getElementById('validation').textContent));

  await page.fill('#seed', '1');
  await page.click('#btn-sample');
  const instruction = await page.locator('#instance .instruction').innerText();
  assert.match(instruction, /^Turn on Bluetooth (now|right away)\.$/);
  assert.match(await page.locator('#instance').innerText(), /\{when\}/);
  assert.equal(await stateAt('os.settings.global.bluetooth_on'), false);  // the setup was applied
  assert.equal(await stateAt('os.foreground'), 'launcher');
  assert.match(await page.locator('#judge').innerText(), /not yet/);
  assert.match(await page.locator('#judge').innerText(), /✗\s*Bluetooth is on/);

  await tap('launcher.app.settings');
  await tap('settings.connected_devices');
  assert.match(await page.locator('#judge').innerText(), /not yet/);
  await tap('settings.bluetooth.switch');
  assert.match(await page.locator('#judge').innerText(), /PASS/);
  assert.match(await page.locator('#judge').innerText(), /✓\s*Bluetooth is on/);
  assert.match(await page.locator('#judge').innerText(), /no side effects/);
  await shot('judge-pass.png');

  // A side effect shows up in the judge.
  await tap('nav.back');
  await tap('settings.network');
  await tap('settings.wifi.switch');
  assert.match(await page.locator('#judge').innerText(), /side effects.*\/os\/settings\/global\/wifi_on/);
});

test('record and replay a demonstration, save it as the oracle, export the trajectory', async () => {
  await page.click('#btn-sample');  // back to the instance's initial state
  assert.equal(await stateAt('os.settings.global.bluetooth_on'), false);
  await page.click('#btn-record');
  await tap('launcher.app.settings');
  await tap('settings.connected_devices');
  await tap('settings.bluetooth.switch');
  await page.click('#btn-record');
  assert.equal(await page.locator('#rec-list li').count(), 3);
  assert.match(await page.locator('#rec-list').innerText(), /→ settings\.bluetooth\.switch/);

  // Replay from the recording's start state: the phone ends where the demonstration did.
  await page.click('#btn-reset');
  assert.equal(await stateAt('os.settings.global.bluetooth_on'), false);
  await page.click('#btn-replay');
  await page.waitForFunction(() => !studio.replaying && studio.state.os.settings.global.bluetooth_on === true, null, { timeout: 10000 });
  assert.match(await page.locator('#judge').innerText(), /PASS/);

  // Saved as the template's oracle, by widget id, and checked in the page.
  await page.click('#btn-oracle');
  assert.match(await page.locator('#check').innerText(), /solves seed 1/);
  assert.match(await page.locator('#check').innerText(), /also solves seeds 0, 2, 3, 4/);
  const text = await page.inputValue('#editor');
  const oracle = JSON.parse(text).oracle;
  assert.deepEqual(oracle, [{ type: 'click', target: 'launcher.app.settings' }, { type: 'click', target: 'settings.connected_devices' },
    { type: 'click', target: 'settings.bluetooth.switch' }, { type: 'complete' }]);
  await shot('recorder.png');
  // Parameter values in widget ids and typed text become {slots}; clicks on nothing are left out;
  // every other action stays as recorded (a drag stays a drag, recent is kept).
  const conv = await page.evaluate(() => studio.toOracle([
    { action: { type: 'click', x: 10, y: 10 }, target: 'clock.alarm.07:30.switch' },
    { action: { type: 'click', x: 500, y: 500 } },
    { action: { type: 'type', text: 'Gym' }, target: 'clock.edit_alarm.label' },
    { action: { type: 'type', text: 'Gym', x: 300, y: 400 }, target: 'clock.edit_alarm.label' },
    { action: { type: 'swipe', x1: 500, y1: 700, x2: 500, y2: 300 } },
    { action: { type: 'drag', x1: 500, y1: 300, x2: 500, y2: 600 } },
    { action: { type: 'recent' } }], { time: '07:30', label: 'Gym' }, true));
  assert.deepEqual(conv.steps, [{ type: 'click', target: 'clock.alarm.{time}.switch' }, { type: 'type', text: '{label}' },
    { type: 'type', text: '{label}', target: 'clock.edit_alarm.label' },
    { type: 'swipe', x1: 500, y1: 700, x2: 500, y2: 300 }, { type: 'drag', x1: 500, y1: 300, x2: 500, y2: 600 },
    { type: 'recent' }, { type: 'complete' }]);
  assert.match(conv.notes[0], /step 2: click at \(500, 500\) hit no widget/);

  // Save the template: the file appears under the tasks dir only, and lists in the studio.
  await page.fill('#template-path', 'studio/bluetooth_on.json');
  await page.click('#btn-save');
  await page.waitForFunction(() => /saved new tasks\/studio\/bluetooth_on\.json/.test(document.getElementById('status').textContent));
  const saved = JSON.parse(fs.readFileSync(path.join(tmp, 'tasks', 'studio', 'bluetooth_on.json'), 'utf8'));
  assert.equal(saved.id, 'studio.bluetooth_on');
  assert.deepEqual(saved.oracle, oracle);
  // The template list reloads after the save is confirmed: wait for it rather than race it.
  await page.waitForSelector('#template-select option[value="studio/bluetooth_on.json"]', { state: 'attached', timeout: 10000 });
  assert.ok(await page.locator('#template-select option[value="studio/bluetooth_on.json"]').count() === 1);

  // Export: a zip with a screenshot per step and actions.json.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#btn-export')]);
  const zipPath = path.join(tmp, 'trajectory.zip');
  await download.saveAs(zipPath);
  const zip = fs.readFileSync(zipPath);
  assert.equal(zip.subarray(0, 2).toString(), 'PK');
  const names = zip.toString('latin1');
  for (const n of ['step_000.png', 'step_003.png', 'actions.json']) assert.ok(names.includes(n), n + ' in the zip');
  const at = zip.indexOf('{\n "format": "phonegym-trajectory-1"');
  assert.ok(at > 0, 'actions.json is stored uncompressed');
  assert.ok(zip.includes(Buffer.from([0x89, 0x50, 0x4e, 0x47])), 'screenshots are PNG');
});

test('gestures on the phone: a fling records a swipe, a drag held before release a drag, Recents a recent', async () => {
  await page.click('#btn-reset');
  await page.click('#btn-record');
  const r = await page.evaluate(() => {
    const b = document.getElementById('phone').getBoundingClientRect();
    return [b.left, b.top, b.width, b.height];
  });
  const at = (x, y) => [r[0] + x / 1000 * r[2], r[1] + y / 1000 * r[3]];
  const gesture = async (from, to, holdMs) => {
    await page.mouse.move(...at(...from));
    await page.mouse.down();
    await page.mouse.move(...at(...to), { steps: 8 });
    if (holdMs) await page.waitForTimeout(holdMs);
    await page.mouse.up();
  };
  await gesture([500, 800], [500, 300], 0);    // a fling upwards on the home screen: the app drawer
  await gesture([500, 700], [500, 500], 250);  // held still before release: a drag of the drawer's list
  await page.click('#btn-recents');
  await page.click('#btn-record');
  const recorded = await page.evaluate(() => studio.actions.map((r) => r.action.type));
  assert.deepEqual(recorded, ['swipe', 'drag', 'recent']);
  const end = await page.evaluate(() => JSON.stringify(studio.state.os.recents) + JSON.stringify(studio.state.os.launcher));
  // Replayed from the start state, the same actions end in the same place.
  await page.click('#btn-replay');
  await page.waitForFunction(() => !studio.replaying, null, { timeout: 10000 });
  assert.equal(await page.evaluate(() => JSON.stringify(studio.state.os.recents) + JSON.stringify(studio.state.os.launcher)), end);
  assert.equal(await page.evaluate(() => studio.state.os.recents.open), true);
  await page.click('#btn-recents');  // leave recents for the next test
});

/** One raw HTTP request (no client-side path normalization); resolves to the response text. */
function raw(method, target, body = '') {
  return new Promise((resolve, reject) => {
    const s = net.connect(port, '127.0.0.1', () => {
      s.write(method + ' ' + target + ' HTTP/1.1\r\nHost: 127.0.0.1:' + port + '\r\nConnection: close\r\n' +
        'Content-Length: ' + Buffer.byteLength(body) + '\r\n\r\n' + body);
    });
    let out = '';
    s.on('data', (d) => { out += d; });
    s.on('end', () => resolve(out));
    s.on('error', reject);
  });
}

// Ranged parameters beyond 32 bits: the page (wasm32, where `long` is 32 bits) once refused every
// ranged template, its +-10^15 bound having wrapped negative. It must validate them and sample the
// same instance as the native trainer.
test('the page validates and samples a 64-bit ranged parameter as the native CLI does', async () => {
  const tmpl = JSON.parse(TASK.replace('"~="', '"=="').replace('studio.bluetooth_on', 'studio.ranged'));
  tmpl.instruction = ['Turn on Bluetooth {when}, code {code}.'];
  tmpl.parameters.code = { int: { min: 1000000000000, max: 1000000999999 } };
  const v = JSON.parse(await page.evaluate((t) => phonegym.task_validate(t), JSON.stringify(tmpl)));
  assert.equal(v.ok, true, JSON.stringify(v));
  const sampled = JSON.parse(await page.evaluate((t) => {  // in a slot of its own, closed after
    const slot = JSON.parse(phonegym.create()).slot;
    try { return phonegym.task_sample(slot, t, 3); } finally { phonegym.task_clear(slot); phonegym.close(slot); }
  }, tmpl));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pg-ranged-'));
  fs.mkdirSync(path.join(dir, 'studio'));
  fs.writeFileSync(path.join(dir, 'studio', 'ranged.json'), JSON.stringify(tmpl));
  const native = JSON.parse(execFileSync(PHONEGYM, ['--tasks', dir, 'tasks', 'sample', 'studio.ranged', '--seed', '3'], { encoding: 'utf8' }));
  fs.rmSync(dir, { recursive: true, force: true });
  assert.ok(sampled.params.code >= 1000000000000 && sampled.params.code <= 1000000999999, JSON.stringify(sampled.params));
  assert.equal(sampled.instruction, native.instruction);
  assert.deepEqual(sampled.params, native.params);
});

test('the server refuses ../ paths and writes nowhere but the tasks dir', async () => {
  for (const t of ['/../outside.txt', '/../../../../etc/passwd', '/%2e%2e/outside.txt', '/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd',
    '/..%5coutside.txt', '/api/templates/../../outside.txt', '/api/templates/%2e%2e/%2e%2e/outside.txt']) {
    const r = await raw('GET', t);
    assert.match(r, /^HTTP\/1\.1 403/, t);
    assert.ok(!r.includes('SECRET') && !r.includes('root:'), t + ' leaks nothing');
  }
  assert.match(await raw('GET', '/etc/passwd'), /^HTTP\/1\.1 404/);  // a path below the web root
  const body = fs.readFileSync(path.join(tmp, 'tasks', 'studio', 'bluetooth_on.json'), 'utf8').replace('studio.bluetooth_on', 'studio.evil');
  assert.match(await raw('PUT', '/api/templates/../../evil.json', body), /^HTTP\/1\.1 403/);
  assert.match(await raw('PUT', '/api/templates/..%2f..%2fevil.json', body), /^HTTP\/1\.1 403/);
  assert.match(await raw('PUT', '/studio.html', body), /^HTTP\/1\.1 405/);
  assert.ok(!fs.existsSync(path.join(tmp, 'evil.json')) && !fs.existsSync(path.join(os.tmpdir(), 'evil.json')));
  // From the page too: an invalid template is refused with the field, nothing written.
  const r = await page.evaluate(async () => {
    const res = await fetch('/api/templates/studio/bad.json', { method: 'PUT', body: '{"id": "x", "apps": []}' });
    return [res.status, await res.text()];
  });
  assert.equal(r[0], 400);
  assert.match(r[1], /apps/);
  assert.ok(!fs.existsSync(path.join(tmp, 'tasks', 'studio', 'bad.json')));
});
