#include "trainer/pool/multi_host.hpp"

#include "trainer/cdp/parallel.hpp"

#include <functional>
#include <map>
#include <stdexcept>

namespace pg {

MultiHost::MultiHost(std::vector<std::unique_ptr<Host>> members) : members_(std::move(members)) {
  if (members_.empty()) throw std::invalid_argument("MultiHost: no member hosts");
  for (const auto& m : members_)
    if (!m) throw std::invalid_argument("MultiHost: a null member host");
}

std::string MultiHost::name() const { return members_[0]->name() + " x" + std::to_string(members_.size()); }

MultiHost::Ref MultiHost::ref(int slot) const {
  std::lock_guard<std::mutex> l(mu_);
  auto it = slots_.find(slot);
  if (it == slots_.end()) throw SlotError("multi host: unknown env slot " + std::to_string(slot));
  return it->second;
}

int MultiHost::member_of(int slot) const { return ref(slot).member; }

int MultiHost::add(int member, int local) {
  std::lock_guard<std::mutex> l(mu_);
  const int id = next_slot_++;
  slots_[id] = Ref{member, local};
  return id;
}

int MultiHost::create() {
  int m;
  {
    std::lock_guard<std::mutex> l(mu_);
    m = next_member_;
    next_member_ = (next_member_ + 1) % static_cast<int>(members_.size());
  }
  return add(m, members_[static_cast<std::size_t>(m)]->create());
}

#define PG_MEMBER(slot) (*members_[static_cast<std::size_t>(ref(slot).member)])
void MultiHost::reset(int slot, const nlohmann::json& state) { PG_MEMBER(slot).reset(ref(slot).local, state); }
nlohmann::json MultiHost::step(int slot, const Action& a) { return PG_MEMBER(slot).step(ref(slot).local, a); }
nlohmann::json MultiHost::state(int slot) { return PG_MEMBER(slot).state(ref(slot).local); }
void MultiHost::set_state(int slot, const nlohmann::json& s) { PG_MEMBER(slot).set_state(ref(slot).local, s); }
void MultiHost::patch_state(int slot, const nlohmann::json& p) { PG_MEMBER(slot).patch_state(ref(slot).local, p); }
Image MultiHost::capture(int slot, bool full, bool som) { return PG_MEMBER(slot).capture(ref(slot).local, full, som); }
nlohmann::json MultiHost::ui_tree(int slot) { return PG_MEMBER(slot).ui_tree(ref(slot).local); }
std::string MultiHost::ui_xml(int slot) { return PG_MEMBER(slot).ui_xml(ref(slot).local); }
nlohmann::json MultiHost::marks(int slot) { return PG_MEMBER(slot).marks(ref(slot).local); }
HostObservation MultiHost::observe(int slot, const ObsSpec& spec) { return PG_MEMBER(slot).observe(ref(slot).local, spec); }
std::vector<WhatIf> MultiHost::what_if(int slot, const std::vector<Action>& actions,
                                       const std::vector<std::string>& restore) {
  return PG_MEMBER(slot).what_if(ref(slot).local, actions, restore);
}
#undef PG_MEMBER

int MultiHost::fork(int slot) {
  const Ref r = ref(slot);
  return add(r.member, members_[static_cast<std::size_t>(r.member)]->fork(r.local));
}

void MultiHost::close(int slot) {
  const Ref r = ref(slot);
  {
    std::lock_guard<std::mutex> l(mu_);
    slots_.erase(slot);
  }
  members_[static_cast<std::size_t>(r.member)]->close(r.local);
}

HostCaps MultiHost::caps() const {
  HostCaps c = members_[0]->caps();
  for (const auto& m : members_) {
    const HostCaps mc = m->caps();
    c.pixels = c.pixels && mc.pixels;
    c.restartable = c.restartable && mc.restartable;
    c.input_events = c.input_events && mc.input_events;
  }
  return c;
}

bool MultiHost::alive() const {
  for (const auto& m : members_)
    if (!m->alive()) return false;
  return true;
}

void MultiHost::restart() {
  std::vector<int> down;
  for (std::size_t i = 0; i < members_.size(); ++i)
    if (!members_[i]->alive()) down.push_back(static_cast<int>(i));
  if (down.empty())
    for (std::size_t i = 0; i < members_.size(); ++i) down.push_back(static_cast<int>(i));
  for (int i : down) {
    members_[static_cast<std::size_t>(i)]->restart();
    std::lock_guard<std::mutex> l(mu_);
    for (auto it = slots_.begin(); it != slots_.end();)
      it = it->second.member == i ? slots_.erase(it) : std::next(it);
  }
}

int MultiHost::pid() const { return members_[0]->pid(); }

std::vector<BatchResult> MultiHost::step_batch(const std::vector<BatchOp>& ops, const ObsSpec* spec) {
  std::vector<BatchResult> out(ops.size());
  std::map<int, std::vector<std::size_t>> by_member;
  std::vector<BatchOp> local(ops);
  for (std::size_t i = 0; i < ops.size(); ++i) {
    const Ref r = ref(ops[i].slot);
    by_member[r.member].push_back(i);
    local[i].slot = r.local;
  }
  auto run = [&](int m, const std::vector<std::size_t>& idx) {
    std::vector<BatchOp> mine;
    for (std::size_t i : idx) mine.push_back(local[i]);
    auto res = members_[static_cast<std::size_t>(m)]->step_batch(mine, spec);
    for (std::size_t j = 0; j < idx.size(); ++j) {
      out[idx[j]] = std::move(res[j]);
      out[idx[j]].slot = ops[idx[j]].slot;
    }
  };
  std::vector<std::function<void()>> jobs;
  for (const auto& [m, idx] : by_member) jobs.push_back([&run, mm = m, ix = &idx] { run(mm, *ix); });
  run_in_parallel(jobs);
  return out;
}

}  // namespace pg
