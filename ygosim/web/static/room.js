// A duel room: the board, the decisions, priority settings, undo, chat, the log and the end of
// the duel. Everything shown comes from the server's messages for this browser's seat (or for a
// spectator); every answer goes back to the server, which checks it.
import { el, getJSON, postJSON, showCard, wireCardViewer, toast, modal } from "./common.js";
import { renderBoard, renderChain, actableMap, attacksOf, optionKeys, pileNames, indexCards, PHASES } from "./board.js";
import { deckPicker } from "./deckpicker.js";

const $ = (id) => document.getElementById(id);
const rid = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const storeKey = `ygosim-room-${rid}`;
const params = new URLSearchParams(location.search);
const SPEEDS = { slow: 900, normal: 450, fast: 150, off: 0 };

const S = {
  ws: null, viewer: null, room: null, view: null, queue: [], pumping: false, lastSeq: 0,
  chat: [], notes: [], boardState: {}, sent: null, fatal: false, retry: 0, shownEnd: null,
  log: [],
  speed: params.get("speed") || localStorage.getItem("ygosim-speed") || "normal",
  cards: new Map(),      // data-cardkey -> card view, for the viewer panel
  actable: new Map(), frames: 0,
  aim: null,             // an attacker whose target is being picked: {key, name, prompt, targets}
};
window.ygosim = S;         // for the browser tests: what this page has received

function seat() { return S.viewer === 0 || S.viewer === 1 ? S.viewer : null; }
function me() { return seat() ?? 0; }
function rules() { return (S.room && S.room.rules) || "v10"; }
function saved() {
  try { return JSON.parse(localStorage.getItem(storeKey) || "null"); } catch (e) { return null; }
}

// ============================================================================ connecting
async function start() {
  wireCardViewer(document.body, $("viewer"), rules, (node) => S.cards.get(node.dataset.cardkey) || null);
  let info;
  try {
    info = await getJSON(`/api/rooms/${encodeURIComponent(rid)}`);
  } catch (e) {
    $("decision").replaceChildren(el("h2", { text: "No such room" }),
      el("p", { text: e.message }), el("a", { href: "/", text: "Back to the lobby" }));
    $("room-words").textContent = "no room";
    return;
  }
  S.room = info;
  const mine = saved();
  if (!mine && info.state === "waiting" && info.opponent === "human") {
    await joinForm(info);
    return;
  }
  connect();
}

