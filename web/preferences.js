// The player's choices kept in this browser: the four-colour deck, sound, the
// notification on their turn, and staying signed in. The language is kept by i18n.js.

const KEY = 'kafenio-preferences';
const DEFAULTS = { fourColour: false, muted: false, notify: false, stay: false };

function load() {
  try { return { ...DEFAULTS, ...JSON.parse(localStorage.getItem(KEY) || '{}') }; } catch { return { ...DEFAULTS }; }
}

export const preferences = load();

export function setPreference(name, value) {
  preferences[name] = value;
  localStorage.setItem(KEY, JSON.stringify(preferences));
  applyPreferences();
}

// What the page's look follows: the four-colour deck is a class on <body>.
export function applyPreferences() {
  document.body.classList.toggle('four-colour', preferences.fourColour);
}
