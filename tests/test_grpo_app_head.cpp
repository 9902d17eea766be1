// trainer/policy: the open_app head does not depend on which apps are installed. A saved policy
// loads and acts after an app is added (explicit app lists, and the default: the installed apps),
// and policies saved with the legacy linear app head (one logit per app) still load and act.
// Its own binary: it registers fixture apps in the process-wide AppRegistry.
#include "trainer/policy/policy.hpp"

#include "sim/os/app.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include <unistd.h>

namespace {

using nlohmann::json;
using pg::PolicyActionKind;
using pg::PolicyConfig;

struct TorchThreads {
  TorchThreads() { torch::set_num_threads(1); }
} g_threads;

/// An installed app for the registry: a manifest, a one-page nav graph, nothing drawn.
class FixtureApp : public pg::App {
 public:
  FixtureApp() {
    add_page("main", [](pg::Ui&, pg::Phone&) {});
  }
};

void install(const std::string& id) {
  pg::register_app(std::make_unique<FixtureApp>(), id, {{"id", id}, {"name", id}, {"icon", "apps"}, {"color", "#188038"}},
                   {{"entry", "main"}, {"pages", {{"main", {{"title", id}}}}}}, json::object());
}

std::string temp_path(const std::string& name) {
  return (std::filesystem::temp_directory_path() / (name + "." + std::to_string(::getpid()))).string();
}

PolicyConfig small(std::vector<std::string> apps) {
  PolicyConfig c;
  c.apps = std::move(apps);
  c.hidden = 32;
  c.embed = 16;
  c.vocab = 256;
  return c;
}

std::vector<pg::Observation> observations(int n) {
  std::mt19937_64 rng(5);
  std::vector<pg::Observation> out(n);
  for (auto& o : out) {
    o.screenshot.width = pg::kObsWidth;
    o.screenshot.height = pg::kObsHeight;
    o.screenshot.channels = 3;
    o.screenshot.data.resize(static_cast<std::size_t>(pg::kObsWidth) * pg::kObsHeight * 3);
    for (auto& b : o.screenshot.data) b = static_cast<std::uint8_t>(rng() & 0xff);
    o.instruction = "open the clock and set an alarm";
  }
  return out;
}

/// Makes OpenApp the likeliest kind and gives the app head small random weights (logits that differ
/// by app and row, yet every app keeps a fair chance), so sampling exercises the app head.
void favour_open_app(pg::Policy& policy) {
  torch::NoGradGuard ng;
  for (auto& p : policy->named_parameters()) {
    if (p.key() == "kind_head.bias") p.value()[static_cast<int>(PolicyActionKind::OpenApp)] = 20.0;
    if (p.key() == "app_embed.weight" || p.key() == "app_head.weight") p.value().normal_(0.0, 0.02);
  }
}

/// The apps opened by 64 sampled actions (each row its own seed), mapped through `config`.
std::set<std::string> opened_apps(pg::Policy& policy, const PolicyConfig& config) {
  const auto batch = pg::make_batch(observations(64), config);
  std::vector<std::uint64_t> seeds(64);
  for (std::size_t i = 0; i < seeds.size(); ++i) seeds[i] = i;
  std::set<std::string> opened;
  for (const auto& a : pg::sample_rows(policy, batch, seeds).actions)
    if (a.kind == PolicyActionKind::OpenApp) opened.insert(pg::to_action(a, {}, config).app);
  return opened;
}

/// {parameter name: shape} of a fresh policy.
std::map<std::string, std::vector<std::int64_t>> shapes(const PolicyConfig& c) {
  std::map<std::string, std::vector<std::int64_t>> s;
  for (const auto& p : pg::Policy(c)->named_parameters()) s[p.key()] = p.value().sizes().vec();
  return s;
}

/// The app logit of `id` for every row, read from logits over `apps`.
torch::Tensor app_column(const pg::PolicyLogits& l, const std::vector<std::string>& apps, const std::string& id) {
  const auto it = std::find(apps.begin(), apps.end(), id);
  EXPECT_NE(it, apps.end()) << id;
  return l.app.select(1, it - apps.begin());
}

TEST(PolicyAppHead, ParametersDoNotDependOnTheApps) {
  EXPECT_EQ(shapes(small({"settings", "clock"})), shapes(small({"settings", "clock", "notes", "gallery"})));
  EXPECT_EQ(shapes(small({"settings"})), shapes(small({})));
}

TEST(PolicyAppHead, SavedPolicyLoadsAndActsAfterAnAppIsAdded) {
  torch::manual_seed(1);
  const PolicyConfig before = small({"settings", "clock"});
  pg::Policy policy(before);
  favour_open_app(policy);
  const std::string path = temp_path("pg_policy_apps.pt");
  pg::save_policy(policy, before, path);

  auto [loaded, saved] = pg::load_policy(path);
  EXPECT_EQ(saved.to_json(), before.to_json());
  PolicyConfig after = saved;
  after.apps = {"calendar", "clock", "settings"};  // an app added, and the list in another order
  const auto obs = observations(3);
  torch::NoGradGuard ng;
  const auto l_before = policy->forward(pg::make_batch(obs, before));
  const auto l_after = loaded->forward(pg::make_batch(obs, after));
  ASSERT_EQ(l_after.app.size(1), 3);
  // An app's score does not depend on which other apps are candidates.
  for (const char* id : {"settings", "clock"})
    EXPECT_TRUE(torch::allclose(app_column(l_before, before.apps, id), app_column(l_after, after.apps, id), 1e-5, 1e-5));
  EXPECT_TRUE(torch::equal(l_before.kind, l_after.kind));

  // Acting: every app, including the new one, can be sampled and mapped to an action.
  EXPECT_EQ(opened_apps(loaded, after), (std::set<std::string>{"calendar", "clock", "settings"}));
  pg::Action open_calendar;
  open_calendar.type = pg::ActionType::OpenApp;
  open_calendar.app = "Calendar";
  const auto enc = pg::encode_action(open_calendar, {}, after);
  ASSERT_TRUE(enc.has_value());
  EXPECT_EQ(enc->app, 0);
  const auto lp = loaded->log_prob(pg::make_batch(observations(1), after), {*enc});
  EXPECT_TRUE(std::isfinite(lp.item<float>()));
  EXPECT_GT(lp.item<float>(), -20.f);
  std::filesystem::remove(path);
  std::filesystem::remove(path + ".json");
}

TEST(PolicyAppHead, DefaultIsTheInstalledAppsSoTheSavedConfigStillMatches) {
  install("fixture_notes");
  install("fixture_alarm");
  torch::manual_seed(2);
  const PolicyConfig trainer_config = small({});  // what `phonegym train` builds: no app list
  EXPECT_EQ(trainer_config.app_ids(), (std::vector<std::string>{"fixture_alarm", "fixture_notes"}));
  pg::Policy policy(trainer_config);
  favour_open_app(policy);
  const std::string path = temp_path("pg_policy_installed.pt");
  pg::save_policy(policy, trainer_config, path);

  install("fixture_camera");  // an app added after the checkpoint was written
  auto [loaded, saved] = pg::load_policy(path);
  // train.cpp accepts a checkpoint (init_from, resume) whose config equals its own.
  EXPECT_EQ(saved.to_json(), trainer_config.to_json());
  EXPECT_EQ(saved.app_ids(), (std::vector<std::string>{"fixture_alarm", "fixture_camera", "fixture_notes"}));
  const auto batch = pg::make_batch(observations(2), saved);
  torch::NoGradGuard ng;
  EXPECT_EQ(loaded->forward(batch).app.size(1), 3);
  pg::Action open;
  open.type = pg::ActionType::OpenApp;
  open.app = "fixture_camera";
  const auto enc = pg::encode_action(open, {}, saved);
  ASSERT_TRUE(enc.has_value());
  EXPECT_EQ(pg::to_action(*enc, {}, saved).app, "fixture_camera");
  EXPECT_TRUE(std::isfinite(loaded->log_prob(pg::make_batch(observations(1), saved), {*enc}).item<float>()));
  std::filesystem::remove(path);
  std::filesystem::remove(path + ".json");
}

TEST(PolicyAppHead, LegacyLinearHeadCheckpointLoadsAndActs) {
  // A checkpoint as the code before the hashed app head wrote it: a linear app head with one
  // output per app of the saved list, and no "app_buckets" key in its config.
  torch::manual_seed(3);
  PolicyConfig legacy = small({"settings", "clock"});
  legacy.app_buckets = 0;
  pg::Policy old_policy(legacy);
  favour_open_app(old_policy);
  const std::string path = temp_path("pg_policy_legacy.pt");
  pg::save_policy(old_policy, legacy, path);
  json j;
  std::ifstream(path + ".json") >> j;
  ASSERT_TRUE(j.contains("app_buckets"));
  j.erase("app_buckets");
  std::ofstream(path + ".json", std::ios::trunc) << j.dump(2);

  auto [loaded, saved] = pg::load_policy(path);
  EXPECT_EQ(saved.app_buckets, 0);
  EXPECT_EQ(saved.apps, legacy.apps);
  EXPECT_EQ(loaded->named_parameters()["app_head.weight"].size(0), 2);
  const auto obs = observations(3);
  torch::NoGradGuard ng;
  const auto l_old = old_policy->forward(pg::make_batch(obs, legacy));
  EXPECT_TRUE(torch::equal(l_old.app, loaded->forward(pg::make_batch(obs, saved)).app));

  // After an app is added: the apps it knows keep their logits, the new one is never chosen.
  PolicyConfig grown = saved;
  grown.apps = {"calendar", "clock", "settings"};
  const auto l_new = loaded->forward(pg::make_batch(obs, grown));
  for (const char* id : {"settings", "clock"})
    EXPECT_TRUE(torch::equal(app_column(l_old, legacy.apps, id), app_column(l_new, grown.apps, id)));
  EXPECT_TRUE((app_column(l_new, grown.apps, "calendar") < -1e8).all().item<bool>());
  EXPECT_EQ(opened_apps(loaded, grown), (std::set<std::string>{"clock", "settings"}));

  // Candidates it knows none of: open_app is masked, not an error.
  PolicyConfig strangers = saved;
  strangers.apps = {"calendar"};
  const auto l_none = loaded->forward(pg::make_batch(obs, strangers));
  EXPECT_TRUE((l_none.kind.select(1, static_cast<int>(PolicyActionKind::OpenApp)) < -1e8).all().item<bool>());
  std::filesystem::remove(path);
  std::filesystem::remove(path + ".json");
}

}  // namespace
