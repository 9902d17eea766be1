// The Browser's offline web: URL handling, page lookup in world/pages.json, the search engine's
// results, and the text of a page (what find-in-page and search read). No drawing here.
#pragma once

#include "sim/util/text.hpp"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace pg::browser {

/// The new tab page's address.
inline constexpr const char* kNewTab = "chrome://newtab/";

/// The lookup key of a URL: no scheme, no "www.", no fragment, no trailing '/'
/// ("https://www.dailyledger.com/" -> "dailyledger.com"). Host part lower-cased.
std::string url_key(const std::string& url);
/// The host of a URL without "www." ("https://en.openpedia.org/wiki/X" -> "en.openpedia.org").
std::string host_of(const std::string& url);
/// What the omnibox makes of typed text: a URL to load ("https://" added when missing) when it
/// looks like an address (no spaces, a dot or a scheme), else "" (the caller searches).
std::string typed_url(const std::string& text);
/// The page of the offline web at `url`, or nullptr (the world collection "pages").
const nlohmann::json* find_page(const std::string& url);
/// Whether `url` is a search results page of one of the engines; sets `query` (decoded).
bool is_search_url(const std::string& url, std::string& query);
/// The results URL of `engine` ("Searchly", "Google", "Bing", "DuckDuckGo", "Ecosia") for `query`.
std::string search_url(const std::string& engine, const std::string& query);
/// The engine name whose results live at `url`'s host ("Searchly" for searchly.com ...).
std::string engine_of(const std::string& url);
/// The tab title of any URL: the page title, "<q> - Searchly Search", "New tab", or the host.
std::string title_of(const std::string& url);
/// Every text of a page, one string per block piece, in reading order (headings, paragraphs,
/// list items, link texts, infobox cells, captions): what find-in-page counts matches in.
std::vector<std::string> page_texts(const nlohmann::json& page);
/// Up to 10 pages matching every word of `query` (case ignored), best first: [{url, title, snippet}].
nlohmann::json search(const std::string& query);
/// Case-insensitive occurrences of `needle` in `hay` (non-overlapping), byte offsets.
std::vector<std::size_t> find_all(const std::string& hay, const std::string& needle);

}  // namespace pg::browser
