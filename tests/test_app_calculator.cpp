// Calculator through its keypad: precedence, parentheses (the smart "( )" key), Android's percent
// rules, the live result, backspace/AC, Android-style result formatting and the divide-by-zero
// error, each checked on the display (the formula and result widgets) and in the state.
#include "phone_driver.hpp"

using namespace pg::testing;

namespace {

/// Presses the keys for `keys`: digits, ".", "+", "-", "*" (×), "/" (÷), "%", "(" or ")" (the
/// "( )" key), "<" (backspace), "C" (AC), "=".
void keys(Env& env, const std::string& seq) {
  for (char c : seq) {
    std::string id;
    switch (c) {
      case '+': id = "plus"; break;
      case '-': id = "minus"; break;
      case '*': id = "times"; break;
      case '/': id = "divide"; break;
      case '%': id = "percent"; break;
      case '(': case ')': id = "parens"; break;
      case '.': id = "point"; break;
      case '<': id = "del"; break;
      case 'C': id = "clear"; break;
      case '=': id = "equals"; break;
      default: id = std::string(1, c);
    }
    press(env, "calculator.key." + id);
  }
}

std::string formula(Env& env) { return find_node(env, "calculator.formula").value("text", ""); }
std::string result(Env& env) { return find_node(env, "calculator.result").value("text", ""); }

/// AC, the keys, "=": the number the display then shows.
std::string calc(Env& env, const std::string& seq) {
  keys(env, "C" + seq + "=");
  return formula(env);
}

}  // namespace

TEST(Calculator, EvaluatesWithPrecedenceAndShowsTheExpressionAbove) {
  Env env;
  act(env, R"({"type":"open_app","app":"calculator"})");
  const json before = env.state();
  keys(env, "12+7*3");
  EXPECT_EQ(formula(env), "12+7\u00d73");
  EXPECT_EQ(result(env), "33");  // the live result
  keys(env, "=");
  EXPECT_EQ(formula(env), "33");
  EXPECT_EQ(find_node(env, "calculator.history").value("text", ""), "12+7\u00d73");
  EXPECT_EQ(result(env), "");
  EXPECT_EQ(changed_paths(before, env.state()),
            (Paths{"/apps/calculator/expr", "/apps/calculator/history", "/apps/calculator/mode"}));
  const json c = env.state()["apps"]["calculator"];
  EXPECT_EQ(c, (json{{"expr", "33"}, {"history", "12+7\u00d73"}, {"mode", "result"}}));
  // An operator continues from the result; a digit starts over.
  keys(env, "-3=");
  EXPECT_EQ(formula(env), "30");
  keys(env, "8");
  EXPECT_EQ(formula(env), "8");
  EXPECT_TRUE(find_node(env, "calculator.history").is_null());
}

TEST(Calculator, FourOperationsParenthesesAndPercent) {
  Env env;
  act(env, R"({"type":"open_app","app":"calculator"})");
  EXPECT_EQ(calc(env, "7/2"), "3.5");
  EXPECT_EQ(calc(env, "9-12"), "-3");
  EXPECT_EQ(calc(env, "2+3*4-10/5"), "12");
  EXPECT_EQ(calc(env, "(12+8)*5"), "100");
  EXPECT_EQ(calc(env, "2(3+4)"), "14");  // "( )" after a number multiplies
  EXPECT_EQ(formula(env), "14");
  EXPECT_EQ(find_node(env, "calculator.history").value("text", ""), "2\u00d7(3+4)");
  EXPECT_EQ(calc(env, "((1+2)*(3+4)"), "21");  // an open parenthesis closes itself
  EXPECT_EQ(calc(env, "10-4*-2"), "18");      // "-" after "×" is a sign
  EXPECT_EQ(calc(env, "50+10%"), "55");
  EXPECT_EQ(calc(env, "50-10%"), "45");
  EXPECT_EQ(calc(env, "200*5%"), "10");
  EXPECT_EQ(calc(env, "10%"), "0.1");
  EXPECT_EQ(calc(env, "(40+60)*15%"), "15");
  EXPECT_EQ(calc(env, "1/3"), "0.3333333333");
  EXPECT_EQ(calc(env, "2/3"), "0.6666666667");
  EXPECT_EQ(calc(env, ".1+.2"), "0.3");
  EXPECT_EQ(calc(env, "2.50*4"), "10");
  EXPECT_EQ(calc(env, "99999*99999*99"), "9.899802001E11");
}

TEST(Calculator, InputRulesBackspaceAndClear) {
  Env env;
  act(env, R"({"type":"open_app","app":"calculator"})");
  keys(env, "*+");  // no operator can start an expression (except a minus sign)
  EXPECT_EQ(formula(env), "");
  keys(env, "5+*");  // an operator replaces the one before it
  EXPECT_EQ(formula(env), "5\u00d7");
  keys(env, "0.5.");  // one point per number
  EXPECT_EQ(formula(env), "5\u00d70.5");
  EXPECT_EQ(result(env), "2.5");
  keys(env, "<<<");
  EXPECT_EQ(formula(env), "5\u00d7");
  EXPECT_EQ(result(env), "5");  // a trailing operator is ignored
  keys(env, "C");
  EXPECT_EQ(formula(env), "");
  EXPECT_EQ(env.state()["apps"]["calculator"], (json{{"expr", ""}, {"history", ""}, {"mode", "edit"}}));
  keys(env, "007");  // leading zeros collapse
  EXPECT_EQ(formula(env), "7");
}

TEST(Calculator, DivideByZeroShowsAnErrorAndKeepsTheExpression) {
  Env env;
  act(env, R"({"type":"open_app","app":"calculator"})");
  keys(env, "8/(4-4)");
  EXPECT_EQ(result(env), "");  // no live result for an error
  keys(env, "=");
  EXPECT_EQ(result(env), "Can't divide by 0");
  EXPECT_EQ(formula(env), "8\u00f7(4-4)");
  EXPECT_EQ(env.state()["apps"]["calculator"]["mode"], "error");
  keys(env, "<<+2)=");  // edit it: 8÷(4+2)
  EXPECT_EQ(formula(env), "1.333333333");
  // Every state value is a string: no floats are stored.
  const nlohmann::json src122 = env.state()["apps"]["calculator"];
  for (auto& [k, v] : src122.items()) EXPECT_TRUE(v.is_string()) << k;
}
