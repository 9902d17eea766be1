#include "tools/studio_server.hpp"

#include "sim/os/phone.hpp"
#include "tasks/authoring.hpp"
#include "trainer/cdp/http_server.hpp"

#include <boost/asio.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <stdexcept>

namespace pg::studio {

namespace fs = std::filesystem;
namespace asio = boost::asio;
using json = nlohmann::json;

namespace {

constexpr std::size_t kMaxTemplateBytes = 1 << 20;  // a template is a few kilobytes

Reply text(int status, std::string body) {
  Reply r;
  r.status = status;
  r.body = std::move(body) + "\n";
  return r;
}

Reply json_reply(int status, const json& j) {
  Reply r;
  r.status = status;
  r.content_type = "application/json";
  r.body = j.dump(-1, ' ', false, json::error_handler_t::replace);
  return r;
}

Reply error(int status, const std::string& why) { return json_reply(status, {{"error", why}}); }

// The path segments of a decoded path, split on '/' and '\\'; false if any is "..".
bool safe_segments(const std::string& decoded, std::vector<std::string>& segs) {
  segs.clear();
  std::string cur;
  for (std::size_t i = 0; i <= decoded.size(); ++i) {
    if (i == decoded.size() || decoded[i] == '/' || decoded[i] == '\\') {
      if (cur == "..") return false;
      if (!cur.empty() && cur != ".") segs.push_back(cur);
      cur.clear();
    } else {
      cur.push_back(decoded[i]);
    }
  }
  return true;
}

std::string read_file(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::ostringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

std::string header(const Request& req, const std::string& name) { return req.header(name); }


// Constant-time comparison of the token (no early exit on the first differing byte).
bool token_matches(const std::string& given, const std::string& want) {
  unsigned diff = given.size() == want.size() ? 0u : 1u;
  for (std::size_t i = 0; i < want.size(); ++i) diff |= static_cast<unsigned>(want[i] ^ (i < given.size() ? given[i] : 0));
  return diff == 0;
}

// A template path below the tasks dir: segments of [A-Za-z0-9_.-] not starting with '.', the last
// ending in ".json", at most 4 deep. Returns "" if fine, else the reason.
std::string template_path_problem(const std::vector<std::string>& segs) {
  if (segs.empty()) return "no template path";
  if (segs.size() > 4) return "template paths are at most 4 folders deep";
  for (const std::string& s : segs) {
    if (s[0] == '.') return "a path segment may not start with '.'";
    for (char c : s)
      if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.'))
        return "path segment \"" + s + "\" may only hold letters, digits, '_', '-' and '.'";
  }
  const std::string& last = segs.back();
  if (last.size() <= 5 || last.compare(last.size() - 5, 5, ".json") != 0) return "a template file name ends in .json";
  return "";
}

Reply list_templates(const fs::path& dir) {
  std::vector<fs::path> files;
  for (const auto& e : fs::recursive_directory_iterator(dir))
    if (e.is_regular_file() && e.path().extension() == ".json") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  json rows = json::array();
  for (const fs::path& p : files) {
    const std::string rel = fs::relative(p, dir).generic_string();
    json j = json::parse(read_file(p), nullptr, false);
    if (j.is_discarded() || !j.is_object()) {
      rows.push_back({{"path", rel}, {"error", "not a JSON object"}});
      continue;
    }
    const json& ins = j.value("instruction", json());
    rows.push_back({{"path", rel},
                    {"id", j.value("id", "")},
                    {"apps", j.value("apps", json::array())},
                    {"instruction", ins.is_array() && !ins.empty() ? ins[0] : ins},
                    {"split", j.value("split", "")}});
  }
  return json_reply(200, {{"templates", rows}});
}

Reply save_template(const fs::path& dir, const fs::path& file, const std::string& rel, const Request& req) {
  if (req.body.size() > kMaxTemplateBytes) return error(413, "template too large (at most 1 MiB)");
  std::error_code ec;
  const bool exists = fs::exists(file, ec);
  if (header(req, "if-none-match") == "*" && exists)
    return error(412, rel + " exists already; open it to edit it, or choose another file name");
  static const json defaults = Phone::default_state();
  json v = validate_template_text(req.body, defaults);
  if (!v.value("ok", false)) {
    const json& e = v["errors"][0];
    return json_reply(400, {{"error", rel + ": " + e.value("field", "") + ": " + e.value("message", "")},
                            {"errors", v["errors"]}});
  }
  // The id must stay unique: TaskSet::load refuses a duplicate, which would break every command.
  const std::string id = v["id"];
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    if (!e.is_regular_file() || e.path().extension() != ".json") continue;
    if (fs::equivalent(e.path(), file, ec)) continue;
    json other = json::parse(read_file(e.path()), nullptr, false);
    if (other.is_object() && other.value("id", "") == id)
      return error(409, rel + ": id: \"" + id + "\" is already the id of " + fs::relative(e.path(), dir).generic_string());
  }
  fs::create_directories(file.parent_path(), ec);
  if (ec) return error(500, "cannot create " + file.parent_path().string() + ": " + ec.message());
  // Write a temporary file next to it, then rename: a reader never sees half a template.
  const fs::path tmp = file.parent_path() / ("." + file.filename().string() + ".tmp");
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) return error(500, "cannot write " + tmp.string());
    out << req.body;
    if (req.body.empty() || req.body.back() != '\n') out << '\n';
    if (!out) return error(500, "cannot write " + tmp.string());
  }
  fs::rename(tmp, file, ec);
  if (ec) return error(500, "cannot write " + file.string() + ": " + ec.message());
  return json_reply(exists ? 200 : 201, {{"ok", true}, {"path", rel}, {"id", id}, {"created", !exists}});
}

