#!/usr/bin/python3
"""Writes the Tasks (todo) task templates: tasks/templates/todo/*.json and tasks/templates/cross/todo_*.json.

The answers and parameter tuples (counts, overdue tasks, titles by priority) are computed from
apps/todo/world/*.json, so run this after gen/world.py whenever the world changes:
  /usr/bin/python3 apps/todo/gen/world.py && /usr/bin/python3 apps/todo/gen/templates.py
Deterministic: the same world gives the same files.
"""
import json, os, datetime
ROOT=os.path.join(os.path.dirname(os.path.abspath(__file__)),'..','..','..')
W=os.path.join(ROOT,'apps/todo/world/')
tasks=json.load(open(W+'tasks.json')); lists=json.load(open(W+'lists.json'))
LN={l['id']:l['name'] for l in lists}
T=os.path.join(ROOT,'tasks/templates/todo/'); C=os.path.join(ROOT,'tasks/templates/cross/')
TODAY=datetime.date(2026,1,1)
def overdue(t):
    if t['completed'] or not t['due']: return False
    d=datetime.date.fromisoformat(t['due'])
    if d<TODAY: return True
    if d==TODAY and t['due_time'] and t['due_time']<'08:00': return True
    return False
def w(path, obj):
    with open(path,'w') as f: json.dump(obj,f,indent=2); f.write('\n')
def tax(scope,obj,comp,diff,caps,**kw):
    d={"scope":scope,"objective":obj,"composition":comp,"difficulty":diff,"capabilities":caps}; d.update(kw); return d
def drawer_to(lid): return [{"type":"click","target":"todo.menu"},{"type":"click","target":"todo.drawer.list.%s"%lid}]
def search(title): return [{"type":"click","target":"todo.search"},{"type":"type","text":title}]
OPEN={"type":"open_app","app":"todo"}; DONE={"type":"complete"}

# 1 add a task due tomorrow at a time with a priority
adds=[("Call the dentist","09:00","9 AM"),("Pick up the prescription","17:30","5:30 PM"),("Email the landlord","10:00","10 AM"),
      ("Book flights to Denver","20:00","8 PM"),("Drop off the package","08:30","8:30 AM"),("Submit the timesheet","16:00","4 PM"),
      ("Order birthday cake","12:00","noon"),("Call the plumber","11:15","11:15 AM"),("Renew car registration","14:00","2 PM"),
      ("Schedule haircut","18:45","6:45 PM")]
w(T+'add_task_due_time.json',{
 "id":"todo.add_task_due_time",
 "description":"AndroidWorld-style: create a task with a title, due tomorrow (2026-01-02) at a time, with a priority.",
 "apps":["todo"],
 "instruction":["Add a task '{a.title}' due tomorrow at {a.spoken} with {prio} priority.",
                "In Tasks, create '{a.title}', due tomorrow at {a.spoken}, priority {prio}.",
                "Remind me with a {prio}-priority task '{a.title}' due tomorrow at {a.spoken}."],
 "parameters":{"a":{"tuple":[{"title":t,"time":h,"spoken":s} for t,h,s in adds]},"prio":{"choice":["high","medium","low"]}},
 "judge":{"subtasks":[
   {"name":"a task '{a.title}' due 2026-01-02","path":"view.todo.tasks[title={a.title}].due","op":"==","value":"2026-01-02"},
   {"name":"at {a.time}","path":"view.todo.tasks[title={a.title}].due_time","op":"==","value":"{a.time}","as":"time"},
   {"name":"{prio} priority","path":"view.todo.tasks[title={a.title}].priority","op":"==","value":"{prio}"},
   {"name":"not done","path":"view.todo.tasks[title={a.title}].completed","op":"==","value":False}]},
 "expected_changes":["/apps/todo/tasks"],
 "oracle":[OPEN,{"type":"click","target":"todo.fab"},{"type":"click","target":"todo.edit.title"},{"type":"type","text":"{a.title}"},
   {"type":"click","target":"todo.edit.due"},{"type":"click","target":"todo.due.tomorrow"},{"type":"click","target":"todo.due.time_field"},
   {"type":"type","text":"{a.time}"},{"type":"enter"},{"type":"click","target":"todo.due.ok"},{"type":"click","target":"todo.edit.priority.{prio}"},
   {"type":"click","target":"todo.edit.save"},DONE],
 "taxonomy":tax("S1","operate","sequential","L3",["form_filling","text_input","date_time"]),
 "step_budget":30,"split":"train"})

# 2 delete all completed tasks in a list
rows=[]
for l in lists:
    done=[t for t in tasks if t['list']==l['id'] and t['completed']]
    openn=[t for t in tasks if t['list']==l['id'] and not t['completed']]
    if done: rows.append({"id":l['id'],"name":l['name'],"open":len(openn)})
w(T+'delete_completed.json',{
 "id":"todo.delete_completed",
 "description":"Delete every completed task of one list (the list's sort/filter sheet: Delete completed tasks, confirmed); open tasks stay.",
 "apps":["todo"],
 "instruction":["{verb} all completed tasks in {l.name}.","In Tasks, {verb2} the finished tasks from my {l.name} list."],
 "parameters":{"l":{"tuple":rows},"verb":{"choice":["Delete","Remove","Clear"]},"verb2":{"choice":["delete","remove","clear out"]}},
 "judge":{"subtasks":[
   {"name":"no completed task left in {l.name}","path":"view.todo.tasks[list={l.id}][completed=true]","op":"count","value":0},
   {"name":"the {l.open} open tasks of {l.name} remain","path":"view.todo.tasks[list={l.id}][completed=false]","op":"count","value":"{l.open}"}]},
 "expected_changes":["/apps/todo/tasks"],
 "oracle":[OPEN]+drawer_to("{l.id}")+[{"type":"click","target":"todo.options"},{"type":"click","target":"todo.options.clear_completed"},
   {"type":"click","target":"dialog.button.delete"},DONE],
 "taxonomy":tax("S1","operate","sequential","L2",["navigation","confirmation"]),
 "step_budget":15,"split":"test"})

# 3 mark the overdue tasks in a list as done
rows=[]
for l in lists:
    od=[t for t in tasks if t['list']==l['id'] and overdue(t)]
    if any(t['repeat']!='none' for t in od) or not od: continue
    done=len([t for t in tasks if t['list']==l['id'] and t['completed']])
    rows.append({"id":l['id'],"name":l['name'],"ids":"|".join(t['id'] for t in od),"n":len(od),"done":done+len(od),
                 "titles":", ".join(t['title'] for t in od)})
    assert len(od)==2, "the oracle completes two overdue tasks per list"
    rows[-1]["a"], rows[-1]["b"] = od[0]['id'], od[1]['id']
