#pragma once
// A study's results for people and programs: the tables in the style of the document's Tables
// 5.5-5.7 (Markdown), the CSV files, the plots, and the files of a `lemmings compare` run folder.
//
// Why it exists: the command line writes these into a run folder, and a front end may want any
// one of them from a StudyResult in memory; they are kept apart from running the study.

#include <filesystem>
#include <string>
#include <vector>

#include "evoplay/core/run_dir.hpp"
#include "evoplay/games/lemmings/study.hpp"

namespace evoplay::games::lemmings {

/// The tables in the style of the document's Tables 5.5-5.7, as Markdown.
std::string study_markdown(const StudyResult& result);
/// One row per level, fitness and algorithm; one row per run; the mean curves.
std::string study_summary_csv(const StudyResult& result);
std::string study_runs_csv(const StudyResult& result);
std::string study_curves_csv(const StudyResult& result);

/// The mean over a cell's runs of their best-so-far (`best`) or population mean curves, at the
/// spec's curve points (NaN where no run has a value).
std::vector<double> study_mean_curve(const StudyResult& result, std::size_t level, FitnessKind f,
                                     Algorithm a, bool best);

/// Draws, in `dir`: per fitness, distinct-FITNESS.png (distinct solutions per level and
/// algorithm) and solved-FITNESS.png (share of runs that solve); per level and fitness,
/// fitness-FITNESS-LEVEL.png (best and mean fitness against evaluations, mean over runs).
/// Returns the files written.
std::vector<std::filesystem::path> save_study_plots(const StudyResult& result,
                                                    const std::filesystem::path& dir);

/// Writes a study's files into its run folder: tables.md, summary.csv, runs.csv, curves.csv and
/// plots/ (result.json is the caller's, through RunDir::finish).
void save_study_files(const StudyResult& result, const RunDir& run);

}  // namespace evoplay::games::lemmings
