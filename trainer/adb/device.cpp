#include "trainer/adb/device.hpp"

#include "sim/render/codec.hpp"

#include "sim/os/app.hpp"
#include "tasks/judge.hpp"
#include "trainer/pool/host.hpp"


#include <algorithm>
#include <cctype>
#include <fstream>
#include <regex>
#include <sstream>

namespace pg::adb {

using json = nlohmann::json;

// ---------------------------------------------------------------- images

Image decode_png(const std::string& bytes, const std::string& what) {
  try {
    return decode_image(bytes);
  } catch (const std::invalid_argument& e) {
    std::string head;
    for (char c : bytes.substr(0, 60)) head += std::isprint(static_cast<unsigned char>(c)) ? c : '.';
    throw std::runtime_error(what + ": " + std::to_string(bytes.size()) + " bytes are not a PNG image (" + e.what() +
                             "; starts \"" + head + "\")");
  }
}

Image to_observation(const Image& screen) { return observe_screen(screen, kScreenWidth / kObsWidth); }

// ---------------------------------------------------------------- packages

PackageTable PackageTable::defaults() {
  // Stock AOSP packages of the same roles, tried after the manifest's (Google) package.
  static const std::map<std::string, std::string> aosp{
      {"clock", "com.android.deskclock"},       {"contacts", "com.android.contacts"},
      {"phone", "com.android.dialer"},          {"messages", "com.android.messaging"},
      {"calendar", "com.android.calendar"},     {"camera", "com.android.camera2"},
      {"gallery", "com.android.gallery3d"},     {"calculator", "com.android.calculator2"},
      {"files", "com.android.documentsui"}};
  PackageTable t;
  for (App* app : AppRegistry::instance().apps()) {
    auto& v = t.apps[app->id()];
    v.push_back(app->manifest().value("package", app->id()));
    if (auto it = aosp.find(app->id()); it != aosp.end() && it->second != v[0]) v.push_back(it->second);
  }
  return t;
}

PackageTable PackageTable::load(const std::string& path) {
  std::ifstream f(path);
  if (!f) throw std::runtime_error("package table " + path + ": cannot open");
  std::stringstream ss;
  ss << f.rdbuf();
  const json j = json::parse(ss.str(), nullptr, false);
  if (j.is_discarded() || !j.is_object())
    throw std::runtime_error("package table " + path + ": expected a JSON object {\"app\": \"package\" or [packages]}");
  PackageTable t = defaults();
  for (auto it = j.begin(); it != j.end(); ++it) {
    std::string key = it.key();
    std::transform(key.begin(), key.end(), key.begin(), [](unsigned char c) { return std::tolower(c); });
    std::vector<std::string> pk;
    if (it->is_string()) pk.push_back(*it);
    else if (it->is_array() && !it->empty() && std::all_of(it->begin(), it->end(), [](const json& v) { return v.is_string(); }))
      for (const json& v : *it) pk.push_back(v);
    else
      throw std::runtime_error("package table " + path + ": \"" + it.key() + "\" = " + it->dump() +
                               ": expected a package name or a non-empty array of them");
    t.apps[key] = pk;
  }
  return t;
}

json PackageTable::to_json() const {
  json j = json::object();
  for (const auto& [k, v] : apps) j[k] = v;
  return j;
}

std::map<std::string, std::string> PackageTable::resolve(const std::set<std::string>& installed) const {
  std::map<std::string, std::string> out;
  for (const auto& [app, pk] : apps) {
    std::string chosen = pk.empty() || !installed.empty() ? "" : pk[0];
    if (!installed.empty())
      for (const auto& p : pk)
        if (installed.count(p)) {
          chosen = p;
          break;
        }
    if (chosen.empty()) continue;
    out[app] = chosen;
    if (const App* a = AppRegistry::instance().find(app)) {  // the display name too ("Clock")
      std::string name = a->name();
      std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::tolower(c); });
      out.emplace(name, chosen);
    }
  }
  return out;
}

// ---------------------------------------------------------------- AdbDevice