w(T+'complete_overdue.json',{
 "id":"todo.complete_overdue",
 "description":"Mark every overdue task of one list done (and nothing else): "+"; ".join("%s: %s"%(r['name'],r['titles']) for r in rows)+".",
 "apps":["todo"],
 "instruction":["Mark the overdue tasks in {l.name} as done.","{verb} every overdue task in my {l.name} list.","I finished everything overdue in {l.name}; {verb2} them in Tasks."],
 "parameters":{"l":{"tuple":rows},"verb":{"choice":["Complete","Check off","Tick off"]},"verb2":{"choice":["check them off","mark them complete","complete"]}},
 "judge":{"subtasks":[
   {"name":"the overdue tasks of {l.name} are done","path":"view.todo.tasks[id={l.ids}].completed","op":"==","value":True},
   {"name":"only those: {l.done} done in {l.name}","path":"view.todo.tasks[list={l.id}][completed=true]","op":"count","value":"{l.done}"}]},
 "expected_changes":["/apps/todo/tasks"],
 "oracle":[OPEN]+drawer_to("{l.id}")+[{"type":"click","target":"todo.task.{l.a}.check"},{"type":"click","target":"todo.task.{l.b}.check"},DONE],
 "taxonomy":tax("S1","operate","sequential","L2",["navigation","search_list","filter"]),
 "step_budget":30,"split":"train"})

# 4 query: how many unfinished tasks are due on a date
rows=[]
for k in range(0,16):
    d=(TODAY+datetime.timedelta(days=k)).isoformat()
    n=len([t for t in tasks if t['due']==d and not t['completed']])
    dd=TODAY+datetime.timedelta(days=k)
    rows.append({"date":d,"spoken":dd.strftime("%B %-d"),"n":n})
w(T+'query_due_on_date.json',{
 "id":"todo.query_due_on_date",
 "description":"AndroidWorld TasksDueOnDate: count the unfinished tasks (all lists) due on a date between Jan 1 and Jan 16, 2026.",
 "apps":["todo","answersheet"],
 "instruction":["How many unfinished tasks do I have due on {d.spoken}? Answer in the AnswerSheet.",
                "Count the tasks in Tasks that are due on {d.spoken} and not done yet, and put the number in the AnswerSheet."],
 "parameters":{"d":{"tuple":rows}},
 "answer_sheet":{"question":"How many unfinished tasks are due on {d.spoken}, 2026?","fields":[{"id":"count","label":"Number of tasks","type":"number"}],
   "expected":{"count":{"match":"number","value":"{d.n}","tolerance":0}}},
 "expected_changes":[],
 "oracle":[OPEN,{"type":"click","target":"todo.menu"},{"type":"click","target":"todo.drawer.all"},
   {"type":"open_app","app":"answersheet"},{"type":"click","target":"answersheet.field.count"},{"type":"type","text":"{d.n}"},
   {"type":"click","target":"answersheet.submit"},DONE],
 "taxonomy":tax("S1","query","atomic","L2",["navigation","counting","information_extraction"]),
 "step_budget":30,"split":"test"})

# 5 query: open high-priority tasks per list / completed per list
rows=[]
for l in lists:
    for prio in ["high","medium"]:
        n=len([t for t in tasks if t['list']==l['id'] and not t['completed'] and t['priority']==prio])
        rows.append({"id":l['id'],"name":l['name'],"prio":prio,"n":n})
w(T+'query_priority_count.json',{
 "id":"todo.query_priority_count",
 "description":"Count the unfinished tasks of one priority (high or medium) in one list.",
 "apps":["todo","answersheet"],
 "instruction":["How many {q.prio}-priority tasks are still open in my {q.name} list? Use the AnswerSheet.",
                "In Tasks, how many unfinished tasks in {q.name} have {q.prio} priority? Answer on the AnswerSheet."],
 "parameters":{"q":{"tuple":rows}},
 "answer_sheet":{"question":"How many unfinished {q.prio}-priority tasks are in {q.name}?","fields":[{"id":"count","label":"Number of tasks","type":"number"}],
   "expected":{"count":{"match":"number","value":"{q.n}","tolerance":0}}},
 "expected_changes":[],
 "oracle":[OPEN]+drawer_to("{q.id}")+[{"type":"click","target":"todo.options"},{"type":"click","target":"todo.sort.priority"},
   {"type":"open_app","app":"answersheet"},{"type":"click","target":"answersheet.field.count"},{"type":"type","text":"{q.n}"},
   {"type":"click","target":"answersheet.submit"},DONE],
 "taxonomy":tax("S1","query","atomic","L2",["navigation","counting","sort"]),
 "step_budget":30,"split":"train"})

# 6 rename a list
ren=[("2","Work","Office"),("2","Work","Job"),("3","Shopping","Groceries & errands"),("3","Shopping","To buy"),("4","Home","House"),
     ("4","Home","Chores"),("5","Fitness","Health"),("5","Fitness","Workouts"),("1","My Tasks","Personal"),("1","My Tasks","Inbox"),("2","Work","Day job")]
w(T+'rename_list.json',{
 "id":"todo.rename_list",
 "description":"Rename one of the five lists (drawer, the list's edit pencil, Save).",
 "apps":["todo"],
 "instruction":["Rename my {r.old} list to '{r.new}'.","In Tasks, change the name of the list {r.old} to {r.new}."],
 "parameters":{"r":{"tuple":[{"id":a,"old":b,"new":c} for a,b,c in ren]}},
 "judge":{"subtasks":[{"name":"the list is now called {r.new}","path":"view.todo.lists[id={r.id}].name","op":"==","value":"{r.new}"},
                      {"name":"still five lists","path":"view.todo.lists[*]","op":"count","value":5}]},
 "expected_changes":["/apps/todo/lists"],
 "oracle":[OPEN,{"type":"click","target":"todo.menu"},{"type":"click","target":"todo.drawer.list.{r.id}.edit"},
   {"type":"click","target":"todo.list.name"},{"type":"type","text":"{r.new}","clear":True},{"type":"click","target":"todo.list.save"},DONE],
 "taxonomy":tax("S1","operate","sequential","L2",["navigation","text_input"]),
 "step_budget":15,"split":"train"})

