#!/usr/bin/python3
"""Writes Expenses' task templates (tasks/templates/expenses/*.json, tasks/templates/cross/expenses_*.json).

The parameter tuples (amounts, totals, entry ids, search ranks) are computed here from the world data
(apps/expenses/world, apps/wallet/world, apps/shop/world), so the templates stay true to it.
Run: /usr/bin/python3 apps/expenses/gen/gen_templates.py
"""
import calendar
import json
import os
from collections import defaultdict

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..")
W = os.path.join(ROOT, "apps", "expenses", "world")
OUT = os.path.join(ROOT, "tasks", "templates", "expenses")
CROSS = os.path.join(ROOT, "tasks", "templates", "cross")
E = json.load(open(os.path.join(W, "entries.json")))
C = json.load(open(os.path.join(W, "categories.json")))
MONTHS = {"2025-10": "October 2025", "2025-11": "November 2025", "2025-12": "December 2025", "2026-01": "January 2026"}


def dollars(c):
    return f"{c // 100}.{c % 100:02d}"


def day_text(d):
    y, m, dd = map(int, d.split("-"))
    return f"{calendar.month_name[m]} {dd}, {y}"


def ordered():
    items = [dict(v, id=k) for k, v in E.items()]
    items.sort(key=lambda e: (e["date"], e["time"], int(e["id"][1:])), reverse=True)
    return items


def search_rank(entry_id, query):
    q = query.lower()
    hits = [e["id"] for e in ordered() if q in (e["name"] + " " + e["note"] + " " + C[e["category"]]["name"]).lower()]
    return hits.index(entry_id)


def o(t):
    return {"type": "click", "target": t}


OPEN = {"type": "open_app", "app": "expenses"}


def tx(t):
    return {"type": "type", "text": t}


def write(dirname, name, tpl):
    with open(os.path.join(dirname, name + ".json"), "w") as f:
        json.dump(tpl, f, indent=2)
        f.write("\n")


def budget(n):
    for b in (15, 30, 45, 60):
        if b >= 2 * n:
            return b
    return 60


def tpl(id_, desc, apps, instr, params, judge, changes, oracle, tax, split="train", **extra):
    t = {"id": id_, "description": desc, "apps": apps, "instruction": instr, "parameters": params}
    t.update({k: v for k, v in extra.items() if k in ("setup", "feasible", "answer_sheet", "info_reply", "waivers")})
    if judge is not None:
        t["judge"] = {"subtasks": judge}
    t["expected_changes"] = changes
    t["oracle"] = oracle
    t["taxonomy"] = tax
    steps = sum(1 for s in oracle if s.get("type") not in ("complete", "abort"))
    t["step_budget"] = extra.get("step_budget", budget(steps + 1))
    t["split"] = split
    order = ["id", "description", "apps", "instruction", "parameters", "setup", "feasible", "info_reply", "answer_sheet",
             "judge", "expected_changes", "oracle", "taxonomy", "step_budget", "split", "waivers"]
    return {k: t[k] for k in order if k in t}


def add_steps(amount, name, cat, extra=()):
    return [o("expenses.fab"), o("expenses.edit.amount"), tx(amount), o("expenses.edit.name"), tx(name),
            o("expenses.edit.category"), o(f"expenses.pick.{cat}")] + list(extra) + [o("expenses.edit.save")]


