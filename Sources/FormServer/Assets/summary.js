// formctl serve: the owner's summary page's script (GET /assets/summary.HASH.js;
// see docs/responses.md). The page is drawn by the server, charts and tables
// included; this keeps it up to date while it is open: `/api/events` sends a
// `responses` event when a response is submitted, submitted again or deleted
// (and a `refresh` when the form changed), and the script reads the page
// again, at most once a second, and puts its new charts in place of the old
// ones. The new charts are the server's own HTML, parsed by DOMParser (which
// runs nothing) and moved in as nodes; the status line says, politely, when
// they were drawn.
'use strict';
(() => {
  const main = document.querySelector('main[data-summary]');
  if (!main) return;
  document.documentElement.classList.add('js');

  const status = document.getElementById('summary-status');
  const interval = 1000;  // ms between two readings, however fast responses come
  let scheduled = false;   // a reading waits for its turn
  let reading = false;     // a reading runs
  let again = false;       // asked for while one waited or ran
  let last = 0;            // when the last reading started

  function say(text) {
    if (status) status.textContent = text;
  }

  // Asks for a reading: one at a time, at most one a second; a request
  // made meanwhile is served by one more reading after it.
  function redraw() {
    if (scheduled || reading) {
      again = true;
      return;
    }
    scheduled = true;
    setTimeout(read, Math.max(0, last + interval - Date.now()));
  }

  async function read() {
    scheduled = false;
    reading = true;
    again = false;
    last = Date.now();
    try {
      await readPage();
    } catch (error) {
      say('The summary could not be read again (' + error + '). Reload the page.');
    } finally {
      reading = false;
      if (again) {
        again = false;
        redraw();
      }
    }
  }

  // Reads the page again and puts its charts in place of these.
  async function readPage() {
    const answer = await fetch(location.pathname, {headers: {Accept: 'text/html'}, cache: 'no-store', credentials: 'same-origin'});
    if (!answer.ok) {
      say('The summary could not be read again (HTTP ' + answer.status + '). Reload the page.');
      return;
    }
    const next = new DOMParser().parseFromString(await answer.text(), 'text/html');
    const charts = next.getElementById('summary-charts');
    const heading = next.getElementById('summary-heading');
    const nextMain = next.querySelector('main[data-summary]');
    if (!charts || !heading || !nextMain) return;
    document.getElementById('summary-charts').replaceWith(document.adoptNode(charts));
    document.getElementById('summary-heading').textContent = heading.textContent;
    main.setAttribute('data-responses', nextMain.getAttribute('data-responses') || '');
    document.title = next.title;
    say('Drawn again at ' + new Date().toLocaleTimeString() + ': ' + heading.textContent + '.');
  }

  const events = new EventSource(main.getAttribute('data-events'));
  events.addEventListener('responses', redraw);
  events.addEventListener('refresh', redraw);
  events.addEventListener('open', () => {
    document.documentElement.classList.add('live');
    if (status && !status.textContent) say('The charts are drawn again as responses arrive.');
  });
})();