# 7 create a list and a task in it
newl=["Garden","Travel","Books to read","Car","Kids","Side project","Wedding","Moving","Taxes 2025","Holiday gifts","Volunteering"]
w(T+'create_list_with_task.json',{
 "id":"todo.create_list_with_task",
 "description":"Create a new list and add one task to it.",
 "apps":["todo"],
 "instruction":["Create a new list called '{name}' in Tasks and add the task '{task}' to it.","Make a '{name}' list with one task: {task}."],
 "parameters":{"name":{"choice":newl},"task":{"choice":["Make a plan","Set a budget","Collect ideas"]}},
 "judge":{"subtasks":[{"name":"a list named {name}","path":"view.todo.lists[name={name}]","op":"count","value":1},
                      {"name":"six lists","path":"view.todo.lists[*]","op":"count","value":6},
                      {"name":"the task '{task}' is in list 6","path":"view.todo.tasks[title={task}].list","op":"==","value":"6"}]},
 "expected_changes":["/apps/todo/lists","/apps/todo/tasks"],
 "oracle":[OPEN,{"type":"click","target":"todo.menu"},{"type":"click","target":"todo.drawer.new_list"},{"type":"click","target":"todo.list.name"},
   {"type":"type","text":"{name}"},{"type":"click","target":"todo.list.save"},{"type":"click","target":"todo.fab"},
   {"type":"click","target":"todo.edit.title"},{"type":"type","text":"{task}"},{"type":"click","target":"todo.edit.save"},DONE],
 "taxonomy":tax("S1","operate","sequential","L3",["navigation","text_input","form_filling"]),
 "step_budget":30,"split":"test"})

# 8 complete one task (search)
w(T+'complete_task.json',{
 "id":"todo.complete_task",
 "description":"Mark one open, non-repeating task done (any list; read from the phone).",
 "apps":["todo"],
 "instruction":["Mark the task '{t.title}' as done.","I've finished '{t.title}' - check it off in Tasks.","Complete '{t.title}' in my task list."],
 "parameters":{"t":{"from_state":{"path":"view.todo.tasks[completed=false][repeat=none]","fields":["id","title"]}}},
 "judge":{"subtasks":[{"name":"'{t.title}' is done","path":"view.todo.tasks[title={t.title}].completed","op":"==","value":True}]},
 "expected_changes":["/apps/todo/tasks"],
 "oracle":[OPEN]+search("{t.title}")+[{"type":"click","target":"todo.result.{t.id}.check"},DONE],
 "taxonomy":tax("S1","operate","atomic","L2",["search","toggle"]),
 "step_budget":15,"split":"train"})

# 9 move a task to another list
mv=[]
for t in tasks:
    if t['completed']: continue
    for l in lists:
        if l['id']!=t['list'] and (int(t['id'])*7+int(l['id']))%9==0: mv.append({"id":t['id'],"title":t['title'],"to":l['id'],"list":l['name']})
w(T+'move_task.json',{
 "id":"todo.move_task",
 "description":"Move an open task to another list (editor: List, pick the list).",
 "apps":["todo"],
 "instruction":["Move '{m.title}' to the {m.list} list.","In Tasks, put '{m.title}' in {m.list} instead.","'{m.title}' belongs in {m.list}; move it there."],
 "parameters":{"m":{"tuple":mv}},
 "judge":{"subtasks":[{"name":"'{m.title}' is in {m.list}","path":"view.todo.tasks[title={m.title}].list","op":"==","value":"{m.to}"}]},
 "expected_changes":["/apps/todo/tasks"],
 "oracle":[OPEN]+search("{m.title}")+[{"type":"click","target":"todo.result.{m.id}"},{"type":"click","target":"todo.edit.list"},
   {"type":"click","target":"todo.pick.{m.to}"},{"type":"click","target":"todo.edit.save"},DONE],
 "taxonomy":tax("S1","operate","sequential","L2",["search","navigation","form_filling"]),
 "step_budget":15,"split":"test"})

# 10 repeat every N days / weekly
w(T+'set_repeat.json',{
 "id":"todo.set_repeat",
 "description":"Make a one-off open task repeat every N days (2..6) - the 'Every N days' option with its number.",
 "apps":["todo"],
 "instruction":["Make '{t.title}' repeat every {n} days.","Set the task '{t.title}' to recur every {n} days.","'{t.title}' should come back every {n} days - set that up in Tasks."],
 "parameters":{"n":{"int":{"min":2,"max":6}},"t":{"from_state":{"path":"view.todo.tasks[completed=false][repeat=none][due!=]","fields":["id","title"]}}},
 "judge":{"subtasks":[{"name":"repeats every few days","path":"view.todo.tasks[title={t.title}].repeat","op":"==","value":"days"},
                      {"name":"every {n} days","path":"view.todo.tasks[title={t.title}].interval","op":"==","value":"{n}"}]},
 "expected_changes":["/apps/todo/tasks"],
 "oracle":[OPEN]+search("{t.title}")+[{"type":"click","target":"todo.result.{t.id}"},{"type":"click","target":"todo.edit.repeat"},
   {"type":"click","target":"todo.repeat.days"},{"type":"click","target":"todo.repeat.interval"},{"type":"type","text":"{n}","clear":True},
   {"type":"enter"},{"type":"click","target":"todo.repeat.ok"},{"type":"click","target":"todo.edit.save"},DONE],
 "taxonomy":tax("S1","operate","sequential","L3",["search","form_filling","text_input"]),
 "step_budget":30,"split":"train"})

# 11 add a subtask
w(T+'add_subtask.json',{
 "id":"todo.add_subtask",
 "description":"Add a subtask to a task that has subtasks already (the new one goes last, open).",
 "apps":["todo"],
 "instruction":["Add the subtask '{s}' to '{t.title}'.","In Tasks, give '{t.title}' a new subtask: {s}."],
 "parameters":{"s":{"choice":["Confirm the date","Ask Sam for input","Double-check the details","Print a copy"]},
               "t":{"tuple":[{"id":t['id'],"title":t['title'],"n":len(t['subtasks'])+1} for t in tasks if t['subtasks'] and not t['completed']]}},
 "judge":{"subtasks":[{"name":"'{s}' is a subtask of '{t.title}'","path":"view.todo.tasks[title={t.title}].subtasks[title={s}].done","op":"==","value":False},
                      {"name":"{t.n} subtasks","path":"view.todo.tasks[title={t.title}].subtasks[*]","op":"count","value":"{t.n}"}]},
 "expected_changes":["/apps/todo/tasks"],
 "oracle":[OPEN]+search("{t.title}")+[{"type":"click","target":"todo.result.{t.id}"},{"scroll_to":"todo.edit.subtask_add"},
   {"type":"click","target":"todo.edit.subtask_field"},{"type":"type","text":"{s}"},{"type":"enter"},{"type":"click","target":"todo.edit.subtask_add"},
   {"type":"click","target":"todo.edit.save"},DONE],
 "taxonomy":tax("S1","operate","sequential","L3",["search","text_input","scroll"]),
 "step_budget":30,"split":"test"})

