// Moves from the view: whose turn it is, the legal moves the server listed (each a full
// Move, sent back as is), words for a move, and Pilotta's moves grouped as a table shows
// them. Diloti's move builder is in diloti_builder.ts.
import type { DilotiMoveFamily, DilotiView, GameView, Move, PilottaView } from '../gen/kafenio/v1/kafenio_pb.js';
import { cardLabel, suitSymbol } from './cards.js';
import { type FamilyMove, randomFamilyMove } from './diloti_families.js';

export type AnyView = PilottaView | DilotiView;

// The game's own view inside a GameView.
export function gameView(view: GameView | undefined): AnyView | undefined {
  return view?.game.value;
}

export function isMyTurn(view: GameView | undefined): boolean {
  const v = gameView(view);
  if (!v || v.viewer < 0 || v.toAct !== v.viewer) return false;
  return view!.game.case === 'pilotta' ? v.phase !== 'awaiting_deal' && v.phase !== 'match_over' : v.phase === 'play';
}

// The moves the viewer may send now (none when it is not their turn). In Diloti these are
// the plain moves only: numeral captures and group declarations come as families
// (dilotiMoves, and the builder in diloti_builder.ts).
export function legalMoves(view: GameView | undefined): Move[] {
  return isMyTurn(view) ? gameView(view)!.legalMoves : [];
}

// Moves the viewer may send now, to choose among: the legal moves, and in Diloti one random
// move of each move family (so that a simple bot also captures and builds groups).
export function playableMoves(view: GameView | undefined, random: () => number = Math.random): (Move | FamilyMove)[] {
  const { families } = dilotiMoves(view);
  return [...legalMoves(view), ...families.map((family) => randomFamilyMove(family, random))];
}

// Diloti: the viewer's legal moves as plain moves and move families (docs/protocol.md,
// "Diloti move families"), as the builder (diloti_builder.ts) takes them.
export function dilotiMoves(view: GameView | undefined): { moves: Move[]; families: DilotiMoveFamily[] } {
  if (view?.game.case !== 'diloti' || !isMyTurn(view)) return { moves: [], families: [] };
  return { moves: view.game.value.legalMoves, families: view.game.value.moveFamilies };
}

const CARD = /^[2-9TJQKA][cdhs]$/;

// A translated UI's words for a move's parts: `kind` for its first word ("play", "bid"),
// `token` for each word after it ("nt", "belote", "250"); undefined keeps the SDK's own
// (cards and suits as symbols, everything else as sent).
export type MoveWords = (word: string, role: 'kind' | 'token') => string | undefined;

function token(word: string, words?: MoveWords): string {
  const own = words?.(word, 'token');
  if (own !== undefined) return own;
  if (CARD.test(word)) return cardLabel(word);
  if (/^([cdhs]|nt|at)$/.test(word)) return suitSymbol(word);
  // Diloti groups: "3d+4s", "@7" (a declaration worth 7).
  if (word.includes('+')) return word.split('+').map((part) => token(part, words)).join('+');
  return word;
}

// "play Jh belote" → "Play J♥ belote".
export function moveLabel(move: Pick<Move, 'notation' | 'kind'>, words?: MoveWords): string {
  const parts = (move.notation || move.kind || '').split(/\s+/).filter(Boolean);
  if (parts.length === 0) return '?';
  const [first, ...rest] = parts;
  const kind = words?.(first, 'kind') ?? first[0].toUpperCase() + first.slice(1);
  return [kind, ...rest.map((word) => token(word, words))].join(' ');
}

export interface PilottaOptions {
  // Cards with exactly one legal play: pressing the card plays it.
  cardPlays: Map<string, Move>;
  // Every other move: auction calls but bids, declarations, a play with or without belote.
  calls: Move[];
  // Bids by value (250: capot), each with a move per suit, in the server's order.
  bids: Map<number, Move[]>;
}

// Pilotta's legal moves as a table lays them out.
export function pilottaOptions(view: GameView | undefined): PilottaOptions {
  const legal = view?.game.case === 'pilotta' ? legalMoves(view) : [];
  const plays = new Map<string, Move[]>();
  for (const move of legal.filter((m) => m.kind === 'play')) {
    plays.set(move.card, [...(plays.get(move.card) ?? []), move]);
  }
  const cardPlays = new Map<string, Move>();
  for (const [card, moves] of plays) if (moves.length === 1) cardPlays.set(card, moves[0]);
  const bids = new Map<number, Move[]>();
  for (const bid of legal.filter((m) => m.kind === 'bid')) bids.set(bid.value, [...(bids.get(bid.value) ?? []), bid]);
  const calls = legal.filter((m) => m.kind !== 'bid' && (m.kind !== 'play' || !cardPlays.has(m.card)));
  return { cardPlays, calls, bids };
}
