"""Bayview's geometry: the street graph (nodes at intersections, edges with length, street name,
speed class and toll flag), districts, parks and water. Coordinates in metres, x east, y south.
Deterministic; run gen/world.py to write world/*.json."""

COL_X = [i * 300 for i in range(9)]            # north-south streets
ROW_Y = [i * 300 for i in range(11)]           # east-west streets
COLS = ["Lincoln St", "Franklin St", "Van Ness Ave", "Fillmore St", "Mission St", "Valencia St",
        "Harrison St", "Bryant St", "Embarcadero"]
ROWS = ["Bay St", "Chestnut St", "Union St", "Broadway", "California St", "Geary Blvd", "Hayes St",
        "Fell St", "Folsom St", "16th St", "24th St"]
ARTERIAL_COLS = {2, 4, 8}
ARTERIAL_ROWS = {3, 5, 9}
HWY_X = 2650
HWY_ROWS = [0, 1, 4, 7, 10]
RAMP_ROWS = [1, 4, 7, 10]
ISLAND_X = [3300, 3600]
ISLAND_ROWS = [2, 4, 6, 9]
ISLAND_STREETS = {2: "Dock St", 4: "Navy Way", 6: "Clipper St", 9: "Sailor Ln"}

DISTRICTS = [
    # id, name, label x, y, zip, col range, row range (inclusive) for address zips
    ("marina", "Marina", 450, 280, "94123", (0, 3), (0, 2)),
    ("north_beach", "North Beach", 1800, 280, "94133", (4, 8), (0, 2)),
    ("pacific_heights", "Pacific Heights", 450, 1180, "94115", (0, 3), (3, 5)),
    ("downtown", "Downtown", 1800, 1180, "94104", (4, 8), (3, 5)),
    ("hayes_valley", "Hayes Valley", 450, 2080, "94102", (0, 3), (6, 8)),
    ("soma", "SoMa", 1800, 2080, "94103", (4, 8), (6, 8)),
    ("mission", "Mission", 750, 2830, "94110", (0, 3), (9, 10)),
    ("dogpatch", "Dogpatch", 1800, 2830, "94107", (4, 8), (9, 10)),
    ("harbor_island", "Harbor Island", 3450, 1650, "94130", None, None),
]

PARKS = [  # id, name, rect (l, t, r, b)
    ("presidio_green", "Presidio Green", (15, 15, 585, 285)),
    ("washington_square", "Washington Square", (1515, 315, 1785, 585)),
    ("alamo_square", "Alamo Square", (915, 1815, 1185, 2085)),
    ("dolores_park", "Dolores Park", (1515, 2715, 1785, 2985)),
    ("harbor_point_park", "Harbor Point Park", (3315, 1815, 3585, 2685)),
    ("lafayette_park", "Lafayette Park", (315, 915, 585, 1185)),
]
WATER = [(2760, -600, 4200, 3600), (-600, -600, 4200, -90)]   # the bay east and north
ISLAND = (3180, 480, 3720, 2820)
EXTENT = (-300, -300, 3900, 3300)

SPEED = {"local": 30, "arterial": 45, "highway": 95}   # km/h for driving


def build():
    nodes, edges, index = [], [], {}

    def node(x, y):
        if (x, y) not in index:
            index[(x, y)] = len(nodes)
            nodes.append({"id": len(nodes), "x": x, "y": y})
        return index[(x, y)]

    def edge(a, b, street, cls, toll=False, transit=False):
        ax, ay, bx, by = nodes[a]["x"], nodes[a]["y"], nodes[b]["x"], nodes[b]["y"]
        length = int(round(((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5))
        edges.append({"id": len(edges), "a": a, "b": b, "street": street, "class": cls, "length": length,
                      "toll": toll, "transit": transit})

    for c, x in enumerate(COL_X):
        for r in range(len(ROW_Y) - 1):
            cls = "arterial" if c in ARTERIAL_COLS else "local"
            edge(node(x, ROW_Y[r]), node(x, ROW_Y[r + 1]), COLS[c], cls, transit=cls == "arterial")
    for r, y in enumerate(ROW_Y):
        for c in range(len(COL_X) - 1):
            cls = "arterial" if r in ARTERIAL_ROWS else "local"
            edge(node(COL_X[c], y), node(COL_X[c + 1], y), ROWS[r], cls, transit=cls == "arterial")
    for i in range(8):  # Market St: NW to SE through (i, i+1); Columbus Ave: SW to NE through (i, 9-i)
        edge(node(COL_X[i], ROW_Y[i + 1]), node(COL_X[i + 1], ROW_Y[i + 2]), "Market St", "arterial", transit=True)
        edge(node(COL_X[i], ROW_Y[9 - i]), node(COL_X[i + 1], ROW_Y[8 - i]), "Columbus Ave", "arterial", transit=True)
    for k in range(len(HWY_ROWS) - 1):
        edge(node(HWY_X, ROW_Y[HWY_ROWS[k]]), node(HWY_X, ROW_Y[HWY_ROWS[k + 1]]), "Route 101", "highway")
    for r in RAMP_ROWS:
        edge(node(COL_X[8], ROW_Y[r]), node(HWY_X, ROW_Y[r]), ROWS[r], "arterial")
    for r in range(len(ISLAND_ROWS) - 1):
        for x, name in zip(ISLAND_X, ["Harbor Blvd", "Pier Rd"]):
            edge(node(x, ROW_Y[ISLAND_ROWS[r]]), node(x, ROW_Y[ISLAND_ROWS[r + 1]]), name, "local")
    for r in ISLAND_ROWS:
        edge(node(ISLAND_X[0], ROW_Y[r]), node(ISLAND_X[1], ROW_Y[r]), ISLAND_STREETS[r], "local")
    edge(node(HWY_X, ROW_Y[4]), node(ISLAND_X[0], ROW_Y[4]), "Bay Bridge", "highway", toll=True)
    edge(node(COL_X[8], ROW_Y[10]), node(ISLAND_X[0], ROW_Y[9]), "Harbor Causeway", "local")
    return nodes, edges
