// trainer/policy + trainer/algo: action mapping, policy log-probs / sampling / persistence, GRPO math
// and one GRPO update.
#include "trainer/algo/grpo.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <string>
#include <vector>

#include <unistd.h>

namespace {

using pg::Observation;
using pg::PolicyAction;
using pg::PolicyActionKind;
using pg::PolicyConfig;

struct TorchThreads {
  TorchThreads() { torch::set_num_threads(1); }
} g_threads;

PolicyConfig small_config() {
  PolicyConfig c;
  c.apps = {"settings", "clock"};
  c.x_bins = 27;  // not the CNN's native 17x38 grid: exercises the tap head's resizing
  c.y_bins = 60;
  return c;
}

// Seeded synthetic observations: random blocky images, instructions from a small vocabulary.
std::vector<Observation> synthetic_obs(int n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  const std::vector<std::string> words = {"open", "set", "alarm", "wifi", "turn", "off", "on", "clock", "timer", "the"};
  std::vector<Observation> out(n);
  for (auto& o : out) {
    o.screenshot.width = pg::kObsWidth;
    o.screenshot.height = pg::kObsHeight;
    o.screenshot.channels = 3;
    o.screenshot.data.resize(static_cast<std::size_t>(pg::kObsWidth) * pg::kObsHeight * 3);
    // 30x30 blocks of random colours so the CNN sees structure.
    std::vector<std::uint8_t> blocks(10 * 20 * 3);
    for (auto& b : blocks) b = static_cast<std::uint8_t>(rng() & 0xff);
    for (int y = 0; y < pg::kObsHeight; ++y)
      for (int x = 0; x < pg::kObsWidth; ++x)
        for (int c = 0; c < 3; ++c)
          o.screenshot.data[(static_cast<std::size_t>(y) * pg::kObsWidth + x) * 3 + c] =
              blocks[((y / 30) * 10 + x / 30 % 10) * 3 + c];
    const int nw = 2 + static_cast<int>(rng() % 4);
    for (int i = 0; i < nw; ++i) o.instruction += (i ? " " : "") + words[rng() % words.size()];
    const int ns = static_cast<int>(rng() % 4);
    for (int i = 0; i < ns; ++i) o.spans.push_back(std::to_string(rng() % 100) + ":" + std::to_string(rng() % 60));
  }
  return out;
}

std::string temp_path(const std::string& name) {
  return (std::filesystem::temp_directory_path() / (name + "." + std::to_string(::getpid()))).string();
}

// --------------------------------------------------------------------------------------------
// GRPO math

TEST(GroupAdvantages, HandComputed) {
  auto r = torch::tensor({1.0, 0.0, 0.0, 1.0, 0.5, 0.5, 0.5, 0.5, 1.0, 2.0, 3.0, 6.0}).view({3, 4});
  auto a = pg::group_advantages(r);
  ASSERT_EQ(a.sizes(), r.sizes());
  ASSERT_EQ(a.dtype(), torch::kFloat32);
  const double s0 = 0.5 / (0.5 + 1e-6);
  const double sd2 = std::sqrt(3.5);  // deviations -2,-1,0,3: population variance 14/4
  std::vector<double> expect = {s0, -s0, -s0, s0, 0, 0, 0, 0, -2 / (sd2 + 1e-6), -1 / (sd2 + 1e-6), 0, 3 / (sd2 + 1e-6)};
  for (int i = 0; i < 12; ++i) EXPECT_NEAR(a.view(-1)[i].item<double>(), expect[i], 1e-6) << i;

  auto nostd = pg::group_advantages(r, /*scale_by_std=*/false);
  std::vector<double> expect2 = {0.5, -0.5, -0.5, 0.5, 0, 0, 0, 0, -2, -1, 0, 3};
  for (int i = 0; i < 12; ++i) EXPECT_NEAR(nostd.view(-1)[i].item<double>(), expect2[i], 1e-6) << i;
}

TEST(GroupAdvantages, AllEqualGroupIsExactlyZero) {
  // 0.1 is not exactly representable: the mean differs from the entries by rounding, which must not
  // be blown up by the division by (0 + eps).
  auto r = torch::tensor({0.1f, 0.1f, 0.1f, 0.7f, 0.7f, 0.7f}).view({2, 3});
  auto a = pg::group_advantages(r);
  EXPECT_TRUE(torch::equal(a, torch::zeros({2, 3})));
  auto single = pg::group_advantages(torch::tensor({3.0f, -1.0f}).view({2, 1}));
  EXPECT_TRUE(torch::equal(single, torch::zeros({2, 1})));
}

TEST(GrpoLoss, ClipHigherMathAndGradients) {
  pg::GrpoConfig cfg;  // clip_low 0.2, clip_high 0.28
  auto old = torch::tensor({-1.0f, -2.0f, -0.5f, -3.0f});
  auto ratio = torch::tensor({1.5f, 0.5f, 1.1f, 0.7f});
  auto logp = (old + torch::log(ratio)).detach().requires_grad_(true);
  auto adv = torch::tensor({1.0f, -1.0f, -1.0f, 1.0f});
  auto out = pg::grpo_loss(logp, old, adv, torch::Tensor(), cfg);
  // surrogates: min(1.5, 1.28) = 1.28 (clipped above 1+0.28, A>0); min(-0.5, -0.8) = -0.8 (clipped
  // below 1-0.2, A<0); -1.1 (unclipped); min(0.7, 0.8) = 0.7 (pessimistic: not clipped).
  const double mean_surr = (1.28 - 0.8 - 1.1 + 0.7) / 4;
  EXPECT_NEAR(out.policy_loss, -mean_surr, 1e-6);
  EXPECT_NEAR(out.loss.item<double>(), -mean_surr, 1e-6);
  EXPECT_DOUBLE_EQ(out.clip_frac, 0.5);
  EXPECT_NEAR(out.ratio_mean, (1.5 + 0.5 + 1.1 + 0.7) / 4, 1e-6);
  EXPECT_DOUBLE_EQ(out.kl, 0.0);
  out.loss.backward();
  auto g = logp.grad();
  // d/dlogp of -mean(ratio*A) = -ratio*A/4 where unclipped, 0 where clipped.
  EXPECT_NEAR(g[0].item<double>(), 0.0, 1e-7);
  EXPECT_NEAR(g[1].item<double>(), 0.0, 1e-7);
  EXPECT_NEAR(g[2].item<double>(), 1.1 / 4, 1e-6);
  EXPECT_NEAR(g[3].item<double>(), -0.7 / 4, 1e-6);

  // The asymmetric bound: ratio 1.25 with A>0 is inside 1+0.28 (not clipped), would be with 0.2.
  auto l2 = torch::log(torch::tensor({1.25f}));
  auto o2 = pg::grpo_loss(l2, torch::zeros({1}), torch::ones({1}), torch::Tensor(), cfg);
  EXPECT_NEAR(o2.policy_loss, -1.25, 1e-6);
  EXPECT_DOUBLE_EQ(o2.clip_frac, 0.0);
}

TEST(GrpoLoss, K3KlValue) {
  pg::GrpoConfig cfg;
  cfg.kl_coef = 0.01;
  auto logp = torch::tensor({-1.0f, -2.0f, -0.5f, -3.0f});
  auto delta = std::vector<double>{0.1, -0.2, 0.0, 0.3};  // ref - logp
  auto ref = logp + torch::tensor({0.1f, -0.2f, 0.0f, 0.3f});
  auto adv = torch::tensor({1.0f, -1.0f, 0.5f, 0.0f});
  auto out = pg::grpo_loss(logp, logp, adv, ref, cfg);  // ratio 1: surrogate = A
  double k3 = 0;
  for (double d : delta) k3 += std::exp(d) - d - 1;
  k3 /= 4;
  EXPECT_NEAR(out.kl, k3, 1e-6);
  const double pl = -(1.0 - 1.0 + 0.5 + 0.0) / 4;
  EXPECT_NEAR(out.policy_loss, pl, 1e-6);
  EXPECT_NEAR(out.loss.item<double>(), pl + 0.01 * k3, 1e-6);
  EXPECT_DOUBLE_EQ(out.ratio_mean, 1.0);
}

// --------------------------------------------------------------------------------------------
// Action mapping

TEST(PolicyActions, ToActionAndEncodeRoundTrip) {
  const PolicyConfig cfg = small_config();
  const std::vector<std::string> spans = {"07:30", "Bob"};
  for (int xb = 0; xb < cfg.x_bins; ++xb)
    for (int yb = 0; yb < cfg.y_bins; ++yb)
      for (auto k : {PolicyActionKind::Click, PolicyActionKind::LongPress}) {
        PolicyAction a{k, xb, yb, 0, 0};
        auto act = pg::to_action(a, spans, cfg);
        ASSERT_GE(act.x, 0);
        ASSERT_LE(act.x, 1000);
        auto back = pg::encode_action(act, spans, cfg);
        ASSERT_TRUE(back.has_value());
        ASSERT_EQ(*back, a) << xb << "," << yb;
        // The JSON form parses back to the same action.
        ASSERT_EQ(pg::parse_action(pg::to_json(act)), act);
      }
  std::vector<PolicyAction> others = {
      {PolicyActionKind::SwipeUp},         {PolicyActionKind::SwipeDown},      {PolicyActionKind::TypeSpan, 0, 0, 1, 0},
      {PolicyActionKind::TypeSpan, 0, 0, 0, 0}, {PolicyActionKind::Back},     {PolicyActionKind::Home},
      {PolicyActionKind::OpenApp, 0, 0, 0, 1},  {PolicyActionKind::Complete}, {PolicyActionKind::Abort},
      {PolicyActionKind::Enter}};
  for (const auto& a : others) {
    auto act = pg::to_action(a, spans, cfg);
    auto back = pg::encode_action(act, spans, cfg);
    ASSERT_TRUE(back.has_value()) << pg::to_string(a.kind);
    EXPECT_EQ(*back, a) << pg::to_string(a.kind);
    EXPECT_EQ(pg::parse_action(pg::to_json(act)), act);
  }
  auto up = pg::to_action({PolicyActionKind::SwipeUp}, spans, cfg);
  EXPECT_EQ(pg::to_json(up), nlohmann::json::parse(R"({"type":"swipe","x1":500,"y1":700,"x2":500,"y2":300})"));
  EXPECT_EQ(pg::to_json(pg::to_action({PolicyActionKind::TypeSpan, 0, 0, 1, 0}, spans, cfg)),
            nlohmann::json::parse(R"({"type":"type","text":"Bob"})"));
  EXPECT_EQ(pg::to_json(pg::to_action({PolicyActionKind::OpenApp, 0, 0, 0, 1}, spans, cfg)),
            nlohmann::json::parse(R"({"type":"open_app","app":"clock"})"));
  EXPECT_EQ(pg::to_json(pg::to_action({PolicyActionKind::Complete}, spans, cfg)),
            nlohmann::json::parse(R"({"type":"complete"})"));
  auto c = pg::to_action({PolicyActionKind::Click, 0, 59, 0, 0}, spans, cfg);
  EXPECT_EQ(c.x, 19);   // centre of bin 0 of 27: 500/27
  EXPECT_EQ(c.y, 992);  // centre of bin 59 of 60: 59.5 * 1000/60
  EXPECT_THROW(pg::to_action({PolicyActionKind::TypeSpan, 0, 0, 2, 0}, spans, cfg), std::invalid_argument);
  EXPECT_THROW(pg::to_action({PolicyActionKind::OpenApp, 0, 0, 0, 2}, spans, cfg), std::invalid_argument);
}

TEST(PolicyActions, EncodeOracleActions) {
  const PolicyConfig cfg = small_config();
  const std::vector<std::string> spans = {"07:30", "Bob"};
  auto enc = [&](const char* json) { return pg::encode_action(pg::parse_action(std::string_view(json)), spans, cfg); };
  auto a = enc(R"({"type":"click","x":1000,"y":0})");
  ASSERT_TRUE(a);
  EXPECT_EQ(a->x_bin, 26);
  EXPECT_EQ(a->y_bin, 0);
  a = enc(R"({"type":"long_press","x":500,"y":510})");
  ASSERT_TRUE(a);
  EXPECT_EQ(a->kind, PolicyActionKind::LongPress);
  EXPECT_EQ(a->x_bin, 13);  // 500*27/1000 = 13.5
  EXPECT_EQ(a->y_bin, 30);  // 510*60/1000 = 30.6
  a = enc(R"({"type":"swipe","x1":300,"y1":900,"x2":320,"y2":200})");
  ASSERT_TRUE(a);
  EXPECT_EQ(a->kind, PolicyActionKind::SwipeUp);
  a = enc(R"({"type":"swipe","x1":300,"y1":200,"x2":300,"y2":800})");
  ASSERT_TRUE(a);
  EXPECT_EQ(a->kind, PolicyActionKind::SwipeDown);
  EXPECT_FALSE(enc(R"({"type":"swipe","x1":100,"y1":500,"x2":900,"y2":520})"));  // horizontal
  a = enc(R"({"type":"type","text":"Bob","x":10,"y":10,"clear":true})");
  ASSERT_TRUE(a);
  EXPECT_EQ(a->kind, PolicyActionKind::TypeSpan);
  EXPECT_EQ(a->span, 1);
  EXPECT_FALSE(enc(R"({"type":"type","text":"Alice"})"));
  a = enc(R"({"type":"open_app","app":"Clock"})");
  ASSERT_TRUE(a);
  EXPECT_EQ(a->app, 1);
  EXPECT_FALSE(enc(R"({"type":"open_app","app":"Maps"})"));
  EXPECT_FALSE(enc(R"({"type":"drag","x1":1,"y1":2,"x2":3,"y2":4})"));
  EXPECT_FALSE(enc(R"({"type":"wait"})"));
  a = enc(R"({"type":"enter"})");
  ASSERT_TRUE(a);
  EXPECT_EQ(a->kind, PolicyActionKind::Enter);
  PolicyConfig ten = cfg;  // a policy saved before Enter cannot press it
  ten.action_kinds = 10;
  EXPECT_FALSE(pg::encode_action(pg::parse_action(std::string_view(R"({"type":"enter"})")), spans, ten));
  EXPECT_FALSE(enc(R"({"type":"double_tap","x":1,"y":2})"));
}

TEST(GrpoLoss, PerTrajectoryAveragingWeights) {
  // Two trajectories: t0 has 1 step (surrogate 1.0), t1 has 3 steps (surrogates -0.5 each).
  std::vector<pg::StepSample> s(4);
  s[0].traj = 0;
  for (int i = 1; i < 4; ++i) s[i].traj = 1;
  auto ws = pg::step_weights(s, pg::LossAveraging::Step), wt = pg::step_weights(s, pg::LossAveraging::Trajectory);
  EXPECT_TRUE(torch::allclose(ws, torch::ones({4})));
  EXPECT_TRUE(torch::allclose(wt, torch::tensor({1.0f, 1 / 3.f, 1 / 3.f, 1 / 3.f})));
  pg::GrpoConfig cfg;
  auto logp = torch::zeros({4});  // ratio 1: surrogate = A
  auto adv = torch::tensor({1.0f, -0.5f, -0.5f, -0.5f});
  // Step mean: (1 - 1.5) / 4 = -0.125; trajectory mean: (1 + (-0.5)) / 2 = 0.25.
  EXPECT_NEAR(pg::grpo_loss(logp, logp, adv, {}, cfg, ws).policy_loss, 0.125, 1e-6);
  EXPECT_NEAR(pg::grpo_loss(logp, logp, adv, {}, cfg, wt).policy_loss, -0.25, 1e-6);
  // An explicit denominator (the weight summed over ranks) replaces sum(w).
  EXPECT_NEAR(pg::grpo_loss(logp, logp, adv, {}, cfg, ws, 8.0).policy_loss, 0.0625, 1e-6);
  // Sample weights (FCF) multiply.
  s[0].weight = 0.5f;
  EXPECT_NEAR(pg::step_weights(s, pg::LossAveraging::Trajectory)[0].item<float>(), 0.5f, 1e-6);
}

TEST(PolicyInputs, TokenizeAndHash) {
  EXPECT_EQ(pg::tokenize("Set an ALARM for 07:30!"),
            (std::vector<std::string>{"set", "an", "alarm", "for", "07", "30"}));
  EXPECT_TRUE(pg::tokenize("  ?! ").empty());
  // FNV-1a 64 of "a" is 0xaf63dc4c8601ec8c.
  EXPECT_EQ(pg::token_bucket("a", 4096), static_cast<std::int64_t>(0xaf63dc4c8601ec8cull % 4096));
  EXPECT_EQ(pg::token_bucket("", 1000), static_cast<std::int64_t>(14695981039346656037ull % 1000));
}

// --------------------------------------------------------------------------------------------
// Policy

TEST(Policy, LogProbIsSumOfHeadLogSoftmaxes) {
  torch::manual_seed(1);
  const PolicyConfig cfg = small_config();
  pg::Policy policy(cfg);
  auto obs = synthetic_obs(4, 11);
  obs[0].spans = {"a", "b", "c"};
  obs[1].spans = {};
  auto batch = pg::make_batch(obs, cfg);
  EXPECT_EQ(batch.images.sizes(), torch::IntArrayRef({4, 3, 600, 270}));
  EXPECT_EQ(batch.span_mask.sizes(), torch::IntArrayRef({4, cfg.max_spans}));
  std::vector<PolicyAction> acts = {{PolicyActionKind::TypeSpan, 0, 0, 2, 0},
                                    {PolicyActionKind::Click, 3, 31, 0, 0},
                                    {PolicyActionKind::OpenApp, 0, 0, 0, 1},
                                    {PolicyActionKind::Back, 5, 5, 3, 1}};
  torch::NoGradGuard ng;
  auto lp = policy->log_prob(batch, acts);
  auto l = policy->forward(batch);
  auto k = torch::log_softmax(l.kind, 1), c = torch::log_softmax(l.cell, 1),
       s = torch::log_softmax(l.span, 1), a = torch::log_softmax(l.app, 1);
  EXPECT_EQ(l.cell.size(1), cfg.x_bins * cfg.y_bins);
  const int TS = static_cast<int>(PolicyActionKind::TypeSpan);
  std::vector<double> expect = {
      k[0][TS].item<double>() + s[0][2].item<double>(),
      k[1][static_cast<int>(PolicyActionKind::Click)].item<double>() + c[1][31 * cfg.x_bins + 3].item<double>(),
      k[2][static_cast<int>(PolicyActionKind::OpenApp)].item<double>() + a[2][1].item<double>(),
      k[3][static_cast<int>(PolicyActionKind::Back)].item<double>()};
  for (int i = 0; i < 4; ++i) EXPECT_NEAR(lp[i].item<double>(), expect[i], 1e-5) << i;
  // Masks: obs[1] has no span, so TypeSpan has probability 0; obs[0]'s 4th span is absent.
  EXPECT_LT(k[1][TS].item<double>(), -1e8);
  EXPECT_LT(s[0][3].item<double>(), -1e8);
  EXPECT_NEAR(s[0].slice(0, 0, 3).exp().sum().item<double>(), 1.0, 1e-6);
  // Entropy of the kind head is finite and <= log(kinds) (near uniform at init; one kind is
  // masked where a row has no span).
  auto ent = policy->entropy(batch);
  const double kinds = cfg.action_kinds;
  EXPECT_EQ(l.kind.size(1), cfg.action_kinds);
  EXPECT_EQ(ent.sizes(), torch::IntArrayRef({4}));
  EXPECT_TRUE(torch::isfinite(ent).all().item<bool>());
  EXPECT_LE(ent.max().item<double>(), std::log(kinds) + 1e-5);
  EXPECT_GT(ent.min().item<double>(), std::log(kinds - 1) - 0.05);
  EXPECT_THROW(policy->log_prob(batch, {acts[0]}), std::invalid_argument);
  std::vector<PolicyAction> bad = acts;
  bad[1].x_bin = cfg.x_bins;
  EXPECT_THROW(policy->log_prob(batch, bad), std::invalid_argument);
}

TEST(Policy, SampleIsDeterministicAndConsistent) {
  torch::manual_seed(2);
  const PolicyConfig cfg = small_config();
  pg::Policy policy(cfg);
  auto obs = synthetic_obs(16, 12);
  auto batch = pg::make_batch(obs, cfg);
  auto a = pg::sample(policy, batch, 1234, false);
  auto b = pg::sample(policy, batch, 1234, false);
  ASSERT_EQ(a.actions.size(), 16u);
  EXPECT_EQ(a.actions, b.actions);
  EXPECT_TRUE(torch::equal(a.log_probs, b.log_probs));
  EXPECT_FALSE(a.log_probs.requires_grad());
  auto c = pg::sample(policy, batch, 99, false);
  EXPECT_NE(a.actions, c.actions);  // 16 near-uniform draws: a collision is astronomically unlikely
  torch::NoGradGuard ng;
  auto lp = policy->log_prob(batch, a.actions);
  EXPECT_TRUE(torch::allclose(lp, a.log_probs, 1e-5, 1e-5));
  for (std::size_t i = 0; i < obs.size(); ++i) {
    const auto& act = a.actions[i];
    if (act.kind == PolicyActionKind::TypeSpan) {
      EXPECT_LT(act.span, static_cast<int>(obs[i].spans.size()));
    }
    EXPECT_NO_THROW(pg::to_action(act, obs[i].spans, cfg));
  }
  auto g1 = pg::sample(policy, obs, 1, true), g2 = pg::sample(policy, obs, 2, true);
  EXPECT_EQ(g1.actions, g2.actions);  // greedy ignores the seed
}

TEST(Policy, SaveLoadRoundTrip) {
  torch::manual_seed(3);
  PolicyConfig cfg = small_config();
  cfg.hidden = 64;
  cfg.x_bins = 9;
  pg::Policy policy(cfg);
  const std::string path = temp_path("pg_policy_test.pt");
  pg::save_policy(policy, cfg, path);
  EXPECT_TRUE(std::filesystem::exists(path));
  EXPECT_TRUE(std::filesystem::exists(path + ".json"));
  auto [loaded, lcfg] = pg::load_policy(path);
  EXPECT_EQ(lcfg.to_json(), cfg.to_json());
  auto batch = pg::make_batch(synthetic_obs(3, 13), cfg);
  torch::NoGradGuard ng;
  auto l1 = policy->forward(batch), l2 = loaded->forward(batch);
  EXPECT_TRUE(torch::equal(l1.kind, l2.kind));
  EXPECT_TRUE(torch::equal(l1.cell, l2.cell));
  EXPECT_TRUE(torch::equal(l1.span, l2.span));
  EXPECT_TRUE(torch::equal(l1.app, l2.app));

  // Corrupt weights -> runtime_error naming the path.
  { std::ofstream(path, std::ios::trunc) << "garbage"; }
  try {
    pg::load_policy(path);
    FAIL() << "expected std::runtime_error";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
  }
  std::filesystem::remove(path);
  std::filesystem::remove(path + ".json");
}

TEST(Policy, LoadMissingFileThrowsWithPath) {
  const std::string path = temp_path("pg_no_such_policy.pt");
  try {
    pg::load_policy(path);
    FAIL() << "expected std::runtime_error";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
  }
}

TEST(PolicyConfig, JsonRoundTripAndValidation) {
  PolicyConfig c = small_config();
  c.max_spans = 6;
  auto d = PolicyConfig::from_json(c.to_json());
  EXPECT_EQ(d.to_json(), c.to_json());
  EXPECT_EQ(d.apps, c.apps);
  EXPECT_EQ(PolicyConfig::from_json(nlohmann::json::object()).x_bins, 17);
  EXPECT_THROW(PolicyConfig::from_json(nlohmann::json{{"arch", "pg_policy_v1"}}), std::runtime_error);
  EXPECT_THROW(PolicyConfig::from_json(nlohmann::json{{"x_bins", 0}}), std::runtime_error);
  EXPECT_THROW(PolicyConfig::from_json(nlohmann::json{{"x_bins", "many"}}), std::runtime_error);
}

TEST(PolicyConfig, InstructionConditioningIsOnForNewPoliciesAndOffForOlderSavedOnes) {
  EXPECT_TRUE(PolicyConfig{}.text_norm);
  nlohmann::json old = small_config().to_json();
  old.erase("text_norm");  // a policy saved before the options existed
  old.erase("trunk_film");
  EXPECT_FALSE(PolicyConfig::from_json(old).text_norm);
  EXPECT_FALSE(PolicyConfig::from_json(old).trunk_film);
  // The option changes the parameters: a text_norm policy has the LayerNorm, the other does not.
  PolicyConfig on = small_config(), off = small_config();
  off.text_norm = false;
  off.trunk_film = false;
  auto names = [](const PolicyConfig& c) {
    std::set<std::string> n;
    for (const auto& p : pg::Policy(c)->named_parameters()) n.insert(p.key());
    return n;
  };
  EXPECT_EQ(names(on).count("text_norm.weight"), 1u);
  EXPECT_EQ(names(off).count("text_norm.weight"), 0u);
  EXPECT_EQ(names(on).count("trunk_film.weight"), 1u);
  EXPECT_EQ(names(off).count("trunk_film.weight"), 0u);
}

// --------------------------------------------------------------------------------------------
// Updates

TEST(GrpoUpdate, RaisesPositiveAndLowersNegativeAdvantageActions) {
  torch::manual_seed(4);
  const PolicyConfig cfg = small_config();
  pg::Policy policy(cfg);
  pg::Policy ref = pg::clone_policy(policy);
  auto obs = synthetic_obs(8, 14);
  auto batch = pg::make_batch(obs, cfg);
  auto s = pg::sample(policy, batch, 7, false);
  std::vector<pg::StepSample> samples;
  for (int i = 0; i < 8; ++i)
    samples.push_back({obs[i], s.actions[i], s.log_probs[i].item<float>(), i < 4 ? 1.0f : -1.0f});

  pg::GrpoConfig gc;
  gc.kl_coef = 0.01;
  gc.lr = 1e-3;
  auto opt = pg::make_optimizer(policy, gc);
  auto stats = pg::grpo_update(policy, *opt, samples, gc, /*minibatch=*/4, &ref);
  EXPECT_EQ(stats.updates, 4);  // 2 epochs x 2 minibatches
  EXPECT_TRUE(std::isfinite(stats.loss));
  EXPECT_GE(stats.kl, 0.0);
  EXPECT_LT(stats.kl, 0.1);
  EXPECT_GE(stats.clip_frac, 0.0);
  EXPECT_GT(stats.entropy, 0.0);

  torch::NoGradGuard ng;
  auto after = policy->log_prob(batch, s.actions);
  // Heads are shared between rows (a positive and a negative step may both be clicks), so single
  // rows can move against their advantage; the advantage-weighted change must be positive.
  double pos = 0, neg = 0;
  for (int i = 0; i < 8; ++i) (i < 4 ? pos : neg) += after[i].item<double>() - s.log_probs[i].item<double>();
  EXPECT_GT(pos, 0.0);
  EXPECT_LT(neg, 0.0);
  // The frozen reference is untouched.
  auto ref_lp = ref->log_prob(batch, s.actions);
  EXPECT_TRUE(torch::allclose(ref_lp, s.log_probs, 1e-5, 1e-5));

  gc.kl_coef = 0.01;
  EXPECT_THROW(pg::grpo_update(policy, *opt, samples, gc, 4, nullptr), std::invalid_argument);
}

// Samples of `policy` on `obs` with zero advantages: only the entropy bonus or the KL term moves it.
std::vector<pg::StepSample> zero_advantage_samples(pg::Policy& policy, const std::vector<Observation>& obs,
                                                   const PolicyConfig& cfg, pg::SampleResult* out = nullptr) {
  auto batch = pg::make_batch(obs, cfg);
  auto s = pg::sample(policy, batch, 3, false);
  std::vector<pg::StepSample> samples;
  for (std::size_t i = 0; i < obs.size(); ++i)
    samples.push_back({obs[i], s.actions[i], s.log_probs[static_cast<long>(i)].item<float>(), 0.0f});
  if (out) *out = s;
  return samples;
}

double mean_entropy(pg::Policy& policy, const std::vector<Observation>& obs, const PolicyConfig& cfg) {
  torch::NoGradGuard ng;
  return pg::action_entropy(policy->forward(pg::make_batch(obs, cfg))).mean().item<double>();
}

TEST(GrpoUpdate, TheEntropyBonusRaisesEntropyAndItsOppositeLowersIt) {
  const PolicyConfig cfg = small_config();
  const auto obs = synthetic_obs(8, 21);
  for (double coef : {0.05, -0.05}) {
    torch::manual_seed(9);
    pg::Policy policy(cfg);
    auto samples = zero_advantage_samples(policy, obs, cfg);
    const double before = mean_entropy(policy, obs, cfg);
    pg::GrpoConfig gc;
    gc.entropy_coef = coef;
    gc.lr = 3e-3;
    gc.epochs = 4;
    auto opt = pg::make_optimizer(policy, gc);
    pg::grpo_update(policy, *opt, samples, gc, 8);
    const double after = mean_entropy(policy, obs, cfg);
    if (coef > 0) EXPECT_GT(after, before) << "a positive entropy bonus must raise the entropy";
    else EXPECT_LT(after, before) << "a negative coefficient must lower it";
  }
}

TEST(GrpoUpdate, TheKlTermPullsThePolicyTowardTheReference) {
  const PolicyConfig cfg = small_config();
  const auto obs = synthetic_obs(8, 22);
  torch::manual_seed(10);
  pg::Policy policy(cfg);
  pg::Policy ref = pg::clone_policy(policy);
  pg::SampleResult s;
  auto samples = zero_advantage_samples(policy, obs, cfg, &s);
  auto batch = pg::make_batch(obs, cfg);
  auto kl_to_ref = [&] {
    torch::NoGradGuard ng;
    auto d = ref->log_prob(batch, s.actions) - policy->log_prob(batch, s.actions);
    return (torch::exp(d) - d - 1).mean().item<double>();
  };
  // First move the policy away from the reference with advantages alone...
  pg::GrpoConfig away;
  away.lr = 1e-2;
  away.epochs = 6;
  auto pushed = samples;
  for (std::size_t i = 0; i < pushed.size(); ++i) pushed[i].advantage = i % 2 ? 1.0f : -1.0f;
  auto opt = pg::make_optimizer(policy, away);
  pg::grpo_update(policy, *opt, pushed, away, 8);
  const double before = kl_to_ref();
  ASSERT_GT(before, 1e-3);
  // ...then the KL term alone (zero advantages) must bring it back.
  pg::GrpoConfig gc;
  gc.kl_coef = 1.0;
  gc.lr = 3e-3;
  gc.epochs = 6;
  auto fresh = zero_advantage_samples(policy, obs, cfg);
  auto opt2 = pg::make_optimizer(policy, gc);
  auto stats = pg::grpo_update(policy, *opt2, fresh, gc, 8, &ref);
  EXPECT_LT(kl_to_ref(), before) << "the KL term must pull toward the reference, not away";
  EXPECT_GT(stats.kl, 0.0);
}

TEST(GrpoLoss, KlIsBoundedAndSpikesAreCounted) {
  // The reference far more likely than the policy: raw k3 = e^30 - 31; bounded at kl_max.
  auto logp = torch::tensor({-40.0f, -1.0f}, torch::requires_grad());
  auto old = logp.detach().clone(), adv = torch::zeros({2}), ref = torch::tensor({-10.0f, -1.0f});
  pg::GrpoConfig gc;
  gc.kl_coef = 1.0;
  gc.kl_max = 10.0;
  auto out = pg::grpo_loss(logp, old, adv, ref, gc);
  EXPECT_EQ(out.kl_spikes, 1);
  EXPECT_NEAR(out.kl, 5.0, 1e-4);  // (10 + 0) / 2
  EXPECT_TRUE(std::isfinite(out.loss.item<double>()));
}

TEST(Policy, SampleRowsSharedEqualsRepeatedRows) {
  torch::manual_seed(5);
  const PolicyConfig cfg = small_config();
  pg::Policy policy(cfg);
  auto obs = synthetic_obs(3, 21);
  // Draw 4 actions from each of 3 observations: one forward over 3 rows vs 12 repeated rows.
  std::vector<std::int64_t> rows;
  std::vector<Observation> repeated;
  std::vector<std::uint64_t> seeds;
  for (int i = 0; i < 3; ++i)
    for (int k = 0; k < 4; ++k) {
      rows.push_back(i);
      repeated.push_back(obs[i]);
      seeds.push_back(100 + static_cast<std::uint64_t>(i * 4 + k));
    }
  auto shared = pg::sample_rows(policy, pg::make_batch(obs, cfg), rows, seeds);
  auto full = pg::sample_rows(policy, pg::make_batch(repeated, cfg), seeds);
  EXPECT_EQ(shared.actions, full.actions);
  EXPECT_TRUE(torch::allclose(shared.log_probs, full.log_probs, 1e-5, 1e-5));
  EXPECT_THROW(pg::sample_rows(policy, pg::make_batch(obs, cfg), {0, 3}, {1, 2}), std::invalid_argument);
  EXPECT_THROW(pg::sample_rows(policy, pg::make_batch(obs, cfg), {0, 1}, {1}), std::invalid_argument);
}

TEST(Policy, ExplorationDrawsUniformlyAmongPossibleValuesAndKeepsPolicyLogProbs) {
  torch::manual_seed(7);
  const PolicyConfig cfg = small_config();
  pg::Policy policy(cfg);
  auto obs = synthetic_obs(1, 41);
  obs[0].spans.clear();  // TypeSpan is impossible without spans
  const int n = 450;
  std::vector<std::int64_t> rows(n, 0);
  std::vector<std::uint64_t> seeds(n);
  for (int i = 0; i < n; ++i) seeds[i] = 500 + static_cast<std::uint64_t>(i);
  const auto batch = pg::make_batch(obs, cfg);
  auto s = pg::sample_rows(policy, batch, rows, seeds, false, /*epsilon=*/1.0);
  std::vector<int> count(pg::kNumPolicyActionKinds, 0);
  for (const auto& a : s.actions) ++count[static_cast<int>(a.kind)];
  EXPECT_EQ(count[static_cast<int>(PolicyActionKind::TypeSpan)], 0);
  for (int k = 0; k < pg::kNumPolicyActionKinds; ++k)
    if (k != static_cast<int>(PolicyActionKind::TypeSpan)) EXPECT_NEAR(count[k], n / 9.0, 25) << "kind " << k;
  // The reported log-probabilities are the policy's own (the update treats the draws as sampled).
  torch::NoGradGuard ng;
  const int m = 32;
  std::vector<Observation> rep(m, obs[0]);
  const std::vector<PolicyAction> first(s.actions.begin(), s.actions.begin() + m);
  EXPECT_TRUE(torch::allclose(policy->log_prob(pg::make_batch(rep, cfg), first), s.log_probs.slice(0, 0, m), 1e-4, 1e-4));
  // epsilon 0 leaves the draws as they were.
  const std::vector<std::int64_t> rows_m(m, 0);
  const std::vector<std::uint64_t> seeds_m(seeds.begin(), seeds.begin() + m);
  auto a = pg::sample_rows(policy, batch, rows_m, seeds_m, false, 0.0);
  auto b = pg::sample_rows(policy, pg::make_batch(rep, cfg), seeds_m);
  EXPECT_EQ(a.actions, b.actions);
}

TEST(GrpoUpdate, SharedObservationKeysGiveTheSameUpdate) {
  // 2 observations x 4 actions each; with obs_key the update forwards 2 images per minibatch
  // instead of 8, and must take the same step (including the KL to the reference).
  torch::manual_seed(6);
  const PolicyConfig cfg = small_config();
  pg::Policy a(cfg);
  pg::Policy b = pg::clone_policy(a);
  pg::Policy ref = pg::clone_policy(a);
  auto obs = synthetic_obs(2, 31);
  std::vector<pg::StepSample> plain, keyed;
  for (int i = 0; i < 2; ++i) {
    std::vector<Observation> rep(4, obs[i]);
    auto s = pg::sample(a, rep, 40 + static_cast<std::uint64_t>(i), false);
    for (int k = 0; k < 4; ++k) {
      pg::StepSample st{obs[i], s.actions[k], s.log_probs[k].item<float>(), k < 2 ? 1.0f : -1.0f, i * 4 + k, 1.0f};
      plain.push_back(st);
      st.obs_key = i;
      if (k > 0) st.obs = Observation{};  // only the first sample of a key carries the observation
      keyed.push_back(st);
    }
  }
  pg::GrpoConfig gc;
  gc.kl_coef = 0.01;
  gc.lr = 1e-3;
  // Plain SGD: the parameters move by lr x gradient (Adam would amplify float noise in tiny gradients).
  torch::optim::SGD oa(a->parameters(), torch::optim::SGDOptions(0.05)), ob(b->parameters(), torch::optim::SGDOptions(0.05));
  auto sa = pg::grpo_update(a, oa, plain, gc, 8, &ref, 3);
  auto sb = pg::grpo_update(b, ob, keyed, gc, 8, &ref, 3);
  EXPECT_NEAR(sa.loss, sb.loss, 1e-5);
  EXPECT_NEAR(sa.kl, sb.kl, 1e-5);
  auto pa = a->parameters(), pb = b->parameters();
  ASSERT_EQ(pa.size(), pb.size());
  double moved = 0;
  for (std::size_t i = 0; i < pa.size(); ++i) {
    EXPECT_TRUE(torch::allclose(pa[i], pb[i], 1e-4, 1e-6)) << "parameter " << i;
    moved += (pa[i] - ref->parameters()[i]).abs().sum().item<double>();
  }
  EXPECT_GT(moved, 0.0);  // the update did something
}

TEST(BcUpdate, ReducesNll) {
  torch::manual_seed(5);
  PolicyConfig cfg = small_config();
  cfg.hidden = 64;
  pg::Policy policy(cfg);
  auto obs = synthetic_obs(6, 15);
  std::vector<std::pair<Observation, PolicyAction>> data;
  for (int i = 0; i < 6; ++i) data.push_back({obs[i], PolicyAction{PolicyActionKind::Click, 3 + i, 10 + i, 0, 0}});
  torch::optim::Adam opt(policy->parameters(), torch::optim::AdamOptions(1e-3));
  const double first = pg::bc_update(policy, opt, data, 3);
  double last = first;
  for (int e = 0; e < 7; ++e) last = pg::bc_update(policy, opt, data, 3, 1.0, e + 1);
  EXPECT_GT(first, 0.0);
  EXPECT_LT(last, first - 0.5) << "first " << first << " last " << last;
}

// --------------------------------------------------------------------------------------------
// Reading the screen (pg_policy_v3)

TEST(PolicyInputs, ScreenElementsAreWhatTheAccessibilityTreeShows) {
  const nlohmann::json tree = {
      {"width", 1080},
      {"height", 2400},
      {"nodes",
       {{{"class", "android.widget.FrameLayout"}, {"text", ""}, {"desc", ""}, {"bounds", {0, 0, 1080, 2400}}},
        {{"class", "android.widget.Button"}, {"text", " Save "}, {"bounds", {540, 1200, 1080, 1440}}, {"clickable", true}},
        {{"class", "android.widget.EditText"}, {"text", ""}, {"desc", "Title"}, {"bounds", {0, 240, 1080, 360}},
         {"focused", true}},
        {{"class", "android.widget.Switch"}, {"text", "Wi-Fi"}, {"bounds", {0, 0, 1080, 0}}, {"checkable", true}},
        {{"class", "android.widget.Switch"}, {"text", "Bluetooth"}, {"bounds", {0, 480, 1080, 600}},
         {"checkable", true}, {"checked", true}, {"enabled", false}}}}};
  const auto els = pg::screen_elements(tree, 10);
  ASSERT_EQ(els.size(), 3u);  // the bare container and the zero-height switch are not read
  EXPECT_EQ(els[0].text, "Save");
  EXPECT_EQ(els[0].cls, "Button");
  EXPECT_EQ(els[0].l, 500);
  EXPECT_EQ(els[0].t, 500);
  EXPECT_EQ(els[0].r, 1000);
  EXPECT_EQ(els[0].b, 600);
  EXPECT_EQ(els[0].flags, pg::ScreenElement::Clickable);
  EXPECT_EQ(els[1].text, "Title");  // the description when there is no text
  EXPECT_EQ(els[1].flags, pg::ScreenElement::Editable | pg::ScreenElement::Focused);
  EXPECT_EQ(els[2].flags, pg::ScreenElement::Checkable | pg::ScreenElement::Checked | pg::ScreenElement::Disabled);
  EXPECT_EQ(pg::screen_elements(tree, 2).size(), 2u);
  EXPECT_TRUE(pg::screen_elements(nlohmann::json(), 10).empty());
  EXPECT_TRUE(pg::screen_elements({{"nodes", "x"}}, 10).empty());
}

TEST(PolicyInputs, SpansComeFromTheInstructionAndTheScreenOnly) {
  using V = std::vector<std::string>;
  EXPECT_EQ(pg::observed_spans("Reply \"On my way\" to my conversation with Aaliyah Johnson.", {}, 8),
            (V{"On my way", "Aaliyah Johnson"}));
  EXPECT_EQ(pg::observed_spans("Set an alarm for 7:30 pm on 2026-11-24.", {}, 8), (V{"7:30", "7:30 pm", "2026-11-24"}));
  EXPECT_EQ(pg::observed_spans("Call +1 415-555-0134 and text ana@example.com.", {}, 8),
            (V{"+1 415-555-0134", "ana@example.com"}));
  EXPECT_EQ(pg::observed_spans("Search my notes for \xE2\x80\x9Cgroceries\xE2\x80\x9D.", {}, 8), (V{"groceries"}));
  EXPECT_EQ(pg::observed_spans("Change it to 13:15-13:45.", {}, 8), (V{"13:15-13:45", "13:15", "13:45"}));
  EXPECT_EQ(pg::observed_spans("Rename untitled.pdf in Download to Lease_renewal.pdf.", {}, 8),
            (V{"untitled.pdf", "Lease_renewal.pdf", "Download"}));
  pg::ScreenElement field, label, longtext;
  field.text = "Draft", field.flags = pg::ScreenElement::Editable;
  label.text = "Lisbon";
  longtext.text = std::string(60, 'x');
  EXPECT_EQ(pg::observed_spans("Open the Lisbon album in Gallery.", {label, field, longtext}, 8),
            (V{"Lisbon", "Gallery", "Draft"}));
  EXPECT_EQ(pg::observed_spans("Open the Lisbon album in Gallery.", {label, field}, 1), (V{"Lisbon"}));
}

TEST(PolicyInputs, TheSecondReaderReadsSingleQuotesListsAndValuesInsideScreenTexts) {
  using V = std::vector<std::string>;
  EXPECT_EQ(pg::observed_spans("Add a task 'Call the bank' due tomorrow.", {}, 8, {}, 2), (V{"Call the bank"}));
  EXPECT_EQ(pg::observed_spans("Rename 'Mom's list' to 'Groceries'.", {}, 8, {}, 2), (V{"Mom's list", "Groceries"}));
  EXPECT_EQ(pg::observed_spans("Don't delete the note it's in.", {}, 8, {}, 2), (V{}));
  EXPECT_EQ(pg::observed_spans("Add a task 'Call the bank' due tomorrow.", {}, 8), (V{}));  // reader 1: none
  // A list after a colon: the whole of it, then each item; a time's colon starts none.
  EXPECT_EQ(pg::observed_spans("Add the following expense in Expenses: coffee beans, $4.50, category Food.", {}, 16, {}, 2),
            (V{"4.50", "Expenses", "Food", "coffee beans, $4.50, category Food", "coffee beans", "$4.50", "category Food"}));
  EXPECT_EQ(pg::observed_spans("Create a note with the text: Pack the charger", {}, 16, {}, 2), (V{"Pack", "Pack the charger"}));  // a name too
  EXPECT_EQ(pg::observed_spans("Wake me at 7:30 tomorrow.", {}, 16, {}, 2), (V{"7:30"}));
  // Values inside a longer on-screen text, after the short texts.
  pg::ScreenElement msg, label;
  msg.text = "Your Ridely verification code is 482913. Do not share it with anyone, it expires in 10 minutes.";
  label.text = "Messages";
  EXPECT_EQ(pg::observed_spans("What's the code Ridely texted me?", {msg, label}, 16, {}, 2),
            (V{"Ridely", "Messages", "482913", "10"}));
  EXPECT_EQ(pg::observed_spans("What's the code Ridely texted me?", {msg, label}, 16), (V{"Ridely", "Messages"}));
  // A keyboard's keys come last for reader 2 (they filled all 16 before the remembered texts).
  pg::ScreenElement q, w;
  q.text = "q", w.text = "w";
  EXPECT_EQ(pg::observed_spans("What's the code Ridely texted me?", {q, label, w}, 16, {"482913"}, 2),
            (V{"Ridely", "Messages", "482913", "q", "w"}));
  EXPECT_EQ(pg::observed_spans("What's the code Ridely texted me?", {q, label, w}, 3, {"482913"}, 2),
            (V{"Ridely", "Messages", "482913"}));
  EXPECT_EQ(pg::observed_spans("What's the code Ridely texted me?", {q, label, w}, 16, {}, 1), (V{"Ridely", "q", "Messages", "w"}));
}

TEST(PolicyInputs, TheSpanMemoryHoldsTheTextsOfEarlierScreensMostRecentFirst) {
  using V = std::vector<std::string>;
  auto el = [](const char* text) {
    pg::ScreenElement e;
    e.text = text;
    return e;
  };
  std::vector<std::string> memory;
  // The contact page: its company and e-mail are read there...
  pg::remember_screen(memory, {el("Harbor Analytics"), el("mq@outlook.com"), el(std::string(60, 'x').c_str())}, 3);
  EXPECT_EQ(memory, (V{"Harbor Analytics", "mq@outlook.com"}));  // not the paragraph
  // ...and typed on the answer sheet, which shows neither.
  EXPECT_EQ(pg::observed_spans("Where does Nora Hale work?", {el("Company")}, 8, memory),
            (V{"Nora Hale", "Company", "mq@outlook.com", "Harbor Analytics"}));
  pg::remember_screen(memory, {el("Company"), el("Harbor Analytics")}, 3);  // seen again: most recent
  EXPECT_EQ(memory, (V{"mq@outlook.com", "Company", "Harbor Analytics"}));
  pg::remember_screen(memory, {el("Email")}, 3);  // the oldest goes
  EXPECT_EQ(memory, (V{"Company", "Harbor Analytics", "Email"}));
  pg::remember_screen(memory, {el("Submit")}, 0);  // no memory: unchanged
  EXPECT_EQ(memory.size(), 3u);
  // A code inside a message is remembered by itself (the message is too long to be a span).
  pg::remember_screen(memory, {el("Your code is 482913, valid for 10 minutes and not to be shared")}, 8);
  EXPECT_EQ(memory, (V{"Company", "Harbor Analytics", "Email", "482913", "10"}));
}

TEST(Policy, TheGruEncoderReadsWordOrderAndTheBagDoesNot) {
  torch::manual_seed(3);
  auto logits_for = [](const PolicyConfig& cfg, pg::Policy& policy) {
    auto obs = synthetic_obs(2, 4);
    obs[1] = obs[0];
    obs[0].instruction = "move alarm to timer";
    obs[1].instruction = "move timer to alarm";
    torch::NoGradGuard ng;
    return policy->forward(pg::make_batch(obs, cfg)).kind;
  };
  PolicyConfig gru = small_config(), bag = small_config();
  bag.text_encoder = "bag";
  pg::Policy pg_gru(gru), pg_bag(bag);
  auto kg = logits_for(gru, pg_gru), kb = logits_for(bag, pg_bag);
  EXPECT_GT((kg[0] - kg[1]).abs().max().item<double>(), 1e-6);
  EXPECT_LT((kb[0] - kb[1]).abs().max().item<double>(), 1e-6);
}

// A toy screen-reading task: the screen shows 6 labelled buttons at random places on a blank
// image; the instruction names one; the right action is a tap on it. A policy that reads the
// accessibility tree learns it; one that sees only the (blank) pixels cannot beat chance.
double reading_accuracy(int screen_elements) {
  torch::manual_seed(11);
  PolicyConfig cfg;
  cfg.apps = {"settings"};
  cfg.hidden = 64;
  cfg.screen_elements = screen_elements;
  pg::Policy policy(cfg);
  const std::vector<std::string> names = {"Lisbon", "Family", "Yosemite", "Work", "Pets", "Beach", "Food", "Trips"};
  auto make = [&](std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    Observation o;
    o.screenshot.width = pg::kObsWidth, o.screenshot.height = pg::kObsHeight, o.screenshot.channels = 3;
    o.screenshot.data.assign(static_cast<std::size_t>(pg::kObsWidth) * pg::kObsHeight * 3, 255);
    std::vector<int> slots = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};
    std::shuffle(slots.begin(), slots.end(), rng);
    std::vector<std::string> pool = names;
    std::shuffle(pool.begin(), pool.end(), rng);
    for (int i = 0; i < 6; ++i) {
      pg::ScreenElement e;
      e.text = pool[static_cast<std::size_t>(i)];
      e.cls = "Button";
      e.flags = pg::ScreenElement::Clickable;
      e.l = (slots[static_cast<std::size_t>(i)] % 3) * 333, e.r = e.l + 300;
      e.t = 100 + (slots[static_cast<std::size_t>(i)] / 3) * 200, e.b = e.t + 100;
      o.elements.push_back(e);
    }
    const auto& target = o.elements[rng() % 6];
    o.instruction = "Open the " + target.text + " album";
    PolicyAction a{PolicyActionKind::Click, (target.l + target.r) / 2 * cfg.x_bins / 1000,
                   (target.t + target.b) / 2 * cfg.y_bins / 1000, 0, 0};
    return std::make_pair(o, a);
  };
  std::vector<std::pair<Observation, PolicyAction>> train;
  for (std::uint64_t s = 0; s < 128; ++s) train.push_back(make(s));
  torch::optim::Adam opt(policy->parameters(), torch::optim::AdamOptions(3e-3));
  // 20 epochs: with 10 the result depended on the initialisation (0.48 to 0.92 over seeds 1, 2,
  // 3 and 11); with 20 every one of those seeds reads all 64 test screens right.
  for (int e = 0; e < 20; ++e) pg::bc_update(policy, opt, train, 32, 1.0, static_cast<std::uint64_t>(e));
  int ok = 0;
  const int n = 64;
  std::vector<Observation> test;
  std::vector<PolicyAction> want;
  for (std::uint64_t s = 0; s < static_cast<std::uint64_t>(n); ++s) {
    auto [o, a] = make(100000 + s);
    test.push_back(o);
    want.push_back(a);
  }
  auto r = pg::sample(policy, test, 1, /*greedy=*/true);
  for (int i = 0; i < n; ++i) ok += r.actions[static_cast<std::size_t>(i)] == want[static_cast<std::size_t>(i)];
  return static_cast<double>(ok) / n;
}

