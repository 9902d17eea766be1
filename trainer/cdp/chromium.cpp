#include "trainer/cdp/chromium.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <sstream>
#include <utility>
#include <cctype>

namespace pg::cdp {
namespace {

constexpr std::size_t kKeepLines = 50;
constexpr const char* kNotFound =
    "Chromium not found: install Debian's chromium package (scripts/setup) or set PHONEGYM_CHROMIUM to its path";

bool is_executable_file(const std::string& p) {
  struct stat st {};
  return ::stat(p.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(p.c_str(), X_OK) == 0;
}

std::string search_path(const std::string& name) {
  if (name.find('/') != std::string::npos) return is_executable_file(name) ? name : std::string();
  const char* path = std::getenv("PATH");
  std::string p = path ? path : "/usr/local/bin:/usr/bin:/bin";
  std::stringstream ss(p);
  std::string dir;
  while (std::getline(ss, dir, ':')) {
    if (dir.empty()) dir = ".";
    std::string full = dir + "/" + name;
    if (is_executable_file(full)) return full;
  }
  return {};
}

std::string describe_status(int status) {
  if (WIFEXITED(status)) return "exit status " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) return std::string("killed by signal ") + ::strsignal(WTERMSIG(status));
  return "status " + std::to_string(status);
}

long long now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

}  // namespace

std::string find_chromium(const std::string& executable) {
  if (!executable.empty()) {
    std::string p = search_path(executable);
    if (p.empty()) throw CdpError(std::string(kNotFound) + " (\"" + executable + "\" is not an executable file)");
    return p;
  }
  if (const char* env = std::getenv("PHONEGYM_CHROMIUM"); env && *env) {
    std::string p = search_path(env);
    if (p.empty()) throw CdpError(std::string(kNotFound) + " (PHONEGYM_CHROMIUM=\"" + env + "\" is not an executable file)");
    return p;
  }
  for (const char* name : {"chromium", "chromium-browser", "google-chrome"}) {
    std::string p = search_path(name);
    if (!p.empty()) return p;
  }
  throw CdpError(std::string(kNotFound) + " (looked for chromium, chromium-browser, google-chrome on PATH)");
}

std::unique_ptr<Chromium> Chromium::launch(const LaunchOptions& options) {
  std::unique_ptr<Chromium> c(new Chromium());
  c->executable_ = find_chromium(options.executable);

  std::string tmpl = (std::filesystem::temp_directory_path() / "phonegym-chromium-XXXXXX").string();
  std::vector<char> buf(tmpl.begin(), tmpl.end());
  buf.push_back('\0');
  if (!::mkdtemp(buf.data()))
    throw CdpError("cannot create a temporary Chromium profile directory in " + tmpl + ": " + std::strerror(errno));
  c->profile_dir_ = buf.data();

  std::vector<std::string> args = {c->executable_};
  if (options.headless) args.push_back("--headless");
  for (const char* a : {"--no-sandbox", "--disable-gpu", "--enable-unsafe-swiftshader", "--no-first-run",
                        "--no-default-browser-check", "--disable-background-networking",
                        "--disable-component-update", "--disable-sync", "--disable-quic", "--disable-default-apps",
                        "--mute-audio", "--disable-background-timer-throttling",
                        "--disable-renderer-backgrounding", "--disable-backgrounding-occluded-windows",
                        "--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0"})
    args.emplace_back(a);
  args.push_back("--user-data-dir=" + c->profile_dir_);
  for (const auto& a : options.extra_args) args.push_back(a);
  args.emplace_back("about:blank");

  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) throw CdpError(std::string("pipe: ") + std::strerror(errno));

  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);

  pid_t pid = ::fork();
  if (pid < 0) {
    int e = errno;
    ::close(fds[0]);
    ::close(fds[1]);
    throw CdpError(std::string("fork: ") + std::strerror(e));
  }
  if (pid == 0) {
    // Child: own process group (so the destructor can kill every helper process), stderr -> pipe.
    ::setpgid(0, 0);
    ::signal(SIGPIPE, SIG_DFL);
    sigset_t none;
    sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);
    int devnull = ::open("/dev/null", O_RDWR);
    if (devnull >= 0) {
      ::dup2(devnull, 0);
      ::dup2(devnull, 1);
    }
    ::dup2(fds[1], 2);
    ::execv(argv[0], argv.data());
    const char* msg = "exec of Chromium failed: ";
    (void)!::write(2, msg, std::strlen(msg));
    const char* err = std::strerror(errno);
    (void)!::write(2, err, std::strlen(err));
    (void)!::write(2, "\n", 1);
    ::_exit(127);
  }
  ::setpgid(pid, pid);  // also in the parent, to avoid racing the child
  ::close(fds[1]);
  c->pid_ = pid;
  c->stderr_fd_ = fds[0];
  c->start_watchdog();

  // Read stderr until the DevTools line, EOF (exit) or timeout.
  const long long deadline = now_ms() + options.startup_timeout_ms;
  const std::string marker = "DevTools listening on ";
  char rbuf[4096];
  while (c->ws_url_.empty()) {
    long long left = deadline - now_ms();
    if (left <= 0) {
      std::string tail = c->recent_stderr();
      c.reset();  // terminates the process group
      throw CdpError("Chromium did not report its DevTools endpoint within " +
                     std::to_string(options.startup_timeout_ms) + " ms" +
                     (tail.empty() ? std::string() : "; its last stderr lines:\n" + tail));
    }
    pollfd pfd{c->stderr_fd_, POLLIN, 0};
    int r = ::poll(&pfd, 1, static_cast<int>(std::min<long long>(left, 200)));
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) continue;
    ssize_t n = ::read(c->stderr_fd_, rbuf, sizeof rbuf);
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (n <= 0) {
      // EOF: Chromium exited (or closed stderr). Reap and report.
      if (!c->partial_.empty()) c->push_line(std::exchange(c->partial_, {}));
      int status = 0;
      pid_t w = ::waitpid(pid, &status, 0);
      std::string what = w == pid ? describe_status(status) : std::string("closed its stderr");
      if (w == pid) c->reaped_ = true;
      std::string tail = c->recent_stderr();
      c.reset();
      throw CdpError("Chromium exited during startup (" + what + ")" +
                     (tail.empty() ? std::string() : "; its last stderr lines:\n" + tail));
    }
    c->partial_.append(rbuf, static_cast<std::size_t>(n));
    std::size_t nl;
    while ((nl = c->partial_.find('\n')) != std::string::npos) {
      std::string line = c->partial_.substr(0, nl);
      c->partial_.erase(0, nl + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      auto pos = line.find(marker);
      if (pos != std::string::npos && c->ws_url_.empty()) {
        c->ws_url_ = line.substr(pos + marker.size());
        while (!c->ws_url_.empty() && std::isspace(static_cast<unsigned char>(c->ws_url_.back())))
          c->ws_url_.pop_back();
      }
      c->push_line(std::move(line));
    }
  }
  c->drain_thread_ = std::thread([raw = c.get()] { raw->drain_stderr(); });
  return c;
}

