// Files the trainer and its tools write while a run goes on (metrics, run state, reports,
// trajectories): whole or not at all, so a reader or a killed run never sees half a file.
#pragma once

#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <string>

namespace pg {

/// Writes `text` to `path` through `path`.tmp and a rename (atomic on one file system). Throws
/// std::runtime_error naming the file when it cannot be written or renamed.
inline void write_file_atomic(const std::string& path, const std::string& text) {
  const std::string tmp = path + ".tmp";
  {
    std::ofstream f(tmp, std::ios::trunc | std::ios::binary);
    if (!f) throw std::runtime_error("cannot write " + tmp);
    f << text;
    f.close();
    if (!f) throw std::runtime_error("cannot write " + tmp);
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) throw std::runtime_error("cannot rename " + tmp + " to " + path);
}

}  // namespace pg
