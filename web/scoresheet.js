// The score sheet: one row per finished hand, from each view's `last_result`, which the
// server fills with the breakdown per team and the record's "hand N ..." line, and under
// each hand what the fair-deal check (fairness.js) found.

import { el } from './dom.js';
import { t } from './i18n.js';

const PILOTTA_COLUMNS = ['tricks', 'card_points', 'declarations', 'belote', 'points', 'score', 'totals'];
const DILOTI_COLUMNS = ['captured_cards', 'xeri', 'most_cards', 'ten_diamonds', 'two_clubs', 'aces', 'score', 'totals'];

// A hand's breakdown per team: one row per figure the server filled in. Shared by the
// score sheet's details and the end-of-hand summary.
export function resultTable(result, game, teamNames) {
  const columns = game === 'diloti' ? DILOTI_COLUMNS : PILOTTA_COLUMNS;
  return el('table', { class: 'hand-result' },
    el('caption', {}, t('common.handN', { n: result.number }), result.annulled ? ` (${t('sheet.annulled')})` : '',
      game === 'pilotta' && !result.annulled ? ` — ${t(result.made ? 'sheet.made' : 'sheet.failed')}` : ''),
    el('tr', {}, el('th', {}, ''), teamNames.map((name) => el('th', { scope: 'col' }, name))),
    columns
      .filter((field) => Array.isArray(result[field]) && result[field].length)
      .map((field) => el('tr', {}, el('th', { scope: 'row' }, t(`sheet.${field}`)),
        result[field].map((value) => el('td', {}, value)))));
}

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
      || { status: 'unchecked', text: t('sheet.unchecked') };
  }

  record(result) {
    if (result && result.number > 0 && result.line) this.rows.set(result.number, result);
  }

  // One compact row per hand (its score and the totals after it, and the fair-deal
  // mark); the breakdown, the deal check's words and the record line on demand.
  render(game, teamNames) {
    const section = el('section', { class: 'score-sheet', 'aria-label': t('sheet.title') },
      el('h3', {}, t('sheet.title')));
    if (this.rows.size === 0) {
      section.append(el('p', { class: 'muted' }, t('sheet.empty')));
      return section;
    }
    const results = [...this.rows.values()].sort((a, b) => b.number - a.number);
    section.append(el('table', { class: 'score-rows' },
      el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, t('sheet.hand')),
        teamNames.map((name) => el('th', { scope: 'col' }, name)), el('th', { scope: 'col' }, t('sheet.fair')))),
      el('tbody', {}, results.map((result) => {
        const fair = this.fairnessOf(result.number);
        const mark = { verified: '✓', warning: '⚠' }[fair.status] || '–';
        return el('tr', { 'data-hand': result.number },
          el('th', { scope: 'row' }, result.number),
          (result.totals || []).map((total, i) => el('td', {}, `${total}`,
            el('span', { class: 'gain' }, ` (+${(result.score || [])[i] ?? 0})`))),
          el('td', { class: `fairness fair-${fair.status}`, 'data-hand': result.number, title: fair.text }, mark));
      }))));
    for (const result of results) {
      const fair = this.fairnessOf(result.number);
      section.append(el('details', { class: 'hand-details', 'data-hand': result.number },
        el('summary', {}, t('sheet.details', { n: result.number })),
        resultTable(result, game, teamNames),
        el('p', { class: `fairness-text fair-${fair.status}` }, fair.text),
        el('p', { class: 'result-line' }, el('code', {}, result.line))));
    }
    return section;
  }
}
