// The duel board, drawn from one observation (what the server's observe() gives a viewer):
// both fields with the zones of the rules in play, the hands, the piles, LP, the phase, the
// chain and the attack. The duel page and the replay viewer both use it.
import { el, cardFace, fetchCard } from "./common.js";

export const PHASES = [["draw", "DP", "Draw Phase"], ["standby", "SP", "Standby Phase"],
                       ["main1", "M1", "Main Phase 1"], ["battle", "BP", "Battle Phase"],
                       ["main2", "M2", "Main Phase 2"], ["end", "EP", "End Phase"]];

const FIELD_ZONES = /^(m[1-5]|s[1-6]|fz|emz)$/;

// The place a card view stands for, as a key the board's elements carry (data-cardkey).
export function keyOf(cv, fallbackPlayer) {
  if (!cv) return null;
  const z = cv.zone;
  const ctrl = cv.controller ?? cv.owner ?? fallbackPlayer;
  if (FIELD_ZONES.test(z)) return `f:${ctrl}:${z}`;
  const owner = cv.owner ?? ctrl;
  if (z === "hand") return cv.slot === undefined ? `pile:${owner}:hand` : `hand:${owner}:${cv.slot}`;
  if (["gy", "banished", "extra", "deck"].includes(z)) return `pile:${owner}:${z}`;
  return null;
}

// The keys an option of the pending decision concerns (its cards, an attack's target, a zone).
export function optionKeys(opt, player) {
  const keys = [];
  for (const cv of opt.cards || []) {
    const k = keyOf(cv, player);
    if (k) keys.push(k);
  }
  if (opt.verb === "attack") {
    keys.push(opt.target ? keyOf(opt.target, 1 - player) : `lp:${1 - player}`);
  }
  if (opt.verb === "zone" && typeof opt.arg === "string") keys.push(`f:${player}:${opt.arg}`);
  if (opt.verb === "phase") keys.push(`phase:${opt.arg}`);
  return [...new Set(keys)];
}

// key -> the options that concern it. The engine offers one option for all copies of a card
// in the hand (Summoning either of two Celtic Guardians is the same move): every copy gets the
// options of the one it names, so any of them can be clicked.
export function actableMap(options, player, obs) {
  const map = new Map();
  for (const o of options || []) {
    for (const k of optionKeys(o, player)) {
      if (!map.has(k)) map.set(k, []);
      map.get(k).push(o);
    }
  }
  const hand = obs && obs.sides && obs.sides[player] ? obs.sides[player].hand : null;
  (hand || []).forEach((cv, i) => {
    const key = `hand:${player}:${i}`;
    if (map.has(key) || !cv || !cv.name) return;
    const twin = hand.findIndex((o, j) => o && o.name === cv.name && map.has(`hand:${player}:${j}`));
    if (twin >= 0) map.set(key, map.get(`hand:${player}:${twin}`));
  });
  return map;
}

// The attack options of the card at `key` (it is their attacker), and key -> option for
// the targets they name (a monster, or the opponent's LP for a direct attack).
export function attacksOf(options, key, player) {
  const targets = new Map();
  for (const o of options || []) {
    if (o.verb !== "attack" || !o.cards || !o.cards.length) continue;
    if (keyOf(o.cards[0], player) !== key) continue;
    targets.set(o.target ? keyOf(o.target, 1 - player) : `lp:${1 - player}`, [o]);
  }
  return targets;
}

// what stood in each zone at the last draw: a card that is new there arrives with a flash
function arrived(key, cv, ctx) {
  const st = ctx.state || (ctx.state = {});
  const seen = (st.zones ||= {});
  const now = cv ? `${cv.name || "?"}|${cv.position || ""}|${cv.faceup}` : "";
  const before = seen[key];
  seen[key] = now;
  return before !== undefined && now && before !== now && !ctx.instant;
}

function zoneBox(label, key, cv, ctx, extraClass = "") {
  const box = el("div", { class: "zone " + extraClass, dataset: { cardkey: key } });
  box.append(el("span", { class: "z-label", text: label }));
  const fresh = arrived(key, cv, ctx);
  if (cv) {
    const face = cardFace(cv, { rules: ctx.rules });
    if (fresh) face.classList.add("arrive");
    if (cv.position === "defense" || cv.position === "set" && cv.zone && cv.zone[0] === "m") {
      face.classList.add("sideways");
    }
    if (cv.faceup === false && !cv.hidden) face.classList.add("set-own");
    box.append(face);
    box.classList.add("full");
    const held = Object.entries(cv.counters || {});
    if (held.length) {            // counters are public: "2 Spell" on the zone
      const words = held.map(([kind, n]) => `${n} ${cap(kind)}`).join(" · ");
      box.append(el("span", { class: "counters", text: words,
                              title: held.map(([kind, n]) => `${n} ${cap(kind)} Counter${n === 1 ? "" : "s"}`).join(", ") }));
    }
  }
  decorate(box, key, ctx);
  return box;
}

