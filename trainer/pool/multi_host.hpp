// Several hosts behind one Host: the pool spans several browsers, local or remote.
#pragma once

#include "trainer/pool/host.hpp"

#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

namespace pg {

/// Member hosts behind one interface. Slot ids are global; new slots go round-robin over the
/// members; a fork stays in its source's member; step_batch splits the ops per member and runs the
/// members in parallel. alive() is false when any member is down; restart() restarts the members
/// that are down (every member when none is), whose slots are then gone: callers restore them
/// (EnvPool does). Thread-safe as far as the members are.
class MultiHost : public Host {
 public:
  /// Throws std::invalid_argument for no members or a null one.
  explicit MultiHost(std::vector<std::unique_ptr<Host>> members);
  std::string name() const override;  ///< e.g. "chromium x2"
  HostCaps caps() const override;      ///< what every member can do
  int create() override;
  void reset(int slot, const nlohmann::json& state) override;
  nlohmann::json step(int slot, const Action& a) override;
  nlohmann::json state(int slot) override;
  void set_state(int slot, const nlohmann::json& s) override;
  void patch_state(int slot, const nlohmann::json& patch) override;
  int fork(int slot) override;
  void close(int slot) override;
  nlohmann::json ui_tree(int slot) override;
  HostObservation observe(int slot, const ObsSpec& spec) override;
  std::vector<BatchResult> step_batch(const std::vector<BatchOp>& ops, const ObsSpec* spec) override;
  std::vector<WhatIf> what_if(int slot, const std::vector<Action>& actions,
                              const std::vector<std::string>& restore) override;
  Image capture(int slot, bool full_size, bool som) override;
  std::string ui_xml(int slot) override;
  nlohmann::json marks(int slot) override;
  bool alive() const override;
  void restart() override;
  int pid() const override;  ///< the first member's

  int members() const { return static_cast<int>(members_.size()); }
  Host& member(int i) { return *members_.at(static_cast<std::size_t>(i)); }
  /// The member index holding `slot`; throws SlotError for an unknown slot.
  int member_of(int slot) const;

 private:
  struct Ref {
    int member;
    int local;
  };
  Ref ref(int slot) const;
  int add(int member, int local);

  std::vector<std::unique_ptr<Host>> members_;
  mutable std::mutex mu_;
  std::unordered_map<int, Ref> slots_;
  int next_slot_ = 0;
  int next_member_ = 0;
};

}  // namespace pg
