// The console's tournaments (docs/admin.md "Tournaments"): the events in the staff
// member's scope, one event opened (entrants, rounds, standings), and the director's
// actions on it through the JSON API: start, pause, resume, add an entrant or a bot,
// remove or disqualify an entrant, replace the current round's pairing, end early. Each
// takes the reason typed above the list.
import { button, cell, element } from './dom.js';
import { consoleLanguage, t } from './i18n.js';
import { wordIn } from '../tournaments_i18n.js';

const $ = (selector) => document.querySelector(selector);

// "1-3, 2-4; 5" -> {tables: [{first: 1, second: 3}, {first: 2, second: 4}], byes: [5]}
export function parsePairing(text) {
  const [tablesPart, byesPart = ''] = text.split(';');
  const numbers = (part) => part.split(/[\s,]+/).filter(Boolean).map(Number);
  const tables = tablesPart.split(',').map((s) => s.trim()).filter(Boolean).map((pair) => {
    const [first, second] = pair.split('-').map((n) => Number(n.trim()));
    return { first, second };
  });
  const byes = numbers(byesPart);
  if (tables.some((p) => !Number.isInteger(p.first) || !Number.isInteger(p.second)) ||
      byes.some((n) => !Number.isInteger(n))) {
    throw new Error(t('tourPairingFormat'));
  }
  return { tables, byes };
}

// `api(method, path, body)` and `act(action)` are the console's (console.js).
export function tournamentDesk({ api, act }) {
  let opened = null;  // the id of the event shown

  const form = () => $('#tournament-form');

  function reason() {
    const text = form().elements.reason.value.trim();
    if (!text) throw new Error(t('reasonNeeded'));
    return text;
  }

  async function direct(action, fields = {}) {
    const { tournament, paused } = await api('POST', `tournaments/${opened}/direct`,
      { action, reason: reason(), ...fields });
    render({ ...tournament, paused });
    await load();
  }

  function entrantNumber() {
    const n = Number(form().elements.entrant.value);
    if (!Number.isInteger(n) || n <= 0) throw new Error(t('tourEntrantNeeded'));
    return n;
  }

  function render(view) {
    const pane = $('#tournament');
    pane.hidden = false;
    const names = new Map((view.entrants || []).map((e) => [e.entrant, e.name]));
    const nameOf = (n) => names.get(n) ?? `#${n}`;
    const s = view.summary;
    $('#tournament-title').textContent = `${s.name} (#${s.tournament_id})`;
    $('#tournament-state').textContent = t('tourStateLine', {
      state: t(`tourState_${s.state}`), game: t(`game.${s.game}`), format: wordIn(s.format, consoleLanguage()),
      round: s.round,
      director: view.director_name || '—',
    }) + (view.paused ? ` · ${t('paused')}` : '');
    const over = s.state === 'finished';  // nothing more to direct
    $('#tournament .tournament-actions').hidden = over;

    const entrants = $('#tournament-entrants tbody');
    entrants.replaceChildren();
    for (const e of view.entrants || []) {
      const row = element('tr');
      row.dataset.entrant = e.entrant;
      cell(row, String(e.entrant));
      cell(row, e.name);
      cell(row, t(`tourStatus_${e.status}`));
      const actions = cell(row, '');
      if (e.status === 'registered' && !over) {
        actions.append(
          button(t('tourRemove'), () => act(() => direct('remove_entrant', { entrant: e.entrant })), 'remove'),
          button(t('tourDisqualify'), () => act(() => direct('disqualify', { entrant: e.entrant })), 'disqualify'));
      }
      entrants.append(row);
    }

    const rounds = $('#tournament-rounds');
    rounds.replaceChildren();
    for (const r of view.rounds || []) {
      const item = element('li');
      item.dataset.round = r.round;
      const tables = (r.tables || []).map((table) => {
        const score = table.result ? ` ${table.first_score}:${table.second_score}` : '';
        return `${nameOf(table.first)} – ${nameOf(table.second)}${score}`;
      });
      const byes = (r.byes || []).map(nameOf);
      item.textContent = t('tourRoundLine', {
        round: r.round, tables: tables.join(' · '), byes: byes.length ? byes.join(', ') : '—',
      }) + (r.by_hand ? ` (${t('tourByHand')})` : '');
      rounds.append(item);
    }

    const standings = $('#tournament-standings tbody');
    standings.replaceChildren();
    for (const entry of view.standings || []) {
      const row = element('tr');
      for (const text of [String(entry.place), nameOf(entry.entrant), String(entry.values?.[0] ?? 0),
        `${entry.wins}/${entry.draws}/${entry.losses}`]) {
        cell(row, text);
      }
      standings.append(row);
    }
  }

  async function open(id) {
    opened = id;
    const { tournament, paused } = await api('GET', `tournaments/${id}`);
    render({ ...tournament, paused });
  }

  async function load() {
    const state = $('#tournament-filter').elements.state.value;
    const { tournaments } = await api('GET', `tournaments${state ? `?state=${state}` : ''}`);
    const body = $('#tournaments tbody');
    body.replaceChildren();
    for (const { summary: s, paused } of tournaments) {
      const row = element('tr');
      row.dataset.tournament = s.tournament_id;
      cell(row, s.name);
      cell(row, t(`game.${s.game}`));
      cell(row, t(`tourState_${s.state}`) + (paused ? ` · ${t('paused')}` : ''));
      cell(row, String(s.entrants));
      cell(row, '').append(button(t('tourOpen'), () => act(() => open(s.tournament_id)), 'open'));
      body.append(row);
    }
    if (!tournaments.length) {
      const row = element('tr');
      cell(row, t('tourNone'));
      body.append(row);
    }
  }

  $('#tournament-filter').addEventListener('submit', (event) => {
    event.preventDefault();
    act(load);
  });
  const on = (id, handler) => $(id).addEventListener('click', () => act(handler));
  on('#tour-start', () => direct('start'));
  on('#tour-pause', () => direct('pause'));
  on('#tour-resume', () => direct('resume'));
  on('#tour-end', () => direct('end_early'));
  on('#tour-add', () => direct('add_entrant', {
    player_name: form().elements.player.value.trim(), partner_name: form().elements.partner.value.trim(),
  }));
  on('#tour-bot', () => direct('add_bot', { player_name: form().elements.player.value.trim() }));
  on('#tour-remove', () => direct('remove_entrant', { entrant: entrantNumber() }));
  on('#tour-disqualify', () => direct('disqualify', { entrant: entrantNumber() }));
  on('#tour-replace', () => direct('replace_round', { round: parsePairing(form().elements.pairing.value) }));
  return { load };
}
