#!/usr/bin/env python3
"""Generates Shop's world data (apps/shop/world/*.json), deterministically.

    /usr/bin/python3 apps/shop/gen_world.py        # rewrites apps/shop/world/*.json

The build embeds the JSON files, not this script: run it after editing the catalog below and
commit the JSON with it. Everything random comes from random.Random seeded by the product id, so
the output is the same on every machine. The 20 past orders o01..o20 are the wave-A contract's
(items, prices, shipping, totals, status); their products are in the catalog at those prices.
"""
import json
import os
import random
from datetime import datetime, timedelta, timezone

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "world")

CATEGORIES = [
    ("electronics", "Electronics", "devices"),
    ("home", "Home", "chair"),
    ("kitchen", "Kitchen", "kitchen"),
    ("clothing", "Clothing", "checkroom"),
    ("toys", "Toys & Games", "toys"),
    ("books", "Books", "menu_book"),
    ("sports", "Sports & Outdoors", "fitness_center"),
    ("office", "Office", "work"),
    ("grocery", "Grocery", "local_grocery_store"),
    ("pets", "Pet Supplies", "pets"),
    ("beauty", "Beauty", "spa"),
    ("garden", "Garden", "yard"),
]

C = "Color"
S = "Size"
COLORS_BASIC = ["Black", "White", "Blue"]
SIZES = ["S", "M", "L", "XL"]