// If this process dies without running the destructor (SIGKILL, a crash, Ctrl-C), its Chromium
// must not live on: a small forked watchdog waits on a pipe whose only write end this process
// holds; when the process is gone the read returns end-of-file and the watchdog kills Chromium's
// whole process group. The watchdog ignores the terminal's signals and holds no other descriptor.
void Chromium::start_watchdog() {
  int wd[2];
  if (::pipe2(wd, O_CLOEXEC) != 0) return;  // no watchdog: the destructor still cleans up
  const pid_t group = pid_;
  const pid_t w = ::fork();
  if (w < 0) {
    ::close(wd[0]);
    ::close(wd[1]);
    return;
  }
  if (w == 0) {
    // Only async-signal-safe calls from here (the parent may have other threads).
    ::signal(SIGINT, SIG_IGN);
    ::signal(SIGTERM, SIG_IGN);
    ::signal(SIGHUP, SIG_IGN);
    ::signal(SIGPIPE, SIG_IGN);
    if (wd[0] != 3) ::dup2(wd[0], 3);
    ::close_range(4, ~0U, 0);  // other watchdogs' pipes, sockets: none may be kept open here
    char b;
    while (::read(3, &b, 1) < 0 && errno == EINTR) {
    }
    ::kill(-group, SIGKILL);
    ::_exit(0);
  }
  ::close(wd[0]);
  watchdog_pid_ = w;
  watchdog_fd_ = wd[1];
}

