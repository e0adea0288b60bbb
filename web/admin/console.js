// The admin console page: signs in, then shows the dashboard, live tables (watch, reveal
// the hands, pause, resume, close, kick a seated player), players (search, ban, mute, lift,
// rename, sign out everywhere, their ratings and sessions, void one of their matches),
// players' reports (reports.js), tournaments (tournaments.js), staff (staff.js), one's own
// password (password.js) and the audit log (filters, verify against the last anchor shown).
// Talks to the JSON API of docs/admin.md on the admin listener; every write sends the CSRF token.
import { button, cell } from './dom.js';
import { locale, t, toggleLanguage, translatePage } from './i18n.js';
import { ownPassword } from './password.js';
import { rulesInWords } from '../rules_words.js';
import { reportQueue } from './reports.js';
import { staffDesk } from './staff.js';
import { tournamentDesk } from './tournaments.js';

const $ = (selector) => document.querySelector(selector);
let csrf = '';
let permissions = [];

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
  if (!response.ok) {
    const error = new Error(answer.error || `HTTP ${response.status}`);
    error.status = response.status;
    throw error;
  }
  return answer;
}

async function act(action) {
  try {
    await action();
    show(t('done'));
  } catch (error) {
    show(error.message);
  }
}

// The dashboard: the server's counters now, and rates over the last minutes (the server
// keeps a sample each time it is asked; the page asks every five seconds).
let dashboardTimer = null;

function rate(value, digits = 1) {
  return value === null || value === undefined ? '—' : Number(value).toFixed(digits);
}

async function loadDashboard() {
  const numbers = await api('GET', 'dashboard');
  const win = numbers.window;
  const has = win.ms > 0;
  const list = $('#numbers');
  list.replaceChildren();
  for (const [key, value] of [
    ['connections', numbers.connections], ['openTables', numbers.tables],
    ['liveMatches', numbers.live_matches],
    ['movesPerSecond', has ? rate(win.moves_per_second, 2) : '—'],
    ['errorsPerMinute', has ? rate(win.errors_per_minute) : '—'],
    ['storageErrorsPerMinute', has ? rate(win.storage_errors_per_minute) : '—'],
    ['commitsPerSecond', has ? rate(win.commits_per_second, 2) : '—'],
    ['latency', has ? `${rate(win.move_latency_p50_ms)} / ${rate(win.move_latency_p99_ms)}` : '—'],
    ['commitLatency', has ? `${rate(win.commit_latency_p50_ms)} / ${rate(win.commit_latency_p99_ms)}` : '—'],
    ['storageQueue', numbers.storage_queue_depth],
    ['tournaments', `${numbers.tournaments_running} / ${numbers.tournaments_registering}`],
    ['moves', numbers.moves_total], ['errors', numbers.errors_total],
    ['storageErrors', numbers.storage_errors_total]]) {
    const item = document.createElement('div');
    item.dataset.key = key;
    const dt = document.createElement('dt');
    dt.textContent = t(key);
    const dd = document.createElement('dd');
    dd.textContent = value;
    item.append(dt, dd);
    list.appendChild(item);
  }
  $('#window').textContent = has ? t('window', { s: Math.round(win.ms / 1000) }) : t('noWindow');
}

