// A small LibTorch policy for GUI control: screenshot CNN + instruction encoder (GRU over words, or
// a bag of words) + the screen's accessibility-tree elements + the last W action kinds, factored
// discrete action heads (kind, tap cell on a grid over the screen, span to type, app to open).
// It sees only what a real agent has: the screen (pixels and the accessibility tree a device's
// uiautomator dump gives), the instruction and its own past actions.
//
// Shapes: B = batch size, S = PolicyConfig::max_spans, A = max(1, number of candidate apps), C =
// y_bins * x_bins tap cells (row-major: cell = y_bin * x_bins + x_bin), W = PolicyConfig::history,
// images are [B, 3, kObsHeight=600, kObsWidth=270] float in [0, 1].
#pragma once

#include "sim/input/action.hpp"
#include "sim/render/image.hpp"

#include <nlohmann/json.hpp>
#include <torch/torch.h>

#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace pg {

/// The policy's discrete action kinds (logit order of the kind head). Enter (the keyboard's enter
/// key: submit a search, commit a field) came last; policies saved before it have the first 10.
enum class PolicyActionKind { Click, LongPress, SwipeUp, SwipeDown, TypeSpan, Back, Home, OpenApp, Complete, Abort, Enter };
constexpr int kNumPolicyActionKinds = 11;  ///< the most kinds a policy has (PolicyConfig::action_kinds)
const char* to_string(PolicyActionKind k);

/// Architecture and action-space hyper-parameters. Stored as JSON next to saved weights.
struct PolicyConfig {
  int x_bins = 17;    ///< tap-grid columns over 0..1000 (17: the CNN's 3rd feature map, 21 dp cells)
  int y_bins = 38;    ///< tap-grid rows over 0..1000 (38: the CNN's 3rd feature map, 21 dp cells)
  int vocab = 4096;   ///< hash buckets for instruction / span word tokens
  int embed = 64;     ///< token embedding size
  int hidden = 256;   ///< trunk width
  int max_spans = 24;  ///< candidate strings the type head can copy (8 in policies saved before span memory)
  int history = 4;    ///< W: previous action kinds the policy sees (0: none)
  /// The apps open_app chooses among (PolicyAction::app indexes app_ids()), e.g. {"settings",
  /// "clock"}. Empty: the apps installed in this process, looked up at each use, so a policy saved
  /// before an app was added opens it too. Shapes no parameter unless app_buckets == 0.
  std::vector<std::string> apps;
  /// Rows of the hashed output table of the open_app head: a candidate app's logit is the trunk
  /// dotted with the sum of two rows (two FNV-1a hashes of its id mod app_buckets) plus their
  /// biases, so apps differ unless both hashes collide. 0: the layout of policies saved before it existed, one linear logit per app of `apps`; such
  /// a policy still loads and acts after apps are added, and never opens an app it was saved without.
  int app_buckets = 1024;
  bool clear_on_type = false;     ///< TypeSpan -> {"type":"type","text":..,"clear":true} when set
  /// LayerNorm the instruction embedding before the trunk and FiLM (false in policies saved before
  /// it existed). Without it the mean of a few word vectors is ~6x smaller than the image features,
  /// and GRPO learns "what this screen wants" long before "what this instruction wants".
  bool text_norm = true;
  /// FiLM the trunk by the instruction too (h * (1 + W_g t) + W_b t after the first trunk layer),
  /// so every head's choice on a screen can depend on the instruction multiplicatively, not only
  /// through the additive concatenation. False in policies saved before it existed.
  bool trunk_film = true;
  /// Instruction encoder: "gru" (a GRU over the word embeddings, then added to their mean: word
  /// order matters, "move A to B" differs from "move B to A") or "bag" (the mean only; policies
  /// saved before the GRU).
  std::string text_encoder = "gru";
  /// N: accessibility-tree elements read per screen (ScreenElement: text, class, bounds, flags).
  /// They are pooled by attention from the instruction into the trunk, and each adds a pointer
  /// logit to the tap cell at its centre (tap "the element that matches"). 0: pixels only (saved
  /// before it).
  int screen_elements = 48;
  /// Spans come from the observation (observed_spans: the instruction and the screen), never from
  /// the task's parameters. False in policies saved before it: those were handed the instance's
  /// parameter values, an input no real agent has.
  bool observed_spans = true;
  /// The kind head's size: the first action_kinds of PolicyActionKind (11: with Enter; 10 in
  /// policies saved before it, which never press enter).
  int action_kinds = kNumPolicyActionKinds;
  /// Texts of the episode's earlier screens the type head may copy (the most recent `span_memory`
  /// distinct ones; observed_spans only): a value read on one page and typed on another, as an
  /// answer sheet asks. 0: the current screen only (policies saved before it).
  int span_memory = 32;
  /// How spans are read (observed_spans). 1: the instruction's double- and curly-quoted text,
  /// values and names, and the screen's short texts (policies saved before span_reader). 2: also
  /// single-quoted text ('Buy milk'), the items of a list after a colon ("...: coffee beans,
  /// $4.50, category Food.") and the values (numbers, times, codes, e-mail addresses) inside
  /// longer on-screen texts ("Your code is 482913"); it takes one-character texts (a keyboard's
  /// keys, which would fill the spans) last, after the remembered ones.
  int span_reader = 2;

