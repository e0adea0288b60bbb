// The Diloti table: the seats around the felt, each with its last move (what was played,
// captured or declared, and a xeri marked where it happened); the loose cards and
// declarations in the middle, with the captured cards sweeping to the capturer; each
// side's captures to look at; and the move builder: press a hand card, then the table
// cards and declarations the move takes or builds with; the preview says what the move
// does and whether it is legal, and only a move the server listed as legal can be sent:
// one of its plain moves, or a selection one of its move families describes (numeral
// captures and group declarations; docs/protocol.md, "Diloti move families").
// Every card and declaration is a button, so the keyboard works (Tab, Enter or Space;
// Escape clears the selection).

import { cardButton, cardFace, cardLabel } from './cards.js';
import { actionButton, el } from './dom.js';
import { sortHand } from './hand_order.js';
import { t } from './i18n.js';
import { animate } from './motion.js';
import { moveLabel } from './moves.js';
import { seatPosition, tableFrame } from './table_frame.js';
import { canAdd, describeMove, hasMoves, previewSelection } from './diloti_builder.js';

function declarationText(d, seatName) {
  return t(d.group ? 'diloti.group' : 'diloti.declared', { value: d.value, name: seatName(d.owner) });
}

// What a side's captures hold that scores: the aces, 10♦, 2♣, and how many cards.
function capturesSummary(cards, count) {
  const scoring = cards.filter((c) => c[0] === 'A' || c === 'Td' || c === '2c');
  return el('p', { class: 'captures-line' }, t('diloti.cardsCount', { n: count }),
    scoring.length ? [' · ', scoring.map((c) => el('span', { class: 'trick-card' }, cardFace(c)))] : null);
}

export function renderDiloti(view, ctx) {
  const myTurn = view.viewer >= 0 && view.to_act === view.viewer && view.phase === 'play';
  const legal = myTurn ? { moves: view.legal_moves || [], families: view.move_families || [] } : { moves: [], families: [] };
  const selected = myTurn && hasMoves(legal, ctx.selectedCard) ? ctx.selectedCard : null;
  const picked = selected ? ctx.picked : [];
  const table = { loose: view.loose || [], declarations: view.declarations || [] };
  const preview = previewSelection(legal, selected, picked, table);
  const seatName = ctx.seatName;
  const count = ctx.count;

  // A table item: a button on the player's turn (pressed when picked, highlighted when it
  // can join the selection), a plain face otherwise.
  const tableItem = (item, content, label) => {
    if (!myTurn) return content;
    const pressed = picked.includes(item);
    const usable = selected && (pressed || canAdd(legal, selected, picked, item));
    // Named by its content (the card's own name), after words only screen readers hear:
    // a label that replaced the content would not match what is seen.
    return actionButton([el('span', { class: 'visually-hidden' }, label), content], () => ctx.toggle(item), {
      class: `table-item${usable ? ' legal' : ''}`, 'data-item': item,
      'aria-pressed': pressed ? 'true' : 'false',
    });
  };

  // Each seat's last move, and a xeri where it happened.
  const extra = (seat) => {
    const last = (ctx.lastMoves || {})[seat];
    if (!last) return [];
    return [el('span', { class: `seat-last-move${last.xeri ? ' xeri' : ''}`, 'data-seat': seat },
      moveLabel(last.move), last.xeri ? el('strong', { class: 'xeri-mark' }, ` ${t('diloti.xeri')}!`) : null)];
  };

  // The cards of the last capture sweep to the capturer.
  const sweep = ctx.sweep && ctx.sweep.cards.length ? animate(el('div', { class: 'collecting sweep', 'aria-hidden': 'true' },
    ctx.sweep.cards.map((c) => el('div', { class: 'trick-spot at-middle' }, cardFace(c)))),
  `sweep-${ctx.sweep.key}`, `collect-to-${seatPosition(ctx.sweep.seat, ctx.base, count)}`, { delayMs: 500, durationMs: 450 }) : null;

  const sides = count === 4 ? 2 : count;
  // Outside play (between rounds, after the match) the view counts no captures: the
  // round just ended says how many each side took.
  const captured = (view.phase === 'play' ? view.captured_cards : view.last_result?.captured_cards) || [];
  const centre = [
    el('div', { class: 'centre-info' },
      el('span', { class: 'hand-number' }, t('common.handN', { n: view.hand_number })),
      el('span', { class: 'stock' }, t('diloti.stock', { n: view.stock_size })),
      el('span', { class: 'xeri-count' }, `${t('diloti.xeri')}: ${(view.xeri || []).join(' – ')}`)),
    el('section', { class: 'table-cards', 'aria-label': t('diloti.tableCards') },
      el('div', { class: 'loose' }, table.loose.length
        ? table.loose.map((card) => tableItem(card, cardFace(card), t('diloti.tableCard')))
        : el('span', { class: 'muted' }, t('diloti.noLoose'))),
      table.declarations.map((d) => el('div', { class: 'declaration' },
        tableItem(`@${d.value}`, el('span', {}, `${declarationText(d, seatName)}: `, d.cards.map(cardFace)), '')))),
    sweep,
  ];

  const hand = el('div', { class: 'hand', role: 'group', 'aria-label': t('common.yourHand') }, sortHand(view.hand || [], 'diloti').map((card) => {
    if (!myTurn) return cardFace(card);
    const button = cardButton(card, () => ctx.select(card === selected ? null : card));
    button.setAttribute('aria-pressed', card === selected ? 'true' : 'false');
    if (hasMoves(legal, card)) button.classList.add('legal');
    return button;
  }));

  const panel = el('aside', { class: 'side-panel', 'aria-label': t('common.yourOptions') },
    myTurn ? builderPanel(preview, selected, picked, legal, table, ctx) : null,
    el('details', { class: 'captures', open: ctx.isOpen('captures'), ontoggle: (e) => ctx.setOpen('captures', e.target.open) },
      el('summary', {}, t('diloti.captured', { counts: captured.join(' – ') })),
      Array.from({ length: sides }, (_, side) => el('div', { class: 'side-captures', 'data-side': side },
        el('strong', {}, ctx.teamNames[side]), capturesSummary((ctx.captures || [])[side] || [], captured[side] || ((ctx.captures || [])[side] || []).length)))));

  return tableFrame({
    game: 'diloti', count, base: ctx.base, label: t('common.table'),
    badge: (seat) => ctx.seatBadge(seat, extra(seat)), centre, hand, panel,
  });
}

