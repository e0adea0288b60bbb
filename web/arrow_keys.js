// Arrow keys move the keyboard's focus along one row of the table: the hand's cards, the
// cards and declarations in the middle, the bids. Tab goes from row to row (the middle,
// then the hand, then what to do with it), Space or Enter presses, Escape clears a
// half-built Diloti move.

const ROWS = '.hand, .table-cards, .bid-grid';
const KEYS = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };

export function moveAlongRow(event) {
  const step = KEYS[event.key];
  const from = document.activeElement;
  if (!step || !from || from.tagName !== 'BUTTON' || event.altKey || event.ctrlKey || event.metaKey) return;
  const row = from.closest(ROWS);
  if (!row) return;
  const buttons = [...row.querySelectorAll('button:not([disabled])')];
  const next = buttons[(buttons.indexOf(from) + step + buttons.length) % buttons.length];
  if (next && next !== from) {
    event.preventDefault(); // the page does not scroll
    next.focus();
  }
}
