// Fuzzing harness: capture-the-flag maps (flags show / play / tournament), read by
// games/flags/map.hpp parse_map. A map read is written back and read again, and a random game is
// played on it, each move taken back once to check that undo restores the position.

#include "evoplay/core/rng.hpp"
#include "evoplay/games/flags/map.hpp"
#include "evoplay/games/flags/state.hpp"
#include "fuzz/harness.hpp"

namespace fl = evoplay::games::flags;
using evoplay::fuzz::require;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string file = "map.map";
  const std::string_view text = evoplay::fuzz::as_text(data, size);
  const auto read =
      evoplay::fuzz::read_or_refuse(text, file, [&] { return fl::parse_map(text, file); });
  if (!read) return 0;
  const auto& map = *read;
  const std::string written = fl::to_text(*map);
  require(fl::to_text(*fl::parse_map(written, file)) == written, "a written map reads back changed",
          written);
  fl::State state(map);
  evoplay::Rng rng(size);
  for (int ply = 0; ply < 60 && !state.is_terminal(); ++ply) {
    evoplay::search::MoveList<fl::State::Move, fl::State::kMaxMoves> moves, noisy;  // appended to
    state.legal_moves(moves);
    require(!moves.empty(), "a position that is not over has no move");
    state.noisy_moves(noisy);
    const auto move = moves[static_cast<int>(rng() % static_cast<std::uint64_t>(moves.size()))];
    const fl::State before = state;
    state.play(move);
    (void)state.evaluate(0);
    state.undo(move);
    require(state == before && state.hash() == before.hash(), "undo does not restore the position");
    state.play(move);
  }
  return 0;
}