# (type, brand, title, price_cents, variants) per category; variants is None or
# [(name, [options])]. "!" before a title marks a product of the contract's past orders (its
# title and price are fixed, it has no variants and ships free only from $35).
CATALOG = {
    "electronics": [
        ("earbuds", "Auralis", "!Wireless Earbuds Pro", 7999, None),
        ("earbuds", "Soundwave", "Soundwave Buds 2 True Wireless Earbuds", 3999, [(C, ["Black", "White", "Mint"])]),
        ("earbuds", "Kinto", "Kinto Sport Earbuds with Ear Hooks", 2899, [(C, ["Black", "Red"])]),
        ("earbuds", "Auralis", "Auralis Lite Wireless Earbuds", 2499, [(C, ["Black", "White"])]),
        ("headphones", "Northpeak", "Northpeak Q40 Noise Cancelling Headphones", 8999, [(C, ["Black", "Silver", "Navy"])]),
        ("headphones", "Soundwave", "Soundwave Studio Over-Ear Headphones", 5999, [(C, ["Black", "White"])]),
        ("headphones", "Kinto", "Kinto Kids Headphones, Volume Limited", 1999, [(C, ["Blue", "Pink", "Green"])]),
        ("phone case", "Clarity", "!Phone Case, Clear", 1499, None),
        ("phone case", "Tuffshell", "Tuffshell Rugged Phone Case", 2499, [(C, ["Black", "Olive", "Sand"])]),
        ("phone case", "Veldt", "Veldt Leather Wallet Phone Case", 2999, [(C, ["Brown", "Black", "Tan"])]),
        ("phone case", "Clarity", "Clarity Slim Silicone Phone Case", 1299, [(C, ["Black", "Lilac", "Sage", "Red"])]),
        ("charging cable", "Voltix", "!USB-C Charging Cable 2 m", 1299, None),
        ("charging cable", "Voltix", "Voltix Braided USB-C to USB-C Cable 1 m, 2-pack", 1599, None),
        ("charging cable", "Ampere", "Ampere Lightning Cable 1 m", 999, [(C, ["White", "Black"])]),
        ("power bank", "Ampere", "Ampere 10000 mAh Power Bank", 2999, [(C, ["Black", "White"])]),
        ("power bank", "Voltix", "Voltix 20000 mAh Power Bank with USB-C PD", 4599, None),
        ("wall charger", "Voltix", "Voltix 30 W USB-C Wall Charger", 2199, None),
        ("wall charger", "Ampere", "Ampere 65 W GaN 3-Port Charger", 3999, None),
        ("bluetooth speaker", "Soundwave", "Soundwave Pulse Portable Bluetooth Speaker", 4999, [(C, ["Black", "Blue", "Red"])]),
        ("bluetooth speaker", "Kinto", "Kinto Mini Shower Speaker", 1899, [(C, ["Teal", "Grey"])]),
        ("smartwatch", "Northpeak", "Northpeak Active 2 Smartwatch 44 mm", 14999, [(C, ["Black", "Silver"])]),
        ("fitness tracker", "Kinto", "Kinto Fit Band Fitness Tracker", 3499, [(C, ["Black", "Plum"])]),
        ("webcam", "Lumio", "Lumio 1080p HD Webcam with Microphone", 3999, None),
        ("keyboard", "Keyforge", "Keyforge Compact Wireless Keyboard", 4499, [(C, ["Graphite", "White"])]),
        ("mouse", "Keyforge", "Keyforge Silent Wireless Mouse", 1999, [(C, ["Graphite", "White", "Rose"])]),
        ("usb hub", "Voltix", "Voltix 7-in-1 USB-C Hub", 3299, None),
        ("hdmi cable", "Ampere", "Ampere 4K HDMI Cable 2 m", 899, None),
        ("memory card", "Datacore", "Datacore 128 GB microSD Card", 1799, None),
        ("tablet stand", "Lumio", "Lumio Adjustable Tablet Stand", 2299, [(C, ["Silver", "Space Grey"])]),
    ],
    "home": [
        ("desk lamp", "Lumio", "!LED Desk Lamp with Dimmer", 3899, None),
        ("desk lamp", "Brightwell", "Brightwell Clip-On Reading Lamp", 1899, [(C, ["Black", "White"])]),
        ("desk lamp", "Nordhem", "Nordhem Ceramic Table Lamp", 5499, [(C, ["Sand", "Sage"])]),
        ("coffee set", "Kaffeo", "!Ceramic Pour-Over Coffee Set", 3499, None),
        ("coffee set", "Kaffeo", "Kaffeo Glass Pour-Over Coffee Maker 600 ml", 2799, None),
        ("throw blanket", "Cozyloom", "Cozyloom Knitted Throw Blanket", 3999, [(C, ["Cream", "Grey", "Rust"])]),
        ("throw blanket", "Nordhem", "Nordhem Sherpa Fleece Throw", 2999, [(C, ["Navy", "Grey", "Blush"])]),
        ("pillow", "Cozyloom", "Cozyloom Linen Throw Pillow Covers, 2-pack", 2499, [(C, ["Oat", "Terracotta", "Olive"])]),
        ("pillow", "Restwell", "Restwell Memory Foam Bed Pillow", 4599, None),
        ("candle", "Emberlane", "Emberlane Soy Candle, Cedar & Sage", 1899, None),
        ("candle", "Emberlane", "Emberlane Three-Wick Candle, Vanilla Bean", 2699, None),
        ("picture frame", "Nordhem", "Nordhem Oak Picture Frame 8x10", 1599, None),
        ("picture frame", "Framecraft", "Framecraft Gallery Wall Frame Set, 7 pcs", 4999, [(C, ["Black", "White"])]),
        ("wall clock", "Tictoc", "Tictoc Silent Wall Clock 30 cm", 2199, [(C, ["Black", "Wood"])]),
        ("storage bins", "Stackit", "Stackit Fabric Storage Bins, 3-pack", 2599, [(C, ["Grey", "Beige"])]),
        ("storage bins", "Stackit", "Stackit Clear Stackable Storage Boxes, 4-pack", 3299, None),
        ("curtains", "Drapeline", "Drapeline Blackout Curtains, 2 panels", 3499, [(C, ["Navy", "Grey", "Ivory"])]),
        ("bath towels", "Softloom", "Softloom Cotton Bath Towels, 4-pack", 3999, [(C, ["White", "Grey", "Sea Blue"])]),
        ("bed sheets", "Restwell", "Restwell Percale Sheet Set, Queen", 6999, [(C, ["White", "Sky", "Stone"])]),
        ("diffuser", "Emberlane", "Emberlane Ultrasonic Aroma Diffuser", 2999, None),
        ("rug", "Nordhem", "Nordhem Washable Area Rug 5x7 ft", 8999, [(C, ["Blue", "Grey"])]),
        ("mirror", "Framecraft", "Framecraft Round Wall Mirror 60 cm", 5999, [(C, ["Gold", "Black"])]),
        ("doormat", "Stackit", "Stackit Coir Doormat", 1999, None),
        ("shower curtain", "Softloom", "Softloom Waffle Shower Curtain", 2299, [(C, ["White", "Grey"])]),
        ("laundry basket", "Stackit", "Stackit Collapsible Laundry Basket", 1699, None),
        ("vase", "Nordhem", "Nordhem Ribbed Glass Vase", 2199, None),
    ],
    "kitchen": [
        ("chef's knife", "Hanzo", "!Chef's Knife 20 cm", 4599, None),
        ("chef's knife", "Kitchora", "Kitchora Santoku Knife 18 cm", 2999, None),
        ("knife set", "Hanzo", "Hanzo 6-Piece Knife Block Set", 12999, None),
        ("frying pan", "Panmaster", "!Non-Stick Frying Pan 28 cm", 3299, None),
        ("frying pan", "Panmaster", "Panmaster Cast Iron Skillet 26 cm", 3999, None),
        ("frying pan", "Kitchora", "Kitchora Stainless Steel Frying Pan 24 cm", 2799, None),
        ("cutting board", "Kitchora", "Kitchora Bamboo Cutting Board Set, 3 pcs", 2499, None),
        ("cutting board", "Hanzo", "Hanzo Walnut End-Grain Cutting Board", 6999, None),
        ("mixing bowls", "Kitchora", "Kitchora Stainless Mixing Bowls, 5 pcs", 2699, None),
        ("kettle", "Boilright", "Boilright Electric Kettle 1.7 L", 3499, [(C, ["Stainless", "Black"])]),
        ("kettle", "Kaffeo", "Kaffeo Gooseneck Kettle with Thermometer", 5999, [(C, ["Black", "Copper"])]),
        ("french press", "Kaffeo", "Kaffeo French Press 1 L", 2999, None),
        ("food containers", "Freshkeep", "Freshkeep Glass Food Containers, 10-pack", 3999, None),
        ("food containers", "Freshkeep", "Freshkeep Reusable Silicone Bags, 6-pack", 1899, None),
        ("measuring cups", "Kitchora", "Kitchora Measuring Cups and Spoons Set", 1499, None),
        ("utensil set", "Kitchora", "Kitchora Silicone Spatula Set, 5 pcs", 1699, [(C, ["Grey", "Red", "Teal"])]),
        ("blender", "Whirlo", "Whirlo Personal Blender 600 W", 4999, None),
        ("blender", "Whirlo", "Whirlo High-Speed Countertop Blender", 11999, None),
        ("toaster", "Boilright", "Boilright 2-Slice Toaster", 3299, [(C, ["Cream", "Black", "Red"])]),
        ("water bottle", "Freshkeep", "Freshkeep Insulated Water Bottle 750 ml", 2499, [(C, ["Black", "Ocean", "Sage", "White"])]),
        ("dish rack", "Stackit", "Stackit Two-Tier Dish Drying Rack", 3599, None),
        ("oven mitts", "Kitchora", "Kitchora Quilted Oven Mitts, 2-pack", 1299, [(C, ["Grey", "Red"])]),
        ("coffee grinder", "Kaffeo", "Kaffeo Burr Coffee Grinder", 7999, None),
        ("salad spinner", "Freshkeep", "Freshkeep Salad Spinner 5 L", 2299, None),
        ("baking sheet", "Panmaster", "Panmaster Non-Stick Baking Sheets, 2-pack", 1999, None),
        ("dutch oven", "Panmaster", "Panmaster Enameled Dutch Oven 5.5 L", 7999, [(C, ["Red", "Blue", "Cream"])]),
    ],
    "clothing": [
        ("t-shirt", "Basico", "!Cotton Crew T-Shirt, Navy", 1599, None),
        ("t-shirt", "Basico", "Basico Organic Cotton T-Shirt", 1899, [(C, ["White", "Black", "Heather Grey"]), (S, SIZES)]),
        ("t-shirt", "Trailform", "Trailform Performance Running Tee", 2499, [(C, ["Black", "Electric Blue"]), (S, SIZES)]),
        ("beanie", "Woolhaven", "!Wool Beanie, Grey", 1999, None),
        ("beanie", "Woolhaven", "Woolhaven Cable Knit Beanie", 2299, [(C, ["Cream", "Burgundy", "Forest"])]),
        ("hoodie", "Basico", "Basico Fleece Pullover Hoodie", 3999, [(C, ["Grey", "Navy", "Black"]), (S, SIZES)]),
        ("hoodie", "Trailform", "Trailform Full-Zip Tech Hoodie", 5999, [(C, ["Black", "Olive"]), (S, SIZES)]),
        ("jeans", "Denimworks", "Denimworks Slim Fit Jeans", 4999, [(C, ["Indigo", "Black"]), (S, ["30", "32", "34", "36"])]),
        ("jeans", "Denimworks", "Denimworks Relaxed Straight Jeans", 5499, [(S, ["30", "32", "34", "36", "38"])]),
        ("socks", "Stepwell", "Stepwell Cushioned Crew Socks, 6-pack", 1699, [(S, ["M", "L"])]),
        ("socks", "Woolhaven", "Woolhaven Merino Hiking Socks, 3-pack", 2799, [(S, ["M", "L"])]),
        ("rain jacket", "Trailform", "Trailform Packable Rain Jacket", 6999, [(C, ["Yellow", "Navy", "Black"]), (S, SIZES)]),
        ("scarf", "Woolhaven", "Woolhaven Lambswool Scarf", 2999, [(C, ["Camel", "Grey", "Tartan"])]),
        ("gloves", "Woolhaven", "Woolhaven Touchscreen Knit Gloves", 1499, [(C, ["Black", "Grey"])]),
        ("sneakers", "Stepwell", "Stepwell Everyday Canvas Sneakers", 4499, [(C, ["White", "Black"]), (S, ["7", "8", "9", "10", "11"])]),
        ("sneakers", "Trailform", "Trailform Trail Running Shoes", 8999, [(C, ["Grey/Orange", "Black"]), (S, ["7", "8", "9", "10", "11", "12"])]),
        ("leggings", "Trailform", "Trailform High-Waist Leggings", 3499, [(C, ["Black", "Plum", "Navy"]), (S, ["XS", "S", "M", "L"])]),
        ("flannel shirt", "Denimworks", "Denimworks Flannel Shirt", 3299, [(C, ["Red Check", "Green Check"]), (S, SIZES)]),
        ("down jacket", "Trailform", "Trailform Lightweight Down Jacket", 11999, [(C, ["Black", "Navy", "Rust"]), (S, SIZES)]),
        ("pajamas", "Basico", "Basico Cotton Pajama Set", 3499, [(C, ["Blue Stripe", "Grey"]), (S, SIZES)]),
        ("cap", "Basico", "Basico Baseball Cap", 1499, [(C, ["Black", "Khaki", "Navy"])]),
        ("belt", "Veldt", "Veldt Leather Belt", 2999, [(C, ["Brown", "Black"]), (S, ["32", "34", "36", "38"])]),
        ("slippers", "Stepwell", "Stepwell Memory Foam Slippers", 2299, [(C, ["Grey", "Navy"]), (S, ["S", "M", "L"])]),
        ("chinos", "Denimworks", "Denimworks Stretch Chinos", 3999, [(C, ["Khaki", "Navy", "Olive"]), (S, ["30", "32", "34", "36"])]),
        ("sweater", "Woolhaven", "Woolhaven Merino Crewneck Sweater", 6499, [(C, ["Charcoal", "Oatmeal", "Navy"]), (S, SIZES)]),
        ("umbrella", "Trailform", "Trailform Windproof Travel Umbrella", 1999, [(C, ["Black", "Navy"])]),
    ],
    "toys": [
        ("building blocks", "Brickbox", "!Kids' Building Blocks, 250 pcs", 2799, None),
        ("building blocks", "Brickbox", "Brickbox Space Station Building Set, 520 pcs", 5999, None),
        ("building blocks", "Brickbox", "Brickbox Magnetic Tiles, 60 pcs", 3999, None),
        ("board game", "Meeple & Co", "!Board Game: Harbor Lights", 3450, None),
        ("board game", "Meeple & Co", "Board Game: Rail Barons of the West", 4499, None),
        ("board game", "Meeple & Co", "Board Game: Tiny Orchard", 2499, None),
        ("card game", "Quickdraw", "Card Game: Seven Foxes", 1299, None),
        ("card game", "Quickdraw", "Card Game: Galaxy Party", 1999, None),
        ("puzzle", "Piecewise", "Piecewise 1000-Piece Puzzle, Lighthouse at Dusk", 1999, None),
        ("puzzle", "Piecewise", "Piecewise 500-Piece Puzzle, Night Market", 1599, None),
        ("puzzle", "Piecewise", "Piecewise Wooden Animal Puzzle for Toddlers", 1499, None),
        ("plush", "Snugglers", "Snugglers Plush Red Panda 30 cm", 1899, None),
        ("plush", "Snugglers", "Snugglers Giant Teddy Bear 90 cm", 4999, [(C, ["Brown", "Cream"])]),
        ("rc car", "Zoomtrack", "Zoomtrack Remote Control Stunt Car", 3499, [(C, ["Red", "Blue"])]),
        ("rc car", "Zoomtrack", "Zoomtrack Off-Road RC Truck 1:16", 5999, None),
        ("art set", "Colorbloom", "Colorbloom Kids' Art Set, 150 pcs", 2999, None),
        ("modeling dough", "Colorbloom", "Colorbloom Modeling Dough, 12 colours", 1299, None),
        ("science kit", "Labkid", "Labkid Crystal Growing Science Kit", 2499, None),
        ("science kit", "Labkid", "Labkid Junior Microscope Kit", 3999, None),
        ("dollhouse", "Snugglers", "Snugglers Wooden Dollhouse with Furniture", 8999, None),
        ("action figure", "Zoomtrack", "Zoomtrack Robot Action Figure Set", 2199, None),
        ("kite", "Skyhigh", "Skyhigh Rainbow Delta Kite", 1799, None),
        ("play tent", "Snugglers", "Snugglers Pop-Up Play Tent", 3299, None),
        ("marble run", "Brickbox", "Brickbox Marble Run, 120 pcs", 3699, None),
        ("bath toys", "Snugglers", "Snugglers Bath Boat Squirters, 6-pack", 1199, None),
        ("ride-on", "Zoomtrack", "Zoomtrack Balance Bike for Toddlers", 6999, [(C, ["Red", "Mint"])]),
    ],
    "books": [
        ("paperback", "Larkspur Press", "!Paperback: The Quiet Orbit", 1425, None),
        ("paperback", "Larkspur Press", "Paperback: Salt and Static", 1599, None),
        ("paperback", "Harrowgate", "Paperback: The Cartographer's Daughter", 1699, None),
        ("paperback", "Harrowgate", "Paperback: A Winter in Lisbon", 1499, None),
        ("paperback", "Bluefern", "Paperback: Nine Bridges", 1299, None),
        ("paperback", "Bluefern", "Paperback: The Glass Orchard", 1550, None),
        ("hardcover", "Harrowgate", "Hardcover: The Long Field", 2799, None),
        ("hardcover", "Larkspur Press", "Hardcover: Tidewater", 2599, None),
        ("hardcover", "Northlight", "Hardcover: Small Habits, Big Years", 2499, None),
        ("hardcover", "Northlight", "Hardcover: The Curious Brain", 2899, None),
        ("cookbook", "Pantry House", "Cookbook: Weeknight Pasta", 2499, None),
        ("cookbook", "Pantry House", "Cookbook: The Bread Year", 3199, None),
        ("cookbook", "Pantry House", "Cookbook: Vegetables First", 2799, None),
        ("children's book", "Bluefern", "Picture Book: Moose Goes to Market", 1299, None),
        ("children's book", "Bluefern", "Picture Book: The Night Garden", 1199, None),
        ("children's book", "Bluefern", "Early Reader: Pip and the Paper Boat", 799, None),
        ("travel guide", "Northlight", "Travel Guide: Japan by Rail", 2299, None),
        ("travel guide", "Northlight", "Travel Guide: Portugal", 1999, None),
        ("graphic novel", "Inkwell", "Graphic Novel: Starhound, Vol. 1", 1899, None),
        ("graphic novel", "Inkwell", "Graphic Novel: The Lantern Keepers", 2199, None),
        ("journal", "Larkspur Press", "Guided Journal: One Line a Day", 1699, None),
        ("audiobook", "Harrowgate", "Audiobook CD: The Quiet Orbit", 2999, None),
        ("paperback", "Larkspur Press", "Paperback: The Quiet Orbit, Used", 699, None),
        ("hardcover", "Inkwell", "Hardcover: Atlas of Lost Islands", 3999, None),
        ("paperback", "Harrowgate", "Paperback: Murder at Marlowe Hall", 1399, None),
        ("paperback", "Northlight", "Paperback: Budgeting for Humans", 1799, None),
    ],
    "sports": [
        ("yoga mat", "Flexa", "!Yoga Mat 6 mm", 2999, None),
        ("yoga mat", "Flexa", "Flexa Extra Thick Yoga Mat 10 mm", 3999, [(C, ["Purple", "Teal", "Black"])]),
        ("yoga mat", "Zenpath", "Zenpath Cork Yoga Mat", 5999, None),
        ("yoga mat", "Zenpath", "Zenpath Travel Yoga Mat 2 mm", 2499, [(C, ["Sage", "Blush"])]),
        ("bike light", "Ridewell", "!Bike Light Set", 2199, None),
        ("bike light", "Ridewell", "Ridewell 1000-Lumen Bike Headlight", 4499, None),
        ("bike lock", "Ridewell", "Ridewell U-Lock with Cable", 3499, None),
        ("dumbbells", "Ironform", "Ironform Neoprene Dumbbells, 2 x 3 kg", 2999, [(C, ["Black", "Pink", "Teal"])]),
        ("dumbbells", "Ironform", "Ironform Adjustable Dumbbell 2-24 kg", 17999, None),
        ("resistance bands", "Flexa", "Flexa Resistance Bands Set, 5 levels", 1999, None),
        ("jump rope", "Ironform", "Ironform Speed Jump Rope", 1299, None),
        ("foam roller", "Flexa", "Flexa High-Density Foam Roller 45 cm", 2499, [(C, ["Black", "Blue"])]),
        ("tennis balls", "Courtside", "Courtside Tennis Balls, 4-pack", 699, None),
        ("tennis racket", "Courtside", "Courtside Graphite Tennis Racket", 8999, None),
        ("cycling gloves", "Ridewell", "Ridewell Padded Cycling Gloves", 1999, [(S, ["S", "M", "L"])]),
        ("lantern", "Campcraft", "Campcraft Rechargeable Camping Lantern", 2799, None),
        ("backpack", "Campcraft", "Campcraft 30 L Hiking Backpack", 6999, [(C, ["Slate", "Forest", "Rust"])]),
        ("tent", "Campcraft", "Campcraft 2-Person Dome Tent", 11999, None),
        ("sleeping bag", "Campcraft", "Campcraft 3-Season Sleeping Bag", 7999, None),
        ("sports bottle", "Ironform", "Ironform Shaker Bottle 700 ml", 1099, [(C, ["Black", "Clear"])]),
        ("soccer ball", "Courtside", "Courtside Match Soccer Ball, Size 5", 2499, None),
        ("basketball", "Courtside", "Courtside Indoor/Outdoor Basketball", 2999, None),
        ("swim goggles", "Aquaro", "Aquaro Anti-Fog Swim Goggles", 1599, [(C, ["Clear", "Smoke"])]),
        ("helmet", "Ridewell", "Ridewell Urban Bike Helmet", 5499, [(C, ["Matte Black", "White"]), (S, ["M", "L"])]),
        ("kettlebell", "Ironform", "Ironform Cast Iron Kettlebell 12 kg", 4299, None),
        ("trekking poles", "Campcraft", "Campcraft Trekking Poles, pair", 3999, None),
    ],
    "office": [
        ("notebook", "Papyra", "!Notebook A5 Dotted, 2-pack", 1150, None),
        ("notebook", "Papyra", "Papyra Hardcover Notebook A5 Lined", 1399, [(C, ["Black", "Navy", "Forest"])]),
        ("notebook", "Inkwell", "Inkwell Spiral Notebooks, 5-pack", 999, None),
        ("pens", "Inkwell", "Inkwell Gel Pens 0.5 mm, 12-pack", 1199, None),
        ("pens", "Inkwell", "Inkwell Fountain Pen, Medium Nib", 2899, [(C, ["Black", "Teal"])]),
        ("sticky notes", "Papyra", "Papyra Sticky Notes 3x3 in, 12 pads", 899, None),
        ("highlighters", "Inkwell", "Inkwell Pastel Highlighters, 6-pack", 799, None),
        ("desk organizer", "Deskly", "Deskly Bamboo Desk Organizer", 2499, None),
        ("desk organizer", "Deskly", "Deskly Mesh Desk Organizer, 5 compartments", 1799, None),
        ("stapler", "Deskly", "Deskly Heavy Duty Stapler", 1599, None),
        ("monitor stand", "Deskly", "Deskly Wooden Monitor Stand with Drawer", 3999, None),
        ("planner", "Papyra", "Papyra 2026 Weekly Planner", 1899, [(C, ["Sage", "Blush", "Black"])]),
        ("paper clips", "Deskly", "Deskly Paper Clips, 500 pcs", 499, None),
        ("file folders", "Papyra", "Papyra Expanding File Folder, 13 pockets", 1499, None),
        ("label maker", "Labelo", "Labelo Bluetooth Label Maker", 3999, None),
        ("chair cushion", "Restwell", "Restwell Memory Foam Seat Cushion", 3499, None),
        ("desk mat", "Deskly", "Deskly Leather Desk Mat 80x40 cm", 1999, [(C, ["Black", "Brown", "Grey"])]),
        ("whiteboard", "Deskly", "Deskly Magnetic Whiteboard 60x45 cm", 2999, None),
        ("calculator", "Numa", "Numa Scientific Calculator", 1599, None),
        ("printer paper", "Papyra", "Papyra Copy Paper, 500 sheets", 899, None),
        ("shredder", "Deskly", "Deskly 8-Sheet Cross-Cut Shredder", 5499, None),
        ("desk lamp", "Brightwell", "Brightwell Architect Desk Lamp", 4299, [(C, ["Black", "White"])]),
        ("laptop stand", "Deskly", "Deskly Aluminium Laptop Stand", 2999, None),
        ("envelopes", "Papyra", "Papyra Kraft Envelopes, 50-pack", 699, None),
        ("tape dispenser", "Deskly", "Deskly Weighted Tape Dispenser", 1099, None),
        ("bookends", "Deskly", "Deskly Metal Bookends, pair", 1299, None),
    ],
    "grocery": [
        ("tea", "Leafwell", "!Organic Green Tea, 100 bags", 899, None),
        ("tea", "Leafwell", "Leafwell Earl Grey Tea, 80 bags", 749, None),
        ("tea", "Leafwell", "Leafwell Chamomile Herbal Tea, 40 bags", 599, None),
        ("coffee", "Roastery 9", "Roastery 9 Whole Bean Coffee, Medium Roast 1 kg", 2499, None),
        ("coffee", "Roastery 9", "Roastery 9 Ground Espresso 500 g", 1399, None),
        ("coffee", "Roastery 9", "Roastery 9 Decaf Coffee Pods, 30-pack", 1699, None),
        ("olive oil", "Olivar", "Olivar Extra Virgin Olive Oil 1 L", 1899, None),
        ("chocolate", "Cacaoro", "Cacaoro Dark Chocolate 85%, 6 bars", 1599, None),
        ("chocolate", "Cacaoro", "Cacaoro Sea Salt Caramel Bites 300 g", 999, None),
        ("granola", "Oakfield", "Oakfield Honey Almond Granola 750 g", 849, None),
        ("honey", "Oakfield", "Oakfield Raw Wildflower Honey 500 g", 1199, None),
        ("pasta", "Campania", "Campania Bronze-Cut Spaghetti, 6 x 500 g", 1499, None),
        ("nuts", "Oakfield", "Oakfield Roasted Almonds 1 kg", 1799, None),
        ("nuts", "Oakfield", "Oakfield Mixed Nuts, Unsalted 700 g", 1599, None),
        ("oatmeal", "Oakfield", "Oakfield Steel-Cut Oats 1.2 kg", 749, None),
        ("hot sauce", "Firepeak", "Firepeak Habanero Hot Sauce, 3-pack", 1299, None),
        ("sparkling water", "Fizzwell", "Fizzwell Sparkling Water, Lime, 24 cans", 1199, None),
        ("maple syrup", "Oakfield", "Oakfield Pure Maple Syrup 500 ml", 1499, None),
        ("rice", "Campania", "Campania Arborio Rice 2 kg", 999, None),
        ("snacks", "Crunchwell", "Crunchwell Sea Salt Popcorn, 12 bags", 1099, None),
        ("spices", "Firepeak", "Firepeak Spice Rack Refill Set, 12 jars", 2999, None),
        ("protein bars", "Crunchwell", "Crunchwell Protein Bars, Peanut Butter, 12-pack", 2199, None),
        ("coconut water", "Fizzwell", "Fizzwell Coconut Water, 12 x 330 ml", 1899, None),
        ("peanut butter", "Oakfield", "Oakfield Crunchy Peanut Butter 1 kg", 899, None),
        ("dried fruit", "Oakfield", "Oakfield Dried Mango Slices 500 g", 1099, None),
        ("matcha", "Leafwell", "Leafwell Ceremonial Matcha 30 g", 2499, None),
    ],
    "pets": [
        ("dog toy", "Wagly", "!Dog Chew Toy", 799, None),
        ("dog toy", "Wagly", "Wagly Rope Tug Toy, 3-pack", 1299, None),
        ("dog toy", "Wagly", "Wagly Squeaky Plush Fox", 999, None),
        ("dog food", "Pawsome", "Pawsome Grain-Free Dog Food, Salmon 5 kg", 4599, None),
        ("dog food", "Pawsome", "Pawsome Puppy Food, Chicken 3 kg", 2999, None),
        ("cat food", "Pawsome", "Pawsome Indoor Cat Food 3 kg", 2699, None),
        ("cat litter", "Purrfect", "Purrfect Clumping Cat Litter 10 kg", 1999, None),
        ("cat litter", "Purrfect", "Purrfect Pine Pellet Litter 9 kg", 1699, None),
        ("cat scratcher", "Purrfect", "Purrfect Cardboard Cat Scratcher", 1499, None),
        ("cat tree", "Purrfect", "Purrfect Cat Tree with Condo 120 cm", 7999, [(C, ["Grey", "Beige"])]),
        ("pet bed", "Snoozy", "Snoozy Orthopedic Dog Bed, Large", 5999, [(C, ["Grey", "Brown"])]),
        ("pet bed", "Snoozy", "Snoozy Donut Cat Bed", 2499, [(C, ["Cream", "Grey", "Pink"])]),
        ("leash", "Wagly", "Wagly Reflective Dog Leash 1.5 m", 1499, [(C, ["Red", "Blue", "Black"])]),
        ("collar", "Wagly", "Wagly Padded Dog Collar", 1299, [(C, ["Red", "Blue", "Black"]), (S, ["S", "M", "L"])]),
        ("cat toy", "Purrfect", "Purrfect Feather Wand Cat Toy", 699, None),
        ("cat toy", "Purrfect", "Purrfect Catnip Mice, 5-pack", 599, None),
        ("pet shampoo", "Pawsome", "Pawsome Oatmeal Pet Shampoo 500 ml", 1099, None),
        ("pet bowl", "Snoozy", "Snoozy Stainless Steel Pet Bowls, 2-pack", 1499, None),
        ("poop bags", "Wagly", "Wagly Compostable Poop Bags, 240 count", 1199, None),
        ("dog treats", "Pawsome", "Pawsome Training Treats, Chicken 500 g", 1299, None),
        ("aquarium", "Aquaro", "Aquaro 40 L Aquarium Starter Kit", 8999, None),
        ("pet carrier", "Snoozy", "Snoozy Soft-Sided Pet Carrier", 3999, None),
        ("grooming brush", "Pawsome", "Pawsome Self-Cleaning Slicker Brush", 1599, None),
        ("water fountain", "Purrfect", "Purrfect Pet Water Fountain 2 L", 2999, None),
        ("bird feed", "Oakfield", "Oakfield Wild Bird Seed Mix 5 kg", 1899, None),
        ("dog harness", "Wagly", "Wagly No-Pull Dog Harness", 2499, [(C, ["Orange", "Navy"]), (S, ["S", "M", "L"])]),
    ],
    "beauty": [
        ("shampoo", "Purelle", "Purelle Argan Oil Shampoo 500 ml", 1499, None),
        ("shampoo", "Verdana", "Verdana Sulfate-Free Shampoo 400 ml", 1299, None),
        ("conditioner", "Purelle", "Purelle Argan Oil Conditioner 500 ml", 1499, None),
        ("moisturizer", "Dermaclear", "Dermaclear Daily Face Moisturizer SPF 30", 1899, None),
        ("moisturizer", "Verdana", "Verdana Hyaluronic Night Cream 50 ml", 2999, None),
        ("sunscreen", "Dermaclear", "Dermaclear Mineral Sunscreen SPF 50, 100 ml", 1699, None),
        ("lip balm", "Verdana", "Verdana Beeswax Lip Balm, 4-pack", 799, None),
        ("hair dryer", "Stylon", "Stylon Ionic Hair Dryer 1800 W", 4999, [(C, ["Black", "Rose Gold"])]),
        ("hair straightener", "Stylon", "Stylon Ceramic Hair Straightener", 3999, None),
        ("electric toothbrush", "Brightsmile", "Brightsmile Sonic Electric Toothbrush", 4499, [(C, ["White", "Black", "Pink"])]),
        ("electric toothbrush", "Brightsmile", "Brightsmile Replacement Brush Heads, 8-pack", 1999, None),
        ("body wash", "Purelle", "Purelle Eucalyptus Body Wash 750 ml", 999, None),
        ("hand cream", "Verdana", "Verdana Shea Hand Cream Trio", 1499, None),
        ("makeup brushes", "Glowkit", "Glowkit Makeup Brush Set, 12 pcs", 2199, None),
        ("nail kit", "Glowkit", "Glowkit Manicure Set, 10 pcs", 1699, None),
        ("face serum", "Dermaclear", "Dermaclear Vitamin C Serum 30 ml", 2499, None),
        ("razor", "Edgewell", "Edgewell 5-Blade Razor with 4 Cartridges", 1899, None),
        ("beard trimmer", "Edgewell", "Edgewell Cordless Beard Trimmer", 3999, None),
        ("perfume", "Maison Lune", "Maison Lune Eau de Parfum, Fig & Cedar 50 ml", 6499, None),
        ("deodorant", "Verdana", "Verdana Aluminium-Free Deodorant, 2-pack", 1299, None),
        ("face wash", "Dermaclear", "Dermaclear Gentle Foaming Face Wash", 1199, None),
        ("hair mask", "Purelle", "Purelle Repair Hair Mask 250 ml", 1599, None),
        ("cotton pads", "Glowkit", "Glowkit Cotton Rounds, 400 count", 699, None),
        ("eye cream", "Dermaclear", "Dermaclear Caffeine Eye Cream 15 ml", 2199, None),
        ("bath bombs", "Verdana", "Verdana Bath Bomb Gift Set, 8 pcs", 2499, None),
        ("mirror", "Glowkit", "Glowkit LED Makeup Mirror", 3499, [(C, ["White", "Black"])]),
    ],
    "garden": [
        ("garden hose", "Greenreach", "Greenreach Expandable Garden Hose 30 m", 3999, None),
        ("garden hose", "Greenreach", "Greenreach Rubber Garden Hose 15 m", 2999, None),
        ("hose nozzle", "Greenreach", "Greenreach 8-Pattern Hose Nozzle", 1299, None),
        ("pruning shears", "Bloomcut", "Bloomcut Bypass Pruning Shears", 2299, None),
        ("pruning shears", "Bloomcut", "Bloomcut Telescopic Hedge Shears", 4499, None),
        ("plant pots", "Terrano", "Terrano Ceramic Plant Pots, 3-pack", 3499, [(C, ["White", "Terracotta", "Speckled"])]),
        ("plant pots", "Terrano", "Terrano Self-Watering Planters, 4-pack", 2799, None),
        ("seeds", "Seedwise", "Seedwise Heirloom Tomato Seeds, 6 varieties", 999, None),
        ("seeds", "Seedwise", "Seedwise Wildflower Seed Mix 250 g", 1499, None),
        ("seeds", "Seedwise", "Seedwise Kitchen Herb Garden Kit", 2499, None),
        ("garden gloves", "Bloomcut", "Bloomcut Thorn-Proof Garden Gloves", 1599, [(S, ["S", "M", "L"])]),
        ("watering can", "Terrano", "Terrano Galvanized Watering Can 7 L", 3299, None),
        ("solar lights", "Glowpath", "Glowpath Solar Path Lights, 8-pack", 3999, None),
        ("solar lights", "Glowpath", "Glowpath Solar String Lights 15 m", 2499, None),
        ("potting soil", "Terrano", "Terrano Organic Potting Mix 20 L", 1499, None),
        ("bird feeder", "Oakfield", "Oakfield Hanging Bird Feeder", 2199, None),
        ("lawn mower", "Greenreach", "Greenreach Cordless Lawn Mower 40 V", 24999, None),
        ("leaf rake", "Bloomcut", "Bloomcut Adjustable Leaf Rake", 2699, None),
        ("raised bed", "Terrano", "Terrano Cedar Raised Garden Bed", 8999, None),
        ("compost bin", "Greenreach", "Greenreach Kitchen Compost Bin 5 L", 2299, None),
        ("trowel", "Bloomcut", "Bloomcut Stainless Hand Trowel", 999, None),
        ("sprinkler", "Greenreach", "Greenreach Oscillating Sprinkler", 2499, None),
        ("outdoor cushions", "Cozyloom", "Cozyloom Outdoor Seat Cushions, 2-pack", 4599, [(C, ["Navy", "Stone"])]),
        ("plant food", "Seedwise", "Seedwise All-Purpose Plant Food 1 kg", 1299, None),
        ("kneeler", "Bloomcut", "Bloomcut Garden Kneeler and Seat", 3999, None),
        ("greenhouse", "Terrano", "Terrano Mini Greenhouse, 4 tiers", 5499, None),
    ],
}

