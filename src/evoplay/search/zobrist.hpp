#pragma once
// Zobrist hashing: one random 64-bit key per (feature, value) of a position — a piece on a
// square, the side to move, a flag captured — and a position's hash is the XOR of the keys of
// its features. Playing or undoing a move updates the hash with a few XORs. Equal positions get
// equal hashes; different ones collide with probability 2^-64 per pair.
//
// Why it exists: games whose state has no compact exact encoding (Connect Four's and
// tic-tac-toe's do) give the transposition table a Zobrist hash. The keys come from a seed, so
// they are the same in every run (no global state).

#include <cstdint>
#include <vector>

#include "evoplay/core/rng.hpp"

namespace evoplay::search {

class ZobristKeys {
 public:
  /// `count` keys drawn from Rng(seed).
  explicit ZobristKeys(std::size_t count, std::uint64_t seed = 0x5A0B2157ULL) : keys_(count) {
    Rng rng(seed);
    for (auto& k : keys_) k = rng();
  }
  std::size_t size() const { return keys_.size(); }
  /// The key of feature `i` (XOR it in when the feature appears, again when it goes).
  std::uint64_t operator[](std::size_t i) const { return keys_[i]; }

 private:
  std::vector<std::uint64_t> keys_;
};

}  // namespace evoplay::search
