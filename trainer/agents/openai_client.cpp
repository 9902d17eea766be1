#include "trainer/agents/openai_client.hpp"

#include "trainer/agents/syntax.hpp"

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>
#include <boost/beast/version.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <thread>

namespace pg {

using json = nlohmann::json;
namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace ssl = asio::ssl;
using tcp = asio::ip::tcp;
using Clock = std::chrono::steady_clock;

namespace {

/// A failure worth retrying (timeouts, refused or dropped connections, 408/429/5xx, garbage).
struct Transient : EndpointError {
  explicit Transient(const std::string& what) : EndpointError(what, true) {}
  double retry_after_s = -1;
};

std::string excerpt(const std::string& s, std::size_t n = 200) {
  std::string o = valid_utf8(utf8_prefix(s, n));  // bodies may be binary: keep the message valid JSON text
  for (char& c : o)
    if (c == '\n' || c == '\r') c = ' ';
  return s.size() > n ? o + "..." : o;
}

std::string fmt_s(double s) {
  char b[32];
  std::snprintf(b, sizeof b, "%.1f s", s);
  return b;
}

bool is_ip_literal(const std::string& host) {
  beast::error_code ec;
  asio::ip::make_address(host, ec);
  return !ec;
}

}  // namespace

Url Url::parse(const std::string& url) {
  Url u;
  std::string rest;
  if (url.rfind("http://", 0) == 0) u.scheme = "http", rest = url.substr(7);
  else if (url.rfind("https://", 0) == 0) u.scheme = "https", rest = url.substr(8);
  else throw std::invalid_argument("base URL \"" + url + "\": expected http://host[:port]/path or https://...");
  const std::size_t slash = rest.find('/');
  std::string hostport = rest.substr(0, slash);
  u.path = slash == std::string::npos ? "" : rest.substr(slash);
  while (!u.path.empty() && u.path.back() == '/') u.path.pop_back();
  const std::size_t colon = hostport.rfind(':');
  if (colon != std::string::npos && hostport.find(']') == std::string::npos) {
    u.host = hostport.substr(0, colon);
    u.port = hostport.substr(colon + 1);
  } else {
    u.host = hostport;
    u.port = u.scheme == "https" ? "443" : "80";
  }
  if (u.host.size() > 2 && u.host.front() == '[') u.host = u.host.substr(1, u.host.size() - 2);
  if (u.host.empty()) throw std::invalid_argument("base URL \"" + url + "\": no host");
  if (u.port.empty() || u.port.find_first_not_of("0123456789") != std::string::npos)
    throw std::invalid_argument("base URL \"" + url + "\": bad port \"" + u.port + "\"");
  return u;
}

std::string Url::str() const { return scheme + "://" + host + ":" + port + path; }

HttpResult http_post_json(const Url& url, const std::string& body,
                          const std::vector<std::pair<std::string, std::string>>& headers, double timeout_s,
                          const std::string& ca_file) {
  const std::string where = url.str() + "/chat/completions";
  asio::io_context ioc;
  const auto deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(timeout_s));
  auto remaining = [&](const char* what) {
    const auto r = deadline - Clock::now();
    if (r <= Clock::duration::zero()) throw Transient(where + ": timed out after " + fmt_s(timeout_s) + " " + what);
    return r;
  };
  // Runs one async operation to completion on `ioc` (the stream's expiry bounds it).
  auto run = [&](const char* what, auto&& start) {
    beast::error_code ec;
    start([&ec](beast::error_code e, auto&&...) { ec = e; });
    ioc.restart();
    ioc.run();
    if (ec == beast::error::timeout) throw Transient(where + ": timed out after " + fmt_s(timeout_s) + " " + what);
    if (ec == http::error::body_limit)
      throw Transient(where + ": the reply is longer than " + std::to_string(kMaxReplyBytes >> 20) + " MiB (cut off)");
    if (ec) throw Transient(where + ": " + what + ": " + ec.message());
  };

  beast::error_code ec;
  tcp::resolver resolver(ioc);
  const auto endpoints = resolver.resolve(url.host, url.port, ec);
  if (ec) throw Transient(where + ": cannot resolve host \"" + url.host + "\": " + ec.message());

  http::request<http::string_body> req{http::verb::post, url.path + "/chat/completions", 11};
  req.set(http::field::host, url.host);
  req.set(http::field::user_agent, "phonegym");
  req.set(http::field::content_type, "application/json");
  for (const auto& [k, v] : headers) req.set(k, v);
  req.body() = body;
  req.prepare_payload();