void Chromium::stop_watchdog() {
  if (watchdog_pid_ <= 0) return;
  ::kill(watchdog_pid_, SIGKILL);  // Chromium is already gone: nothing left for it to do
  ::close(watchdog_fd_);
  int status = 0;
  while (::waitpid(watchdog_pid_, &status, 0) < 0 && errno == EINTR) {
  }
  watchdog_pid_ = -1;
  watchdog_fd_ = -1;
}

void Chromium::push_line(std::string line) {
  std::lock_guard<std::mutex> lk(mu_);
  lines_.push_back(std::move(line));
  while (lines_.size() > kKeepLines) lines_.pop_front();
}

std::string Chromium::recent_stderr() const {
  std::lock_guard<std::mutex> lk(mu_);
  std::string out;
  for (const auto& l : lines_) {
    if (!out.empty()) out += '\n';
    out += l;
  }
  return out;
}

void Chromium::drain_stderr() {
  char rbuf[4096];
  while (!stop_drain_.load()) {
    pollfd pfd{stderr_fd_, POLLIN, 0};
    int r = ::poll(&pfd, 1, 100);
    if (r <= 0) continue;
    ssize_t n = ::read(stderr_fd_, rbuf, sizeof rbuf);
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (n <= 0) break;
    partial_.append(rbuf, static_cast<std::size_t>(n));
    std::size_t nl;
    while ((nl = partial_.find('\n')) != std::string::npos) {
      std::string line = partial_.substr(0, nl);
      partial_.erase(0, nl + 1);
      push_line(std::move(line));
    }
    if (partial_.size() > 65536) push_line(std::exchange(partial_, {}));
  }
}

bool Chromium::alive() const {
  std::lock_guard<std::mutex> lk(mu_);
  if (reaped_ || pid_ <= 0) return false;
  int status = 0;
  pid_t w = ::waitpid(pid_, &status, WNOHANG);
  if (w == pid_ || (w < 0 && errno == ECHILD)) {
    reaped_ = true;
    exit_status_ = status;
    return false;
  }
  return true;
}

void Chromium::terminate() {
  if (pid_ <= 0) return;
  // SIGTERM the whole group, give the browser ~2 s to exit, then SIGKILL whatever is left.
  ::kill(-pid_, SIGTERM);
  const long long deadline = now_ms() + 2000;
  bool done = !alive();
  while (!done && now_ms() < deadline) {
    ::usleep(20 * 1000);
    done = !alive();
  }
  ::kill(-pid_, SIGKILL);  // helpers (renderer, GPU, zygote) left in the group, or the browser itself
  if (!done) {
    std::lock_guard<std::mutex> lk(mu_);
    if (!reaped_) {
      int status = 0;
      while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
      }
      reaped_ = true;
      exit_status_ = status;
    }
  }
  // Helpers may take a moment to die after SIGKILL; wait briefly until the group is empty.
  const long long group_deadline = now_ms() + 2000;
  while (now_ms() < group_deadline) {
    if (::kill(-pid_, 0) != 0 && errno == ESRCH) break;
    // Zombies reparented to init still count for kill(); check /proc for live members instead.
    bool live = false;
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator("/proc", ec)) {
      const std::string name = e.path().filename().string();
      if (name.empty() || !std::isdigit(static_cast<unsigned char>(name[0]))) continue;
      FILE* f = std::fopen((e.path() / "stat").c_str(), "r");
      if (!f) continue;
      char line[1024];
      std::size_t n = std::fread(line, 1, sizeof line - 1, f);
      std::fclose(f);
      line[n] = '\0';
      const char* rp = std::strrchr(line, ')');
      if (!rp) continue;
      char state = 0;
      int ppid = 0, pgrp = 0;
      if (std::sscanf(rp + 1, " %c %d %d", &state, &ppid, &pgrp) == 3 && pgrp == pid_ && state != 'Z' &&
          state != 'X') {
        live = true;
        break;
      }
    }
    if (!live) break;
    ::kill(-pid_, SIGKILL);
    ::usleep(20 * 1000);
  }
}

Chromium::~Chromium() {
  terminate();
  stop_watchdog();
  stop_drain_ = true;
  if (drain_thread_.joinable()) drain_thread_.join();
  if (stderr_fd_ >= 0) ::close(stderr_fd_);
  if (!profile_dir_.empty()) {
    std::error_code ec;
    std::filesystem::remove_all(profile_dir_, ec);
  }
}

}  // namespace pg::cdp
