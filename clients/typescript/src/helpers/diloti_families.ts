// Diloti's move families (docs/protocol.md, "Diloti move families"): the view lists the
// numeral captures and group declarations of the player to act as families instead of
// one by one (there can be hundreds of thousands). A family is one hand card, a kind
// (capture or group) and a value, with the parts a move may combine ("7d", "2s+5s", "@7"),
// for a group also its anchors (the played card's own component, "2h+5s"), and the parts
// every move must take. A move of the family is one anchor (groups) and one or more pairwise
// disjoint parts with every required part; it is sent as Move{kind, card, groups}.
//
// Here a selection of table items ("7d", "@7") is matched against a family without listing
// its moves: whether the items are exactly one legal move's (then the groups to send), and
// whether more items can still make one.
import type { DilotiMoveFamily, Move } from '../gen/kafenio/v1/kafenio_pb.js';

export type FamilyLike = Pick<DilotiMoveFamily, 'kind' | 'card' | 'value' | 'anchors' | 'parts' | 'required'>;
// A built move: what the server accepts, in the form of its listed moves.
export type FamilyMove = Pick<Move, 'kind' | 'card' | 'value' | 'groups' | 'notation'>;

interface Group {
  text: string; // as sent: "2s+5s", "@7"; an anchor with the played card, "2h+5s"
  mask: bigint; // its table items, as bits of the family's item index
}

// A family indexed for matching: each table item it can use numbered, each part and
// anchor a bit mask over those numbers. Built once per family and view (see indexFamily).
export interface IndexedFamily {
  family: FamilyLike;
  items: Map<string, number>;
  parts: Group[];
  anchors: Group[]; // groups: the anchors' table items (without the played card); captures: one empty
  required: bigint; // the union of the required parts
  byItem: Map<number, number[]>; // the parts holding each item, most items last
  // Each item's value (a card's; 0 for a declaration), and whether the parts are closed
  // under swapping cards of one value (as the server's are: every set of loose numerals
  // worth the value is a part). Then which items are still open or free matters only by
  // how many of each value, and the search remembers its failures by those counts.
  values: number[];
  symmetric: boolean;
}

const indexed = new WeakMap<object, IndexedFamily>();

function itemsOfGroup(text: string, card: string): string[] {
  return text.split('+').filter((item) => item !== card);
}

export function indexFamily(family: FamilyLike): IndexedFamily {
  const cached = indexed.get(family);
  if (cached) return cached;
  const items = new Map<string, number>();
  const maskOf = (list: string[]) => list.reduce((mask, item) => {
    if (!items.has(item)) items.set(item, items.size);
    return mask | (1n << BigInt(items.get(item)!));
  }, 0n);
  const parts = (family.parts ?? []).map((text) => ({ text, mask: maskOf(itemsOfGroup(text, family.card)) }));
  const anchors = family.kind === 'group'
    ? (family.anchors ?? []).map((text) => ({ text, mask: maskOf(itemsOfGroup(text, family.card)) }))
    : [{ text: '', mask: 0n }];
  const required = (family.required ?? []).reduce((mask, i) => mask | (parts[i]?.mask ?? 0n), 0n);
  const byItem = new Map<number, number[]>();
  const partBits = parts.map((part, index) => {
    const bits: number[] = [];
    for (let bit = 0; bit < items.size; bit += 1) {
      if ((part.mask >> BigInt(bit)) & 1n) {
        bits.push(bit);
        const list = byItem.get(bit);
        if (list) list.push(index); else byItem.set(bit, [index]);
      }
    }
    return bits;
  });
  for (const list of byItem.values()) list.sort((a, b) => popcount(parts[a].mask) - popcount(parts[b].mask));
  const names = [...items.keys()];
  const values = names.map(cardValue);
  const result = { family, items, parts, anchors, required, byItem, values, symmetric: closedUnderSwaps(parts, partBits, values) };
  indexed.set(family, result);
  return result;
}

// A card's value (A 1, 2-9, T 10; 0 for a face card or a declaration "@7").
function cardValue(item: string): number {
  if (item.startsWith('@')) return 0;
  const rank = item[0];
  return rank === 'A' ? 1 : rank === 'T' ? 10 : Number(rank) || 0;
}

// Whether replacing any card of any part by another item of its value (not in the part)
// gives a part again. `partBits`: each part's items.
function closedUnderSwaps(parts: Group[], partBits: number[][], values: number[]): boolean {
  const masks = new Set(parts.map((p) => p.mask));
  const byValue = new Map<number, number[]>();
  values.forEach((value, bit) => { if (value) byValue.set(value, [...(byValue.get(value) ?? []), bit]); });
  return parts.every((part, index) => partBits[index].every((bit) => (byValue.get(values[bit]) ?? []).every((other) =>
    ((part.mask >> BigInt(other)) & 1n) === 1n || masks.has((part.mask & ~(1n << BigInt(bit))) | (1n << BigInt(other))))));
}