# 12 delete a task (confirmation)
w(T+'delete_task.json',{
 "id":"todo.delete_task",
 "description":"Delete one task (editor's delete icon, confirmed); the other 59 stay.",
 "apps":["todo"],
 "instruction":["Delete the task '{t.title}'.","Remove '{t.title}' from Tasks, I don't need it anymore."],
 "parameters":{"t":{"from_state":{"path":"view.todo.tasks[completed=false]","fields":["id","title"]}}},
 "judge":{"subtasks":[{"name":"59 tasks left","path":"view.todo.tasks[*]","op":"count","value":59},
                      {"any":[{"path":"view.todo.tasks[title={t.title}]","op":"absent"}]}]},
 "expected_changes":["/apps/todo/tasks"],
 "oracle":[OPEN]+search("{t.title}")+[{"type":"click","target":"todo.result.{t.id}"},{"type":"click","target":"todo.edit.delete"},
   {"type":"click","target":"dialog.button.delete"},DONE],
 "taxonomy":tax("S1","operate","sequential","L2",["search","confirmation"]),
 "step_budget":15,"split":"train"})

# 13 reminder
w(T+'set_reminder.json',{
 "id":"todo.set_reminder",
 "description":"Give a task with a due date and time a reminder (15 min, 30 min, 1 hour or 1 day before). Notifications are allowed in setup.",
 "apps":["todo"],
 "instruction":["Remind me {r.spoken} '{t.title}' is due.","Set a reminder on '{t.title}' for {r.spoken} it's due."],
 "parameters":{"r":{"tuple":[{"m":15,"key":"15","spoken":"15 minutes before"},{"m":30,"key":"30","spoken":"30 minutes before"},
                             {"m":60,"key":"60","spoken":"an hour before"},{"m":1440,"key":"1440","spoken":"a day before"}]},
               "t":{"from_state":{"path":"view.todo.tasks[completed=false][reminder=-1][due_time!=]","fields":["id","title"]}}},
 "setup":[{"op":"add","path":"/os/permissions/todo","value":{"POST_NOTIFICATIONS":"granted"}}],
 "judge":{"subtasks":[{"name":"reminder {r.m} minutes before","path":"view.todo.tasks[title={t.title}].reminder","op":"==","value":"{r.m}"}]},
 "expected_changes":["/apps/todo/tasks"],
 "oracle":[OPEN]+search("{t.title}")+[{"type":"click","target":"todo.result.{t.id}"},{"type":"click","target":"todo.edit.reminder"},
   {"type":"click","target":"todo.reminder.{r.key}"},{"type":"click","target":"todo.edit.save"},DONE],
 "taxonomy":tax("S1","operate","sequential","L2",["search","form_filling"]),
 "step_budget":15,"split":"train"})

# 14 infeasible: complete a task that does not exist
fake=["Call the insurance broker","Buy a new laptop charger","Cancel the magazine subscription","Repaint the fence","Book a table at Nopa",
      "Send the invoice to Acme","Pick up Grandma's glasses","Return the rented skis","Order new business cards","Fix the bike brakes","Buy stamps"]
w(T+'complete_missing.json',{
 "id":"todo.complete_missing",
 "description":"Infeasible: the task to complete does not exist in any list (search finds nothing); the right ending is abort without changes.",
 "apps":["todo"],
 "feasible":False,
 "instruction":["Mark the task '{f}' as done.","Check off '{f}' in Tasks."],
 "parameters":{"f":{"choice":fake}},
 "judge":{"subtasks":[{"name":"no task changed","path":"apps.todo.tasks","op":"unchanged"}]},
 "expected_changes":[],
 "oracle":[OPEN]+search("{f}")+[{"type":"abort","reason":"There is no task called '{f}' in Tasks."}],
 "taxonomy":tax("S1","operate","atomic","L2",["search","infeasibility"]),
 "step_budget":15,"split":"test"})

# 15 description
w(T+'add_description.json',{
 "id":"todo.add_description",
 "description":"Write a description on a task that has none.",
 "apps":["todo"],
 "instruction":["Add the description '{d}' to the task '{t.title}'.","In Tasks, note '{d}' in the description of '{t.title}'."],
 "parameters":{"d":{"choice":["Ask about the weekend rate","Bring the receipt","Use the blue folder","Check with Jordan first"]},
               "t":{"from_state":{"path":"view.todo.tasks[completed=false][notes=]","fields":["id","title"]}}},
 "judge":{"subtasks":[{"name":"the description says '{d}'","path":"view.todo.tasks[title={t.title}].notes","op":"==","value":"{d}","as":"text"}]},
 "expected_changes":["/apps/todo/tasks"],
 "oracle":[OPEN]+search("{t.title}")+[{"type":"click","target":"todo.result.{t.id}"},{"type":"click","target":"todo.edit.notes"},
   {"type":"type","text":"{d}"},{"type":"click","target":"todo.edit.save"},DONE],
 "taxonomy":tax("S1","operate","sequential","L2",["search","text_input"]),
 "step_budget":15,"split":"test"})

def new_task(title, day_target):
    return [{"type":"click","target":"todo.fab"},{"type":"click","target":"todo.edit.title"},{"type":"type","text":title},
            {"type":"click","target":"todo.edit.due"},{"type":"click","target":day_target},{"type":"click","target":"todo.due.ok"},
            {"type":"click","target":"todo.edit.save"}]
