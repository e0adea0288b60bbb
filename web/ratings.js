// Rating modes (docs/ratings.md) and how a rating reads: rounded, with its deviation (RD),
// the uncertainty Glicko-2 keeps next to it.

import { el } from './dom.js';
import { t } from './i18n.js';

export const MODES = ['diloti-1v1', 'diloti-2v2', 'pilotta'];

export function modeName(mode) {
  return MODES.includes(mode) ? t(`mode.${mode}`) : mode;
}

export function rounded(value) {
  return Math.round(Number(value) || 0);
}

// The lobby header's line: the player's rating in each mode played rated. `profile` is
// the server's Profile, or null while it loads.
export function ratingsSummary(account, profile) {
  if (account.guest) return el('p', { class: 'ratings muted' }, t('ratings.guest'));
  if (!profile) return el('p', { class: 'ratings muted' }, t('ratings.loading'));
  if (profile.failed) return el('p', { class: 'ratings muted' }, t('ratings.failed'));
  const ratings = profile.ratings || [];
  if (!ratings.length) return el('p', { class: 'ratings muted' }, t('ratings.none'));
  return el('p', { class: 'ratings', 'aria-label': t('ratings.label') }, t('ratings.yours'),
    ratings.map((r, i) => [i ? ' · ' : '',
      el('span', { class: 'rating', 'data-mode': r.mode },
        `${modeName(r.mode)} `, el('strong', {}, rounded(r.rating)), ` (RD ${rounded(r.rd)})`)]));
}