function cap(s) { return s ? s[0].toUpperCase() + s.slice(1) : s; }

function decorate(node, key, ctx) {
  if (ctx.actable && ctx.actable.has(key)) node.classList.add("actable");
  if (ctx.marks && ctx.marks.has(key)) {
    for (const m of ctx.marks.get(key)) {
      node.classList.add(m.cls);
      if (m.badge) node.append(el("span", { class: "badge " + m.cls, text: m.badge }));
    }
  }
  if (ctx.focus && ctx.focus.has(key)) node.classList.add("focus");
}

function pile(label, key, count, top, ctx, cls) {
  const box = el("div", { class: "zone pile " + cls, dataset: { cardkey: key },
                          title: `${label}: ${count} card${count === 1 ? "" : "s"}` });
  box.append(el("span", { class: "z-label", text: label }));
  if (top) {
    const slot = el("div", { class: "pile-top", dataset: { name: top }, text: top });
    box.append(slot);
    if (ctx.rules) {          // the top card's face, once its facts are here
      fetchCard(top, ctx.rules).then((info) => {
        if (info && info.kind_line) slot.replaceWith(cardFace({ name: top, kind_line: info.kind_line }, { rules: ctx.rules }));
      });
    }
  } else if (count && cls !== "gy") {      // (a hidden top card: a face-down banished one)
    box.append(cardFace(null, { small: true }));
  }
  box.append(el("span", { class: "count", text: String(count) }));
  decorate(box, key, ctx);
  return box;
}

// The field of player p: two rows of seven cells. Bottom player: Field, m1..m5, GY / Extra,
// s1..s5, Deck. The top player is the same turned round (as across a table).
function fieldRows(side, p, top, ctx) {
  const zones = ctx.zones || { emz: true, pendulum: true };
  const mons = side.monsters.map((cv, i) => zoneBox(`M${i + 1}`, `f:${p}:m${i + 1}`, cv, ctx, "mz"));
  const sts = side.spells.map((cv, i) => {
    const pz = zones.pendulum && (i === 0 || i === 4);
    return zoneBox(pz ? `S${i + 1} · P` : `S${i + 1}`, `f:${p}:s${i + 1}`, cv, ctx,
                   "sz" + (pz ? " pz" : ""));
  });
  const fz = zoneBox("Field", `f:${p}:fz`, side.field_spell, ctx, "fz");
  const gyTop = side.graveyard.length ? side.graveyard[side.graveyard.length - 1] : null;
  const gy = pile("GY", `pile:${p}:gy`, side.gy_count, gyTop, ctx, "gy");
  const deck = pile("Deck", `pile:${p}:deck`, side.deck_count, null, ctx, "deck");
  const extra = pile(zones.emz ? "Extra" : "Fusion", `pile:${p}:extra`, side.extra_count, null,
                     ctx, "extra");
  const ban = pile("Banished", `pile:${p}:banished`, side.banished_count,
                   side.banished.length ? side.banished[side.banished.length - 1] : null, ctx,
                   "banished");
  let monRow = [fz, ...mons, gy];
  let stRow = [extra, ...sts, deck];
  if (top) {                      // turned round
    monRow = monRow.reverse();
    stRow = stRow.reverse();
  }
  const rowM = el("div", { class: "row" }, monRow);
  const rowS = el("div", { class: "row" }, stRow);
  const banRow = el("div", { class: "ban-col" }, ban);
  return { rows: top ? [rowS, rowM] : [rowM, rowS], ban: banRow };
}

function handRow(side, p, ctx, mine) {
  const row = el("div", { class: "hand" + (mine ? " mine" : " theirs") });
  if (side.hand) {
    side.hand.forEach((cv, i) => {
      const key = `hand:${p}:${i}`;
      const slot = el("div", { class: "hand-card", dataset: { cardkey: key } }, cardFace(cv, { rules: ctx.rules }));
      decorate(slot, key, ctx);
      row.append(slot);
    });
  } else {
    for (let i = 0; i < side.hand_count; i++) {
      row.append(el("div", { class: "hand-card" }, cardFace(null)));
    }
    decorate(row, `pile:${p}:hand`, ctx);
    row.dataset.cardkey = `pile:${p}:hand`;
  }
  if (!row.childElementCount) row.append(el("span", { class: "muted empty-hand", text: "no cards in hand" }));
  return row;
}

