// The score sheet: one row per finished hand, from each view's `last_result`, which the
// server fills with the breakdown per team and the record's "hand N ..." line, and under
// each hand what the fair-deal check (fairness.js) found.

import { el } from './dom.js';

const PILOTTA_COLUMNS = [
  ['tricks', 'tricks'], ['card_points', 'card points'], ['declarations', 'declarations'],
  ['belote', 'belote'], ['points', 'points'], ['score', 'score'], ['totals', 'totals'],
];
const DILOTI_COLUMNS = [
  ['captured_cards', 'cards'], ['xeri', 'xeri'], ['most_cards', 'most cards'],
  ['ten_diamonds', '10♦'], ['two_clubs', '2♣'], ['aces', 'aces'], ['score', 'score'],
  ['totals', 'totals'],
];

export class ScoreSheet {
  constructor() {
    this.rows = new Map(); // hand number → HandResult
    this.fairness = new Map(); // hand number → { status, text } from verifyHand
  }

  reset() {
    this.rows.clear();
    this.fairness.clear();
  }

  // The sheet as plain data for session storage, and back.
  save() {
    return { rows: [...this.rows], fairness: [...this.fairness] };
  }

  restore(saved) {
    if (!saved) return;
    this.rows = new Map(saved.rows || []);
    this.fairness = new Map(saved.fairness || []);
  }

  setFairness(number, check) {
    this.fairness.set(number, check);
  }

  // A hand whose end this client did not see (it joined later) cannot be checked.
  fairnessOf(number) {
    return this.fairness.get(number)
      || { status: 'unchecked', text: 'deal not checked: the hand ended before you joined' };
  }

  record(result) {
    if (result && result.number > 0 && result.line) this.rows.set(result.number, result);
  }

  render(game, teamNames) {
    const columns = game === 'diloti' ? DILOTI_COLUMNS : PILOTTA_COLUMNS;
    const section = el('section', { class: 'score-sheet', 'aria-label': 'score sheet' },
      el('h3', {}, 'Score sheet'));
    if (this.rows.size === 0) {
      section.append(el('p', { class: 'muted' }, 'No hand finished yet.'));
      return section;
    }
    for (const result of [...this.rows.values()].sort((a, b) => b.number - a.number)) {
      const table = el('table', { class: 'hand-result' },
        el('caption', {}, `Hand ${result.number}`, result.annulled ? ' (annulled)' : '',
          game === 'pilotta' && !result.annulled ? (result.made ? ' — contract made' : ' — contract failed') : ''),
        el('tr', {}, el('th', {}, ''), teamNames.map((name) => el('th', { scope: 'col' }, name))),
        columns
          .filter(([field]) => Array.isArray(result[field]) && result[field].length)
          .map(([field, label]) => el('tr', {}, el('th', { scope: 'row' }, label),
            result[field].map((value) => el('td', {}, value)))));
      const fair = this.fairnessOf(result.number);
      section.append(table,
        el('p', { class: `fairness fair-${fair.status}`, 'data-hand': result.number },
          fair.status === 'warning' ? '⚠ ' : fair.status === 'verified' ? '✓ ' : '', fair.text),
        el('p', { class: 'result-line' }, el('code', {}, result.line)));
    }
    return section;
  }
}