async function joinForm(info) {
  const options = await getJSON("/api/options");
  const picker = deckPicker(options, { id: "join-deck", rules: () => info.rules,
    casual: () => !!info.casual, seat: 1 });
  const name = el("input", { type: "text", id: "join-name", maxlength: 24, placeholder: "Player 2",
                             value: localStorage.getItem("ygosim-name") || "" });
  const err = el("div", { class: "errors" });
  const go = el("button", { class: "primary", id: "join-go", text: "Join the duel" });
  const watch = el("button", { id: "join-watch", text: "Just watch" });
  const box = modal(`Join ${info.names[0]}'s duel`,
    el("p", { class: "muted", text: `Rules: ${info.rules_title}` +
      (info.casual ? " (casual play: decks need not be legal)" : "") + ". Choose your deck." }),
    el("div", { class: "field-row" }, el("label", { for: "join-name", text: "Your name" }), name),
    el("div", { class: "field-row" }, el("span", { class: "label", text: "Your deck" }), picker.node),
    err, el("div", { class: "buttons" }, go, watch));
  go.addEventListener("click", async () => {
    err.textContent = "";
    go.disabled = true;
    try {
      const made = await postJSON(`/api/rooms/${encodeURIComponent(rid)}/join`,
                                  { name: name.value, deck: await picker.value() });
      localStorage.setItem(storeKey, JSON.stringify({ token: made.token, seat: made.seat }));
      localStorage.setItem("ygosim-name", name.value);
      box.remove();
      connect();
    } catch (e) {
      err.textContent = e.message;
      go.disabled = false;
    }
  });
  watch.addEventListener("click", () => { box.remove(); connect(); });
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/ws/${encodeURIComponent(rid)}`);
  S.ws = ws;
  ws.addEventListener("open", () => {
    const mine = saved();
    ws.send(JSON.stringify({ type: "hello", token: mine ? mine.token : null, since: S.lastSeq }));
    $("status-dot").classList.remove("off");
    S.retry = 0;
    $("banner").replaceChildren();
  });
  ws.addEventListener("message", (ev) => {
    let msg;
    try { msg = JSON.parse(ev.data); } catch (e) { return; }
    receive(msg);
  });
  ws.addEventListener("close", () => {
    $("status-dot").classList.add("off");
    if (S.fatal) return;
    S.retry = Math.min(S.retry + 1, 6);
    $("banner").replaceChildren(el("div", { class: "banner bad",
      text: "The connection to the server was lost: reconnecting…" }));
    setTimeout(connect, 400 * S.retry);
  });
}

function send(msg) {
  if (!S.ws || S.ws.readyState !== WebSocket.OPEN) {
    toast("not connected to the server (reconnecting)", "error");
    return false;
  }
  S.ws.send(JSON.stringify(msg));
  return true;
}

// ============================================================================ messages
function receive(msg) {
  if (msg.type === "welcome") {
    S.viewer = msg.viewer;
    S.room = msg.room;
    $("chat-input").hidden = seat() === null;          // spectators only watch
    if (!msg.token_ok) toast("This browser's key is not valid for that room: you are watching.", "error");
  } else if (msg.type === "waiting") {
    S.room = msg.room;
    showWaiting();
  } else if (msg.type === "state") {
    S.queue.push(msg);
    pump();
  } else if (msg.type === "error") {
    toast(msg.error, "error");
    if (msg.fatal) {
      S.fatal = true;
      $("decision").replaceChildren(el("h2", { text: "Not connected" }), el("p", { text: msg.error }),
                                    el("a", { href: "/", text: "Back to the lobby" }));
    }
    S.sent = null;
    enableDecision(true);
  } else if (msg.type === "info") {
    for (const line of msg.lines) toast(line);
  } else if (msg.type === "token") {        // this seat's new key (asked with "New key")
    localStorage.setItem(storeKey, JSON.stringify({ token: msg.token, seat: msg.seat }));
    toast("This seat has a new key: only this browser holds it now.");
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function pump() {
  if (S.pumping) return;
  S.pumping = true;
  while (S.queue.length) {
    const msg = S.queue.shift();
    show(msg);
    if (!msg.final) {
      const ms = SPEEDS[S.speed] ?? 450;
      if (ms) await sleep(S.queue.length > 12 ? ms / 4 : ms);
    }
  }
  S.pumping = false;
}

// ============================================================================ drawing
function show(msg) {
  S.frames += 1;
  // the server sends only the log lines this page does not have (log_from: where they start)
  const from = msg.view.log_from || 0;
  S.log = from === 0 ? msg.view.duel.log.slice() : S.log.slice(0, from).concat(msg.view.duel.log);
  msg.view.duel.log = S.log;
  S.view = msg.view;
  S.room = msg.room;
  S.viewer = msg.room.you;
  S.logLength = msg.view.duel.log.length;
  for (const e of msg.events || []) event(e);
  const v = msg.view;
  const obs = v.duel;
  document.getElementById("waiting-modal")?.remove();
  const prompt = v.prompt;
  const pend = obs.pending && obs.pending.options ? obs.pending.options : [];
  S.actable = prompt ? actableMap(pend, me(), obs) : new Map();
  S.cards = indexCards(obs);
  if (S.aim && (!prompt || S.aim.prompt !== prompt.id)) stopAim(false);
  drawBoard();
  renderChain($("chain"), obs, me());
  renderDecision(v, pend);
  renderControls(v);
  renderLog(obs);
  renderChat();
  $("room-words").textContent = roomWords();
  $("chat-input").hidden = seat() === null;
  document.body.dataset.prompt = prompt ? String(prompt.id) : "";
  document.body.dataset.state = v.state;
  if ((v.state === "over" || v.state === "match_over") && msg.final) showEnd(v);
  else document.getElementById("end-modal")?.remove();
  if (S.hint && msg.final) { showHints(S.hint, prompt); S.hint = null; }
  if (S.review && msg.final) { showReview(S.review); S.review = null; }
}

// ============================================================================ the coach
// A hint's number is the bot's estimated win rate (the mean over its simulations: a duel won
// 100%, one lost 0%, a board at the horizon the chance fitted on finished duels for such a
// board); beside it, how many simulations back it and how many ended the duel won or lost
// (agents/coach.py, agents/calibration.py).
function score(x) { return x === null || x === undefined ? "?" : `win ${Math.round(x * 100)}%`; }
function simsWords(h) {
  if (!h.sims) return " (not simulated)";
  return ` (${h.sims} simulations: won ${h.won}, lost ${h.lost}, ` +
         `${h.sims - h.won - h.lost} undecided at the horizon)`;
}

// The bot's estimate of each answer to the question asked now (the table's "hint" event: from
// what this seat may see only); a row answers the question.
function showHints(e, prompt) {
  document.getElementById("hint-modal")?.remove();
  if (!prompt || prompt.id !== e.id) return;          // a hint for a question already answered
  const rows = e.hints.map((h) => el("li", { dataset: { text: h.text } },
    el("button", { class: "hint-answer", text: h.wins_now ? "wins this turn" : score(h.value),
      title: "play this answer", onclick: () => {
        if (send({ type: "answer", prompt: prompt.id, text: h.text })) S.sent = prompt.id;
        box.remove();
      } }),
    " ", el("span", { text: h.say || h.text }),
    el("span", { class: "muted", text: simsWords(h) })));
  const box = modal("Hint: the bot's estimated win rate for each answer",
    el("p", { class: "muted", text: "Best first, from what you may see only (the bot imagines " +
      "the cards you cannot see, as it does for itself). The win rate is the mean over the " +
      "bot's simulations of that answer: a simulation that ends the duel counts 100% (won) " +
      "or 0% (lost), one that stops at the start of your next turn counts the chance to win " +
      "from its board, as fitted on finished duels. Hints are recorded in the replay." }),
    el("ol", { id: "hints" }, ...rows),
    el("div", { class: "buttons" }, el("button", { text: "Close", onclick: () => box.remove() })));
  box.id = "hint-modal";
}

// After a duel: this seat's decisions where the bot's estimate dropped most.
function showReview(e) {
  document.getElementById("review-modal")?.remove();
  const rows = e.mistakes.map((m) => el("li", {},
    el("div", { text: `Turn ${m.turn}, ${m.question}` }),
    el("div", { text: `You played ${m.played} (${score(m.played_value)}); ` +
                      `${m.better} was better (${score(m.better_value)}).` })));
  const box = modal("Review of your decisions",
    rows.length ? el("ol", { id: "review" }, ...rows)
                : el("p", { id: "review", text: "No decision of yours looked clearly worse than another." }),
    el("div", { class: "buttons" }, el("button", { text: "Close", onclick: () => box.remove() })));
  box.id = "review-modal";
}

function drawBoard() {
  renderBoard($("board"), S.view.duel, { me: me(), zones: S.room.zones,
                                         actable: S.aim ? S.aim.targets : S.actable,
                                         aim: S.aim, state: S.boardState, rules: rules() });
}

function roomWords() {
  const r = S.room;
  const who = seat() === null ? "watching" : `you are ${r.names[seat()]}`;
  const away = r.connected.map((c, i) => (c ? null : r.names[i])).filter(Boolean);
  return `${r.rules} rules · ${who}` + (r.spectators ? ` · ${r.spectators} watching` : "") +
    (away.length ? ` · ${away.join(", ")} disconnected` : "");
}

function event(e) {
  if (typeof e.seq === "number") S.lastSeq = Math.max(S.lastSeq, e.seq);
  if (S.seen && S.seen.has(e.seq)) return;
  (S.seen ||= new Set()).add(e.seq);
  if (e.type === "chat") S.chat.push(e);
  else if (e.type === "note") S.notes.push({ text: e.text, at: S.logLength });
  else if (e.type === "undone") { toast(e.text); S.notes.push({ text: e.text, at: S.logLength }); }
  else if (e.type === "failure") { toast(e.text, "error"); S.notes.push({ text: e.text, at: S.logLength }); }
  else if (e.type === "hint") S.hint = e;
  else if (e.type === "review") S.review = e;
  else if (e.type === "duel_start" && e.duel > 1) {
    S.notes = [{ text: `— Duel ${e.duel} —`, at: 0 }];
    S.boardState = {};
  }
}

function cap(s) { return s ? s[0].toUpperCase() + s.slice(1) : s; }

function renderDecision(v, pend) {
  const box = $("decision");
  const p = v.prompt;
  box.replaceChildren();
  if (!p) {
    S.sent = null;
    if (v.state === "failed") {
      box.append(el("h2", { text: "The duel cannot go on" }),
                 el("p", { text: "The engine failed on every answer of this decision; the server's log has the replay that shows it." }));
      if (seat() !== null) box.append(el("button", { class: "primary", text: "Duel again", onclick: () => send({ type: "proceed" }) }));
      return;
    }
    if (v.state !== "duel") {
      box.append(el("h2", { text: v.state === "siding" ? "Side decking" : "The duel is over" }));
      return;
    }
    if (seat() === null) {
      box.append(el("h2", { text: "Watching" }),
                 el("div", { class: "waiting-words thinking",
                             text: v.waiting_for !== null && v.waiting_for !== undefined
                               ? `${v.names[v.waiting_for]} is deciding` : "the duel goes on" }));
      return;
    }
    const bot = v.seats[1 - seat()] === "bot";
    box.append(el("h2", { text: "Opponent's move" }),
               el("div", { class: "waiting-words thinking",
                           text: bot ? "The bot is playing" : `Waiting for ${v.names[1 - seat()]}` }));
    return;
  }
  box.append(el("h2", { id: "question", text: cap(p.question) }),
             el("div", { class: "context", text: p.context.words }));
  if (p.why) box.append(el("div", { class: "why", text: p.why }));
  if (p.pick) {            // a large selection: one card at a time, then the answer they make
    box.append(el("div", { class: "why", id: "picked", text: p.pick.chosen.length
      ? `Chosen so far: ${p.pick.chosen.join(", ")}`
      : `Pick the cards one at a time (${p.pick.answers} possible answers).` }));
  }
  const list = el("div", { class: "options", id: "options" });
  p.options.forEach((o, i) => {
    const data = pend[i] || {};
    const b = el("button", { class: "option", dataset: { index: String(o.index), text: o.text },
                             title: o.text },
      el("span", { class: "n", text: `${i + 1}.` }), el("span", { text: o.say }));
    b.addEventListener("click", () => answer(o.index));
    b.addEventListener("mouseenter", () => focusKeys(optionKeys(data, me())));
    b.addEventListener("mouseleave", () => focusKeys([]));
    list.append(b);
  });
  box.append(list);
  if (p.options.length > 3) {
    box.append(el("div", { class: "muted hint",
                           text: "Or click a lit card, zone or phase on the board." }));
  }
  enableDecision(!S.sent || S.sent !== p.id);
}

function enableDecision(on) {
  for (const b of document.querySelectorAll("#options button")) b.disabled = !on;
}

function focusKeys(keys) {
  for (const n of document.querySelectorAll(".focus")) n.classList.remove("focus");
  for (const k of keys) {
    for (const n of document.querySelectorAll(`[data-cardkey="${CSS.escape(k)}"]`)) n.classList.add("focus");
  }
}

function answer(index) {
  const p = S.view && S.view.prompt;
  if (!p || S.sent === p.id) return;
  closeMenu();
  stopAim(true);
  if (send({ type: "answer", prompt: p.id, index })) {
    S.sent = p.id;
    enableDecision(false);
  }
}

// ============================================================================ clicking the board
let menuNode = null;
function closeMenu() { menuNode?.remove(); menuNode = null; }

// An attack is made as at a table: click your monster, then what it attacks (a lit monster,
// or the opponent's LP bar for a direct attack). Esc, or a click elsewhere, puts it back.
function startAim(key) {
  const p = S.view.prompt;
  const targets = attacksOf(S.view.duel.pending.options, key, me());
  const cv = S.cards.get(key);
  S.aim = { key, prompt: p.id, targets, name: cv ? cv.name : "your monster" };
  drawBoard();
  const direct = targets.has(`lp:${1 - me()}`);
  const monsters = [...targets.keys()].some((k) => !k.startsWith("lp:"));
  const how = [monsters ? "click the monster it attacks" : null,
               direct ? "the opponent's LP to attack directly" : null].filter(Boolean).join(", or ");
  $("board").parentNode.append(el("div", { class: "aim-words", id: "aim-words",
                                           text: `${S.aim.name} attacks: ${how} (Esc: no attack)` }));
}

function stopAim(quiet) {
  if (!S.aim) return;
  S.aim = null;
  document.getElementById("aim-words")?.remove();
  if (!quiet && S.view) drawBoard();
}

function onBoardClick(ev) {
  const node = ev.target.closest("[data-cardkey]");
  closeMenu();
  if (S.aim) {
    const key = node && node.dataset.cardkey;
    const hit = key && S.aim.targets.get(key);
    ev.stopPropagation();
    if (hit) answer(hit[0].index);
    else stopAim(false);
    return;
  }
  if (!node) return;
  const key = node.dataset.cardkey;
  const opts = S.actable.get(key);
  if (opts && opts.length) {
    ev.stopPropagation();
    const p = S.view.prompt;
    const aims = attacksOf(opts, key, me()).size > 0;        // this card is an attacker
    const others = aims ? opts.filter((o) => o.verb !== "attack") : opts;
    if (aims && !others.length) {
      startAim(key);
      return;
    }
    menuNode = el("div", { class: "menu", id: "card-menu", role: "menu" },
      el("div", { class: "menu-title", text: cap(p.question) }),
      ...others.map((o) => el("button", { role: "menuitem", dataset: { index: String(o.index) },
                                          text: p.options[o.index].say,
                                          onclick: () => answer(o.index) })),
      aims ? el("button", { role: "menuitem", id: "menu-attack", text: "Attack… (then click the target)",
                            onclick: (e) => { e.stopPropagation(); closeMenu(); startAim(key); } }) : null);
    document.body.append(menuNode);
    const r = menuNode.getBoundingClientRect();
    menuNode.style.left = `${Math.min(ev.clientX + 4, innerWidth - r.width - 8)}px`;
    menuNode.style.top = `${Math.min(ev.clientY + 4, innerHeight - r.height - 8)}px`;
    return;
  }
  if (key.startsWith("pile:")) showPile(key);
  else if (S.cards.has(key)) showCard($("viewer"), S.cards.get(key), rules());
}

function showPile(key) {
  const [, p, what] = key.split(":");
  const obs = S.view.duel;
  const titles = { gy: "Graveyard", banished: "Banished", extra: "Extra Deck", deck: "Deck", hand: "Hand" };
  const whose = +p === me() && seat() !== null ? "Your" : `${obs.names[+p]}'s`;
  const names = pileNames(obs, key);
  const side = obs.sides[+p];
  const count = { gy: side.gy_count, banished: side.banished_count, extra: side.extra_count,
                  deck: side.deck_count, hand: side.hand_count }[what];
  const body = names.length
    ? el("div", { class: "pile-list" }, ...names.map((n) => n.name === null
        ? el("span", { class: "item facedown", text: n.text })
        : el("span", { class: "item", dataset: { name: n.name }, text: n.text })))
    : el("p", { class: "muted", text: `${count} card${count === 1 ? "" : "s"}` +
                                      (what === "deck" || what === "hand" || what === "extra" ? " (hidden)" : "") });
  const box = modal(`${whose} ${titles[what] || what}`, body);
  wireCardViewer(box, $("viewer"), rules);
}

