// The replay viewer's logic (web/replay.js) in Node, on records written by `kafenio
// simulate` (random legal play): every hand of every match is dealt again from its seed
// and stepped through; each card played must be in its player's hand, and at each hand's
// end every hand and the stock are empty. Pilotta tricks are whole; Diloti tables hold
// only cards that were dealt.
//
// usage: node test_replay.mjs KAFENIO_BINARY WEB_DIR
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [binary, webDir] = process.argv.slice(2);
const { handPositions, parseRecord } = await import(pathToFileURL(join(webDir, 'replay.js')).href);
const folder = mkdtempSync(join(tmpdir(), 'kafenio-replay-'));
let hands = 0;
let moves = 0;
for (const [game, players, rules] of [['diloti', 2, 'online'], ['diloti', 4, 'online'], ['pilotta', 4, 'cyprus'], ['pilotta', 2, 'classic2'], ['pilotta', 4, 'classic']]) {
  const file = join(folder, `${game}-${players}-${rules}.txt`);
  execFileSync(binary, ['simulate', '--game', game, '--rules', rules, '--players', String(players), '--seed', '7', '--matches', '3', '--record', file], { stdio: 'ignore' });
  for (const text of readFileSync(file, 'utf8').split(/^end$/m).filter((t) => t.trim())) {
    const record = parseRecord(text);
    if (record.game !== game || record.players !== players) throw new Error(`header read as ${record.game}/${record.players}`);
    record.hands.forEach((hand, index) => {
      let positions;
      try { positions = handPositions(record, index); } catch (error) { throw new Error(`${game} ${rules} ${players}p match hand ${index + 1}: ${error.message}`); }
      const last = positions[positions.length - 1];
      const played = hand.moves.some((m) => m.kind === 'play' || game === 'diloti');
      if (played && last.hands.some((cards) => cards.length)) throw new Error(`${game} hand ${index + 1}: cards left in hand at its end: ${JSON.stringify(last.hands)}`);
      if (game === 'diloti' && last.stock.length) throw new Error(`diloti hand ${index + 1}: stock left: ${last.stock}`);
      if (game === 'pilotta' && played && last.trick.length !== players) throw new Error(`pilotta hand ${index + 1}: last trick has ${last.trick.length} cards`);
      hands += 1;
      moves += hand.moves.length;
    });
  }
}
console.log(`ok: ${hands} hands, ${moves} moves replayed`);