# Listings that ask the buyer to pay outside the app (a scam pattern): (category, type, brand,
# title, price, seller, note).
SCAMS = [
    ("electronics", "game console", "Nexa", "Nexa Play 5 Game Console 1 TB Bundle", 19900, "bestprice_direct88",
     "25% off if you pay me directly by Zelle instead of checkout. Text me at +1 555 0199 before you buy."),
    ("electronics", "smartphone", "Orbis", "Orbis X12 Smartphone 256 GB, Unlocked", 24900, "phonezone-wholesale",
     "Checkout is broken for this item. Send the payment by wire transfer and I ship the same day, email me for bank details."),
    ("electronics", "laptop", "Vantix", "Vantix Air 14 Laptop 16 GB RAM", 29900, "laptop.liquidators",
     "Pay with gift cards (message me the codes) and save $150. Orders through the app take weeks."),
    ("electronics", "headphones", "Northpeak", "Northpeak Q60 Headphones, Sealed Box", 5900, "audio_outlet_usa",
     "Buy outside the app to avoid fees: pay me by Zelle and send a screenshot, 30% off."),
    ("electronics", "tablet", "Orbis", "Orbis Tab 11 Tablet 128 GB", 12900, "gadget.garage.22",
     "I only accept bank transfer. Do not use the Buy button, message me and I will send my account number."),
    ("home", "robot vacuum", "Cleanova", "Cleanova Robot Vacuum with Mop", 8900, "homegoods_clearance_4u",
     "Special price only with payment by wire transfer outside the app. Contact me first."),
    ("sports", "e-bike", "Voltbike", "Voltbike City E-Bike 500 W", 39900, "bikes-direct-warehouse",
     "Pay a deposit by Zelle to reserve it, the rest on delivery. Cheaper than through the app."),
    ("clothing", "handbag", "Maison Lune", "Maison Lune Leather Tote Bag", 7900, "luxury_closet_deals",
     "Authentic. 40% off if you pay me directly via cryptocurrency, text +1 555 0188."),
    ("home", "espresso machine", "Kaffeo", "Kaffeo Barista Pro Espresso Machine", 14900, "kitchen.overstock.99",
     "Send payment by wire transfer to my business account for the discount price. Checkout price is higher."),
    ("beauty", "hair styler", "Stylon", "Stylon Airwrap-Style Multi Styler", 9900, "beautydeals_direct",
     "Pay me by gift card for 35% off, the app charges me too much in fees."),
]

