// The tournament pages (docs/tournaments.md): the list of events (upcoming, running,
// finished), the creation form with every option, and an event's page: entrants,
// partners' invitations, check-in, rounds with pairings and results, standings with
// every tie-break column and its explanation, the knockout bracket, and the director's
// controls. `ask(name, body)` sends a request and shows any refusal; `onChange()` redraws.

import { actionButton, el } from './dom.js';
import { language, t, tieBreakText } from './tournaments_i18n.js';

const STATES = [['registering', 'upcoming'], ['running', 'running'], ['finished', 'finished']];
const FORMATS = ['swiss', 'round_robin', 'single_elimination', 'double_elimination', 'pools_knockout'];
const TIE_BREAKS = ['match_points', 'buchholz_cut1', 'buchholz', 'sonneborn_berger', 'direct_encounter',
  'score_margin', 'matches_won'];
const REFRESH_MS = 4000;

// The creation form's defaults: Pilotta to 151 in pairs; Diloti 1v1 to 61.
function defaults(game) {
  return {
    name: '', game, preset: '', options: '', seats: game === 'pilotta' ? '4' : '2', format: 'swiss',
    swiss_rounds: '5', round_robin_cycles: '1', third_place_match: true, grand_final_reset: true,
    pool_count: '2', pool_qualifiers: '2', target: game === 'pilotta' ? '151' : '61', hands: '0',
    knockout_target: '0', final_target: '0', round_time_limit_minutes: '0', duplicate_deals: false,
    seeding: 'rating', tie_breaks: TIE_BREAKS.join(','), bye_score: 'win', absent_score: 'nothing',
    registration_limit: '0', rated: false, rated_only: false, min_rating: '0', max_rating: '0',
    starts_at: '', check_in_minutes: '0', late_entry_until_round: '0', forbidden: '',
    no_show_grace_minutes: '0', bot_level: 'easy',
  };
}

// "1-2, 3-4" -> [[1, 2], [3, 4]]
function pairsOf(text) {
  return text.split(',').map((part) => part.trim()).filter(Boolean)
    .map((part) => part.split('-').map((n) => Number(n.trim())));
}

function settingsOf(d) {
  const n = (key) => Number(d[key]) || 0;
  const unit = (target, hands) => (hands > 0 ? { hands } : { target });
  const settings = {
    name: d.name.trim(), game: d.game, preset: d.preset.trim(),
    options: d.options.split(',').map((o) => o.trim()).filter(Boolean),
    seats: n('seats'), format: d.format, swiss_rounds: n('swiss_rounds'),
    round_robin_cycles: n('round_robin_cycles'), third_place_match: d.third_place_match,
    grand_final_reset: d.grand_final_reset, pool_count: n('pool_count'), pool_qualifiers: n('pool_qualifiers'),
    unit: unit(n('target'), n('hands')), knockout_unit: { target: n('knockout_target') },
    final_unit: { target: n('final_target') }, round_time_limit_minutes: n('round_time_limit_minutes'),
    duplicate_deals: d.duplicate_deals, seeding: d.seeding,
    tie_breaks: d.tie_breaks.split(',').map((k) => k.trim()).filter(Boolean),
    bye_score: d.bye_score, absent_score: d.absent_score, registration_limit: n('registration_limit'),
    rated: d.rated, rated_only: d.rated_only, min_rating: n('min_rating'), max_rating: n('max_rating'),
    check_in_minutes: n('check_in_minutes'), late_entry_until_round: n('late_entry_until_round'),
    forbidden: pairsOf(d.forbidden).map(([first, second]) => ({ first, second })),
    no_show_grace_minutes: n('no_show_grace_minutes'), bot_level: d.bot_level,
  };
  if (d.starts_at) settings.starts_unix_ms = String(new Date(d.starts_at).getTime());
  return settings;
}

function when(ms) {
  const value = Number(ms);
  return value ? new Date(value).toLocaleString(language() === 'el' ? 'el-GR' : 'en-GB') : '';
}

export class TournamentPages {
  // `joinTable(id)` takes the player to a table (their tournament table).
  constructor(ask, onChange, joinTable) {
    this.ask = ask;
    this.onChange = onChange;
    this.joinTable = joinTable;
    this.reset();
  }

