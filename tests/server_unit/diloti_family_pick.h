#pragma once
// Choosing a move from a Diloti view as a client does: a plain move (legal_moves) or a
// random selection from one of the move families (docs/protocol.md, "Diloti move
// families"), sent as Move{kind, card, groups = [anchor, parts...]}.
#include <algorithm>
#include <cstdint>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "kafenio/v1/kafenio.pb.h"

namespace kafenio::server {

// The cards and declarations a part or anchor names ("2s+5s": 2s and 5s; "@7": @7).
inline std::set<std::string> ItemsOf(const std::string& group) {
  std::set<std::string> items;
  std::stringstream in(group);
  for (std::string item; std::getline(in, item, '+');) items.insert(item);
  return items;
}

// A random legal move of the family: a random anchor (the next one if no part fits beside
// it), the required parts, then each other part with probability one half when it
// overlaps nothing chosen; at least one part.
template <class Rng>
v1::Move RandomFamilyMove(const v1::DilotiMoveFamily& family, Rng& rng) {
  const int anchors = family.anchors_size();
  const int first_anchor =
      anchors ? static_cast<int>(rng() % static_cast<std::uint64_t>(anchors)) : 0;
  const int start = static_cast<int>(rng() % static_cast<std::uint64_t>(family.parts_size()));
  v1::Move move;
  for (int a = 0; a < std::max(anchors, 1); ++a) {
    move.Clear();
    move.set_kind(family.kind());
    move.set_card(family.card());
    std::set<std::string> used;
    auto take = [&](const std::string& group) {
      const std::set<std::string> items = ItemsOf(group);
      for (const auto& item : items) {
        if (used.count(item)) return;
      }
      used.insert(items.begin(), items.end());
      move.add_groups(group);
    };
    if (anchors) take(family.anchors((first_anchor + a) % anchors));
    const int anchor_groups = move.groups_size();
    for (int index : family.required()) take(family.parts(index));
    for (int k = 0; k < family.parts_size(); ++k) {
      if (move.groups_size() > anchor_groups && rng() % 2) continue;
      take(family.parts((start + k) % family.parts_size()));
    }
    if (move.groups_size() > anchor_groups) break;
  }
  return move;
}

// A random move of the view's mover: each plain move and each family equally likely.
template <class Rng>
v1::Move RandomDilotiMove(const v1::DilotiView& view, Rng& rng) {
  const int choices = view.legal_moves_size() + view.move_families_size();
  const int pick = static_cast<int>(rng() % static_cast<std::uint64_t>(choices));
  if (pick < view.legal_moves_size()) return view.legal_moves(pick);
  return RandomFamilyMove(view.move_families(pick - view.legal_moves_size()), rng);
}

}  // namespace kafenio::server
