#include "rank/page_rank.hpp"

#include <algorithm>
#include <cmath>
#include <tuple>

namespace acdc::symbols {
namespace {

constexpr double kDamping = 0.85;
constexpr int kMaxIterations = 50;
constexpr double kTolerance = 1e-9;

struct Edge {
  FileId from, to;
  double weight;
};

}  // namespace

std::vector<double> page_rank(const SymbolGraph& graph) {
  const std::size_t slots = graph.slot_count();
  std::vector<char> live(slots, 0);
  std::size_t n = 0;
  for (FileId id = 0; id < slots; ++id)
    if (graph.node(id).record) live[id] = 1, ++n;
  std::vector<double> rank(slots, 0);
  if (n == 0) return rank;

  std::vector<Edge> edges;
  graph.for_each_edge([&](FileId from, FileId to, std::uint32_t w) {
    if (w > 0 && from != to && live[from] && live[to]) edges.push_back({from, to, static_cast<double>(w)});
  });
  std::sort(edges.begin(), edges.end(), [](const Edge& a, const Edge& b) { return std::tie(a.from, a.to) < std::tie(b.from, b.to); });
  std::vector<double> out_weight(slots, 0);
  for (const Edge& e : edges) out_weight[e.from] += e.weight;

  const double base = 1.0 / static_cast<double>(n);
  for (FileId id = 0; id < slots; ++id)
    if (live[id]) rank[id] = base;
  std::vector<double> next(slots, 0);
  for (int iteration = 0; iteration < kMaxIterations; ++iteration) {
    // A file that references nothing hands its rank to every file alike.
    double dangling = 0;
    for (FileId id = 0; id < slots; ++id)
      if (live[id] && out_weight[id] == 0) dangling += rank[id];
    const double spread = (1 - kDamping) * base + kDamping * dangling * base;
    for (FileId id = 0; id < slots; ++id) next[id] = live[id] ? spread : 0;
    for (const Edge& e : edges) next[e.to] += kDamping * rank[e.from] * e.weight / out_weight[e.from];
    double change = 0;
    for (FileId id = 0; id < slots; ++id) change += std::abs(next[id] - rank[id]);
    rank.swap(next);
    if (change < kTolerance) break;
  }
  return rank;
}

}  // namespace acdc::symbols
