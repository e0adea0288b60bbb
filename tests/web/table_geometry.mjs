// Geometry of the card table, read from the page (its boxes, not its pixels): the trick's
// cards at rest clear of the words in the middle (hand and trick numbers, the contract),
// the turn line and the seats; and nothing drawn over those words, even while cards move.
import { assert } from './page_helpers.mjs';

// Waits until no animation runs (cards have landed, a won trick has gone).
export function settled(page) {
  return page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), null, { timeout: 10000 });
}

// What the trick's cards overlap: the words of the middle, the turn line, the seats.
function overlapsInPage() {
  const hit = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  const named = (e) => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')}`;
  const cards = [...document.querySelectorAll('.trick > .trick-spot .card')];
  const words = [...document.querySelectorAll('.centre-info, .centre-info > *, .table-head .turn, .felt .seat-badge')];
  const found = [];
  for (const card of cards) {
    const c = card.getBoundingClientRect();
    for (const w of words) if (hit(c, w.getBoundingClientRect())) found.push(`${card.dataset.card} over ${named(w)}`);
  }
  return { cards: cards.length, found };
}

// The words of the middle and each seat's name are what is drawn at their centre (or the
// end-of-hand summary, which comes over the whole table on purpose).
function coveredInPage() {
  const covered = [];
  for (const w of document.querySelectorAll('.centre-info > *, .felt .seat-name')) {
    w.scrollIntoView({ block: 'nearest' });
    const b = w.getBoundingClientRect();
    if (!b.width) continue;
    const top = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
    if (top && !w.contains(top) && !top.closest('.hand-summary')) covered.push(`${w.className} under ${top.className.baseVal ?? top.className}`);
  }
  return covered;
}

// At rest, no trick card overlaps the words or the seats; returns how many cards it saw.
export async function trickClear(page, what) {
  await settled(page);
  const { cards, found } = await page.evaluate(overlapsInPage);
  assert(found.length === 0, `${what}: ${found.join(' | ')}`);
  return cards;
}

// Nothing lies over the words of the middle or the seats' names (at rest or in motion);
// only in view of the screen (elementFromPoint sees the viewport).
export async function wordsOnTop(page, what) {
  const covered = await page.evaluate(coveredInPage);
  assert(covered.length === 0, `${what}: ${covered.join(' | ')}`);
}
