#pragma once
// Applying a ViewPatch (docs/protocol.md) to a view: what every client does with a match
// event, written once for the C++ side (the load tool, the tests). The browser client and
// the Python test client do the same in a few lines each.
#include "kafenio/v1/kafenio.pb.h"

namespace kafenio::server {

// Each field set in the patch replaces the view's (repeated fields and messages whole);
// each field named in `cleared` goes back to its default.
void ApplyViewPatch(const v1::ViewPatch& patch, v1::GameView& view);

}  // namespace kafenio::server
