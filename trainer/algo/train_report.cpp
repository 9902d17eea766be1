#include "trainer/algo/train_report.hpp"
#include "trainer/io.hpp"
#include "sim/util/encoding.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>

namespace pg {

using json = nlohmann::json;

namespace {

/// Opens a W x H chart: the <svg> element, a white background and the centred title.
void svg_open(std::ostringstream& o, const std::string& title, int W, int H) {
  o << "<svg xmlns='http://www.w3.org/2000/svg' width='" << W << "' height='" << H << "' viewBox='0 0 " << W << " "
    << H << "' font-family='sans-serif' font-size='11'>";
  o << "<rect width='100%' height='100%' fill='white'/>";
  o << "<text x='" << W / 2 << "' y='16' text-anchor='middle' font-size='13' font-weight='bold'>" << html_escape(title)
    << "</text>";
}

std::string num(double v, int prec = 3) {
  char b[64];
  std::snprintf(b, sizeof b, "%.*g", prec, v);
  return b;
}

/// "Nice" tick step for a range (1, 2 or 5 times a power of ten).
double nice_step(double range, int ticks) {
  if (range <= 0) return 1;
  const double raw = range / ticks, p = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (m * p >= raw) return m * p;
  return 10 * p;
}

const char* kPalette[] = {"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b"};

/// Moving average over a trailing window (for noisy per-iteration curves).
std::vector<double> smooth(const std::vector<double>& v, int window) {
  std::vector<double> o(v.size());
  double s = 0;
  for (std::size_t i = 0; i < v.size(); ++i) {
    s += v[i];
    if (i >= static_cast<std::size_t>(window)) s -= v[i - window];
    o[i] = s / static_cast<double>(std::min<std::size_t>(i + 1, window));
  }
  return o;
}

}  // namespace

std::string svg_line_chart(const std::string& title, const std::vector<Series>& series, int W, int H,
                           const std::string& x_label) {
  const double L = 52, R = 12, T = 26, Bm = 38;
  double x0 = INFINITY, x1 = -INFINITY, y0 = INFINITY, y1 = -INFINITY;
  for (const auto& s : series)
    for (std::size_t i = 0; i < s.x.size() && i < s.y.size(); ++i) {
      if (!std::isfinite(s.x[i]) || !std::isfinite(s.y[i])) continue;
      x0 = std::min(x0, s.x[i]), x1 = std::max(x1, s.x[i]);
      y0 = std::min(y0, s.y[i]), y1 = std::max(y1, s.y[i]);
    }
  std::ostringstream o;
  svg_open(o, title, W, H);
  if (!std::isfinite(x0)) {
    o << "<text x='" << W / 2 << "' y='" << H / 2 << "' text-anchor='middle' fill='#888'>no data</text></svg>";
    return o.str();
  }
  if (y0 > 0 && y0 < 0.5 * y1) y0 = 0;  // anchor at zero when it is near
  if (y1 - y0 < 1e-12) y0 -= 0.5, y1 += 0.5;
  if (x1 - x0 < 1e-12) x0 -= 0.5, x1 += 0.5;
  const double ys = nice_step(y1 - y0, 4), xs = nice_step(x1 - x0, 6);
  y0 = std::floor(y0 / ys) * ys, y1 = std::ceil(y1 / ys) * ys;
  auto px = [&](double x) { return L + (x - x0) / (x1 - x0) * (W - L - R); };
  auto py = [&](double y) { return H - Bm - (y - y0) / (y1 - y0) * (H - T - Bm); };
  for (double y = y0; y <= y1 + ys * 1e-6; y += ys) {
    o << "<line x1='" << L << "' x2='" << W - R << "' y1='" << py(y) << "' y2='" << py(y) << "' stroke='#eee'/>";
    o << "<text x='" << L - 4 << "' y='" << py(y) + 4 << "' text-anchor='end'>" << num(y) << "</text>";
  }
  for (double x = std::ceil(x0 / xs) * xs; x <= x1 + xs * 1e-6; x += xs)
    o << "<text x='" << px(x) << "' y='" << H - Bm + 14 << "' text-anchor='middle'>" << num(x, 6) << "</text>";
  o << "<line x1='" << L << "' x2='" << L << "' y1='" << T << "' y2='" << H - Bm << "' stroke='#444'/>";
  o << "<line x1='" << L << "' x2='" << W - R << "' y1='" << H - Bm << "' y2='" << H - Bm << "' stroke='#444'/>";
  o << "<text x='" << (L + W - R) / 2 << "' y='" << H - 6 << "' text-anchor='middle' fill='#555'>" << html_escape(x_label)
    << "</text>";
  int li = 0;
  for (const auto& s : series) {
    std::ostringstream pts;
    int n = 0;
    for (std::size_t i = 0; i < s.x.size() && i < s.y.size(); ++i) {
      if (!std::isfinite(s.x[i]) || !std::isfinite(s.y[i])) continue;
      pts << (n++ ? " " : "") << px(s.x[i]) << "," << py(s.y[i]);
    }
    if (n == 0) continue;
    if (n == 1 || s.x.size() < 12) {
      for (std::size_t i = 0; i < s.x.size() && i < s.y.size(); ++i)
        if (std::isfinite(s.y[i]))
          o << "<circle cx='" << px(s.x[i]) << "' cy='" << py(s.y[i]) << "' r='3' fill='" << s.colour << "'/>";
    }
    o << "<polyline fill='none' stroke='" << s.colour << "' stroke-width='1.8' points='" << pts.str() << "'/>";
    const double lx = L + 8 + li * 150;
    o << "<rect x='" << lx << "' y='" << T - 2 << "' width='10' height='10' fill='" << s.colour << "'/>";
    o << "<text x='" << lx + 14 << "' y='" << T + 7 << "'>" << html_escape(s.name) << "</text>";
    ++li;
  }
  o << "</svg>";
  return o.str();
}

std::string svg_bar_chart(const std::string& title, const std::vector<std::string>& cats,
                          const std::vector<Series>& series, int W, int H) {
  const double L = 40, R = 12, T = 34, Bm = 30;
  std::ostringstream o;
  svg_open(o, title, W, H);
  auto py = [&](double y) { return H - Bm - y * (H - T - Bm); };
  for (int i = 0; i <= 4; ++i) {
    const double y = i / 4.0;
    o << "<line x1='" << L << "' x2='" << W - R << "' y1='" << py(y) << "' y2='" << py(y) << "' stroke='#eee'/>";
    o << "<text x='" << L - 4 << "' y='" << py(y) + 4 << "' text-anchor='end'>" << static_cast<int>(y * 100)
      << "%</text>";
  }
  const double gw = (W - L - R) / std::max<std::size_t>(1, cats.size());
  const double bw = gw * 0.8 / std::max<std::size_t>(1, series.size());
  for (std::size_t c = 0; c < cats.size(); ++c) {
    for (std::size_t s = 0; s < series.size(); ++s) {
      const double v = c < series[s].y.size() ? series[s].y[c] : NAN;
      if (!std::isfinite(v)) continue;
      const double x = L + c * gw + gw * 0.1 + s * bw;
      o << "<rect x='" << x << "' y='" << py(v) << "' width='" << bw - 1 << "' height='" << py(0) - py(v)
        << "' fill='" << series[s].colour << "'/>";
      o << "<text x='" << x + bw / 2 << "' y='" << py(v) - 3 << "' text-anchor='middle' font-size='10'>"
        << static_cast<int>(std::lround(v * 100)) << "</text>";
    }
    o << "<text x='" << L + c * gw + gw / 2 << "' y='" << H - Bm + 14 << "' text-anchor='middle'>" << html_escape(cats[c])
      << "</text>";
  }
  for (std::size_t s = 0; s < series.size(); ++s) {
    const double lx = L + 8 + s * 150;
    o << "<rect x='" << lx << "' y='" << T - 12 << "' width='10' height='10' fill='" << series[s].colour << "'/>";
    o << "<text x='" << lx + 14 << "' y='" << T - 3 << "'>" << html_escape(series[s].name) << "</text>";
  }
  o << "</svg>";
  return o.str();
}

void write_train_report(const std::string& dir) {
  const std::string mpath = dir + "/metrics.jsonl";
  std::ifstream f(mpath);
  if (!f) throw std::runtime_error("train report: cannot read " + mpath);
  std::vector<json> its, evals;
  json bc;
  std::string line;
  while (std::getline(f, line)) {
    json j = json::parse(line, nullptr, false);
    if (j.is_discarded() || !j.is_object()) continue;
    const std::string ph = j.value("phase", "iteration");
    if (ph == "iteration") its.push_back(j);
    else if (ph == "eval") evals.push_back(j);
    else if (ph == "bc") bc = j;
  }
  json config;
  {
    std::ifstream c(dir + "/config.json");
    if (c) config = json::parse(c, nullptr, false);
  }
  auto col = [&](const char* key) {
    Series s;
    for (const auto& j : its) {
      s.x.push_back(j.value("iteration", 0));
      s.y.push_back(j.contains(key) && j[key].is_number() ? j[key].get<double>() : NAN);
    }
    return s;
  };
  const int win = std::max<int>(1, static_cast<int>(its.size()) / 20);
  auto line_of = [&](const char* key, const std::string& name, int colour, bool smoothed) {
    Series s = col(key);
    s.name = name + (smoothed && win > 1 ? " (mean of " + std::to_string(win) + ")" : "");
    s.colour = kPalette[colour];
    if (smoothed) s.y = smooth(s.y, win);
    return s;
  };
  std::ostringstream h;
  h << "<!doctype html><html><head><meta charset='utf-8'><title>PhoneGym training report</title><style>"
       "body{font-family:sans-serif;margin:20px;color:#222}figure{display:inline-block;margin:6px}"
       "table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:3px 8px;font-size:13px}"
       "code{background:#f4f4f4}</style></head><body>";
  h << "<h1>Training report</h1><p>Run <code>" << html_escape(dir) << "</code>: " << its.size() << " iterations";
  if (!bc.is_null())
    h << ", warm start on " << bc.value("demonstrations", 0) << " oracle steps (NLL " << num(bc.value("nll", 0.0))
      << ")";
  h << ".</p>";
  // Learning curves.
  Series sr = line_of("sr", "train SR", 0, true);
  std::vector<Series> sr_series{sr};
  // Evaluation series of one field of "heldout" or "test" (absent in older runs' metrics).
  auto eval_of = [&](const char* set, const char* key, const std::string& name, int colour) {
    Series s{name, kPalette[colour], {}, {}};
    for (const auto& e : evals)
      if (e.contains(set) && e[set].contains(key) && e[set][key].is_number())
        s.x.push_back(e["iteration"].get<double>()), s.y.push_back(e[set][key].get<double>());
    return s;
  };
  // Infeasible templates are solved by aborting, which needs no screen: the SR over feasible
  // tasks and the share of aborted episodes show a policy that learned only to give up.
  std::vector<Series> feasible_series, abort_series;
  for (Series s : {eval_of("heldout", "sr", "held-out SR", 1), eval_of("test", "sr", "test-template SR", 2)})
    if (!s.x.empty()) sr_series.push_back(s);
  for (Series s : {eval_of("heldout", "sr_feasible", "held-out", 1), eval_of("test", "sr_feasible", "test templates", 2)})
    if (!s.x.empty()) feasible_series.push_back(s);
  for (Series s : {eval_of("heldout", "abort_rate", "held-out", 1), eval_of("test", "abort_rate", "test templates", 2)})
    if (!s.x.empty()) abort_series.push_back(s);
  h << "<h2>Learning curves</h2>";
  h << "<figure>" << svg_line_chart("Success rate", sr_series) << "</figure>";
  if (!feasible_series.empty())
    h << "<figure>" << svg_line_chart("Success rate on feasible tasks (greedy)", feasible_series) << "</figure>";
  if (!abort_series.empty())
    h << "<figure>" << svg_line_chart("Share of episodes ended by abort (greedy)", abort_series) << "</figure>";
  h << "<figure>" << svg_line_chart("Reward", {line_of("mean_reward", "mean reward", 0, true)}) << "</figure>";
  h << "<figure>" << svg_line_chart("Episode length (steps)", {line_of("episode_length", "steps", 3, true)})
    << "</figure>";
  h << "<figure>" << svg_line_chart("KL to the reference (k3)", {line_of("kl", "KL", 4, true)}) << "</figure>";
  h << "<figure>" << svg_line_chart("Action entropy (nats)", {line_of("entropy", "entropy", 5, true)}) << "</figure>";
  // SR by difficulty: first and last evaluation.
  if (!evals.empty()) {
    std::vector<std::string> cats;
    std::vector<Series> bars;
    auto add = [&](const json& e, const char* set, const std::string& name, int colour) {
      if (!e.contains(set)) return;
      Series s{name, kPalette[colour], {}, {}};
      for (auto it = e[set]["sr_by_difficulty"].begin(); it != e[set]["sr_by_difficulty"].end(); ++it) {
        if (std::find(cats.begin(), cats.end(), it.key()) == cats.end()) cats.push_back(it.key());
      }
      bars.push_back(s);
    };
    const json& first = evals.front();
    const json& last = evals.back();
    add(first, "heldout", "held-out, iteration " + std::to_string(first["iteration"].get<int>()), 0);
    add(last, "heldout", "held-out, iteration " + std::to_string(last["iteration"].get<int>()), 1);
    add(last, "test", "test templates, iteration " + std::to_string(last["iteration"].get<int>()), 2);
    std::sort(cats.begin(), cats.end());
    std::vector<const json*> src{&first, &last, &last};
    std::vector<std::string> sets{"heldout", "heldout", "test"};
    std::size_t bi = 0;
    for (std::size_t k = 0; k < 3 && bi < bars.size(); ++k) {
      if (!src[k]->contains(sets[k])) continue;
      const json& bd = (*src[k])[sets[k]]["sr_by_difficulty"];
      for (const auto& c : cats) bars[bi].y.push_back(bd.contains(c) ? bd[c].get<double>() : NAN);
      ++bi;
    }
    h << "<h2>Success rate by difficulty</h2><figure>" << svg_bar_chart("SR by difficulty (greedy)", cats, bars)
      << "</figure>";
    // Per template table of the last evaluation.
    h << "<h2>Last evaluation by template</h2><table><tr><th>template</th><th>first</th><th>last</th></tr>";
    for (const char* set : {"heldout", "test"}) {
      if (!last.contains(set)) continue;
      for (auto it = last[set]["sr_by_template"].begin(); it != last[set]["sr_by_template"].end(); ++it) {
        double f0 = NAN;
        if (first.contains(set) && first[set]["sr_by_template"].contains(it.key()))
          f0 = first[set]["sr_by_template"][it.key()].get<double>();
        h << "<tr><td>" << html_escape(it.key()) << (std::string(set) == "test" ? " (test)" : "") << "</td><td>"
          << (std::isfinite(f0) ? std::to_string(static_cast<int>(std::lround(f0 * 100))) + "%" : "") << "</td><td>"
          << static_cast<int>(std::lround(it.value().get<double>() * 100)) << "%</td></tr>";
      }
    }
    h << "</table>";
  }
  if (!config.is_discarded() && !config.is_null())
    h << "<h2>Config</h2><pre>" << html_escape(config.dump(2)) << "</pre>";
  h << "</body></html>\n";
  write_file_atomic(dir + "/report.html", h.str());
}

}  // namespace pg