  http::response_parser<http::string_body> parser;
  parser.body_limit(kMaxReplyBytes);
  beast::flat_buffer buf;
  auto exchange = [&](auto& stream, beast::tcp_stream& lowest) {
    lowest.expires_after(remaining("sending the request"));
    run("sending the request", [&](auto h) { http::async_write(stream, req, h); });
    lowest.expires_after(remaining("waiting for the reply"));
    run("waiting for the reply", [&](auto h) { http::async_read(stream, buf, parser, h); });
  };

  if (url.scheme == "https") {
    ssl::context ctx(ssl::context::tls_client);
    ctx.set_verify_mode(ssl::verify_peer);
    if (!ca_file.empty()) {
      ctx.load_verify_file(ca_file, ec);
      if (ec) throw EndpointError("--ca-file " + ca_file + ": cannot load CA certificates: " + ec.message());
    } else {
      ctx.set_default_verify_paths(ec);
    }
    beast::ssl_stream<beast::tcp_stream> stream(ioc, ctx);
    if (!is_ip_literal(url.host)) SSL_set_tlsext_host_name(stream.native_handle(), url.host.c_str());
    stream.set_verify_callback(ssl::host_name_verification(url.host));
    beast::tcp_stream& lowest = beast::get_lowest_layer(stream);
    lowest.expires_after(remaining("connecting"));
    run("connecting", [&](auto h) { lowest.async_connect(endpoints, h); });
    lowest.expires_after(remaining("in the TLS handshake"));
    try {
      run("TLS handshake", [&](auto h) { stream.async_handshake(ssl::stream_base::client, h); });
    } catch (const Transient& e) {
      // A certificate problem does not go away by retrying.
      throw EndpointError(std::string(e.what()) +
                          (ca_file.empty() ? " (a self-signed server needs --ca-file CERT.pem)" : " (checked against --ca-file " + ca_file + ")"));
    }
    exchange(stream, lowest);
    lowest.expires_after(std::chrono::seconds(1));
    stream.shutdown(ec);  // best effort
  } else {
    beast::tcp_stream stream(ioc);
    stream.expires_after(remaining("connecting"));
    run("connecting", [&](auto h) { stream.async_connect(endpoints, h); });
    exchange(stream, stream);
    stream.socket().shutdown(tcp::socket::shutdown_both, ec);
  }
  HttpResult r;
  auto& res = parser.get();
  r.status = static_cast<int>(res.result_int());
  r.body = std::move(res.body());
  if (auto it = res.find(http::field::retry_after); it != res.end()) {
    const std::string v(it->value());
    char* end = nullptr;
    const double s = std::strtod(v.c_str(), &end);
    if (end && *end == '\0' && s >= 0) r.retry_after_s = s;
  }
  return r;
}

ChatClient::ChatClient(ChatClientOptions o) : o_(std::move(o)), url_(Url::parse(o_.base_url)) {
  if (o_.model.empty()) throw std::invalid_argument("endpoint " + o_.base_url + ": no model name (use openai:<base_url>#<model>)");
  if (o_.concurrency < 1) o_.concurrency = 1;
}

namespace {

/// The text of a chat completion choice; tool calls (vLLM's tool parsers) become <tool_call> text.
std::string choice_text(const json& msg) {
  std::string out;
  const json& c = msg.contains("content") ? msg["content"] : json();
  if (c.is_string()) out = c.get<std::string>();
  else if (c.is_array())
    for (const json& part : c)
      if (part.is_object() && part.value("type", "") == "text") out += part.value("text", "");
  if (msg.contains("tool_calls") && msg["tool_calls"].is_array())
    for (const json& tc : msg["tool_calls"]) {
      if (!tc.contains("function")) continue;
      const json& f = tc["function"];
      json args = f.value("arguments", json::object());
      if (args.is_string()) {
        json p = json::parse(args.get<std::string>(), nullptr, false);
        if (!p.is_discarded()) args = p;
      }
      out += "\n<tool_call>\n" + json{{"name", f.value("name", "")}, {"arguments", args}}.dump() + "\n</tool_call>";
    }
  return out;
}

}  // namespace

