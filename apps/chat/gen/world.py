# Generates apps/chat/world/*.json (python3 apps/chat/gen/world.py [waveA_shared.json]) (friends, chats, messages, moments, requests, places).
# Times are UTC ("YYYY-MM-DD HH:MM"); the phone's clock starts at 2026-01-01 08:00 UTC.
import calendar, json, os, sys, time

REPO = os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..', '..'))
OUT = os.path.join(REPO, 'apps/chat/world')
people = json.load(open(os.path.join(REPO, 'apps/contacts/world/people.json')))
# The wave-A contract's data (x01..x14 transfers), /tmp/waveA_shared.json when this was generated.
shared = json.load(open(sys.argv[1] if len(sys.argv) > 1 else '/tmp/waveA_shared.json'))


def ms(s):
    return calendar.timegm(time.strptime(s, '%Y-%m-%d %H:%M')) * 1000


def name_of(p):
    n = (p['first'] + ' ' + p['last']).strip()
    return n


# ---------------------------------------------------------------- friends
OAKLAND = {11, 12, 15, 18, 19, 22, 24, 27, 29, 35, 38}
REGION = {3: 'Berkeley, CA', 5: 'Berkeley, CA', 9: 'San Francisco, CA', 13: 'Munich, Germany', 16: 'Sacramento, CA',
          26: 'Sacramento, CA', 30: 'Sacramento, CA', 34: 'San Francisco, CA', 28: 'Denver, CO', 20: 'San Jose, CA',
          33: 'Palo Alto, CA', 36: 'Palo Alto, CA', 37: 'San Jose, CA', 39: 'Daly City, CA', 4: 'San Mateo, CA'}
TAGS = {1: ['Friends'], 2: [], 3: ['Friends'], 4: [], 5: ['Friends'], 6: ['Work'], 7: ['Friends'], 8: ['Neighbors'],
        9: ['Friends'], 10: ['Work', 'Climbing'], 11: [], 12: [], 13: ['Friends'], 14: ['Book club'], 15: [],
        16: ['Family'], 17: ['Work'], 18: [], 19: [], 20: [], 21: ['Climbing', 'Friends'], 22: [], 23: ['Book club', 'Friends'],
        24: [], 25: ['Work'], 26: ['Family'], 27: [], 28: ['Climbing', 'Friends'], 29: [], 30: ['Family'], 31: ['Book club'],
        32: ['Friends'], 33: [], 34: ['Friends'], 35: [], 36: [], 37: ['Neighbors'], 38: [], 39: ['Neighbors'], 40: ['Climbing', 'Friends']}
SIGN = {1: 'Sunshine and sourdough', 2: 'Moving things since 2009', 3: 'Ramen is a food group', 4: 'Coffee first',
        5: 'Currently reading: too many books', 6: 'Ship it', 7: 'Live music or nothing', 8: 'No leak too small',
        9: 'Bonjour from the Outer Sunset', 10: 'Climb, code, repeat', 11: 'Out of office', 12: 'Numbers tell stories',
        13: 'Munich <-> SF', 14: 'Shh, I am reading', 15: 'Surf check at 6am', 16: 'Garden, grandkids, gossip',
        17: 'Pixel perfect', 18: 'Photographs and long walks', 19: 'Always learning', 20: 'Pasta fresca every day',
        21: 'Trail runner', 22: 'One more rep', 23: 'Brunch enthusiast', 24: 'Jollof champion', 25: 'Design is how it works',
        26: 'Cabin weekends', 27: 'Fika time', 28: 'Yoga, climbing, coffee', 29: 'Spreadsheets at dawn',
        30: 'Call your mother', 31: 'Tea and poetry', 32: 'Board game collector', 33: 'Smile!', 34: 'Wanderlust',
        35: 'Samba on Saturdays', 36: 'Floss daily', 37: 'Futbol and family', 38: 'Istanbul in my heart',
        39: 'Sketching the city', 40: 'Send it'}

friends = []
for p in people:
    i = p['id']
    first, last = p['first'], p['last']
    handle = (first + ('.' + last if last else '')).lower().replace(' ', '').replace("'", '')
    for a, b in (('é', 'e'), ('ü', 'u'), ('ó', 'o'), ('í', 'i'), ('á', 'a')):
        handle = handle.replace(a, b)
    if i == 30:
        handle = 'linda.walker58'
    region = 'Oakland, CA' if i in OAKLAND else REGION.get(i, 'San Francisco, CA')
    friends.append({'id': 'f%d' % i, 'contact': i, 'name': name_of(p), 'phone': p['phones'][0]['number'],
                    'handle': handle, 'region': region, 'signature': SIGN[i], 'tags': TAGS[i]})
FNAME = {f['id']: f['name'] for f in friends}

# ---------------------------------------------------------------- places (the location picker)
places = [
    {'id': 'ferry_building', 'name': 'Ferry Building Marketplace', 'address': '1 Ferry Building, San Francisco, CA 94111'},
    {'id': 'tartine', 'name': 'Tartine Bakery', 'address': '600 Guerrero St, San Francisco, CA 94110'},
    {'id': 'dolores_park', 'name': 'Dolores Park', 'address': 'Dolores St & 19th St, San Francisco, CA 94114'},
    {'id': 'mission_cliffs', 'name': 'Mission Cliffs', 'address': '2295 Harrison St, San Francisco, CA 94110'},
    {'id': 'city_lights', 'name': 'City Lights Booksellers', 'address': '261 Columbus Ave, San Francisco, CA 94133'},
    {'id': 'blue_bottle', 'name': 'Blue Bottle Coffee', 'address': '315 Linden St, San Francisco, CA 94102'},
    {'id': 'sfjazz', 'name': 'SFJAZZ Center', 'address': '201 Franklin St, San Francisco, CA 94102'},
    {'id': 'twin_peaks', 'name': 'Twin Peaks Summit', 'address': '501 Twin Peaks Blvd, San Francisco, CA 94114'},
    {'id': 'oakland_museum', 'name': 'Oakland Museum of California', 'address': '1000 Oak St, Oakland, CA 94607'},
    {'id': 'lake_merritt', 'name': 'Lake Merritt Boathouse', 'address': '568 Bellevue Ave, Oakland, CA 94610'},
    {'id': 'rose_garden', 'name': 'Berkeley Rose Garden', 'address': '1200 Euclid Ave, Berkeley, CA 94708'},
    {'id': 'zuni', 'name': 'Zuni Cafe', 'address': '1658 Market St, San Francisco, CA 94102'},
]
PLACE = {p['name']: p for p in places}

