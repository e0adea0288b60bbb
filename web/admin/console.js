// The admin console page: signs in, then shows the dashboard, live tables (pause, resume,
// close), players (search, ban, mute, lift) and the audit log (filters, verify). Talks to
// the JSON API of docs/admin.md on the admin listener; every write sends the CSRF token.
import { t, toggleLanguage, translatePage } from './i18n.js';

const $ = (selector) => document.querySelector(selector);
let csrf = '';

function show(message) {
  $('#message').textContent = message;
}

async function api(method, path, body) {
  const headers = {};
  if (method === 'POST') {
    headers['Content-Type'] = 'application/json';
    headers['X-CSRF-Token'] = csrf;
  }
  const response = await fetch(`/admin/api/${path}`, {
    method, headers, body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
    credentials: 'same-origin',
  });
  const answer = await response.json().catch(() => ({}));
  if (response.status === 401 && path !== 'login') signedOut();
  if (!response.ok) throw new Error(answer.error || `HTTP ${response.status}`);
  return answer;
}

function cell(row, text) {
  const td = document.createElement('td');
  td.textContent = text;
  row.appendChild(td);
  return td;
}

function button(label, onClick) {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = label;
  b.addEventListener('click', onClick);
  return b;
}

async function act(action) {
  try {
    await action();
    show(t('done'));
  } catch (error) {
    show(error.message);
  }
}

async function loadDashboard() {
  const numbers = await api('GET', 'dashboard');
  const list = $('#numbers');
  list.replaceChildren();
  for (const [key, field] of [['connections', 'connections'], ['openTables', 'tables'],
    ['liveMatches', 'live_matches'], ['moves', 'moves_total'], ['errors', 'errors_total'],
    ['storageErrors', 'storage_errors_total']]) {
    const item = document.createElement('div');
    const dt = document.createElement('dt');
    dt.textContent = t(key);
    const dd = document.createElement('dd');
    dd.textContent = numbers[field];
    item.append(dt, dd);
    list.appendChild(item);
  }
}

async function loadTables() {
  const game = $('#table-filter').elements.game.value;
  const { tables } = await api('GET', `tables${game ? `?game=${encodeURIComponent(game)}` : ''}`);
  const body = $('#tables tbody');
  body.replaceChildren();
  for (const table of tables) {
    const row = document.createElement('tr');
    row.dataset.table = table.table_id;
    cell(row, table.table_id);
    cell(row, `${table.game} ${table.rules || ''}${table.rated ? ' ★' : ''}${table.private ? ' 🔒' : ''}`);
    cell(row, (table.seats || []).map((s) => s.name || '—').join(', '));
    cell(row, table.paused ? t('paused') : (table.match_in_progress ? t('playing') : t('waiting')));
    const actions = cell(row, '');
    for (const action of table.paused ? ['resume', 'close'] : ['pause', 'close']) {
      actions.appendChild(button(t(action), () => act(async () => {
        const reason = $('#table-reason').value.trim();
        if (!reason) throw new Error(t('reasonNeeded'));
        await api('POST', `tables/${table.table_id}/${action}`, { reason });
        await loadTables();
      })));
    }
    body.appendChild(row);
  }
}

let chosenPlayer = null;

async function loadPlayer(id) {
  const player = await api('GET', `players/${id}`);
  chosenPlayer = player;
  $('#sanction').hidden = false;
  $('#sanction-player').textContent = `${player.name} (#${player.id})`;
  const list = $('#sanctions');
  list.replaceChildren();
  for (const s of player.sanctions) {
    const item = document.createElement('li');
    item.textContent = `${s.kind}: ${s.reason} (${s.staff})${s.active ? '' : ' —'}`;
    if (s.active) {
      item.appendChild(button(t('lift'), () => act(async () => {
        const reason = $('#sanction').elements.reason.value.trim();
        if (!reason) throw new Error(t('reasonNeeded'));
        await api('POST', `sanctions/${s.id}/lift`, { reason });
        await loadPlayer(id);
      })));
    }
    list.appendChild(item);
  }
}