// ============================================================================ controls
function renderControls(v) {
  const box = $("controls");
  box.replaceChildren();
  if (seat() !== null && v.priority) {
    const undo = el("button", { id: "undo", text: "↶ Undo", disabled: !v.can_undo,
      title: "take back your last decision and the bot's replies",
      onclick: () => send({ type: "undo" }) });
    const hold = el("button", { id: "hold", text: v.priority.hold ? "Holding" : "Hold",
      title: "be asked at the next response window, whatever happens",
      onclick: () => send({ type: "hold" }) });
    const prio = el("select", { id: "priority", title: "when you are asked in response windows" },
      el("option", { value: "auto", text: "auto-pass" }), el("option", { value: "ask-all", text: "ask every window" }));
    prio.value = v.priority.mode;
    prio.addEventListener("change", () => send({ type: "priority", mode: prio.value }));
    const stops = el("button", { id: "stops", text: `Stops${v.priority.stops.length ? ` (${v.priority.stops.length})` : ""}`,
      onclick: () => stopsDialog() });
    const key = el("button", { id: "new-key", text: "New key",
      title: "give this seat a new secret key (this browser keeps it; any other copy stops working)",
      onclick: () => send({ type: "rotate" }) });
    const hint = el("button", { id: "hint", text: "💡 Hint", disabled: !v.prompt,
      title: "the bot's estimate of each of your answers (recorded in the replay)",
      onclick: () => { if (send({ type: "hint" })) toast("thinking..."); } });
    box.append(undo, hint, hold, prio, stops, key);
    if (v.seats[1 - seat()] !== "bot") { undo.hidden = true; hint.hidden = true; }
  }
  const speed = el("select", { id: "speed", title: "how fast the opponent's moves are shown" },
    ...Object.keys(SPEEDS).map((k) => el("option", { value: k, text: `moves: ${k}` })));
  speed.value = S.speed;
  speed.addEventListener("change", () => { S.speed = speed.value; localStorage.setItem("ygosim-speed", S.speed); });
  box.append(speed);
}