# cross 1: a task for each of tomorrow's events
ev=["Walk Luna","Plumber visit","Call insurance about claim"]
o=[{"type":"open_app","app":"calendar"},{"type":"click","target":"calendar.day.2026-01-02"},OPEN]+drawer_to("{l.id}")
for e in ev: o+=new_task(e,"todo.due.tomorrow")
o.append(DONE)
w(C+'todo_tasks_from_calendar.json',{
 "id":"cross.todo_tasks_from_calendar",
 "description":"Transfer: tomorrow (Fri 2026-01-02) Calendar has three events (Walk Luna, daily 07:00; Plumber visit 10:00; Call insurance about claim 14:30); the agent reads them in Calendar and makes one task per event, titled as the event, due tomorrow, in the list the instruction names.",
 "apps":["calendar","todo"],
 "instruction":["Make a task in my {l.name} list for each of tomorrow's Calendar events, titled like the event and due tomorrow.",
                "{verb} a task for every event on my calendar tomorrow - same title, due tomorrow - in the {l.name} list in Tasks."],
 "parameters":{"l":{"tuple":[{"id":l['id'],"name":l['name'],"n":3+len([t for t in tasks if t['due']=='2026-01-02' and t['list']==l['id']])} for l in lists]},"verb":{"choice":["Create","Add","Set up"]}},
 "judge":{"subtasks":[{"name":"a task for %s due tomorrow"%e,"path":"view.todo.tasks[title~=%s].due"%e,"op":"==","value":"2026-01-02"} for e in ev]+
          [{"name":"the three new tasks are in {l.name}","path":"view.todo.tasks[due=2026-01-02][list={l.id}]","op":"count","value":"{l.n}"}]},
 "expected_changes":["/apps/todo/tasks"],
 "oracle":o,
 "taxonomy":tax("S2","operate","transfer","L4",["cross_app","information_extraction","form_filling"]),
 "step_budget":60,"split":"test"})

# cross 2: a task from a Chat message
asks=[{"title":"Pick up the concert tickets","ask":"pick up the concert tickets from the box office"},
      {"title":"Return Sam's ladder","ask":"bring back the ladder you borrowed"},
      {"title":"Send the trip photos","ask":"send me the photos from the trip"},
      {"title":"Buy the birthday card","ask":"grab a birthday card for Dana on your way"},
      {"title":"Book the restaurant","ask":"book the restaurant for our dinner"},
      {"title":"Print the flyers","ask":"print 20 of the bake sale flyers"}]
w(C+'todo_task_from_chat.json',{
 "id":"cross.todo_task_from_chat",
 "description":"Transfer: a friend asks me in Chat (setup, message 990) to do something by a January date; the agent adds it to Tasks under the given title, due on that date.",
 "apps":["chat","todo"],
 "instruction":["{c.name} asked me to do something in Chat. Add it to Tasks as '{t.title}', due on the day they need it by.",
                "Make a task '{t.title}' for what {c.name} asked me on Chat, with the due date they mentioned."],
 "parameters":{"c":{"from_state":{"path":"view.chat.chats[kind=direct]","fields":["id","name"]}},"day":{"range":{"min":10,"max":28}},"t":{"tuple":asks}},
 "setup":[{"op":"add","path":"/apps/chat/messages/990","value":{"chat":"{c.id}","from":"{c.id}","kind":"text","text":"Hey! Could you {t.ask} by January {day}? Thanks!","time_ms":1767254100000}}],
 "judge":{"subtasks":[{"name":"a task '{t.title}'","path":"view.todo.tasks[title~={t.title}].completed","op":"==","value":False},
                      {"name":"due 2026-01-{day}","path":"view.todo.tasks[title~={t.title}].due","op":"==","value":"2026-01-{day}"}]},
 "expected_changes":["/apps/todo/tasks"],
 "allowed_changes":["/apps/chat/chats/{c.id}"],
 "oracle":[{"type":"open_app","app":"chat"},{"scroll_to":"chat.row.{c.id}"},{"type":"click","target":"chat.row.{c.id}"},OPEN]+
          new_task("{t.title}","todo.due.day.2026-01-{day}")+[DONE],
 "taxonomy":tax("S2","operate","transfer","L4",["cross_app","information_extraction","text_input"]),
 "step_budget":30,"split":"train"})

# cross 3: a task from a Keep note
w(C+'todo_task_from_note.json',{
 "id":"cross.todo_task_from_note",
 "description":"Transfer: a pinned Keep note '{what}' (setup, note 20) says the deadline is January {day}; the agent adds a high-priority task with that title due that day.",
 "apps":["notes","todo"],
 "instruction":["Add a high-priority task '{what}' due on the deadline written in my note '{what}'.",
                "My note '{what}' has a deadline. Put it in Tasks with that due date and high priority."],
 "parameters":{"what":{"choice":["Renew the lease","Finish the grant report","Pay the property tax","Send the RSVP","Register for the 10K"]},"day":{"range":{"min":10,"max":28}}},
 "setup":[{"op":"add","path":"/apps/notes/notes/20","value":{"title":"{what}","body":"Deadline: January {day}, 2026.\nDon't leave it to the last minute.","labels":["Personal"],"pinned":True,"trashed":False,"color":"default","modified_ms":1767200000000}}],
 "judge":{"subtasks":[{"name":"due 2026-01-{day}","path":"view.todo.tasks[title~={what}].due","op":"==","value":"2026-01-{day}"},
                      {"name":"high priority","path":"view.todo.tasks[title~={what}].priority","op":"==","value":"high"}]},
 "expected_changes":["/apps/todo/tasks"],
 "oracle":[{"type":"open_app","app":"notes"},OPEN]+new_task("{what}","todo.due.day.2026-01-{day}")[:-1]+
          [{"type":"click","target":"todo.edit.priority.high"},{"type":"click","target":"todo.edit.save"},DONE],
 "taxonomy":tax("S2","operate","transfer","L4",["cross_app","information_extraction","form_filling"]),
 "step_budget":30,"split":"test"})

