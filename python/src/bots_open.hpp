#pragma once
// The board games' bots opened up to Python: what an MCTS search saw at its root (visits per
// move: a policy to train on), and searches whose evaluation is a Python function (alpha-beta's
// leaves; MCTS's new leaves in place of random playouts).
//
// Why it exists: researchers compare their own evaluation with the engine's and learn from
// search statistics without leaving Python; the engine stays a template over the game, and the
// Python call sits in the policy (alpha-beta) or the leaf value (MCTS). A search that calls
// Python runs on the calling thread, on one thread, with the GIL held; an exception raised by
// the function stops the search and reaches the caller.

#include <pybind11/pybind11.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "evoplay/search/bots.hpp"
#include "games.hpp"

namespace evoplay::python {

/// A Python function called inside a search, and what it raised: the search is told to stop
/// (`stop`), and the exception is raised again once the search has returned.
struct PyEvaluation {
  py::object function;
  std::atomic<bool> stop{false};
  std::optional<py::error_already_set> error;

  /// function(state) as a float (player 0's view); 0 once something was raised.
  template <class G>
  double call(const G& state) {
    if (stop.load(std::memory_order_relaxed)) return 0;
    try {
      const py::object r = function(state);
      if (!py::isinstance<py::float_>(r) && !py::isinstance<py::int_>(r))
        throw py::type_error("evaluate: expected the function to return a float, found " +
                             std::string(py::str(py::type::of(r).attr("__name__"))));
      const double v = r.cast<double>();
      if (!std::isfinite(v))
        throw py::value_error("evaluate: the function returned " + std::string(py::str(r)) +
                              ": expected a finite float");
      return v;
    } catch (py::error_already_set& e) {
      error.emplace(std::move(e));
    } catch (py::builtin_exception& e) {
      e.set_error();
      error.emplace();
    }
    stop = true;
    return 0;
  }
};

/// Alpha-beta's leaf evaluation by a Python function: round(1000 * f(state)) for player 0,
/// clipped to +-30,000 (inside the engine's proven-win bound).
template <search::Game G>
struct PyEvaluationPolicy : search::DefaultPolicy<G> {
  std::shared_ptr<PyEvaluation> eval;
  search::Score evaluate(const G& g) {
    const double v = std::clamp(std::round(1000.0 * eval->call(g)), -30000.0, 30000.0);
    const auto s = static_cast<search::Score>(v);
    return g.to_move() == 0 ? s : -s;
  }
};

/// A bot whose search calls Python: stops when the function raised, and raises it again.
template <search::Game G>
class PyEvaluationBot : public search::Bot<G> {
 public:
  PyEvaluationBot(std::unique_ptr<search::Bot<G>> inner, std::shared_ptr<PyEvaluation> eval)
      : search::Bot<G>(inner->name()), inner_(std::move(inner)), eval_(std::move(eval)) {
    inner_->set_cancel(&eval_->stop);
  }
  search::SearchResult<typename G::Move> choose(const G& state) override {
    eval_->stop = false;
    eval_->error.reset();
    auto r = inner_->choose(state);
    if (eval_->error) {
      py::error_already_set e = std::move(*eval_->error);
      eval_->error.reset();
      throw e;
    }
    return r;
  }
  void new_game() override { inner_->new_game(); }
  nlohmann::json settings() const override { return inner_->settings(); }
  search::Bot<G>& inner() { return *inner_; }