# ---------------------------------------------------------------- gallery photos (mine)
gallery = {p['id']: p for p in json.load(open(os.path.join(REPO, 'apps/gallery/world/photos.json')))}

# ---------------------------------------------------------------- transfers (the shared contract)
TRANSFERS = {x['id']: x for x in shared['transfers']}
FID = {f['name']: f['id'] for f in friends}

# ---------------------------------------------------------------- chats and messages
# A line: "YYYY-MM-DD HH:MM|who|text" (who: me, them (the friend of a 1:1 chat) or a friend id), or a
# tuple (time, who, {special fields}).
messages = []
chats = []


def T(x):  # a transfer of the contract
    t = TRANSFERS[x]
    return ('%s' % t['at'], 'me' if t['direction'] == 'sent' else 'them',
            {'kind': 'transfer', 'amount_cents': t['amount_cents'], 'note': t['note'], 'ref': 'chat:' + x,
             'party': t['friend'], 'text': ''})


def PH(photo_id, text=''):
    g = gallery[photo_id]
    return {'kind': 'photo', 'photo': photo_id, 'scene': g['scene'], 'text': text}


def SC(kind, palette, seed, text=''):
    return {'kind': 'photo', 'photo': '', 'scene': {'kind': kind, 'palette': palette, 'seed': seed}, 'text': text}


def LOC(name, address=None):
    if address is None:
        address = PLACE[name]['address']
    return {'kind': 'location', 'place': name, 'address': address, 'text': ''}


def CARD(contact_id):
    p = people[contact_id - 1]
    return {'kind': 'card', 'card_contact': contact_id, 'card_name': name_of(p), 'card_phone': p['phones'][0]['number'], 'text': ''}


def chat(cid, lines, read=None, pinned=False, muted=False, name=None, members=None, owner='', notice=''):
    kind = 'group' if cid.startswith('g') else 'direct'
    items = []
    for ln in lines:
        if isinstance(ln, tuple):
            at, who, extra = ln
        else:
            at, who, text = ln.split('|', 2)
            extra = {'kind': 'text', 'text': text}
        if who == 'them':
            who = cid
        items.append((ms(at), who, extra))
    items.sort(key=lambda x: x[0])
    for at, who, extra in items:
        m = {'chat': cid, 'from': who, 'time_ms': at}
        m.update(extra)
        messages.append(m)
    last = items[-1][0]
    chats.append({'id': cid, 'kind': kind, 'name': name or FNAME[cid], 'members': members or [cid], 'owner': owner,
                  'notice': notice, 'pinned': pinned, 'muted': muted,
                  'read_ms': ms(read) if read else last, 'cleared_ms': 0})


chat('f30', [
    '2025-10-05 18:00|them|Are you coming home for Thanksgiving?',
    '2025-10-05 18:30|me|Yes! Arriving Wednesday night',
    '2025-10-05 18:31|them|Wonderful. I will make up the guest room',
    '2025-11-14 16:50|them|I got us tickets for the movie on Saturday, $12 each',
    '2025-11-14 17:20|me|Thanks Mom, sending you my half now',
    T('x08'),
    '2025-11-14 17:22|them|Thank you sweetie',
    ('2025-11-27 15:30', 'me', PH('IMG_20251127_152000')),
    '2025-11-27 15:35|them|Everything looks perfect',
    '2025-12-20 10:00|them|Can you bring the pie for Christmas Eve?',
    '2025-12-20 10:05|me|Of course, pumpkin or apple?',
    '2025-12-20 10:06|them|Apple please',
    ('2025-12-24 19:40', 'me', PH('IMG_20251224_193002')),
    '2025-12-31 23:55|me|Happy almost new year Mom!',
    "2026-01-01 07:40|them|Happy New Year sweetie! Call me when you're up",
], read='2026-01-01 07:45', pinned=True)

chat('f1', [
    '2025-10-06 18:40|them|Thanks for hosting pizza night! How much do I owe you?',
    '2025-10-06 18:45|me|$15 each, the pizzas were $60 total',
    T('x01'),
    '2025-10-06 18:55|me|Got it, thanks!',
    '2025-11-02 11:10|them|Are you coming to the farmers market on Sunday?',
    '2025-11-02 11:32|me|Yes! Meet at the Ferry Building at 10?',
    ('2025-11-02 11:33', 'me', LOC('Ferry Building Marketplace')),
    '2025-11-02 11:35|them|Perfect',
    '2025-12-16 18:10|them|Sending my part of the storage unit rent now',
    T('x13'),
    '2025-12-16 18:30|me|Received, thank you',
    '2025-12-29 20:05|them|Any plans for New Year\'s Eve?',
    '2025-12-29 20:12|me|Watching the fireworks at the Embarcadero, want to join?',
    "2025-12-29 20:14|them|Count me in! I'll bring sparklers",
    ('2025-12-31 23:59', 'me', PH('IMG_20251231_235930')),
    '2026-01-01 00:03|them|Happy New Year!! What a show',
])

chat('f7', [
    '2025-10-10 14:30|them|Got us two tickets for Khruangbin at the Greek Theatre, Oct 25!',
    '2025-10-10 14:41|me|Amazing! How much was mine?',
    "2025-10-10 14:42|them|$15 with the presale code, don't ask how",
    T('x02'),
    '2025-10-10 14:56|them|Thanks man',
    '2025-10-25 23:40|me|Best show of the year',
    '2025-10-25 23:42|them|Agreed. My ears are still ringing',
    "2025-12-20 19:02|them|We're chipping in for Noah's birthday gift, a new camera lens. $32.50 each",
    "2025-12-21 16:05|me|I'm in, sending now",
    T('x14'),
    '2025-12-21 16:12|them|Got it. Party is Saturday at 8 at his place',
    '2025-12-30 10:15|them|Do you still have my camping stove?',
    "2025-12-30 10:40|me|Yes, I'll bring it on Saturday",
    '2025-12-30 10:42|them|No rush, just need it before the Yosemite trip in February',
])

