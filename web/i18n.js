// The player client's words in Greek and English: one message catalogue per language
// (messages_en.js, messages_el.js, with the same keys), chosen from the browser's
// language (Greek when it asks for Greek), switchable, and remembered in localStorage.
// Every module asks t(key, values); "{name}" in a message is filled from `values`.

import { MESSAGES_EN } from './messages_en.js';
import { MESSAGES_EL } from './messages_el.js';

export const CATALOGUES = { en: MESSAGES_EN, el: MESSAGES_EL };
const STORAGE_KEY = 'kafenio-language';

function storage() {
  try { return globalThis.localStorage || null; } catch { return null; }
}

// The remembered choice, else the browser's first language that we speak.
function initialLanguage() {
  const saved = storage() && storage().getItem(STORAGE_KEY);
  if (saved && CATALOGUES[saved]) return saved;
  const asked = (globalThis.navigator && (navigator.languages || [navigator.language])) || [];
  for (const tag of asked) {
    const code = String(tag || '').slice(0, 2).toLowerCase();
    if (CATALOGUES[code]) return code;
  }
  return 'en';
}

let current = initialLanguage();
const listeners = new Set();

export function language() {
  return current;
}

// A BCP 47 locale for dates and numbers in language `code` (the admin console asks it
// for its own choice of language).
export function localeOf(code) {
  return code === 'el' ? 'el-GR' : 'en-GB';
}

// The same for the chosen language.
export function locale() {
  return localeOf(current);
}

export function setLanguage(code) {
  if (!CATALOGUES[code] || code === current) return;
  current = code;
  if (storage()) storage().setItem(STORAGE_KEY, code);
  if (globalThis.document) document.documentElement.lang = code;
  for (const listener of listeners) listener(code);
}

export function onLanguageChange(listener) {
  listeners.add(listener);
}

export function t(key, values = {}) {
  const text = CATALOGUES[current][key] ?? MESSAGES_EN[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => String(values[name] ?? ''));
}

// Whether a message exists (for optional words such as error titles).
export function has(key) {
  return key in MESSAGES_EN;
}

if (globalThis.document) document.documentElement.lang = current;
