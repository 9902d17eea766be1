// Files the trainer and its tools write while a run goes on (metrics, run state, reports,
// trajectories): whole or not at all, so a reader or a killed run never sees half a file; and the
// escaping of text put into the HTML reports.
#pragma once

#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <string>

namespace pg {

/// `s` with &, <, >, " and ' replaced by HTML entities (text and attribute values of the reports).
inline std::string html_escape(const std::string& s) {
  std::string o;
  for (char c : s) {
    switch (c) {
      case '&': o += "&amp;"; break;
      case '<': o += "&lt;"; break;
      case '>': o += "&gt;"; break;
      case '"': o += "&quot;"; break;
      case '\'': o += "&#39;"; break;
      default: o += c;
    }
  }
  return o;
}

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
