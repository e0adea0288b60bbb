// The "Profile" tab: the player's rating in each mode with its history as a small graph
// (the server's stored rating history, get_rating_history: the rating after each rated
// match, oldest first, from the starting 1500), and the recent matches. `profile`:
// Results.profile (with `histories` by mode); `history`: Results.history.

import { el } from './dom.js';
import { t } from './i18n.js';
import { MODES, modeName, rounded } from './ratings.js';
import { historyPanel } from './match_history.js';
import { START_RATING } from './rating_changes.js';

const SVG = 'http://www.w3.org/2000/svg';

function svg(tag, attributes) {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  return element;
}

// A line through the ratings, with its lowest and highest values written at the side.
function ratingGraph(points, mode) {
  const width = 320;
  const height = 90;
  const low = Math.min(...points);
  const high = Math.max(...points);
  const span = Math.max(high - low, 1);
  const x = (i) => 34 + (i * (width - 44)) / Math.max(points.length - 1, 1);
  const y = (v) => 8 + ((high - v) * (height - 16)) / span;
  const graph = svg('svg', { viewBox: `0 0 ${width} ${height}`, class: 'rating-graph', role: 'img',
    'aria-label': t('profile.graphLabel', { mode: modeName(mode), from: rounded(points[0]), to: rounded(points[points.length - 1]) }),
    'data-points': points.map(rounded).join(' ') });
  graph.append(svg('polyline', { points: points.map((v, i) => `${x(i)},${y(v)}`).join(' '), fill: 'none', stroke: 'currentColor', 'stroke-width': 2 }));
  for (const [value, at] of [[high, 12], [low, height - 4]]) {
    const label = svg('text', { x: 2, y: at, 'font-size': 10, fill: 'currentColor' });
    label.textContent = rounded(value);
    graph.append(label);
  }
  return graph;
}

// A mode's ratings over time, oldest first: the starting rating (when the history is
// whole, not cut to its newest points), then the rating after each rated match.
function ratingSeries(history) {
  const points = ((history && history.points) || []).map((p) => Number(p.rating));
  if (!points.length) return [];
  return history.total === points.length ? [START_RATING, ...points] : points;
}

export function profilePanel(account, profile, history, onMore, onReplay) {
  if (account.guest) return el('section', { class: 'panel results-panel profile' }, el('h2', {}, t('lobby.tabProfile')), el('p', { class: 'muted' }, t('ratings.guest')));
  const ratings = (profile && profile.ratings) || [];
  const cards = MODES.map((mode) => {
    const rating = ratings.find((r) => r.mode === mode);
    const series = ratingSeries((profile && profile.histories || {})[mode]);
    return el('div', { class: 'profile-mode', 'data-mode': mode },
      el('h3', {}, modeName(mode)),
      rating ? el('p', {}, el('strong', { class: 'profile-rating' }, rounded(rating.rating)), ` (RD ${rounded(rating.rd)})`)
        : el('p', { class: 'muted' }, t('profile.unrated')),
      series.length >= 2 ? ratingGraph(series, mode) : null);
  });
  return el('div', { class: 'profile-screen' },
    el('section', { class: 'panel results-panel profile' }, el('h2', {}, t('profile.title', { name: account.name })),
      el('div', { class: 'profile-modes' }, cards)),
    historyPanel(history, onMore, onReplay));
}