chat('f8', [
    '2025-11-18 09:02|me|Hi Carlos, the water heater is making a knocking noise again',
    '2025-11-18 09:30|them|Probably sediment. I can come Tuesday morning to flush it',
    '2025-11-18 09:31|me|Tuesday works, thank you',
    "2025-11-25 13:20|them|Done. The anode rod was worn, I'll order a new one. Parts are $180",
    '2025-11-25 13:25|me|OK, go ahead and order it',
    '2025-12-10 18:40|them|Also, I have an extra ticket for the jazz night at SFJAZZ on Friday, $8.50 if you want it',
    '2025-12-10 18:45|me|Yes please!',
    T('x12'),
    '2025-12-10 18:52|them|See you there, doors at 7:30',
    ('2025-12-10 18:53', 'them', LOC('SFJAZZ Center')),
    '2025-12-22 08:15|them|The anode rod arrived, I can install it on January 6',
    '2025-12-22 08:40|me|Great, January 6 works',
])

chat('f10', [
    '2025-10-17 16:20|them|Gym locker rent for this month is $17, half is $8.50',
    T('x03'),
    '2025-10-17 16:33|them|Thanks!',
    '2025-11-08 19:12|them|Are you coming to bouldering this weekend?',
    '2025-11-08 19:20|me|Yes. Which gym?',
    "2025-11-08 19:22|them|Let's try Mission Cliffs on Saturday, they reopened the bouldering cave",
    '2025-11-08 19:23|me|Sounds good, 10am?',
    '2025-11-08 19:25|them|10am it is',
    '2025-12-05 12:00|them|Do you know a good plumber? Our kitchen sink is leaking',
    ('2025-12-05 12:05', 'me', CARD(8)),
    '2025-12-05 12:06|me|Carlos is great, tell him I sent you',
    '2025-12-05 12:10|them|Thanks, calling him now',
    "2025-12-12 17:45|me|Can you review my slides for Monday's demo?",
    '2025-12-12 18:02|them|Sure, send them over',
    "2025-12-12 18:05|me|Thanks, they're in the shared drive",
    '2025-12-30 15:30|them|Climbing tomorrow at 10?',
    "2025-12-30 15:42|me|I'm in",
])

chat('f13', [
    '2025-10-21 09:00|them|Happy birthday Alex!! Hope you have an amazing day',
    '2025-10-21 09:15|me|Thank you Emma!',
    T('x04'),
    '2025-10-21 17:50|them|Treat yourself to something nice from me',
    "2025-10-21 18:02|me|You're too kind, thank you so much",
    '2025-11-21 12:30|them|We should catch up! Dinner next week?',
    '2025-11-21 12:45|me|Yes! Thursday?',
    '2025-11-21 12:50|them|Thursday works. I booked Zuni Cafe at 8',
    ('2025-11-21 12:51', 'them', LOC('Zuni Cafe')),
    '2025-11-27 22:40|me|That roast chicken was unreal',
    '2025-11-27 22:45|them|Right?! Next time you pick the place',
    '2025-12-24 10:00|them|Merry Christmas Alex!',
    '2025-12-24 10:20|me|Merry Christmas Emma! Enjoy Munich',
])

chat('f23', [
    '2025-10-28 19:50|them|Thanks for sharing the ride! The taxi was $40',
    T('x05'),
    '2025-10-28 20:10|them|Got it',
    '2025-11-15 10:05|them|Have you finished the book for book club?',
    '2025-11-15 10:30|me|Halfway there. The ending better be good',
    ('2025-12-05 18:00', 'them', LOC('City Lights Booksellers')),
    '2025-12-05 18:01|them|Author signing here next Thursday!',
    "2025-12-05 18:30|me|I'll be there",
    '2025-12-31 21:30|them|Countdown is starting soon!',
    '2026-01-01 07:30|them|Happy New Year! Brunch at Plow on Sunday at 11?',
    '2026-01-01 07:31|them|I already asked Fatima and Nadia',
], read='2025-12-31 22:00')

chat('f26', [
    '2025-11-04 12:40|them|Grabbed the groceries for the cabin weekend, $40 total',
    T('x06'),
    '2025-11-04 13:12|them|Thanks cuz',
    "2025-11-06 20:00|me|What's the wifi password at the cabin?",
    '2025-11-06 20:05|them|Wifi password at the cabin is pinecone42',
    ('2025-11-09 17:00', 'them', SC('mountains', 2, 61)),
    '2025-11-09 17:02|them|Miss this place already',
    '2025-12-26 14:00|me|Thanks for hosting Christmas!',
    '2025-12-26 14:20|them|Anytime. Tell your mom thanks for the apple pie',
])

chat('f28', [
    '2025-11-08 09:00|them|Can you pick up two bags of the Ethiopian beans from Sightglass for me?',
    "2025-11-08 09:10|me|Sure, I'm going there tomorrow",
    '2025-11-09 15:50|me|Got them! $32.50 for both',
    T('x07'),
    "2025-11-09 16:07|them|You're a lifesaver",
    '2025-12-02 19:30|them|Yoga in Dolores Park on Saturday?',
    "2025-12-02 19:45|me|If it's not raining!",
    '2025-12-19 08:10|them|Happy holidays! Leaving for Denver tomorrow',
    '2025-12-19 08:20|me|Safe travels Maya!',
    '2025-12-26 18:00|them|Denver is freezing. Miss the Bay already',
    '2025-12-26 18:30|me|We miss you too! Back for the New Year?',
    '2025-12-26 18:31|them|Flying back on January 3',
])