  reset() {
    this.listState = 'registering';
    this.events = null;
    this.event = null;       // the open event's view
    this.invitations = [];   // the player's pending invitations
    this.draft = defaults('pilotta');
    this.creating = false;
    this.fields = {};        // what the player is typing on the event page
    this.nextTables = [];    // pushed tournament_round_started, newest first
    clearInterval(this.timer);
    this.timer = null;
  }

  async load() {
    this.event = null;
    this.stopRefresh();
    try {
      const [list, invitations] = await Promise.all([
        this.ask('list_tournaments', { state: this.listState }),
        this.ask('list_invitations', {}).catch(() => null),
      ]);
      this.events = list.tournament_list.tournaments || [];
      if (invitations) this.invitations = invitations.invitations.invitations || [];
    } catch { this.events = this.events || []; }
    this.onChange();
  }

  async open(id) {
    try {
      this.event = (await this.ask('get_tournament', { tournament_id: String(id) })).tournament;
      this.startRefresh();
    } catch { /* shown */ }
    this.onChange();
  }

  startRefresh() {
    this.stopRefresh();
    // Others enter, check in and play: the open event is read again now and then.
    this.timer = setInterval(() => {
      if (!this.event) return this.stopRefresh();
      this.ask('get_tournament', { tournament_id: this.event.summary.tournament_id })
        .then((reply) => { this.event = reply.tournament; this.onChange(); })
        .catch(() => this.stopRefresh());
    }, REFRESH_MS);
  }

  stopRefresh() {
    clearInterval(this.timer);
    this.timer = null;
  }

  // The server ran a new round: the player's table (or bye) in it.
  onRoundStarted(started) {
    this.nextTables = [started, ...this.nextTables.filter((s) => s.tournament_id !== started.tournament_id)];
    if (this.event && this.event.summary.tournament_id === started.tournament_id) {
      this.open(started.tournament_id);
    } else this.onChange();
  }

  nextTablePanel() {
    if (!this.nextTables.length) return null;
    return el('section', { class: 'next-tables', 'aria-live': 'polite' }, el('h3', {}, t('yourTable')),
      el('ul', {}, this.nextTables.map((s) => el('li', { class: 'next-table', 'data-tournament': s.tournament_id },
        `${s.tournament_name} · ${t('round')} ${s.round} · `,
        s.bye ? t('bye') : [`${t('versus')} ${s.opponent} `,
          actionButton(t('goToTable'), () => this.joinTable(s.table_id), { class: 'primary' })]))));
  }

  // A partner's invitation (or its answer) pushed by the server.
  onInvitation(invitation) {
    this.invitations = this.invitations.filter((i) => !(i.tournament_id === invitation.tournament_id
      && i.invitation === invitation.invitation));
    if (invitation.state === 'pending') this.invitations.push(invitation);
    if (this.event && this.event.summary.tournament_id === invitation.tournament_id) {
      this.open(invitation.tournament_id);
    } else this.onChange();
  }

  // Sends a change; its answer is the event as it now stands.
  async change(name, body) {
    try {
      const reply = await this.ask(name, body);
      if (reply.tournament) this.event = reply.tournament;
      this.fields = {};
    } catch { /* shown */ }
    this.onChange();
  }

  panel(account) {
    const page = this.event ? this.eventPage(account) : this.listPage(account);
    return el('section', { class: 'panel tournaments', lang: language() }, this.nextTablePanel(), page);
  }

  invitationList(account) {
    const mine = this.invitations.filter((i) => i.invitee_id === account.account_id);
    if (!mine.length) return null;
    return el('ul', { class: 'invitations' }, mine.map((i) => el('li', { class: 'invitation' },
      `${i.inviter_name} ${t('invitedYou')} ${i.tournament_name} `,
      actionButton(t('accept'), () => this.answer(i, true)),
      actionButton(t('decline'), () => this.answer(i, false)))));
  }

  async answer(invitation, accept) {
    await this.change('answer_invitation', { tournament_id: invitation.tournament_id, invitation: invitation.invitation, accept });
    this.invitations = this.invitations.filter((i) => i !== invitation);
    if (accept) this.open(invitation.tournament_id);
  }