# cross 4: a task onto the Calendar
rows=[{"id":t['id'],"title":t['title'],"due":t['due']} for t in tasks if not t['completed'] and '2026-01-02'<=t['due']<='2026-01-31']
w(C+'todo_task_to_calendar.json',{
 "id":"cross.todo_task_to_calendar",
 "description":"Transfer: the agent looks up an open task's due date in Tasks and adds a Calendar event with the task's title on that date.",
 "apps":["todo","calendar"],
 "instruction":["Put my task '{t.title}' on my calendar as an event on its due date.","Block time in Calendar for '{t.title}' on the day it's due in Tasks, same title."],
 "parameters":{"t":{"tuple":rows}},
 "setup":[{"op":"add","path":"/os/permissions/calendar","value":{"POST_NOTIFICATIONS":"granted"}}],
 "judge":{"subtasks":[{"name":"an event titled {t.title}","path":"apps.calendar.events.41.title","op":"contains","value":"{t.title}"},
                      {"name":"on {t.due}","path":"apps.calendar.events.41.date","op":"==","value":"{t.due}"}]},
 "expected_changes":["/apps/calendar"],
 "oracle":[OPEN]+search("{t.title}")+[{"type":"open_app","app":"calendar"},{"type":"click","target":"calendar.day.{t.due}"},
   {"type":"click","target":"calendar.fab"},{"type":"click","target":"calendar.form.title"},{"type":"type","text":"{t.title}"},
   {"type":"click","target":"calendar.form.save"},DONE],
 "taxonomy":tax("S2","operate","transfer","L4",["cross_app","information_extraction","form_filling"]),
 "step_budget":30,"split":"train"})

# 16 change priority
rows=[]
for t in tasks:
    if t['completed']: continue
    for p in ["high","medium","low","none"]:
        if p!=t['priority'] and (int(t['id'])+len(p))%4==0: rows.append({"id":t['id'],"title":t['title'],"prio":p,"spoken":"no" if p=="none" else p})
w(T+'change_priority.json',{
 "id":"todo.change_priority",
 "description":"Change an open task's priority (the editor's coloured checkboxes).",
 "apps":["todo"],
 "instruction":["Set the priority of '{c.title}' to {c.spoken} priority.","Change '{c.title}' to {c.spoken} priority in Tasks.","Give '{c.title}' {c.spoken} priority."],
 "parameters":{"c":{"tuple":rows}},
 "judge":{"subtasks":[{"name":"'{c.title}' has {c.prio} priority","path":"view.todo.tasks[title={c.title}].priority","op":"==","value":"{c.prio}"}]},
 "expected_changes":["/apps/todo/tasks"],
 "oracle":[OPEN]+search("{c.title}")+[{"type":"click","target":"todo.result.{c.id}"},{"type":"click","target":"todo.edit.priority.{c.prio}"},
   {"type":"click","target":"todo.edit.save"},DONE],
 "taxonomy":tax("S1","operate","sequential","L2",["search","form_filling"]),
 "step_budget":15,"split":"train"})

# 17 reschedule to a February date (month navigation)
rows=[]
for k,t in enumerate([t for t in tasks if not t['completed'] and t['due'].startswith('2026-01') and t['repeat']=='none']):
    d=datetime.date(2026,2,1+(k*5)%27)
    rows.append({"id":t['id'],"title":t['title'],"date":d.isoformat(),"spoken":d.strftime("%A, February %-d")})
w(T+'reschedule_february.json',{
 "id":"todo.reschedule_february",
 "description":"Move an open task's due date to a day in February 2026 (the date picker's next-month arrow); its time, if any, stays.",
 "apps":["todo"],
 "instruction":["Push '{r.title}' back to {r.spoken}.","Reschedule the task '{r.title}' so it's due on {r.spoken}.","Change the due date of '{r.title}' to {r.spoken}."],
 "parameters":{"r":{"tuple":rows}},
 "judge":{"subtasks":[{"name":"'{r.title}' is due {r.date}","path":"view.todo.tasks[title={r.title}].due","op":"==","value":"{r.date}"},
                      {"name":"the time is kept","path":"view.todo.tasks[title={r.title}].due_time","op":"unchanged"}]},
 "expected_changes":["/apps/todo/tasks"],
 "oracle":[OPEN]+search("{r.title}")+[{"type":"click","target":"todo.result.{r.id}"},{"type":"click","target":"todo.edit.due"},
   {"type":"click","target":"todo.due.next"},{"type":"click","target":"todo.due.day.{r.date}"},{"type":"click","target":"todo.due.ok"},
   {"type":"click","target":"todo.edit.save"},DONE],
 "taxonomy":tax("S1","operate","sequential","L3",["search","date_time","navigation"]),
 "step_budget":30,"split":"test"})

# 18 query: titles of the overdue tasks (set)
rows=[]
for l in lists:
    od=[t['title'] for t in tasks if t['list']==l['id'] and overdue(t)]
    rows.append({"id":l['id'],"name":l['name'],"titles":", ".join(od)})
for r in rows: assert ',' not in r['titles'].replace(', ','|'), r
w(T+'query_overdue_titles.json',{
 "id":"todo.query_overdue_titles",
 "description":"List the overdue tasks of one list by title (a set answer): "+"; ".join("%s: %s"%(r['name'],r['titles']) for r in rows)+".",
 "apps":["todo","answersheet"],
 "instruction":["Which tasks in my {l.name} list are overdue? Write their titles in the AnswerSheet.","What's overdue in {l.name}? Answer with the task titles on the AnswerSheet, separated by commas."],
 "parameters":{"l":{"tuple":rows},"how":{"choice":["comma-separated","one after another, separated by commas"]}},
 "answer_sheet":{"question":"Which tasks in {l.name} are overdue? (titles, {how})","fields":[{"id":"titles","label":"Overdue tasks","type":"text"}],
   "expected":{"titles":{"match":"set","value":"{l.titles}"}}},
 "expected_changes":[],
 "oracle":[OPEN]+drawer_to("{l.id}")+[{"type":"click","target":"todo.options"},{"type":"click","target":"todo.show.overdue"},{"type":"click","target":"todo.options.scrim"},
   {"type":"open_app","app":"answersheet"},{"type":"click","target":"answersheet.field.titles"},{"type":"type","text":"{l.titles}"},
   {"type":"click","target":"answersheet.submit"},DONE],
 "taxonomy":tax("S1","query","atomic","L3",["navigation","filter","information_extraction"]),
 "step_budget":30,"split":"test"})

