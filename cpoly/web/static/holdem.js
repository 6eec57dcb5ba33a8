// The Hold'em page: equity of hands and ranges (exact or Monte Carlo, as `cpoly equity --json`
// chooses), a 13x13 range grid, per-category counts and equity by street as an inline SVG.
"use strict";

(() => {
  const { $, el, table, clearErrors, runInto, cancelAll, fmt } = cpoly;
  const RANKS = "AKQJT98765432";
  const STREETS = [["preflop", 0], ["flop", 3], ["turn", 4], ["river", 5]];
  const COLORS = ["#1f6f4a", "#c0392b", "#2c5aa0", "#b7791f", "#6b46c1", "#2c7a7b", "#97266d", "#4a5568", "#975a16"];

  const gcd = (a, b) => { while (b) [a, b] = [b, a % b]; return a; };
  const ratio = (n, d) => { const g = gcd(BigInt(n), BigInt(d)) || 1n; return `${BigInt(n) / g}/${BigInt(d) / g}`; };

  // ---- the range grid -----------------------------------------------------------------------
  const handTokens = () => $("hands").value.trim().split(/\s+/).filter(Boolean);
  const cellName = (i, j) => (i === j ? RANKS[i] + RANKS[j] : i < j ? `${RANKS[i]}${RANKS[j]}s` : `${RANKS[j]}${RANKS[i]}o`);

  function drawGrid() {
    const rows = [...RANKS].map((_, i) => el("tr", {}, ...[...RANKS].map((__, j) => {
      const name = cellName(i, j);
      return el("td", {}, el("button", {
        type: "button", class: i === j ? "pair" : i < j ? "suited" : "offsuit", "aria-pressed": "false",
        "data-cell": name, text: name, onclick: () => toggleCell(name),
      }));
    })));
    $("grid").replaceChildren(el("tbody", {}, ...rows));
  }

  function updatePlayers() {
    const count = Math.max(2, handTokens().length + 1);
    const chosen = $("grid-player").value || "1";
    $("grid-player").replaceChildren(...Array.from({ length: count }, (_, k) => el("option", { value: String(k + 1), text: String(k + 1) })));
    $("grid-player").value = Number(chosen) <= count ? chosen : "1";
    markGrid();
  }

  const playerIndex = () => Number($("grid-player").value || "1") - 1;

  // A range's text is the one state of the grid: it is parsed into the set of cells it covers,
  // as `cpoly equity` reads it (QQ+, A2s+, 77-99, AK, A2s-A5s, random), and a click toggles one
  // cell of that set and writes the set back as text.  Items the grid cannot show (exact cards
  // AsAh, As?, weights AA@50, typos) are kept as typed, except those inside the clicked cell.
  const RANDOM_WORDS = new Set(["random", "any", "??", "xx"]);
  const RANGE_ITEM = /^([2-9TJQKA])([2-9TJQKA])([SO]?)(\+?)(?:-([2-9TJQKA])([2-9TJQKA])([SO]?))?$/;
  const EXACT_HAND = /^([2-9TJQKA])([SHDC])([2-9TJQKA])([SHDC])$/;
  const rankValue = (letter) => 12 - RANKS.indexOf(letter);  // deuce 0 ... ace 12
  const rankLetter = (v) => RANKS[12 - v];
  const between = (a, b) => Array.from({ length: Math.abs(b - a) + 1 }, (_, k) => Math.min(a, b) + k);
  const nameOf = (high, low, kind) => (high === low ? rankLetter(high) + rankLetter(high) : rankLetter(high) + rankLetter(low) + kind);
  const ALL_CELLS = [...RANKS].flatMap((_, i) => [...RANKS].map((__, j) => cellName(i, j)));

  // The cells of one range item without weight, or null when the grid cannot show it.
  function itemCells(item) {
    if (RANDOM_WORDS.has(item.toLowerCase())) return ALL_CELLS;
    const match = RANGE_ITEM.exec(item.toUpperCase());
    if (!match) return null;
    const [, a, b, k, plus, endA, endB, endK] = match;
    const kind = k.toLowerCase(), endKind = (endK || "").toLowerCase();
    const high = Math.max(rankValue(a), rankValue(b)), low = Math.min(rankValue(a), rankValue(b));
    if ((high === low && kind) || (endA && endA === endB && endKind) || (plus && endA)) return null;
    const cells = (h, l) => (h === l ? [nameOf(h, h)] : (kind ? [kind] : ["s", "o"]).map((x) => nameOf(h, l, x)));
    if (endA) {
      const endHigh = Math.max(rankValue(endA), rankValue(endB)), endLow = Math.min(rankValue(endA), rankValue(endB));
      if (high === low && endHigh === endLow) return between(high, endHigh).flatMap((r) => cells(r, r));
      if (high !== endHigh || kind !== endKind || high === low || endHigh === endLow) return null;
      return between(low, endLow).flatMap((r) => cells(high, r));
    }
    if (!plus) return cells(high, low);
    return high === low ? between(high, 12).flatMap((r) => cells(r, r)) : between(low, high - 1).flatMap((r) => cells(high, r));
  }

  // The cell an item the grid cannot show lies in (AsAh, AA@50), or null.
  function cellInside(item) {
    const base = item.split("@")[0].trim();
    const exact = EXACT_HAND.exec(base.toUpperCase());
    if (exact) {
      const [, a, s, b, t] = exact;
      const high = Math.max(rankValue(a), rankValue(b)), low = Math.min(rankValue(a), rankValue(b));
      return nameOf(high, low, s === t ? "s" : "o");
    }
    const cells = item.includes("@") ? itemCells(base) : null;
    return cells && cells.length === 1 ? cells[0] : null;
  }

  // One player's text as {cells: the grid's set, extras: the items the grid cannot show}.
  function parseRange(text) {
    const cells = new Set(), extras = [];
    for (const item of (text || "").split(",").map((part) => part.trim()).filter(Boolean)) {
      const covered = item.includes("@") ? null : itemCells(item);
      if (covered) covered.forEach((cell) => cells.add(cell)); else extras.push(item);
    }
    return { cells, extras };
  }

  // Contiguous runs [low, high] of sorted values.
  function runs(values) {
    const found = [];
    for (const v of values) {
      const last = found[found.length - 1];
      if (last && last[1] === v - 1) last[1] = v; else found.push([v, v]);
    }
    return found;
  }

  // A run of cells [low, high] of one top card as range text: AK, A2s+, A2s-A5s, QQ+, 77-99.
  function runText([low, high], top, kind) {
    const cell = (v) => (top === null ? nameOf(v, v) : nameOf(top, v, kind));
    if (low === high) return cell(low);
    return high === (top === null ? 12 : top - 1) ? `${cell(low)}+` : `${cell(low)}-${cell(high)}`;
  }

  // The grid's set written back as range text, pairs first, then by top card.
  function rangeText(cells) {
    if (ALL_CELLS.every((cell) => cells.has(cell))) return "random";
    const has = (high, low, kind) => cells.has(nameOf(high, low, kind));
    const pairs = runs(between(0, 12).filter((v) => has(v, v))).reverse().map((run) => runText(run, null));
    const others = between(1, 12).reverse().flatMap((top) => {
      const [suited, offsuit] = ["s", "o"].map((kind) => runs(between(0, top - 1).filter((v) => has(top, v, kind))));
      const same = (run) => (other) => other[0] === run[0] && other[1] === run[1];
      const both = suited.filter((run) => offsuit.some(same(run)));
      const only = (list) => list.filter((run) => !both.some(same(run)));
      return [...both.reverse().map((run) => runText(run, top, "")), ...only(suited).reverse().map((run) => runText(run, top, "s")),
        ...only(offsuit).reverse().map((run) => runText(run, top, "o"))];
    });
    return [...pairs, ...others].join(",");
  }

  function markGrid() {
    const { cells } = parseRange(handTokens()[playerIndex()]);
    for (const button of $("grid").querySelectorAll("button")) {
      button.setAttribute("aria-pressed", String(cells.has(button.dataset.cell)));
    }
  }

  // Toggle a cell in the chosen player's range; an item of the text inside that cell goes.
  function toggleCell(name) {
    const tokens = handTokens();
    const index = Math.min(playerIndex(), tokens.length);
    const { cells, extras } = parseRange(tokens[index]);
    if (cells.has(name)) cells.delete(name); else cells.add(name);
    const text = [rangeText(cells), ...extras.filter((item) => cellInside(item) !== name)].filter(Boolean).join(",");
    if (text) tokens[index] = text; else tokens.splice(index, 1);
    $("hands").value = tokens.join(" ");
    updatePlayers();
    $("grid-player").value = String(index + 1);
    markGrid();
  }

  function clearRange() {
    const tokens = handTokens();
    tokens.splice(playerIndex(), 1);
    $("hands").value = tokens.join(" ");
    updatePlayers();
  }

  // ---- results ------------------------------------------------------------------------------
  const lossOf = (result, p) => (p.loss ?? result.boards - p.win - p.tie);

  function showEquity(result) {
    const n = result.boards;
    const count = (key) => ({ head: key, num: true, cell: (p) => fmt.int(key === "loss" ? lossOf(result, p) : p[key]),
      title: (p) => `${ratio(key === "loss" ? lossOf(result, p) : p[key], n)} of the ${result.exact ? "boards" : "samples"}` });
    const players = table(`Equity of ${result.players.length} players`, [
      { head: "player", cell: (p) => p.hand },
      { head: "equity", num: true, cell: (p) => fmt.pct(p.equity, 2) + (p.stderr != null ? ` ± ${fmt.pct(p.stderr, 2)}` : ""),
        title: (p) => (p.equity_exact ? `${p.equity_exact} = ${fmt.pct(p.equity, 6)}` : `Monte Carlo: ${fmt.pct(p.equity, 6)}, standard error ${fmt.pct(p.stderr || 0, 6)}`) },
      count("win"), count("tie"), count("loss"),
    ], result.players);
    const names = Object.keys(result.players[0].by_category).filter((c) => result.players.some((p) => p.by_category[c].occur));
    const parts = "loss" in result.players[0].by_category[names[0] || "pair"] ? ["win", "tie", "loss", "occur"] : ["win", "tie", "occur"];
    const categories = table(`Final hand category per player: ${parts.join(" / ")}`, [
      { head: "category", cell: (c) => c },
      ...result.players.map((p) => ({ head: p.hand, num: true, cell: (c) => parts.map((k) => fmt.int(p.by_category[c][k])).join(" / ") })),
    ], names);
    const method = el("p", { class: "summary", text: `${result.exact ? "Exact" : "Monte Carlo"}: ${fmt.int(result.boards)} ` +
      `${result.exact ? "boards" : "samples"}${result.holdings > 1 ? ` over ${fmt.int(result.holdings)} holdings` : ""}. Method: ${result.method_reason}` });
    $("result").replaceChildren(method, players, categories);
  }

  // Equity by street: the known board cut to each street up to its length, one CLI run each.
  async function showStreets(body, boardCards, final) {
    const streets = STREETS.filter(([, size]) => size <= boardCards.length);
    const results = new Map([[streets[streets.length - 1][0], final]]);
    drawStreets(results, final);
    for (const [name, size] of streets.slice(0, -1)) {
      const result = await runInto($("streets-progress"), `equity on the ${name}`, "equity",
        { ...body, board: boardCards.slice(0, size).join(" ") }, "board");
      if (!result) return;
      results.set(name, result);
      drawStreets(results, final);
    }
  }

  function drawStreets(results, final) {
    const W = 560, H = 260, left = 48, right = 130, top = 14, bottom = 34;
    const x = (i) => left + (i * (W - left - right)) / (STREETS.length - 1);
    const y = (v) => top + (1 - v) * (H - top - bottom);
    const svg = (tag, attrs, ...kids) => {
      const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
      for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
      node.append(...kids);
      return node;
    };
    const parts = [];
    for (const v of [0, 0.25, 0.5, 0.75, 1]) {
      parts.push(svg("line", { x1: left, x2: W - right, y1: y(v), y2: y(v), stroke: "#d5dbe3" }));
      parts.push(svg("text", { x: left - 6, y: y(v) + 4, "text-anchor": "end" }, `${100 * v} %`));
    }
    STREETS.forEach(([name], i) => parts.push(svg("text", { x: x(i), y: H - 12, "text-anchor": "middle" }, name)));
    final.players.forEach((player, k) => {
      const color = COLORS[k % COLORS.length];
      const points = STREETS.map(([name], i) => [i, results.get(name)]).filter(([, r]) => r)
        .map(([i, r]) => [x(i), y(r.players[k].equity), r.players[k]]);
      parts.push(svg("polyline", { points: points.map(([a, b]) => `${a},${b}`).join(" "), fill: "none", stroke: color, "stroke-width": 2 }));
      for (const [a, b, p] of points) {
        parts.push(svg("circle", { cx: a, cy: b, r: 4, fill: color }, svg("title", {}, `${p.hand}: ${fmt.pct(p.equity, 4)}${p.equity_exact ? ` (${p.equity_exact})` : ""}`)));
      }
      parts.push(svg("text", { x: W - right + 10, y: top + 16 * (k + 1), style: `fill: ${color}; font-weight: 600` }, `${player.hand}`));
    });
    const chart = svg("svg", { width: W, height: H, viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": "Equity by street" }, ...parts);
    const rows = STREETS.filter(([name]) => results.has(name));
    const data = table("Equity by street", [
      { head: "street", cell: ([name]) => name },
      ...final.players.map((p, k) => ({ head: p.hand, num: true, cell: ([name]) => fmt.pct(results.get(name).players[k].equity, 2) })),
    ], rows);
    const note = rows.length === 1 ? [el("p", { class: "hint", text: "Enter a flop (and turn, river) in Board to see how the equity moves street by street." })] : [];
    $("streets").replaceChildren(chart, data, ...note);
  }

  async function computeEquity() {
    cancelAll();  // the streets of an older request would draw over this one's
    clearErrors();
    $("streets").replaceChildren();
    const body = { hands: $("hands").value, board: $("board").value, dead: $("dead").value };
    const result = await runInto($("equity-progress"), "equity", "equity", body, "hands");
    if (!result) { $("result").replaceChildren(); return; }
    showEquity(result);
    const boardCards = $("board").value.match(/[2-9tjqka][shdc]/gi) || [];
    await showStreets(body, boardCards, result);
  }

  // ---- wiring -------------------------------------------------------------------------------
  drawGrid();
  updatePlayers();
  $("hands").addEventListener("input", updatePlayers);
  $("grid-player").addEventListener("change", markGrid);
  $("grid-clear").addEventListener("click", clearRange);
  $("equity").addEventListener("click", computeEquity);
  for (const id of ["hands", "board", "dead"]) $(id).addEventListener("keydown", (e) => { if (e.key === "Enter") computeEquity(); });
})();