TEST(Policy, ItLearnsToTapTheElementTheInstructionNames) {
  const double reads = reading_accuracy(16), pixels_only = reading_accuracy(0);
  std::printf("reading accuracy: %.3f with the tree, %.3f pixels only\n", reads, pixels_only);
  EXPECT_GT(reads, 0.8) << "with the accessibility tree";
  EXPECT_LT(pixels_only, 0.4) << "pixels only: a blank screen, chance is 1 in 6";
}

TEST(PolicyConfig, PoliciesSavedBeforeEnterAndSpanMemoryLoadWithoutThem) {
  nlohmann::json old = small_config().to_json();
  for (const char* k : {"action_kinds", "span_memory", "span_reader"}) old.erase(k);
  const PolicyConfig c = PolicyConfig::from_json(old);
  EXPECT_EQ(c.action_kinds, 10);
  EXPECT_EQ(c.span_memory, 0);
  EXPECT_EQ(c.span_reader, 1);
  EXPECT_EQ(PolicyConfig{}.action_kinds, pg::kNumPolicyActionKinds);
  // Its kind head has 10 logits; a policy with Enter has 11, and an enter in its history is read.
  torch::manual_seed(4);
  pg::Policy p10(c), p11(small_config());
  auto obs = synthetic_obs(1, 5);
  torch::NoGradGuard ng;
  EXPECT_EQ(p10->forward(pg::make_batch(obs, c)).kind.size(1), 10);
  obs[0].history = {static_cast<int>(PolicyActionKind::Enter)};
  EXPECT_EQ(p11->forward(pg::make_batch(obs, small_config())).kind.size(1), 11);
  EXPECT_THROW(pg::make_batch(obs, c), std::invalid_argument);  // a kind the old policy never had
  old["action_kinds"] = 12;
  EXPECT_THROW(PolicyConfig::from_json(old), std::runtime_error);
}