  listPage(account) {
    const tabs = el('div', { class: 'tabs' }, STATES.map(([state, label]) => actionButton(t(label), () => {
      this.listState = state;
      this.load();
    }, { class: 'tab', 'aria-pressed': String(this.listState === state), 'data-state': state })));
    const rows = (this.events || []).map((e) => el('li', { class: 'tournament-row', 'data-tournament': e.tournament_id },
      el('strong', {}, e.name), ` · ${e.game} · ${t(e.format)} · ${e.pairs ? t('pairsEvent') : t('playersEvent')}`,
      ` · ${e.entrants}${e.registration_limit ? `/${e.registration_limit}` : ''} · ${t(`state_${e.state}`)}`,
      e.starts_unix_ms !== '0' ? ` · ${when(e.starts_unix_ms)}` : '', ' ',
      actionButton(t('open'), () => this.open(e.tournament_id), { 'aria-label': `${t('open')} ${e.name}` })));
    return el('div', {},
      el('h2', {}, t('tournaments')),
      this.invitationList(account),
      tabs,
      this.events === null ? null : rows.length ? el('ul', { class: 'tournament-list' }, rows) : el('p', { class: 'muted' }, t('none')),
      account.guest ? el('p', { class: 'muted' }, t('guestsCannotCreate')) : this.createForm());
  }

  field(label, name, attributes = {}) {
    const d = this.draft;
    const checkbox = attributes.type === 'checkbox';
    const input = el('input', {
      name: `t-${name}`, ...attributes, value: checkbox ? undefined : d[name], checked: checkbox && d[name],
      oninput: (e) => { d[name] = checkbox ? e.target.checked : e.target.value; },
      onchange: (e) => { d[name] = checkbox ? e.target.checked : e.target.value; },
    });
    return el('label', { class: checkbox ? 'check' : 'field' }, el('span', {}, t(label)), input);
  }

  select(label, name, choices, onPick) {
    const d = this.draft;
    return el('label', { class: 'field' }, el('span', {}, t(label)),
      el('select', { name: `t-${name}`, onchange: (e) => { d[name] = e.target.value; if (onPick) onPick(e.target.value); } },
        choices.map(([value, text]) => el('option', { value, selected: d[name] === value }, text))));
  }