function playerBar(obs, p, ctx, top) {
  const side = obs.sides[p];
  const lp = el("span", { class: "lp", text: String(side.lp) });
  const bar = el("div", { class: "player-bar " + (top ? "top" : "bottom") +
                                 (obs.turn_player === p && obs.turn ? " turn" : ""),
                          dataset: { cardkey: `lp:${p}` } },
    el("span", { class: "p-name", text: side.name }),
    el("span", { class: "lp-box" }, el("span", { class: "lp-word", text: "LP" }), lp),
    el("span", { class: "counts muted",
                 text: `hand ${side.hand_count} · deck ${side.deck_count} · GY ${side.gy_count}` +
                       (side.banished_count ? ` · banished ${side.banished_count}` : "") }));
  decorate(bar, `lp:${p}`, ctx);
  animateLp(lp, p, side.lp, ctx);
  return bar;
}

// LP changes: the number counts to its new value and the change floats away
function animateLp(node, p, lp, ctx) {
  const st = ctx.state || (ctx.state = {});
  st.lp = st.lp || {};
  const before = st.lp[p];
  st.lp[p] = lp;
  if (before === undefined || before === lp || ctx.instant) return;
  const delta = lp - before;
  node.textContent = String(before);
  node.classList.add(delta < 0 ? "hurt" : "healed");
  const float = el("span", { class: "lp-delta " + (delta < 0 ? "minus" : "plus"),
                             text: (delta > 0 ? "+" : "") + delta });
  node.parentNode ? node.parentNode.append(float) : requestAnimationFrame(() => node.parentNode && node.parentNode.append(float));
  const t0 = performance.now(), span = 700;
  const tick = (t) => {
    const f = Math.min(1, (t - t0) / span);
    node.textContent = String(Math.round(before + delta * f));
    if (f < 1) requestAnimationFrame(tick);
    else setTimeout(() => node.classList.remove("hurt", "healed"), 400);
  };
  requestAnimationFrame(tick);
  setTimeout(() => float.remove(), 1600);
}

function middleRow(obs, ctx, me) {
  const zones = ctx.zones || { emz: true };
  const cells = [];
  const phaseBar = el("div", { class: "phases" });
  for (const [name, short, title] of PHASES) {
    const key = `phase:${name}`;
    const pill = el("span", { class: "phase" + (obs.phase === name && obs.turn ? " now" : ""),
                              title, text: short, dataset: { cardkey: key } });
    decorate(pill, key, ctx);
    phaseBar.append(pill);
  }
  const info = el("div", { class: "turn-info" },
    el("div", { class: "turn-no", text: obs.turn ? `Turn ${obs.turn}` : "Before the duel" }),
    el("div", { class: "phase-words", text: (obs.turn ? obs.phase_title : "") +
                                            (obs.step ? ` · ${obs.step}` : "") }));
  if (zones.emz) {
    const emz = [null, null];
    for (const p of [0, 1]) {
      for (const cv of obs.sides[p].extra_monster_zone || []) emz[cv.emz ?? 0] = cv;
    }
    // as seat 0 sees them: left is 0; seat 1 sees them the other way round
    const order = me === 1 ? [1, 0] : [0, 1];
    const boxes = order.map((i) => {
      const cv = emz[i];
      const key = cv ? `f:${cv.controller}:emz` : `f:${me}:emz`;
      const box = zoneBox("EMZ", key, cv, ctx, "emz");
      if (cv && cv.controller !== me) box.classList.add("theirs");
      return box;
    });
    cells.push(el("div", { class: "mid-left" }, info, phaseBar), boxes[0],
               el("div", { class: "mid-center" }), boxes[1],
               el("div", { class: "mid-right" }, attackWords(obs)));
  } else {
    cells.push(el("div", { class: "mid-left" }, info, phaseBar),
               el("div", { class: "mid-right wide" }, attackWords(obs)));
  }
  return el("div", { class: "row middle" + (zones.emz ? "" : " no-emz") }, cells);
}

function attackWords(obs) {
  if (!obs.attack) return el("span");
  return el("div", { class: "attack-words" },
    el("span", { class: "sword", text: "⚔ " }),
    `${obs.attack.attacker} → ${obs.attack.target === "direct" ? "directly" : obs.attack.target}`);
}