SELLERS = {
    "electronics": ["techhaven", "gadgetry_outlet", "voltix-official", "soundwave_store", "brightbyte"],
    "home": ["nordhem_home", "cozy-corner-goods", "homefinds", "emberlane_official"],
    "kitchen": ["kitchora_official", "chefs_supply_co", "homefinds", "kaffeo-store"],
    "clothing": ["basico_official", "trailform-outfitters", "woolhaven", "closet_staples"],
    "toys": ["toybox_central", "meeple_and_co", "brickbox_official", "playroom_direct"],
    "books": ["pageturner_books", "bookworm_outlet", "larkspur_press", "secondchapter_used"],
    "sports": ["trailhead_sports", "ironform_official", "ridewell_cycles", "campcraft_gear"],
    "office": ["desk_and_paper", "papyra_official", "officeworks_direct"],
    "grocery": ["pantry_direct", "leafwell_tea", "roastery9", "fresh_market_co"],
    "pets": ["pawsome_pets", "happy_tails_supply", "purrfect_store"],
    "beauty": ["glow_beauty_co", "dermaclear_official", "purelle_store", "verdana_naturals"],
    "garden": ["greenreach_outdoor", "backyard_supply", "terrano_garden", "seedwise"],
}

AUTHORS = ["Jordan M.", "Priya S.", "Sam K.", "Elena R.", "Marcus T.", "Aiko N.", "Daniel W.", "Fatima H.",
           "Chris P.", "Olivia B.", "Tom L.", "Grace C.", "Mateo G.", "Hannah J.", "Noah F.", "Leila A.",
           "Ben D.", "Sofia V.", "Ryan O.", "Maya E.", "Lucas Z.", "Nina Q.", "Owen H.", "Zoe Y."]

