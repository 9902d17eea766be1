"""The routing rules of maps_route.cpp, in Python, so the template generator can compute answers.
Times are whole seconds; the same integer arithmetic as the app (tests compare the two)."""
import heapq

WALK_MPM, BIKE_MPM, BUS_MPM = 80, 250, 667          # metres per minute
BOARD_WAIT_S = 240                                   # waiting for a bus, each boarding
DRIVE_KMH = {"local": 30, "arterial": 45, "highway": 95}


def edge_seconds(e, mode):
    """Travel time of edge `e` for `mode` (drive, walk, bike, bus) or None if not allowed."""
    n = e["length"]
    if mode == "drive":
        k = DRIVE_KMH[e["class"]]
        return (n * 36 + k * 5) // (k * 10)
    if e["class"] == "highway":
        return None
    if mode == "walk":
        return (n * 60 + WALK_MPM // 2) // WALK_MPM
    if mode == "bike":
        return (n * 60 + BIKE_MPM // 2) // BIKE_MPM
    if mode == "bus":
        return (n * 60 + BUS_MPM // 2) // BUS_MPM if e["transit"] else None
    return None


def route(nodes, edges, src, dst, mode, avoid_highways=False, avoid_tolls=False):
    """src/dst: (edge id, t_pct). Returns (seconds, metres) or None. Transit: states (node, on_bus)."""
    adj = [[] for _ in nodes]
    for e in edges:
        adj[e["a"]].append((e, e["b"]))
        adj[e["b"]].append((e, e["a"]))

    def allowed(e):
        if mode == "drive" and avoid_highways and e["class"] == "highway":
            return False
        if mode == "drive" and avoid_tolls and e["toll"]:
            return False
        return True
    base = "walk" if mode == "transit" else mode
    INF = 1 << 60
    best = {}
    heap = []
    se = edges[src[0]]
    dist_a = se["length"] * src[1] // 100
    for nid, part in ((se["a"], dist_a), (se["b"], se["length"] - dist_a)):
        s = edge_seconds(dict(se, length=part), base)
        if s is not None:
            heapq.heappush(heap, (s, part, nid, 0))
    de = edges[dst[0]]
    dd_a = de["length"] * dst[1] // 100
    ends = {de["a"]: dd_a, de["b"]: de["length"] - dd_a}
    result = None
    if src[0] == dst[0]:
        part = abs(dist_a - dd_a)
        s = edge_seconds(dict(se, length=part), base)
        if s is not None:
            result = (s, part)
    while heap:
        t, m, n, bus = heapq.heappop(heap)
        if best.get((n, bus), INF) <= t:
            continue
        best[(n, bus)] = t
        if n in ends:
            part = ends[n]
            s = edge_seconds(dict(de, length=part), base)
            if s is not None and (result is None or (t + s, m + part) < result):
                result = (t + s, m + part)
        for e, o in adj[n]:
            if not allowed(e):
                continue
            if mode == "transit":
                w = edge_seconds(e, "walk")
                if w is not None:
                    heapq.heappush(heap, (t + w, m + e["length"], o, 0))
                b = edge_seconds(e, "bus")
                if b is not None:
                    heapq.heappush(heap, (t + b + (0 if bus else BOARD_WAIT_S), m + e["length"], o, 1))
            else:
                s = edge_seconds(e, mode)
                if s is not None:
                    heapq.heappush(heap, (t + s, m + e["length"], o, 0))
    return result