def main():
    os.makedirs(OUT, exist_ok=True)
    # ---- 1. add one expense
    new1 = [("Movie night snacks", 1475, "entertainment"), ("Bike tune-up", 6500, "transportation"),
            ("Bread and cheese", 1238, "groceries"), ("Ramen with Priya", 3420, "dining"),
            ("Flu shot copay", 2500, "health"), ("Desk plant", 2299, "shopping"), ("Python book", 3999, "education"),
            ("Laundromat", 850, "others"), ("Space heater", 5499, "shopping"), ("Train to San Jose", 1175, "transportation"),
            ("Museum tickets", 5000, "entertainment"), ("Bagels for the team", 2660, "dining")]
    tup = [{"name": n, "amount": dollars(c), "cents": c, "cat": k, "cat_name": C[k]["name"]} for n, c, k in new1]
    write(OUT, "add_expense", tpl(
        "expenses.add_expense", "Add one expense (title, amount, category) on today's date; the title is new to the app.",
        ["expenses"],
        ["Add the following expense in Expenses: {e.name}, ${e.amount}, category {e.cat_name}.",
         "Log an expense of ${e.amount} for \"{e.name}\" under {e.cat_name} in my Expenses app.",
         "I just spent ${e.amount} on {e.name}. Record it in Expenses as {e.cat_name}."],
        {"e": {"tuple": tup}},
        [{"name": "an entry titled {e.name} of ${e.amount}", "path": "view.expenses.entries[name={e.name}].amount_cents", "op": "==", "value": "{e.cents}"},
         {"name": "in {e.cat_name}", "path": "view.expenses.entries[name={e.name}].category", "op": "==", "value": "{e.cat}"},
         {"name": "an expense", "path": "view.expenses.entries[name={e.name}].kind", "op": "==", "value": "expense"}],
        ["/apps/expenses/entries"],
        [OPEN] + add_steps("{e.amount}", "{e.name}", "{e.cat}") + [{"type": "complete"}],
        {"scope": "S1", "objective": "operate", "composition": "atomic", "difficulty": "L3", "capabilities": ["form_filling", "text_input"]},
        split="train"))

    # ---- 2. add several expenses (AndroidWorld ExpenseAddMultiple)
    pairs = []
    for i in range(11):
        a, b = new1[i], new1[(i + 5) % 12]
        pairs.append({"n1": a[0], "a1": dollars(a[1]), "c1": a[1], "k1": a[2], "kn1": C[a[2]]["name"],
                      "n2": b[0], "a2": dollars(b[1]), "c2": b[1], "k2": b[2], "kn2": C[b[2]]["name"]})
    write(OUT, "add_multiple", tpl(
        "expenses.add_multiple", "Add two expenses given as a small table (AndroidWorld's ExpenseAddMultiple).",
        ["expenses"],
        ["Add the following expenses in Expenses:\n| title | amount | category |\n| {p.n1} | ${p.a1} | {p.kn1} |\n| {p.n2} | ${p.a2} | {p.kn2} |",
         "Please record these two expenses in my Expenses app: {p.n1} (${p.a1}, {p.kn1}) and {p.n2} (${p.a2}, {p.kn2})."],
        {"p": {"tuple": pairs}},
        [{"name": "{p.n1}: ${p.a1}", "path": "view.expenses.entries[name={p.n1}].amount_cents", "op": "==", "value": "{p.c1}"},
         {"name": "{p.n1} in {p.kn1}", "path": "view.expenses.entries[name={p.n1}].category", "op": "==", "value": "{p.k1}"},
         {"name": "{p.n2}: ${p.a2}", "path": "view.expenses.entries[name={p.n2}].amount_cents", "op": "==", "value": "{p.c2}"},
         {"name": "{p.n2} in {p.kn2}", "path": "view.expenses.entries[name={p.n2}].category", "op": "==", "value": "{p.k2}"}],
        ["/apps/expenses/entries"],
        [OPEN] + add_steps("{p.a1}", "{p.n1}", "{p.k1}") + add_steps("{p.a2}", "{p.n2}", "{p.k2}") + [{"type": "complete"}],
        {"scope": "S1", "objective": "operate", "composition": "sequential", "difficulty": "L4", "capabilities": ["form_filling", "text_input", "multi_item"]},
        split="test"))

    # ---- 3. add with a past date, payment method and note
    dated = [("Holiday cards", 1899, "others", "2025-12-12", "credit_card", "Credit card", "Cards for the family"),
             ("Ice skating", 3600, "entertainment", "2025-12-20", "cash", "Cash", "Union Square rink"),
             ("Cookie ingredients", 2745, "groceries", "2025-12-22", "debit_card", "Debit card", "Holiday baking"),
             ("Gift for Jordan", 4500, "shopping", "2025-12-18", "credit_card", "Credit card", "Scarf"),
             ("Parking at SFO", 4800, "transportation", "2025-12-23", "wallet", "Mobile wallet", "Picking up Mom"),
             ("Cough syrup", 1149, "health", "2025-12-27", "cash", "Cash", "Walgreens"),
             ("Pho with Sam", 3250, "dining", "2025-12-19", "wallet", "Mobile wallet", "Dinner"),
             ("Chess club fee", 2000, "education", "2025-12-10", "cash", "Cash", "Monthly fee"),
             ("Extension cord", 1699, "shopping", "2025-12-29", "debit_card", "Debit card", "For the tree lights"),
             ("Taxi from party", 2830, "transportation", "2025-12-14", "credit_card", "Credit card", "Late ride"),
             ("Hot chocolate", 925, "dining", "2025-12-24", "cash", "Cash", "Christmas Eve")]
    tup = [{"name": n, "amount": dollars(c), "cents": c, "cat": k, "cat_name": C[k]["name"], "date": d,
            "date_text": day_text(d), "pay": p, "pay_name": pn, "note": note} for n, c, k, d, p, pn, note in dated]
    write(OUT, "add_dated_with_note", tpl(
        "expenses.add_dated_with_note", "Add an expense dated earlier in December with a payment method and a note (date picker, payment dialog).",
        ["expenses"],
        ["In Expenses, add an expense \"{e.name}\" of ${e.amount} in {e.cat_name}, dated {e.date_text}, paid by {e.pay_name}, with the note \"{e.note}\".",
         "I forgot to log something: {e.name}, ${e.amount}, on {e.date_text}. Category {e.cat_name}, payment method {e.pay_name}, note: {e.note}."],
        {"e": {"tuple": tup}},
        [{"name": "{e.name} is ${e.amount}", "path": "view.expenses.entries[name={e.name}].amount_cents", "op": "==", "value": "{e.cents}"},
         {"name": "in {e.cat_name}", "path": "view.expenses.entries[name={e.name}].category", "op": "==", "value": "{e.cat}"},
         {"name": "dated {e.date}", "path": "view.expenses.entries[name={e.name}].date", "op": "==", "value": "{e.date}"},
         {"name": "paid by {e.pay_name}", "path": "view.expenses.entries[name={e.name}].payment", "op": "==", "value": "{e.pay}"},
         {"name": "note {e.note}", "path": "view.expenses.entries[name={e.name}].note", "op": "==", "value": "{e.note}", "as": "text"}],
        ["/apps/expenses/entries"],
        [OPEN] + add_steps("{e.amount}", "{e.name}", "{e.cat}", [
            o("expenses.edit.date"), o("expenses.date.prev"), o("expenses.date.day.{e.date}"), o("expenses.date.ok"),
            o("expenses.edit.payment"), o("dialog.button.{e.pay}"), o("expenses.edit.note"), tx("{e.note}")]) + [{"type": "complete"}],
        {"scope": "S1", "objective": "operate", "composition": "sequential", "difficulty": "L4", "capabilities": ["form_filling", "text_input", "dialog", "date_format"]},
        split="train"))

    # ---- 4. add income
    inc = [("Tutoring session", 12000, "freelance"), ("Birthday money from Grandma", 10000, "freelance"),
           ("Year-end bonus", 150000, "salary"), ("Sold old bike", 18000, "freelance"), ("Tax refund", 64250, "salary"),
           ("Pet sitting for Ana", 9000, "freelance"), ("Referral bonus", 50000, "salary"), ("Craft fair sales", 23575, "freelance"),
           ("Overtime pay", 42000, "salary"), ("Survey reward", 2500, "freelance")]
    tup = [{"name": n, "amount": dollars(c), "cents": c, "cat": k, "cat_name": C[k]["name"]} for n, c, k in inc]
    write(OUT, "add_income", tpl(
        "expenses.add_income", "Record an income entry (the Expense/Income switch, then an income category).",
        ["expenses"],
        ["Add an income of ${e.amount} called \"{e.name}\" to Expenses, category {e.cat_name}.",
         "I received ${e.amount} ({e.name}). Log it as income under {e.cat_name} in Expenses."],
        {"e": {"tuple": tup}},
        [{"name": "{e.name} is ${e.amount}", "path": "view.expenses.entries[name={e.name}].amount_cents", "op": "==", "value": "{e.cents}"},
         {"name": "it is income", "path": "view.expenses.entries[name={e.name}].kind", "op": "==", "value": "income"},
         {"name": "in {e.cat_name}", "path": "view.expenses.entries[name={e.name}].category", "op": "==", "value": "{e.cat}"}],
        ["/apps/expenses/entries"],
        [OPEN, o("expenses.fab"), o("expenses.edit.kind.income"), o("expenses.edit.amount"), tx("{e.amount}"), o("expenses.edit.name"),
         tx("{e.name}"), o("expenses.edit.category"), o("expenses.pick.{e.cat}"), o("expenses.edit.save"), {"type": "complete"}],
        {"scope": "S1", "objective": "operate", "composition": "atomic", "difficulty": "L3", "capabilities": ["form_filling", "text_input", "toggle"]},
        split="test"))

    # ---- entries found by search (rank <= 3 among the results for their title)
    by_name = defaultdict(list)
    for e in ordered():
        by_name[e["name"]].append(e)
    findable = [e for e in ordered() if e["kind"] == "expense" and search_rank(e["id"], e["name"]) <= 3
                and e["date"] < "2026-01-01"]
    # ---- 5. delete one (AndroidWorld ExpenseDeleteSingle)
    pick = [e for e in findable if e["category"] not in ("housing",)][::7][:14]
    tup = [{"id": e["id"], "name": e["name"], "date": e["date"], "date_text": day_text(e["date"]), "amount": dollars(e["amount_cents"])} for e in pick]
    write(OUT, "delete_entry", tpl(
        "expenses.delete_entry", "Delete one expense identified by its title and date (the delete confirmation).",
        ["expenses"],
        ["Delete the {e.name} expense from {e.date_text} in Expenses.",
         "Remove my ${e.amount} {e.name} entry dated {e.date_text} from the Expenses app."],
        {"e": {"tuple": tup}},
        [{"name": "no {e.name} entry on {e.date}", "path": "view.expenses.entries[name={e.name}][date={e.date}]", "op": "absent"}],
        ["/apps/expenses/entries/{e.id}"],
        [OPEN, o("expenses.search"), tx("{e.name}"), o("expenses.result.{e.id}"), o("expenses.edit.delete"),
         o("dialog.button.delete"), {"type": "complete"}],
        {"scope": "S1", "objective": "operate", "composition": "atomic", "difficulty": "L2", "capabilities": ["search", "confirm_dialog"]},
        split="train"))

    # ---- 6. delete all of a category in a month (AndroidWorld ExpenseDeleteMultiple)
    combos = []
    for m in ("2025-10", "2025-11", "2025-12", "2026-01"):
        for k in C:
            es = [e for e in ordered() if e["date"].startswith(m) and e["category"] == k and e["kind"] == "expense"]
            if len(es) == 2:
                combos.append({"month": m, "month_name": MONTHS[m], "cat": k, "cat_name": C[k]["name"],
                               "id1": es[0]["id"], "id2": es[1]["id"]})
    # The oracle picks the month by its bar in Reports (one tap for any month), then filters Entries.
    steps = [OPEN, o("expenses.tab.stats"), o("expenses.stats.bar.{c.month}"), o("expenses.tab.entries"),
             o("expenses.entries.filter"), o("expenses.pick.{c.cat}"),
             o("expenses.entry.{c.id1}"), o("expenses.edit.delete"), o("dialog.button.delete"),
             o("expenses.entry.{c.id2}"), o("expenses.edit.delete"), o("dialog.button.delete"), {"type": "complete"}]
    write(OUT, "delete_category_month", tpl(
        "expenses.delete_category_month", "Delete every expense of one category in one month (two entries each; AndroidWorld's ExpenseDeleteMultiple).",
        ["expenses"],
        ["Delete all expenses in category {c.cat_name} from {c.month_name} in Expenses{why}.",
         "Remove every {c.cat_name} entry I logged in {c.month_name} from the Expenses app{why}.",
         "Clear out my {c.cat_name} expenses for {c.month_name} in Expenses{why}."],
        {"c": {"tuple": combos}, "why": {"choice": ["", " - they were reimbursed", " - I logged them in the wrong app"]}},
        [{"name": "no {c.cat_name} entries left in {c.month_name}", "path": "view.expenses.entries[category={c.cat}][date~={c.month}]", "op": "absent"}],
        ["/apps/expenses/entries/{c.id1}", "/apps/expenses/entries/{c.id2}"],
        steps,
        {"scope": "S1", "objective": "operate", "composition": "sequential", "difficulty": "L3", "capabilities": ["filter", "confirm_dialog", "multi_item"]},
        split="test"))

    # ---- 7. query: category total in a month (AnswerSheet)
    q = []
    tot = defaultdict(int)
    for e in E.values():
        if e["kind"] == "expense":
            tot[(e["date"][:7], e["category"])] += e["amount_cents"]
    for m in ("2025-10", "2025-11", "2025-12"):
        for k in ("groceries", "dining", "transportation", "entertainment", "shopping", "utilities", "health"):
            q.append({"month": m, "month_name": MONTHS[m], "cat": k, "cat_name": C[k]["name"], "total": dollars(tot[(m, k)])})
    write(OUT, "query_category_total", tpl(
        "expenses.query_category_total", "Read one category's total for a month (Reports) and answer in dollars.",
        ["expenses", "answersheet"],
        ["What was my total spending on {q.cat_name} in {q.month_name}? Answer on the AnswerSheet.",
         "According to Expenses, how much did I spend on {q.cat_name} in {q.month_name}? Fill in the AnswerSheet."],
        {"q": {"tuple": q}},
        None, [],
        [OPEN, o("expenses.tab.stats"), o("expenses.stats.bar.{q.month}"), {"scroll_to": "expenses.stats.cat.{q.cat}"},
         {"type": "open_app", "app": "answersheet"}, o("answersheet.field.total"), tx("{q.total}"), o("answersheet.submit"),
         {"type": "complete"}],
        {"scope": "S1", "objective": "query", "composition": "atomic", "difficulty": "L2", "capabilities": ["navigation", "information_extraction", "answer"]},
        split="train",
        answer_sheet={"question": "How much did I spend on {q.cat_name} in {q.month_name}, in dollars?",
                      "fields": [{"id": "total", "label": "Total ($)", "type": "number"}],
                      "expected": {"total": {"match": "number", "value": "{q.total}", "tolerance": 0.001}}}))

    # ---- 8. query: month balance / income / spent
    q = []
    for m in ("2025-10", "2025-11", "2025-12", "2026-01"):
        s = sum(e["amount_cents"] for e in E.values() if e["date"].startswith(m) and e["kind"] == "expense")
        i = sum(e["amount_cents"] for e in E.values() if e["date"].startswith(m) and e["kind"] == "income")
        q += [{"month": m, "month_name": MONTHS[m], "what": "spend in total", "field": "spent", "value": dollars(s)},
              {"month": m, "month_name": MONTHS[m], "what": "earn (total income)", "field": "income", "value": dollars(i)},
              {"month": m, "month_name": MONTHS[m], "what": "end up with (income minus spending)", "field": "balance",
               "value": ("-" if i < s else "") + dollars(abs(i - s))}]
    write(OUT, "query_month_totals", tpl(
        "expenses.query_month_totals", "Read a month's total spending or income in Expenses and answer in dollars.",
        ["expenses", "answersheet"],
        ["How much did I {q.what} in {q.month_name}, according to Expenses? Answer on the AnswerSheet.",
         "Check Expenses: what did I {q.what} in {q.month_name}? Put the amount in the AnswerSheet."],
        {"q": {"tuple": q}},
        None, [],
        [OPEN, o("expenses.tab.stats"), o("expenses.stats.bar.{q.month}"), {"type": "open_app", "app": "answersheet"},
         o("answersheet.field.amount"), tx("{q.value}"), o("answersheet.submit"), {"type": "complete"}],
        {"scope": "S1", "objective": "query", "composition": "atomic", "difficulty": "L2", "capabilities": ["navigation", "information_extraction", "answer"]},
        split="test",
        answer_sheet={"question": "How much did I {q.what} in {q.month_name}, in dollars?",
                      "fields": [{"id": "amount", "label": "Amount ($)", "type": "number"}],
                      "expected": {"amount": {"match": "number", "value": "{q.value}", "tolerance": 0.001}}}))

    # ---- 8b. query: how many times a title was logged (search; the title matches no other entry's note or category)
    cnt = defaultdict(int)
    for e in E.values():
        cnt[e["name"]] += 1
    q = []
    for name, n in sorted(cnt.items(), key=lambda kv: (-kv[1], kv[0])):
        hits = [e for e in E.values() if name.lower() in (e["name"] + " " + e["note"] + " " + C[e["category"]]["name"]).lower()]
        if n >= 3 and len(hits) == n and "Rent" not in name:
            q.append({"name": name, "count": n})
    write(OUT, "query_count_title", tpl(
        "expenses.query_count_title", "Count how many entries carry a title (search shows the count) and answer with the number.",
        ["expenses", "answersheet"],
        ["How many times have I logged {q.name} in Expenses? Answer on the AnswerSheet.",
         "Count my {q.name} entries in the Expenses app and put the number in the AnswerSheet."],
        {"q": {"tuple": q[:14]}},
        None, [],
        [OPEN, o("expenses.search"), tx("{q.name}"), {"type": "open_app", "app": "answersheet"}, o("answersheet.field.count"),
         tx("{q.count}"), o("answersheet.submit"), {"type": "complete"}],
        {"scope": "S1", "objective": "query", "composition": "atomic", "difficulty": "L2", "capabilities": ["search", "counting", "answer"]},
        split="train",
        answer_sheet={"question": "How many {q.name} entries are in Expenses?",
                      "fields": [{"id": "count", "label": "Number of entries", "type": "number"}],
                      "expected": {"count": {"match": "number", "value": "{q.count}"}}}))

    # ---- 9. edit an amount
    pick = [e for e in findable][3::9][:12]
    tup = [{"id": e["id"], "name": e["name"], "date": e["date"], "date_text": day_text(e["date"]),
            "old": dollars(e["amount_cents"]), "new": dollars(e["amount_cents"] + 137 + 100 * (i % 5)),
            "cents": e["amount_cents"] + 137 + 100 * (i % 5)} for i, e in enumerate(pick)]
    write(OUT, "edit_amount", tpl(
        "expenses.edit_amount", "Correct the amount of an existing expense found by title and date.",
        ["expenses"],
        ["In Expenses, change the amount of the {e.name} expense on {e.date_text} to ${e.new}.",
         "My {e.name} entry from {e.date_text} should be ${e.new}, not ${e.old}. Fix it in Expenses."],
        {"e": {"tuple": tup}},
        [{"name": "{e.name} on {e.date} is ${e.new}", "path": "view.expenses.entries[name={e.name}][date={e.date}].amount_cents", "op": "==", "value": "{e.cents}"}],
        ["/apps/expenses/entries/{e.id}"],
        [OPEN, o("expenses.search"), tx("{e.name}"), o("expenses.result.{e.id}"), o("expenses.edit.amount"),
         {"type": "type", "text": "{e.new}", "clear": True}, o("expenses.edit.save"), {"type": "complete"}],
        {"scope": "S1", "objective": "operate", "composition": "atomic", "difficulty": "L2", "capabilities": ["search", "text_input"]},
        split="train"))

    # ---- 10. move an entry to another category
    targets = ["others", "shopping", "entertainment", "groceries", "dining"]
    pick = [e for e in findable][5::8][:12]
    tup = []
    for i, e in enumerate(pick):
        t = next(k for k in targets[i % 5:] + targets if k != e["category"])
        tup.append({"id": e["id"], "name": e["name"], "date": e["date"], "date_text": day_text(e["date"]), "cat": t,
                    "cat_name": C[t]["name"]})
    write(OUT, "move_category", tpl(
        "expenses.move_category", "Move one expense to another category.",
        ["expenses"],
        ["Move my {e.name} expense from {e.date_text} to the {e.cat_name} category in Expenses.",
         "In Expenses, recategorize the {e.name} entry dated {e.date_text} as {e.cat_name}."],
        {"e": {"tuple": tup}},
        [{"name": "{e.name} on {e.date} is in {e.cat_name}", "path": "view.expenses.entries[name={e.name}][date={e.date}].category", "op": "==", "value": "{e.cat}"}],
        ["/apps/expenses/entries/{e.id}"],
        [OPEN, o("expenses.search"), tx("{e.name}"), o("expenses.result.{e.id}"), o("expenses.edit.category"),
         o("expenses.pick.{e.cat}"), o("expenses.edit.save"), {"type": "complete"}],
        {"scope": "S1", "objective": "operate", "composition": "atomic", "difficulty": "L2", "capabilities": ["search", "navigation"]},
        split="test"))

    # ---- 11. delete a duplicate (AndroidWorld ExpenseDeleteDuplicates)
    pick = [e for e in findable if search_rank(e["id"], e["name"]) <= 2][1::6][:12]
    tup = [{"id": e["id"], "name": e["name"], "date": e["date"], "date_text": day_text(e["date"]), "amount": dollars(e["amount_cents"]),
            "cents": e["amount_cents"], "cat": e["category"], "time": e["time"], "pay": e["payment"], "note": e["note"]} for e in pick]
    write(OUT, "delete_duplicate", tpl(
        "expenses.delete_duplicate", "An expense was logged twice (setup adds the copy); delete one of the two.",
        ["expenses"],
        ["I logged {e.name} (${e.amount}) on {e.date_text} twice in Expenses. Delete the duplicate.",
         "There's a duplicate {e.name} entry on {e.date_text} in my Expenses. Remove the extra one and keep one."],
        {"e": {"tuple": tup}},
        [{"name": "exactly one {e.name} on {e.date}", "path": "view.expenses.entries[name={e.name}][date={e.date}]", "op": "count", "value": 1}],
        ["/apps/expenses/entries"],
        [OPEN, o("expenses.search"), tx("{e.name}"), o("expenses.result.e900"), o("expenses.edit.delete"),
         o("dialog.button.delete"), {"type": "complete"}],
        {"scope": "S1", "objective": "operate", "composition": "atomic", "difficulty": "L2", "capabilities": ["search", "confirm_dialog", "reasoning"]},
        split="train",
        setup=[{"op": "add", "path": "/apps/expenses/entries/e900",
                "value": {"name": "{e.name}", "amount_cents": "{e.cents}", "kind": "expense", "category": "{e.cat}",
                          "date": "{e.date}", "time": "{e.time}", "payment": "{e.pay}", "note": "{e.note}"}}]))

    # ---- 12. add a category
    cats = [("Pets", "pets", "expense"), ("Travel", "flight", "expense"), ("Gifts", "card_giftcard", "expense"),
            ("Childcare", "child_care", "expense"), ("Gym", "fitness_center", "expense"), ("Coffee", "local_cafe", "expense"),
            ("Home Repairs", "build", "expense"), ("Gaming", "sports_esports", "expense"), ("Investments", "trending_up", "income"),
            ("Interest", "savings", "income"), ("Gas", "local_gas_station", "expense"), ("Phone", "phone_android", "expense")]
    tup = [{"name": n, "icon": i, "kind": k, "kind_name": "an income" if k == "income" else "an expense"} for n, i, k in cats]
    write(OUT, "add_category", tpl(
        "expenses.add_category", "Create a category of the given kind with a given icon.",
        ["expenses"],
        ["Create {c.kind_name} category called \"{c.name}\" in Expenses, with the {c.icon} icon.",
         "Add a new category {c.name} ({c.kind_name} category, icon: {c.icon}) to my Expenses app."],
        {"c": {"tuple": tup}},
        [{"name": "a category {c.name} of kind {c.kind}", "path": "view.expenses.categories[name={c.name}].kind", "op": "==", "value": "{c.kind}"},
         {"name": "with the {c.icon} icon", "path": "view.expenses.categories[name={c.name}].icon", "op": "==", "value": "{c.icon}"}],
        ["/apps/expenses/categories"],
        [OPEN, o("expenses.tab.categories"), o("expenses.categories.add"), o("expenses.cat.name"), tx("{c.name}"),
         o("expenses.cat.kind.{c.kind}"), o("expenses.cat.icon.{c.icon}"), o("expenses.cat.save"), {"type": "complete"}],
        {"scope": "S1", "objective": "operate", "composition": "atomic", "difficulty": "L3", "capabilities": ["form_filling", "text_input"]},
        split="train"))

    # ---- 13. rename a category
    ren = [("groceries", "Supermarket"), ("dining", "Eating Out"), ("housing", "Rent"), ("transportation", "Getting Around"),
           ("utilities", "Bills"), ("entertainment", "Fun"), ("shopping", "Stuff"), ("health", "Medical"),
           ("education", "Learning"), ("others", "Misc"), ("freelance", "Side Gigs")]
    tup = [{"id": k, "old": C[k]["name"], "new": n} for k, n in ren]
    write(OUT, "rename_category", tpl(
        "expenses.rename_category", "Rename a category (its entries keep it).",
        ["expenses"],
        ["Rename the {c.old} category in Expenses to \"{c.new}\".",
         "In Expenses, change the name of the category {c.old} to {c.new}."],
        {"c": {"tuple": tup}},
        [{"name": "a category named {c.new}", "path": "view.expenses.categories[name={c.new}]", "op": "exists"},
         {"name": "no category named {c.old}", "path": "view.expenses.categories[name={c.old}]", "op": "absent"}],
        ["/apps/expenses/categories/{c.id}"],
        [OPEN, o("expenses.tab.categories"), {"scroll_to": "expenses.category.{c.id}"}, o("expenses.category.{c.id}"),
         o("expenses.cat.name"), {"type": "type", "text": "{c.new}", "clear": True}, o("expenses.cat.save"), {"type": "complete"}],
        {"scope": "S1", "objective": "operate", "composition": "atomic", "difficulty": "L2", "capabilities": ["navigation", "text_input"]},
        split="test"))

    # ---- 14. currency
    cur = [("EUR", "Euro"), ("GBP", "British Pound"), ("JPY", "Japanese Yen"), ("CAD", "Canadian Dollar"), ("INR", "Indian Rupee")]
    write(OUT, "set_currency", tpl(
        "expenses.set_currency", "Change the display currency in Expenses' settings.",
        ["expenses"],
        ["{lead} {c.name} ({c.code})."],
        {"c": {"tuple": [{"code": c, "name": n} for c, n in cur]},
         "lead": {"choice": ["Switch the currency shown in Expenses to", "Make Expenses display amounts in",
                             "Set the display currency of the Expenses app to"]}},
        [{"name": "currency {c.code}", "path": "apps.expenses.currency", "op": "==", "value": "{c.code}"}],
        ["/apps/expenses/currency"],
        [OPEN, o("expenses.settings"), o("expenses.currency.{c.code}"), {"type": "complete"}],
        {"scope": "S1", "objective": "operate", "composition": "atomic", "difficulty": "L1", "capabilities": ["navigation", "toggle"]},
        split="train"))

    # ---- 15. export a month to CSV
    ex = []
    for m in ("2025-10", "2025-11", "2025-12"):
        n = sum(1 for e in E.values() if e["date"].startswith(m))
        ex.append({"month": m, "month_name": MONTHS[m], "file": f"expenses_{m}.csv", "rows": n})
    write(OUT, "export_month_csv", tpl(
        "expenses.export_month_csv", "Export one month's entries to a CSV file (the month shown on the dashboard, then Settings > Export); the file lands in Files' Download folder.",
        ["expenses", "files"],
        ["{lead} {x.month_name} from the Expenses app."],
        {"x": {"tuple": ex}, "lead": {"choice": ["Export to a CSV file my entries of", "Save as a CSV spreadsheet everything I logged in",
                                                 "Make a CSV export of the entries of", "I need a CSV file: export the entries of"]}},
        [{"name": "{x.file} exported with {x.rows} entries", "path": "apps.expenses.exports[name={x.file}].rows", "op": "==", "value": "{x.rows}"},
         {"name": "{x.file} is in Files' Download folder", "path": "view.files.files[name={x.file}].parent", "op": "==", "value": "download"}],
        ["/apps/expenses/exports", "/apps/files"],
        [OPEN, o("expenses.tab.stats"), o("expenses.stats.bar.{x.month}"), o("expenses.tab.dashboard"), o("expenses.settings"),
         o("expenses.settings.export"), o("dialog.button.month"), {"type": "complete"}],
        {"scope": "S1", "objective": "operate", "composition": "sequential", "difficulty": "L2", "capabilities": ["navigation", "dialog"]},
        split="test"))

    # ---- 16. infeasible: a currency the app lacks
    write(OUT, "infeasible_currency", tpl(
        "expenses.infeasible_currency", "Infeasible: the asked currency is not among Expenses' six display currencies; the agent should check Settings and abort.",
        ["expenses"],
        ["Switch the currency shown in Expenses to {c}.", "Make Expenses display my amounts in {c}."],
        {"c": {"choice": ["Swiss Franc", "Bitcoin", "Australian Dollar", "Mexican Peso", "South Korean Won", "Brazilian Real",
                          "Swedish Krona", "Singapore Dollar", "Turkish Lira", "Polish Zloty", "Thai Baht"]}},
        None, [],
        [OPEN, o("expenses.settings"), {"type": "abort", "reason": "Expenses offers no {c} currency."}],
        {"scope": "S1", "objective": "operate", "composition": "atomic", "difficulty": "L1", "capabilities": ["navigation", "infeasibility"]},
        split="test", feasible=False))

    # ---- 17. infeasible: delete an entry that does not exist
    ghosts = [("Gym membership refund", "2025-12-09"), ("Concert tickets for Taylor Swift", "2025-11-21"), ("Ski rental", "2025-12-27"),
              ("Plane ticket to Denver", "2025-10-17"), ("Piano lesson", "2025-11-05"), ("Car wash", "2025-12-03"),
              ("Wedding gift for Lena", "2025-10-25"), ("Dog grooming", "2025-11-29"), ("Vet visit", "2025-12-15"),
              ("Hotel in Tahoe", "2025-12-30")]
    write(OUT, "infeasible_delete_missing", tpl(
        "expenses.infeasible_delete_missing", "Infeasible: the entry to delete was never logged; the agent should search, find nothing and abort without deleting anything.",
        ["expenses"],
        ["Delete the {g.name} expense from {g.date_text} in Expenses.", "Remove my {g.name} entry dated {g.date_text} from Expenses."],
        {"g": {"tuple": [{"name": n, "date": d, "date_text": day_text(d), "q": n.split()[0]} for n, d in ghosts]}},
        [{"name": "no entry was deleted", "path": "apps.expenses.entries", "op": "unchanged"}], [],
        [OPEN, o("expenses.search"), tx("{g.name}"), {"type": "abort", "reason": "There is no {g.name} entry on {g.date_text}."}],
        {"scope": "S1", "objective": "operate", "composition": "atomic", "difficulty": "L1", "capabilities": ["search", "infeasibility"]},
        split="train", feasible=False))

    # ================================================================ cross-app
    orders = json.load(open(os.path.join(ROOT, "apps", "shop", "world", "orders.json")))
    orders = orders if isinstance(orders, list) else [dict(v, id=k) for k, v in orders.items()]
    tup = [{"id": x["id"], "total": dollars(x["total_cents"]), "cents": x["total_cents"], "summary": x["summary"]}
           for x in orders if x["status"] == "delivered"][:14]
    write(CROSS, "expenses_log_shop_order", tpl(
        "cross.expenses_log_shop_order", "Cross-app (Shop -> Expenses): read a Shop order's total on its Account tab and log it as a Shopping expense.",
        ["shop", "expenses"],
        ["Log my Shop order {o.id} in Expenses as a Shopping expense titled \"Shop order {o.id}\", with the order's total.",
         "Add an expense in Expenses for Shop order {o.id} (title \"Shop order {o.id}\", category Shopping). Use the order total from Shop."],
        {"o": {"tuple": tup}},
        [{"name": "Shop order {o.id} logged at ${o.total}", "path": "view.expenses.entries[name~={o.id}].amount_cents", "op": "==", "value": "{o.cents}"},
         {"name": "as Shopping", "path": "view.expenses.entries[name~={o.id}].category", "op": "==", "value": "shopping"}],
        ["/apps/expenses/entries"],
        [{"type": "open_app", "app": "shop"}, o("shop.tab.orders"), {"scroll_to": "shop.order.{o.id}"}, o("shop.order.{o.id}"), OPEN]
        + add_steps("{o.total}", "Shop order {o.id}", "shopping") + [{"type": "complete"}],
        {"scope": "S2", "objective": "operate", "composition": "transfer", "difficulty": "L4", "capabilities": ["cross_app", "information_extraction", "form_filling"]},
        split="train"))

    txs = json.load(open(os.path.join(ROOT, "apps", "wallet", "world", "transactions.json")))
    wmap = {"dining": "dining", "groceries": "groceries", "transport": "transportation", "shopping": "shopping", "health": "health"}
    seen, tup = set(), []
    for t in reversed(txs):
        if t["date"] < "2025-12-01" or t["kind"] != "payment" or t["category"] not in wmap or t["name"] in seen or t["name"] == "Shop":
            continue
        if any(e["name"] == t["name"] and e["date"] == t["date"] for e in E.values()):
            continue
        seen.add(t["name"])
        k = wmap[t["category"]]
        tup.append({"tx": t["id"], "name": t["name"], "date": t["date"], "date_text": day_text(t["date"]),
                    "total": dollars(t["amount_cents"]), "cents": t["amount_cents"], "cat": k, "cat_name": C[k]["name"]})
    tup = tup[:12]
    write(CROSS, "expenses_log_wallet_payment", tpl(
        "cross.expenses_log_wallet_payment", "Cross-app (Wallet -> Expenses): find the latest Wallet payment to a merchant (December) and log it in Expenses with its date and amount.",
        ["wallet", "expenses"],
        ["Log my last Wallet payment to {w.name} in Expenses: title it \"{w.name}\", category {w.cat_name}, with the payment's amount and date.",
         "I paid {w.name} with Wallet on {w.date_text}. Add that payment to Expenses as a {w.cat_name} expense titled {w.name}, same amount and date."],
        {"w": {"tuple": tup}},
        [{"name": "{w.name} on {w.date} logged at ${w.total}", "path": "view.expenses.entries[name={w.name}][date={w.date}].amount_cents", "op": "==", "value": "{w.cents}"},
         {"name": "in {w.cat_name}", "path": "view.expenses.entries[name={w.name}][date={w.date}].category", "op": "==", "value": "{w.cat}"}],
        ["/apps/expenses/entries"],
        [{"type": "open_app", "app": "wallet"}, o("wallet.tab.activity"), o("wallet.activity.month.2025-12"), {"scroll_to": "wallet.txn.{w.tx}"}, OPEN]
        + add_steps("{w.total}", "{w.name}", "{w.cat}", [o("expenses.edit.date"), o("expenses.date.prev"), o("expenses.date.day.{w.date}"), o("expenses.date.ok")])
        + [{"type": "complete"}],
        {"scope": "S2", "objective": "operate", "composition": "transfer", "difficulty": "L4", "capabilities": ["cross_app", "information_extraction", "form_filling"]},
        split="test"))

    q = []
    for m in ("2025-10", "2025-11", "2025-12"):
        for k in ("groceries", "dining", "entertainment", "shopping"):
            q.append({"month": m, "month_name": MONTHS[m], "cat": k, "cat_name": C[k]["name"], "total": dollars(tot[(m, k)])})
    write(CROSS, "expenses_text_category_spending", tpl(
        "cross.expenses_text_category_spending", "Cross-app (Expenses -> Messages): read a month's spending in one category in Expenses' Reports and text it to Mom.",
        ["expenses", "messages"],
        ["Text Mom how much I spent on {q.cat_name} in {q.month_name}, according to my Expenses app.",
         "Mom asked what I spent on {q.cat_name} in {q.month_name}. Look it up in Expenses and text her the amount."],
        {"q": {"tuple": q}},
        [{"name": "Mom got ${q.total}", "path": "apps.messages.threads.t01.messages[from=me][last].text", "op": "contains", "value": "{q.total}"}],
        ["/apps/messages/threads/t01"],
        [OPEN, o("expenses.tab.stats"), o("expenses.stats.bar.{q.month}"), {"scroll_to": "expenses.stats.cat.{q.cat}"},
         {"type": "open_app", "app": "messages"}, o("messages.thread.t01"), o("messages.compose"),
         tx("I spent ${q.total} on {q.cat_name} in {q.month_name}"), o("messages.send"), {"type": "complete"}],
        {"scope": "S2", "objective": "hybrid", "composition": "transfer", "difficulty": "L4", "capabilities": ["cross_app", "information_extraction", "text_input"]},
        split="train",
        setup=[{"op": "add", "path": "/os/permissions/messages", "value": {"POST_NOTIFICATIONS": "granted"}}]))
    q = []
    for m in ("2025-10", "2025-11", "2025-12", "2026-01"):
        sp = sum(e["amount_cents"] for e in E.values() if e["date"].startswith(m) and e["kind"] == "expense")
        inc_ = sum(e["amount_cents"] for e in E.values() if e["date"].startswith(m) and e["kind"] == "income")
        q.append({"month": m, "month_name": MONTHS[m], "spent": dollars(sp), "income": dollars(inc_)})
    write(CROSS, "expenses_month_recap_note", tpl(
        "cross.expenses_month_recap_note", "Cross-app (Expenses -> Keep Notes): read a month's total spent and income in Expenses' Reports and write them into a new note.",
        ["expenses", "notes"],
        ["Make a note in Keep Notes titled \"{q.month_name} {kind}\" with my total spending and total income for {q.month_name} from Expenses.",
         "From Expenses, get what I spent and earned in {q.month_name} and save both amounts in a new Keep note called \"{q.month_name} {kind}\"."],
        {"q": {"tuple": q}, "kind": {"choice": ["recap", "budget", "money summary"]}},
        [{"name": "a note \"{q.month_name} {kind}\"", "path": "apps.notes.notes[title~={q.month_name} {kind}].title", "op": "exists"},
         {"name": "it says spent ${q.spent}", "path": "apps.notes.notes[title~={q.month_name} {kind}].body", "op": "contains", "value": "{q.spent}"},
         {"name": "it says income ${q.income}", "path": "apps.notes.notes[title~={q.month_name} {kind}].body", "op": "contains", "value": "{q.income}"}],
        ["/apps/notes/notes"],
        [OPEN, o("expenses.tab.stats"), o("expenses.stats.bar.{q.month}"), {"type": "open_app", "app": "notes"}, o("notes.fab"),
         o("notes.editor.title"), tx("{q.month_name} {kind}"), o("notes.editor.body"),
         tx("Spent ${q.spent}, income ${q.income}"), {"type": "back"}, {"type": "back"}, {"type": "complete"}],
        {"scope": "S2", "objective": "hybrid", "composition": "transfer", "difficulty": "L4", "capabilities": ["cross_app", "information_extraction", "text_input"]},
        split="test"))
    print("templates written")


if __name__ == "__main__":
    main()