 private:
  std::unique_ptr<search::Bot<G>> inner_;
  std::shared_ptr<PyEvaluation> eval_;
};

/// The MCTS search inside `bot` (itself, or under a Python evaluation), or nullptr.
template <search::Game G>
search::MctsBot<G>* mcts_of(search::Bot<G>& bot) {
  if (auto* m = dynamic_cast<search::MctsBot<G>*>(&bot)) return m;
  if (auto* p = dynamic_cast<PyEvaluationBot<G>*>(&bot))
    return dynamic_cast<search::MctsBot<G>*>(&p->inner());
  return nullptr;
}

/// The Python function of an `evaluate=` argument (None: the engine's own evaluation).
inline std::shared_ptr<PyEvaluation> evaluation_of(const py::object& evaluate) {
  if (evaluate.is_none()) return nullptr;
  if (!PyCallable_Check(evaluate.ptr()))
    throw py::type_error("evaluate: expected a function of a state returning a float, found " +
                         std::string(py::str(py::type::of(evaluate).attr("__name__"))));
  auto e = std::make_shared<PyEvaluation>();
  e->function = evaluate;
  return e;
}

template <class G>
void add_open_bot_methods(py::class_<PyBot<G>>& c) {
  c.def(
       "search_stats",
       [](PyBot<G>& b) {
         auto* m = mcts_of(b.bot());
         if (!m)
           throw py::value_error(
               "search_stats: only an MCTS bot has root statistics; this bot is '" + b.name() +
               "'");
         auto children = m->engine().root_children();
         std::sort(children.begin(), children.end(),
                   [](const auto& a, const auto& z) { return a.move < z.move; });
         double total = 0;
         for (const auto& ch : children) total += ch.visits;
         py::dict visits, policy, values;
         for (const auto& ch : children) {
           const int move = static_cast<int>(ch.move);
           visits[py::int_(move)] = static_cast<long long>(ch.visits);
           policy[py::int_(move)] = total > 0 ? ch.visits / total : 0.0;
           values[py::int_(move)] = ch.visits > 0 ? ch.reward / ch.visits : 0.5;
         }
         py::dict d;
         d["visits"] = visits;
         d["policy"] = policy;
         d["values"] = values;
         d["iterations"] = static_cast<long long>(total);
         return d;
       },
       "The root of the last MCTS search: {'visits': {move: visits}, 'policy': {move: share "
       "of the visits}, 'values': {move: mean result for the side to move, 0 to 1}, "
       "'iterations': the visits' sum}. ValueError for a bot that is not MCTS.")
      .def_static(
          "alphabeta",
          [](int depth, const py::object& evaluate, std::uint64_t seed) {
            if (depth < 1 || depth >= search::kMaxPly)
              throw py::value_error("depth: expected 1 to " + std::to_string(search::kMaxPly - 1) +
                                    ", found " + std::to_string(depth));
            search::AlphaBetaSettings s;
            s.depth = depth;
            s.seconds = 0;
            s.table_mib = 4;
            s.threads = 1;
            const std::string name = "alphabeta:" + std::to_string(depth);
            auto eval = evaluation_of(evaluate);
            if (!eval)
              return std::make_unique<PyBot<G>>(std::make_unique<search::AlphaBetaBot<G>>(name, s),
                                                false);
            PyEvaluationPolicy<G> policy;
            policy.eval = eval;
            auto inner = std::make_unique<search::AlphaBetaBot<G, PyEvaluationPolicy<G>>>(
                name, s, std::move(policy));
            (void)seed;
            return std::make_unique<PyBot<G>>(
                std::make_unique<PyEvaluationBot<G>>(std::move(inner), eval), true);
          },
          py::arg("depth"), py::kw_only(), py::arg("evaluate") = py::none(), py::arg("seed") = 0,
          "Alpha-beta to `depth` plies whose leaves are judged by evaluate(state) -> float, "
          "from player 0's view (positive favours player 0; read as round(1000 * value), "
          "clipped to +-30,000, the engine's scale below a proven win). Finished games keep "
          "their exact result. With a function the search runs on the calling thread, on one "
          "thread, holding the GIL (no Ctrl-C polling beyond Python's own inside the function); "
          "an exception raised by the function stops the search and is raised by choose(). "
          "evaluate=None: the engine's evaluation, without the GIL.")
      .def_static(
          "mcts",
          [](std::uint64_t iterations, const py::object& evaluate, double exploration,
             std::uint64_t seed) {
            if (iterations < 1) throw py::value_error("iterations: expected at least 1, found 0");
            if (!(exploration >= 0) || !std::isfinite(exploration))
              throw py::value_error("exploration: expected a finite number >= 0");
            search::MctsSettings s;
            s.iterations = iterations;
            s.exploration = exploration;
            const std::string name = "mcts:" + std::to_string(iterations);
            auto inner = std::make_unique<search::MctsBot<G>>(name, s, Rng(seed));
            auto eval = evaluation_of(evaluate);
            if (!eval) return std::make_unique<PyBot<G>>(std::move(inner), false);
            inner->engine().set_leaf_value([e = eval.get()](const G& g) {
              return std::clamp((e->call(g) + 1.0) / 2.0, 0.0, 1.0);
            });
            return std::make_unique<PyBot<G>>(
                std::make_unique<PyEvaluationBot<G>>(std::move(inner), eval), true);
          },
          py::arg("iterations") = 1000, py::kw_only(), py::arg("evaluate") = py::none(),
          py::arg("exploration") = 1.4142135623730951, py::arg("seed") = 0,
          "MCTS (UCT) of `iterations`; with evaluate(state) -> float (player 0's view, -1 loss "
          "to 1 win, clipped) each new leaf is judged by the function instead of a random "
          "playout. With a function the search runs on the calling thread with the GIL held; "
          "an exception raised by it stops the search and is raised by choose(). "
          "search_stats() gives the root's visits after each move.");
}

}  // namespace evoplay::python