  nlohmann::json to_json() const;
  /// Missing keys keep their defaults; wrong types / non-positive sizes throw std::runtime_error.
  static PolicyConfig from_json(const nlohmann::json& j);
  /// Throws std::invalid_argument for non-positive sizes.
  void validate() const;
  /// The open_app candidates: `apps`, or when it is empty the installed apps (AppRegistry) by id.
  std::vector<std::string> app_ids() const;
};


/// One composite sample. x_bin/y_bin are used by Click/LongPress, span by TypeSpan, app by OpenApp.
struct PolicyAction {
  PolicyActionKind kind = PolicyActionKind::Complete;
  int x_bin = 0, y_bin = 0, span = 0, app = 0;
  /// Compares only the fields the kind uses.
  bool operator==(const PolicyAction& o) const;
  bool operator!=(const PolicyAction& o) const { return !(*this == o); }
};

/// Policy action -> unified action. Click/LongPress at the centre of bin (x_bin, y_bin) in 0..1000;
/// SwipeUp = finger (500,700)->(500,300) (content scrolls down), SwipeDown the reverse; TypeSpan
/// types spans[span] into the focused field (no x/y); OpenApp opens config.app_ids()[app];
/// Complete = {"type":"complete"}, Abort = {"type":"abort"} (the task cannot be done), Enter = {"type":"enter"}. Throws std::invalid_argument for out-of-range bins/indices.
Action to_action(const PolicyAction& a, const std::vector<std::string>& spans, const PolicyConfig& config);

/// Inverse mapping for behaviour cloning: click/long_press -> the bin containing (x, y); type ->
/// the index of the span equal to the text (exact, then whitespace-trimmed; x/y/clear dropped);
/// swipe -> SwipeUp/SwipeDown by its vertical direction (nullopt if mostly horizontal or zero);
/// open_app -> the index in config.app_ids() (exact, then case-insensitive); back/home/complete/abort map
/// directly, enter too when config.action_kinds has it. Everything else (double_tap, drag, wait,
/// answer, info, ...) gives nullopt.
std::optional<PolicyAction> encode_action(const Action& a, const std::vector<std::string>& spans,
                                          const PolicyConfig& config);

/// One element of the screen's accessibility tree as the policy reads it (Env::ui_tree's nodes, or
/// a real device's uiautomator dump through parse_ui_xml).
struct ScreenElement {
  enum Flag : std::uint8_t {
    Clickable = 1, Checkable = 2, Checked = 4, Editable = 8, Focused = 16, Scrollable = 32, Selected = 64, Disabled = 128
  };
  std::string text;  ///< the node's text, else its content description
  std::string cls;   ///< class name without its package ("Button", "EditText")
  int l = 0, t = 0, r = 0, b = 0;  ///< bounds in 0..1000 screen units (x across, y down)
  std::uint8_t flags = 0;          ///< Flag bits
};

/// The elements a policy reads from a ui_tree JSON ({"width", "height", "nodes": [{class, text,
/// desc, bounds [l,t,r,b] px, clickable, checkable, checked, focused, scrollable, selected,
/// enabled, ...}]}): nodes at least partly on screen that have text, a description or an action
/// (click, check, edit, scroll), in document order, at most `max`. Null or malformed trees give
/// no elements.
std::vector<ScreenElement> screen_elements(const nlohmann::json& ui_tree, int max);

