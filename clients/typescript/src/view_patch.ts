// A match event's ViewPatch applied to the view the client has (docs/protocol.md, "Views
// and patches"): each field set in `patch.set` replaces the view's field whole, each field
// named in `cleared` goes back to its default. A field that changed to its default is
// always in `cleared`, so "set" means "present" in both the binary and JSON forms.
import { clearField, clone, create, isFieldSet } from '@bufbuild/protobuf';
import type { DescMessage } from '@bufbuild/protobuf';
import { DilotiViewSchema, GameViewSchema, PilottaViewSchema } from './gen/kafenio/v1/kafenio_pb.js';
import type { GameView, ViewPatch } from './gen/kafenio/v1/kafenio_pb.js';

function patchMessage(schema: DescMessage, view: any, set: any | undefined, cleared: string[]): any {
  const next: any = clone(schema, view);
  if (set) {
    for (const field of schema.fields) {
      if (isFieldSet(set, field)) next[field.localName] = set[field.localName];
    }
  }
  for (const name of cleared) {
    const field = schema.fields.find((f) => f.name === name);
    if (field) clearField(next, field);
  }
  return next;
}

// Returns a new view; the old one is left as it was (it may still be on screen).
export function applyPatch(view: GameView, patch: ViewPatch): GameView {
  const game = view.game;
  if (game.case === undefined) return view;
  const set = patch.set?.game.case === game.case ? patch.set.game.value : undefined;
  if (game.case === 'pilotta') {
    const value = patchMessage(PilottaViewSchema, game.value, set, patch.cleared);
    return create(GameViewSchema, { game: { case: 'pilotta', value } });
  }
  const value = patchMessage(DilotiViewSchema, game.value, set, patch.cleared);
  return create(GameViewSchema, { game: { case: 'diloti', value } });
}
