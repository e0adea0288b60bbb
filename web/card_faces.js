// Card faces drawn as SVG, our own drawing: corner indices, the pips of 2-10 in their
// usual places, framed court cards (J, Q, K with a cap, a circlet or a crown) and a
// large ace. Suits are paths, not font glyphs, so they look the same everywhere; their
// colour is `currentColor`, set in style.css per suit (two colours, or four with the
// four-colour option, which tells the suits apart without relying on red and black).

const SUIT_SHAPES = {
  // Each in a 10 × 10 box.
  h: '<path d="M5 9.6C1.2 6.6 0 4.6 0 3 0 1.3 1.2 0 2.7 0 3.8 0 4.6.6 5 1.6 5.4.6 6.2 0 7.3 0 8.8 0 10 1.3 10 3 10 4.6 8.8 6.6 5 9.6Z"/>',
  d: '<path d="M5 0 9 5 5 10 1 5Z"/>',
  s: '<path d="M5 0C8.8 3.2 10 5 10 6.4 10 7.9 8.9 8.9 7.6 8.9 6.7 8.9 5.9 8.4 5.5 7.7 5.7 8.8 6.3 9.5 7.1 10H2.9C3.7 9.5 4.3 8.8 4.5 7.7 4.1 8.4 3.3 8.9 2.4 8.9 1.1 8.9 0 7.9 0 6.4 0 5 1.2 3.2 5 0Z"/>',
  c: '<circle cx="5" cy="2.6" r="2.4"/><circle cx="2.5" cy="6.1" r="2.4"/><circle cx="7.5" cy="6.1" r="2.4"/><path d="M4.4 6 3.4 10H6.6L5.6 6Z"/>',
};

// Pip centres on a 60 × 84 card, by rank.
const L = 19;
const C = 30;
const R = 41;
const PIPS = {
  2: [[C, 18], [C, 66]],
  3: [[C, 18], [C, 42], [C, 66]],
  4: [[L, 18], [R, 18], [L, 66], [R, 66]],
  5: [[L, 18], [R, 18], [C, 42], [L, 66], [R, 66]],
  6: [[L, 18], [R, 18], [L, 42], [R, 42], [L, 66], [R, 66]],
  7: [[L, 18], [R, 18], [C, 30], [L, 42], [R, 42], [L, 66], [R, 66]],
  8: [[L, 18], [R, 18], [C, 30], [L, 42], [R, 42], [C, 54], [L, 66], [R, 66]],
  9: [[L, 18], [R, 18], [L, 34], [R, 34], [C, 42], [L, 50], [R, 50], [L, 66], [R, 66]],
  T: [[L, 18], [R, 18], [C, 26], [L, 34], [R, 34], [L, 50], [R, 50], [C, 58], [L, 66], [R, 66]],
};

// What a court card wears, above its letter: a cap, a circlet, a crown.
const HEADWEAR = {
  J: '<path d="M22 30h16l-2-7c-3-3-9-3-12 0Z"/><path d="M36 23l6-5" stroke="currentColor" stroke-width="1.6" fill="none"/>',
  Q: '<path d="M22 30h16l1-8-4 4-5-6-5 6-4-4Z"/><circle cx="30" cy="19" r="1.6"/>',
  K: '<path d="M21 30h18l2-11-6 5-5-8-5 8-6-5Z"/><circle cx="30" cy="15" r="1.8"/>',
};

function suitAt(suit, x, y, size, flip = false) {
  const scale = size / 10;
  const turn = flip ? ` rotate(180 ${x} ${y})` : '';
  return `<g transform="${turn} translate(${x - size / 2} ${y - size / 2}) scale(${scale})">${SUIT_SHAPES[suit]}</g>`;
}

function corner(rank, suit) {
  const text = rank === 'T' ? '10' : rank;
  const narrow = rank === 'T' ? ' textLength="11" lengthAdjust="spacingAndGlyphs"' : '';
  return `<text x="7.5" y="13" text-anchor="middle" font-size="12" font-weight="700"${narrow}>${text}</text>${suitAt(suit, 7.5, 20, 7)}`;
}

function centre(rank, suit) {
  if (rank === 'A') return suitAt(suit, 30, 42, 26);
  if (PIPS[rank]) return PIPS[rank].map(([x, y]) => suitAt(suit, x, y, 10, y > 42)).join('');
  // A court card: a frame, its headwear, its letter and its suit.
  return '<rect x="14" y="11" width="32" height="62" rx="3" fill="none" stroke="currentColor" stroke-width="1.2"/>'
    + `<g>${HEADWEAR[rank] || ''}</g>`
    + `<text x="30" y="50" text-anchor="middle" font-size="20" font-weight="700">${rank}</text>`
    + suitAt(suit, 30, 62, 10);
}

// The SVG markup of a face-up card, "Th" → ten of hearts. Unknown codes draw a blank.
export function cardSvg(code) {
  const rank = code.slice(0, -1);
  const suit = code.slice(-1);
  const known = SUIT_SHAPES[suit] && (PIPS[rank] || HEADWEAR[rank] || rank === 'A');
  const body = known
    ? `${corner(rank, suit)}<g transform="rotate(180 30 42)">${corner(rank, suit)}</g>${centre(rank, suit)}`
    : '';
  return `<svg viewBox="0 0 60 84" aria-hidden="true" focusable="false" fill="currentColor">`
    + `<rect class="card-paper" x="0.5" y="0.5" width="59" height="83" rx="5"/>${body}</svg>`;
}
