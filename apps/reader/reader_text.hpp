// Reader's chapter text and pagination. A chapter's text is not stored: it is generated from the
// book id and the chapter number by a small deterministic word-level generator (sentence
// templates over word pools chosen by the book's category), so the same page shows the same words
// on every machine and in every run. Pagination measures lines with the text font's advance widths
// (a table below), so handlers (page turns, jumps) know the page count of a chapter without a
// frame being drawn.
#pragma once

#include "sim/util/hash.hpp"

#include <cctype>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace pg::reader {

/// splitmix64: the generator's random stream (stable across platforms).
struct Rng {
  std::uint64_t s;
  std::uint64_t next() { return splitmix64(s); }
  /// An integer in [lo, hi].
  int range(int lo, int hi) { return lo + static_cast<int>(next() % static_cast<std::uint64_t>(hi - lo + 1)); }
  template <std::size_t N>
  const char* pick(const char* const (&a)[N]) { return a[next() % N]; }
};

/// True for the categories written as stories (narrative voice), false for non-fiction.
inline bool is_fiction(const std::string& category) {
  return category == "classics" || category == "mystery" || category == "scifi" || category == "romance";
}

/// The paragraphs of chapter `chapter` (1-based) of book `book_id` of `category`: 12..27
/// paragraphs of 2..6 sentences. Deterministic in (book_id, chapter).
inline std::vector<std::string> chapter_paragraphs(const std::string& book_id, const std::string& category, int chapter) {
  Rng r{fnv1a64(book_id + ":" + std::to_string(chapter) + ":text-v1")};
  static const char* const kNames[] = {"Eleanor", "Thomas", "Margaret", "Samuel", "Clara", "Arthur", "Lucy", "Henry",
                                       "Alice", "James", "Rose", "Edward", "Nora", "William", "Iris", "Jonah"};
  Rng nr{fnv1a64(book_id + ":names")};
  const std::string a = nr.pick(kNames);
  std::string b = nr.pick(kNames);
  if (b == a) b = a == "Thomas" ? "Clara" : "Thomas";
  std::vector<std::string> out;
  const int paras = r.range(12, 27);
  if (is_fiction(category)) {
    static const char* const kOpen[] = {"In the morning", "By the time the rain stopped", "Later that evening",
                                        "For a long moment", "Without another word", "At the far end of the street",
                                        "When the letter finally came", "Before anyone could stop her",
                                        "Long after midnight", "On the third day", "As the light faded",
                                        "Somewhere below them", "Just before dawn", "After supper",
                                        "All that week", "In the silence that followed", "When the train had gone"};
    static const char* const kSubj[] = {"the old woman", "the stranger", "her brother", "nobody in the room",
                                        "the captain", "the girl at the window", "the doctor", "their host"};
    static const char* const kVerb[] = {"looked out at the grey water", "folded the letter twice and put it away",
                                        "remembered the promise made years before", "listened to the clock in the hall",
                                        "walked down to the harbour", "pretended not to notice",
                                        "said nothing at all", "counted the steps to the door",
                                        "kept the lamp burning", "turned the key slowly in the lock",
                                        "opened the shutters to the cold air", "read the same line again",
                                        "set two cups on the table", "watched the road for a long time",
                                        "laughed for the first time in weeks", "brushed the dust from the old map"};
    static const char* const kTail[] = {"and waited", "as if the answer might be written there",
                                        "though it was already too late", "while the wind pushed at the shutters",
                                        "because there was nothing else to do", "and did not look back",
                                        "without quite knowing why", "until the fire burned low",
                                        "as the bells rang across the town", "and felt the house grow quiet",
                                        "with a kind of stubborn hope", "before the others came down",
                                        "as though nothing had happened", "while the kettle began to sing"};
    static const char* const kSay[] = {"We should go back before it gets dark", "You knew all along, didn't you",
                                       "I never meant for any of this to happen", "Tell me what you saw that night",
                                       "It is not as simple as you think", "Then we shall have to begin again",
                                       "Nobody comes here in winter", "Promise me you will not open it",
                                       "I have waited a long time for this", "Perhaps tomorrow will be kinder"};
    static const char* const kSayVerb[] = {"said", "whispered", "answered", "admitted", "murmured", "replied"};
    static const char* const kPlace[] = {"The house stood at the edge of the village, its windows dark",
                                         "Rain had followed them all the way from the coast",
                                         "The room smelled of candle wax and old paper",
                                         "Beyond the hills the sky was turning the colour of slate",
                                         "The harbour was full of boats that had not sailed in years",
                                         "A single lamp burned in the window above the shop",
                                         "Snow lay thick on the road and muffled every sound",
                                         "The garden had grown wild since the spring"};
    // The category's own people and doings, mixed with the common pools.
    static const char* const kSubjC[4][5] = {
        {"the squire", "her aunt", "the parson", "Mrs. Hale", "the old gentleman"},
        {"the inspector", "the harbour master", "the witness", "the constable", "the ferry captain"},
        {"the engineer", "the pilot", "the archivist", "the navigator", "the machine"},
        {"her sister", "the baker", "the fisherman", "her best friend", "the best man"}};
    static const char* const kVerbC[4][6] = {
        {"wrote a long letter to her sister", "walked the length of the drawing room", "considered the matter gravely",
         "paid a call at the parsonage", "took up her needlework again", "spoke warmly of the new neighbours"},
        {"checked the ferry timetable again", "found a second key under the mat", "studied the photograph under the lamp",
         "noticed the mud on the stranger's boots", "read the ledger line by line", "called the station from the harbour"},
        {"ran the diagnostics a third time", "watched the planet turn below them", "listened to the static on the old channel",
         "sealed the airlock behind them", "traced the route on the cracked screen", "counted the days of air left"},
        {"burned the first batch of croissants", "pretended not to look at the harbour", "laughed despite herself",
         "read the note twice", "danced barefoot in the kitchen", "rehearsed what to say one more time"}};
    const int ci = category == "classics" ? 0 : category == "mystery" ? 1 : category == "scifi" ? 2 : 3;
    auto subj = [&]() -> std::string {
      const int k = r.range(0, 5);
      return k == 0 ? r.pick(kSubj) : k == 1 ? kSubjC[ci][r.range(0, 4)] : (k % 2 ? a : b);
    };
    auto verb = [&]() -> std::string { return r.range(0, 2) == 0 ? kVerbC[ci][r.range(0, 5)] : r.pick(kVerb); };
    for (int p = 0; p < paras; ++p) {
      std::string s;
      const int n = r.range(2, 6);
      for (int i = 0; i < n; ++i) {
        if (!s.empty()) s += ' ';
        const int kind = r.range(0, 9);
        const std::string who = subj();
        if (kind <= 1) {
          const std::string say = r.pick(kSay);
          const bool question = say.find("didn't you") != std::string::npos || say.find("Tell me") == 0;
          const std::string said = question ? "asked" : r.pick(kSayVerb);
          const std::string& name = r.range(0, 1) ? a : b;
          s += "\"" + say + (question ? "?\" " : ",\" ") + said + " " + name + ".";
        } else if (kind == 2) {
          s += std::string(r.pick(kPlace)) + ".";
        } else if (kind <= 5) {
          std::string subj = who;
          const std::string open = r.pick(kOpen), v = verb();
          const std::string tail = r.range(0, 1) ? " " + std::string(r.pick(kTail)) : std::string();
          s += open + ", " + subj + " " + v + tail + ".";
        } else {
          std::string subj = who;
          subj[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(subj[0])));
          const std::string v = verb();
          const std::string tail = r.range(0, 2) ? " " + std::string(r.pick(kTail)) : std::string();
          s += subj + " " + v + tail + ".";
        }
      }
      out.push_back(s);
    }
  } else {
    static const char* const kTopic[] = {"the evidence", "this idea", "the pattern", "the first experiment",
                                         "the data", "a simple rule", "the old assumption", "the best teams",
                                         "most people", "the research", "a small change", "the history of it"};
    static const char* const kVerb[] = {"turns out to be more important than it looks",
                                        "was ignored for decades", "points in a surprising direction",
                                        "explains more than we expected", "changes how we should plan",
                                        "has a cost that is easy to miss", "works best when it is repeated",
                                        "is older than most people think", "depends on what we measure",
                                        "rarely survives contact with real life"};
    static const char* const kLink[] = {"Consider a simple example.", "The numbers tell a striking story.",
                                        "This matters for three reasons.", "Here is where it gets interesting.",
                                        "That is only half of the answer.", "Few people noticed at the time.",
                                        "The lesson is easy to state and hard to practise.",
                                        "We will come back to this in a later chapter."};
    static const char* const kWho[] = {"a researcher in Chicago", "a small team in Copenhagen",
                                       "a farmer in Kenya", "an engineer at a shipyard", "a teacher in Osaka",
                                       "two students in Lisbon", "a nurse in Manchester", "a shop owner in Lima"};
    static const char* const kDid[] = {"kept a notebook for ten years", "tried the opposite of the usual advice",
                                       "counted every hour for a month", "asked one question a day",
                                       "measured the same thing twice", "wrote down every mistake",
                                       "changed one habit at a time", "compared two ordinary weeks"};
    static const char* const kFound[] = {"and the results were hard to ignore", "and found the difference was small but steady",
                                         "and discovered something nobody had predicted", "and the effect doubled within a year",
                                         "and the old explanation fell apart", "and saw the same pattern everywhere"};
    for (int p = 0; p < paras; ++p) {
      std::string s;
      const int n = r.range(2, 6);
      for (int i = 0; i < n; ++i) {
        if (!s.empty()) s += ' ';
        const int kind = r.range(0, 5);
        if (kind == 0) {
          s += r.pick(kLink);
        } else if (kind <= 2) {
          static const char* const kTopicC[4][5] = {
              {"the merchants", "the empire", "the old trade route", "the treaty", "the archive"},
              {"the molecule", "the experiment", "the climate record", "the measurement", "the brain"},
              {"the team", "the customer", "the budget", "the first product", "the weekly meeting"},
              {"the habit", "your morning", "a small step", "your attention", "real rest"}};
          const int ci = category == "history" ? 0 : category == "science" ? 1 : category == "business" ? 2 : 3;
          std::string t = r.range(0, 1) ? kTopicC[ci][r.range(0, 4)] : r.pick(kTopic);
          t[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(t[0])));
          s += t + " " + std::string(r.pick(kVerb)) + ".";
        } else {
          std::string w = r.pick(kWho);
          w[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(w[0])));
          const std::string did = r.pick(kDid), found = r.pick(kFound);
          s += w + " " + did + ", " + found + ".";
        }
      }
      out.push_back(s);
    }
  }
  return out;
}