chat('f32', [
    '2025-11-22 17:30|them|Dinner was $90 for the six of us, $15 each',
    T('x09'),
    '2025-11-22 17:48|them|Thanks!',
    '2025-12-08 20:15|them|Game night at my place on Friday',
    '2025-12-08 20:16|them|Can you bring Catan? Mine is missing pieces',
    "2025-12-08 20:30|me|Sure, I'll bring Catan and some snacks",
    '2025-12-27 12:00|me|Happy birthday Noah! Hope you like the lens',
    "2025-12-27 12:30|them|It's perfect, thank you!",
    ('2025-12-27 12:31', 'them', SC('city', 1, 71, 'First shot with it')),
])

chat('f34', [
    '2025-11-29 13:10|me|Lunch is on me today, you can pay me back later',
    '2025-11-29 13:15|them|Haha deal',
    T('x10'),
    '2025-11-29 18:54|them|For lunch and the museum tickets, thank you!',
    "2025-12-18 21:00|them|Flying to Mumbai on the 30th for my cousin's wedding",
    '2025-12-18 21:10|me|So exciting! Send pictures',
    '2025-12-31 20:15|them|Landed safe in Mumbai!',
    '2025-12-31 20:40|me|Yay! Enjoy every minute',
    ('2026-01-01 06:55', 'them', SC('city', 4, 81, 'The wedding decorations are ready')),
], read='2025-12-31 21:00')

chat('f40', [
    '2025-12-05 20:30|them|Pizza night was fun! Your share is $8.50',
    T('x11'),
    '2025-12-05 20:46|them|Thanks!',
    '2025-12-14 11:00|them|Do you want to split a climbing punch card? 10 visits for $150',
    "2025-12-14 11:20|me|Yes, let's do it",
    '2025-12-28 16:40|me|How was Tahoe?',
    '2025-12-28 16:55|them|So much snow! We got stuck on I-80 for three hours',
    '2025-12-28 17:00|me|Glad you made it back safe',
    '2026-01-01 07:50|them|Happy New Year! Are you coming to the climbing gym later?',
], read='2025-12-28 17:00')

chat('f2', [
    '2025-10-14 10:00|me|Hi Adebayo, did the furniture delivery get scheduled?',
    '2025-10-14 10:30|them|Yes, it goes out Thursday between 9 and 12',
    '2025-10-16 08:45|them|Tracking number for the package: OKL-58213',
    '2025-10-16 08:50|me|Perfect, thanks',
    '2025-10-16 13:05|me|The couch arrived, your driver was super careful',
    "2025-10-16 13:20|them|Glad to hear it! I'll tell him",
    '2025-12-15 14:10|them|Can you send me the slides from Tuesday?',
    '2025-12-15 14:30|me|Sent them to your work email',
    '2025-12-15 14:32|them|Got it, thanks',
    '2025-12-23 09:00|them|Happy holidays from all of us at Okafor Logistics!',
    '2025-12-23 09:30|me|Happy holidays Adebayo!',
])

chat('f3', [
    '2025-10-03 19:00|them|Want to try the new ramen place in Japantown?',
    '2025-10-03 19:20|me|Always! Friday?',
    '2025-10-03 19:21|them|Friday at 7',
    ('2025-11-20 19:30', 'me', PH('IMG_20251120_190551')),
    '2025-11-20 19:35|them|Better than last time!',
    "2025-12-10 09:00|them|I'm flying to Tokyo on December 20 to see my family for the holidays",
    '2025-12-10 09:30|me|Have a great trip! Bring back some Kit Kats',
    ('2025-12-21 07:00', 'them', SC('night', 2, 91, 'Shibuya at night')),
    '2025-12-21 10:15|me|Wow, jealous!',
    '2025-12-21 10:20|them|Matcha Kit Kats secured',
])

chat('f5', [
    '2025-10-20 21:00|me|Any book recommendations for the flight?',
    "2025-10-20 21:10|them|The book is called The Salt Road, I couldn't put it down",
    '2025-10-20 21:12|me|Adding it to my list',
    '2025-11-30 18:00|me|Finished The Salt Road, loved it',
    '2025-11-30 18:15|them|Told you! The sequel comes out in March',
    '2025-12-23 11:00|them|Are you around for coffee before Christmas?',
    '2025-12-23 11:20|me|Tomorrow morning at Blue Bottle?',
    ('2025-12-23 11:21', 'me', LOC('Blue Bottle Coffee')),
    '2025-12-23 11:22|them|See you at 9',
])

chat('f9', [
    '2025-11-01 12:00|them|I moved! My new address is 42 Alder Street, apartment 3B',
    '2025-11-01 12:10|me|Congrats! Housewarming soon?',
    '2025-11-01 12:12|them|Once I unpack the boxes',
    '2025-12-12 19:00|them|Housewarming is on December 20 at 6pm',
    '2025-12-12 19:05|me|I\'ll be there, what should I bring?',
    '2025-12-12 19:06|them|Just yourself. Maybe some wine',
    '2025-12-20 23:10|me|Thanks for having us, the apartment looks great',
    '2025-12-20 23:15|them|Thanks for coming!',
    '2025-12-27 14:00|them|You left your umbrella here by the way',
    '2025-12-27 14:10|me|Oops! I will grab it next week',
])

chat('f14', [
    '2025-10-09 16:00|them|Your hold on The Quiet Orbit is ready at the library',
    "2025-10-09 16:30|me|Thanks, I'll pick it up tomorrow",
    '2025-12-01 10:00|them|The library book sale is on January 17, we need volunteers',
    '2025-12-01 10:20|me|Sign me up for the morning shift',
    "2025-12-01 10:22|them|Great, 9 to 12. I'll put you on the list",
    "2025-12-28 15:00|them|Don't forget to return the book by January 5",
    '2025-12-28 15:05|me|Will do',
    '2025-12-30 12:00|them|Also, we have a poetry reading on January 9 if you are interested',
    '2025-12-30 12:20|me|Sounds lovely, I will try to come',
])