function stopsDialog() {
  const v = S.view;
  const on = new Set((v.priority.stops || []).map((s) => `${s.phase}|${s.turn}`));
  const grid = el("div", { class: "stops-grid" },
    el("span"), el("b", { text: "opponent's turn" }), el("b", { text: "your turn" }));
  for (const [name, , title] of PHASES) {
    grid.append(el("span", { text: title }));
    for (const whose of ["opponent", "mine"]) {
      const box = el("input", { type: "checkbox", id: `stop-${name}-${whose}`, checked: on.has(`${name}|${whose}`) });
      box.addEventListener("change", () => send({ type: "stop", phase: name, whose, on: box.checked }));
      grid.append(box);
    }
  }
  modal("Stops", el("p", { class: "muted",
    text: "With auto-pass you are asked only when something happened you can respond to. A stop asks you at that phase too." }), grid);
}

// ============================================================================ log and chat
function renderLog(obs) {
  const box = $("log");
  box.replaceChildren();
  const notes = S.notes.filter((n) => n.at <= obs.log.length);
  let k = 0;
  obs.log.forEach((line, i) => {
    for (; k < notes.length && notes[k].at <= i; k++) box.append(el("div", { class: "note", text: notes[k].text }));
    const text = line.replace(/^T\d+ /, "");
    box.append(el("div", { class: text.startsWith("---") ? "turn-line" : "", text }));
  });
  for (; k < notes.length; k++) box.append(el("div", { class: "note", text: notes[k].text }));
  if (S.logPinned !== false) box.scrollTop = box.scrollHeight;
}