// What the search remembers a failure by: the items still to cover and those still free
// (`used` within the family's items, `goal` the picked ones), by value when the parts allow.
function failureKey(f: IndexedFamily, goal: bigint, used: bigint): string | bigint {
  if (!f.symmetric) return used;
  const open = new Array(11).fill(0);
  const free = new Array(11).fill(0);
  let declarations = '';
  for (let bit = 0; bit < f.values.length; bit += 1) {
    const b = BigInt(bit);
    const isUsed = (used >> b) & 1n;
    const isGoal = (goal >> b) & 1n;
    if (f.values[bit] === 0) declarations += isUsed ? 'u' : isGoal ? 'o' : 'f';
    else if (!isUsed) (isGoal ? open : free)[f.values[bit]] += 1;
  }
  return `${open.join(',')}/${free.join(',')}/${declarations}`;
}

function popcount(mask: bigint): number {
  let n = 0;
  for (let m = mask; m; m &= m - 1n) n += 1;
  return n;
}

function lowestBit(mask: bigint): number {
  let bit = 0;
  while (!((mask >> BigInt(bit)) & 1n)) bit += 1;
  return bit;
}

// The picked items as a mask over the family's items; null when one is not in the family.
function pickedMask(f: IndexedFamily, picked: readonly string[]): bigint | null {
  let mask = 0n;
  for (const item of picked) {
    const bit = f.items.get(item);
    if (bit === undefined) return null;
    mask |= 1n << BigInt(bit);
  }
  return mask;
}

// Covers every item of `goal` not in `used` with disjoint parts (and, when `exact`, uses no
// item outside goal). Returns the chosen parts, or null. Each step covers the lowest item
// still uncovered, so every cover is found once; failures are remembered (failureKey).
function cover(f: IndexedFamily, goal: bigint, used: bigint, exact: boolean, failed: Set<string | bigint>): number[] | null {
  const open = goal & ~used;
  if (open === 0n) return [];
  const key = failureKey(f, goal, used);
  if (failed.has(key)) return null;
  for (const index of f.byItem.get(lowestBit(open)) ?? []) {
    const part = f.parts[index].mask;
    if (part & used) continue;
    if (exact && (part & ~goal)) continue;
    const rest = cover(f, goal, used | part, exact, failed);
    if (rest) return [index, ...rest];
  }
  failed.add(key);
  return null;
}

// A legal selection whose items are exactly `picked` (exact) or include them (not exact):
// its anchor and parts, or null. A partial selection is completed by the required parts
// and, when it has no part yet, by any part that fits.
function selection(f: IndexedFamily, picked: readonly string[], exact: boolean): Group[] | null {
  const goal = pickedMask(f, picked);
  if (goal === null) return null;
  const requiredParts = (f.family.required ?? []).map((i) => f.parts[i]);
  for (const anchor of f.anchors) {
    const start = anchor.mask | f.required;
    if (popcount(start) !== popcount(anchor.mask) + popcount(f.required)) continue; // overlapping
    if (exact && (start & ~goal)) continue;
    const chosen = cover(f, goal, start, exact, new Set());
    if (!chosen) continue;
    const parts = [...requiredParts, ...chosen.map((i) => f.parts[i])];
    if (parts.length === 0) {
      if (exact) continue;
      const fits = f.parts.find((part) => !(part.mask & start));
      if (!fits) continue;
      parts.push(fits);
    }
    return f.family.kind === 'group' ? [anchor, ...parts] : parts;
  }
  return null;
}

function moveOf(f: IndexedFamily, groups: Group[]): FamilyMove {
  const family = f.family;
  const texts = groups.map((g) => g.text);
  return { kind: family.kind, card: family.card, value: family.value, groups: texts,
    notation: [family.kind, family.card, ...texts].join(' ') };
}

// The family's move that uses exactly the picked items, or null.
export function familyMatch(family: FamilyLike, picked: readonly string[]): FamilyMove | null {
  const f = indexFamily(family);
  const groups = selection(f, picked, true);
  return groups ? moveOf(f, groups) : null;
}

// A move of the family that uses at least the picked items (one of possibly many), or null.
export function familyCompletion(family: FamilyLike, picked: readonly string[]): FamilyMove | null {
  const f = indexFamily(family);
  const groups = selection(f, picked, false);
  return groups ? moveOf(f, groups) : null;
}

// A random move of the family: a random anchor (groups; the next one if no part fits beside
// it), the required parts, then the other parts in random order, each taken with
// probability one half when it fits (at least one part). For bots and tests.
export function randomFamilyMove(family: FamilyLike, random: () => number = Math.random): FamilyMove {
  const f = indexFamily(family);
  const shuffled = <T>(list: readonly T[]) => list.map((x) => ({ x, k: random() })).sort((a, b) => a.k - b.k).map((e) => e.x);
  const requiredParts = (family.required ?? []).map((i) => f.parts[i]);
  for (const anchor of shuffled(f.anchors)) {
    let used = anchor.mask;
    const groups: Group[] = family.kind === 'group' ? [anchor] : [];
    let parts = 0;
    for (const part of [...requiredParts, ...shuffled(f.parts.filter((p) => !requiredParts.includes(p)))]) {
      const required = requiredParts.includes(part);
      if ((part.mask & used) || (!required && parts > 0 && random() < 0.5)) continue;
      used |= part.mask;
      groups.push(part);
      parts += 1;
    }
    if (parts > 0) return moveOf(f, groups);
  }
  throw new Error(`no legal selection in the ${family.kind} family of ${family.card}`);
}
