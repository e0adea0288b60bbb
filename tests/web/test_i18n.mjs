// The player client's message catalogues (web/messages_en.js, web/messages_el.js): both
// have every key, each message has the same {placeholders} in both languages, no message
// is empty, every t('key') written in web/*.js exists, and every key is used somewhere
// (keys built at run time, such as error.CODE and sheet.FIELD, are listed as families);
// and a hand is called a hand in every message.
//
// usage: node test_i18n.mjs WEB_DIR
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [webDir] = process.argv.slice(2);
const { MESSAGES_EN } = await import(pathToFileURL(join(webDir, 'messages_en.js')).href);
const { MESSAGES_EL } = await import(pathToFileURL(join(webDir, 'messages_el.js')).href);

const problems = [];
const placeholders = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort().join(',');
for (const [name, own, other] of [['en', MESSAGES_EN, MESSAGES_EL], ['el', MESSAGES_EL, MESSAGES_EN]]) {
  for (const key of Object.keys(own)) {
    if (!(key in other)) problems.push(`${key} is in ${name} only`);
    if (!String(own[key]).trim()) problems.push(`${key} is empty in ${name}`);
  }
}
for (const key of Object.keys(MESSAGES_EN)) {
  if (key in MESSAGES_EL && placeholders(MESSAGES_EN[key]) !== placeholders(MESSAGES_EL[key])) {
    problems.push(`${key}: placeholders differ: {${placeholders(MESSAGES_EN[key])}} vs {${placeholders(MESSAGES_EL[key])}}`);
  }
}

// One word for one thing: a deal and its play is a "hand" (Μοιρασιά), never a "round"
// (Γύρος) on one screen and a "hand" on another.
for (const [key, text] of Object.entries(MESSAGES_EN)) {
  if (/\brounds?\b/i.test(text)) problems.push(`${key} says "round" (a hand is called a hand): ${text}`);
}
for (const [key, text] of Object.entries(MESSAGES_EL)) {
  if (/γύρο|γύρω|γύρος/i.test(text)) problems.push(`${key} says "γύρος" (a hand is μοιρασιά): ${text}`);
}

// Keys written out in the code, and the families of keys made at run time ('fair.': from
// the reason the SDK's fair-deal check gives; 'builder.': the SDK's Diloti builder's keys).
const sources = readdirSync(webDir).filter((f) => f.endsWith('.js') && !f.startsWith('messages_'))
  .map((f) => readFileSync(join(webDir, f), 'utf8')).join('\n');
const written = new Set([...sources.matchAll(/'([a-zA-Z]+\.[A-Za-z0-9_-]+)'/g)].map((m) => m[1]));
const families = ['error.', 'sheet.', 'mode.', 'move.', 'rank.', 'suit.', 'result.', 'connection.', 'preset.', 'game.', 'bot.', 'fair.', 'builder.'];
const prefixes = new Set(Object.keys(MESSAGES_EN).map((k) => k.split('.')[0]));
for (const key of written) {
  if (prefixes.has(key.split('.')[0]) && !(key in MESSAGES_EN)) problems.push(`${key} is used in web/ but in no catalogue`);
}
for (const key of Object.keys(MESSAGES_EN)) {
  if (!written.has(key) && !families.some((f) => key.startsWith(f))) problems.push(`${key} is never used`);
}

if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(`ok: ${Object.keys(MESSAGES_EN).length} messages in English and Greek`);
