// formctl serve: the page's script (GET /assets/app.HASH.js; see docs/serve.md).
// It makes the server-drawn page live without reloading it:
// - each input is saved with PUT /api/fields/{key} within 80 ms (one
//   request at a time, in order), and the answer sets the field's state
//   and colour;
// - /api/events?page=KEY (Server-Sent Events) brings every change made
//   anywhere, by another browser, `formctl set` or sqlite3: `change` events
//   set values (never the one being typed in), states, colours, the title
//   and the minimap's rectangles; `refresh` events read the page's state
//   again (/api/fields, /api/minimap), or reload it when its structure
//   changed;
// - Submit posts /api/submit and shows the response's id, or check's
//   reasons as a summary at the top (focused; each reason links its
//   field), or the confirmation, focused;
// - a repeat's Add and an instance's Remove (submit buttons of the plain
//   form) save what was typed, then POST or DELETE /api/repeats/{path},
//   and draw the page again, focused where the plain post focuses;
// - a group whose condition changes is shown or hidden as the server
//   draws it;
// - a field is called invalid (aria-invalid) only once it was typed in or
//   a submit was refused; its new state is said in a polite live region
//   once typing pauses; Enter moves to the next field instead of
//   submitting (Submit is the button's).
// Data is written with textContent and setAttribute only, never as markup.
'use strict';
(() => {
  const main = document.querySelector('main[data-page]');
  if (!main) return;
  document.documentElement.classList.add('js');

  const page = main.getAttribute('data-page');
  const form = document.getElementById('form');
  const titleElement = document.getElementById('title');
  const minimap = document.getElementById('minimap');
  const outcome = document.getElementById('outcome');
  const announcer = document.getElementById('announcer');
  const pageTitleText = main.getAttribute('data-page-title') || '';
  const svgNS = 'http://www.w3.org/2000/svg';
  const saveDelay = 80;      // ms: every input is saved within 100 ms
  const typingGrace = 1000;  // ms: a field typed in this recently keeps its text
  const announceDelay = 500; // ms without typing before a state change is said
  let palette = {};
  try { palette = JSON.parse(main.getAttribute('data-palette') || '{}'); } catch (error) { palette = {}; }
  // The page's own words in the form's language (PageMessages), with
  // `{name}` filled in.
  let messages = {};
  try { messages = JSON.parse(main.getAttribute('data-messages') || '{}'); } catch (error) { messages = {}; }
  const say = (key, values = {}) => Object.keys(values)
    .reduce((text, name) => text.split('{' + name + '}').join(values[name]), messages[key] || key);
  let names = { fields: {}, pages: {} };
  try { names = JSON.parse(main.getAttribute('data-names') || '{}'); } catch (error) { names = { fields: {}, pages: {} }; }
  const encode = encodeURIComponent;
  // The page's own path and its API's prefix: the shared form's `/`
  // and `/api`, or in collect mode the owner's `/owner` and a
  // respondent's `/` with `/api/respond`.
  const base = main.getAttribute('data-base') || '/';
  const api = main.getAttribute('data-api') || '/api';

  // The event stream (listen()).
  let events = null;
  // Set once the page is being drawn again after an Add or Remove:
  // nothing reloads it meanwhile.
  let leaving = false;

  // The page's fields by key. A field's controls are its one input,
  // select or textarea, or a group's radios or check boxes (in a
  // fieldset, whose legend is the label); `input` is the first, which
  // links to the field focus.
  const fields = new Map();
  for (const box of document.querySelectorAll('.field[data-key]')) {
    const controls = Array.from(box.querySelectorAll('input:not([type="hidden"]), select, textarea'));
    if (controls.length === 0) continue;
    const group = box.querySelector('fieldset');
    fields.set(box.getAttribute('data-key'), {
      box, controls, input: controls[0], type: box.getAttribute('data-type') || 'text',
      label: group ? group.querySelector('legend') : box.querySelector('label'),
      marked: group || controls[0],
      state: box.querySelector('.state'), reason: box.querySelector('.reason'),
    });
  }

  // ---- A field's value, as each control holds it ----

  // The browser's offset now, as a stored date-and-time writes it.
  function browserOffset() {
    const minutes = -new Date().getTimezoneOffset();
    if (minutes === 0) return 'Z';
    const sign = minutes > 0 ? '+' : '-';
    const whole = Math.abs(minutes);
    return sign + String(Math.floor(whole / 60)).padStart(2, '0') + ':' + String(whole % 60).padStart(2, '0');
  }

  // What the field holds, as the text it is stored as: a group's checked
  // values (several as a JSON array), a date-and-time with its offset.
  function textOf(field) {
    if (field.type === 'select_multiple') {
      const chosen = field.controls.filter((box) => box.checked).map((box) => box.value);
      return chosen.length === 0 ? '' : JSON.stringify(chosen);
    }
    if (field.input.type === 'radio') {
      const chosen = field.controls.find((radio) => radio.checked);
      return chosen ? chosen.value : '';
    }
    if (field.type === 'datetime') {
      const wall = field.input.value;
      if (wall === '') return '';
      return (wall.length === 16 ? wall + ':00' : wall) + (field.input.getAttribute('data-offset') || browserOffset());
    }
    return field.input.value;
  }

  // What PUT sends: a group of several choices as an array, else text.
  function valueOf(field) {
    const text = textOf(field);
    return field.type === 'select_multiple' ? (text === '' ? [] : JSON.parse(text)) : text;
  }

  // Shows stored text in the field's controls.
  function showText(field, text) {
    if (field.type === 'select_multiple') {
      let chosen = [];
      try { chosen = text === '' ? [] : JSON.parse(text); } catch (error) { chosen = []; }
      for (const box of field.controls) box.checked = Array.isArray(chosen) && chosen.includes(box.value);
    } else if (field.input.type === 'radio') {
      for (const radio of field.controls) radio.checked = radio.value === text;
    } else if (field.type === 'datetime') {
      const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(.*)$/.exec(text);
      field.input.value = match ? match[1] : text;
      field.input.setAttribute('data-offset', match ? match[2] : '');
    } else {
      field.input.value = text;
    }
  }

  // ---- Showing a field's state ----

  // Fields typed in, and whether a submit was refused: before either, an
  // empty required field is not called invalid.
  const touched = new Set();
  let submitRefused = false;
  function mayCallInvalid(field) {
    return submitRefused || touched.has(field.box.getAttribute('data-key'));
  }

  function reasonFor(field, state) {
    return state === 'valid' ? '' : (field.box.getAttribute('data-reason-' + state) || '');
  }

  function showState(field, state, color, reason) {
    field.box.setAttribute('data-state', state);
    field.box.setAttribute('data-color', color);
    field.state.textContent = say('state.' + state);
    const why = reason === undefined ? reasonFor(field, state) : reason;
    field.reason.textContent = why;
    if (state !== 'valid' && why && (mayCallInvalid(field) || textOf(field) !== '')) field.marked.setAttribute('aria-invalid', 'true');
    else field.marked.removeAttribute('aria-invalid');
  }

  function showError(field, message) {
    field.reason.textContent = message;
    field.marked.setAttribute('aria-invalid', 'true');
  }

  function showShown(key, field, shown) {
    if (field.box.hidden === !shown) return;
    field.box.hidden = !shown;
    for (const control of field.controls) control.disabled = !shown;
    if (!shown) for (const rect of rectsOf(key)) rect.remove();
  }

  function showTitle(title) {
    titleElement.textContent = title;
    document.title = pageTitleText ? title + ' \u2013 ' + pageTitleText : title;
    const rect = minimap && minimap.querySelector('rect[data-kind="title"] > title');
    if (rect) rect.textContent = title;
  }

  // ---- The minimap ----

  function rectsOf(key) {
    if (!minimap) return [];
    return Array.from(minimap.querySelectorAll('rect[data-key="' + CSS.escape(key) + '"]'))
      .filter((rect) => rect.getAttribute('data-kind') !== 'title' || key === 'title');
  }

  function findRect(key, kind) {
    if (!minimap) return null;
    return minimap.querySelector('rect[data-kind="' + CSS.escape(kind) + '"][data-key="' + CSS.escape(key) + '"]');
  }

  function paint(rect, color) {
    rect.setAttribute('data-color', color);
    rect.setAttribute('fill', palette[color] || '#8e8e93');
  }

  function tooltip(rect) {
    const kind = rect.kind === 'title' ? null : rect.kind === 'field' ? 'field' : rect.kind === 'group' ? 'group' : 'field container';
    return kind === null ? titleElement.textContent : rect.key + ' (' + kind + ')';
  }

  // A rectangle as /api/minimap lists it: moved, resized, recoloured or new.
  function placeRect(data) {
    if (!minimap || !data || typeof data.key !== 'string') return;
    let rect = findRect(data.key, data.kind);
    if (!rect) {
      rect = document.createElementNS(svgNS, 'rect');
      rect.setAttribute('data-key', data.key);
      rect.setAttribute('data-kind', data.kind);
      const title = document.createElementNS(svgNS, 'title');
      title.textContent = tooltip(data);
      rect.appendChild(title);
      const after = Array.from(minimap.querySelectorAll('rect[data-z]'))
        .find((other) => Number(other.getAttribute('data-z')) > data.z);
      minimap.insertBefore(rect, after || null);
    }
    rect.setAttribute('data-z', String(data.z));
    for (const name of ['x', 'y', 'width', 'height']) rect.setAttribute(name, String(data[name]));
    paint(rect, data.color);
    fitMinimap();
  }

  // Grows the canvas when rectangles reach past it (a taller form).
  function fitMinimap() {
    if (!minimap) return;
    const box = minimap.viewBox.baseVal;
    let bottom = box.height;
    for (const rect of minimap.querySelectorAll('rect[data-key]')) {
      bottom = Math.max(bottom, Number(rect.getAttribute('y')) + Number(rect.getAttribute('height')) + 5);
    }
    if (bottom > box.height) setCanvas(box.width, bottom);
  }

  function setCanvas(width, height) {
    const scale = Number(minimap.getAttribute('width')) / minimap.viewBox.baseVal.width || 1;
    minimap.setAttribute('viewBox', '0 0 ' + width + ' ' + height);
    minimap.setAttribute('width', String(width * scale));
    minimap.setAttribute('height', String(height * scale));
  }

  // The whole minimap from /api/minimap's answer.
  function drawMinimap(data) {
    if (!minimap || !data || !Array.isArray(data.rects)) return;
    for (const rect of minimap.querySelectorAll('rect[data-key]')) rect.remove();
    if (data.width > 0 && data.height > 0) setCanvas(data.width, data.height);
    for (const rect of data.rects.slice().sort((a, b) => a.z - b.z)) placeRect(rect);
  }

  // ---- Saving what is typed ----

  const timers = new Map();    // key -> a save not sent yet
  const sending = new Map();   // key -> saves sent and not answered
  const typedAt = new Map();   // key -> when it was last typed in
  const saves = new Map();     // key -> the number of its latest save
  let queue = Promise.resolve();

  function isTyping(key) {
    return timers.has(key) || (sending.get(key) || 0) > 0
      || Date.now() - (typedAt.get(key) || 0) < typingGrace;
  }

  form.addEventListener('input', (event) => {
    const box = event.target.closest('.field[data-key]');
    if (!box) return;
    const key = box.getAttribute('data-key');
    typedAt.set(key, Date.now());
    touched.add(key);
    if (!timers.has(key)) {
      timers.set(key, setTimeout(() => { timers.delete(key); save(key); }, saveDelay));
    }
    announceLater(key);
  });

  // ---- Saying a field's new state (the live region) ----

  const announced = new Map();      // key -> the state last said (or drawn)
  const announceTimers = new Map(); // key -> a pending announcement
  for (const [key, field] of fields) announced.set(key, field.state.textContent);

  function announceLater(key) {
    clearTimeout(announceTimers.get(key));
    announceTimers.set(key, setTimeout(() => { announceTimers.delete(key); announce(key); }, announceDelay));
  }

  function announce(key) {
    const field = fields.get(key);
    if (!field || !announcer) return;
    // Still being saved: say it once the answer has come.
    if (timers.has(key) || (sending.get(key) || 0) > 0) { announceLater(key); return; }
    const state = field.state.textContent;
    if (announced.get(key) === state) return;
    announced.set(key, state);
    const reason = field.reason.textContent;
    announcer.textContent = labelOf(key) + ': ' + state + (reason ? ', ' + reason : '');
  }

  // ---- Enter moves on ----

  // Enter in a one-line field goes to the next control (a field, else
  // Submit) instead of submitting the form: Submit is the button's.
  form.addEventListener('keydown', (event) => {
    const target = event.target;
    if (event.key !== 'Enter' || event.isComposing || !(target instanceof HTMLInputElement)) return;
    if (['submit', 'button', 'reset', 'image'].includes(target.type)) return;
    event.preventDefault();
    const controls = Array.from(form.querySelectorAll('input, select, textarea, button'))
      .filter((control) => control.type !== 'hidden' && !control.disabled && control.offsetParent !== null);
    const here = controls.indexOf(target);
    // The next control past this one's group (a radio's siblings share its name).
    const next = controls.slice(here + 1).find((control) => control.type !== 'radio' || control.name !== target.name);
    if (next) next.focus();
  });

  function save(key) {
    const field = fields.get(key);
    if (!field) return queue;
    const value = valueOf(field);
    const number = (saves.get(key) || 0) + 1;
    saves.set(key, number);
    sending.set(key, (sending.get(key) || 0) + 1);
    queue = queue.then(() => put(key, value, number)).catch(() => {})
      .then(() => { sending.set(key, (sending.get(key) || 1) - 1); });
    return queue;
  }

  function saveAll() {
    for (const [key, timer] of Array.from(timers)) {
      clearTimeout(timer);
      timers.delete(key);
      save(key);
    }
    return queue;
  }

  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  async function put(key, value, number, attempt = 0) {
    const field = fields.get(key);
    let response;
    try {
      response = await fetch(api + '/fields/' + encode(key), {
        method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ value }),
      });
    } catch (error) {
      if (field) showError(field, say('saved.unreachable'));
      return;
    }
    const body = await response.json().catch(() => null);
    if (response.status === 503 && attempt < 3) {
      await sleep(Math.min(Number(response.headers.get('Retry-After')) || 1, 5) * 1000);
      return put(key, value, number, attempt + 1);
    }
    if (!field) return;
    if (!response.ok) {
      showError(field, say('saved.notBecause', { reason: (body && body.message) || 'status ' + response.status }));
      return;
    }
    // A respondent's first write made their draft: the event stream,
    // opened before it, follows the blank form; follow the draft.
    if (response.headers.get('Formctl-Draft') === 'new' && events) { events.close(); listen(); refresh(); }
    // A newer value is on its way: its answer will tell.
    if (body && saves.get(key) === number) {
      showState(field, body.state, body.color);
      const rect = findRect(key, 'field');
      if (rect) paint(rect, body.color);
    }
  }

  // ---- Changes made anywhere (Server-Sent Events) ----

  // Whether a field's or a group's condition reads the field `key`.
  function dependsOn(key) {
    for (const element of form.querySelectorAll('[data-show-if]')) {
      if ((element.getAttribute('data-show-if') || '').split(' ').includes(key)) return true;
    }
    return false;
  }

  // A value of the API's JSON (a number, true, an array, null for an
  // empty typed field) as the text the field stores and the box shows.
  function storedText(value) {
    if (value === null || value === undefined) return '';
    if (Array.isArray(value)) return JSON.stringify(value);
    return String(value);
  }

  function applyChange(change) {
    if (!change || typeof change.key !== 'string') return;
    if (typeof change.title === 'string') showTitle(change.title);
    const field = fields.get(change.key);
    if (field && typeof change.value === 'string') {
      if (typeof change.shown === 'boolean') showShown(change.key, field, change.shown);
      if (!isTyping(change.key) && textOf(field) !== change.value) showText(field, change.value);
      if (textOf(field) === change.value && change.state) showState(field, change.state, change.color);
    }
    if (Array.isArray(change.rects)) for (const rect of change.rects) placeRect(rect);
    if (dependsOn(change.key)) refresh();
  }

  function listen() {
    events = new EventSource(api + '/events?page=' + encode(page));
    // Marks the page as following changes (tests wait for it).
    events.addEventListener('open', () => document.documentElement.classList.add('live'));
    events.addEventListener('change', (event) => {
      try { applyChange(JSON.parse(event.data)); } catch (error) { refresh(); }
    });
    events.addEventListener('refresh', () => refresh());
    events.addEventListener('error', () => {
      // The browser reconnects by itself (sending Last-Event-ID) unless
      // the server refused the stream: then try again a little later.
      if (events.readyState !== EventSource.CLOSED) return;
      events.close();
      setTimeout(() => { listen(); refresh(); }, 3000);
    });
  }

  // ---- Reading everything again ----

  let refreshing = null;
  let refreshAgain = false;
  function refresh() {
    if (refreshing) { refreshAgain = true; return refreshing; }
    refreshing = readAll().catch(() => {}).finally(() => {
      refreshing = null;
      if (refreshAgain) { refreshAgain = false; refresh(); }
    });
    return refreshing;
  }

  function structure(listings) {
    return listings.map((item) => [item.key, item.label, item.row].join('\u0000')).join('\u0001');
  }

  // The page's fields as drawn, notes among them (a note has no control,
  // so no entry in `fields`, but /api/fields lists it).
  function pageStructure() {
    return structure(Array.from(form.querySelectorAll('.field[data-key]'), (box) => {
      const key = box.getAttribute('data-key');
      const field = fields.get(key);
      const label = field ? field.label : box.querySelector('.note-title');
      return {key, label: label ? label.textContent : '', row: Number(box.closest('.row') ? box.closest('.row').getAttribute('data-row') : 0)};
    }));
  }

  function tabs(doc) {
    return Array.from(doc.querySelectorAll('.tabbar a'), (link) => link.getAttribute('href') + ' ' + link.textContent).join('\n');
  }

  function reloadSoon() {
    if (leaving) return;
    if (Array.from(fields.keys()).some(isTyping)) { setTimeout(reloadSoon, 500); return; }
    window.location.reload();
  }

  async function readAll() {
    const query = '?page=' + encode(page);
    const [listed, drawn, html] = await Promise.all([
      fetch(api + '/fields' + query), fetch(api + '/minimap' + query), fetch(base + query),
    ]);
    if (listed.status === 404) { window.location.assign(base); return; }
    if (!listed.ok || !drawn.ok || !html.ok) return;
    const listings = await listed.json();
    const doc = new DOMParser().parseFromString(await html.text(), 'text/html');
    if (structure(listings) !== pageStructure() || tabs(doc) !== tabs(document)) { reloadSoon(); return; }
    for (const item of listings) applyChange({ key: item.key, value: storedText(item.value), state: item.state, color: item.color, shown: item.shown });
    // A group is shown or hidden as the page drawn now has it.
    for (const group of form.querySelectorAll('[data-group]')) {
      const fresh = doc.querySelector('[data-group="' + CSS.escape(group.getAttribute('data-group')) + '"]');
      if (fresh) group.hidden = fresh.hidden;
    }
    // So is a note, which has no control and so no entry in `fields`.
    for (const note of form.querySelectorAll('.field[data-type="note"]')) {
      const fresh = doc.querySelector('.field[data-key="' + CSS.escape(note.getAttribute('data-key')) + '"]');
      if (fresh) note.hidden = fresh.hidden;
    }
    drawMinimap(await drawn.json());
    const title = doc.getElementById('title');
    if (title) showTitle(title.textContent);
  }

  // ---- Submit ----

  // The outcome at the top of the form, focused, so that a keyboard or
  // screen reader user is where the news is.
  function showOutcome(kind, text) {
    outcome.setAttribute('data-outcome', kind);
    const paragraph = document.createElement('p');
    paragraph.textContent = text;
    outcome.replaceChildren(paragraph);
    outcome.focus();
  }

  function labelOf(key) {
    const field = fields.get(key);
    if (field && field.label) return field.label.textContent;
    if (names.fields && typeof names.fields[key] === 'string') return names.fields[key];
    return (names.groups && typeof names.groups[key] === 'string') ? names.groups[key] : key;
  }

  // A repeat that check names (too few or too many instances) is linked
  // to its fieldset; a field to its control.
  function targetOf(key) {
    const isGroup = !fields.has(key) && !(names.fields && key in names.fields) && names.groups && key in names.groups;
    return (isGroup ? '#group-' : '#field-') + encode(key);
  }

  function pageTitle(key) {
    return (names.pages && typeof names.pages[key] === 'string') ? names.pages[key] : key;
  }

  // check --json's list: each failing field with its reason, linked (the
  // error summary), and each field marked invalid with its reason.
  function showProblems(problems) {
    submitRefused = true;
    showOutcome('error', say(problems.length === 1 ? 'refused.field' : 'refused.fields'));
    const list = document.createElement('ul');
    list.className = 'problems';
    for (const problem of problems) {
      const item = document.createElement('li');
      const link = document.createElement('a');
      const here = !problem.page || problem.page === page;
      link.href = (here ? '' : base + '?page=' + encode(problem.page)) + targetOf(problem.key);
      link.setAttribute('data-key', problem.key);
      link.textContent = labelOf(problem.key);
      const field = here ? fields.get(problem.key) : null;
      // A field of this page says why it is empty or short in the page's
      // language; the rule a value breaks is the server's, as it is now.
      const own = field && problem.state !== 'invalid' ? field.box.getAttribute('data-reason-' + problem.state) : '';
      const reason = own || problem.reason;
      item.append(link, ' ' + reason + (here ? '' : ' ' + say('problem.page', { page: pageTitle(problem.page) })));
      list.append(item);
      if (field && !field.box.hidden) showState(field, problem.state, field.box.getAttribute('data-color'), reason);
    }
    outcome.append(list);
  }

  outcome.addEventListener('click', (event) => {
    const link = event.target.closest('a[data-key]');
    const field = link && fields.get(link.getAttribute('data-key'));
    if (!field || link.getAttribute('href').charAt(0) !== '#') return;
    event.preventDefault();
    field.input.focus();
  });

  // ---- A repeat's Add and an instance's Remove ----

  // Saves what was typed first (a save sent later could land in an
  // instance that moved up a number), then adds or removes, then draws
  // the page again with the new instance's first field focused, or after
  // a removal the repeat's Add button, as the plain post does.
  async function changeInstances(button) {
    await saveAll();
    const adding = button.name === 'repeat_add';
    const box = button.closest('fieldset[data-group]');
    const legend = box && box.querySelector(':scope > legend');
    const name = legend ? legend.textContent : button.value;
    let response;
    try {
      response = await fetch(api + '/repeats/' + encode(button.value), { method: adding ? 'POST' : 'DELETE' });
    } catch (error) {
      showOutcome('error', say('repeat.refused', { name, reason: say('server.unreachable') }));
      return;
    }
    const body = await response.json().catch(() => null);
    if (!response.ok) {
      showOutcome('error', say('repeat.refused', { name, reason: (body && body.message) || 'status ' + response.status }));
      return;
    }
    const focus = adding ? (body && body.path) : button.value.replace(/\.[^.]*$/, '');
    leaving = true;
    window.location.assign(base + '?page=' + encode(page) + (focus ? '&focus=' + encode(focus) : ''));
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const button = event.submitter;
    if (button && (button.name === 'repeat_add' || button.name === 'repeat_remove')) {
      if (!leaving) await changeInstances(button);
      return;
    }
    await saveAll();
    if (button && button.value === 'save') return;
    const submit = form.querySelector('.actions button[value="submit"]');
    if (submit) submit.disabled = true;
    try {
      typedAt.clear(); // what was typed is saved: submitting clears it
      let response;
      try {
        response = await fetch(api + '/submit', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
      } catch (error) {
        showOutcome('error', say('refused.unreachable'));
        return;
      }
      const body = await response.json().catch(() => null);
      if (response.status === 201 && body) {
        // A respondent's submit answers no id: their response is theirs.
        showOutcome('ok', body.id === undefined ? say('submitted.own') : say('submitted.response', { id: String(body.id) }));
        refresh();
      } else if (response.status === 409 && Array.isArray(body)) {
        showProblems(body);
      } else {
        showOutcome('error', say('refused.reason', { reason: (body && body.message) || 'status ' + response.status }));
      }
    } finally {
      if (submit) submit.disabled = false;
    }
  });

  // ---- The minimap bar on a narrow screen: opens to the whole minimap ----

  const minimapToggle = document.querySelector('.minimap-toggle');
  if (minimapToggle) {
    minimapToggle.addEventListener('click', () => {
      const area = document.getElementById('minimap-area');
      const open = area.classList.toggle('expanded');
      minimapToggle.setAttribute('aria-expanded', String(open));
      minimapToggle.textContent = say(open ? 'minimap.hide' : 'minimap.show');
    });
  }

  // ---- The More tab: Escape closes it ----

  for (const details of document.querySelectorAll('.tabbar details')) {
    details.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape' || !details.open) return;
      details.open = false;
      details.querySelector('summary').focus();
    });
  }
  document.addEventListener('click', (event) => {
    for (const details of document.querySelectorAll('.tabbar details[open]')) {
      if (!details.contains(event.target)) details.open = false;
    }
  });

  listen();
})();