function renderChat() {
  const box = $("chat");
  box.replaceChildren(...S.chat.map((c) => el("div", { class: c.from === "bot" ? "bot" : "person" },
    el("b", { text: `${c.name}: ` }), c.text)));
  box.scrollTop = box.scrollHeight;
}

function say() {
  const input = $("say");
  const text = input.value.trim();
  if (text && send({ type: "say", text })) input.value = "";
}

// ============================================================================ waiting, the end
function showWaiting() {
  const r = S.room;
  if (r.state === "queued") {       // a bot room waits for the bots' capacity
    const words = `Every bot is busy with other duels: you are number ${r.queue} in the line. ` +
      "Your duel starts by itself when a place is free.";
    const old = document.getElementById("waiting-modal");
    if (old && old.dataset.queue === String(r.queue)) return;
    old?.remove();
    const box = modal("Waiting for a bot", el("p", { id: "queue-words", text: words }));
    box.id = "waiting-modal";
    box.dataset.queue = String(r.queue);
    $("decision").replaceChildren(el("h2", { text: "Waiting for a bot" }), el("p", { text: words }));
    $("room-words").textContent = `${r.rules} rules · in the line (${r.queue})`;
    return;
  }
  if (document.getElementById("waiting-modal")) return;
  const link = `${location.origin}/room/${rid}`;
  const input = el("input", { type: "text", id: "share-link", readonly: true, value: link });
  const copy = el("button", { text: "Copy", onclick: async () => {
    try { await navigator.clipboard.writeText(link); toast("link copied"); } catch (e) { input.select(); }
  } });
  const body = seat() === 0
    ? [el("p", { text: "Send this link to your opponent: they open it, choose a deck and join." }),
       el("div", { class: "share" }, input, copy),
       el("p", { class: "muted", text: "On another machine of your network, start the server with --host 0.0.0.0 and use this machine's address instead of 127.0.0.1." })]
    : [el("p", { text: `${r.names[0]} is waiting for an opponent.` })];
  const box = modal("Waiting for your opponent", ...body);
  box.id = "waiting-modal";
  $("decision").replaceChildren(el("h2", { text: "Waiting for an opponent" }));
  $("room-words").textContent = `${r.rules} rules · waiting`;
}

