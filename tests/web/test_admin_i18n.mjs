// The admin console's message catalogue (web/admin/i18n.js, English and Greek), checked as
// test_i18n.mjs checks the player client's: both languages have every key, each message
// has the same {placeholders} in both, no message is empty, every key the page names
// (data-t in index.html, t('key') in the scripts) exists, and every key is used somewhere
// (keys the scripts pass as data, such as the dashboard's ['moves', ...], count as used).
//
// usage: node test_admin_i18n.mjs WEB_DIR
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [webDir] = process.argv.slice(2);
const adminDir = join(webDir, 'admin');
// The module reads the browser's storage and language when loaded: give it both.
globalThis.localStorage = { getItem: () => null, setItem: () => {} };
if (!globalThis.navigator) globalThis.navigator = { language: 'en' };
const { WORDS } = await import(pathToFileURL(join(adminDir, 'i18n.js')).href);

const problems = [];
const placeholders = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort().join(',');
const languages = Object.keys(WORDS);
if (languages.sort().join() !== 'el,en') problems.push(`languages: ${languages}`);
for (const [name, own, other] of [['en', WORDS.en, WORDS.el], ['el', WORDS.el, WORDS.en]]) {
  for (const key of Object.keys(own)) {
    if (!(key in other)) problems.push(`${key} is in ${name} only`);
    if (!String(own[key]).trim()) problems.push(`${key} is empty in ${name}`);
  }
}
for (const key of Object.keys(WORDS.en)) {
  if (key in WORDS.el && placeholders(WORDS.en[key]) !== placeholders(WORDS.el[key])) {
    problems.push(`${key}: placeholders differ: {${placeholders(WORDS.en[key])}} vs {${placeholders(WORDS.el[key])}}`);
  }
}

const html = readFileSync(join(adminDir, 'index.html'), 'utf8');
const scripts = readdirSync(adminDir).filter((f) => f.endsWith('.js') && f !== 'i18n.js')
  .map((f) => readFileSync(join(adminDir, f), 'utf8')).join('\n');
const named = [...html.matchAll(/data-t="([^"]+)"/g)].map((m) => m[1]);
const asked = [...scripts.matchAll(/\bt\('([^']+)'/g)].map((m) => m[1]);
if (named.length === 0 || asked.length === 0) problems.push('no keys found in the page or its scripts');
for (const key of [...named, ...asked]) {
  if (!(key in WORDS.en)) problems.push(`${key} is used in web/admin but in no catalogue`);
}
const literals = new Set([...scripts.matchAll(/'([A-Za-z]+)'/g)].map((m) => m[1]));
// Families of keys made at run time from a value (t(`tourStatus_${e.status}`)).
const families = [...scripts.matchAll(/t\(`([A-Za-z]+_)\$\{/g)].map((m) => m[1]);
for (const key of Object.keys(WORDS.en)) {
  if (families.some((family) => key.startsWith(family))) continue;
  if (!named.includes(key) && !literals.has(key) && key !== 'language') problems.push(`${key} is never used`);
}

if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(`ok: ${Object.keys(WORDS.en).length} console messages in English and Greek`);