  createForm() {
    const d = this.draft;
    const form = el('form', { class: 'tournament-form', 'aria-label': t('newEvent') },
      el('h3', {}, t('newEvent')),
      this.field('name', 'name', { required: true, maxlength: 80 }),
      this.select('game', 'game', [['pilotta', 'Pilotta · Πιλόττα'], ['diloti', 'Diloti · Δηλωτή']], (game) => {
        const name = d.name;
        this.draft = { ...defaults(game), name };
        this.onChange();
      }),
      this.field('preset', 'preset'),
      this.field('options', 'options'),
      this.select('seats', 'seats', d.game === 'pilotta' ? [['4', '4'], ['2', '2 (classic2)']] : [['2', '2'], ['4', '4']]),
      this.select('format', 'format', FORMATS.map((f) => [f, t(f)])),
      this.field('swissRounds', 'swiss_rounds', { type: 'number', min: 1, max: 30 }),
      this.field('cycles', 'round_robin_cycles', { type: 'number', min: 1, max: 2 }),
      this.field('thirdPlace', 'third_place_match', { type: 'checkbox' }),
      this.field('reset', 'grand_final_reset', { type: 'checkbox' }),
      this.field('pools', 'pool_count', { type: 'number', min: 1, max: 32 }),
      this.field('qualifiers', 'pool_qualifiers', { type: 'number', min: 1, max: 16 }),
      this.field('target', 'target', { type: 'number', min: 1, list: d.game === 'pilotta' ? 'pilotta-targets' : 'diloti-targets' }),
      el('datalist', { id: 'pilotta-targets' }, [151, 251, 351, 401].map((v) => el('option', { value: v }))),
      el('datalist', { id: 'diloti-targets' }, [61, 121].map((v) => el('option', { value: v }))),
      this.field('hands', 'hands', { type: 'number', min: 0, max: 100 }),
      this.field('knockoutTarget', 'knockout_target', { type: 'number', min: 0 }),
      this.field('finalTarget', 'final_target', { type: 'number', min: 0 }),
      this.field('timeLimit', 'round_time_limit_minutes', { type: 'number', min: 0, max: 600 }),
      this.field('duplicate', 'duplicate_deals', { type: 'checkbox' }),
      this.field('noShowGrace', 'no_show_grace_minutes', { type: 'number', min: 0, max: 120 }),
      this.select('botLevel', 'bot_level', [['easy', t('botEasy')], ['strong', t('botStrong')]]),
      this.select('seeding', 'seeding', [['rating', t('byRating')], ['random', t('random')], ['manual', t('manual')]]),
      this.field('tieBreaks', 'tie_breaks'),
      this.select('byeScore', 'bye_score', [['win', t('win')], ['half', t('half')], ['nothing', t('nothing')]]),
      this.select('absentScore', 'absent_score', [['nothing', t('nothing')], ['half', t('half')], ['win', t('win')]]),
      this.field('limit', 'registration_limit', { type: 'number', min: 0 }),
      this.field('rated', 'rated', { type: 'checkbox' }),
      this.field('ratedOnly', 'rated_only', { type: 'checkbox' }),
      this.field('minRating', 'min_rating', { type: 'number', min: 0 }),
      this.field('maxRating', 'max_rating', { type: 'number', min: 0 }),
      this.field('startsAt', 'starts_at', { type: 'datetime-local' }),
      this.field('checkIn', 'check_in_minutes', { type: 'number', min: 0, max: 1440 }),
      this.field('lateEntry', 'late_entry_until_round', { type: 'number', min: 0 }),
      this.field('forbidden', 'forbidden'),
      el('button', { type: 'submit', class: 'primary' }, t('create')));
    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      try {
        const reply = await this.ask('create_tournament', { settings: settingsOf(this.draft) });
        this.draft = defaults(this.draft.game);
        this.event = reply.tournament;
        this.startRefresh();
      } catch { /* shown */ }
      this.onChange();
    });
    return form;
  }

  eventPage(account) {
    const v = this.event;
    const s = v.summary;
    const names = new Map((v.entrants || []).map((e) => [e.entrant, e.name]));
    const nameOf = (id) => names.get(id) || (id ? `#${id}` : t('bye'));
    const mine = (v.entrants || []).find((e) => e.status === 'registered' && (e.account_ids || []).includes(account.account_id));
    const director = s.director_id === account.account_id;
    return el('div', { class: 'tournament-page', 'data-tournament': s.tournament_id },
      actionButton(t('back'), () => this.load()),
      el('h2', {}, s.name),
      el('p', { class: 'event-line' }, `${s.game} · ${t(s.format)} · ${s.pairs ? t('pairsEvent') : t('playersEvent')} · `,
        el('span', { class: 'event-state' }, t(`state_${s.state}`), s.paused ? ` · ${t('paused')}` : ''),
        v.director_name ? ` · ${t('director')}: ${v.director_name}` : '',
        s.starts_unix_ms !== '0' ? ` · ${when(s.starts_unix_ms)}` : '',
        ` · ${t('seed')} ${v.settings.seed}`),
      this.invitationList(account),
      this.myActions(v, mine, account),
      this.entrantsTable(v),
      v.invitations && v.invitations.length ? el('section', {}, el('h3', {}, t('invitations')),
        el('ul', {}, v.invitations.map((i) => el('li', {}, `${i.inviter_name} → ${i.invitee_name} (${t('pending')})`)))) : null,
      this.roundsSection(v, nameOf),
      this.standingsTable(v, nameOf),
      this.bracketDrawing(v, nameOf),
      director ? this.directorControls(v) : null);
  }

  myActions(v, mine, account) {
    const s = v.summary;
    const id = s.tournament_id;
    const parts = [];
    const open = s.state === 'registering' || (s.state === 'running' && v.settings.late_entry_until_round > s.round);
    const invited = (v.invitations || []).some((i) => i.inviter_id === account.account_id);
    if (!account.guest && !mine && !invited && open) {
      if (s.pairs) {
        parts.push(this.input('partner', 'partner'), this.input('pairName', 'pair_name'),
          actionButton(t('invite'), () => this.change('enter_tournament',
            { tournament_id: id, partner_name: this.fields.partner || '', pair_name: this.fields.pair_name || '' }), { class: 'primary' }));
      } else {
        parts.push(actionButton(t('enter'), () => this.change('enter_tournament', { tournament_id: id }), { class: 'primary' }));
      }
    }
    if ((mine || invited) && s.state !== 'finished') {
      parts.push(actionButton(t('withdraw'), () => this.change('withdraw_from_tournament', { tournament_id: id })));
    }
    if (mine && v.check_in_open) {
      parts.push(actionButton(t('checkInNow'), () => this.change('check_in', { tournament_id: id }), { class: 'primary' }));
    } else if (mine && v.check_in_opens_unix_ms !== '0' && s.state === 'registering') {
      parts.push(el('span', { class: 'muted' }, ` ${t('checkInOpens')}: ${when(v.check_in_opens_unix_ms)}`));
    }
    return parts.length ? el('div', { class: 'my-actions' }, parts) : null;
  }

  input(label, name, attributes = {}) {
    return el('label', { class: 'field' }, el('span', {}, t(label)),
      el('input', { name: `t-${name}`, value: this.fields[name] || '', ...attributes,
        oninput: (e) => { this.fields[name] = e.target.value; } }));
  }

  entrantsTable(v) {
    const rows = (v.entrants || []).map((e) => el('tr', { 'data-entrant': e.entrant },
      el('td', {}, e.entrant), el('td', {}, e.name), el('td', {}, Math.round(e.rating)),
      el('td', { class: 'seed-rank' }, e.seed_rank || e.manual_rank || ''), el('td', {}, t(`status_${e.status}`)),
      v.check_in_opens_unix_ms !== '0' ? el('td', { class: 'check-in' }, e.checked_in ? t('checkedIn') : t('notCheckedIn')) : null));
    const apart = (v.settings.forbidden || []).map((p) => `${p.first}–${p.second}`);
    return el('section', {}, el('h3', {}, `${t('entrants')} (${v.summary.entrants})`),
      rows.length ? el('table', { class: 'entrants' }, el('tbody', {}, rows)) : el('p', { class: 'muted' }, t('none')),
      apart.length ? el('p', { class: 'kept-apart' }, `${t('keptApart')}: ${apart.join(', ')}`) : null);
  }

  roundsSection(v, nameOf) {
    if (!v.rounds || !v.rounds.length) return null;
    return el('section', { class: 'rounds' }, el('h3', {}, t('rounds')), v.rounds.map((r) => el('div', { class: 'round', 'data-round': r.round },
      el('h4', {}, `${t('round')} ${r.round}`, r.by_hand ? ` · ${t('byHand')}` : ''),
      el('ol', {}, (r.tables || []).map((table) => el('li', { class: 'pairing' },
        table.match_label ? `${table.match_label}: ` : '',
        `${nameOf(table.first)} ${t('versus')} ${nameOf(table.second)} · `,
        table.result ? `${table.result === 'forfeit' ? `${t('forfeit')} · ` : ''}${table.first_score || 0}–${table.second_score || 0}${table.winner ? ` → ${nameOf(table.winner)}` : ''}` : t('playing'),
        // The table is public: anyone may watch it; a played match's record is published.
        !table.result && table.table_id ? [' ', actionButton(t('watch'), () => this.joinTable(table.table_id), { class: 'watch' })] : null,
        table.result === 'played' && table.match_id && table.match_id !== '0'
          ? [' ', el('a', { class: 'record', href: `/matches/${table.match_id}/record`, target: '_blank', rel: 'noopener' }, t('record'))] : null))),
      (r.byes || []).length ? el('p', {}, `${t('bye')}: ${r.byes.map(nameOf).join(', ')}`) : null)));
  }

  standingsTable(v, nameOf) {
    if (!v.standings || !v.standings.length) return null;
    const columns = (v.columns || []).map((c) => ({ key: c.key, ...tieBreakText(c) }));
    return el('section', {}, el('h3', {}, t('standings')),
      el('table', { class: 'standings' },
        el('thead', {}, el('tr', {}, el('th', {}, t('place')), el('th', {}, t('entrant')),
          columns.map((c) => el('th', { title: c.explanation, 'data-key': c.key }, c.name)), el('th', {}, t('played')))),
        el('tbody', {}, v.standings.map((row) => el('tr', {},
          el('td', {}, row.place), el('td', {}, nameOf(row.entrant)),
          (row.values || []).map((value) => el('td', {}, Number.isInteger(value) ? value : value.toFixed(1))),
          el('td', {}, `${row.played} (${row.wins}-${row.draws}-${row.losses})`))))),
      el('dl', { class: 'tie-break-help' }, columns.flatMap((c) => [el('dt', {}, c.name), el('dd', {}, c.explanation)])));
  }

  // The bracket as columns, one per stage and round.
  bracketDrawing(v, nameOf) {
    if (!v.bracket || !v.bracket.length) return null;
    const columns = new Map();
    for (const match of v.bracket) {
      const key = `${match.stage}:${match.round}`;
      if (!columns.has(key)) columns.set(key, []);
      columns.get(key).push(match);
    }
    return el('section', {}, el('h3', {}, t('bracket')),
      el('div', { class: 'bracket' }, [...columns.values()].map((matches) => el('div', { class: 'bracket-round' },
        matches.map((m) => el('div', { class: `bracket-match ${m.status}`, 'data-match': m.match },
          el('small', {}, m.label),
          el('span', { class: m.winner && m.winner === m.first ? 'winner' : '' }, m.first ? nameOf(m.first) : '—'),
          el('span', { class: m.winner && m.winner === m.second ? 'winner' : '' }, m.second ? nameOf(m.second) : '—')))))));
  }

  directorControls(v) {
    const id = v.summary.tournament_id;
    const s = v.summary;
    const entrant = () => Number(this.fields.entrant) || 0;
    const parts = [];
    if (s.state === 'registering') parts.push(actionButton(t('start'), () => this.direct(id, 'start'), { class: 'primary' }));
    if (s.state !== 'finished') {
      parts.push(this.input('player', 'player'), s.pairs ? this.input('partner', 'partner2') : null,
        actionButton(t('addEntrant'), () => this.direct(id, 'add_entrant',
          { player_name: this.fields.player || '', partner_name: this.fields.partner2 || '' })),
        actionButton(t('addBot'), () => this.direct(id, 'add_bot')),
        this.input('entrant', 'entrant', { type: 'number', min: 1 }),
        actionButton(t('remove'), () => this.direct(id, 'remove_entrant', { entrant: entrant() })),
        actionButton(t('disqualify'), () => this.direct(id, 'disqualify', { entrant: entrant() })));
      if (s.state === 'running') {
        parts.push(this.input('replaceRound', 'pairing'),
          actionButton(t('replace'), () => {
            const [tables, byes = ''] = (this.fields.pairing || '').split(/bye|ρεπό/);
            const round = {
              tables: pairsOf(tables).map(([first, second]) => ({ first, second })),
              byes: byes.split(',').map((b) => Number(b.trim())).filter(Boolean),
            };
            this.direct(id, 'replace_round', { round });
          }));
      }
      if (s.state === 'running') {
        parts.push(this.input('pauseReason', 'reason'),
          actionButton(s.paused ? t('resume') : t('pause'), () => this.pauseOrResume(id, !s.paused), { class: 'pause' }));
      }
      if (s.format === 'swiss') {
        const other = () => Number(this.fields.other) || 0;
        parts.push(this.input('otherEntrant', 'other', { type: 'number', min: 1 }),
          actionButton(t('forbidPair'), () => this.direct(id, 'forbid_pair', { entrant: entrant(), other_entrant: other() })),
          actionButton(t('allowPair'), () => this.direct(id, 'allow_pair', { entrant: entrant(), other_entrant: other() })));
      }
      if (s.state === 'registering' && v.settings.seeding === 'manual') {
        parts.push(this.input('rank', 'rank', { type: 'number', min: 1 }),
          actionButton(t('setRank'), () => this.direct(id, 'set_rank', { entrant: entrant(), rank: Number(this.fields.rank) || 0 })));
      }
      parts.push(actionButton(t('endEarly'), () => this.direct(id, 'end_early')));
    }
    return el('section', { class: 'director' }, el('h3', {}, t('directorControls')), parts);
  }

  // Pause and resume answer ok, not the event: the event is read again after.
  async pauseOrResume(id, pause) {
    try {
      await this.ask(pause ? 'pause_tournament' : 'resume_tournament',
        pause ? { tournament_id: id, reason: this.fields.reason || '' } : { tournament_id: id });
      this.fields = {};
    } catch { /* shown */ }
    await this.open(id);
  }

  direct(id, action, fields = {}) {
    return this.change('direct_tournament', { tournament_id: id, action, ...fields });
  }
}
