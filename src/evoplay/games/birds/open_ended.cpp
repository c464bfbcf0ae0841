#include "evoplay/games/birds/open_ended.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <set>

namespace evoplay::games::birds {

namespace {

struct Cut {
  std::size_t source = 0;
  int column = 0;
  std::size_t from = 0, to = 0;  // composites [from, to] of the column, bottom up
  int pieces = 0;
};

bool still(const PlacedComposite& pc, const StabilityReport& r, const PhysicsSettings& s) {
  for (int i = pc.first; i < pc.first + pc.count; ++i) {
    const ObjectOutcome& o = r.objects[static_cast<std::size_t>(i)];
    if (o.destroyed || o.displacement > s.paper_move_threshold ||
        std::abs(o.rotation_change) >= s.paper_rotation_threshold) {
      return false;
    }
  }
  return true;
}

double snap(double v) { return std::round(v * 1e6) / 1e6 + 0.0; }

/// A block lying turned a quarter (or three) counts as another kind than one lying flat.
bool turned(const Piece& p) {
  return std::abs(std::abs(std::remainder(p.rotation, 180.0)) - 90) < 1;
}

/// The composites of each column of a placement, bottom up.
std::vector<std::vector<const PlacedComposite*>> column_stacks(const Placement& placement) {
  std::vector<std::vector<const PlacedComposite*>> stacks(kColumns);
  for (const PlacedComposite& pc : placement.composites) {
    stacks[static_cast<std::size_t>(pc.column)].push_back(&pc);
  }
  return stacks;
}

}  // namespace

int top_layer(const Catalogue& catalogue) {
  int top = 0;
  for (const Composite& c : catalogue) top = std::max(top, c.layer);
  return top;
}

std::vector<Composite> harvest_composites(std::span<const HarvestSource> sources,
                                          const Catalogue& catalogue,
                                          const HarvestSettings& settings) {
  // Every cut of every level, each level's largest first.
  std::vector<std::vector<Cut>> per_source(sources.size());
  std::vector<std::vector<std::vector<const PlacedComposite*>>> stacks(sources.size());
  for (std::size_t s = 0; s < sources.size(); ++s) {
    const HarvestSource& src = sources[s];
    stacks[s] = column_stacks(*src.placement);
    for (int column = 0; column < kColumns; ++column) {
      const auto& stack = stacks[s][static_cast<std::size_t>(column)];
      for (std::size_t a = 0; a < stack.size();) {
        if (!still(*stack[a], *src.report, settings.physics)) {
          ++a;
          continue;
        }
        std::size_t b = a;
        while (b + 1 < stack.size() && still(*stack[b + 1], *src.report, settings.physics)) ++b;
        for (std::size_t from = a; from <= b; ++from) {
          for (std::size_t to = from + static_cast<std::size_t>(settings.min_composites) - 1;
               to <= b; ++to) {
            int pieces = 0;
            for (std::size_t k = from; k <= to; ++k) pieces += stack[k]->count;
            if (pieces >= settings.min_pieces) {
              per_source[s].push_back({s, column, from, to, pieces});
            }
          }
        }
        a = b + 1;
      }
    }
    std::stable_sort(per_source[s].begin(), per_source[s].end(),
                     [](const Cut& x, const Cut& y) { return x.pieces > y.pieces; });
  }

  std::vector<Composite> out;
  std::set<std::string> names;
  for (const Composite& c : catalogue) names.insert(c.name);
  auto known = [&](const Composite& c) {
    auto same = [&](const Composite& o) { return o.same_shape(c, 1e-4); };
    return std::any_of(catalogue.begin(), catalogue.end(), same) ||
           std::any_of(out.begin(), out.end(), same);
  };
  std::vector<std::size_t> next(sources.size(), 0);
  for (bool any = true; any && static_cast<int>(out.size()) < settings.max_new;) {
    any = false;
    for (std::size_t s = 0; s < sources.size() && static_cast<int>(out.size()) < settings.max_new;
         ++s) {
      // This level's next cut that makes a new, stand-alone composite.
      while (next[s] < per_source[s].size()) {
        const Cut cut = per_source[s][next[s]++];
        any = true;
        const HarvestSource& src = sources[s];
        const auto& stack = stacks[s][static_cast<std::size_t>(cut.column)];
        std::vector<Piece> pieces;
        std::vector<std::string> parents;
        for (std::size_t k = cut.from; k <= cut.to; ++k) {
          const PlacedComposite& pc = *stack[k];
          const Gene& gene = src.genome->genes[static_cast<std::size_t>(pc.gene)];
          parents.push_back(catalogue[static_cast<std::size_t>(gene.composite)].name);
          for (int i = pc.first; i < pc.first + pc.count; ++i) {
            const Object& o = src.placement->level.objects[static_cast<std::size_t>(i)];
            pieces.push_back({o.type, o.x, o.y, o.rotation, o.material});
          }
        }
        Composite c = make_composite("", std::move(pieces), "", settings.layer, std::move(parents));
        for (Piece& p : c.pieces) {
          p.x = snap(p.x);
          p.y = snap(p.y);
        }
        c.box = pieces_bounds(c.pieces);
        if (c.width() > settings.max_width || c.height() > settings.max_height || known(c) ||
            structure_problem(c)) {  // a catalogue file would refuse it
          continue;
        }
        const StabilityReport alone = simulate(composite_level(c), settings.physics);
        if (!alone.stable || alone.paper_score < 100) continue;
        std::string name = fmt::format("L{}-{:02}", settings.layer, out.size() + 1);
        for (int k = 2; names.contains(name); ++k) {
          name = fmt::format("L{}-{:02}-{}", settings.layer, out.size() + 1, k);
        }
        names.insert(name);
        c.name = name;
        c.origin = fmt::format("layer {}, {}{}, column {}, composites {}-{} of {}", settings.layer,
                               src.name, settings.note.empty() ? "" : " (" + settings.note + ")",
                               cut.column + 1, cut.from + 1, cut.to + 1, stack.size());
        out.push_back(std::move(c));
        break;
      }
    }
  }
  return out;
}

std::vector<LayerStats> catalogue_growth(const Catalogue& catalogue) {
  std::vector<LayerStats> out;
  for (int layer = 0; layer <= top_layer(catalogue); ++layer) {
    LayerStats st;
    st.layer = layer;
    std::set<std::pair<int, bool>> kinds;
    std::set<int> materials;
    int parents = 0, evolved = 0;
    for (const Composite& c : catalogue) {
      if (c.layer != layer) continue;
      ++st.composites;
      std::set<std::pair<int, bool>> own;
      for (const Piece& p : c.pieces) {
        own.insert({static_cast<int>(p.type), turned(p)});
        materials.insert(static_cast<int>(p.material));
      }
      kinds.insert(own.begin(), own.end());
      st.mean_block_kinds += static_cast<double>(own.size());
      for (const std::string& name : c.parents) {
        ++parents;
        for (const Composite& o : catalogue) {
          if (o.name == name && o.layer > 0) ++evolved;
        }
      }
      st.mean_pieces += static_cast<double>(c.pieces.size());
      st.max_pieces = std::max(st.max_pieces, static_cast<int>(c.pieces.size()));
      st.mean_width += c.width();
      st.mean_height += c.height();
      st.max_height = std::max(st.max_height, c.height());
    }
    if (st.composites == 0) continue;
    st.mean_pieces /= st.composites;
    st.mean_block_kinds /= st.composites;
    st.evolved_parents = parents == 0 ? 0.0 : static_cast<double>(evolved) / parents;
    st.mean_width /= st.composites;
    st.mean_height /= st.composites;
    st.block_kinds = static_cast<int>(kinds.size());
    st.materials = static_cast<int>(materials.size());
    out.push_back(st);
  }
  return out;
}

}  // namespace evoplay::games::birds