/// The strings a policy may type, taken only from what an agent sees: in the instruction, quoted
/// text ("..." or curly quotes; with reader 2 also '...'), times (7:30, 07:30 pm), dates
/// (2026-11-24), phone numbers and other numbers, e-mail addresses, and runs of capitalised words
/// after the first word (names: "Aaliyah Johnson"), then (reader 2) the items of a list after a
/// colon; then the texts of editable and other short on-screen elements, then (reader 2) the
/// values inside any on-screen text; then `remembered` (the episode's earlier screens, most recent
/// last: taken most recent first), then (reader 2) one-character texts, which reader 1 takes with
/// the other short texts. Trimmed, deduplicated, in that order, at most `max`.
/// `reader` is PolicyConfig::span_reader.
std::vector<std::string> observed_spans(const std::string& instruction, const std::vector<ScreenElement>& elements,
                                        int max, const std::vector<std::string>& remembered = {}, int reader = 1);
/// Adds a screen's short texts (the ones observed_spans reads: 2 to 40 bytes) and
/// the values inside every text to an episode's span memory, most recent last: a text seen again
/// moves to the end, and the oldest go once there are more than `capacity`. capacity <= 0 leaves
/// `memory` unchanged.
void remember_screen(std::vector<std::string>& memory, const std::vector<ScreenElement>& elements, int capacity);

/// One observation of the policy.
struct Observation {
  Image screenshot;                ///< kObsWidth x kObsHeight RGB (270x600x3)
  std::string instruction;         ///< the task instruction
  std::vector<std::string> spans;  ///< up to max_spans strings the type head can copy (extra ignored)
  std::vector<int> history;        ///< kinds (PolicyActionKind as int) of the previous actions, oldest first
  std::vector<ScreenElement> elements;  ///< the accessibility tree (read when PolicyConfig::screen_elements > 0)
};

/// Lower-cased word tokens: maximal runs of ASCII letters/digits and non-ASCII (UTF-8) bytes.
std::vector<std::string> tokenize(const std::string& text);
/// FNV-1a 64-bit hash of `token` modulo `vocab` (deterministic across platforms).
std::int64_t token_bucket(const std::string& token, int vocab);

/// Screenshots -> [B, 3, 600, 270] float in [0, 1]. Each image must be 270x600 with 3 channels
/// (std::invalid_argument otherwise).
torch::Tensor images_to_tensor(const std::vector<const Image*>& images);

/// Network inputs for B observations (all CPU tensors).
struct PolicyBatch {
  torch::Tensor images;        ///< [B, 3, 600, 270] float in [0, 1]
  torch::Tensor tokens;        ///< [T] int64 instruction token buckets, all rows concatenated
  torch::Tensor offsets;       ///< [B] int64 start of each row's tokens in `tokens`
  torch::Tensor span_mask;     ///< [B, S] bool, true where a span is present
  torch::Tensor span_tokens;   ///< [T'] int64 span token buckets, B*S bags concatenated
  torch::Tensor span_offsets;  ///< [B*S] int64 start of each span bag (row-major b, s)
  torch::Tensor history;       ///< [B, W] int64: kind + 1 of the last W actions (most recent last), 0 = none
  torch::Tensor text_matrix;   ///< [B, L] int64 instruction token buckets in order, padded (text_encoder gru)
  torch::Tensor text_lengths;  ///< [B] int64 tokens per row (>= 1)
  torch::Tensor elem_tokens;   ///< [T''] int64 element text token buckets, B*N bags concatenated
  torch::Tensor elem_offsets;  ///< [B*N] int64 start of each element's bag
  torch::Tensor elem_class;    ///< [B, N] int64 class-name bucket (kElementClassBuckets)
  torch::Tensor elem_feat;     ///< [B, N, kElementFeatures] float: l, t, r, b, centre x, centre y (0..1), 8 flag bits
  torch::Tensor elem_mask;     ///< [B, N] bool, true where an element is present
  torch::Tensor elem_cell;     ///< [B, N] int64 tap cell of the element's centre
  /// The open_app candidates (PolicyAction::app indexes them): make_batch's config.app_ids();
  /// unset: the policy's own config().app_ids().
  std::optional<std::vector<std::string>> apps;
  std::int64_t size() const { return images.defined() ? images.size(0) : 0; }
};

constexpr int kElementClassBuckets = 64;
constexpr int kElementFeatures = 14;

/// Builds the network inputs (empty instructions/spans get a reserved "<empty>" token; history
/// entries outside 0..kNumPolicyActionKinds-1 throw std::invalid_argument).
PolicyBatch make_batch(const std::vector<Observation>& obs, const PolicyConfig& config);
PolicyBatch make_batch(const std::vector<const Observation*>& obs, const PolicyConfig& config);

