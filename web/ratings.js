// Rating modes (docs/ratings.md) and how a rating reads: rounded, with its deviation (RD),
// the uncertainty Glicko-2 keeps next to it.

import { el } from './dom.js';

export const MODES = [
  ['diloti-1v1', 'Diloti 1v1'],
  ['diloti-2v2', 'Diloti 2v2'],
  ['pilotta', 'Pilotta'],
];

export function modeName(mode) {
  const found = MODES.find(([id]) => id === mode);
  return found ? found[1] : mode;
}

export function rounded(value) {
  return Math.round(Number(value) || 0);
}

// The lobby header's line: the player's rating in each mode played rated. `profile` is
// the server's Profile, or null while it loads.
export function ratingsSummary(account, profile) {
  if (account.guest) return el('p', { class: 'ratings muted' }, 'Guests are not rated: register to play rated tables.');
  if (!profile) return el('p', { class: 'ratings muted' }, 'Loading your ratings…');
  if (profile.failed) return el('p', { class: 'ratings muted' }, 'Could not load your ratings.');
  const ratings = profile.ratings || [];
  if (!ratings.length) return el('p', { class: 'ratings muted' }, 'Not rated yet: play a match at a rated table.');
  return el('p', { class: 'ratings', 'aria-label': 'your ratings' }, 'Your ratings: ',
    ratings.map((r, i) => [i ? ' · ' : '',
      el('span', { class: 'rating', 'data-mode': r.mode },
        `${modeName(r.mode)} `, el('strong', {}, rounded(r.rating)), ` (RD ${rounded(r.rd)})`)]));
}
