// Files the trainer and its tools write while a run goes on (metrics, run state, reports,
// trajectories): whole or not at all, so a reader or a killed run never sees half a file.
#pragma once

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <stdexcept>
#include <string>

namespace pg {

/// The reason a write just failed, from errno: "No space left on device" and the like, or
/// "unknown error" when the library that failed did not set errno.
inline std::string last_write_error(int err) { return err ? std::strerror(err) : "unknown error"; }

/// Writes `text` to `path` through `path`.tmp and a rename (atomic on one file system): a reader,
/// a killed run or a full disk never leaves half a file at `path`, and a failed write leaves the
/// previous file there. Throws std::runtime_error naming the file and the reason (e.g. "No space
/// left on device") when it cannot be written or renamed; the .tmp file is removed.
inline void write_file_atomic(const std::string& path, const std::string& text) {
  const std::string tmp = path + ".tmp";
  auto fail = [&](const std::string& what) {
    const int err = errno;
    std::remove(tmp.c_str());
    throw std::runtime_error(what + ": " + last_write_error(err));
  };
  {
    errno = 0;
    std::ofstream f(tmp, std::ios::trunc | std::ios::binary);
    if (!f) fail("cannot write " + path);
    f << text;
    f.close();
    if (!f) fail("cannot write " + path);
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) fail("cannot rename " + tmp + " to " + path);
}

}  // namespace pg