/// The reading font sizes: 1 small (Body 14 dp), 2 medium (BodyLarge 16 dp), 3 large (Title 22 dp).
constexpr int kMinFont = 1, kMaxFont = 3;
/// Line height (dp) for a font level.
inline float line_h(int font) { return font <= 1 ? 22.f : font == 2 ? 26.f : 32.f; }
/// Font size (dp) of a font level (the toolkit's Body, BodyLarge and Title).
inline float font_dp(int font) { return font <= 1 ? 14.f : font == 2 ? 16.f : 22.f; }
/// Advance widths of Roboto Regular for ASCII 32..126, in 1/1000 em (rounded up), read from the
/// font the toolkit draws with. Lets pagination measure lines exactly without a frame.
constexpr short kAdvance[95] = {
    249, 258, 321, 616, 563, 733, 623, 175, 343, 349, 431, 568, 197, 277, 264, 413,
    563, 563, 563, 563, 563, 563, 563, 563, 563, 563, 243, 212, 509, 549, 523, 473,
    898, 653, 624, 651, 657, 569, 553, 682, 714, 272, 552, 628, 539, 874, 714, 688,
    631, 688, 617, 594, 597, 649, 637, 888, 627, 601, 600, 266, 411, 266, 418, 452,
    310, 544, 562, 524, 564, 531, 348, 562, 551, 244, 240, 507, 244, 877, 553, 571,
    562, 569, 339, 517, 328, 552, 485, 752, 497, 474, 497, 339, 245, 339, 681};