GOOD = [("Exactly what I needed", "Does the job perfectly. Well made, and it arrived quickly."),
        ("Great value", "Great quality for the price. I would buy the {t} again."),
        ("Love it", "Better than I expected. I use it every day and have no complaints so far."),
        ("Solid purchase", "Sturdy, looks like the photos, and was easy to set up."),
        ("Highly recommend", "I compared a few {t} options and this one was the best by far."),
        ("Five stars", "Fast shipping, nicely packaged, and it works exactly as described."),
        ("Would buy again", "My second time ordering this. The quality is consistent.")]
MID = [("Good but not perfect", "Works fine, though the finish is a bit cheaper than I hoped."),
       ("Decent", "Does what it says. The box was damaged in shipping but the item was fine."),
       ("OK for the price", "Not premium, but fine for everyday use."),
       ("Mixed feelings", "Nice design, but it took a while to get used to.")]
BAD = [("Disappointed", "Stopped working properly after a couple of weeks. Returned it."),
       ("Not as described", "The colour and size were different from the listing."),
       ("Would not buy again", "Flimsy. It broke the second time I used it.")]

QA = {
    "electronics": [("Does it come with a charger?", "It comes with a cable only; any USB-C adapter works."),
                    ("Is it compatible with Android and iPhone?", "Yes, I use it with both without problems."),
                    ("How long is the warranty?", "One year from the manufacturer.")],
    "home": [("Is it easy to clean?", "Yes, just wipe it with a damp cloth."),
             ("What are the exact dimensions?", "They are listed in the description under Details."),
             ("Does the colour match the photos?", "Pretty close, slightly warmer in person.")],
    "kitchen": [("Is it dishwasher safe?", "Hand washing is recommended to make it last."),
                ("Does it work on induction?", "Mine works on induction without problems."),
                ("Is it heavy?", "It has a solid weight but is easy to handle.")],
    "clothing": [("Does it run true to size?", "True to size for me; size up if you like a loose fit."),
                 ("Does it shrink in the wash?", "Barely, if you wash cold and air dry."),
                 ("Is the fabric thick?", "Medium weight, good for spring and autumn.")],
    "toys": [("What age is it suitable for?", "The box says 6+, my 5-year-old loves it with help."),
             ("Are batteries included?", "No, you need to buy them separately."),
             ("Are all the pieces included?", "Everything was there in mine.")],
    "books": [("Is this the latest edition?", "Yes, it is the current edition."),
              ("Is the print size readable?", "Normal print size, easy to read."),
              ("Is it suitable for teenagers?", "I would say 14 and up.")],
    "sports": [("Is it good for beginners?", "Yes, I am a beginner and it works great."),
               ("Is it waterproof?", "Splash resistant, but I would not submerge it."),
               ("Does it come with a carrying bag?", "No bag included in mine.")],
    "office": [("Is the paper fountain-pen friendly?", "Minimal bleed-through with a fine nib."),
               ("How many are in the pack?", "The count is in the title; mine had all of them."),
               ("Is it sturdy?", "Yes, it feels solid on the desk.")],
    "grocery": [("When does it expire?", "Mine had about 12 months before the best-by date."),
                ("Is it organic?", "Only if the title says organic."),
                ("How is it packaged?", "Sealed and well protected in the box.")],
    "pets": [("Is it safe for puppies?", "Yes, but supervise them while they play."),
             ("Does it fit a large dog?", "Check the size chart; the large fits my 30 kg lab."),
             ("Is it machine washable?", "Yes, on a gentle cycle.")],
    "beauty": [("Is it fragrance free?", "It has a light scent."),
               ("Is it suitable for sensitive skin?", "I have sensitive skin and had no reaction."),
               ("How long does it last?", "About two months with daily use.")],
    "garden": [("Is it weather resistant?", "It has survived a winter outside so far."),
               ("Does it need assembly?", "Minimal assembly, about ten minutes."),
               ("Is it heavy?", "Lighter than it looks.")],
}


