// phonegym._phonegym: the pybind11 binding of the in-process vector env (trainer/eval/vec_env.hpp)
// over the native host. Python's `phonegym.make` (python/phonegym/__init__.py) wraps it.
#include "sim/input/action.hpp"
#include "sim/render/obs.hpp"
#include "tasks/task.hpp"
#include "trainer/eval/vec_env.hpp"
#include "trainer/pool/env_pool.hpp"
#include "trainer/pool/host.hpp"

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstring>
#include <memory>
#include <string>

namespace py = pybind11;
using json = nlohmann::json;

namespace {

/// What the Python side holds: templates, a native host, its pool and the vector env on it.
class NativeVecEnv {
 public:
  NativeVecEnv(const std::string& tasks_dir, const std::string& split, const std::vector<std::string>& tasks, int num_envs,
               int width, int height, std::uint64_t seed, int step_budget, const std::string& perturb)
      : set_(pg::TaskSet::load(tasks_dir)) {
    pg::ObsSpec spec = pg::parse_obs_spec(std::to_string(width) + "x" + std::to_string(height) + ":raw");
    pg::EnvPool::Options po;
    po.workers = 1;  // the native host draws with one ImGui context: one call at a time
    po.pixels = true;
    po.obs = spec;
    pool_ = std::make_unique<pg::EnvPool>(host_, po);
    env_ = std::make_unique<pg::VecEnv>(*pool_, set_, pg::VecEnvOptions{split, tasks, num_envs, spec, seed, step_budget, perturb});
  }
  ~NativeVecEnv() {
    env_.reset();
    pool_.reset();
  }

  py::tuple reset(std::optional<std::uint64_t> seed) {
    pg::VecStep s;
    {
      py::gil_scoped_release nogil;
      s = env_->reset(seed);
    }
    return to_python(s);
  }

  /// `actions`: one JSON text per env (a unified action, docs/actions.md).
  py::tuple step(const std::vector<std::string>& actions) {
    std::vector<pg::Action> acts;
    for (std::size_t i = 0; i < actions.size(); ++i) {
      try {
        acts.push_back(pg::parse_action(std::string_view(actions[i])));
      } catch (const pg::ActionError& e) {
        throw py::value_error("action " + std::to_string(i) + ": " + e.what());
      }
    }
    pg::VecStep s;
    {
      py::gil_scoped_release nogil;
      s = env_->step(acts);
    }
    return to_python(s);
  }

  std::vector<int> fork(const std::vector<int>& env_ids, int k) { return env_->fork(env_ids, k); }
  int size() const { return env_->size(); }
  int width() const { return env_->options().obs.width; }
  int height() const { return env_->options().obs.height; }

 private:
  pg::TaskSet set_;
  pg::NativeHost host_;
  std::unique_ptr<pg::EnvPool> pool_;
  std::unique_ptr<pg::VecEnv> env_;

  // (obs uint8 [N, H, W, 3], reward float32 [N], terminated bool [N], truncated bool [N], infos as JSON text)
  py::tuple to_python(const pg::VecStep& s) const {
    const py::ssize_t n = static_cast<py::ssize_t>(s.obs.size()), h = height(), w = width();
    py::array_t<std::uint8_t> obs({n, h, w, static_cast<py::ssize_t>(3)});
    auto* dst = obs.mutable_data();
    const std::size_t frame = static_cast<std::size_t>(h * w * 3);
    for (py::ssize_t i = 0; i < n; ++i) {
      const auto& img = s.obs[static_cast<std::size_t>(i)];
      if (img.data.size() == frame) std::memcpy(dst + i * frame, img.data.data(), frame);
      else std::memset(dst + i * frame, 0, frame);
    }
    py::array_t<float> reward(n);
    py::array_t<bool> term(n), trunc(n);
    for (py::ssize_t i = 0; i < n; ++i) {
      reward.mutable_data()[i] = s.reward[static_cast<std::size_t>(i)];
      term.mutable_data()[i] = s.terminated[static_cast<std::size_t>(i)] != 0;
      trunc.mutable_data()[i] = s.truncated[static_cast<std::size_t>(i)] != 0;
    }
    return py::make_tuple(obs, reward, term, trunc, json(s.info).dump());
  }
};

}  // namespace

PYBIND11_MODULE(_phonegym, m) {
  m.doc() = "PhoneGym's native vector env (use phonegym.make)";
  py::class_<NativeVecEnv>(m, "NativeVecEnv")
      .def(py::init<const std::string&, const std::string&, const std::vector<std::string>&, int, int, int, std::uint64_t, int,
                    const std::string&>(),
           py::arg("tasks_dir"), py::arg("split"), py::arg("tasks"), py::arg("num_envs"), py::arg("width"), py::arg("height"),
           py::arg("seed"), py::arg("step_budget"), py::arg("perturb") = "nominal")
      .def("reset", &NativeVecEnv::reset, py::arg("seed") = py::none())
      .def("step", &NativeVecEnv::step, py::arg("actions"))
      .def("fork", &NativeVecEnv::fork, py::arg("env_ids"), py::arg("k"))
      .def_property_readonly("num_envs", &NativeVecEnv::size)
      .def_property_readonly("width", &NativeVecEnv::width)
      .def_property_readonly("height", &NativeVecEnv::height);
  py::register_exception<pg::TaskError>(m, "TaskError", PyExc_ValueError);
  m.attr("TASKS_DIR") = PG_TASKS_DIR;
}
