"""The keys documented in docs/configuration.md, as dotted paths: read from its "complete
example" TOML block and from the tables and prose of its "Sections" part."""
import re, tomllib

from . import DOC

# ───────────────────────────── 1. the documented keys ─────────────────────────────
IDENT = re.compile(r"^[a-z][a-z0-9_]*$")
KEYEQ = re.compile(r"^([a-z][a-z0-9_]*)\s*=")


def example_block(doc):
    m = re.search(r"^## A complete example\s*$.*?^```toml\n(.*?)^```", doc, re.S | re.M)
    if not m:
        raise SystemExit("docs/configuration.md: no '## A complete example' with a ```toml block")
    return m.group(1)


def example_keys(block):
    """Leaf keys of the example: table headers ([display], [[sensor.channel]]) are not
    keys; inline tables (ticks = { major … }) are keys with subkeys; a map's entries
    (input.keys: KEY_RIGHT = …) are the user's names, not keys."""
    headers = {m.group(1) for m in re.finditer(r"^\s*\[\[?\s*([A-Za-z0-9_.]+)\s*\]\]?", block, re.M)}
    keys = set()

    def walk(prefix, v):
        if isinstance(v, dict):
            for k, x in v.items():
                if not IDENT.match(k):
                    continue
                p = prefix + [k]
                if ".".join(p) not in headers:
                    keys.add(".".join(p))
                walk(p, x)
        elif isinstance(v, list):
            for x in v:
                walk(prefix, x)

    walk([], tomllib.loads(block))
    return keys


def split_top(text, seps):
    """Splits text at any of seps, but not inside backticks or parentheses."""
    out, cur, depth, tick, i = [], "", 0, False, 0
    while i < len(text):
        c = text[i]
        if c == "`":
            tick = not tick
        elif not tick and c == "(":
            depth += 1
        elif not tick and c == ")":
            depth = max(depth - 1, 0)
        if not tick and depth == 0:
            hit = next((s for s in seps if text.startswith(s, i)), None)
            if hit:
                out.append(cur); cur = ""; i += len(hit); continue
        cur += c; i += 1
    out.append(cur)
    return out


def fragment_keys(text):
    """The keys a sentence or table cell names: backticked bare identifiers (`median`)
    and `key = …` spans. A parenthesis right after a quoted value (`"sine"` (`centre`,
    …)) lists that choice's keys; any other parenthesis (after a key: its values; "e.g."
    lists; remarks) names none; after '→' come values, up to the next ';'. Inline-table
    spans (`{ major = 2…64, minor }`, `[{ from, to, color }]`) give subkeys.
    Returns (keys, subkeys)."""
    keys, subkeys = [], []
    stack, last, arrow, i = [], None, False, 0
    while i < len(text):
        c = text[i]
        if c == "`":
            j = text.find("`", i + 1)
            if j < 0:
                break
            s = text[i + 1:j].strip()
            if all(stack) and not arrow:
                m = KEYEQ.match(s)
                if IDENT.match(s):
                    keys.append(s)
                elif s.startswith(("{", "[{")):
                    body = re.sub(r'"[^"]*"', "", s)
                    for part in re.split(r"[,{}\[\]]", body):
                        p = part.strip()
                        mm = KEYEQ.match(p)
                        if IDENT.match(p):
                            subkeys.append(p)
                        elif mm:
                            subkeys.append(mm.group(1))
                elif m:
                    keys.append(m.group(1))
            last = s
            i = j + 1
            continue
        if c == "(":
            close = text.find(")", i)
            remark = text[i:close + 1 if close >= 0 else len(text)]
            after_value = last is not None and last.startswith('"') and text[:i].rstrip().endswith("`")
            stack.append(after_value and "e.g." not in remark)
        elif c == ")" and stack:
            stack.pop()
        elif c == "→" and not stack:
            arrow = True
        elif c == ";" and not stack:
            arrow = False
        if not c.isspace() and c not in ",;:()":
            last = None
        i += 1
    return keys, subkeys


def section_keys(doc):
    """Keys from the tables and prose under '## Sections'. Each '### ' heading names its
    tables (`[[sensor]]` and `[[sensor.channel]]`). A table column headed '… keys' or
    'key' holds keys: of the table its header names ('channel keys'), else of the
    heading's innermost table; a backticked key in a header cell (sensor `kind`) belongs
    to the table the header names. A prose sentence's keys belong to the table its
    subject names ('Every channel:', 'A page has', 'Each theme' → theme.day and
    theme.night), else to the heading's first table."""
    m = re.search(r"^## Sections\s*$(.*?)(?=^## )", doc, re.S | re.M)
    if not m:
        raise SystemExit("docs/configuration.md: no '## Sections' part")
    found = set()
    for part in re.split(r"^### ", m.group(1), flags=re.M)[1:]:
        heading, _, body = part.partition("\n")
        tables = re.findall(r"`\[\[?([a-z0-9_.]+)\]\]?`", heading)
        if not tables:
            continue

        def named(noun, each=False):
            if each:   # "Each theme": the tables of that kind (theme.day, theme.night)
                kids = [t for t in tables if "." in t and t.split(".")[-2] == noun]
                if kids:
                    return kids
            return [t for t in tables if t.split(".")[-1] == noun]

        def add(where, keys, subkeys=()):
            for t in where:
                for k in keys:
                    found.add(f"{t}.{k}")
                if len(keys) == 1:
                    for s in subkeys:
                        found.add(f"{t}.{keys[0]}.{s}")

        lines = body.split("\n")
        i = 0
        prose = []
        while i < len(lines):
            if lines[i].lstrip().startswith("|"):
                rows = []
                while i < len(lines) and lines[i].lstrip().startswith("|"):
                    rows.append(lines[i]); i += 1
                cells = [split_top(r.strip().strip("|"), ["|"]) for r in rows]
                header = [c.strip() for c in cells[0]]
                owners = []
                for h in header:
                    words = re.findall(r"[a-z]+", re.sub(r"`[^`]*`", "", h).lower())
                    owner = next((named(w) for w in words if named(w)), None)
                    inline, _ = fragment_keys(h)
                    if inline:
                        add(owner or tables[:1], inline)
                    owners.append((owner or tables[-1:]) if "key" in words or "keys" in words else None)
                for row in cells[1:]:
                    row = [c.strip() for c in row]
                    if all(set(c) <= set("-: ") for c in row):
                        continue
                    for col, owner in enumerate(owners):
                        if owner is None or col >= len(row):
                            continue
                        keys, _ = fragment_keys(row[col])
                        subs = [s for c2, cell in enumerate(row) if owners[c2] is None for s in fragment_keys(cell)[1]]
                        add(owner, keys, subs)
                continue
            prose.append(lines[i]); i += 1
        text = " ".join(l.strip() for l in prose)
        # a remark in parentheses that ends a sentence ("… a table.)") ends it too
        text = re.sub(r"\.\)\s+", ".)\x00", text)
        for sentence in [s for chunk in text.split("\x00") for s in split_top(chunk, [". "])]:
            keys, subs = fragment_keys(sentence)
            if not keys:
                continue
            s = re.match(r"\s*(every|each|an?)\s+([a-z]+)", sentence, re.I)
            where = named(s.group(2).lower(), each=s.group(1).lower() in ("every", "each")) if s else []
            add(where or tables[:1], keys, subs)
    return found


def documented_keys():
    doc = open(DOC, encoding="utf-8").read()
    return sorted(example_keys(example_block(doc)) | section_keys(doc))
