#include "trainer/cdp/cdp_client.hpp"

#include <websocketpp/client.hpp>
#include <websocketpp/config/asio_no_tls_client.hpp>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>
#include <thread>

namespace pg::cdp {
namespace {
using WsClient = websocketpp::client<websocketpp::config::asio_client>;
constexpr std::size_t kMaxMessage = 256u * 1024u * 1024u;

struct Pending {
  bool done = false;
  bool ok = false;
  nlohmann::json result;
  std::string error;
};
}  // namespace

struct CdpClient::Impl {
  WsClient ws;
  websocketpp::connection_hdl hdl;
  std::thread io;
  std::thread::id io_id;

  std::mutex mu;
  std::condition_variable cv;
  bool open = false;
  bool closed = false;  // closed or failed (terminal)
  std::string close_reason;
  std::map<long long, std::shared_ptr<Pending>> pending;
  std::atomic<long long> next_id{1};

  std::mutex handler_mu;
  std::shared_ptr<EventHandler> handler;

  void fail_all(const std::string& reason) {
    std::lock_guard<std::mutex> lk(mu);
    closed = true;
    open = false;
    if (close_reason.empty()) close_reason = reason;
    for (auto& [id, p] : pending) {
      p->done = true;
      p->ok = false;
      p->error = close_reason;
    }
    pending.clear();
    cv.notify_all();
  }

  void on_message(WsClient::message_ptr msg) {
    CdpMessage m = parse_cdp_message(msg->get_payload());
    if (m.kind == CdpMessage::Kind::Reply) {
      std::shared_ptr<Pending> p;
      {
        std::lock_guard<std::mutex> lk(mu);
        auto it = pending.find(m.id);
        if (it == pending.end()) return;  // timed out already
        p = it->second;
        pending.erase(it);
        p->ok = m.ok;
        p->result = std::move(m.result);
        p->error = std::move(m.error);
        p->done = true;
      }
      cv.notify_all();
      return;
    }
    if (m.kind != CdpMessage::Kind::Event) return;
    std::shared_ptr<EventHandler> h;
    {
      std::lock_guard<std::mutex> lk(handler_mu);
      h = handler;
    }
    if (!h || !*h) return;
    try {
      (*h)(m.method, m.params, m.session);
    } catch (...) {
      // An event handler's exception must not kill the io thread.
    }
  }
};

CdpMessage parse_cdp_message(const std::string& payload) {
  CdpMessage m;
  nlohmann::json j = nlohmann::json::parse(payload, nullptr, false);
  if (j.is_discarded() || !j.is_object()) return m;
  if (auto id = j.find("id"); id != j.end() && id->is_number_integer()) {
    m.kind = CdpMessage::Kind::Reply;
    m.id = id->get<long long>();
    if (auto e = j.find("error"); e != j.end()) {
      const auto text = [](const nlohmann::json& v) { return v.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace); };
      if (!e->is_object()) {
        m.error = text(*e);
      } else {
        if (auto t = e->find("message"); t != e->end()) m.error = t->is_string() ? t->get<std::string>() : text(*t);
        if (auto d = e->find("data"); d != e->end() && d->is_string()) m.error += " (" + d->get<std::string>() + ")";
        if (auto c = e->find("code"); c != e->end()) m.error += " [code " + text(*c) + "]";
      }
    } else {
      m.ok = true;
      auto r = j.find("result");
      m.result = r != j.end() ? std::move(*r) : nlohmann::json::object();
    }
    return m;
  }
  auto method = j.find("method");
  if (method == j.end() || !method->is_string()) return m;
  m.kind = CdpMessage::Kind::Event;
  m.method = method->get<std::string>();
  auto params = j.find("params");
  m.params = params != j.end() ? std::move(*params) : nlohmann::json::object();
  auto session = j.find("sessionId");
  if (session != j.end() && session->is_string()) m.session = session->get<std::string>();
  return m;
}