/// Head logits. Masked entries are -1e9 (not -inf, so entropies stay finite).
struct PolicyLogits {
  torch::Tensor kind;  ///< [B, action_kinds]; TypeSpan masked when a row has no span, OpenApp when no app can be opened
  torch::Tensor cell;  ///< [B, C] tap cell (joint over the grid; cell = y_bin * x_bins + x_bin)
  torch::Tensor span;  ///< [B, S], masked to the spans present
  torch::Tensor app;   ///< [B, A] over the candidate apps (masked: one a legacy app head was saved without)
  std::int64_t x_bins = 0;  ///< grid width (cell = y_bin * x_bins + x_bin)
};

/// Exact log-probability [B] of composite actions under `logits`: log p(kind) + (Click/LongPress)
/// log p(cell) + (TypeSpan) log p(span) + (OpenApp) log p(app). Differentiable.
/// Throws std::invalid_argument if actions.size() != B or an index is out of range.
torch::Tensor action_log_prob(const PolicyLogits& logits, const std::vector<PolicyAction>& actions);
/// Entropy [B] of the (masked) kind head.
torch::Tensor kind_entropy(const PolicyLogits& logits);
/// Entropy [B] of the composite action: H(kind) + p(tap kinds) H(cell) + p(TypeSpan) H(span) +
/// p(OpenApp) H(app) (exact: the argument heads are independent of the kind given the input).
torch::Tensor action_entropy(const PolicyLogits& logits);

/// The network. Screenshot: avg-pool 2x -> 4 strided convs (16, 32, 32, 32 channels; the third
/// FiLM-modulated by the instruction) -> linear + LayerNorm to `hidden`. Instruction: hashed word
/// tokens -> EmbeddingBag(mean), plus (text_encoder gru) a GRU's last state over the same word
/// vectors in order -> LayerNorm (text_norm). Screen elements (screen_elements > 0): each is its
/// text's word-vector mean + a class embedding + a linear map of its geometry and flags,
/// LayerNorm'd; attention with an instruction query pools them into one vector for the trunk.
/// History: embedding of the last W kinds. Trunk: 2-layer MLP (first layer LayerNorm'd, then
/// FiLM'd by the instruction when trunk_film) over [image, instruction, elements, history]. Tap head: a small conv over the FiLM'd
/// third feature map (one logit per location, resized to the grid) plus a linear map of the trunk
/// (one logit per cell): local "what is here" and global "where for this task", plus each screen
/// element's pointer logit (a trunk query dotted with the element, and a learned weight times the
/// cosine between its words and the instruction's) added at its centre cell. Span head: dot
/// product of a query with each span's bag-of-words embedding (shared table) plus a per-index bias.
/// App head: a linear head whose output row for an app is looked up by hashing its id (two rows
/// summed, plus hashed biases), so no parameter depends on which apps exist.
class PolicyImpl : public torch::nn::Module {
 public:
  explicit PolicyImpl(const PolicyConfig& config = {});

  /// images [B,3,600,270] float in [0,1]; tokens [T] int64; offsets [B] int64; span_mask [B,S] bool;
  /// span_tokens [T'] / span_offsets [B*S] optional (undefined: the span head uses index bias only);
  /// history [B, W] int64 optional (undefined: no previous actions); apps: the open_app candidates
  /// (nullptr: config().app_ids()).
  PolicyLogits forward(const torch::Tensor& images, const torch::Tensor& tokens, const torch::Tensor& offsets,
                       const torch::Tensor& span_mask, const torch::Tensor& span_tokens = {},
                       const torch::Tensor& span_offsets = {}, const torch::Tensor& history = {},
                       const std::vector<std::string>* apps = nullptr);
  PolicyLogits forward(const PolicyBatch& batch);

  /// [B] exact log-probability of `actions` (one forward; differentiable).
  torch::Tensor log_prob(const PolicyBatch& batch, const std::vector<PolicyAction>& actions);
  /// [B] entropy of the kind head.
  torch::Tensor entropy(const PolicyBatch& batch);

  const PolicyConfig& config() const { return config_; }

 private:
  /// [B, max(1, A)] logits of the candidate `apps` from the trunk `h`; `possible` is false when
  /// none of them can be opened (no candidate, or none a legacy head knows).
  torch::Tensor app_logits(const torch::Tensor& h, const std::vector<std::string>& apps, bool& possible);