function showEnd(v) {
  const key = `${v.duel_no}|${v.state}`;
  if (S.shownEnd === key) return;
  S.shownEnd = key;
  const res = v.result;
  const s = seat();
  let words, cls = "";
  if (res.winner === "draw") words = "A draw";
  else if (s !== null && res.winner === s) { words = "You win!"; cls = "win"; }
  else if (s !== null) { words = v.seats[1 - s] === "bot" ? "The bot wins" : `${v.names[res.winner]} wins`; cls = "lose"; }
  else words = `${v.names[res.winner]} wins`;
  const parts = [el("div", { class: "result-big " + cls, id: "result", text: words }),
                 el("p", { text: `${cap(res.reason)} after ${res.turns} turns.` })];
  if (res.bot_hand && res.bot_hand.length) {
    parts.push(el("p", { class: "muted" }, "The bot's hand was: ",
      ...res.bot_hand.map((n, i) => el("span", { dataset: { name: n }, text: (i ? ", " : "") + n }))));
  }
  const buttons = el("div", { class: "buttons" });
  if (s !== null) {
    // the seat's key goes in the request's body, never in an address (the history keeps those)
    const fetchReplay = () => postJSON(`/api/rooms/${encodeURIComponent(rid)}/replay`,
                                       { token: (saved() || {}).token || "" });
    buttons.append(el("button", { id: "download-replay", text: "⤓ Download the replay", onclick: async () => {
      try {
        const rep = await fetchReplay();
        const url = URL.createObjectURL(new Blob([JSON.stringify(rep, null, 1) + "\n"],
                                                 { type: "application/json" }));
        const a = el("a", { href: url, download: `ygosim-${rid}-duel${v.duel_no}.json` });
        document.body.append(a);
        a.click();
        a.remove();
        setTimeout(() => URL.revokeObjectURL(url), 10000);
      } catch (e) { toast(e.message, "error"); }
    } }));
    buttons.append(el("button", { id: "watch-replay", text: "▶ Watch the replay", onclick: async () => {
      try {
        const rep = await fetchReplay();
        const made = await postJSON("/api/replays", rep);
        location.href = `/replay?id=${encodeURIComponent(made.id)}`;
      } catch (e) { toast(e.message, "error"); }
    } }));
    buttons.append(el("button", { id: "review-go", text: "Review my decisions",
      title: "your decisions where the bot's estimate dropped most (takes a few seconds)",
      onclick: () => { if (send({ type: "review" })) toast("reviewing your decisions..."); } }));
    if (v.can_undo) buttons.append(el("button", { id: "end-undo", text: "↶ Undo", onclick: () => { send({ type: "undo" }); box.remove(); } }));
    buttons.append(el("button", { class: "primary", id: "again", text: "Duel again",
                                  onclick: () => { send({ type: "proceed" }); box.remove(); } }));
  }
  buttons.append(el("a", { href: "/" }, el("button", { text: "Lobby" })));
  const box = modal("The duel is over", ...parts, buttons);
  box.id = "end-modal";
  wireCardViewer(box, $("viewer"), rules);
}

// ============================================================================ wiring
$("board").addEventListener("click", onBoardClick);
document.addEventListener("click", (ev) => {
  if (menuNode && !menuNode.contains(ev.target)) closeMenu();
  if (S.aim && !$("board").contains(ev.target)) stopAim(false);
});
document.addEventListener("keydown", (ev) => {
  if (ev.key === "Escape") { closeMenu(); stopAim(false); }
  if (ev.target.closest && ev.target.closest("input, textarea, select")) return;
  const p = S.view && S.view.prompt;
  if (p && /^[1-9]$/.test(ev.key) && Number(ev.key) <= p.options.length) {   // 1-9 answer
    answer(p.options[Number(ev.key) - 1].index);
  }
});
$("say-go").addEventListener("click", say);
$("log").addEventListener("wheel", () => setTimeout(() => {
  const box = $("log");
  S.logPinned = box.scrollTop + box.clientHeight >= box.scrollHeight - 8;
}, 50));
$("say").addEventListener("keydown", (ev) => { if (ev.key === "Enter") say(); });
start();