// marks on the field: chain links, the attacker and its target
export function fieldMarks(obs, me) {
  const marks = new Map();
  const add = (key, m) => {
    if (!key) return;
    if (!marks.has(key)) marks.set(key, []);
    marks.get(key).push(m);
  };
  for (const link of obs.chain || []) {
    add(keyOf(link.view), { cls: "in-chain", badge: String(link.link) });
  }
  if (obs.attack && obs.attack.cards) {
    const [a, t] = obs.attack.cards;
    add(keyOf(a), { cls: "attacking", badge: "⚔" });
    if (t) add(keyOf(t), { cls: "attacked" });
    else if (a) add(`lp:${1 - a.controller}`, { cls: "attacked" });
  }
  return marks;
}

// while a person picks what a monster attacks: the attacker and its possible targets
function aimMarks(marks, aim) {
  const add = (key, m) => {
    if (!marks.has(key)) marks.set(key, []);
    marks.get(key).push(m);
  };
  add(aim.key, { cls: "aiming" });
  for (const k of aim.targets.keys()) add(k, { cls: "target" });
}

// Draw the whole board into `root`. ctx: {me (the seat at the bottom), zones {emz, pendulum},
// actable (key -> options), focus (keys to light), state (kept between draws: LP), aim (an
// attacker being aimed: {key, targets}), rules (for the card pictures)}.
export function renderBoard(root, obs, ctx) {
  const me = ctx.me === 1 ? 1 : 0;
  const opp = 1 - me;
  ctx.marks = fieldMarks(obs, me);
  if (ctx.aim) aimMarks(ctx.marks, ctx.aim);
  root.classList.toggle("no-emz", !(ctx.zones || { emz: true }).emz);
  const top = fieldRows(obs.sides[opp], opp, true, ctx);
  const bottom = fieldRows(obs.sides[me], me, false, ctx);
  root.replaceChildren(
    playerBar(obs, opp, ctx, true),
    handRow(obs.sides[opp], opp, ctx, false),
    el("div", { class: "field" },
       el("div", { class: "grid" }, ...top.rows, middleRow(obs, ctx, me), ...bottom.rows),
       el("div", { class: "ban-side" }, top.ban, bottom.ban)),
    handRow(obs.sides[me], me, ctx, true),
    playerBar(obs, me, ctx, false));
}

// The chain as it builds: the newest link on top.
export function renderChain(root, obs, me) {
  root.replaceChildren();
  const chain = obs.chain || [];
  root.classList.toggle("empty", chain.length === 0);
  if (!chain.length) return;
  root.append(el("div", { class: "chain-title", text: `Chain (${chain.length})` }));
  for (const link of [...chain].reverse()) {
    const who = link.player === me ? "you" : obs.names[link.player];
    root.append(el("div", { class: "link" + (link.player === me ? " mine" : " theirs"),
                            dataset: { name: link.card } },
      el("span", { class: "link-no", text: String(link.link) }),
      el("div", { class: "link-body" },
         el("div", { class: "link-card", text: link.card }),
         el("div", { class: "muted", text: `${who}${link.label ? ": " + link.label : ""}` +
                                           (link.targets && link.targets.length
                                             ? ` → ${link.targets.join(", ")}` : "") }))));
  }
}

// A pile's cards by name (Graveyard, banished, your Extra Deck) for a list: each entry is
// { name, text }; a card banished face-down is "(face-down)" to everyone, and named (name set,
// "NAME (face-down)") only to a viewer who may see it (its name is in the observation then)
export function pileNames(obs, key) {
  const [, p, what] = key.split(":");
  const side = obs.sides[+p];
  const plain = (n) => ({ name: n, text: n });
  if (what === "gy") return side.graveyard.map(plain);
  if (what === "banished") {
    const down = new Set(side.banished_facedown || []);
    return side.banished.map((n, i) => n === null ? { name: null, text: "(face-down)" }
      : { name: n, text: down.has(i) ? `${n} (face-down)` : n });
  }
  if (what === "extra") return (side.extra || []).map(plain);
  return [];
}

// every card on the board by its key (data-cardkey), for the card viewer
export function indexCards(obs) {
  const m = new Map();
  obs.sides.forEach((s, p) => {
    s.monsters.forEach((cv, i) => cv && m.set(`f:${p}:m${i + 1}`, cv));
    s.spells.forEach((cv, i) => cv && m.set(`f:${p}:s${i + 1}`, cv));
    if (s.field_spell) m.set(`f:${p}:fz`, s.field_spell);
    for (const cv of s.extra_monster_zone || []) m.set(`f:${p}:emz`, cv);
    (s.hand || []).forEach((cv, i) => m.set(`hand:${p}:${i}`, cv));
  });
  return m;
}