  PolicyConfig config_;
  torch::nn::Conv2d conv1_{nullptr}, conv2_{nullptr}, conv3_{nullptr}, conv4_{nullptr}, tap1_{nullptr},
      tap2_{nullptr};
  torch::nn::Linear trunk_film_{nullptr};
  torch::nn::Linear film_{nullptr}, img_fc_{nullptr}, fuse1_{nullptr}, fuse2_{nullptr}, hist_fc_{nullptr};
  torch::nn::EmbeddingBag embed_{nullptr};
  torch::nn::Embedding hist_embed_{nullptr};
  torch::nn::LayerNorm img_norm_{nullptr}, fuse_norm_{nullptr}, text_norm_{nullptr};
  torch::nn::Linear kind_head_{nullptr}, cell_head_{nullptr}, span_query_{nullptr}, span_bias_{nullptr},
      app_head_{nullptr};
  torch::nn::Embedding app_embed_{nullptr}, app_bias_{nullptr};
  torch::nn::GRU gru_{nullptr};
  torch::nn::Embedding elem_class_{nullptr};
  torch::nn::Linear elem_feat_{nullptr}, elem_key_{nullptr}, elem_query_{nullptr}, elem_ptr_{nullptr};
  torch::nn::LayerNorm elem_norm_{nullptr};
  torch::Tensor elem_match_;  ///< [1] weight of the lexical match in the pointer logits
  std::int64_t conv_out_ = 0, map_h_ = 0, map_w_ = 0;
};
TORCH_MODULE(Policy);

/// Result of sampling: actions and their log-probabilities [B] (float, no grad).
struct SampleResult {
  std::vector<PolicyAction> actions;
  torch::Tensor log_probs;
};

/// Samples one composite action per row with one forward pass (under NoGradGuard). Deterministic
/// given `seed` (uses std::mt19937_64, not torch's generator). greedy: argmax of every head
/// (log_probs still reported). The policy's train/eval mode is left unchanged.
SampleResult sample(Policy& policy, const PolicyBatch& batch, std::uint64_t seed, bool greedy = false);
/// Same, drawing from a caller-owned engine (continues its stream).
SampleResult sample(Policy& policy, const PolicyBatch& batch, std::mt19937_64& rng, bool greedy = false);
/// Row b drawn from its own engine seeded with row_seeds[b]: a row's action does not depend on
/// which other rows share the batch (rollouts keyed by instance/group/step, not by arrival order).
/// Throws std::invalid_argument if row_seeds.size() != B.
SampleResult sample_rows(Policy& policy, const PolicyBatch& batch, const std::vector<std::uint64_t>& row_seeds,
                         bool greedy = false);
/// Rows that share observations: output row r is drawn from batch row batch_row[r] with its own
/// engine seeded with row_seeds[r] (one forward per batch row, however many draws read it; e.g. the
/// K actions of a group at one state). Equals sample_rows on the batch with rows repeated.
/// `epsilon` > 0 explores: each head's choice is, with that probability, uniform over its possible
/// values; log_probs stay the policy's own (the update treats explored actions as sampled).
/// Throws std::invalid_argument if the sizes differ or a batch row is out of range.
SampleResult sample_rows(Policy& policy, const PolicyBatch& batch, const std::vector<std::int64_t>& batch_row,
                         const std::vector<std::uint64_t>& row_seeds, bool greedy = false, double epsilon = 0);
SampleResult sample(Policy& policy, const std::vector<Observation>& obs, std::uint64_t seed, bool greedy = false);

/// A fresh Policy with the same config and a copy of the parameters (e.g. a frozen reference).
Policy clone_policy(Policy& policy);

/// Saves the parameters to `path` (torch::save) and the config to `path + ".json"`, each written
/// to a temporary file then renamed into place. Throws std::runtime_error naming the path.
void save_policy(const Policy& policy, const PolicyConfig& config, const std::string& path);
/// Writes `archive` to `tmp` (the caller renames it to `path`). Throws std::runtime_error naming
/// `path` and the reason (e.g. "No space left on device") when it cannot; `tmp` is removed.
void save_archive(torch::serialize::OutputArchive& archive, const std::string& tmp, const std::string& path);
/// Loads what save_policy wrote. Throws std::runtime_error naming the path when a file is
/// missing, unreadable, corrupt, or does not match the config.
std::pair<Policy, PolicyConfig> load_policy(const std::string& path);

}  // namespace pg
