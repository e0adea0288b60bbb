// Short sounds made with the Web Audio API (no sound files): a card played, a trick
// taken, your turn, a hand's end. Silent when the player mutes them, and until the page
// has been interacted with (browsers allow audio only then).

import { preferences } from './preferences.js';

let context = null;

const TONES = {
  card: [[520, 0.05]],
  trick: [[420, 0.06], [620, 0.08]],
  turn: [[660, 0.08], [880, 0.12]],
  hand: [[523, 0.1], [659, 0.1], [784, 0.16]],
};

export function playSound(name) {
  if (preferences.muted || !TONES[name]) return;
  try {
    if (!context || context.state !== 'running') return; // no gesture yet: stay quiet
    let at = context.currentTime;
    for (const [frequency, seconds] of TONES[name]) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = 'triangle';
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.08, at);
      gain.gain.exponentialRampToValueAtTime(0.001, at + seconds);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(at);
      oscillator.stop(at + seconds);
      at += seconds;
    }
  } catch {
    // No audio here: the game goes on silently.
  }
}

// Browsers start audio only after a gesture: wake the context on the first one.
function wake() {
  try {
    if (!context) context = new AudioContext();
    if (context.state === 'suspended') context.resume();
  } catch {
    // No audio here.
  }
}
if (globalThis.document) {
  document.addEventListener('pointerdown', wake);
  document.addEventListener('keydown', wake);
}