// The preview and the buttons that send the built move, clear it, or list every move.
function builderPanel(preview, selected, picked, legal, table, ctx) {
  const send = preview.moves.map((move) => actionButton(
    preview.moves.length === 1 ? t('builder.play', { move: describeMove(move, table) }) : describeMove(move, table),
    () => ctx.play(move), { class: `primary play-move move-${move.kind}`, 'data-notation': move.notation }));
  return el('section', { class: 'builder', 'aria-label': t('builder.label') },
    el('p', { class: `preview preview-${preview.state}`, role: 'status', 'aria-live': 'polite' },
      preview.state === 'ready' ? t('builder.movePrefix') : '', preview.text),
    el('div', { class: 'actions' }, send,
      selected || picked.length ? actionButton(t('builder.clear'), () => ctx.select(null), { class: 'clear-selection' }) : null),
    // Every legal move, for players who prefer a list; each fills the builder. A family of
    // captures or groups is one entry, which picks its card and the parts it must take.
    el('details', { class: 'all-moves', open: ctx.allMovesOpen, ontoggle: (e) => ctx.showAllMoves(e.target.open) },
      el('summary', {}, t('builder.allMoves', { n: legal.moves.length + legal.families.length })),
      el('div', { class: 'actions' }, legal.moves.map((move) => actionButton(moveLabel(move), () => ctx.build(move),
        { class: `move move-${move.kind}`, 'data-notation': move.notation, title: describeMove(move, table) })),
      legal.families.map((family) => actionButton(familyLabel(family), () => ctx.buildFamily(family),
        { class: `move move-family move-${family.kind}`, 'data-family': `${family.kind} ${family.card} ${family.value}` })))));
}

// "Capture with 7♥: groups worth 7", "Group of 7 with 2♥".
function familyLabel(family) {
  return t(family.kind === 'group' ? 'builder.groupFamily' : 'builder.captureFamily',
    { card: cardLabel(family.card), value: family.value });
}