CdpClient::CdpClient(const std::string& ws_url, int timeout_ms) : impl_(std::make_unique<Impl>()) {
  Impl& s = *impl_;
  s.ws.clear_access_channels(websocketpp::log::alevel::all);
  s.ws.clear_error_channels(websocketpp::log::elevel::all);
  s.ws.init_asio();
  s.ws.set_max_message_size(kMaxMessage);
  s.ws.set_socket_init_handler([](websocketpp::connection_hdl, boost::asio::ip::tcp::socket& sock) {
    boost::system::error_code ec;
    sock.set_option(boost::asio::ip::tcp::no_delay(true), ec);
  });
  s.ws.set_open_handler([&s](websocketpp::connection_hdl) {
    std::lock_guard<std::mutex> lk(s.mu);
    s.open = true;
    s.cv.notify_all();
  });
  s.ws.set_fail_handler([&s](websocketpp::connection_hdl h) {
    std::string why = "connection failed";
    try {
      auto con = s.ws.get_con_from_hdl(h);
      why += ": " + con->get_ec().message();
    } catch (...) {
    }
    s.fail_all("CDP " + why);
  });
  s.ws.set_close_handler([&s](websocketpp::connection_hdl h) {
    std::string why = "CDP connection closed (did the browser exit or crash?)";
    try {
      auto con = s.ws.get_con_from_hdl(h);
      if (con->get_ec()) why += ": " + con->get_ec().message();
    } catch (...) {
    }
    s.fail_all(why);
  });
  s.ws.set_message_handler([&s](websocketpp::connection_hdl, WsClient::message_ptr msg) { s.on_message(msg); });

  websocketpp::lib::error_code ec;
  auto con = s.ws.get_connection(ws_url, ec);
  if (ec) throw CdpError("CDP: invalid WebSocket URL \"" + ws_url + "\": " + ec.message());
  s.hdl = con->get_handle();
  s.ws.connect(con);
  s.io = std::thread([&s] {
    try {
      s.ws.run();
    } catch (const std::exception& e) {
      s.fail_all(std::string("CDP io thread error: ") + e.what());
      return;
    }
    s.fail_all("CDP connection closed");
  });
  s.io_id = s.io.get_id();

  std::unique_lock<std::mutex> lk(s.mu);
  bool ok = s.cv.wait_for(lk, std::chrono::milliseconds(timeout_ms), [&] { return s.open || s.closed; });
  if (!ok || !s.open) {
    std::string why = s.closed ? s.close_reason : "timed out after " + std::to_string(timeout_ms) + " ms";
    lk.unlock();
    s.ws.stop();
    if (s.io.joinable()) s.io.join();
    throw CdpError("CDP: cannot connect to " + ws_url + ": " + why);
  }
}

CdpClient::~CdpClient() {
  Impl& s = *impl_;
  {
    std::lock_guard<std::mutex> lk(s.handler_mu);
    s.handler.reset();
  }
  bool was_open;
  {
    std::lock_guard<std::mutex> lk(s.mu);
    was_open = s.open;
  }
  if (was_open) {
    websocketpp::lib::error_code ec;
    s.ws.close(s.hdl, websocketpp::close::status::normal, "bye", ec);
    // Give the close handshake a moment, then stop the loop regardless.
    std::unique_lock<std::mutex> lk(s.mu);
    s.cv.wait_for(lk, std::chrono::milliseconds(500), [&] { return s.closed; });
  }
  s.ws.stop();
  if (s.io.joinable()) s.io.join();
  s.fail_all("CDP client destroyed");
}

nlohmann::json CdpClient::call(const std::string& method, const nlohmann::json& params,
                               const std::string& session_id, int timeout_ms) {
  Impl& s = *impl_;
  if (std::this_thread::get_id() == s.io_id)
    throw CdpError("CDP " + method + ": call() from an event handler would deadlock");
  const long long id = s.next_id.fetch_add(1);
  nlohmann::json msg = {{"id", id}, {"method", method}};
  msg["params"] = params.is_null() ? nlohmann::json::object() : params;
  if (!session_id.empty()) msg["sessionId"] = session_id;
  auto p = std::make_shared<Pending>();
  {
    std::lock_guard<std::mutex> lk(s.mu);
    if (s.closed || !s.open) throw CdpError("CDP " + method + ": " + (s.close_reason.empty() ? "not connected" : s.close_reason));
    s.pending[id] = p;
  }
  websocketpp::lib::error_code ec;
  s.ws.send(s.hdl, msg.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace),
            websocketpp::frame::opcode::text, ec);
  if (ec) {
    std::lock_guard<std::mutex> lk(s.mu);
    s.pending.erase(id);
    throw CdpError("CDP " + method + ": send failed: " + ec.message());
  }
  std::unique_lock<std::mutex> lk(s.mu);
  if (!s.cv.wait_for(lk, std::chrono::milliseconds(timeout_ms), [&] { return p->done; })) {
    s.pending.erase(id);
    throw CdpTimeout("CDP " + method + ": no reply within " + std::to_string(timeout_ms) + " ms");
  }
  if (!p->ok) throw CdpError("CDP " + method + ": " + p->error);
  return std::move(p->result);
}

void CdpClient::on_event(EventHandler handler) {
  std::lock_guard<std::mutex> lk(impl_->handler_mu);
  impl_->handler = std::make_shared<EventHandler>(std::move(handler));
}

bool CdpClient::connected() const {
  std::lock_guard<std::mutex> lk(impl_->mu);
  return impl_->open && !impl_->closed;
}

}  // namespace pg::cdp