Reply handle_api(const ServeOptions& opts, const Request& req, const std::string& decoded) {
  const fs::path dir = fs::canonical(opts.tasks_dir);
  if (decoded == "/api/info") {
    if (req.method != "GET") return error(405, "GET only");
    return json_reply(200, {{"tasks_dir", dir.string()}, {"token_required", !opts.token.empty()}, {"version", 1}});
  }
  if (decoded == "/api/templates" || decoded == "/api/templates/") {
    if (req.method != "GET") return error(405, "GET only");
    return list_templates(dir);
  }
  const std::string prefix = "/api/templates/";
  if (decoded.compare(0, prefix.size(), prefix) != 0) return error(404, "no API " + decoded);
  const std::string rel_text = decoded.substr(prefix.size());
  std::vector<std::string> segs;
  if (!safe_segments(rel_text, segs)) return error(403, "forbidden: \"..\" in a template path");
  if (rel_text.find('\\') != std::string::npos) return error(403, "forbidden: backslash in a template path");
  if (std::string why = template_path_problem(segs); !why.empty()) return error(400, "template path \"" + rel_text + "\": " + why);
  fs::path file = dir;
  std::string rel;
  for (const std::string& s : segs) {
    file /= s;
    rel += (rel.empty() ? "" : "/") + s;
  }
  std::error_code ec;
  const fs::path canon = fs::weakly_canonical(file, ec);
  if (ec || !pg::cdp::path_within(dir, canon)) return error(403, "forbidden: " + rel + " is outside the tasks dir");
  if (req.method == "GET" || req.method == "HEAD") {
    if (!fs::is_regular_file(canon, ec)) return error(404, "no template " + rel);
    Reply r;
    r.content_type = "application/json";
    r.body = read_file(canon);
    return r;
  }
  if (req.method == "PUT") return save_template(dir, canon, rel, req);
  Reply r = error(405, "GET, HEAD or PUT");
  r.headers["Allow"] = "GET, HEAD, PUT";
  return r;
}

Reply handle_static(const ServeOptions& opts, const Request& req, const std::string& decoded) {
  if (req.method != "GET" && req.method != "HEAD") {
    Reply r = text(405, "method not allowed");
    r.headers["Allow"] = "GET, HEAD";
    return r;
  }
  if (decoded == "/") {
    Reply r = text(302, "see /studio.html");
    r.headers["Location"] = "/studio.html";
    return r;
  }
  return pg::cdp::serve_file(fs::canonical(opts.web_root), req.method, decoded);
}

}  // namespace


std::string make_token() {
  std::random_device rd;
  static const char* hex = "0123456789abcdef";
  std::string t;
  for (int i = 0; i < 4; ++i) {
    std::uint32_t v = rd();
    for (int k = 0; k < 8; ++k, v >>= 4) t.push_back(hex[v & 15]);
  }
  return t;
}

Reply handle(const ServeOptions& opts, bool bound_loopback, const Request& req) {
  const std::string path = req.target.substr(0, req.target.find_first_of("?#"));
  std::string decoded;
  if (path.empty() || path[0] != '/') return text(400, "bad request target (expected an absolute path)");
  if (!pg::cdp::url_decode(path, decoded)) return text(400, "bad request target (malformed percent-escape or NUL)");
  if (bound_loopback && !header(req, "host").empty() && !pg::cdp::is_loopback(header(req, "host")))
    return text(403, "forbidden: Host \"" + header(req, "host") + "\" is not this loopback server");
  const bool write = req.method != "GET" && req.method != "HEAD";
  if (write) {
    const std::string origin = header(req, "origin");
    if (!origin.empty() && origin != "null") {
      const auto scheme = origin.find("://");
      const std::string oh = scheme == std::string::npos ? origin : origin.substr(scheme + 3);
      std::string h = header(req, "host");
      std::transform(h.begin(), h.end(), h.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
      std::string o = oh;
      std::transform(o.begin(), o.end(), o.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
      if (o != h) return error(403, "forbidden: a write from origin " + origin + " to " + h);
    }
    if (!opts.token.empty() && !token_matches(header(req, "x-phonegym-token"), opts.token))
      return error(401, "this server is exposed beyond loopback: writes need the token printed at start (X-PhoneGym-Token)");
  }
  try {
    if (decoded == "/api" || decoded.compare(0, 5, "/api/") == 0) return handle_api(opts, req, decoded);
    return handle_static(opts, req, decoded);
  } catch (const std::exception& e) {
    return error(500, e.what());
  }
}

// ---------------------------------------------------------------- the socket side

std::unique_ptr<pg::cdp::HttpServer> start_studio(ServeOptions opts) {
  std::error_code fec;
  if (!fs::is_directory(opts.web_root, fec))
    throw std::runtime_error("serve: web root \"" + opts.web_root + "\" is not a directory (build the wasm host: scripts/build)");
  if (!fs::is_directory(opts.tasks_dir, fec))
    throw std::runtime_error("serve: tasks dir \"" + opts.tasks_dir + "\" is not a directory");
  pg::cdp::HttpServerOptions o;
  o.address = opts.host;
  o.port = opts.port;
  o.name = "serve";
  o.body_limit = kMaxTemplateBytes + 1024;
  o.max_connections = opts.max_connections;
  o.header_timeout_s = opts.header_timeout_s;
  o.idle_timeout_s = opts.idle_timeout_s;
  o.headers = {{"X-Content-Type-Options", "nosniff"}};
  const bool loopback = pg::cdp::is_loopback(opts.host);
  return std::make_unique<pg::cdp::HttpServer>(
      std::move(o), [opts = std::move(opts), loopback](const Request& req) { return handle(opts, loopback, req); });
}

}  // namespace pg::studio