# 19 delete a list (with its tasks)
rows=[{"id":l['id'],"name":l['name'],"n":len([t for t in tasks if t['list']==l['id']])} for l in lists if l['id']!='1']
for r in rows: r['left']=len(tasks)-r['n']
w(T+'delete_list.json',{
 "id":"todo.delete_list",
 "description":"Delete a whole list (edit pencil in the drawer, Delete list, confirm); its tasks go with it, the other lists stay.",
 "apps":["todo"],
 "instruction":["Delete my {l.name} list in Tasks.","{verb} the {l.name} list, tasks and all.","I don't need the {l.name} list anymore - delete it."],
 "parameters":{"l":{"tuple":rows},"verb":{"choice":["Remove","Delete","Get rid of"]}},
 "judge":{"subtasks":[{"name":"four lists are left","path":"view.todo.lists[*]","op":"count","value":4},
                      {"name":"{l.name} is gone","path":"view.todo.lists[name!={l.name}]","op":"count","value":4},
                      {"name":"its tasks are gone","path":"view.todo.tasks[*]","op":"count","value":"{l.left}"}]},
 "expected_changes":["/apps/todo/lists","/apps/todo/tasks"],
 "oracle":[OPEN,{"type":"click","target":"todo.menu"},{"type":"click","target":"todo.drawer.list.{l.id}.edit"},{"type":"click","target":"todo.list.delete"},
   {"type":"click","target":"dialog.button.delete"},DONE],
 "taxonomy":tax("S1","operate","sequential","L3",["navigation","confirmation"]),
 "step_budget":15,"split":"train"})

# 20 hybrid: find the earliest-due open task of a list and make it high priority
rows=[]
for l in lists:
    op=sorted([t for t in tasks if t['list']==l['id'] and not t['completed'] and t['due']],key=lambda t:(t['due'],t['due_time'] or '99:99'))
    for k,word in [(0,"first"),(1,"second"),(2,"third")]:
        t=op[k]
        if t['priority']=='high': continue
        rows.append({"lid":l['id'],"name":l['name'],"id":t['id'],"title":t['title'],"nth":word})
w(T+'hybrid_nth_due_high.json',{
 "id":"todo.hybrid_nth_due_high",
 "description":"Hybrid: find the task that comes first/second/third by due date among a list's open tasks and make it high priority.",
 "apps":["todo"],
 "instruction":["In my {h.name} list, make the {h.nth} task by due date high priority.","Sort {h.name} by due date and give the {h.nth} open task high priority."],
 "parameters":{"h":{"tuple":rows}},
 "judge":{"subtasks":[{"name":"'{h.title}' is high priority","path":"view.todo.tasks[title={h.title}].priority","op":"==","value":"high"}]},
 "expected_changes":["/apps/todo/tasks"],
 "oracle":[OPEN]+drawer_to("{h.lid}")+[{"type":"click","target":"todo.task.{h.id}"},{"type":"click","target":"todo.edit.priority.high"},
   {"type":"click","target":"todo.edit.save"},DONE],
 "taxonomy":tax("S1","hybrid","sequential","L2",["navigation","sort","form_filling"]),
 "step_budget":15,"split":"test"})
rows=[{"id":t['id'],"title":t['title']} for t in tasks if not t['completed']][::3]
w(T+'move_to_missing_list.json',{
 "id":"todo.move_to_missing_list",
 "description":"Infeasible: move a task to a list that does not exist (Groceries, Errands and Bills are tags, Travel and Errands lists do not exist); the right ending is abort, with no list created and no task moved.",
 "apps":["todo"],
 "feasible":False,
 "instruction":["Move '{t.title}' to my {missing} list.","Put the task '{t.title}' in the {missing} list."],
 "parameters":{"t":{"tuple":rows},"missing":{"choice":["Groceries","Errands","Travel","Bills","Garden"]}},
 "judge":{"subtasks":[{"name":"no task moved or changed","path":"apps.todo.tasks","op":"unchanged"},
                      {"name":"no list created","path":"apps.todo.lists","op":"unchanged"}]},
 "expected_changes":[],
 "oracle":[OPEN]+search("{t.title}")+[{"type":"click","target":"todo.result.{t.id}"},{"type":"click","target":"todo.edit.list"},
   {"type":"abort","reason":"There is no {missing} list in Tasks."}],
 "taxonomy":tax("S1","operate","sequential","L2",["search","infeasibility"]),
 "step_budget":15,"split":"train"})

rows=[{"id":t['id'],"title":t['title'],"due":t['due'],"time":t['due_time']} for t in tasks if not t['completed'] and t['due_time'] and t['due']>='2026-01-01']
w(C+'todo_timed_task_to_calendar.json',{
 "id":"cross.todo_timed_task_to_calendar",
 "description":"A task with a due date and time goes onto the Calendar at that date and time (Tasks' editor: Add to calendar opens Calendar's prefilled New event form; or by hand in Calendar).",
 "apps":["todo","calendar"],
 "instruction":["Add my task '{t.title}' to my calendar at the time it's due.","Put '{t.title}' from Tasks on my calendar, on its due date and time."],
 "parameters":{"t":{"tuple":rows}},
 "setup":[{"op":"add","path":"/os/permissions/calendar","value":{"POST_NOTIFICATIONS":"granted"}}],
 "judge":{"subtasks":[{"name":"an event titled {t.title}","path":"apps.calendar.events.41.title","op":"contains","value":"{t.title}"},
                      {"name":"on {t.due}","path":"apps.calendar.events.41.date","op":"==","value":"{t.due}"},
                      {"name":"starting {t.time}","path":"apps.calendar.events.41.start","op":"==","value":"{t.time}","as":"time"}]},
 "expected_changes":["/apps/calendar"],
 "oracle":[OPEN]+search("{t.title}")+[{"type":"click","target":"todo.result.{t.id}"},{"type":"click","target":"todo.edit.calendar"},
   {"type":"click","target":"calendar.form.save"},DONE],
 "taxonomy":tax("S2","operate","transfer","L4",["cross_app","intent","form_filling"]),
 "step_budget":30,"split":"test"})

def sp(d): return d.strftime("%A, %B %-d")
rows=[]
wins=[("this week",datetime.date(2025,12,28),datetime.date(2026,1,3)),("next week",datetime.date(2026,1,4),datetime.date(2026,1,10)),
      ("the week after next",datetime.date(2026,1,11),datetime.date(2026,1,17))]
for k in range(0,9):
    a=TODAY+datetime.timedelta(days=k); b=a+datetime.timedelta(days=2); wins.append(("the three days from %s"%a.strftime("%B %-d"),a,b))
for name,a,b in wins:
    n=len([t for t in tasks if not t['completed'] and t['due'] and a.isoformat()<=t['due']<=b.isoformat()])
    rows.append({"name":name,"start":sp(a),"end":sp(b),"n":n})