async function searchPlayers(event) {
  event.preventDefault();
  await act(async () => {
    const q = $('#player-search').elements.q.value.trim();
    const { players } = await api('GET', `players?q=${encodeURIComponent(q)}`);
    const list = $('#players');
    list.replaceChildren();
    for (const p of players) {
      const item = document.createElement('li');
      item.appendChild(button(`${p.name} (#${p.id})`, () => act(() => loadPlayer(p.id))));
      list.appendChild(item);
    }
  });
}

async function sanction(kind) {
  await act(async () => {
    const form = $('#sanction');
    const reason = form.elements.reason.value.trim();
    if (!reason) throw new Error(t('reasonNeeded'));
    await api('POST', `players/${chosenPlayer.id}/${kind}`,
      { reason, minutes: Number(form.elements.minutes.value || 0) });
    await loadPlayer(chosenPlayer.id);
  });
}

async function loadAudit() {
  const form = $('#audit-filter');
  const query = new URLSearchParams();
  for (const name of ['actor', 'action']) {
    if (form.elements[name].value.trim()) query.set(name, form.elements[name].value.trim());
  }
  const { entries } = await api('GET', `audit?${query}`);
  const body = $('#audit tbody');
  body.replaceChildren();
  for (const e of entries) {
    const row = document.createElement('tr');
    cell(row, new Date(e.at_ms).toLocaleString());
    cell(row, e.actor);
    cell(row, e.action);
    cell(row, e.target);
    cell(row, e.reason);
    cell(row, e.outcome);
    body.appendChild(row);
  }
}

async function verify() {
  await act(async () => {
    const result = await api('POST', 'audit/verify');
    const line = $('#verify-result');
    line.className = result.intact ? '' : 'broken';
    line.textContent = result.intact ? t('intact', { n: result.entries })
      : t('broken', { id: result.first_bad_id, problem: result.problem });
    await loadAudit();
  });
}

async function signedIn(me) {
  csrf = me.csrf;
  $('#who').textContent = `${me.name} (${me.role})`;
  $('#login').hidden = true;
  $('#console').hidden = false;
  $('#logout').hidden = false;
  $('#audit-section').hidden = !me.permissions.includes('view_audit');
  $('#announce-section').hidden = !me.permissions.includes('announce');
  show('');
  await loadDashboard();
  await loadTables();
  if (me.permissions.includes('view_audit')) await loadAudit();
}

function signedOut() {
  csrf = '';
  $('#who').textContent = '';
  $('#login').hidden = false;
  $('#console').hidden = true;
  $('#logout').hidden = true;
}

async function login(event) {
  event.preventDefault();
  const form = $('#login');
  await act(async () => {
    const me = await api('POST', 'login', {
      name: form.elements.name.value, password: form.elements.password.value,
      totp: form.elements.totp.value,
    });
    form.reset();
    await signedIn(me);
  });
}

translatePage();
$('#language').addEventListener('click', () => {
  toggleLanguage();
  if (!$('#console').hidden) act(() => Promise.all([loadDashboard(), loadTables()]));
});
$('#login').addEventListener('submit', login);
$('#logout').addEventListener('click', () => act(async () => {
  await api('POST', 'logout');
  signedOut();
}));
$('#table-filter').addEventListener('submit', (event) => {
  event.preventDefault();
  act(async () => { await loadDashboard(); await loadTables(); });
});
$('#player-search').addEventListener('submit', searchPlayers);
for (const b of document.querySelectorAll('#sanction button')) {
  b.addEventListener('click', () => sanction(b.dataset.action));
}
$('#audit-filter').addEventListener('submit', (event) => {
  event.preventDefault();
  act(loadAudit);
});
$('#verify').addEventListener('click', verify);
$('#announce').addEventListener('submit', (event) => {
  event.preventDefault();
  api('POST', 'announcements', { text: $('#announce').elements.text.value })
    .then(({ connections }) => {
      $('#announce').reset();
      show(t('sentTo', { n: connections }));
    })
    .catch((error) => show(error.message));
});
// Already signed in (the cookie): straight to the console.
api('GET', 'me').then(signedIn).catch(() => signedOut());
