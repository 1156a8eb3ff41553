// prefdd's page: the deal, the play with every legal card's value, the analyses.
// Everything is asked of the server that served the page (the JSON API under /api/);
// the only state kept here is the deal, the game, the seats and the line of play.
"use strict";
(function () {
  const SUITS = ["S", "C", "D", "H"];
  const SYMBOL = { S: "♠", C: "♣", D: "♦", H: "♥" };
  const RANKS = ["A", "K", "Q", "J", "T", "9", "8", "7"];
  const SEAT_NAME = { 1: "1st hand", 2: "2nd hand", 3: "3rd hand" };
  const GAMES = [];
  for (const level of [6, 7, 8, 9, 10]) {
    for (const strain of ["S", "C", "D", "H", "NT"]) GAMES.push(level + strain);
  }
  GAMES.push("misere", "raspasy");

  const $ = (id) => document.getElementById(id);
  const state = {
    deal: null,       // the server's reading of the deal (/api/parse)
    line: [],         // every card of the line being looked at, played or still to redo
    cursor: 0,        // how many of them are played
    turn: null,       // the server's answer for the position (/api/position)
    asked: 0,         // the number of the last position asked (older answers are dropped)
    picks: {},        // card -> "1" | "2" | "3" | "talon" | "discard" (the card picker)
    job: null,        // the analysis running
    analyses: {},     // name -> the analysis as GET /api/analyses lists it (the registry's)
    typed: {},        // "name|type" -> a value typed in the analysis form, kept across analyses
    shown: null,      // the last analysis finished that the report can show: id, subject, title
  };

  // ------------------------------------------------------------------ helpers
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (key === "class") node.className = value;
      else if (key.startsWith("data-")) node.setAttribute(key, value);
      else if (key in node) node[key] = value;
      else node.setAttribute(key, value);
    }
    for (const child of children) {
      if (child !== null && child !== undefined) node.append(child);
    }
    return node;
  }
  const rankText = (card) => (card[0] === "T" ? "10" : card[0]);
  const red = (card) => card[1] === "D" || card[1] === "H";
  const cardText = (card) => rankText(card) + SYMBOL[card[1]];
  const order = (a, b) => SUITS.indexOf(a[1]) - SUITS.indexOf(b[1]) ||
    RANKS.indexOf(a[0]) - RANKS.indexOf(b[0]);

  // The sentence's end: the declarer's result in words where the server knows it (not in
  // an ending, whose first tricks are not given).
  const verdictText = (role, verdict) =>
    (role === "declarer" && typeof verdict === "string" && verdict ? " (" + verdict + ")." : ".");

  async function api(path, body) {
    const options = body === undefined ? {} : {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    };
    const response = await fetch(path, options);
    const type = response.headers.get("Content-Type") || "";
    const data = type.includes("json") ? await response.json() : await response.text();
    if (!response.ok) throw new Error(data && data.error ? data.error : String(response.status));
    return data;
  }

  function showError(id, error) {
    const box = $(id);
    box.textContent = error ? String(error.message || error) : "";
    box.hidden = !error;
  }

  function question() {
    const game = $("game").value;
    const seat = Number($("declarer").value);
    const q = { deal: state.deal ? state.deal.deal : "", game: game, leader: Number($("leader").value) };
    if (game === "raspasy") q.player = seat; else q.declarer = seat;
    if (game === "raspasy" && $("talon-rule").value) q.talon_rule = $("talon-rule").value;
    return q;
  }

  // ------------------------------------------------------------------ the deal
  async function readDeal(text, keepLine) {
    try {
      state.deal = await api("/api/parse", { deal: text });
    } catch (error) {
      showError("deal-error", error);
      return false;
    }
    showError("deal-error", null);
    $("notation").value = state.deal.deal;
    $("deal-shown").textContent = state.deal.deal;
    if (!keepLine) { state.line = []; state.cursor = 0; }
    loadPicks();
    await Promise.all([showTable(), showPosition()]);
    return true;
  }

  function loadPicks() {
    state.picks = {};
    for (const seat of ["1", "2", "3"]) for (const c of state.deal.hands[seat]) state.picks[c] = seat;
    for (const c of state.deal.talon) state.picks[c] = "talon";
    for (const c of state.deal.discard || []) state.picks[c] = "discard";
    drawPicker();
  }

  function pickedText() {
    const group = (where) => SUITS.map((s) => RANKS.filter((r) => state.picks[r + s] === where)
      .join("") || "-").join(".");
    let text = ["1", "2", "3"].map(group).join(" ");
    const talon = Object.keys(state.picks).filter((c) => state.picks[c] === "talon").sort(order);
    const discard = Object.keys(state.picks).filter((c) => state.picks[c] === "discard");
    if (talon.length) text += " " + talon.join(" ");
    if (discard.length) text += " discard:" + group("discard");
    return text;
  }

  function drawPicker() {
    const box = $("picker");
    box.replaceChildren();
    for (const s of SUITS) {
      const row = el("div", { class: "pick-row" }, el("span", { class: "sym " + (red("x" + s) ? "red" : "black") }, SYMBOL[s]));
      for (const r of RANKS) {
        const card = r + s;
        const where = state.picks[card];
        row.append(el("button", {
          type: "button", class: "card pick " + (red(card) ? "red" : "black") + (where ? " taken-" + where : ""),
          "data-card": card, title: where ? "in " + (SEAT_NAME[where] || where) : "not dealt",
          "aria-pressed": where ? "true" : "false",
        }, rankText(card), el("span", { class: "v" }, where ? (where.length === 1 ? where : where[0].toUpperCase()) : "·")));
      }
      box.append(row);
    }
    const counts = { 1: 0, 2: 0, 3: 0, talon: 0, discard: 0 };
    for (const where of Object.values(state.picks)) counts[where] += 1;
    for (const [where, n] of Object.entries(counts)) {
      document.querySelector(`[data-count="${where}"]`).textContent = "(" + n + ")";
    }
  }

  function pick(card) {
    const target = document.querySelector("input[name=target]:checked").value;
    if (state.picks[card] === target) delete state.picks[card]; else state.picks[card] = target;
    const held = Object.values(state.picks).filter((w) => w === target).length;
    const full = target === "talon" || target === "discard" ? 2 : 10;
    if (held >= full) {  // this place is full: the next one gets the next clicks
      const radios = [...document.querySelectorAll("input[name=target]")];
      const next = radios[(radios.findIndex((r) => r.checked) + 1) % radios.length];
      next.checked = true;
    }
    drawPicker();
  }

  // ------------------------------------------------------------------ the table
  async function showTable() {
    const box = $("dd-table");
    box.replaceChildren();
    if (!state.deal) return;
    let t;
    const asked = { deal: state.deal.deal };
    if ($("talon-rule").value) asked.talon_rule = $("talon-rule").value;
    try { t = await api("/api/table", asked); } catch (error) {
      box.append(el("p", { class: "error" }, error.message));
      return;
    }
    const head = el("tr", {}, el("th", { scope: "col" }, "Declarer"));
    for (const s of SUITS) head.append(el("th", { scope: "col" }, el("span", { class: "sym " + (red("x" + s) ? "red" : "black") }, SYMBOL[s])));
    for (const word of ["NT", "Misère", "Raspasy"]) head.append(el("th", { scope: "col" }, word));
    const body = el("tbody");
    for (const seat of ["1", "2", "3"]) {
      const row = el("tr", {}, el("th", { scope: "row" }, SEAT_NAME[seat]));
      for (const strain of [...SUITS, "NT"]) row.append(el("td", {}, String(t.contracts[seat][strain])));
      row.append(el("td", {}, String(t.misere[seat])), el("td", {}, String(t.raspasy[seat])));
      body.append(row);
    }
    box.append(el("table", { class: "num", id: "dd-grid" }, el("thead", {}, head), body));
  }

  // ------------------------------------------------------------------ the play
  async function showPosition() {
    if (!state.deal) return;
    const asked = ++state.asked;
    const q = question();
    q.plays = state.line.slice(0, state.cursor);
    let turn;
    try {
      turn = await api("/api/position", q);
    } catch (error) {
      if (asked !== state.asked) return;
      state.turn = null;
      $("status").textContent = error.message;
      $("status").classList.add("bad");
      drawBoard(null);
      return;
    }
    if (asked !== state.asked) return;  // a newer position was asked meanwhile
    state.turn = turn;
    $("status").classList.remove("bad");
    drawBoard(turn);
    setLink(false);
    exportNote();
    // Which position is shown: the deal, game, seat, leader, talon rule and cards played.
    document.body.dataset.position = [q.deal, q.game, $("declarer").value, q.leader,
      q.talon_rule || "", q.plays.join(" ")].join("|");
  }

  function heldNow() {
    // Each seat's cards less those played so far.
    const gone = new Set(state.line.slice(0, state.cursor));
    const held = {};
    for (const seat of ["1", "2", "3"]) held[seat] = state.deal.hands[seat].filter((c) => !gone.has(c));
    return held;
  }

  function focusSeat() { return Number($("declarer").value); }

  function drawBoard(turn) {
    const held = state.deal ? heldNow() : { 1: [], 2: [], 3: [] };
    const focus = focusSeat();
    const mover = turn && turn.event === "turn" ? turn.to_move : null;
    const taken = turn ? turn.taken_by : { 1: 0, 2: 0, 3: 0 };
    const already = turn ? turn.taken : 0;
    const role = $("game").value === "raspasy" ? "player" : "declarer";
    $("focus-word").textContent = role;
    for (const seat of [1, 2, 3]) {
      const box = document.querySelector(`.seat[data-seat="${seat}"]`);
      box.classList.toggle("to-move", seat === mover);
      box.classList.toggle("focus", seat === focus);
      const list = el("ul", { class: "suits", "aria-label": SEAT_NAME[seat] + ": cards" });
      for (const s of SUITS) {
        const cards = el("span", { class: "cards" });
        const mine = held[seat].filter((c) => c[1] === s);
        for (const card of mine) {
          const value = seat === mover && turn.moves[card] !== undefined ? already + turn.moves[card] : null;
          const best = value !== null && turn.best.includes(card);
          const cls = "card " + (red(card) ? "red" : "black") + (value !== null ? " legal" : mover === seat ? " off" : "") + (best ? " best" : "");
          if (value !== null) {
            cards.append(el("button", {
              type: "button", class: cls + " play-card", "data-card": card, "data-value": String(value),
              "aria-label": cardText(card) + ": " + value + " tricks" + (best ? ", best" : ""),
            }, el("span", { class: "r" }, rankText(card)), el("span", { class: "v" }, String(value))));
          } else {
            cards.append(el("span", { class: cls, "data-card": card }, el("span", { class: "r" }, rankText(card))));
          }
        }
        if (!mine.length) cards.append(el("span", { class: "void" }, "—"));
        list.append(el("li", { class: "suit" }, el("span", { class: "sym " + (red("x" + s) ? "red" : "black") }, SYMBOL[s]), cards));
      }
      const head = el("div", { class: "seat-head" },
        el("span", { class: "seat-name" }, SEAT_NAME[seat]),
        seat === focus ? el("span", { class: "role" }, role) : null,
        el("span", { class: "taken", "data-taken": String(seat) }, taken[seat] + (taken[seat] === 1 ? " trick" : " tricks")));
      box.replaceChildren(head, list);
    }
    drawTrick(turn);
    drawNav();
    $("undo").disabled = state.cursor === 0;
    $("go-first").disabled = state.cursor === 0;
    $("redo").disabled = state.cursor >= state.line.length;
    $("go-last").disabled = state.cursor >= state.line.length;
    $("best").disabled = !mover;
    const status = $("status");
    if (!turn) return;
    if (turn.event === "end") {
      status.textContent = "The deal is over: the " + role + " took " + already + (already === 1 ? " trick" : " tricks") +
        verdictText(role, turn.verdict);
    } else {
      const total = already + turn.tricks;
      status.textContent = SEAT_NAME[mover] + " to play. With best play the " + role + " takes " +
        total + (total === 1 ? " trick" : " tricks") + verdictText(role, turn.verdict);
    }
    $("play-sub").textContent = turn.event === "end" ? "every card played"
      : "card " + (state.cursor + 1) + ", trick " + (Math.floor(state.cursor / 3) + 1);
  }

  function drawTrick(turn) {
    for (const slot of document.querySelectorAll(".slot")) slot.replaceChildren();
    let cards = turn && turn.played ? turn.played : [];
    let leader = turn ? turn.leader : 1;
    let caption = "";
    const done = turn ? turn.tricks_played : [];
    if (!cards.length && done.length) {  // between tricks: the last one, dimmed
      cards = done[done.length - 1];
      const start = (done.length - 1) * 3;
      leader = seatOf(state.line[start]);
      caption = "Trick " + done.length + " done";
    }
    $("trick").classList.toggle("done", caption !== "");
    cards.forEach((card, i) => {
      const seat = ((leader - 1 + i) % 3) + 1;
      const slot = document.querySelector(`.slot[data-slot="${seat}"]`);
      if (slot) slot.append(el("span", { class: "card " + (red(card) ? "red" : "black"), "data-card": card }, cardText(card)));
    });
    if (!caption && state.deal && state.deal.talon.length) caption = "Talon " + state.deal.talon.map(cardText).join(" ");
    $("trick-caption").textContent = caption;
  }

  function seatOf(card) {
    for (const seat of ["1", "2", "3"]) if (state.deal.hands[seat].includes(card)) return Number(seat);
    return 1;
  }

  function drawNav() {
    const nav = $("tricks-nav");
    nav.replaceChildren();
    const tricks = Math.ceil(state.line.length / 3);
    for (let k = 1; k <= Math.max(1, tricks); k++) {
      const here = Math.floor(state.cursor / 3) + 1 === k;
      nav.append(el("button", { type: "button", class: "trick-jump" + (here ? " here" : ""), "data-trick": String(k),
        "aria-label": "Jump to trick " + k, "aria-current": here ? "step" : "false" }, String(k)));
    }
  }

  function playCard(card) {
    if (state.line[state.cursor] === card) state.cursor += 1;  // the line goes on as before
    else { state.line = state.line.slice(0, state.cursor).concat([card]); state.cursor += 1; }
    return showPosition();
  }

  function move(to) {
    const target = Math.max(0, Math.min(state.line.length, to));
    if (target === state.cursor) return Promise.resolve();
    state.cursor = target;
    return showPosition();
  }

  // ------------------------------------------------------------------ share, load, export
  function setLink(show) {
    if (!state.deal) return;
    const q = question();
    const params = new URLSearchParams({ deal: state.deal.deal, game: q.game, seat: $("declarer").value, leader: String(q.leader) });
    if (q.talon_rule) params.set("talon_rule", q.talon_rule);
    if (state.cursor) params.set("plays", state.line.slice(0, state.cursor).join(" "));
    // The analysis chosen and its fields as typed, so the link asks the same question.
    if (state.analyses[$("analysis").value]) params.set("analysis", $("analysis").value);
    for (const [name, text] of Object.entries(typedFields())) params.set("opt." + name, text);
    const url = location.origin + location.pathname + "#" + params.toString();
    history.replaceState(null, "", url);
    const link = $("share-link");
    link.href = url;
    link.textContent = url;
    if (show) link.hidden = false;
  }

  async function fromHash() {
    const params = new URLSearchParams(location.hash.slice(1));
    if (!params.get("deal")) return false;
    if (params.get("game")) $("game").value = params.get("game");
    if (params.get("seat")) $("declarer").value = params.get("seat");
    if (params.get("leader")) $("leader").value = params.get("leader");
    $("talon-rule").value = params.get("talon_rule") || "";
    state.line = (params.get("plays") || "").split(/\s+/).filter(Boolean);
    state.cursor = state.line.length;
    const analysis = state.analyses[params.get("analysis")];
    if (analysis) {
      // The link's fields replace what was typed for this analysis; a field it leaves out
      // is blank (or, for a flag, its default).
      $("analysis").value = analysis.name;
      for (const option of analysis.options) {
        const key = option.name + "|" + option.type;
        const text = params.get("opt." + option.name);
        if (text === null) delete state.typed[key];
        else state.typed[key] = option.type === "flag" ? text === "1" : text;
      }
      drawForm();
    }
    return readDeal(params.get("deal"), true);
  }

  async function loadRecord(file) {
    if (!file) return;
    if (file.size > 32 * 1024) { showError("deal-error", "record: the file is larger than 32 KB"); return; }
    try {
      const rec = await api("/api/record", { record: await file.text() });
      setGame(rec.game, rec.declarer || 1, rec.leader);
      state.line = rec.plays;
      state.cursor = rec.plays.length;
      await readDeal(rec.deal, true);
    } catch (error) {
      showError("deal-error", error);
    }
  }

  function setGame(game, declarer, leader) {
    if (![...$("game").options].some((o) => o.value === game)) $("game").append(el("option", {}, game));
    $("game").value = game;
    $("declarer").value = String(declarer);
    $("leader").value = String(leader);
  }

  async function loadProblem(id) {
    if (!id) return;
    try {
      const p = await api("/api/problem", { id: id });
      setGame(p.game, p.declarer, p.leader);
      await readDeal(p.deal, false);
    } catch (error) {
      showError("deal-error", error);
    }
  }

  // The finished analysis the exported report shows: the last one run, while the deal, game
  // and seats are still those it was asked of.
  function shownJob() {
    return state.shown && state.shown.subject === subjectOf(state.shown.analysis) ? state.shown : null;
  }

  // What an analysis is asked of: the deal, game and seats, and for the review the play so
  // far on the board.
  function subjectOf(analysis) {
    const q = question();
    if (analysis && analysis.play) q.plays = state.line.slice(0, state.cursor);
    return JSON.stringify(q);
  }

  function exportNote() {
    const shown = shownJob();
    $("export-with").textContent = shown ? "The report shows the analysis run: " + shown.title + "." : "";
    $("export-with").hidden = !shown;
  }

  async function exportReport() {
    if (!state.deal) return;
    const q = question();
    const shown = shownJob();
    if (shown) q.job = shown.id;
    q.plays = state.line.slice(0, state.cursor);
    try {
      const page = await api("/api/report", q);
      const url = URL.createObjectURL(new Blob([page], { type: "text/html" }));
      const a = el("a", { href: url, download: "prefdd-report.html" });
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (error) {
      showError("deal-error", error);
    }
  }

  // ------------------------------------------------------------------ analyses
  async function runAnalysis() {
    showError("analysis-error", null);
    $("analysis-result").replaceChildren();
    const q = question();
    const analysis = state.analyses[$("analysis").value];
    const subject = subjectOf(analysis);
    const played = state.line.slice(0, state.cursor);
    q.analysis = $("analysis").value;
    q.plays = played;  // the play so far (the review reads it)
    Object.assign(q, formValues());
    state.shown = null;
    exportNote();
    let job;
    try { job = await api("/api/jobs", q); } catch (error) { showError("analysis-error", error); return; }
    state.job = job.id;
    $("cancel").disabled = false;
    $("run").disabled = true;
    const bar = $("progress");
    bar.hidden = false;
    bar.removeAttribute("value");
    while (state.job === job.id) {
      drawProgress(job);
      showProvisional(job, "provisional: the best so far, still counting");
      if (["done", "failed", "cancelled"].includes(job.state)) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
      try { job = await api("/api/jobs/" + job.id); } catch (error) { showError("analysis-error", error); break; }
    }
    if (state.job !== job.id) return;
    state.job = null;
    $("cancel").disabled = true;
    $("run").disabled = false;
    bar.hidden = true;
    if (job.state === "done") {
      // The server renders the result with every value escaped (the HTML report's sections).
      $("analysis-result").innerHTML = job.html;
      linkReviewedCards(played);
      $("progress-text").textContent = "Done in " + job.seconds + " s.";
      if (analysis && analysis.in_report) state.shown = { id: job.id, subject: subject, title: analysis.title, analysis: analysis };
      exportNote();
    } else if (job.state === "failed") {
      showError("analysis-error", job.error);
      $("progress-text").textContent = "";
    } else {
      $("progress-text").textContent = "Cancelled after " + job.done.toLocaleString("en") + " " + (job.unit || "layouts") + ".";
      showProvisional(job, "provisional: the last answer before Cancel");
    }
  }

  // A reviewed card's row shows the position before it on the board: the reviewed line
  // (`played`), put back on the board if it has moved on to another.
  function linkReviewedCards(played) {
    const rows = $("analysis-result").querySelectorAll('section[data-view="review"] tr[data-number]');
    for (const row of rows) {
      const head = row.querySelector("th");
      const number = Number(row.dataset.number);
      const button = el("button", { type: "button", class: "linkbtn show-card",
        title: "Show the position before this card on the board",
        "aria-label": "Card " + number + ": show the position before it on the board" },
        ...head.childNodes);
      head.replaceChildren(button);
      button.addEventListener("click", async () => {
        if (played.some((card, i) => state.line[i] !== card)) {
          state.line = played.slice();
          state.cursor = number - 1;
          await showPosition();
        } else {
          await move(number - 1);
        }
        $("play").scrollIntoView({ block: "start" });
      });
    }
  }

  // A provisional answer (the analysis's best so far) is the server's rendering of a result,
  // as a finished one is, under a mark that says it is not final.
  function showProvisional(job, words) {
    if (!job.provisional) return;
    const mark = el("p", { class: "provisional-mark" }, words);
    const body = el("div", { class: "provisional" });
    body.innerHTML = job.provisional.html;  // escaped by the server, as a final result is
    $("analysis-result").replaceChildren(mark, body);
  }

  function drawProgress(job) {
    const bar = $("progress");
    if (job.total) { bar.max = job.total; bar.value = job.done; }
    $("progress-text").textContent = job.state + ": " + job.done.toLocaleString("en") +
      (job.total ? " of " + job.total.toLocaleString("en") : "") + " " + (job.unit || "layouts");
  }

  async function cancelAnalysis() {
    if (!state.job) return;
    const id = state.job;
    $("cancel").disabled = true;
    try { await api("/api/jobs/" + id + "/cancel", {}); } catch (error) { showError("analysis-error", error); }
  }


  // ------------------------------------------------------------------ the analysis form
  // Each analysis's fields are made from its options as GET /api/analyses lists them (the
  // registry's, as the command line takes them), so an option added to the registry is on
  // the page with no edit here. The server reads and checks every value; the page only
  // gives each type a fitting input.

  // Options the deal's own controls give: left blank, the deal's value is sent.
  const FROM_DEAL = new Set(["game", "declarer", "leader"]);
  // An example for the types typed as text (the hint says the rest).
  const EXAMPLE = { words: "2=whist,3=pass", rule: "whist_split=gentleman", known: "3=AS KS",
    "card-list": "AS KS" };
  const labelText = (name) => name[0].toUpperCase() + name.slice(1).replace(/_/g, " ");

  // The values a select offers for the option (none: it is typed).
  function choicesOf(option) {
    if (option.type === "game") return GAMES;
    if (option.type === "seat") return ["1", "2", "3"];
    if (["samples", "words", "flag"].includes(option.type)) return [];
    return option.choices.map(String);
  }

  // What a blank field means: the deal's value, the analysis's default, or nothing given.
  function blankText(option) {
    if (FROM_DEAL.has(option.name)) return "as in the deal";
    if (option.default !== null) return "default: " + option.default;
    return option.required ? "required" : "default";  // the analysis decides
  }

  function optionInput(option) {
    const blank = blankText(option);
    const choices = choicesOf(option);
    if (option.type === "flag") return el("input", { type: "checkbox", checked: option.default === true });
    if (choices.length) {
      return el("select", {}, el("option", { value: "" }, blank),
        ...choices.map((c) => el("option", { value: c }, c)));
    }
    const numeric = ["int", "seed", "samples"].includes(option.type);
    if (numeric && !option.choices.includes("all")) {
      const input = el("input", { type: "number", step: "1", placeholder: blank });
      if (option.low !== undefined && option.low !== null) input.min = String(option.low);
      if (option.high !== undefined && option.high !== null) input.max = String(option.high);
      return input;
    }
    const example = EXAMPLE[option.type] ? ", e.g. " + EXAMPLE[option.type] : "";
    return el("input", { type: "text", autocomplete: "off", spellcheck: false,
      inputMode: numeric ? "numeric" : "text",
      placeholder: numeric ? blank + " (a number, or all)" : blank + example });
  }

  // One option's field: its input, a label with its name, its help (and the command line's
  // flag) as the input's description for screen readers.
  function optionField(option) {
    const id = "opt-" + option.name;
    const input = optionInput(option);
    input.id = id;
    input.name = option.name;
    input.setAttribute("aria-describedby", id + "-help");
    if (option.required && !FROM_DEAL.has(option.name)) input.setAttribute("aria-required", "true");
    const kept = state.typed[option.name + "|" + option.type];
    if (kept !== undefined) {
      if (input.type === "checkbox") input.checked = kept;
      else if (input.tagName !== "SELECT" || [...input.options].some((o) => o.value === kept)) input.value = kept;
    }
    const label = el("label", { for: id }, labelText(option.name));
    if (option.required && !FROM_DEAL.has(option.name)) label.append(el("span", { class: "req" }, " (required)"));
    const help = el("small", { class: "hint", id: id + "-help" }, option.help + " ", el("code", {}, option.flag));
    const kind = option.type === "flag" ? "option-field check" : "option-field";
    return el("div", { class: kind, "data-option": option.name, "data-type": option.type },
      ...(option.type === "flag" ? [input, label] : [label, input]), help);
  }

  function drawForm() {
    const analysis = state.analyses[$("analysis").value];
    const box = $("analysis-options");
    box.replaceChildren(el("legend", {}, "Options"));
    if (!analysis) return;
    $("analysis-about").replaceChildren(analysis.title + " · on the command line: ",
      el("code", {}, "prefdd " + analysis.command));
    for (const option of analysis.options) box.append(optionField(option));
  }

  // "3=AS KS, 2=QD" as {"3": "AS KS", "2": "QD"}; other text is sent as typed, for the
  // server to say what it wants.
  function seatCards(text) {
    const known = {};
    for (const part of text.split(/[,;]/)) {
      const m = /^\s*([123])\s*[=:]\s*(\S.*?)\s*$/.exec(part);
      if (!m) return text;
      known[m[1]] = known[m[1]] ? known[m[1]] + " " + m[2] : m[2];
    }
    return known;
  }

  // The request's fields from the form: each filled field under its option's name (a blank
  // one is left to the deal or the analysis's default).
  function formValues() {
    const values = {};
    eachField((option, input) => {
      if (option.type === "flag") { values[option.name] = input.checked; return; }
      const text = input.value.trim();
      if (!text) return;
      if (option.type === "rule") values[option.name] = text.split(/[\s,;]+/).filter(Boolean);
      else if (option.type === "known") values[option.name] = seatCards(text);
      else values[option.name] = text;
    });
    return values;
  }

  // The chosen analysis's fields as typed, by option: the filled ones, and a flag ("1" or
  // "0") where it is not its default (for the share link).
  function typedFields() {
    const fields = {};
    eachField((option, input) => {
      if (option.type === "flag") {
        if (input.checked !== (option.default === true)) fields[option.name] = input.checked ? "1" : "0";
      } else if (input.value.trim()) {
        fields[option.name] = input.value.trim();
      }
    });
    return fields;
  }

  // fn(option, input) for each option of the chosen analysis that has a field.
  function eachField(fn) {
    const analysis = state.analyses[$("analysis").value];
    for (const option of analysis ? analysis.options : []) {
      const input = $("opt-" + option.name);
      if (input) fn(option, input);
    }
  }

  function keepTyped(event) {
    const field = event.target.closest("[data-option]");
    if (!field) return;
    const key = field.dataset.option + "|" + field.dataset.type;
    state.typed[key] = event.target.type === "checkbox" ? event.target.checked : event.target.value;
    setLink(false);
  }

  // ------------------------------------------------------------------ wiring
  function wire() {
    for (const game of GAMES) $("game").append(el("option", {}, game));
    $("game").value = "8S";
    $("notation-form").addEventListener("submit", (event) => { event.preventDefault(); readDeal($("notation").value, false); });
    $("picker").addEventListener("click", (event) => {
      const button = event.target.closest("button[data-card]");
      if (button) pick(button.dataset.card);
    });
    $("picker-use").addEventListener("click", () => readDeal(pickedText(), false));
    $("picker-clear").addEventListener("click", () => { state.picks = {}; drawPicker(); });
    for (const id of ["game", "declarer", "leader", "talon-rule"]) {
      $(id).addEventListener("change", () => { state.line = []; state.cursor = 0; showPosition(); });
    }
    $("talon-rule").addEventListener("change", showTable);
    $("board").addEventListener("click", (event) => {
      const button = event.target.closest("button.play-card");
      if (button) playCard(button.dataset.card);
    });
    $("undo").addEventListener("click", () => move(state.cursor - 1));
    $("redo").addEventListener("click", () => move(state.cursor + 1));
    $("go-first").addEventListener("click", () => move(0));
    $("go-last").addEventListener("click", () => move(state.line.length));
    $("best").addEventListener("click", () => { if (state.turn && state.turn.line) playCard(state.turn.line[0]); });
    $("tricks-nav").addEventListener("click", (event) => {
      const button = event.target.closest("button[data-trick]");
      if (button) move((Number(button.dataset.trick) - 1) * 3);
    });
    document.addEventListener("keydown", (event) => {
      if (event.target.closest("input, select, textarea") || event.altKey || event.ctrlKey || event.metaKey) return;
      const keys = { ArrowLeft: () => move(state.cursor - 1), ArrowRight: () => move(state.cursor + 1),
        Home: () => move(0), End: () => move(state.line.length), b: () => $("best").click() };
      if (keys[event.key]) { event.preventDefault(); keys[event.key](); }
    });
    $("share").addEventListener("click", () => setLink(true));
    $("export").addEventListener("click", exportReport);
    $("record-file").addEventListener("change", (event) => loadRecord(event.target.files[0]));
    $("problem").addEventListener("change", (event) => loadProblem(event.target.value));
    $("analysis-form").addEventListener("submit", (event) => { event.preventDefault(); runAnalysis(); });
    $("cancel").addEventListener("click", cancelAnalysis);
    $("analysis").addEventListener("change", () => { drawForm(); setLink(false); });
    $("analysis-options").addEventListener("input", keepTyped);
    $("analysis-options").addEventListener("change", keepTyped);
    window.addEventListener("hashchange", fromHash);
    // Leaving the page cancels its analysis: nobody is left to read the answer. A keepalive
    // fetch outlives the page and, unlike a beacon, sends JSON (the server takes no other).
    window.addEventListener("pagehide", () => {
      if (state.job) {
        fetch("/api/jobs/" + encodeURIComponent(state.job) + "/cancel", {
          method: "POST", keepalive: true, headers: { "Content-Type": "application/json" }, body: "{}",
        }).catch(() => {});
      }
    });
  }

  async function start() {
    wire();
    drawPicker();
    const [analyses, problems] = await Promise.all([api("/api/analyses"), api("/api/problems")]);
    for (const a of analyses.analyses) {
      state.analyses[a.name] = a;
      $("analysis").append(el("option", { value: a.name }, a.title));
    }
    drawForm();
    for (const p of problems.problems) $("problem").append(el("option", { value: p.id }, p.id + " · " + p.game));
    if (!(await fromHash())) drawBoard(null);
    document.body.dataset.ready = "true";
  }

  start();
})();