ChatReply ChatClient::complete(const json& messages, const json& params) {
  {
    std::unique_lock<std::mutex> lk(mu_);
    cv_.wait(lk, [&] { return in_flight_ < o_.concurrency; });
    ++in_flight_;
  }
  struct Release {
    ChatClient* c;
    ~Release() {
      {
        std::lock_guard<std::mutex> lk(c->mu_);
        --c->in_flight_;
      }
      c->cv_.notify_one();
    }
  } release{this};

  json body = params;
  body["model"] = o_.model;
  body["messages"] = messages;
  const std::string text = body.dump();
  std::vector<std::pair<std::string, std::string>> headers;
  if (!o_.api_key.empty()) headers.emplace_back("Authorization", "Bearer " + o_.api_key);
  const std::string where = url_.str() + "/chat/completions";

  std::string last;
  for (int attempt = 1;; ++attempt) {
    {
      std::lock_guard<std::mutex> lk(mu_);
      ++attempts_;
    }
    double wait_s = o_.backoff_s * std::pow(2.0, attempt - 1);
    try {
      const auto t0 = Clock::now();
      HttpResult r = http_post_json(url_, text, headers, o_.timeout_s, o_.ca_file);
      const double ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
      if (r.status != 200) {
        std::string msg = where + ": HTTP " + std::to_string(r.status) + ": " + excerpt(r.body);
        if (r.status == 401 || r.status == 403) msg += " (check the key: --api-key-env VAR)";
        if (r.status == 404) msg += " (check the base URL, usually ending in /v1, and the model name)";
        if (r.status == 408 || r.status == 429 || r.status >= 500) {
          Transient t(msg);
          t.retry_after_s = r.retry_after_s;
          throw t;
        }
        throw EndpointError(msg);
      }
      json j = json::parse(r.body, nullptr, false);
      if (j.is_discarded())
        throw Transient(where + ": reply is not JSON (HTTP 200, " + std::to_string(r.body.size()) + " bytes): \"" +
                        excerpt(r.body) + "\"");
      if (j.contains("error") && !j.contains("choices"))
        throw EndpointError(where + ": error: " + excerpt(j["error"].is_object() ? j["error"].value("message", j["error"].dump()) : j["error"].dump()));
      if (!j.contains("choices") || !j["choices"].is_array() || j["choices"].empty() || !j["choices"][0].is_object() ||
          !j["choices"][0].contains("message"))
        throw Transient(where + ": reply has no choices[0].message: " + excerpt(r.body));
      ChatReply out;
      out.content = choice_text(j["choices"][0]["message"]);
      out.finish_reason = j["choices"][0].value("finish_reason", json("")).is_string() ? j["choices"][0].value("finish_reason", "") : "";
      if (j.contains("usage") && j["usage"].is_object()) {
        const json& u = j["usage"];
        if (u.contains("prompt_tokens") && u["prompt_tokens"].is_number()) out.prompt_tokens = u["prompt_tokens"].get<int>();
        if (u.contains("completion_tokens") && u["completion_tokens"].is_number()) out.completion_tokens = u["completion_tokens"].get<int>();
      }
      out.latency_ms = ms;
      out.attempts = attempt;
      std::lock_guard<std::mutex> lk(mu_);
      ++requests_;
      consecutive_failures_ = 0;
      prompt_tokens_ += out.prompt_tokens;
      completion_tokens_ += out.completion_tokens;
      latencies_.push_back(ms);
      return out;
    } catch (const Transient& e) {
      last = e.what();
      if (e.retry_after_s >= 0) wait_s = std::min(e.retry_after_s, 30.0);
    } catch (const EndpointError& e) {
      std::lock_guard<std::mutex> lk(mu_);
      ++failed_;
      ++consecutive_failures_;
      throw;
    }
    if (attempt > o_.retries) {
      std::lock_guard<std::mutex> lk(mu_);
      ++failed_;
      ++consecutive_failures_;
      throw EndpointError(last + " (gave up after " + std::to_string(attempt) + " attempts)", /*transient=*/true);
    }
    std::this_thread::sleep_for(std::chrono::duration<double>(std::min(wait_s, 30.0)));
  }
}

int ChatClient::consecutive_failures() const {
  std::lock_guard<std::mutex> lk(mu_);
  return consecutive_failures_;
}

json ChatClient::stats() const {
  std::lock_guard<std::mutex> lk(mu_);
  std::vector<double> l = latencies_;
  std::sort(l.begin(), l.end());
  auto pct = [&](double p) { return l.empty() ? 0.0 : l[std::min(l.size() - 1, static_cast<std::size_t>(p * (l.size() - 1) + 0.5))]; };
  double sum = 0;
  for (double v : l) sum += v;
  return {{"endpoint", url_.str()},
          {"model", o_.model},
          {"requests", requests_},
          {"failed", failed_},
          {"attempts", attempts_},
          {"retries", attempts_ - requests_ - failed_},
          {"prompt_tokens", prompt_tokens_},
          {"completion_tokens", completion_tokens_},
          {"latency_ms", {{"mean", l.empty() ? 0.0 : sum / static_cast<double>(l.size())}, {"p50", pct(0.5)}, {"p95", pct(0.95)}, {"max", l.empty() ? 0.0 : l.back()}}}};
}

}  // namespace pg