/// The width (dp) of ASCII text at a font level, as the toolkit draws it: ImGui sizes a font by
/// its line height (Roboto: ascent 1900 + descent 500 = 2400 units for a 2048-unit em), and snaps
/// each advance to whole screen pixels at density 3.
inline float text_dp(const std::string& s, int font) {
  const float px = font_dp(font) * 3 * 2048.f / 2400.f;  // the em in screen pixels
  float w = 0;
  for (unsigned char c : s) {
    const int a = c >= 32 && c < 127 ? kAdvance[c - 32] : 600;
    w += static_cast<float>(static_cast<int>(a * px / 1000.f + 0.5f));
  }
  return w / 3;
}
/// The width (dp) a text line may take: the screen less 16 dp margins, less a 2% safety margin.
constexpr float kLineDp = 328 * 0.98f;
/// The text area of the reading page (dp): below the title line, above the progress footer.
constexpr float kTextTop = 76, kTextBottom = 700;
/// Space the chapter heading takes on the first page of a chapter (dp).
constexpr float kHeadingH = 88;

/// One laid-out line: the paragraph it belongs to (1-based) and its text.
struct Line {
  int para = 0;
  bool first = false;  ///< the paragraph's first line (indented)
  std::string text;
};
/// A chapter laid out for one font level: the paragraphs and the pages (each a list of lines).
struct Layout {
  std::vector<std::string> paras;
  std::vector<std::vector<Line>> pages;
};