chat('f21', [
    '2025-10-12 07:00|them|Hike this morning? Weather is perfect',
    '2025-10-12 07:10|me|Where?',
    "2025-10-12 07:11|them|Let's do the Dipsea Trail from Mill Valley",
    "2025-10-12 07:12|me|I'm in. Pick me up at 8?",
    ('2025-10-12 15:00', 'them', SC('forest', 1, 101, 'What a view at the top')),
    '2025-10-12 15:05|me|My legs will hate me tomorrow',
    '2025-12-17 18:00|them|Are you coming to the climbing holiday party?',
    '2025-12-17 18:20|me|See you there',
])

chat('f36', [
    '2025-11-03 09:00|them|Hi Alex, this is Rebecca from Bright Smile Dental. Reminder of your cleaning on November 12 at 10:00',
    "2025-11-03 09:30|me|Thanks, I'll be there",
    '2025-12-19 11:00|them|We need to move your next appointment. Your cleaning is moved to January 14 at 9:30',
    '2025-12-19 11:30|me|That works, thank you',
    '2025-12-19 11:31|them|Great, see you then',
    '2025-12-19 11:32|them|Please arrive 10 minutes early to update your insurance details',
    '2025-12-19 11:40|me|Will do',
])

chat('f12', [
    '2025-11-12 10:00|me|Hi Elena, can we meet to talk about the mortgage pre-approval?',
    "2025-11-12 10:30|them|Of course. Let's meet at the Market Street branch",
    '2025-11-12 10:31|them|Wednesday at 2pm?',
    '2025-11-12 10:40|me|Works for me',
    "2025-12-03 15:00|them|Your pre-approval letter is ready, I'll email it today",
    '2025-12-03 15:10|me|Thank you Elena!',
    '2025-12-03 15:12|them|Good luck with the house hunt',
    '2025-12-18 09:00|me|We made an offer on the house on Clement Street!',
    '2025-12-18 09:30|them|Fingers crossed! Call me if the lender needs anything',
])

chat('g1', [
    '2025-10-05 12:00|f30|Family photo day is October 19, wear something blue',
    '2025-10-05 12:05|f16|Blue it is!',
    '2025-10-05 12:20|f26|Do I have to?',
    '2025-10-05 12:21|f30|Yes Liam',
    "2025-10-05 12:30|me|I'll be there",
    ('2025-10-19 16:00', 'f16', SC('portrait', 0, 111, 'Best one yet')),
    '2025-10-19 16:10|f30|I love it, framing it for the hallway',
    "2025-11-20 09:00|f30|Thanksgiving at our place at 3pm. Who's bringing what?",
    "2025-11-20 09:10|f16|I'll bring the green beans and rolls",
    '2025-11-20 09:15|f26|Drinks',
    '2025-11-20 09:20|me|Pie and mashed potatoes',
    '2025-11-27 18:00|f30|Thank you all for coming, it was wonderful',
    '2025-12-10 08:00|f30|Christmas Eve dinner at 6pm at my house',
    "2025-12-10 08:05|f16|Wouldn't miss it",
    "2025-12-10 08:30|f26|I'll bring the board games",
    ('2025-12-24 22:30', 'f16', SC('food', 4, 112, 'Thanks for the lovely evening')),
    '2025-12-26 10:00|f26|Anyone find my scarf? Green, wool',
    "2025-12-26 10:20|f30|It's here, I'll keep it for you",
    '2025-12-31 23:58|f30|Happy New Year my loves!',
    '2026-01-01 00:01|me|Happy New Year everyone!',
    '2026-01-01 00:05|f16|Happy New Year!',
], name='Family', members=['f30', 'f16', 'f26'], owner='f30', pinned=True,
    notice='Christmas Eve dinner at Mom\'s, 6pm. Everyone brings one dish!')

chat('g2', [
    "2025-10-07 18:30|f21|Who's in tonight?",
    '2025-10-07 18:32|f10|Me',
    '2025-10-07 18:40|f28|Running late, save me a rope',
    '2025-10-07 18:41|me|On my way',
    '2025-10-26 09:00|f40|Castle Rock this Saturday if it stays dry?',
    '2025-10-26 09:10|f21|Forecast looks good',
    ('2025-10-26 09:12', 'me', LOC('Castle Rock State Park', '15000 Skyline Blvd, Los Gatos, CA 95033')),
    "2025-10-26 09:15|f10|I'll drive, 3 seats left",
    ('2025-11-15 12:00', 'f28', SC('mountains', 1, 121, 'Sent my first 5.11!')),
    '2025-11-15 12:05|f40|Huge!!',
    '2025-11-15 12:06|me|Congrats Maya!',
    '2025-12-17 18:05|f21|Holiday party at the Barrel Room on Dec 19, 7pm',
    '2025-12-17 18:10|f40|Yay',
    '2025-12-30 20:00|f10|New Year climb tomorrow at 10?',
    "2025-12-30 20:10|me|I'm in",
    "2025-12-31 19:00|f28|Can't tomorrow, family stuff",
    '2026-01-01 07:10|f40|Happy New Year climbers!',
    "2026-01-01 07:12|f21|Happy New Year! Who's up for a New Year's Day session at 2pm?",
    '2026-01-01 07:20|f10|Count me in',
    "2026-01-01 07:25|f40|Me too, I'll bring the new chalk bags",
], name='Climbing Crew', members=['f10', 'f21', 'f28', 'f40'], owner='me', read='2025-12-31 19:30',
    notice='Tuesday and Thursday 7pm at Mission Cliffs. Saturday 10am outdoors when dry.')

