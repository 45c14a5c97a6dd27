// The query inspector's page: the latest requests, updated live from the server-sent events of
// /inspector/stream; a click opens a request's statements, read again from
// /inspector/requests/{id} (statements and traces may arrive after the answer).
'use strict';

const rows = document.querySelector('#requests tbody');
const state = document.getElementById('state');
const shown = new Map();
const MAX_SHOWN = 200;

function text(value) {
  return value === null || value === undefined ? '' : String(value);
}

function element(tag, attributes, ...children) {
  const node = document.createElement(tag);
  Object.entries(attributes || {}).forEach(([name, value]) => node.setAttribute(name, value));
  children.forEach((child) => node.append(child instanceof Node ? child : text(child)));
  return node;
}

function badges(request) {
  const cell = element('td', { class: 'flags' });
  request.flags.forEach((flag) => cell.append(element('a', {
    class: 'badge ' + flag.kind, href: '/inspector/docs/' + flag.link, title: flag.message
  }, flag.kind)));
  if (request.statements.some((statement) => statement.traceId)) {
    cell.append(element('span', { class: 'badge traced' }, 'traced'));
  }
  return cell;
}

function summary(request, fresh) {
  const over = request.budget !== null && request.partitions > request.budget;
  const row = element('tr', { class: 'request' + (fresh ? ' new' : ''), 'data-id': request.id },
    element('td', {}, new Date(request.startedAt).toLocaleTimeString()),
    element('td', {}, element('code', {}, request.method + ' ' + request.path)),
    element('td', {}, text(request.route)),
    element('td', { class: 'status' }, text(request.status)),
    element('td', { class: over ? 'partitions over' : 'partitions' },
      request.partitions + ' / ' + (request.budget === null ? 'no budget' : request.budget)),
    badges(request));
  row.addEventListener('click', () => toggle(row));
  return row;
}

function statements(request) {
  const table = element('table', { class: 'statements' }, element('tr', {},
    ...['Query', 'CQL', 'Partition', 'Token', 'Replicas', 'Simulated ring', 'Consistency', 'Rows', 'Latency',
      'Coordinator', 'Warnings, trace'].map((name) => element('th', {}, name))));
  request.statements.forEach((statement) => {
    const key = Object.entries(statement.partitionKey).map(([column, value]) => column + '=' + value).join(', ');
    const partition = statement.partitionView
      ? element('a', { class: 'partition', href: statement.partitionView }, key) : text(key);
    const notes = element('td', { class: 'notes' }, statement.warnings.join('; '));
    if (statement.trace) {
      notes.append(element('ol', { class: 'trace' }, ...statement.trace.map((event) =>
        element('li', {}, event.elapsedMicros + ' µs ' + text(event.source) + ': ' + event.activity))));
    } else if (statement.traceId) {
      notes.append('trace ' + statement.traceId + ' (not written yet: open the request again)');
    }
    table.append(element('tr', { class: 'statement' },
      element('td', {}, text(statement.queryId)),
      element('td', { class: 'cql' }, statement.cql),
      element('td', {}, partition),
      element('td', {}, element('code', {}, text(statement.token))),
      element('td', {}, statement.replicas.join(' ')),
      element('td', {}, statement.simulatedReplicas.join(' ')),
      element('td', {}, statement.consistency + (statement.serialConsistency ? ' / ' + statement.serialConsistency : '')),
      element('td', {}, statement.rows),
      element('td', {}, statement.latencyMicros + ' µs'),
      element('td', {}, text(statement.coordinator)),
      notes));
  });
  return table;
}

async function toggle(row) {
  const next = row.nextElementSibling;
  if (next && next.classList.contains('details')) {
    next.remove();
    return;
  }
  const answer = await fetch('/inspector/requests/' + encodeURIComponent(row.dataset.id));
  const details = element('tr', { class: 'details' });
  const cell = element('td', { colspan: 6 });
  if (answer.ok) {
    cell.append(statements(await answer.json()));
  } else {
    cell.append('This request is no longer kept.');
  }
  details.append(cell);
  row.after(details);
}

// A request already shown is shown again in place: its last statements may be reported just
// after its response, and the stream sends it again with them.
function show(request, fresh) {
  if (shown.has(request.id)) {
    const row = summary(request, false);
    shown.get(request.id).replaceWith(row);
    shown.set(request.id, row);
    return;
  }
  const row = summary(request, fresh);
  shown.set(request.id, row);
  rows.prepend(row);
  while (shown.size > MAX_SHOWN) {
    const [oldest, oldestRow] = shown.entries().next().value;
    const details = oldestRow.nextElementSibling;
    if (details && details.classList.contains('details')) {
      details.remove();
    }
    oldestRow.remove();
    shown.delete(oldest);
  }
}

document.getElementById('trace').addEventListener('click', async () => {
  const answer = await fetch('/inspector/trace?next=1', { method: 'POST' });
  state.textContent = answer.ok ? 'the next request will be traced' : 'could not turn tracing on';
});

// The stream opens first, so that no request completes unseen between the list and the stream;
// what it sends before the list is shown waits, and a request in both is shown once.
async function start() {
  const early = [];
  let listed = false;
  const events = new EventSource('/inspector/stream');
  events.addEventListener('open', () => { state.textContent = 'live'; });
  events.addEventListener('error', () => { state.textContent = 'reconnecting…'; });
  events.addEventListener('request', (event) => {
    const request = JSON.parse(event.data);
    if (listed) {
      show(request, true);
    } else {
      early.push(request);
    }
  });
  const answer = await fetch('/inspector/requests?limit=' + MAX_SHOWN);
  (await answer.json()).requests.reverse().forEach((request) => show(request, false));
  listed = true;
  early.forEach((request) => show(request, true));
}

start();