/// Greedy word wrap of `s` at a font level into lines of at most kLineDp (the first line
/// `indent` dp less).
inline std::vector<std::string> wrap_width(const std::string& s, int font, float indent) {
  std::vector<std::string> lines;
  std::string cur;
  std::size_t i = 0;
  while (i < s.size()) {
    std::size_t j = s.find(' ', i);
    if (j == std::string::npos) j = s.size();
    const std::string w = s.substr(i, j - i);
    const float cap = kLineDp - (lines.empty() ? indent : 0.f);
    const std::string next = cur.empty() ? w : cur + " " + w;
    if (!cur.empty() && text_dp(next, font) > cap) {
      lines.push_back(cur);
      cur = w;
    } else {
      cur = next;
    }
    i = j + 1;
  }
  if (!cur.empty()) lines.push_back(cur);
  return lines;
}

/// The laid-out chapter (cached: the generation and pagination are pure functions of the inputs).
inline std::shared_ptr<const Layout> layout(const std::string& book_id, const std::string& category, int chapter, int font) {
  static std::mutex mu;
  static std::map<std::string, std::shared_ptr<const Layout>> cache;
  const std::string key = book_id + "/" + std::to_string(chapter) + "/" + std::to_string(font);
  {
    std::lock_guard<std::mutex> lock(mu);
    auto it = cache.find(key);
    if (it != cache.end()) return it->second;
  }
  auto L = std::make_shared<Layout>();
  L->paras = chapter_paragraphs(book_id, category, chapter);
  const float lh = line_h(font);
  const int full = static_cast<int>((kTextBottom - kTextTop) / lh);
  const int first_page = static_cast<int>((kTextBottom - kTextTop - kHeadingH) / lh);
  std::vector<Line> cur;
  int cap = first_page;
  for (std::size_t p = 0; p < L->paras.size(); ++p) {
    const auto lines = wrap_width(L->paras[p], font, text_dp("   ", font));
    for (std::size_t i = 0; i < lines.size(); ++i) {
      if (static_cast<int>(cur.size()) >= cap) {
        L->pages.push_back(std::move(cur));
        cur.clear();
        cap = full;
      }
      cur.push_back({static_cast<int>(p) + 1, i == 0, lines[i]});
    }
  }
  if (!cur.empty() || L->pages.empty()) L->pages.push_back(std::move(cur));
  std::lock_guard<std::mutex> lock(mu);
  if (cache.size() > 400) cache.clear();
  cache[key] = L;
  return L;
}

/// The page (1-based) of a chapter layout on which paragraph `para` (1-based) starts.
inline int page_of_para(const Layout& L, int para) {
  for (std::size_t i = 0; i < L.pages.size(); ++i)
    for (const Line& ln : L.pages[i])
      if (ln.para >= para) return static_cast<int>(i) + 1;
  return static_cast<int>(L.pages.size());
}

}  // namespace pg::reader
