#include "server/tournament/maximum_matching.h"

#include <cstddef>

namespace kafenio::tournament {
namespace {

// One search for an augmenting path from a free vertex, contracting odd cycles (blossoms)
// into their base as it meets them. The state lives here so that each search reuses it.
class BlossomSearch {
 public:
  BlossomSearch(const std::vector<std::vector<int>>& allowed, std::vector<int>& mate)
      : allowed_(allowed),
        mate_(mate),
        n_(static_cast<int>(allowed.size())),
        parent_(n_),
        base_(n_),
        queue_(n_),
        in_tree_(n_),
        in_blossom_(n_),
        on_path_(n_) {}

  // Augments the matching along a path from `root` if there is one.
  bool Augment(int root) {
    int end = FindPath(root);
    if (end < 0) return false;
    while (end >= 0) {
      const int previous = parent_[end];
      const int next = mate_[previous];
      mate_[end] = previous;
      mate_[previous] = end;
      end = next;
    }
    return true;
  }

 private:
  int LowestCommonAncestor(int a, int b) {
    on_path_.assign(n_, false);
    for (;;) {
      a = base_[a];
      on_path_[a] = true;
      if (mate_[a] < 0) break;
      a = parent_[mate_[a]];
    }
    for (;;) {
      b = base_[b];
      if (on_path_[b]) return b;
      b = parent_[mate_[b]];
    }
  }

  void MarkPath(int v, int blossom_base, int child) {
    while (base_[v] != blossom_base) {
      in_blossom_[base_[v]] = in_blossom_[base_[mate_[v]]] = true;
      parent_[v] = child;
      child = mate_[v];
      v = parent_[mate_[v]];
    }
  }

  int FindPath(int root) {
    in_tree_.assign(n_, false);
    parent_.assign(n_, -1);
    for (int i = 0; i < n_; ++i) base_[i] = i;
    in_tree_[root] = true;
    int head = 0, tail = 0;
    queue_[tail++] = root;
    while (head < tail) {
      const int v = queue_[head++];
      for (const int to : allowed_[v]) {
        if (base_[v] == base_[to] || mate_[v] == to) continue;
        if (to == root || (mate_[to] >= 0 && parent_[mate_[to]] >= 0)) {
          const int blossom_base = LowestCommonAncestor(v, to);
          in_blossom_.assign(n_, false);
          MarkPath(v, blossom_base, to);
          MarkPath(to, blossom_base, v);
          for (int i = 0; i < n_; ++i) {
            if (!in_blossom_[base_[i]]) continue;
            base_[i] = blossom_base;
            if (!in_tree_[i]) {
              in_tree_[i] = true;
              queue_[tail++] = i;
            }
          }
        } else if (parent_[to] < 0) {
          parent_[to] = v;
          if (mate_[to] < 0) return to;
          in_tree_[mate_[to]] = true;
          queue_[tail++] = mate_[to];
        }
      }
    }
    return -1;
  }

  const std::vector<std::vector<int>>& allowed_;
  std::vector<int>& mate_;
  int n_;
  std::vector<int> parent_, base_, queue_;
  std::vector<bool> in_tree_, in_blossom_, on_path_;
};

}  // namespace

std::vector<int> MaximumMatching(const std::vector<std::vector<int>>& allowed,
                                 std::vector<int> mate) {
  mate.resize(allowed.size(), -1);
  BlossomSearch search(allowed, mate);
  for (std::size_t v = 0; v < allowed.size(); ++v) {
    if (mate[v] < 0) search.Augment(static_cast<int>(v));
  }
  return mate;
}

}  // namespace kafenio::tournament