TEST(PolicyConfig, PoliciesSavedBeforeScreenReadingLoadWithoutIt) {
  nlohmann::json old = small_config().to_json();
  old["arch"] = "pg_policy_v2";
  for (const char* k : {"text_encoder", "screen_elements", "observed_spans"}) old.erase(k);
  const PolicyConfig c = PolicyConfig::from_json(old);
  EXPECT_EQ(c.text_encoder, "bag");
  EXPECT_EQ(c.screen_elements, 0);
  EXPECT_FALSE(c.observed_spans);
  EXPECT_TRUE(PolicyConfig{}.observed_spans);
  EXPECT_EQ(PolicyConfig{}.to_json()["arch"], "pg_policy_v3");
  nlohmann::json future = old;
  future["arch"] = "pg_policy_v9";
  try {
    PolicyConfig::from_json(future);
    ADD_FAILURE() << "an unknown arch loaded";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("pg_policy_v9"), std::string::npos) << e.what();
  }
  // A v3 policy round-trips through save/load with its screen reading.
  torch::manual_seed(2);
  PolicyConfig v3 = small_config();
  pg::Policy p(v3);
  const std::string path = temp_path("pg_policy_v3.pt");
  pg::save_policy(p, v3, path);
  auto [q, qc] = pg::load_policy(path);
  EXPECT_EQ(qc.to_json(), v3.to_json());
  auto obs = synthetic_obs(2, 9);
  obs[0].elements.push_back(pg::ScreenElement{"Save", "Button", 100, 100, 300, 200, pg::ScreenElement::Clickable});
  torch::NoGradGuard ng;
  EXPECT_TRUE(torch::equal(p->forward(pg::make_batch(obs, v3)).cell, q->forward(pg::make_batch(obs, qc)).cell));
  std::filesystem::remove(path);
  std::filesystem::remove(path + ".json");
}

}  // namespace
