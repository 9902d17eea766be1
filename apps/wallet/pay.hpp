// Paying through Wallet, the payer's side (docs/apps/wallet.md, "Paying"): an app keeps its
// pending payment in its own state, sends Wallet's explicit PAY intent, and exports
// `payment_result`, which Wallet calls with the outcome after the user confirms with the PIN (or
// cancels). Shop, Rail and Themes share both halves here; what a paid payment buys stays theirs.
#pragma once

#include "sim/os/app.hpp"
#include "sim/os/phone.hpp"

#include <nlohmann/json.hpp>

#include <stdexcept>
#include <string>

namespace pg::wallet {

/// Wallet's explicit payment intent action.
constexpr const char* kPayAction = "org.phonegym.wallet.PAY";

/// Keeps `pending` (an object with the payment's "ref") at apps.<app>.pending_payment and opens
/// Wallet's confirmation for `extras` {kind, amount_cents, payee, note, category}; `from_app` and
/// `ref` are added. Without Wallet installed: the toast "Install Wallet to pay", nothing kept.
inline void request_payment(Phone& p, const std::string& app, const nlohmann::json& pending, nlohmann::json extras) {
  if (!AppRegistry::instance().find("wallet")) {
    p.toast("Install Wallet to pay");
    return;
  }
  own_state(p, app)["pending_payment"] = pending;
  extras["from_app"] = app;
  extras["ref"] = pending.value("ref", "");
  p.start_intent({{"app", "wallet"}, {"action", kPayAction}, {"extras", std::move(extras)}});
}

/// The common half of an app's `payment_result` export, Wallet's call {ref, status,
/// transaction_id}: an unknown ref or status throws std::invalid_argument naming `app`;
/// "cancelled" and "declined" clear the pending payment and say so in a toast. Returns the
/// pending payment when paid (cleared from the state: the app records what was bought), null
/// otherwise.
inline nlohmann::json settle_payment(Phone& p, const std::string& app, const nlohmann::json& args) {
  const std::string ref = args.value("ref", ""), status = args.value("status", "");
  nlohmann::json& s = own_state(p, app);
  const nlohmann::json pending = s.value("pending_payment", nlohmann::json());
  if (!pending.is_object() || pending.value("ref", "") != ref)
    throw std::invalid_argument(app + " payment_result: unknown ref \"" + ref + "\" (no pending payment has it)");
  if (status != "paid" && status != "cancelled" && status != "declined")
    throw std::invalid_argument(app + " payment_result: unknown status \"" + status + "\" (paid, cancelled or declined)");
  s["pending_payment"] = nullptr;
  if (status == "paid") return pending;
  p.toast(status == "cancelled" ? "Payment cancelled" : "Payment declined");
  return nullptr;
}

/// Wallet's transaction id from a payment_result call, as a string ("" if absent).
inline std::string transaction_of(const nlohmann::json& args) {
  const nlohmann::json tx = args.value("transaction_id", nlohmann::json(""));
  return tx.is_string() ? tx.get<std::string>() : tx.dump();
}

}  // namespace pg::wallet
