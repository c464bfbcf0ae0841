#pragma once
// The record every run starts and ends with, the same from every front end (the command line,
// Python, the server): config.json's head (command, version, seed, the threads resolved to a
// number, the processes) with the run's settings, and result.json (docs/runs.md).
//
// Why it exists: a run folder written by Python or by the server must say what the command
// line's says, so that `evoplay plot`, --resume and a reader of config.json need not know who
// wrote it.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "evoplay/core/run_dir.hpp"

namespace evoplay {

/// config.json's head: {"command", "version", "seed", "threads" (0 resolved to the cores),
/// "ranks"}.
nlohmann::json run_config(std::string_view command, std::uint64_t seed, int threads, int ranks = 1);

/// Opens the run folder `out` (empty: runs/<command>-<time>, spaces as '-') and writes
/// config.json: `settings` (null: none) with run_config()'s head over them.
RunDir begin_run(const std::string& out, std::string_view command, std::uint64_t seed, int threads,
                 const nlohmann::json& settings);

/// Writes result.json, marked "stopped": "cancelled" when the run was cancelled.
void finish_run(RunDir& run, const nlohmann::json& result, bool cancelled);

}  // namespace evoplay
