"""The run-time timetable, fares and seat occupancy of travel_model.hpp replayed in Python, for
the task generator (gen_templates.py). Keep the two in step."""
import json, datetime
import os
W=os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'world') + '/'
LINES=json.load(open(W+'lines.json')); ST={s['id']:s for s in json.load(open(W+'stations.json'))}
ORD=json.load(open(W+'orders.json'))
SPEED={"express":128,"intercity":96,"regional":72}
def fnv(s):
    h=2166136261
    for c in s.encode(): h=((h^c)*16777619)&0xffffffff
    return h
def hm(m): return "%02d:%02d"%(m//60%24,m%60)
def pm(s): h,m=map(int,s.split(':')); return h*60+m
def stops(line,svc):
    n=len(line['stations']); order=list(range(n)) if svc['dir']==0 else list(range(n-1,-1,-1))
    st=[k for k in order if svc['stops'][k]=='1']; t0=pm(svc['dep']); v=SPEED[svc['type']]
    return [(line['stations'][k], t0+(abs(line['km'][k]-line['km'][st[0]])*60+v//2)//v+2*max(0,j-1)) for j,k in enumerate(st)]
def wd(date): return (datetime.date.fromisoformat(date).weekday()+1)%7
def runs(svc,date):
    if not ("2026-01-01"<=date<="2026-03-01"): return False
    d=svc['days']; w=wd(date)
    if d=='weekdays': return 1<=w<=5
    if d=='weekends': return w in (0,6)
    return True
def fare(t,km,c):
    m={"express":120,"intercity":100,"regional":85}[t]; s=(350+km*11)*m//100; s=(s+5)//10*10
    return s*16//100*10 if c=='first' else s*27//100*10 if c=='business' else s
def classes(t): return ['first','standard'] if t=='regional' else ['business','first','standard']
COACH={'business':(5,'AD'),'first':(9,'ACD'),'standard':(16,'ABCD')}
def taken(train,date,cls):
    key=f"{train}|{date}|{cls}"; load=15+fnv(key)%80; r,L=COACH[cls]; out=set()
    for i in range(1,r+1):
        for l in L:
            s="%02d%s"%(i,l)
            if fnv(key+"|"+s)%100<load: out.add(s)
    for o in ORD:
        if o['status'] in ('paid',) and o['train']==train and o['date']==date and o['class']==cls:
            for p in o['passengers']: out.add(p['seat'])
    return out
def left(train,date,cls):
    r,L=COACH[cls]; return r*len(L)-len(taken(train,date,cls))
def search(f,t,date):
    out=[]
    for line in LINES:
        ids=line['stations']
        if f not in ids or t not in ids: continue
        for svc in line['services']:
            if not runs(svc,date): continue
            s=stops(line,svc); names=[a for a,_ in s]
            if f in names and t in names and names.index(f)<names.index(t):
                km=abs(line['km'][ids.index(t)]-line['km'][ids.index(f)])
                out.append(dict(train=svc['train'],type=svc['type'],dep=dict(s)[f],arr=dict(s)[t],km=km,
                    between=names.index(t)-names.index(f)-1,date=date,frm=f,to=t))
    out.sort(key=lambda x:x['dep']); return out
def name(s): return ST[s]['name']