async function loadTables() {
  const { elements } = $('#table-filter');
  const query = new URLSearchParams();
  // The choices' values are the API's (docs/admin.md): empty means any.
  for (const name of ['game', 'rated', 'private', 'live']) {
    if (elements[name].value) query.set(name, elements[name].value);
  }
  // A name as staff type it; the server finds it as sign-in does (Greek in any case).
  if (elements.player.value.trim()) query.set('player_name', elements.player.value.trim());
  if (elements.tournament.value.trim()) query.set('tournament', elements.tournament.value.trim());
  const { tables } = await api('GET', `tables${String(query) ? `?${query}` : ''}`);
  const body = $('#tables tbody');
  body.replaceChildren();
  for (const table of tables) {
    const row = document.createElement('tr');
    row.dataset.table = table.table_id;
    cell(row, table.table_id);
    cell(row, [t(`game.${table.game}`), rulesInWords(table.game, table.rules, t),
      ...(table.private ? [t('privateTable')] : [])].filter(Boolean).join(' · ') + (table.rated ? ' ★' : ''));
    // A seat a bot holds for its player (left, or kicked) is marked so.
    const seats = cell(row, (table.seats || [])
      .map((s) => (s.name || '—') + (s.bot_holding ? ` (${t('botHolding')})` : '')).join(', '));
    if (permissions.includes('manage_tables')) {
      // A seated player removed: a bot holds the seat to the match's end (docs/admin.md).
      for (const seat of table.seats || []) {
        if (seat.kind !== 'SEAT_HUMAN' || !seat.account_id || seat.bot_holding) continue;
        const kick = button(t('kick', { name: seat.name }), () => act(async () => {
          const reason = $('#table-reason').value.trim();
          if (!reason) throw new Error(t('reasonNeeded'));
          if (!window.confirm(t('confirmKick', { name: seat.name }))) return;
          await api('POST', `tables/${table.table_id}/kick`, { reason, player: Number(seat.account_id) });
          await loadTables();
        }));
        kick.className = 'kick';
        kick.dataset.seat = seat.seat ?? 0;
        seats.append(' ', kick);
      }
    }
    cell(row, table.paused ? t('paused') : (table.match_in_progress ? t('playing') : t('waiting')));
    const actions = cell(row, '');
    if (permissions.includes('watch_table')) {
      actions.appendChild(button(t('watch'), () => act(() => watch(table.table_id))));
    }
    if (table.match_in_progress && permissions.includes('void_matches')) {
      // The match in play: voided, it is played on but never rated.
      actions.appendChild(button(t('voidMatch'), () => act(async () => {
        const reason = $('#table-reason').value.trim();
        if (!reason) throw new Error(t('reasonNeeded'));
        if (!window.confirm(t('confirmVoid', { id: table.match_id }))) return;
        await api('POST', `matches/${table.match_id}/void`, { reason });
      })));
    }
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

// Watching a table: what a spectator sees, asked again every second and a half while the
// section is open. Revealing the hands is one audited look each time.
let watched = null;
let watchTimer = null;

function viewLines(list, view) {
  list.replaceChildren();
  for (const [key, value] of Object.entries(view)) {
    if (value === '' || (Array.isArray(value) && value.length === 0)) continue;
    const item = document.createElement('div');
    const dt = document.createElement('dt');
    dt.textContent = key;
    const dd = document.createElement('dd');
    dd.textContent = typeof value === 'object' ? JSON.stringify(value) : String(value);
    item.append(dt, dd);
    list.appendChild(item);
  }
}

async function refreshWatch() {
  if (!watched) return;
  const { table, view } = await api('GET', `tables/${encodeURIComponent(watched)}/view`);
  $('#watch-table').textContent = `${table.table_id} (${t(`game.${table.game}`)}) — ` +
    (table.seats || []).map((s) => s.name || '—').join(', ');
  const list = $('#watch-view');
  if (!view) {
    list.replaceChildren();
    list.textContent = t('noMatch');
    return;
  }
  const event = view.match_event;
  viewLines(list, { seq: event.seq, match_id: event.match_id, ...Object.values(event.view)[0] });
}

async function watch(tableId) {
  watched = tableId;
  $('#watch').hidden = false;
  $('#reveal').hidden = !permissions.includes('reveal_hands');
  $('#hands').replaceChildren();
  clearInterval(watchTimer);
  watchTimer = setInterval(() => refreshWatch().catch(watchFailed), 1500);
  await refreshWatch();
}

// A watched table that has closed stops the watch: refreshing it would only repeat the
// server's "no open table" over whatever the operator did next.
function watchFailed(error) {
  if (error.status !== 404) return show(error.message);
  stopWatching();
  show(t('watchEnded'));
}

function stopWatching() {
  watched = null;
  clearInterval(watchTimer);
  $('#watch').hidden = true;
}

async function reveal() {
  const reason = $('#table-reason').value.trim();
  if (!reason) throw new Error(t('reasonNeeded'));
  const { seats } = await api('POST', `tables/${encodeURIComponent(watched)}/reveal`, { reason });
  const hands = $('#hands');
  hands.replaceChildren();
  seats.forEach((seat, n) => {
    const view = Object.values(seat.match_event.view)[0];
    const line = document.createElement('p');
    line.className = 'hand';
    line.textContent = `${t('seat', { n })}: ${(view.hand || []).join(' ')}`;
    hands.appendChild(line);
  });
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
  showDetails(player);
  showHistory(player, id);
}

// The player's ratings (one row a mode) and sessions (when made and last seen, from which
// address, with which program).
function showDetails(player) {
  $('#player-details').hidden = false;
  const ratings = $('#ratings tbody');
  ratings.replaceChildren();
  for (const r of player.ratings) {
    const row = document.createElement('tr');
    row.dataset.mode = r.mode;
    cell(row, t(`mode.${r.mode}`));
    cell(row, Number(r.rating).toFixed(1));
    cell(row, Number(r.rd).toFixed(1));
    cell(row, r.matches);
    ratings.appendChild(row);
  }
  const sessions = $('#sessions tbody');
  sessions.replaceChildren();
  for (const s of player.session_list) {
    const row = document.createElement('tr');
    row.dataset.session = s.id;
    cell(row, when(s.created_ms));
    cell(row, when(s.last_seen_ms));
    cell(row, s.address || '—');
    cell(row, s.device || '—');
    sessions.appendChild(row);
  }
}

async function revokeSessions() {
  await act(async () => {
    const reason = $('#sanction').elements.reason.value.trim();
    if (!reason) throw new Error(t('reasonNeeded'));
    if (!window.confirm(t('confirmRevoke', { name: chosenPlayer.name }))) return;
    await api('POST', `players/${chosenPlayer.id}/revoke-sessions`, { reason });
    await loadPlayer(chosenPlayer.id);
  });
}

async function renamePlayer() {
  await act(async () => {
    const form = $('#sanction');
    const reason = form.elements.reason.value.trim();
    const name = form.elements.name.value.trim();
    if (!reason) throw new Error(t('reasonNeeded'));
    if (!name) throw new Error(t('nameNeeded'));
    await api('POST', `players/${chosenPlayer.id}/rename`, { reason, name });
    form.elements.name.value = '';
    await loadPlayer(chosenPlayer.id);
  });
}

// The player's last matches; staff who may void one get a Void button (with the reason
// typed in the sanction form above).
function showHistory(player, id) {
  $('#history-title').hidden = player.history.length === 0;
  const list = $('#history');
  list.replaceChildren();
  for (const m of player.history) {
    const item = document.createElement('li');
    item.dataset.match = m.match_id;
    const mark = m.voided ? ` — ${t('voided')}` : (m.rated ? ` ★ ${t('rated')}` : '');
    item.textContent = `#${m.match_id} ${t(`game.${m.game}`)} · ${t(`matchState_${m.state}`)}${mark} `;
    if (!m.voided && permissions.includes('void_matches')) {
      item.appendChild(button(t('voidMatch'), () => act(async () => {
        const reason = $('#sanction').elements.reason.value.trim();
        if (!reason) throw new Error(t('reasonNeeded'));
        if (!window.confirm(t('confirmVoid', { id: m.match_id }))) return;
        await api('POST', `matches/${m.match_id}/void`, { reason });
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
  for (const name of ['actor', 'action', 'target']) {
    if (form.elements[name].value.trim()) query.set(name, form.elements[name].value.trim());
  }
  const { entries } = await api('GET', `audit?${query}`);
  const body = $('#audit tbody');
  body.replaceChildren();
  for (const e of entries) {
    const row = document.createElement('tr');
    cell(row, when(e.at_ms));
    cell(row, e.actor);
    cell(row, e.action);
    cell(row, e.target);
    cell(row, e.reason);
    cell(row, e.outcome);
    body.appendChild(row);
  }
}

// The chain is verified against the anchor (ID:HASH) this page last saw intact, kept in the
// browser: the log cut short since then is reported broken, as the server's own anchor does.
const ANCHOR_KEY = 'kafenio-console-audit-anchor';

async function verify() {
  await act(async () => {
    const expect = localStorage.getItem(ANCHOR_KEY) || '';
    const result = await api('POST', 'audit/verify', expect ? { expect } : {});
    const line = $('#verify-result');
    line.className = result.intact ? '' : 'broken';
    line.textContent = result.intact ? t('intact', { n: result.entries, anchor: result.anchor })
      : t('broken', { id: result.first_bad_id, problem: result.problem });
    if (result.intact && result.anchor) localStorage.setItem(ANCHOR_KEY, result.anchor);
    await loadAudit();
  });
}

async function signedIn(me) {
  csrf = me.csrf;
  permissions = me.permissions;
  $('#who').textContent = `${me.name} (${me.role})`;
  $('#login').hidden = true;
  $('#console').hidden = false;
  $('#logout').hidden = false;
  $('#audit-section').hidden = !me.permissions.includes('view_audit');
  $('#announce-section').hidden = !me.permissions.includes('announce');
  show('');
  await loadDashboard();
  clearInterval(dashboardTimer);
  dashboardTimer = setInterval(() => loadDashboard().catch(() => {}), 5000);
  await loadTables();
  if (me.permissions.includes('view_audit')) await loadAudit();
  $('#reports-section').hidden = !me.permissions.includes('moderate_players');
  if (me.permissions.includes('moderate_players')) await reports.load();
  $('#tournaments-section').hidden = !me.permissions.includes('direct_tournaments');
  if (me.permissions.includes('direct_tournaments')) await tournaments.load();
  $('#staff-section').hidden = !me.permissions.includes('manage_staff');
  if (me.permissions.includes('manage_staff')) await staff.load();
  // Rename and sign out everywhere are for moderate_players; the rest of the view for all.
  for (const id of ['#revoke-sessions', '#rename-player']) {
    $(id).hidden = !me.permissions.includes('moderate_players');
  }
}

function signedOut() {
  csrf = '';
  clearInterval(dashboardTimer);
  stopWatching();
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

const reports = reportQueue({ api, act });
const tournaments = tournamentDesk({ api, act });
const staff = staffDesk({ api, act });
ownPassword({ api, show });
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
$('#watch-stop').addEventListener('click', stopWatching);
$('#reveal').addEventListener('click', () => act(reveal));
for (const b of document.querySelectorAll('#sanction button[data-action]')) {
  b.addEventListener('click', () => sanction(b.dataset.action));
}
$('#revoke-sessions').addEventListener('click', revokeSessions);
$('#rename-player').addEventListener('click', renamePlayer);
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

// A moment (milliseconds since the epoch) as the console's language writes dates.
function when(ms) {
  return Number(ms) ? new Date(Number(ms)).toLocaleString(locale()) : '—';
}
