// The Diloti table: loose cards, declarations, the stock and the hand, with the move
// builder: press a hand card, then the table cards and declarations the move takes or
// builds with; the preview says what the move does and whether it is legal, and only a
// move the server listed as legal can be sent. Every card and declaration is a button,
// so the keyboard works (Tab, Enter or Space; Escape clears the selection).

import { cardBack, cardButton, cardFace } from './cards.js';
import { actionButton, el } from './dom.js';
import { moveLabel } from './moves.js';
import { canAdd, describeMove, movesWithCard, previewSelection } from './diloti_builder.js';

function declarationText(d, seatName) {
  return `${d.group ? 'Group' : 'Declared'} ${d.value} by ${seatName(d.owner)}`;
}

export function renderDiloti(view, ctx) {
  const myTurn = view.viewer >= 0 && view.to_act === view.viewer && view.phase === 'play';
  const legal = myTurn ? view.legal_moves || [] : [];
  const selected = myTurn && movesWithCard(legal, ctx.selectedCard).length ? ctx.selectedCard : null;
  const picked = selected ? ctx.picked : [];
  const table = { loose: view.loose || [], declarations: view.declarations || [] };
  const preview = previewSelection(legal, selected, picked, table);
  const seatName = ctx.seatName;

  // A table item: a button on the player's turn (pressed when picked, highlighted when it
  // can join the selection), a plain face otherwise.
  const tableItem = (item, content, label) => {
    if (!myTurn) return content;
    const pressed = picked.includes(item);
    const usable = selected && (pressed || canAdd(legal, selected, picked, item));
    return actionButton(content, () => ctx.toggle(item), {
      class: `table-item${usable ? ' legal' : ''}`, 'data-item': item,
      'aria-pressed': pressed ? 'true' : 'false', 'aria-label': label,
    });
  };

  return el('div', { class: 'game diloti' },
    el('div', { class: 'status-line' },
      el('span', {}, `Round ${view.hand_number} · stock ${view.stock_size}`),
      el('span', {}, `Captured: ${(view.captured_cards || []).join(' – ')} · xeri: ${(view.xeri || []).join(' – ')}`)),
    el('ul', { class: 'seats' }, view.hand_sizes.map((size, seat) =>
      el('li', { class: seat === view.to_act ? 'seat to-act' : 'seat' },
        el('span', { class: 'seat-name' }, seatName(seat)), ' ',
        el('span', { class: 'hand-size', 'aria-label': `${size} cards` }, Array.from({ length: size }, cardBack))))),
    el('section', { class: 'table-cards', 'aria-label': 'table' },
      el('h3', {}, 'Table'),
      el('div', { class: 'loose' }, table.loose.length
        ? table.loose.map((card) => tableItem(card, cardFace(card), `table card ${cardFace(card).textContent}`))
        : el('span', { class: 'muted' }, 'no loose cards')),
      table.declarations.map((d) => el('div', { class: 'declaration' },
        tableItem(`@${d.value}`, el('span', {}, `${declarationText(d, seatName)}: `, d.cards.map(cardFace)),
          `${declarationText(d, seatName)}: ${d.cards.join(' ')}`)))),
    myTurn ? builderPanel(preview, selected, picked, legal, table, ctx) : null,
    el('div', { class: 'hand', 'aria-label': 'your hand' }, (view.hand || []).map((card) => {
      if (!myTurn) return cardFace(card);
      const button = cardButton(card, () => ctx.select(card === selected ? null : card));
      button.setAttribute('aria-pressed', card === selected ? 'true' : 'false');
      if (movesWithCard(legal, card).length) button.classList.add('legal');
      return button;
    })));
}

// The preview and the buttons that send the built move, clear it, or list every move.
function builderPanel(preview, selected, picked, legal, table, ctx) {
  const send = preview.moves.map((move) => actionButton(
    preview.moves.length === 1 ? `Play: ${describeMove(move, table)}` : describeMove(move, table),
    () => ctx.play(move), { class: `primary play-move move-${move.kind}`, 'data-notation': move.notation }));
  return el('section', { class: 'builder', 'aria-label': 'your move' },
    el('p', { class: `preview preview-${preview.state}`, role: 'status', 'aria-live': 'polite' },
      preview.state === 'ready' ? 'Move: ' : '', preview.text),
    el('div', { class: 'actions' }, send,
      selected || picked.length ? actionButton('Clear selection', () => ctx.select(null), { class: 'clear-selection' }) : null),
    // Every legal move, for players who prefer a list; each fills the builder.
    el('details', { class: 'all-moves', open: ctx.allMovesOpen, ontoggle: (e) => ctx.showAllMoves(e.target.open) },
      el('summary', {}, `All legal moves (${legal.length})`),
      el('div', { class: 'actions' }, legal.map((move) => actionButton(moveLabel(move), () => ctx.build(move),
        { class: `move move-${move.kind}`, 'data-notation': move.notation, title: describeMove(move, table) })))));
}
