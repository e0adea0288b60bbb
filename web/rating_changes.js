// What a rated match did to each player's rating, shown under "Match over": each seated
// player's rating before and after the match, from the server's stored rating history
// (get_rating_history: the point this match made, and the one before it, or the starting
// 1500 for a first rated match).

import { el } from './dom.js';
import { t } from './i18n.js';
import { rounded } from './ratings.js';

export const START_RATING = 1500; // a new player's rating (docs/ratings.md)

export class RatingChanges {
  // `request(name, body)`: the connection's request; `onChange()`: redraw.
  constructor(request, onChange) {
    this.request = request;
    this.onChange = onChange;
    this.matchId = null;
    this.rows = null;
  }

  // The rows for `matchId` (fetched once; null while they load). `players`: [{ seat,
  // accountId, name }] of the seated people; `mode`: the table's rating mode.
  rowsFor(matchId, players, mode) {
    if (this.matchId !== matchId) {
      this.matchId = matchId;
      this.rows = null;
      this.load(matchId, players, mode);
    }
    return this.rows;
  }

  async load(matchId, players, mode) {
    const rows = await Promise.all(players.map((p) => this.changeOf(matchId, p, mode)));
    if (this.matchId !== matchId) return;
    this.rows = rows.filter(Boolean);
    this.onChange();
  }

  // The player's change from this match; the result is stored before the match's end
  // reaches the page, but a read may meet a busy server: asked again a few times.
  async changeOf(matchId, player, mode) {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      try {
        const { rating_history: history } = await this.request('get_rating_history',
          { account_id: player.accountId, mode, limit: 2 });
        const points = history.points || [];
        const at = points.findIndex((p) => String(p.match_id) === String(matchId));
        if (at >= 0) {
          const before = at > 0 ? Number(points[at - 1].rating) : history.total === 1 ? START_RATING : null;
          return { ...player, before, after: Number(points[at].rating) };
        }
      } catch {
        // asked again below
      }
      await new Promise((wake) => { setTimeout(wake, 300); });
    }
    return null;
  }
}

// "Ratings: Ελένη 1500 → 1662 (+162) · Νίκος 1500 → 1338 (−162)".
export function ratingChangesPanel(rows) {
  if (!rows || !rows.length) return null;
  return el('p', { class: 'panel rating-changes', role: 'status', 'aria-label': t('rating.changesLabel') },
    t('rating.changes'), ' ',
    rows.map((r, i) => {
      const diff = r.before === null ? null : rounded(r.after) - rounded(r.before);
      const sign = diff === null ? '' : diff >= 0 ? `+${diff}` : `−${-diff}`;
      return [i ? ' · ' : '', el('span', { class: 'rating-change', 'data-account': r.accountId, 'data-seat': r.seat },
        el('strong', {}, r.name), ' ', r.before === null ? '' : `${rounded(r.before)} → `, el('strong', { class: 'after' }, rounded(r.after)),
        sign ? ` (${sign})` : '')];
    }));
}