chat('g3', [
    '2025-10-06 09:00|f6|Reminder: sprint demo today at 10 in the Redwood room',
    '2025-10-06 09:05|f17|Slides are in the shared drive',
    '2025-10-06 09:30|me|On my way',
    '2025-10-30 15:00|f25|Halloween potluck tomorrow! Sign-up sheet is on the fridge',
    "2025-10-30 15:10|f10|I'll bring the chili",
    '2025-10-30 15:15|me|Cornbread from me',
    '2025-11-14 11:00|f6|The client moved the launch to December 8',
    "2025-11-14 11:05|f17|That's tight but doable",
    "2025-11-14 11:10|f10|I'll update the timeline",
    '2025-12-08 17:00|f6|We shipped! Thanks everyone for the hard work',
    '2025-12-08 17:02|f25|Celebration drinks at 6?',
    '2025-12-08 17:05|me|Yes!',
    '2025-12-12 10:00|f17|The office is closed from December 24 to January 2',
    '2025-12-12 10:05|f25|Finally a break',
    '2025-12-22 16:00|f6|Happy holidays team, see you in the new year',
    '2025-12-22 16:10|me|Happy holidays!',
    '2025-12-31 12:00|f25|Secret Santa photos are in the shared album',
    '2026-01-01 07:00|f10|Happy New Year team!',
    '2026-01-01 07:05|f17|Frohes neues Jahr!',
], name='Brightline Labs', members=['f6', 'f10', 'f17', 'f25'], owner='f6', muted=True, read='2025-12-22 16:10',
    notice='Sprint demo every other Monday at 10am in the Redwood room.')

chat('g4', [
    '2025-10-01 19:00|f14|October pick: The Quiet Orbit. Meeting October 23',
    '2025-10-01 19:10|f23|Ooh sci-fi',
    '2025-10-01 19:20|f31|Got my copy already',
    '2025-10-01 19:30|me|Reserved it at the library',
    '2025-10-23 21:00|f31|Great discussion tonight',
    '2025-10-23 21:05|f23|That twist!',
    '2025-11-05 18:00|f14|November pick: Lessons in Chemistry. Meeting November 20',
    '2025-11-05 18:30|me|Read it last year, happy to reread',
    '2025-11-20 21:15|f23|Next month we do holiday cookies instead of a book?',
    '2025-11-20 21:16|f31|Yes please',
    '2025-11-20 21:17|f14|Cookie swap on December 18 at my place',
    ('2025-12-18 22:00', 'f31', SC('food', 3, 131, 'Cookie haul!')),
    '2025-12-20 10:00|f14|January pick: The Salt Road. We meet January 15 at 7pm at the City Library',
    "2025-12-20 10:05|me|Amelia recommended it to me, it's great",
    '2025-12-20 10:10|f23|No spoilers!',
    "2025-12-29 09:00|f31|I'm halfway through already",
], name='Book Club', members=['f14', 'f23', 'f31'], owner='f14',
    notice='January pick: The Salt Road. We meet January 15 at 7pm at the City Library.')

chat('g5', [
    "2025-10-15 20:00|f1|Lisbon in December, who's in?",
    '2025-10-15 20:02|f7|In!',
    '2025-10-15 20:05|f32|Me too',
    '2025-10-15 20:10|f34|Yes!!',
    '2025-10-15 20:15|me|Absolutely',
    '2025-10-22 19:00|f34|Booked flights: TP 236 on Dec 2 from SFO',
    '2025-10-22 19:05|me|Booked the same flight',
    "2025-11-10 21:00|f1|Hotel is Memmo Alfama, I'll book three rooms",
    '2025-11-10 21:10|f7|Perfect',
    ('2025-12-03 13:40', 'me', PH('IMG_20251203_133018', 'Breakfast of champions')),
    '2025-12-03 13:45|f32|Save me one',
    ('2025-12-04 18:10', 'f34', LOC('Miradouro da Senhora do Monte', 'Largo Monte, 1170-107 Lisboa, Portugal')),
    '2025-12-04 18:11|f34|Sunset spot, come now!',
    ('2025-12-05 21:20', 'f1', SC('night', 1, 141, 'Last night in Lisbon :(')),
    "2025-12-09 19:00|f7|Who owes what? I'll make a spreadsheet",
    '2025-12-09 19:30|f32|Thanks Ben',
    "2025-12-10 09:00|f7|Spreadsheet is in the shared folder. Everyone's settled up",
    '2025-12-26 12:00|f34|Where next year? I vote Japan',
    '2025-12-26 12:10|f1|Japan!!',
    '2025-12-26 12:20|me|Japan sounds great',
], name='Lisbon Trip', members=['f1', 'f7', 'f32', 'f34'], owner='f1', muted=True,
    notice='Flights: TP 236 on Dec 2, 6:35pm from SFO. Hotel: Memmo Alfama.')

# ids in time order
messages.sort(key=lambda m: (m['time_ms'], m['chat']))
for i, m in enumerate(messages, 1):
    m['id'] = i
messages = [dict([('id', m['id'])] + [(k, v) for k, v in m.items() if k != 'id']) for m in messages]

# ---------------------------------------------------------------- moments
def post(pid, author, at, text, place='', photos=(), likes=(), comments=(), liked=False):
    return {'id': pid, 'author': author, 'name': 'Alex Rivera' if author == 'me' else FNAME[author], 'text': text,
            'place': place, 'photos': [{'kind': k, 'palette': p, 'seed': s} for k, p, s in photos],
            'time_ms': ms(at), 'likes': list(likes), 'liked': liked,
            'comments': [{'from': f, 'name': 'Alex Rivera' if f == 'me' else FNAME[f], 'text': t, 'time_ms': ms(a)}
                         for f, a, t in comments]}

