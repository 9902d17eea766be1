#include "trainer/eval/report.hpp"
#include "trainer/io.hpp"
#include "sim/util/encoding.hpp"

#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>

namespace pg {

using json = nlohmann::json;

namespace {

std::string pct(const json& v) {
  if (!v.is_number()) return "-";
  char b[16];
  std::snprintf(b, sizeof b, "%.1f%%", 100 * v.get<double>());
  return b;
}
std::string num(const json& v) {
  if (!v.is_number()) return "-";
  char b[16];
  std::snprintf(b, sizeof b, "%.2f", v.get<double>());
  return b;
}

std::string metric_cells(const json& m) {
  return "<td>" + std::to_string(m.value("episodes", 0)) + "</td><td>" + pct(m["sr"]) + "</td><td>" + pct(m["pr"]) +
         "</td><td>" + pct(m["fc"]) + "</td><td>" + pct(m["ot"]) + "</td><td>" + pct(m["use"]) + "</td><td>" +
         num(m["rrr"]) + "</td><td>" + num(m["ror"]) + "</td><td>" + num(m["mean_steps"]) + "</td>";
}
const char* kMetricHead =
    "<th>episodes</th><th>SR</th><th>PR</th><th>FC</th><th>OT</th><th>USE</th><th>RRR</th><th>ROR</th><th>steps</th>";


}  // namespace

/// An SVG overlay (viewBox 0..1000) drawing an action on the screenshot.
std::string action_svg(const Action& a) {
  std::ostringstream s;
  s << "<svg viewBox='0 0 1000 1000' preserveAspectRatio='none'>";
  auto label = [&](int x, int y, const std::string& t) {
    s << "<text x='" << x << "' y='" << y << "' class='lbl'>" << html_escape(t) << "</text>";
  };
  switch (a.type) {
    case ActionType::Click:
    case ActionType::DoubleTap:
    case ActionType::LongPress:
      s << "<circle cx='" << a.x << "' cy='" << a.y << "' r='18' class='tap'/>";
      if (a.type != ActionType::Click) label(a.x + 24, a.y, to_string(a.type));
      break;
    case ActionType::Swipe:
    case ActionType::Drag:
      s << "<line x1='" << a.x1 << "' y1='" << a.y1 << "' x2='" << a.x2 << "' y2='" << a.y2
        << "' class='swipe' marker-end='url(#arrow)'/>";
      break;
    case ActionType::Type:
      if (a.x >= 0) s << "<circle cx='" << a.x << "' cy='" << a.y << "' r='18' class='tap'/>";
      label(40, 960, "type \"" + a.text + "\"");
      break;
    default:
      label(40, 960, to_string(a.type) + (a.app.empty() ? "" : " " + a.app) + (a.text.empty() ? "" : " \"" + a.text + "\""));
  }
  s << "<defs><marker id='arrow' markerWidth='6' markerHeight='6' refX='3' refY='3' orient='auto'>"
       "<path d='M0,0 L6,3 L0,6 z' fill='#e8710a'/></marker></defs></svg>";
  return s.str();
}

void write_html_report(const std::string& path, const json& results, const std::vector<Trajectory>& trajs) {
  std::ostringstream h;
  h << "<!doctype html><html lang='en'><head><meta charset='utf-8'><title>PhoneGym evaluation</title><style>"
       "body{font:14px Roboto,Arial,sans-serif;margin:24px;color:#1c1b1f}table{border-collapse:collapse;margin:8px 0 20px}"
       "td,th{border:1px solid #ddd;padding:4px 8px;text-align:right}td:first-child,th:first-child{text-align:left}"
       "th{background:#f3edf7}.ok{color:#188038}.bad{color:#b3261e}details{margin:6px 0}summary{cursor:pointer}"
       ".steps{display:flex;flex-wrap:wrap;gap:10px}.step{width:180px;font-size:12px;word-break:break-all}.shot{position:relative;width:180px;height:400px}"
       ".shot img{width:100%;height:100%;border:1px solid #ccc}.shot svg{position:absolute;left:0;top:0;width:100%;height:100%}"
       ".tap{fill:rgba(232,113,10,.35);stroke:#e8710a;stroke-width:5}.swipe{stroke:#e8710a;stroke-width:10}"
       ".lbl{fill:#fff;stroke:#000;stroke-width:3;paint-order:stroke;font:bold 44px sans-serif}"
       ".reply{white-space:pre-wrap;word-break:break-word;font-size:11px;background:#f6f6f6;padding:4px}</style></head><body>";
  h << "<h1>PhoneGym evaluation</h1><p>agent <b>" << html_escape(results.value("agent", "")) << "</b>, split <b>"
    << html_escape(results.value("split", "")) << "</b>, host " << html_escape(results.value("host", "")) << ", commit "
    << html_escape(results.value("commit", "")) << "</p>";
  if (results.contains("endpoint") && results.contains("agent_steps")) {
    const json &ep = results["endpoint"], &st = results["agent_steps"];
    h << "<p>endpoint " << html_escape(ep.value("endpoint", "")) << ": " << ep.value("requests", 0L) << " requests, "
      << ep.value("retries", 0L) << " retries, " << ep.value("failed", 0L) << " failed, " << ep.value("prompt_tokens", 0L) << " + "
      << ep.value("completion_tokens", 0L) << " tokens, latency p50 " << num(ep["latency_ms"]["p50"]) << " ms; format errors "
      << st.value("format_errors", 0L) << " of " << st.value("steps", 0L) << " steps</p>";
  }
  if (results.contains("error")) h << "<p class='bad'>" << html_escape(results["error"].get<std::string>()) << "</p>";
  h << "<h2>Summary</h2><table><tr><th></th>" << kMetricHead << "</tr><tr><td>overall</td>" << metric_cells(results)
    << "</tr></table>";
  if (results.contains("pass_at_k")) {
    h << "<p>";
    for (auto& [k, v] : results["pass_at_k"].items()) h << k << " " << pct(v) << " &nbsp; ";
    h << "</p>";
  }
  if (results.contains("robustness")) {  // phonegym eval --robustness (trainer/eval/robustness.hpp)
    const json& r = results["robustness"];
    auto interval = [](const json& ci) {
      return ci.is_array() ? " [" + pct(ci[0]) + ", " + pct(ci[1]) + "]" : std::string();
    };
    h << "<h2>Robustness</h2><p>The same instances under each perturbation (docs/real-device.md); kept = SR / SR under "
      << html_escape(r.value("nominal", "nominal")) << ", 95% intervals (Wilson for SR, paired bootstrap for kept).</p>"
      << "<table><tr><th>condition</th><th>episodes</th><th>SR</th><th>PR</th><th>kept</th><th>perturbations fired</th></tr>";
    for (const json& c : r["order"]) {
      const json& m = r["conditions"][c.get<std::string>()];
      h << "<tr><td>" << html_escape(c.get<std::string>()) << "</td><td>" << m.value("episodes", 0) << "</td><td>"
        << pct(m["sr"]) << interval(m["sr_ci"]) << "</td><td>" << pct(m["pr"]) << "</td><td>"
        << (m["kept"].is_null() ? std::string("-") : pct(m["kept"]) + interval(m["kept_ci"])) << "</td><td>";
      for (auto& [k, n] : m["perturbations"].items()) h << html_escape(k) << " " << n.get<int>() << " &nbsp; ";
      h << "</td></tr>";
    }
    h << "</table>";
  }
  for (const char* dim : {"difficulty", "objective", "composition", "scope", "app"}) {
    if (!results.contains("by") || !results["by"].contains(dim)) continue;
    h << "<h3>By " << dim << "</h3><table><tr><th>" << dim << "</th>" << kMetricHead << "</tr>";
    for (auto& [v, m] : results["by"][dim].items()) h << "<tr><td>" << html_escape(v) << "</td>" << metric_cells(m) << "</tr>";
    h << "</table>";
  }
  if (results.contains("by") && results["by"].contains("template")) {
    h << "<h2>Tasks</h2><table><tr><th>template</th><th>split</th><th>difficulty</th><th>objective</th>" << kMetricHead << "</tr>";
    for (auto& [id, m] : results["by"]["template"].items())
      h << "<tr><td>" << html_escape(id) << "</td><td>" << html_escape(m.value("split", "")) << "</td><td>"
        << html_escape(m.value("difficulty", "")) << "</td><td>" << html_escape(m.value("objective", "")) << "</td>"
        << metric_cells(m) << "</tr>";
    h << "</table>";
  }
  h << "<h2>Trajectories</h2>";
  for (std::size_t e = 0; e < trajs.size(); ++e) {
    const Trajectory& t = trajs[e];
    h << (e < 2 ? "<details open>" : "<details>") << "<summary><span class='" << (t.verdict.success ? "ok'>&#10004;" : "bad'>&#10008;") << "</span> "
      << html_escape(t.instance.tmpl->id) << " seed " << t.instance.seed << " &mdash; "
      << html_escape(t.instance.instruction) << " (" << t.steps.size() << " steps, reward " << num(t.reward) << ")</summary>";
    h << "<p>judge: ";
    for (const SubtaskResult& s : t.verdict.subtasks)
      h << "<span class='" << (s.passed ? "ok" : "bad") << "'>" << html_escape(s.name) << "</span>; ";
    if (!t.verdict.side_effects.empty()) {
      h << " side effects:";
      for (const std::string& p : t.verdict.side_effects) h << " <code>" << html_escape(p) << "</code>";
    }
    if (!t.verdict.error.empty()) h << " <span class='bad'>" << html_escape(t.verdict.error) << "</span>";
    if (!t.agent_error.empty()) h << " <span class='bad'>agent error: " << html_escape(t.agent_error) << "</span>";
    h << "</p><div class='steps'>";
    for (std::size_t i = 0; i < t.steps.size(); ++i) {
      const StepRecord& s = t.steps[i];
      h << "<div class='step'><div class='shot'>";
      if (i < t.screens.size()) h << "<img loading='lazy' src='" << html_escape(t.screens[i]) << "' alt='step " << i + 1 << "'>";
      h << action_svg(s.action) << "</div>" << i + 1 << ". <code>" << html_escape(to_json(s.action).dump()) << "</code>";
      if (s.info.contains("error")) h << " <span class='bad'>" << html_escape(s.info["error"].get<std::string>()) << "</span>";
      if (s.info.contains("info") && s.info["info"].is_object() && s.info["info"].contains("perturbations"))
        for (const json& p : s.info["info"]["perturbations"]) h << " <span class='bad'>[" << html_escape(p.get<std::string>()) << "]</span>";
      if (s.agent.is_object() && s.agent.contains("reply"))  // a model's raw reply (VlmAgent)
        h << "<details><summary>reply</summary><pre class='reply'>" << html_escape(s.agent["reply"].get<std::string>()) << "</pre></details>";
      h << "</div>";
    }
    h << "</div></details>";
  }
  h << "</body></html>\n";
  std::ofstream f(path, std::ios::trunc);
  if (!f) throw std::runtime_error("cannot write report " + path);
  f << h.str();
}

std::string compare_results_html(const json& a, const json& b, const std::string& label_a, const std::string& label_b) {
  std::ostringstream h;
  auto sr_of = [](const json& j) { return j.is_object() && j.contains("sr") ? j["sr"].get<double>() : -1.0; };
  // B - A in points, green when B is better (`lower_better`: a failure rate such as fc or ot).
  auto delta = [](double x, double y, bool lower_better = false) -> std::string {
    if (x < 0 || y < 0) return "<td>-</td>";
    const double d = (y - x) * 100, good = lower_better ? -d : d;
    char buf[32];
    std::snprintf(buf, sizeof buf, "%+.1f", d);
    const char* cls = good > 0.05 ? "ok" : good < -0.05 ? "bad" : "";
    return std::string("<td class='") + cls + "'>" + buf + "</td>";
  };
  h << "<!doctype html><html lang='en'><head><meta charset='utf-8'><title>PhoneGym: two evaluations</title><style>"
       "body{font:14px Roboto,Arial,sans-serif;margin:24px;color:#1c1b1f}table{border-collapse:collapse;margin:8px 0 20px}"
       "td,th{border:1px solid #ddd;padding:4px 8px;text-align:right}td:first-child,th:first-child{text-align:left}"
       "th{background:#f3edf7}.ok{color:#188038}.bad{color:#b3261e}.warn{background:#fef7e0;padding:8px;border:1px solid #f9ab00}"
       "</style></head><body><h1>PhoneGym: two evaluations</h1>";
  // Headline.
  h << "<table><tr><th></th><th>A: " << html_escape(label_a) << "</th><th>B: " << html_escape(label_b) << "</th><th>B - A (points)</th></tr>";
  for (const char* k : {"agent", "split", "host", "commit"})
    h << "<tr><td>" << k << "</td><td>" << html_escape(a.value(k, "")) << "</td><td>" << html_escape(b.value(k, "")) << "</td><td></td></tr>";
  h << "<tr><td>episodes</td><td>" << a.value("episodes", 0) << "</td><td>" << b.value("episodes", 0) << "</td><td></td></tr>";
  for (const char* k : {"sr", "pr", "fc", "ot"}) {
    const double x = a.value(k, -1.0), y = b.value(k, -1.0);
    h << "<tr><td>" << k << "</td><td>" << pct(a.value(k, json())) << "</td><td>" << pct(b.value(k, json())) << "</td>" << delta(x, y, k[0] == 'f' || k[0] == 'o') << "</tr>";
  }
  h << "</table>";
  // Comparability warnings.
  std::vector<std::string> warn;
  if (a.value("split", "") != b.value("split", "")) warn.push_back("the runs evaluated different splits");
  const json ta = a.value("templates", json::object()), tb = b.value("templates", json::object());
  int changed = 0;
  for (auto it = ta.begin(); it != ta.end(); ++it)
    if (tb.contains(it.key()) && tb[it.key()] != it.value()) ++changed;
  if (changed) warn.push_back(std::to_string(changed) + " template(s) changed between the runs (their hashes differ)");
  for (const std::string& w : warn) h << "<p class='warn'>Not like for like: " << html_escape(w) << ".</p>";
  // Breakdowns.
  const json ba = a.value("by", json::object()), bb = b.value("by", json::object());
  for (const char* dim : {"app", "capability", "difficulty", "objective", "split"}) {
    const json da = ba.value(dim, json::object()), db = bb.value(dim, json::object());
    std::set<std::string> keys;
    for (auto it = da.begin(); it != da.end(); ++it) keys.insert(it.key());
    for (auto it = db.begin(); it != db.end(); ++it) keys.insert(it.key());
    if (keys.empty()) continue;
    h << "<h2>By " << dim << "</h2><table><tr><th>" << dim << "</th><th>A SR</th><th>A episodes</th><th>B SR</th><th>B episodes</th><th>B - A</th></tr>";
    for (const std::string& k : keys) {
      const json x = da.value(k, json()), y = db.value(k, json());
      h << "<tr><td>" << html_escape(k) << "</td><td>" << (x.is_object() ? pct(x["sr"]) : "-") << "</td><td>"
        << (x.is_object() ? x.value("episodes", 0) : 0) << "</td><td>" << (y.is_object() ? pct(y["sr"]) : "-") << "</td><td>"
        << (y.is_object() ? y.value("episodes", 0) : 0) << "</td>" << delta(sr_of(x), sr_of(y)) << "</tr>";
    }
    h << "</table>";
  }
  // Templates, largest change first.
  const json pa = ba.value("template", json::object()), pb = bb.value("template", json::object());
  std::vector<std::pair<double, std::string>> rows;
  std::set<std::string> ids;
  for (auto it = pa.begin(); it != pa.end(); ++it) ids.insert(it.key());
  for (auto it = pb.begin(); it != pb.end(); ++it) ids.insert(it.key());
  for (const std::string& id : ids) {
    const double x = sr_of(pa.value(id, json())), y = sr_of(pb.value(id, json()));
    rows.emplace_back(x < 0 || y < 0 ? -1.0 : std::abs(y - x), id);
  }
  std::stable_sort(rows.begin(), rows.end(), [](const auto& p, const auto& q) { return p.first > q.first; });
  h << "<h2>By template</h2><table><tr><th>template</th><th>A SR</th><th>B SR</th><th>B - A</th></tr>";
  for (const auto& [d, id] : rows) {
    const json x = pa.value(id, json()), y = pb.value(id, json());
    h << "<tr><td>" << html_escape(id) << "</td><td>" << (x.is_object() ? pct(x["sr"]) : "-") << "</td><td>"
      << (y.is_object() ? pct(y["sr"]) : "-") << "</td>" << delta(sr_of(x), sr_of(y)) << "</tr>";
  }
  h << "</table></body></html>\n";
  return h.str();
}

}  // namespace pg
