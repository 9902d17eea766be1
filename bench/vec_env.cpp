// The vector env's throughput in C++ (trainer/eval/vec_env.hpp on the native host at 270x600 raw):
// the same work as bench/python_vec_env.py does through the Python package, so the two numbers
// give the package's overhead. Usage: bench_vec_env [num_envs] [steps]; prints one JSON line.
#include "sim/input/action.hpp"
#include "sim/render/obs.hpp"
#include "trainer/eval/vec_env.hpp"
#include "trainer/pool/host.hpp"

#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>

int main(int argc, char** argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : 16, steps = argc > 2 ? std::atoi(argv[2]) : 200;
  const pg::TaskSet set = pg::TaskSet::load(PG_SOURCE_DIR "/tasks/templates");
  pg::NativeHost host;
  pg::EnvPool::Options po;
  po.workers = 1;
  po.obs = pg::parse_obs_spec("270x600:raw");
  pg::EnvPool pool(host, po);
  pg::VecEnvOptions o;
  o.num_envs = n;
  o.obs = po.obs;
  pg::VecEnv env(pool, set, o);
  env.reset(0);
  std::uint32_t rng = 12345;  // the same taps as the Python benchmark
  auto next = [&] { return rng = rng * 1664525u + 1013904223u, static_cast<int>((rng >> 8) % 1001); };
  const auto t0 = std::chrono::steady_clock::now();
  for (int s = 0; s < steps; ++s) {
    std::vector<pg::Action> acts;
    for (int i = 0; i < n; ++i) {
      pg::Action a;
      a.type = pg::ActionType::Click;
      a.x = next();
      a.y = next();
      acts.push_back(a);
    }
    env.step(acts);
  }
  const double sec = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("%s\n", nlohmann::json{{"impl", "c++"}, {"num_envs", n}, {"steps", steps}, {"seconds", sec},
                                     {"env_steps_per_s", n * steps / sec}}.dump().c_str());
  return 0;
}