moments = [
    post('p01', 'f23', '2025-12-31 22:10', 'Last sunset of 2025. Grateful for this year and all of you.', 'Ocean Beach, San Francisco',
         [('sunset', 2, 201)], ['f14', 'f31', 'f1'], [('f14', '2025-12-31 22:30', 'Beautiful!')]),
    post('p02', 'f34', '2025-12-31 20:30', 'Landed in Mumbai! Wedding week starts now', 'Mumbai, India',
         [('city', 4, 202), ('night', 3, 203)], ['f1', 'f7', 'f32'], [('f1', '2025-12-31 20:45', 'Have the best time!')]),
    post('p03', 'f40', '2025-12-28 18:00', 'Tahoe powder day. Worth the three hours on I-80.', 'Lake Tahoe, CA',
         [('mountains', 5, 204), ('mountains', 3, 205), ('beach', 2, 206)], ['f21', 'f28', 'f10'],
         [('f21', '2025-12-28 18:20', 'Jealous!'), ('f28', '2025-12-28 19:00', 'Next time I am coming')]),
    post('p04', 'f30', '2025-12-25 09:00', 'Merry Christmas from our family to yours', 'Sacramento, CA',
         [('portrait', 1, 207)], ['f16', 'f26'], [('f16', '2025-12-25 09:30', 'Merry Christmas Linda!')]),
    post('p05', 'f7', '2025-12-27 23:30', 'Happy birthday to this guy! 30 looks good on you Noah', 'Berkeley, CA',
         [('portrait', 2, 208), ('night', 0, 209)], ['f32', 'f1', 'f34'], [('f32', '2025-12-28 09:00', 'Thanks for the lens everyone!')]),
    post('p06', 'me', '2025-12-05 22:00', 'Lisbon, you were perfect. Until next time.', 'Lisbon, Portugal',
         [('city', 1, 51), ('food', 3, 52), ('city', 2, 53)], ['f1', 'f7', 'f32', 'f34', 'f30'],
         [('f30', '2025-12-06 08:00', 'So beautiful! Bring me a tile'), ('f34', '2025-12-06 09:10', 'Best trip ever')]),
    post('p07', 'f3', '2025-12-21 07:05', 'Home for the holidays. Tokyo never sleeps.', 'Tokyo, Japan',
         [('night', 2, 210), ('city', 3, 211)], ['f5', 'f9'], [('f5', '2025-12-21 08:00', 'Eat all the ramen for me')]),
    post('p08', 'f10', '2025-12-13 20:00', 'Finally sent the project I have been working on for two months!', 'Mission Cliffs, San Francisco',
         [('mountains', 1, 212)], ['f21', 'f28', 'f40'], [('f40', '2025-12-13 20:30', 'Crusher!')]),
    post('p09', 'f28', '2025-12-02 08:00', 'Morning yoga with a view', 'Dolores Park, San Francisco',
         [('sunset', 0, 213)], ['f40'], []),
    post('p10', 'f1', '2025-11-30 12:00', 'Farmers market haul. Persimmons everywhere!', 'Ferry Building, San Francisco',
         [('food', 2, 214), ('food', 0, 215)], ['f7', 'f34'], [('f7', '2025-11-30 12:40', 'Save me a persimmon')]),
    post('p11', 'f21', '2025-10-12 16:00', 'Dipsea Trail done. 7 miles, 2200 feet, one very tired friend.', 'Mill Valley, CA',
         [('forest', 1, 101), ('beach', 0, 216)], ['f10', 'f40'], [('f10', '2025-10-12 17:00', 'Who is the tired friend?')]),
    post('p12', 'f9', '2025-12-20 23:30', 'Thank you all for coming to the housewarming!', 'San Francisco, CA',
         [('night', 1, 217)], ['f3', 'f5'], [('f5', '2025-12-21 09:00', 'Your place is so cozy')]),
    post('p13', 'f14', '2025-12-18 23:00', 'Book club cookie swap. Fourteen kinds of cookies.', 'Oakland, CA',
         [('food', 3, 131), ('food', 1, 218)], ['f23', 'f31'], [('f31', '2025-12-18 23:10', 'Those gingerbread ones!')]),
    post('p14', 'f13', '2025-12-23 15:00', 'Christmas markets in Munich are magical', 'Munich, Germany',
         [('night', 2, 219), ('city', 0, 220)], ['f17'], [('f17', '2025-12-23 16:00', 'Trink einen Gluhwein fur mich!')]),
    post('p15', 'f32', '2025-12-12 23:00', 'Game night champion. Catan has a new king.', 'San Francisco, CA',
         [('portrait', 0, 221)], ['f7'], [('f7', '2025-12-12 23:30', 'Rematch next week')]),
    post('p16', 'f26', '2025-11-09 18:00', 'Cabin weekend with the cousins', 'Lake Almanor, CA',
         [('mountains', 2, 61), ('forest', 3, 222)], ['f16', 'f30'], [('f30', '2025-11-09 19:00', 'Looks lovely, be safe')]),
    post('p17', 'f16', '2025-10-19 17:00', 'Family photo day! Everybody in blue.', 'Sacramento, CA',
         [('portrait', 0, 111)], ['f30', 'f26'], []),
    post('p18', 'f6', '2025-12-08 19:00', 'We shipped! Proud of this team.', 'Brightline Labs, San Francisco',
         [('city', 2, 223)], ['f10', 'f17', 'f25'], [('f25', '2025-12-08 19:30', 'Best team')]),
    post('p19', 'f5', '2025-11-30 19:00', 'Book of the year: The Salt Road. Trust me.', '',
         [], ['f14', 'f23'], [('f23', '2025-11-30 20:00', 'On my list now')]),
    post('p20', 'f20', '2025-11-18 13:00', 'New fall menu at the trattoria: pumpkin ravioli is back!', 'Rossi Trattoria, San Jose',
         [('food', 5, 224)], ['f4', 'f37'], [('f37', '2025-11-18 14:00', 'Booking a table this weekend')]),
    post('p21', 'f22', '2025-11-03 07:00', 'Winter bootcamp starts next week. Who is ready?', 'Summit Fitness, Oakland',
         [('city', 3, 225)], ['f15'], []),
    post('p22', 'f18', '2025-11-24 18:00', 'Golden hour over the bay', 'Lake Merritt, Oakland',
         [('sunset', 3, 226), ('sunset', 1, 227), ('beach', 1, 228)], ['f19', 'f24', 'f38'], [('f24', '2025-11-24 19:00', 'Stunning shots')]),
    post('p23', 'f37', '2025-11-16 21:00', 'Sunday futbol with the crew. We won 3-1!', 'San Jose, CA',
         [('portrait', 2, 229)], ['f20'], []),
    post('p24', 'me', '2025-11-15 12:10', 'Bouldering with the crew. Maya sent her first 5.11!', 'Mission Cliffs, San Francisco',
         [('mountains', 1, 121)], ['f28', 'f10', 'f21', 'f40'], [('f28', '2025-11-15 12:30', 'Thanks for the beta!')]),
    post('p25', 'f39', '2025-12-07 16:00', 'Sketching the Painted Ladies on a sunny afternoon', 'Alamo Square, San Francisco',
         [('city', 0, 230)], ['f8', 'f37'], [('f8', '2025-12-07 17:00', 'You should sell these')]),
    post('p26', 'f31', '2025-12-29 09:30', 'Halfway through The Salt Road and cannot stop', 'Oakland, CA',
         [('document', 0, 231)], ['f14'], []),
    post('p27', 'f17', '2025-12-14 11:00', 'Weekend in Napa with my sister', 'Napa, CA',
         [('sunset', 4, 232), ('food', 2, 233)], ['f6', 'f25'], [('f6', '2025-12-14 12:00', 'Enjoy!')]),
    post('p28', 'f12', '2025-10-25 10:00', 'Ran my first half marathon!', 'Golden Gate Park, San Francisco',
         [('forest', 0, 234)], ['f29'], [('f29', '2025-10-25 11:00', 'Congratulations Elena!')]),
    post('p29', 'f35', '2025-12-13 22:00', 'Samba night at the Oakland Museum', 'Oakland Museum of California',
         [('night', 3, 235)], ['f19'], []),
    post('p30', 'f2', '2025-10-30 08:00', 'Our new delivery vans are on the road', 'Okafor Logistics, Oakland',
         [('city', 5, 236)], ['f11'], []),
]
for m in moments:
    if m['author'] != 'me':
        assert m['author'] in FNAME

