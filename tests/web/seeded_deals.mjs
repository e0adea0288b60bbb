// Deals the tests can count on: the server derives each hand's seed from its secret, the
// match id and the hand number, and the first dealer from the secret and the table's
// number (docs/fairness.md, server/fairness/seed_commitment.cc). A test that starts a
// server on a fresh database with a secret of its choosing knows the first table's first
// deal in advance (table 1, match 1), and picks a secret whose deal holds what it needs to
// show. The deal itself is the SDK's (dealPilotta, dealDiloti: the engine's shuffle), and
// the tests check the page was dealt exactly that.
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

function littleEndian(value, bytes) {
  const out = Buffer.alloc(bytes);
  let v = BigInt.asUintN(bytes * 8, BigInt(value));
  for (let i = 0; i < bytes; i += 1) { out[i] = Number(v & 0xffn); v >>= 8n; }
  return out;
}

function keyedDigest(domain, secret, number, hand) {
  return createHash('sha256').update(domain).update(secret).update(littleEndian(number, 8))
    .update(littleEndian(hand, 4)).digest();
}

const firstEight = (digest) => digest.readBigUInt64LE(0);

export function handSeed(secret, matchId, hand) {
  return firstEight(keyedDigest('kafenio-seed-v2', secret, matchId, hand));
}

export function firstDealer(secret, tableNumber, seats) {
  return Number(firstEight(keyedDigest('kafenio-first-dealer-v1', secret, tableNumber, 0)) % BigInt(seats));
}

// The first secret from `start` on ("kafenio-web-test-N", hashed) whose first deal (table 1,
// match 1, hand 1) `wanted(deal, dealer)` accepts; the tests pass the N found when they
// were written, so the search is short, and still finds another should the shuffle change.
export async function secretFor(webDir, { game, seats, preset }, wanted, start = 0) {
  const sdk = await import(pathToFileURL(join(webDir, 'sdk', 'kafenio-client.js')).href);
  for (let n = start; n < start + 2000000; n += 1) {
    const secret = createHash('sha256').update(`kafenio-web-test-${n}`).digest();
    const dealer = firstDealer(secret, 1, seats);
    const seed = handSeed(secret, 1, 1);
    const deal = game === 'pilotta' ? sdk.dealPilotta(seed, dealer, preset) : sdk.dealDiloti(seed, dealer, seats);
    const found = wanted(deal, dealer);
    if (found) {
      const file = join(mkdtempSync(join(tmpdir(), 'kafenio-secret-')), 'server-secret');
      writeFileSync(file, `${secret.toString('hex')}\n`, { mode: 0o600 });
      return { n, file, deal, dealer, found };
    }
  }
  throw new Error('no secret found for the deal wanted');
}

// Diloti: a card's value (A 1 .. T 10; none for J Q K).
export function dilotiValue(card) {
  const rank = card.slice(0, -1);
  if (rank === 'A') return 1;
  if (rank === 'T') return 10;
  return /^[2-9]$/.test(rank) ? Number(rank) : null;
}

// Whether `values` split into groups that each sum to `v` (what one capture with a card
// of value v takes at once).
export function splitsInto(values, v) {
  if (!values.length) return true;
  const [first, ...rest] = values;
  const grow = (sum, left) => {
    if (sum === v) return splitsInto(left, v);
    for (let i = 0; i < left.length; i += 1) {
      if (sum + left[i] <= v && grow(sum + left[i], [...left.slice(0, i), ...left.slice(i + 1)])) return true;
    }
    return false;
  };
  return first <= v && grow(first, rest);
}
