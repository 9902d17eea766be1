// `phonegym train` on a disk that fills up while it writes its checkpoint (issue 25, fault
// injection): the run stops with an error naming the file and the cause, the last good checkpoint
// and run state survive byte for byte, and the run resumes once there is space again.
//
// The disk is a real file system: a small tmpfs mounted in this test's own mount namespace (the
// process unshares it before main, so nothing outside sees the mount), filled with a file until a
// megabyte is left. Needs CAP_SYS_ADMIN (root, as CI runs); without it the test says so and skips.
#include "trainer/policy/policy.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <fcntl.h>
#include <sched.h>
#include <sys/mount.h>
#include <sys/statvfs.h>
#include <sys/wait.h>
#include <unistd.h>

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

/// Why this process cannot mount a file system of its own (empty: it can). Decided before main,
/// while the process has one thread (unshare(CLONE_NEWNS) needs that).
const std::string g_no_mounts = [] {
  if (::unshare(CLONE_NEWNS) != 0) return std::string("unshare(CLONE_NEWNS): ") + std::strerror(errno);
  if (::mount("none", "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0)
    return std::string("making / private: ") + std::strerror(errno);
  return std::string();
}();

struct CliRun {
  int code = -1;
  std::string output;
};

/// Runs `phonegym train` with the tiny configuration of the resume tests plus `args`.
CliRun train(const std::string& args) {
  const std::string log = (fs::temp_directory_path() / ("pg_full_disk_" + std::to_string(::getpid()) + ".log")).string();
  const std::string cmd = std::string(PG_PHONEGYM) +
                          " train --set host=native --set threads=1 --set templates=launcher.open_app,settings.wifi_on"
                          " --set groups=2 --set group_size=2 --set max_steps=2 --set init=bc --set bc_instances=1"
                          " --set bc_updates=2 --set minibatch=4 --set dynamic_sampling=false " +
                          args + " > " + log + " 2>&1";
  CliRun r;
  const int st = std::system(cmd.c_str());
  r.code = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  std::stringstream ss;
  ss << std::ifstream(log).rdbuf();
  r.output = ss.str();
  fs::remove(log);
  return r;
}

std::string bytes_of(const std::string& path) {
  std::stringstream ss;
  ss << std::ifstream(path, std::ios::binary).rdbuf();
  return ss.str();
}

int saved_iteration(const std::string& run) {
  return json::parse(std::ifstream(run + "/state/trainer.json")).at("iteration").get<int>();
}

/// Fills the file system holding `dir` with `dir`/filler until `leave` bytes are free.
void fill(const std::string& dir, long leave) {
  struct statvfs v {};
  ASSERT_EQ(::statvfs(dir.c_str(), &v), 0) << std::strerror(errno);
  const long free_bytes = static_cast<long>(v.f_bavail) * static_cast<long>(v.f_frsize);
  ASSERT_GT(free_bytes, leave);
  const int fd = ::open((dir + "/filler").c_str(), O_CREAT | O_WRONLY | O_TRUNC, 0644);
  ASSERT_GE(fd, 0) << std::strerror(errno);
  ASSERT_EQ(::posix_fallocate(fd, 0, free_bytes - leave), 0);
  ::close(fd);
}

class TrainFullDisk : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!g_no_mounts.empty()) GTEST_SKIP() << "cannot mount a small file system here: " << g_no_mounts;
    disk_ = (fs::temp_directory_path() / ("pg_full_disk_" + std::to_string(::getpid()))).string();
    fs::create_directories(disk_);
    ASSERT_EQ(::mount("tmpfs", disk_.c_str(), "tmpfs", 0, "size=96m"), 0) << std::strerror(errno);
    mounted_ = true;
  }
  void TearDown() override {
    if (mounted_) ::umount2(disk_.c_str(), MNT_DETACH);
    if (!disk_.empty()) fs::remove_all(disk_);
  }
  std::string disk_;
  bool mounted_ = false;
};

TEST_F(TrainFullDisk, CheckpointOnAFullDiskKeepsTheLastGoodOneAndResumes) {
  const std::string run = disk_ + "/run";
  // Iteration 1 on an empty disk (about 49 MB: the policy, its reference and Adam's moments).
  CliRun first = train("--iterations 1 --out " + run);
  ASSERT_EQ(first.code, 0) << first.output;
  ASSERT_EQ(saved_iteration(run), 1);
  const std::string checkpoint = bytes_of(run + "/checkpoint.pt"), state_policy = bytes_of(run + "/state/policy.pt"),
                    trainer_json = bytes_of(run + "/state/trainer.json");
  ASSERT_GT(checkpoint.size(), 1000000u);

  // A megabyte left: iteration 2 runs (its logs fit) and its checkpoint (~10 MB per file) does not.
  fill(disk_, 1L << 20);
  CliRun full = train("--resume --iterations 2 --out " + run);
  EXPECT_EQ(full.code, 1) << full.output;
  EXPECT_NE(full.output.find("phonegym: error: "), std::string::npos) << full.output;
  EXPECT_NE(full.output.find("cannot write " + run + "/"), std::string::npos) << full.output;
  EXPECT_NE(full.output.find("No space left on device"), std::string::npos) << full.output;
  EXPECT_NE(full.output.find("the run state of iteration 1 (" + run + "/state) and " + run +
                             "/checkpoint.pt are intact: free space and rerun with --resume"),
            std::string::npos)
      << full.output;
  EXPECT_EQ(full.output.find("done: "), std::string::npos) << full.output;
  // The last good checkpoint and run state are untouched, and no temporary file is left beside them.
  EXPECT_TRUE(bytes_of(run + "/checkpoint.pt") == checkpoint);
  EXPECT_TRUE(bytes_of(run + "/state/policy.pt") == state_policy);
  EXPECT_TRUE(bytes_of(run + "/state/trainer.json") == trainer_json);
  for (const auto& e : fs::directory_iterator(run))
    EXPECT_EQ(e.path().filename().string().find(".tmp."), std::string::npos) << e.path();
  EXPECT_NO_THROW(pg::load_policy(run + "/checkpoint.pt"));

  // Space again: the same command resumes from iteration 1 and finishes.
  fs::remove(disk_ + "/filler");
  CliRun resumed = train("--resume --iterations 2 --out " + run);
  ASSERT_EQ(resumed.code, 0) << resumed.output;
  EXPECT_EQ(saved_iteration(run), 2);
  EXPECT_NO_THROW(pg::load_policy(run + "/checkpoint.pt"));
}

}  // namespace