# ---------------------------------------------------------------- friend requests
requests = [
    {'id': 'r1', 'friend': 'f41', 'name': 'Sofia Bauer', 'handle': 'sofia.bauer', 'region': 'San Francisco, CA',
     'message': "Hi Alex! We met at the climbing gym on Tuesday", 'time_ms': ms('2025-12-31 18:20'), 'status': 'pending'},
    {'id': 'r2', 'friend': 'f42', 'name': 'Marcus Quinn', 'handle': 'marcus.quinn', 'region': 'Oakland, CA',
     'message': "Hey, it's Marcus from the Brightline Labs design team", 'time_ms': ms('2025-12-30 11:05'), 'status': 'pending'},
    {'id': 'r3', 'friend': 'f43', 'name': 'Leah Fischer', 'handle': 'leah.fischer', 'region': 'Berkeley, CA',
     'message': "Hi! I'm Leah, Julia's friend from book club", 'time_ms': ms('2025-12-29 20:40'), 'status': 'pending'},
    {'id': 'r4', 'friend': 'f44', 'name': 'Omar Castillo', 'handle': 'omar.castillo', 'region': 'San Francisco, CA',
     'message': "Hello, I'm Omar, your new neighbor in 4B", 'time_ms': ms('2025-12-27 17:15'), 'status': 'pending'},
    {'id': 'r5', 'friend': 'f45', 'name': 'Ingrid Lindqvist', 'handle': 'ingrid.lindqvist', 'region': 'Stockholm, Sweden',
     'message': 'Hi Alex, Ingrid here from the Lisbon walking tour!', 'time_ms': ms('2025-12-20 09:30'), 'status': 'pending'},
    {'id': 'r6', 'friend': 'f46', 'name': 'Felix Moreau', 'handle': 'felix.moreau', 'region': 'Berkeley, CA',
     'message': "Hey! Felix from Noah's birthday party", 'time_ms': ms('2025-12-28 10:00'), 'status': 'pending'},
    {'id': 'r7', 'friend': 'f47', 'name': 'Victor Hale', 'handle': 'vh_invest', 'region': '',
     'message': 'Crypto opportunity, 300% returns guaranteed!', 'time_ms': ms('2025-11-20 03:12'), 'status': 'declined'},
]

# ---------------------------------------------------------------- checks
assert len(friends) == 40 and len(chats) == 25, (len(friends), len(chats))
assert len(messages) >= 300, len(messages)
assert len(moments) == 30
NOW = ms('2026-01-01 08:00')
for m in messages:
    assert ms('2025-10-01 00:00') <= m['time_ms'] <= NOW, m
    for k, v in m.items():
        if isinstance(v, str):
            v.encode('latin-1')
for x in TRANSFERS.values():
    hits = [m for m in messages if m.get('ref') == 'chat:' + x['id']]
    assert len(hits) == 1 and hits[0]['time_ms'] == x['at_ms'] and hits[0]['chat'] == FID[x['friend']], x
    assert hits[0]['from'] == ('me' if x['direction'] == 'sent' else FID[x['friend']])
pairs = [(m['author'], m['place']) for m in moments]
assert len(set(pairs)) == len(pairs)
for c in chats:
    if c['kind'] == 'group':
        assert not (set(int(f[1:]) for f in c['members']) & OAKLAND), c['id']

os.makedirs(OUT, exist_ok=True)


def dump(name, data):
    with open(os.path.join(OUT, name + '.json'), 'w', encoding='utf-8') as f:
        f.write('[\n')
        for i, e in enumerate(data):
            f.write('  ' + json.dumps(e, ensure_ascii=False) + (',\n' if i + 1 < len(data) else '\n'))
        f.write(']\n')


dump('friends', friends)
dump('chats', chats)
dump('messages', messages)
dump('moments', moments)
dump('requests', requests)
dump('places', places)
print('messages', len(messages), 'next id', len(messages) + 1)
unread = {}
for c in chats:
    n = sum(1 for m in messages if m['chat'] == c['id'] and m['from'] != 'me' and m['time_ms'] > c['read_ms'])
    if n:
        unread[c['id']] = n
print('unread', unread)
print('transfers', [(m['id'], m['chat']) for m in messages if m['kind'] == 'transfer'])
print('locations', [(m['id'], m['chat'], m['place']) for m in messages if m['kind'] == 'location'])
print('photos', [(m['id'], m['chat'], m.get('photo')) for m in messages if m['kind'] == 'photo'])
print('cards', [(m['id'], m['chat']) for m in messages if m['kind'] == 'card'])
