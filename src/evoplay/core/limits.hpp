#pragma once
// The limits every command shares, in one place (docs/reliability.md): past them the memory or
// the time a run needs is beyond any machine this program runs on. Settings declare their fields
// with these (core/fields.hpp), so the command line, Python and the server refuse the same values
// with the same words.

namespace evoplay::limits {

inline constexpr long long kThreads = 1024;                   // threads of one process
inline constexpr long long kPopulation = 1'000'000;           // individuals, corals, ants
inline constexpr long long kGenerations = 1'000'000'000;      // generations, epochs, iterations
inline constexpr long long kRuns = 1'000'000;                 // runs of a study or an experiment
inline constexpr long long kGames = 1'000'000;                // games of a series or a tournament
inline constexpr long long kEvaluations = 1'000'000'000'000;  // evaluations of a run
inline constexpr long long kIslands = 100'000;                // islands of an island model
inline constexpr double kSeconds = 1e9;                       // a time limit, in seconds

}  // namespace evoplay::limits
