// Motion that survives redraws. The client draws the whole screen anew on every event,
// which would restart a CSS animation each time; so each moving thing has a key, the
// time it was first drawn is remembered, and a redraw continues its animation where it
// is (a negative animation-delay) rather than from the start. Reduced motion is handled
// in style.css (@media (prefers-reduced-motion: reduce)): movement becomes a plain fade.

const firstDrawn = new Map(); // key → ms when first drawn

function now() {
  return performance.now();
}

// Adds animation `name` (a class) to `element`, started `delayMs` after the key was first
// drawn, for an animation that lasts `durationMs`; nothing once it is over.
export function animate(element, key, name, { delayMs = 0, durationMs = 400 } = {}) {
  if (!firstDrawn.has(key)) {
    firstDrawn.set(key, now());
    if (firstDrawn.size > 400) firstDrawn.delete(firstDrawn.keys().next().value);
  }
  const elapsed = now() - firstDrawn.get(key);
  if (elapsed > delayMs + durationMs) {
    element.classList.add(`${name}-done`);
    return element;
  }
  element.classList.add(name);
  element.style.animationDelay = `${delayMs - elapsed}ms`;
  element.style.animationDuration = `${durationMs}ms`;
  return element;
}

// When `key` was first drawn (now, the first time it is asked), or null with `peek`
// for a key never drawn.
export function firstDrawnAt(key, peek = false) {
  if (!firstDrawn.has(key)) {
    if (peek) return null;
    firstDrawn.set(key, now());
  }
  return firstDrawn.get(key);
}

// Milliseconds since `key` was first drawn (0 the first time).
export function age(key) {
  return now() - firstDrawnAt(key);
}