w(T+'query_due_window.json',{
 "id":"todo.query_due_window",
 "description":"AndroidWorld TasksDueNextWeek-style: count the unfinished tasks (all lists) due in a window of days, the window spelled out (weeks run Sunday to Saturday).",
 "apps":["todo","answersheet"],
 "instruction":["How many unfinished tasks are due {w.name} ({w.start} to {w.end})? Put the number in the AnswerSheet.",
                "Count my open tasks due from {w.start} through {w.end} and answer on the AnswerSheet."],
 "parameters":{"w":{"tuple":rows}},
 "answer_sheet":{"question":"How many unfinished tasks are due from {w.start} to {w.end}?","fields":[{"id":"count","label":"Number of tasks","type":"number"}],
   "expected":{"count":{"match":"number","value":"{w.n}","tolerance":0}}},
 "expected_changes":[],
 "oracle":[OPEN,{"type":"click","target":"todo.menu"},{"type":"click","target":"todo.drawer.all"},
   {"type":"open_app","app":"answersheet"},{"type":"click","target":"answersheet.field.count"},{"type":"type","text":"{w.n}"},
   {"type":"click","target":"answersheet.submit"},DONE],
 "taxonomy":tax("S1","query","atomic","L2",["navigation","counting","time_reasoning"]),
 "step_budget":30,"split":"train"})

rows=[]
for l in lists:
    for p in ["high","medium"]:
        ts=[t['title'] for t in tasks if t['list']==l['id'] and not t['completed'] and t['priority']==p]
        if ts: rows.append({"id":l['id'],"name":l['name'],"prio":p,"titles":", ".join(ts)})
w(T+'query_priority_titles.json',{
 "id":"todo.query_priority_titles",
 "description":"AndroidWorld TasksHighPriorityTasks-style: name the unfinished tasks of one priority in one list (a set answer).",
 "apps":["todo","answersheet"],
 "instruction":["What are my {q.prio}-priority tasks in {q.name} that aren't done yet? List their titles in the AnswerSheet.",
                "Which open tasks in my {q.name} list have {q.prio} priority? Answer with their titles, comma-separated, on the AnswerSheet."],
 "parameters":{"q":{"tuple":rows}},
 "answer_sheet":{"question":"Unfinished {q.prio}-priority tasks in {q.name} (titles, comma-separated)","fields":[{"id":"titles","label":"Tasks","type":"text"}],
   "expected":{"titles":{"match":"set","value":"{q.titles}"}}},
 "expected_changes":[],
 "oracle":[OPEN]+drawer_to("{q.id}")+[{"type":"click","target":"todo.options"},{"type":"click","target":"todo.sort.priority"},
   {"type":"open_app","app":"answersheet"},{"type":"click","target":"answersheet.field.titles"},{"type":"type","text":"{q.titles}"},
   {"type":"click","target":"answersheet.submit"},DONE],
 "taxonomy":tax("S1","query","atomic","L3",["navigation","sort","information_extraction"]),
 "step_budget":30,"split":"test"})

# 23 multi-select: delete two tasks of a list at once (long press, tap, delete, confirm)
RANK={"high":3,"medium":2,"low":1,"none":0}
def due_key(t):
    if not t['due']: return (1, '', '', 0)
    return (0, t['due'], t['due_time'] or '23:59', -RANK[t['priority']])
rows=[]
for l in lists:
    op=sorted([t for t in tasks if t['list']==l['id'] and not t['completed']], key=due_key)[:4]
    for i in range(len(op)):
        for k in range(i+1,len(op)):
            if (i+k)%2==1: rows.append({"lid":l['id'],"name":l['name'],"a":op[i]['id'],"at":op[i]['title'],"b":op[k]['id'],"bt":op[k]['title']})
w(T+'delete_two_tasks.json',{
 "id":"todo.delete_two_tasks",
 "description":"Delete two tasks of one list together (a long press selects, a tap adds, delete, confirm); the other 58 stay.",
 "apps":["todo"],
 "instruction":["Delete '{d.at}' and '{d.bt}' from my {d.name} list.","Remove both '{d.at}' and '{d.bt}' in Tasks."],
 "parameters":{"d":{"tuple":rows}},
 "judge":{"subtasks":[{"name":"58 tasks left","path":"view.todo.tasks[*]","op":"count","value":58},
                      {"name":"neither is left","path":"view.todo.tasks[title={d.at}|{d.bt}]","op":"count","value":0}]},
 "expected_changes":["/apps/todo/tasks"],
 "oracle":[OPEN]+drawer_to("{d.lid}")+[{"type":"long_press","target":"todo.task.{d.a}"},{"type":"click","target":"todo.task.{d.b}"},
   {"type":"click","target":"todo.select.delete"},{"type":"click","target":"dialog.button.delete"},DONE],
 "taxonomy":tax("S1","operate","sequential","L3",["navigation","multi_select","confirmation"]),
 "step_budget":15,"split":"train"})

# 24 query: open tasks with a tag (the drawer's tag filters)
TAGS=["Errands","Bills","Groceries","Admin","Reading"]
rows=[{"tag":g,"slug":g.lower(),"n":len([t for t in tasks if not t['completed'] and g in t['tags']])} for g in TAGS]
w(T+'query_tag_count.json',{
 "id":"todo.query_tag_count",
 "description":"Count the unfinished tasks that carry a tag (any list); the drawer's tag filter shows them.",
 "apps":["todo","answersheet"],
 "instruction":["How many unfinished tasks are tagged {g.tag}? {how}","Count my open {g.tag} tasks in Tasks. {how}"],
 "parameters":{"g":{"tuple":rows},"how":{"choice":["Answer in the AnswerSheet.","Put the number in the AnswerSheet."]}},
 "answer_sheet":{"question":"How many unfinished tasks have the tag {g.tag}?","fields":[{"id":"count","label":"Number of tasks","type":"number"}],
   "expected":{"count":{"match":"number","value":"{g.n}","tolerance":0}}},
 "expected_changes":[],
 "oracle":[OPEN,{"type":"click","target":"todo.menu"},{"scroll_to":"todo.drawer.tag.{g.slug}"},{"type":"click","target":"todo.drawer.tag.{g.slug}"},
   {"type":"open_app","app":"answersheet"},{"type":"click","target":"answersheet.field.count"},{"type":"type","text":"{g.n}"},
   {"type":"click","target":"answersheet.submit"},DONE],
 "taxonomy":tax("S1","query","atomic","L2",["navigation","filter","counting"]),
 "step_budget":30,"split":"train"})
