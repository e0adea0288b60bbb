// A match event's ViewPatch (docs/protocol.md, "Views and patches") applied to the view
// the client already has: each field set replaces the view's, each field named in
// `cleared` goes back to its default. Whole views print every field, so the default is
// known from the field's current value.

function defaultLike(value) {
  if (Array.isArray(value)) return [];
  switch (typeof value) {
    case 'number': return 0;
    case 'string': return '';
    case 'boolean': return false;
    default: return undefined; // a message: unset
  }
}

// Returns a new view object (the old one may still be on screen).
export function applyPatch(view, patch, game) {
  const next = { ...view };
  const set = (patch.set || {})[game];
  if (set) Object.assign(next, set);
  for (const name of patch.cleared || []) {
    const value = defaultLike(next[name]);
    if (value === undefined) delete next[name];
    else next[name] = value;
  }
  return next;
}
