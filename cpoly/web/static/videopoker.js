// The video-poker page: game and pay table, the 32 holds of a hand (in a feature game's state),
// the full-game return and the game's features, the strategy chart in a player's words, the
// multi-play variances, one edited pay's return and break-even, the PAR report, and a trainer
// that names mistakes in a player's words.  Every figure and word is the CLI's --json, shown as it comes.
"use strict";

(() => {
  const { $, el, table, clearErrors, showError, runInto, cancelAll, fmt } = cpoly;
  const UPLOAD = "__upload__";
  const PLAYS = [1, 3, 5, 10, 50, 100];
  const state = { upload: null, tables: [], deck: null, cache: new Map(), loads: 0, hand: null,
    session: { hands: 0, mistakes: 0, cost: [0n, 1n] } };

  // ---- exact fractions "p/q" with BigInt --------------------------------------------------
  const gcd = (a, b) => { a = a < 0n ? -a : a; while (b) [a, b] = [b, a % b]; return a; };
  function frac(text) {
    const [p, q] = String(text).split("/");
    return [BigInt(p), BigInt(q || "1")];
  }
  function sub([a, b], [c, d]) {
    const p = a * d - c * b, q = b * d, g = gcd(p, q) || 1n;
    return [p / g, q / g];
  }
  const add = (x, [c, d]) => sub(x, [-c, d]);
  const fracText = ([p, q]) => (q === 1n ? `${p}` : `${p}/${q}`);
  const fracValue = ([p, q]) => Number(p) / Number(q);

  // ---- the game -----------------------------------------------------------------------------
  function gameBody(withPays = true) {
    const body = $("game").value === UPLOAD ? { ...state.upload } : { game: $("game").value };
    if (!withPays) return body;
    body.paytable = $("paytable").value || null;
    const edited = editedPays();
    if (edited) Object.assign(body, edited);
    return body;
  }

  function currentTable() {
    return state.tables.find((t) => t.name === $("paytable").value);
  }

  // The pays typed on the page if they differ from the chosen table, as {pays, dealt}.
  function editedPays() {
    const table = currentTable();
    if (!table) return null;
    const pays = {};
    let changed = false;
    for (const input of $("pays").querySelectorAll("input")) {
      pays[input.dataset.category] = input.value.trim();
      if (input.value.trim() !== String(table.pays[input.dataset.category])) changed = true;
    }
    return changed ? { pays, dealt: table.dealt || {} } : null;
  }

  async function loadGames() {
    const games = await (await fetch("/api/games")).json();
    $("game").replaceChildren(...games.map((g) => el("option", { value: g.id, text: `${g.title} (${g.file})` })));
    const jacks = games.find((g) => g.id === "jacks_or_better");
    if (jacks) $("game").value = jacks.id;
    await loadGame();
  }

  // Load the chosen game.  Only the latest load's answer is used; the pay table, hand and pay
  // chosen while it ran are kept when the game has them.  A game that fails to load leaves no
  // pay table of the previous one on the page, only its error.
  async function loadGame() {
    cancelAll();
    endHand();
    clearErrors();
    const load = ++state.loads;
    state.tables = [];
    state.deck = null;
    for (const id of ["holds", "return", "multiplay", "features", "strategy", "pays", "picker", "report-link", "dealt"]) $(id).replaceChildren();
    showStates([]);
    const body = gameBody(false);
    const [tables, deck] = await Promise.all([
      runInto($("return-progress"), "reading pay tables", "paytables", body, "game"),
      runInto($("holds-progress"), "reading the deck", "deck", body, "game"),
    ]);
    if (load !== state.loads) return;
    if (!tables || !deck) { forgetTables(); return; }
    state.tables = tables;
    state.deck = deck;
    const chosen = $("paytable").value;
    $("paytable").replaceChildren(...tables.map((t) => el("option", { value: t.name, text: t.name })));
    if (tables.some((t) => t.name === chosen)) $("paytable").value = chosen;
    showPays();
    drawPicker();
  }

  function forgetTables() {
    for (const id of ["paytable", "category"]) $(id).replaceChildren();
    if (!$("value").dataset.typed) $("value").value = "";
    $("onepay").textContent = "";
  }

  function showPays() {
    const table = currentTable();
    if (!table) return;
    const rows = Object.entries(table.pays).map(([category, pay]) => ({ category, pay }));
    $("pays").replaceChildren(cpoly.table(`Pays per coin (${table.name}); edit to try another table`, [
      { head: "hand", cell: (r) => r.category + (table.dealt && r.category in table.dealt ? ` (dealt ${table.dealt[r.category]})` : "") },
      { head: "pays", num: true, cell: (r) => el("input", { type: "text", value: String(r.pay), "data-category": r.category, "aria-label": `Pay for ${r.category}` }) },
    ], rows));
    const category = $("category").value;
    $("category").replaceChildren(...rows.map((r) => el("option", { value: r.category, text: r.category })));
    if (rows.some((r) => r.category === category)) $("category").value = category;
    showPayOf();
    $("onepay").textContent = "";
    $("report-link").replaceChildren();
  }

  // ---- one pay: its return and break-even; the PAR report ---------------------------------
  // The Pays field shows the chosen hand's pay in the table until the user types a value.
  function showPayOf() {
    const table = currentTable();
    if (table && !$("value").dataset.typed) $("value").value = String(table.pays[$("category").value] ?? "");
  }

  const valueOf = (text) => { const [p, q] = text.split("/"); return Number(p) / Number(q || "1"); };

  async function tryPay() {
    clearErrors();
    const category = $("category").value, value = $("value").value.trim();
    const body = gameBody();
    $("onepay").textContent = "";
    const [analysis, sweep] = await Promise.all([
      runInto($("onepay-progress"), `return with ${category} = ${value}`, "analyze", { ...body, pay: { category, value } }, "value"),
      runInto($("onepay-progress"), `break-even of ${category}`, "sweep", { ...body, category, low: "0", high: valueOf(value) > 0 ? value : "1" }, "value"),
    ]);
    if (!analysis || !sweep) return;
    const even = sweep.break_even;
    $("onepay").textContent = `With ${category} = ${value}: return ${fmt.pct(analysis.return, 4)} (${analysis.return_exact}). ` +
      (even && even.value_exact ? `Break-even (return exactly 100 %): ${category} = ${fmt.fixed(even.value, 6)} (${even.value_exact}).`
        : `No break-even: ${(even && even.reason) || "none found"}.`);
  }

  async function makeReport() {
    clearErrors();
    $("report-link").replaceChildren();
    const result = await runInto($("report-progress"), "writing the PAR report", "report", gameBody(), "report");
    if (!result) return;
    $("report-link").replaceChildren(el("a", { href: result.url, target: "_blank", rel: "noopener",
      text: `PAR report: ${result.game} (${result.analysis.paytable})` }));
  }

  // ---- the card picker --------------------------------------------------------------------
  function handCards() { return $("cards").value.split(/[\s,]+/).filter(Boolean); }

  function drawPicker() {
    const names = [...new Set(state.deck.cards)];
    const suit = (name) => name.slice(-1);
    const suits = [...new Set(names.map(suit))];
    names.sort((a, b) => suits.indexOf(suit(a)) - suits.indexOf(suit(b)) || state.deck.cards.indexOf(a) - state.deck.cards.indexOf(b));
    $("picker").replaceChildren(...names.map((name) => el("button", {
      type: "button", class: `suit-${suit(name)}`, "aria-pressed": "false", "data-card": name, text: name,
      onclick: () => toggleCard(name),
    })));
    markPicker();
  }

  function toggleCard(name) {
    const cards = handCards();
    const at = cards.lastIndexOf(name);
    if (at >= 0) cards.splice(at, 1); else cards.push(name);
    $("cards").value = cards.join(" ");
    markPicker();
  }

  function markPicker() {
    const held = new Set(handCards());
    for (const button of $("picker").querySelectorAll("button")) button.setAttribute("aria-pressed", String(held.has(button.dataset.card)));
  }

  // ---- results ------------------------------------------------------------------------------
  const heldText = (held) => (held.length ? held.join(" ") : "(draw five)");
  const sameHold = (a, b) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

  // The state a hand was analysed in, for its caption: on several lines a hold is worth the total
  // of the multipliers times its mean pay plus the worth of the lines' next multipliers.
  function stateCaption(st) {
    if (!st) return "";
    if (st.lines > 1) return `, ${st.option} ${st.value} on ${st.lines} lines: a hold is worth ${st.multiplier} x its mean pay plus what the lines' next multipliers are worth`;
    return `, ${st.option} ${st.value}: each final hand pays ${st.multiplier}x and earns its state's worth`;
  }

  function showHolds(result, mine = null) {
    const best = frac(result.best.ev_exact);
    const cost = (h) => sub(best, frac(h.ev_exact));
    const outcomes = (h) => Object.entries(h.outcomes).filter(([, n]) => n).map(([k, n]) => `${k} ${fmt.int(n)}`).join(", ");
    const state = stateCaption(result.state);
    $("holds").replaceChildren(table(`Holds of ${handCards().join(" ")} (${result.paytable}${state}), best first`, [
      { head: "#", num: true, cell: (h, i) => i + 1 },
      { head: "held", cell: (h) => heldText(h.held) },
      { head: "EV", num: true, cell: (h) => fmt.fixed(h.ev, 6), title: (h) => h.ev_exact },
      { head: "exact EV", num: true, cell: (h) => h.ev_exact },
      { head: "cost vs best", num: true, cell: (h) => fmt.fixed(fracValue(cost(h)), 6), title: (h) => fracText(cost(h)) },
      { head: `outcomes (winning ${result.ordered ? "ordered " : ""}draws)`, cell: outcomes, title: (h) => `of ${fmt.int(h.draws)} draws` },
    ], result.holds, (h) => [sameHold(h.held, result.best.held) ? "best" : "", mine && sameHold(h.held, mine) ? "mine" : ""].join(" ")));
  }

  function showReturn(result) {
    const rows = [...result.categories, { name: "total", pays: "", combinations: result.total_combinations, probability: 1, return: result.return }];
    $("return").replaceChildren(
      table(`${result.paytable}: return ${fmt.pct(result.return, 4)} under optimal play`, [
        { head: "hand", cell: (r) => r.name },
        { head: "pays", num: true, cell: (r) => r.pays },
        { head: "combinations", num: true, cell: (r) => fmt.int(r.combinations) },
        { head: "probability", num: true, cell: (r) => fmt.fixed(r.probability, 9) },
        { head: "return", num: true, cell: (r) => fmt.fixed(r.return, 6) },
      ], rows),
      el("p", { class: "summary", text: `return ${fmt.pct(result.return, 6)} = ${result.return_exact}; variance ${fmt.fixed(result.variance, 4)}, ` +
        `standard deviation ${fmt.fixed(result.standard_deviation, 4)}, hit frequency ${fmt.fixed(result.hit_frequency, 6)}; ` +
        `${fmt.int(result.tied_deals)} deals with tied best holds (${result.tie_rule} rule)` }));
    const plays = (result.multiplay && result.multiplay.plays) || [];
    $("multiplay").replaceChildren(table("Multi-play: standard deviation (lines dealt one hand)", [
      { head: "lines", num: true, cell: (p) => fmt.int(p.plays) },
      { head: "SD per line", num: true, cell: (p) => fmt.fixed(p.standard_deviation_per_line, 4), title: (p) => `variance ${p.variance_per_line_exact}` },
      { head: "SD per bet", num: true, cell: (p) => fmt.fixed(p.standard_deviation_per_bet, 4), title: (p) => `variance ${p.variance_per_bet_exact}` },
    ], plays));
    showFeatures(result);
  }

  // ---- feature games: the analysis of each feature, and the states a hand can be played in ----
  const spaced = (key) => key.replace(/_/g, " ");
  const scalar = (v) => v === null || ["number", "string", "boolean"].includes(typeof v);

  // One feature of `analyze --json`'s `features`: its return, method and figures, its
  // distribution (levels reached, time at each multiplier) and its rows (levels, states), each
  // exact on hover.  Nothing here knows a kind: a new kind of the CLI shows as it comes.
  function featureNodes(f) {
    const skip = new Set(["kind", "title", "method", "return", "frequency", "distribution"]);
    const figures = Object.entries(f).filter(([k, v]) => !skip.has(k) && !k.endsWith("_exact") && scalar(v))
      .map(([k, v]) => `${spaced(k)} ${number(v)}`);
    const nodes = [el("h3", { text: `Feature ${f.kind}${f.title ? ` "${f.title}"` : ""}: return ${fmt.pct(f.return, 4)}` }),
      el("p", { class: "summary", title: f.return_exact, text: `return ${fmt.pct(f.return, 6)} (exact on hover); method: ${f.method}` }),
      el("p", { class: "summary", text: figures.join("; ") })];
    if (f.frequency) nodes.push(el("p", { class: "summary", title: f.frequency.value_exact, text: `${f.frequency.label}: ${fmt.pct(f.frequency.value, 4)}` }));
    // a model beside the exact solution (Ultimate X on several lines: the per-line model and its error)
    for (const [key, model] of Object.entries(f)) {
      if (skip.has(key) || !model || typeof model !== "object" || Array.isArray(model)) continue;
      const parts = Object.entries(model).filter(([k, v]) => !k.endsWith("_exact") && scalar(v)).map(([k, v]) => `${spaced(k)} ${number(v)}`);
      nodes.push(el("p", { class: "summary", title: String(model.return_exact ?? ""), text: `${spaced(key)}: ${parts.join("; ")}` }));
    }
    if (f.distribution) {
      nodes.push(table(f.distribution.label, [
        { head: "value", num: true, cell: (r) => r.value },
        { head: "share", num: true, cell: (r) => fmt.pct(r.share, 4), title: (r) => r.share_exact },
      ], f.distribution.rows));
    }
    for (const [key, rows] of Object.entries(f)) {
      if (key === "variances" || !Array.isArray(rows) || !rows.length || typeof rows[0] !== "object") continue;
      const keys = Object.keys(rows[0]).filter((k) => !k.endsWith("_exact") && scalar(rows[0][k]));
      nodes.push(table(`${spaced(key)} of ${f.kind}`, keys.map((k) => ({
        head: spaced(k), num: true, cell: (r) => number(r[k]), title: (r) => String(r[`${k}_exact`] ?? r[k]),
      })), rows));
    }
    nodes.push(featureVariances(f));
    return nodes;
  }

  // A feature's exact variances (`analyze --json`'s `variances`): what each is of, its value
  // (exact on hover) and its standard deviation; a line saying so when none is exact.
  function featureVariances(f) {
    const stated = f.variances || [];
    if (!stated.length) return el("p", { class: "summary", text: `No exact variance is stated for ${f.kind}.` });
    return table(`Exact variances of ${f.kind}`, [
      { head: "variance", cell: (v) => v.label },
      { head: "value", num: true, cell: (v) => fmt.fixed(v.variance, 6), title: (v) => v.variance_exact },
      { head: "SD", num: true, cell: (v) => fmt.fixed(v.standard_deviation, 6) },
      { head: "of what", cell: (v) => v.definition },
    ], stated);
  }

  // The states a hand can be analysed in: the base game, each Multi-Strike level, each
  // multiplier of a single-line Ultimate X, or on several lines one multiplier per line, each
  // picked from those a line can be at (the options of `cpoly hold --level` / `--multipliers`).
  function featureStates(features) {
    const states = [];
    for (const f of features) {
      if (f.kind === "multi_strike") {
        for (const l of f.levels) states.push({ label: `level ${l.level} (pays ${number(l.multiplier)}x)`, body: { level: l.level } });
      } else if (f.kind === "ultimate_x" && f.lines === 1) {
        for (const r of f.distribution.rows) states.push({ label: `multiplier ${r.value}x`, body: { multipliers: [r.value] } });
      } else if (f.kind === "ultimate_x") {
        states.push({ label: `a multiplier per line (${f.lines} lines)`, body: { lines: f.lines, choices: f.distribution.rows.map((r) => r.value) } });
      }
    }
    return states;
  }

  function showStates(states) {
    const chosen = $("state").value;
    $("state").replaceChildren(el("option", { value: "", text: "base game" }),
      ...states.map((s) => el("option", { value: JSON.stringify(s.body), text: s.label })));
    if (states.some((s) => JSON.stringify(s.body) === chosen)) $("state").value = chosen;
    $("state-field").hidden = !states.length;
    showLinePickers();
  }

  // The chosen state's body: a multi-line state reads the multiplier picked for each line.
  function stateBody() {
    const body = $("state").value ? JSON.parse($("state").value) : {};
    if (!body.lines) return body;
    return { multipliers: [...$("line-multipliers").querySelectorAll("select")].map((s) => s.value) };
  }

  // One picker per line for a multi-line Ultimate X state (hidden for any other state).
  function showLinePickers() {
    const body = $("state").value ? JSON.parse($("state").value) : {};
    const box = $("line-multipliers");
    if (!body.lines) { box.replaceChildren(); box.hidden = true; delete box.dataset.state; return; }
    box.hidden = false;
    if (box.dataset.state === $("state").value) return;  // the same lines and choices: keep the picks
    box.dataset.state = $("state").value;
    box.replaceChildren(...Array.from({ length: body.lines }, (_, i) => {
      const id = `line-multiplier-${i + 1}`;
      return el("span", { class: "field" }, el("label", { for: id, text: `Line ${i + 1}` }),
        el("select", { id }, ...body.choices.map((v) => el("option", { value: v, text: `${v}x` }))));
    }));
  }

  function showFeatures(result) {
    const features = result.features || [];
    $("features").replaceChildren(...features.flatMap(featureNodes));
    showStates(featureStates(features));
  }

  // Counts with separators, small figures (costs of a few millionths) in scientific notation.
  const number = (x) => {
    if (typeof x !== "number") return String(x);
    if (Number.isInteger(x)) return fmt.int(x);
    return Math.abs(x) < 1e-4 ? x.toExponential(3) : x.toPrecision(6);
  };
  const exactTitle = (result, key) => result[`${key}_exact`] || String(result[key]);

  // The chart in a player's words (`strategy --json`'s `words`): each line's share of the deals
  // and the return it loses in % of the bet; the engine's own patterns and their exceptions below.
  function showStrategy(result) {
    const chart = result.words;
    const lost = chart.cost ? `one bet every ${fmt.int(Math.round(1 / chart.cost))} hands` : "none";
    const rows = [...chart.lines];
    if (chart.unmatched.deals) rows.push({ words: `(no line matches: ${chart.unmatched.play})`, ...chart.unmatched });
    $("strategy").replaceChildren(
      el("p", { class: "summary", text: `optimal return ${fmt.pct(chart.optimal_return, 4)} (${chart.optimal_return_exact}); ` +
        `chart return ${fmt.pct(chart.chart_return, 4)} (${chart.chart_return_exact}); the chart costs ` +
        `${fmt.fixed(chart.cost_percent, 5)} % of each bet (${lost})` }),
      table(`Strategy chart in a player's words: ${chart.lines.length} lines, hold what the first matching line names`, [
        { head: "#", num: true, cell: (l, i) => (i < chart.lines.length ? i + 1 : "") },
        { head: "hold", cell: (l) => l.words },
        { head: "deals", num: true, cell: (l) => `${fmt.fixed((100 * l.deals) / chart.total_deals, 4)} %`, title: (l) => `${fmt.int(l.deals)} of ${fmt.int(chart.total_deals)} deals` },
        { head: "return lost", num: true, cell: (l) => `${fmt.fixed(l.cost_percent ?? 100 * l.cost, 5)} %`, title: (l) => `${l.cost_exact} of each bet` },
      ], rows),
      el("details", {}, el("summary", { text: "The engine's patterns (strategy --json: lines, exceptions)" }), ...engineChart(result)));
  }

  function engineChart(result) {
    const returns = ["optimal_return", "chart_return", "return_with_exceptions"].filter((k) => k in result)
      .map((k) => `${spaced(k)} ${fmt.pct(result[k], 4)} (${exactTitle(result, k)})`);
    if ("cost" in result) {
      returns.push(`the chart costs ${fmt.pct(result.cost, 5)} (${exactTitle(result, "cost")})` +
        (result.hands_per_bet_lost ? `, one bet every ${fmt.int(Math.round(result.hands_per_bet_lost))} hands` : ""));
    }
    const lines = result.lines || [];
    const nodes = [el("p", { class: "summary", text: returns.join("; ") }),
      table(`Strategy chart: ${lines.length} lines, hold the first pattern the deal contains`, [
        { head: "#", num: true, cell: (l, i) => i + 1 },
        { head: "pattern", cell: (l) => l.pattern },
        { head: "frequency", num: true, cell: (l) => number(l.frequency), title: (l) => (l.deals != null ? `${fmt.int(l.deals)} deals` : "") },
        { head: "cost", num: true, cell: (l) => number(l.cost), title: (l) => String(l.cost_exact ?? l.cost) },
      ], lines)];
    const exceptions = result.exceptions || [];
    if (exceptions.length) {
      const skip = new Set(["hands"]);
      const keys = [...new Set(exceptions.flatMap((e) => (typeof e === "object" ? Object.keys(e) : ["exception"])))]
        .filter((k) => !skip.has(k) && !k.endsWith("_exact"));
      const columns = keys.map((k) => ({
        head: k, num: exceptions.every((e) => typeof e[k] === "number"),
        cell: (e) => { const v = typeof e === "object" ? e[k] : e; return typeof v === "object" ? JSON.stringify(v) : number(v ?? ""); },
        title: (e) => String((typeof e === "object" && e[`${k}_exact`]) || ""),
      }));
      if (exceptions.some((e) => Array.isArray(e.hands))) {
        columns.push({ head: "for example", cell: (e) => (e.hands || []).slice(0, 3).map((h) => `${h.deal}: hold ${h.hold}`).join("; ") });
      }
      nodes.push(table(`Exceptions to the chart (${exceptions.length}): chart + exceptions is optimal play`, columns, exceptions));
    }
    return nodes;
  }

  // The full game and the chart depend only on the game and pay table: computed once per table.
  async function cached(kind, body, container, label, show, fallback, force = false) {
    const key = `${kind} ${JSON.stringify(body)}`;
    if (state.cache.has(key)) { show(state.cache.get(key)); return; }
    const result = await runInto($(`${container}-progress`), label, kind, body, fallback, force);
    if (result) { state.cache.set(key, result); show(result); }
  }

  async function analyze() {
    if (state.hand) return;  // the trainer's hand in play: its answer comes with the verdict
    clearErrors();
    const body = gameBody();
    const jobs = [];
    if (handCards().length) {
      jobs.push(runInto($("holds-progress"), "autohold", "hold", { ...body, ...stateBody(), cards: $("cards").value }, "cards")
        .then((result) => (result ? showHolds(result) : $("holds").replaceChildren())));
    } else {
      showError({ message: "enter five cards (or click them below) to see their 32 holds" }, "cards");
    }
    jobs.push(cached("analyze", { ...body, plays: PLAYS }, "return", "full-game analysis", showReturn, "game"));
    jobs.push(cached("strategy", body, "strategy", "strategy chart", showStrategy, "strategy", true));
    await Promise.all(jobs);
  }

  // ---- trainer ------------------------------------------------------------------------------
  // A hand in play (state.hand) hides its answer: Analyze is off until the hold is chosen.
  let trainerHold = null;

  function deal() {
    const cards = state.deck.cards;
    const picked = new Set();
    const random = new Uint32Array(1);
    while (picked.size < 5) { crypto.getRandomValues(random); picked.add(random[0] % cards.length); }
    const hand = [...picked].map((i) => cards[i]);
    $("cards").value = hand.join(" ");
    markPicker();
    $("verdict").textContent = "";
    $("holds").replaceChildren();
    $("dealt").replaceChildren(...hand.map((name) => el("button", {
      type: "button", class: `suit-${name.slice(-1)}`, "aria-pressed": "false", text: name,
      onclick: (event) => event.currentTarget.setAttribute("aria-pressed", String(event.currentTarget.getAttribute("aria-pressed") !== "true")),
    })));
    clearErrors();
    state.hand = hand;
    $("analyze").disabled = true;
    solveHand();
    $("submit-hold").disabled = false;
  }

  function solveHand() {
    trainerHold = runInto($("trainer-progress"), "solving the deal", "hold", { ...gameBody(), cards: state.hand.join(" ") }, "cards");
  }

  function endHand() {
    state.hand = null;
    $("analyze").disabled = false;
    $("submit-hold").disabled = true;
  }

  async function submitHold() {
    const chosen = [...$("dealt").querySelectorAll("button[aria-pressed=true]")].map((b) => b.textContent);
    $("submit-hold").disabled = true;
    const hand = state.hand;
    const result = await trainerHold;
    endHand();
    if (!result) return;
    const mine = result.holds.find((h) => sameHold(h.held, chosen));
    const cost = sub(frac(result.best.ev_exact), frac(mine.ev_exact));
    const s = state.session;
    s.hands += 1;
    if (cost[0] !== 0n) s.mistakes += 1;
    s.cost = add(s.cost, cost);
    const verdict = (yours, best) => `Mistake: you held ${yours} (EV ${fmt.fixed(mine.ev, 6)}); best is ${best} ` +
        `(EV ${fmt.fixed(result.best.ev, 6)}); cost ${fmt.fixed(fracValue(cost), 6)} (${fracText(cost)}) coins per coin bet.`;
    $("verdict").textContent = cost[0] === 0n
      ? `Right: ${heldText(chosen)} is the best hold (EV ${fmt.fixed(mine.ev, 6)}).`
      : verdict(heldText(chosen), heldText(result.best.held));
    $("session").textContent = `Session: ${s.hands} hands, ${s.mistakes} mistakes, total cost ${fmt.fixed(fracValue(s.cost), 6)} ` +
      `(${fracText(s.cost)}), ${fmt.fixed(fracValue(s.cost) / s.hands, 6)} per hand.`;
    showHolds(result, chosen);
    if (cost[0] !== 0n) nameMistake(hand, chosen, result, verdict);
  }

  // The mistake in a player's words, as `cpoly train` names it: `cpoly hold --mine`'s words.
  // A new deal supersedes the request (the same slot as the deal's own hold).
  async function nameMistake(hand, chosen, result, verdict) {
    const body = { ...gameBody(), cards: hand.join(" "), mine: chosen.join(" ") || "none" };
    const named = await runInto($("trainer-progress"), "naming the mistake", "hold", body, "cards");
    if (!named || !named.mine.words) return;
    const said = (words, held) => `${words} (${heldText(held)})`;
    $("verdict").textContent = verdict(said(named.mine.words, chosen), said(named.mine.best_words, result.best.held));
  }

  // ---- wiring -------------------------------------------------------------------------------
  // A new table or pay: answers still running for the old one are stale (a hand in play is
  // solved again).  While the game loads there are none, and the load itself goes on.
  function tableChanged() {
    if (!state.tables.length) return;
    cancelAll();
    if (state.hand) solveHand();
  }

  $("game").addEventListener("change", loadGame);
  $("paytable").addEventListener("change", () => { tableChanged(); clearErrors(); showPays(); });
  $("pays").addEventListener("change", tableChanged);
  $("category").addEventListener("change", showPayOf);
  $("value").addEventListener("input", () => { if ($("value").value.trim()) $("value").dataset.typed = "yes"; else delete $("value").dataset.typed; });
  $("upload").addEventListener("change", async () => {
    const file = $("upload").files[0];
    if (!file) return;
    state.upload = { source: await file.text(), filename: file.name };
    let option = $("game").querySelector(`option[value="${UPLOAD}"]`);
    if (!option) { option = el("option", { value: UPLOAD }); $("game").append(option); }
    option.textContent = `uploaded: ${file.name}`;
    $("game").value = UPLOAD;
    await loadGame();
  });
  $("cards").addEventListener("input", markPicker);
  $("cards").addEventListener("keydown", (event) => { if (event.key === "Enter") analyze(); });
  $("analyze").addEventListener("click", analyze);
  $("state").addEventListener("change", showLinePickers);
  $("try-pay").addEventListener("click", tryPay);
  $("make-report").addEventListener("click", makeReport);
  $("trainer").addEventListener("change", () => { $("trainer-section").hidden = !$("trainer").checked; endHand(); });
  $("deal").addEventListener("click", deal);
  $("submit-hold").addEventListener("click", submitHold);
  loadGames();
})();