AdbDevice::AdbDevice(AdbClient client, std::string serial, const PackageTable& packages, bool dry_run)
    : client_(std::move(client)), serial_(std::move(serial)), dry_run_(dry_run) {
  const auto devs = client_.devices();
  auto it = std::find_if(devs.begin(), devs.end(), [&](const DeviceEntry& d) { return d.serial == serial_; });
  if (it == devs.end()) {
    std::string listed;
    for (const auto& d : devs) listed += (listed.empty() ? "" : ", ") + d.serial + " (" + d.state + ")";
    throw AdbError("device \"" + serial_ + "\" is not connected (adb devices: " + (listed.empty() ? "none" : listed) +
                   "); plug it in with USB debugging on, or `adb connect HOST:PORT`");
  }
  if (it->state == "unauthorized")
    throw AdbError("device " + serial_ + " is unauthorized: accept the \"Allow USB debugging?\" prompt on the phone");
  if (it->state != "device") throw AdbError("device " + serial_ + " is " + it->state + ", not ready");
  std::smatch m;
  const std::string size = run("wm size");
  // "Physical size: 1080x2400" and, when set, "Override size: ..." (the one in effect).
  static const std::regex size_re(R"re((Physical|Override) size: (\d+)x(\d+))re");
  // A device's numbers are bounded before they are read: a reply past INT_MAX is a clear error.
  auto number = [&](const std::string& digits, const std::string& what) {
    if (digits.size() > 6) throw AdbError("device " + serial_ + ": implausible " + what + " " + digits);
    return std::stoi(digits);
  };
  for (auto i = std::sregex_iterator(size.begin(), size.end(), size_re); i != std::sregex_iterator(); ++i)
    profile_.screen.width = number((*i)[2], "screen width"), profile_.screen.height = number((*i)[3], "screen height");
  if (size.find(" size: ") == std::string::npos) throw AdbError("device " + serial_ + ": cannot read `wm size`: " + size);
  const std::string dens = run("wm density");
  static const std::regex dens_re(R"re((Physical|Override) density: (\d+))re");
  for (auto i = std::sregex_iterator(dens.begin(), dens.end(), dens_re); i != std::sregex_iterator(); ++i)
    profile_.screen.density_dpi = number((*i)[2], "density");
  profile_.adb_keyboard = run("settings get secure default_input_method").find(kAdbKeyboardIme) != std::string::npos;
  std::set<std::string> installed;
  std::istringstream pk(run("pm list packages"));
  for (std::string line; std::getline(pk, line);) {
    if (line.rfind("package:", 0) != 0) continue;
    std::string p = line.substr(8);
    while (!p.empty() && std::isspace(static_cast<unsigned char>(p.back()))) p.pop_back();
    installed.insert(p);
  }
  profile_.packages = packages.resolve(installed);
  std::string prop = run("getprop ro.phonegym.adbd");
  phonegym_ = prop.rfind("1", 0) == 0;
}

void AdbDevice::fail(const AdbError& e) {
  bool listed = false;
  std::string state;
  try {
    for (const auto& d : client_.devices())
      if (d.serial == serial_) listed = true, state = d.state;
  } catch (const AdbError&) {
    throw DeviceGone("device " + serial_ + " lost: the adb server stopped answering (" + e.what() + ")");
  }
  if (!listed) throw DeviceGone("device " + serial_ + " disconnected: no longer listed by `adb devices` (" + e.what() + ")");
  if (state != "device") throw DeviceGone("device " + serial_ + " is " + state + " (" + e.what() + ")");
  throw e;
}

std::string AdbDevice::run(const std::string& command) {
  try {
    return client_.exec(serial_, command);
  } catch (const AdbError& e) {
    fail(e);
  }
}

Image AdbDevice::screenshot() {
  const std::string png = run("screencap -p");
  try {
    return decode_png(png, "device " + serial_ + ": screencap -p");
  } catch (const std::runtime_error& e) {
    fail(AdbError(e.what()));  // a device dying mid-transfer leaves a truncated PNG
  }
}

std::string AdbDevice::ui_xml() {
  const std::string out = run("uiautomator dump /sdcard/window_dump.xml >/dev/null && cat /sdcard/window_dump.xml");
  const auto start = out.find("<?xml");
  if (start == std::string::npos) {
    if (out.find("<hierarchy") != std::string::npos) return out;
    throw AdbError("device " + serial_ + ": uiautomator dump failed: " + out.substr(0, 300));
  }
  return out.substr(start);
}

json AdbDevice::step(const Action& a) {
  std::string cmd = action_command(a, profile_);
  if (cmd.empty() && phonegym_)  // answer/complete/...: the simulated phone records them (side channel)
    cmd = "phonegym action " + shell_quote(to_json(a).dump());
  json r{{"command", cmd}};
  if (cmd.empty()) return r;
  if (dry_run_) {
    r["dry_run"] = true;
    return r;
  }
  const std::string out = run(cmd);
  if (!out.empty()) r["output"] = out;
  for (const char* bad : {"Error:", "Exception", ": not found", "monkey aborted", "unable to resolve"})
    if (out.find(bad) != std::string::npos)
      throw ActionError("device " + serial_ + " rejected `" + cmd.substr(0, 120) + "`: " + out.substr(0, 300));
  return r;
}

json AdbDevice::judge() {
  if (!phonegym_ || dry_run_) return nullptr;
  const std::string out = run("phonegym judge");
  json j = json::parse(out, nullptr, false);
  if (j.is_discarded()) return {{"error", out.substr(0, 300)}};
  return j;
}

// ---------------------------------------------------------------- SimDevice

SimDevice::SimDevice(const json& initial_state, const TaskInstance* instance)
    : host_(std::make_unique<NativeHost>()), instance_(instance) {
  slot_ = host_->create();
  host_->reset(slot_, initial_state);
}
SimDevice::~SimDevice() = default;

Image SimDevice::screenshot() { return host_->screenshot(slot_, true); }
std::string SimDevice::ui_xml() { return host_->ui_xml(slot_); }
json SimDevice::step(const Action& a) {
  json r = host_->step(slot_, a);
  return {{"command", ""}, {"info", r["info"]}};
}
json SimDevice::state() { return host_->state(slot_); }
json SimDevice::judge() {
  if (!instance_) return nullptr;
  json v = pg::judge(*instance_, instance_->initial_state, host_->state(slot_)).to_json();
  v["task"] = instance_->tmpl->id;
  v["seed"] = instance_->seed;
  return v;
}

}  // namespace pg::adb
