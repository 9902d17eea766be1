// TEST FIXTURE: a tiny OpenAI-compatible chat-completions server on 127.0.0.1 (HTTP or HTTPS) whose
// replies come from a test-supplied function. It is not a model and not part of PhoneGym: tests use
// it to drive `phonegym eval --agent openai:...` and the client through scripted replies, slow
// replies, HTTP errors and malformed bodies.
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>
#include <nlohmann/json.hpp>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace pgtest {

/// What the fixture sends back for one request.
struct FakeReply {
  int status = 200;
  std::string body;      ///< the whole HTTP body (use completion() for a normal reply)
  int delay_ms = 0;      ///< sleep before answering (timeouts)
  /// >= 0: instead of `body`, an endless chunked body of 1 KiB chunks, this many ms apart, until
  /// the client hangs up (a stuck streaming server).
  int endless_chunk_ms = -1;
};

/// A normal chat-completion body whose message content is `text`.
inline std::string completion(const std::string& text, int prompt_tokens = 100, int completion_tokens = 20) {
  return nlohmann::json{{"id", "test"},
                        {"object", "chat.completion"},
                        {"choices", {{{"index", 0}, {"message", {{"role", "assistant"}, {"content", text}}}, {"finish_reason", "stop"}}}},
                        {"usage", {{"prompt_tokens", prompt_tokens}, {"completion_tokens", completion_tokens}}}}
      .dump();
}

class FakeOpenAIServer {
 public:
  using Handler = std::function<FakeReply(const nlohmann::json& request)>;

  /// Plain HTTP when `cert_pem`/`key_pem` are empty, else HTTPS with that certificate.
  explicit FakeOpenAIServer(Handler h, std::string cert_pem = "", std::string key_pem = "")
      : handler_(std::move(h)), acceptor_(ioc_, {boost::asio::ip::make_address("127.0.0.1"), 0}),
        ssl_(boost::asio::ssl::context::tls_server) {
    tls_ = !cert_pem.empty();
    if (tls_) {
      ssl_.use_certificate_chain_file(cert_pem);
      ssl_.use_private_key_file(key_pem, boost::asio::ssl::context::pem);
    }
    port_ = acceptor_.local_endpoint().port();
    thread_ = std::thread([this] { accept_loop(); });
  }
  ~FakeOpenAIServer() {
    stop_ = true;
    boost::system::error_code ec;
    boost::asio::ip::tcp::socket wake(ioc_);
    wake.connect({boost::asio::ip::make_address("127.0.0.1"), port_}, ec);  // unblocks accept()
    thread_.join();
    for (auto& t : sessions_) t.join();
  }
  int port() const { return port_; }
  std::string base_url() const {
    return std::string(tls_ ? "https" : "http") + "://127.0.0.1:" + std::to_string(port_) + "/v1";
  }
  int requests() const { return requests_; }
  int max_in_flight() const { return max_in_flight_; }
  std::string last_path() {
    std::lock_guard<std::mutex> lk(mu_);
    return last_path_;
  }
  std::string last_auth() {
    std::lock_guard<std::mutex> lk(mu_);
    return last_auth_;
  }

 private:
  void accept_loop() {
    while (!stop_) {
      boost::system::error_code ec;
      boost::asio::ip::tcp::socket s(ioc_);
      acceptor_.accept(s, ec);
      if (stop_ || ec) break;
      std::lock_guard<std::mutex> lk(mu_);
      sessions_.emplace_back([this, sock = std::move(s)]() mutable { session(std::move(sock)); });
    }
  }
  template <class Stream>
  void serve(Stream& stream) {
    namespace http = boost::beast::http;
    boost::beast::flat_buffer buf;
    http::request<http::string_body> req;
    boost::system::error_code ec;
    http::read(stream, buf, req, ec);
    if (ec) return;
    {
      std::lock_guard<std::mutex> lk(mu_);
      last_path_ = std::string(req.target());
      last_auth_ = std::string(req[http::field::authorization]);
    }
    const int now = ++in_flight_;
    for (int m = max_in_flight_; now > m && !max_in_flight_.compare_exchange_weak(m, now);) {
    }
    ++requests_;
    FakeReply r = handler_(nlohmann::json::parse(req.body(), nullptr, false));
    if (r.delay_ms > 0) std::this_thread::sleep_for(std::chrono::milliseconds(r.delay_ms));
    --in_flight_;
    if (r.endless_chunk_ms >= 0) {
      boost::asio::write(stream, boost::asio::buffer(std::string("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                                                                 "Transfer-Encoding: chunked\r\n\r\n")), ec);
      const std::string chunk = "400\r\n" + std::string(1024, ' ') + "\r\n";
      while (!ec && !stop_) {
        boost::asio::write(stream, boost::asio::buffer(chunk), ec);
        if (r.endless_chunk_ms > 0) std::this_thread::sleep_for(std::chrono::milliseconds(r.endless_chunk_ms));
      }
      return;
    }
    http::response<http::string_body> res{static_cast<http::status>(r.status), 11};
    res.set(http::field::content_type, "application/json");
    res.body() = r.body;
    res.keep_alive(false);
    res.prepare_payload();
    http::write(stream, res, ec);
  }
  void session(boost::asio::ip::tcp::socket s) {
    boost::system::error_code ec;
    if (tls_) {
      boost::beast::ssl_stream<boost::asio::ip::tcp::socket&> stream(s, ssl_);
      stream.handshake(boost::asio::ssl::stream_base::server, ec);
      if (ec) return;
      serve(stream);
      stream.shutdown(ec);
    } else {
      serve(s);
    }
    s.shutdown(boost::asio::ip::tcp::socket::shutdown_both, ec);
  }

  Handler handler_;
  boost::asio::io_context ioc_;
  boost::asio::ip::tcp::acceptor acceptor_;
  boost::asio::ssl::context ssl_;
  bool tls_ = false;
  unsigned short port_ = 0;
  std::atomic<bool> stop_{false};
  std::atomic<int> requests_{0}, in_flight_{0}, max_in_flight_{0};
  std::mutex mu_;
  std::string last_path_, last_auth_;
  std::thread thread_;
  std::vector<std::thread> sessions_;
};

/// Makes a self-signed certificate for 127.0.0.1 in `dir` with the openssl command line; returns
/// {cert.pem, key.pem}, or empty strings when openssl fails.
inline std::pair<std::string, std::string> make_self_signed_cert(const std::string& dir) {
  const std::string cert = dir + "/cert.pem", key = dir + "/key.pem";
  const std::string cmd = "openssl req -x509 -newkey rsa:2048 -nodes -keyout " + key + " -out " + cert +
                          " -days 1 -subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1 >/dev/null 2>&1";
  if (std::system(cmd.c_str()) != 0) return {"", ""};
  return {cert, key};
}

}  // namespace pgtest