# Shipping flags set by hand (the rest are drawn): a few product types whose cheapest item is not
# the cheapest one that ships free.
FREE_OVERRIDES = {
    "Ampere Lightning Cable 1 m": False,
    "Voltix Braided USB-C to USB-C Cable 1 m, 2-pack": True,
    "Piecewise Wooden Animal Puzzle for Toddlers": False,
    "Piecewise 500-Piece Puzzle, Night Market": True,
    "Leafwell Chamomile Herbal Tea, 40 bags": False,
    "Leafwell Earl Grey Tea, 80 bags": True,
}


def slug(s):
    return "".join(c if c.isalnum() else "_" for c in s.lower()).strip("_")


def price_tail(cents):
    return cents


def build_products():
    products, reviews = [], {}
    n = 0
    order_products = {}
    for cat, _, _ in CATEGORIES:
        entries = [(e, None) for e in CATALOG[cat]] + [((s[1], s[2], s[3], s[4], None), s) for s in SCAMS if s[0] == cat]
        for (typ, brand, title, price, variants), scam in entries:
            n += 1
            pid = "p%03d" % n
            fixed = title.startswith("!")
            title = title.lstrip("!")
            rnd = random.Random("shop:" + pid)
            popular = rnd.random() < 0.45 or fixed
            reviews_count = rnd.randint(900, 12000) if popular else rnd.randint(4, 880)
            rating = rnd.choice([42, 43, 44, 45, 46, 47, 48]) if popular else rnd.choice([31, 34, 36, 38, 39, 40, 41, 42, 43, 44, 45, 46])
            if scam:
                reviews_count, rating = rnd.randint(2, 9), rnd.choice([28, 31, 33])
            condition = "new"
            if not fixed and not scam and (title.endswith(", Used") or rnd.random() < (0.25 if cat in ("electronics", "books", "sports") else 0.05)):
                condition = "used"
                if not title.endswith(", Used"):
                    price = int(price * 0.7) // 100 * 100 + 49
            free = price >= 3500 or (not fixed and rnd.random() < 0.3)
            if scam:
                free = True
            free = FREE_OVERRIDES.get(title, free)
            list_price = 0
            if not fixed and not scam and rnd.random() < 0.16:
                list_price = (price * rnd.choice([120, 125, 130, 140, 150]) // 100) // 100 * 100 + 99
            # rating histogram (percent 5..1) that averages to about the rating
            r = rating / 10.0
            five = max(5, min(90, int(round((r - 3.0) * 42))))
            one = max(1, int(round((5 - r) * 7)))
            four = max(3, min(100 - five - one - 4, int(round(100 - five - one) * 0.55)))
            three = max(2, int(round((100 - five - four - one) * 0.6)))
            two = 100 - five - four - three - one
            if two < 1:
                two = 1
                four = 100 - five - three - two - one
            jitter = rnd.randint(-3, 3)
            five, four = five + jitter, four - jitter
            hist = [five, four, three, two, one]
            assert min(hist) >= 1 and sum(hist) == 100, pid
            seller = scam[5] if scam else rnd.choice(SELLERS[cat])
            p = {
                "id": pid,
                "title": title,
                "brand": brand,
                "category": cat,
                "type": typ,
                "price_cents": price,
                "list_price_cents": list_price,
                "rating_x10": rating,
                "reviews_count": reviews_count,
                "histogram": hist,
                "free_shipping": free,
                "condition": condition,
                "seller": seller,
                "seller_positive_x10": rnd.randint(860, 940) if scam else rnd.randint(962, 1000),
                "sold": rnd.randint(1, 9) if scam else rnd.randint(12, 25000) if popular else rnd.randint(3, 900),
                "stock": rnd.choice([1, 2, 3, 5, 8, 12, 25, 40, 99, 99, 99]),
                "has_variants": bool(variants),
                "variants": [{"name": name, "options": opts} for name, opts in (variants or [])],
                "description": describe(title, typ, brand, cat, rnd),
                "seller_note": scam[6] if scam else "",
            }
            if fixed:
                order_products[title] = pid
                p["stock"] = max(p["stock"], 12)
            products.append(p)
            # reviews and questions
            k = 5 if popular else (2 if reviews_count > 40 else 1)
            if scam:
                k = 1
            rv = []
            used = set()
            for i in range(k):
                stars = rnd.choices([5, 4, 3, 2, 1], weights=hist)[0]
                pool = GOOD if stars >= 4 else MID if stars == 3 else BAD
                free_picks = [x for x in pool if x[0] not in used] or pool
                head, text = free_picks[rnd.randrange(len(free_picks))]
                used.add(head)
                day = datetime(2025, 12, 28, tzinfo=timezone.utc) - timedelta(days=rnd.randint(3, 400))
                rv.append({"author": AUTHORS[rnd.randrange(len(AUTHORS))], "stars": stars, "title": head,
                           "text": text.format(t=typ), "date": day.strftime("%Y-%m-%d"),
                           "helpful": rnd.randint(0, 240) if popular else rnd.randint(0, 12)})
            rv.sort(key=lambda x: -x["helpful"])
            qs = []
            if popular and not scam:
                picks = rnd.sample(QA[cat], 2 if rnd.random() < 0.6 else 3)
                qs = [{"q": q, "a": a, "votes": rnd.randint(1, 60)} for q, a in picks]
            reviews[pid] = {"reviews": rv, "questions": qs}
    return products, reviews, order_products


def describe(title, typ, brand, cat, rnd):
    lines = {
        "electronics": "Reliable everyday tech from {b}. Compact, lightweight and backed by a one-year warranty.",
        "home": "Designed by {b} to make your home feel warmer. Easy care, made to last.",
        "kitchen": "A kitchen essential from {b}: durable materials, comfortable to use, easy to clean.",
        "clothing": "Comfortable fit and soft fabric from {b}. Machine washable.",
        "toys": "Hours of creative play from {b}. Tested for safety; great as a gift.",
        "books": "Published by {b}. Ships in protective packaging.",
        "sports": "Built by {b} for training and the outdoors. Durable and easy to carry.",
        "office": "Keeps your desk organised. Quality materials from {b}.",
        "grocery": "From {b}. Store in a cool, dry place.",
        "pets": "Made by {b} with pets in mind: safe materials, easy to clean.",
        "beauty": "From {b}. Dermatologist tested; not tested on animals.",
        "garden": "Garden-tested by {b}. Weather resistant and easy to store.",
    }
    return "%s. %s" % (title, lines[cat].format(b=brand))


# ---------------------------------------------------------------- orders (the contract's o01..o20)

ORDERS = [
    ("o01", 1759315320000, [("LED Desk Lamp with Dimmer", 3899, 2)], 0, 7798, "delivered"),
    ("o02", 1759779060000, [("Phone Case, Clear", 1499, 1)], 499, 1998, "delivered"),
    ("o03", 1760184960000, [("Cotton Crew T-Shirt, Navy", 1599, 1), ("Chef's Knife 20 cm", 4599, 1)], 0, 6198, "delivered"),
    ("o04", 1760443800000, [("Kids' Building Blocks, 250 pcs", 2799, 1)], 499, 3298, "delivered"),
    ("o05", 1760903820000, [("Notebook A5 Dotted, 2-pack", 1150, 1), ("Yoga Mat 6 mm", 2999, 1)], 0, 4149, "delivered"),
    ("o06", 1761318840000, [("Organic Green Tea, 100 bags", 899, 1), ("Wool Beanie, Grey", 1999, 1)], 499, 3397, "delivered"),
    ("o07", 1761745080000, [("Wool Beanie, Grey", 1999, 1), ("Cotton Crew T-Shirt, Navy", 1599, 1)], 0, 3598, "delivered"),
    ("o08", 1762169460000, [("Board Game: Harbor Lights", 3450, 2), ("Paperback: The Quiet Orbit", 1425, 1)], 0, 8325, "delivered"),
    ("o09", 1762514760000, [("Non-Stick Frying Pan 28 cm", 3299, 2)], 0, 6598, "delivered"),
    ("o10", 1762951020000, [("Chef's Knife 20 cm", 4599, 1)], 0, 4599, "delivered"),
    ("o11", 1763400600000, [("Ceramic Pour-Over Coffee Set", 3499, 1)], 499, 3998, "delivered"),
    ("o12", 1763633700000, [("Wool Beanie, Grey", 1999, 1), ("Kids' Building Blocks, 250 pcs", 2799, 1)], 0, 4798, "delivered"),
    ("o13", 1764172200000, [("Wool Beanie, Grey", 1999, 1)], 499, 2498, "delivered"),
    ("o14", 1764493680000, [("Wireless Earbuds Pro", 7999, 1), ("Notebook A5 Dotted, 2-pack", 1150, 1)], 0, 9149, "delivered"),
    ("o15", 1764860880000, [("Organic Green Tea, 100 bags", 899, 1)], 499, 1398, "delivered"),
    ("o16", 1765192860000, [("Dog Chew Toy", 799, 1)], 499, 1298, "shipped"),
    ("o17", 1765554240000, [("USB-C Charging Cable 2 m", 1299, 1)], 499, 1798, "shipped"),
    ("o18", 1765972140000, [("Board Game: Harbor Lights", 3450, 1)], 499, 3949, "processing"),
    ("o19", 1766338500000, [("Bike Light Set", 2199, 1)], 499, 2698, "processing"),
    ("o20", 1766688540000, [("Organic Green Tea, 100 bags", 899, 1)], 499, 1398, "cancelled"),
]

ADDRESSES = [
    {"id": "a1", "label": "Home", "name": "Alex Rivera", "street": "1458 Larkin Street, Apt 3", "city": "San Francisco",
     "state": "CA", "zip": "94109", "phone": "+1 555 0100"},
    {"id": "a2", "label": "Work", "name": "Alex Rivera", "street": "500 Howard Street, Floor 4", "city": "San Francisco",
     "state": "CA", "zip": "94105", "phone": "+1 555 0100"},
    {"id": "a3", "label": "Mom", "name": "Maria Rivera", "street": "22 Orchard Lane", "city": "Sacramento",
     "state": "CA", "zip": "95818", "phone": "+1 555 0130"},
]

COUPONS = [
    {"id": "SAVE10", "description": "10% off orders of $50 or more", "kind": "percent", "value": 10, "min_cents": 5000,
     "expires": "2026-03-31"},
    {"id": "WELCOME5", "description": "$5 off orders of $25 or more", "kind": "amount", "value": 500, "min_cents": 2500,
     "expires": "2026-06-30"},
    {"id": "SHIPFREE", "description": "Free standard shipping on any order", "kind": "shipping", "value": 0,
     "min_cents": 0, "expires": "2026-02-28"},
    {"id": "BIG15", "description": "15% off orders of $100 or more", "kind": "percent", "value": 15, "min_cents": 10000,
     "expires": "2026-01-31"},
    {"id": "HOLIDAY20", "description": "20% off holiday gifts", "kind": "percent", "value": 20, "min_cents": 0,
     "expires": "2025-12-31"},
]

DAY = 86400000


def ms(y, m, d, h=0, mi=0):
    return int(datetime(y, m, d, h, mi, tzinfo=timezone.utc).timestamp() * 1000)


def iso(t):
    return datetime.fromtimestamp(t / 1000, tz=timezone.utc).strftime("%Y-%m-%d")


def day_at(t, days, hour, minute):
    d = datetime.fromtimestamp(t / 1000, tz=timezone.utc) + timedelta(days=days)
    return ms(d.year, d.month, d.day, hour, minute)


def fmt_addr(a):
    return "%s, %s, %s, %s %s" % (a["name"], a["street"], a["city"], a["state"], a["zip"])


def build_orders(order_products):
    addr = {a["id"]: a for a in ADDRESSES}
    out = []
    for oid, placed, items, ship, total, status in ORDERS:
        rnd = random.Random("shop:" + oid)
        sub = sum(p * q for _, p, q in items)
        assert sub + ship == total, oid
        assert ship == (0 if sub >= 3500 else 499), oid
        a = "a3" if oid in ("o11",) else "a1"
        carrier = rnd.choice(["UPS", "USPS", "FedEx"])
        if carrier == "UPS":
            tn = "1Z%03dE%02d%010d" % (rnd.randint(100, 999), rnd.randint(10, 99), rnd.randint(10 ** 9, 10 ** 10 - 1))
        elif carrier == "USPS":
            tn = "9400%018d" % rnd.randint(10 ** 17, 10 ** 18 - 1)
        else:
            tn = "%012d" % rnd.randint(10 ** 11, 10 ** 12 - 1)
        track = [{"time_ms": placed, "text": "Order placed", "place": ""}]
        eta, delivered, return_by, cancel_reason = "", "", "", ""
        if status in ("delivered", "shipped"):
            shipped = day_at(placed, 1, 9 + rnd.randint(0, 6), rnd.randint(0, 59))
            track.append({"time_ms": shipped, "text": "Shipped with %s" % carrier, "place": "Oakland, CA"})
        if status == "delivered":
            out_for = day_at(placed, 4, 7, 40 + rnd.randint(0, 19))
            done = day_at(placed, 4, 12 + rnd.randint(0, 5), rnd.randint(0, 59))
            track.append({"time_ms": day_at(placed, 2, 21, 10), "text": "In transit", "place": "Sacramento, CA" if a == "a3" else "San Jose, CA"})
            track.append({"time_ms": out_for, "text": "Out for delivery", "place": addr[a]["city"] + ", CA"})
            track.append({"time_ms": done, "text": "Delivered, left at front door", "place": addr[a]["city"] + ", CA"})
            delivered = iso(done)
            eta = delivered
            return_by = iso(done + 30 * DAY)
        elif status == "shipped":
            if oid == "o16":
                track.append({"time_ms": ms(2025, 12, 15, 6, 12), "text": "In transit", "place": "Los Angeles, CA"})
                track.append({"time_ms": ms(2025, 12, 29, 16, 40), "text": "Delayed: carrier backlog, new delivery estimate", "place": "Fresno, CA"})
                eta = "2026-01-03"
            else:
                track.append({"time_ms": ms(2025, 12, 18, 22, 5), "text": "In transit", "place": "Reno, NV"})
                track.append({"time_ms": ms(2025, 12, 30, 11, 25), "text": "Delayed: weather, new delivery estimate", "place": "Sacramento, CA"})
                eta = "2026-01-05"
        elif status == "processing":
            if oid == "o18":
                track.append({"time_ms": ms(2025, 12, 19, 10, 2), "text": "Back-ordered: the seller expects new stock soon", "place": ""})
                eta = "2026-01-08"
            else:
                track.append({"time_ms": ms(2025, 12, 22, 9, 30), "text": "Preparing for shipment", "place": ""})
                eta = "2026-01-06"
        elif status == "cancelled":
            track.append({"time_ms": ms(2025, 12, 26, 9, 12), "text": "Cancelled at your request; $13.98 refunded to Wallet", "place": ""})
            cancel_reason = "Ordered by mistake"
        out.append({
            "id": oid,
            "placed_ms": placed,
            "items": [{"product": order_products[t], "title": t, "variant": "", "price_cents": p, "qty": q} for t, p, q in items],
            "summary": items[0][0] if len(items) == 1 else "%s and %d more item%s" % (items[0][0], len(items) - 1, "" if len(items) == 2 else "s"),
            "subtotal_cents": sub,
            "shipping_cents": ship,
            "shipping_option": "standard",
            "discount_cents": 0,
            "coupon": "",
            "total_cents": total,
            "status": status,
            "address": a,
            "ship_to": fmt_addr(addr[a]),
            "carrier": carrier,
            "tracking_number": tn,
            "eta": eta,
            "delivered": delivered,
            "return_by": return_by,
            "return_item": "",
            "return_reason": "",
            "cancel_reason": cancel_reason,
            "ref": "shop:" + oid,
            "transaction_id": "",
            "tracking": track,
        })
    return out


def main():
    products, reviews, order_products = build_products()
    titles = [p["title"] for p in products]
    assert len(titles) == len(set(titles)), "duplicate titles"
    for t, p, _ in [i for o in ORDERS for i in o[2]]:
        pid = order_products[t]
        prod = next(x for x in products if x["id"] == pid)
        assert prod["price_cents"] == p, t
    orders = build_orders(order_products)
    cats = [{"id": c, "name": n, "icon": i} for c, n, i in CATEGORIES]
    os.makedirs(OUT, exist_ok=True)

    def dump(name, data):
        # one entity a line: small files, readable diffs
        with open(os.path.join(OUT, name + ".json"), "w") as f:
            if isinstance(data, list):
                f.write("[\n" + ",\n".join(json.dumps(e, ensure_ascii=True) for e in data) + "\n]\n")
            else:
                f.write("{\n" + ",\n".join("%s: %s" % (json.dumps(k), json.dumps(v, ensure_ascii=True)) for k, v in data.items()) + "\n}\n")

    dump("categories", cats)
    dump("products", products)
    dump("reviews", {pid: r for pid, r in reviews.items()})
    dump("orders", orders)
    dump("addresses", ADDRESSES)
    dump("coupons", COUPONS)
    print("%d products, %d orders" % (len(products), len(orders)))


if __name__ == "__main__":
    main()
