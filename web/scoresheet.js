// The score sheet: the SDK's model (one row per finished hand, from each view's
// `last_result`, with the breakdown per team, the record's "hand N ..." line and what the
// fair-deal check found), drawn here in the page's language.

import { HandResultSchema, ScoreSheet as ScoreSheetModel, fromJson, handBreakdown } from './sdk/kafenio-client.js';
import { el } from './dom.js';
import { t } from './i18n.js';

// A result as the page holds it (the server's JSON form) as the SDK's message.
const resultMessage = (result) => fromJson(HandResultSchema, result, { ignoreUnknownFields: true });

// A hand's breakdown per team (`row`: the SDK's ScoreRow): one row per figure the server
// filled in.
function breakdownTable(row, game, teamNames) {
  return el('table', { class: 'hand-result' },
    el('caption', {}, t('common.handN', { n: row.number }), row.annulled ? ` (${t('sheet.annulled')})` : '',
      game === 'pilotta' && !row.annulled ? ` — ${t(row.made ? 'sheet.made' : 'sheet.failed')}` : ''),
    el('tr', {}, el('th', {}, ''), teamNames.map((name) => el('th', { scope: 'col' }, name))),
    row.lines.map((line) => el('tr', {}, el('th', { scope: 'row' }, t(`sheet.${line.name}`)),
      line.values.map((value) => el('td', {}, value)))));
}

// The same for a result as the page holds it: the end-of-hand summary's.
export function resultTable(result, game, teamNames) {
  return breakdownTable({ ...result, lines: handBreakdown(resultMessage(result), game) }, game, teamNames);
}

export class ScoreSheet extends ScoreSheetModel {
  // `result`: a view's `last_result` or a hand's end, as the page holds them.
  record(result) {
    if (result) super.record(resultMessage(result));
  }

  // A hand whose end this client did not see (it joined later) cannot be checked.
  fairnessOf(number) {
    const fair = super.fairnessOf(number);
    return fair.reason === 'unchecked' ? { ...fair, text: t('sheet.unchecked') } : fair;
  }

  // One compact row per hand (its score and the totals after it, and the fair-deal
  // mark); the breakdown, the deal check's words and the record line on demand.
  render(game, teamNames) {
    const section = el('section', { class: 'score-sheet', 'aria-label': t('sheet.title') },
      el('h3', {}, t('sheet.title')));
    const rows = this.rows(game);
    if (rows.length === 0) {
      section.append(el('p', { class: 'muted' }, t('sheet.empty')));
      return section;
    }
    section.append(el('table', { class: 'score-rows' },
      el('thead', {}, el('tr', {}, el('th', { scope: 'col' }, t('sheet.hand')),
        teamNames.map((name) => el('th', { scope: 'col' }, name)), el('th', { scope: 'col' }, t('sheet.fair')))),
      el('tbody', {}, rows.map((row) => {
        const fair = row.fairness;
        const mark = { verified: '✓', warning: '⚠' }[fair.status] || '–';
        return el('tr', { 'data-hand': row.number },
          el('th', { scope: 'row' }, row.number),
          row.totals.map((total, i) => el('td', {}, `${total}`,
            el('span', { class: 'gain' }, ` (+${row.score[i] ?? 0})`))),
          el('td', { class: `fairness fair-${fair.status}`, 'data-hand': row.number, title: fair.text }, mark));
      }))));
    for (const row of rows) {
      const fair = row.fairness;
      section.append(el('details', { class: 'hand-details', 'data-hand': row.number },
        el('summary', {}, t('sheet.details', { n: row.number })),
        breakdownTable(row, game, teamNames),
        el('p', { class: `fairness-text fair-${fair.status}` }, fair.text),
        el('p', { class: 'result-line' }, el('code', {}, row.line))));
    }
    return section;
  }
}
