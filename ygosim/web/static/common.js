// Shared helpers of the ygosim pages: building elements (text only: nothing from the server
// is ever parsed as HTML), card faces, the card viewer, JSON requests.

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(node.dataset, v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

export async function getJSON(url, options = {}) {
  const res = await fetch(url, options);
  let data = null;
  try { data = await res.json(); } catch (e) { data = { error: `${res.status} ${res.statusText}` }; }
  if (!res.ok) throw new Error((data && data.error) || `${res.status} ${res.statusText}`);
  return data;
}

export function postJSON(url, body) {
  return getJSON(url, { method: "POST", headers: { "Content-Type": "application/json" },
                        body: JSON.stringify(body) });
}

// "Level 6 DARK Fiend 2500/1200 [Normal]" -> its parts
export function parseKind(line, kind) {
  const out = { kind: kind || "", frame: "", stars: null, starWord: "Level", attribute: "",
                type: "", atk: null, def: null, sub: "" };
  if (!line) return out;
  let m = line.match(/^(Level|Rank) (\d+) (\S+) (.+?) (\S+)\/(\S+) \[(.+)\]$/);
  if (m) {
    Object.assign(out, { kind: "monster", starWord: m[1], stars: +m[2], attribute: m[3],
                         type: m[4], atk: m[5], def: m[6], sub: m[7] });
  } else if ((m = line.match(/^Link-(\d+) (\S+) (.+?) (\S+)\/\S+ \[(.+)\]$/))) {
    Object.assign(out, { kind: "monster", starWord: "Link", stars: +m[1], attribute: m[2],
                         type: m[3], atk: m[4], def: null, sub: m[5] });
  } else if ((m = line.match(/^(.*?)\s*(Spell|Trap)$/))) {
    Object.assign(out, { kind: m[2].toLowerCase(), sub: m[1] || "Normal" });
  }
  const subs = out.sub.split("/").map((s) => s.toLowerCase());
  for (const f of ["link", "xyz", "synchro", "fusion", "ritual"]) {
    if (subs.includes(f)) { out.frame = f; break; }
  }
  if (!out.frame && out.kind === "monster") out.frame = subs.includes("normal") ? "normal" : "effect";
  if (out.kind === "spell" || out.kind === "trap") out.frame = out.kind;
  out.pendulum = subs.includes("pendulum");
  return out;
}

// the letters of the longest word of a name (its font is made small enough for that word to
// fit the card's width: a name breaks between words, never inside one)
export function longestWord(name) {
  return Math.max(4, ...String(name).split(/[\s]+/).map((w) => w.length));
}

// A name in at most `width` letters, shortened as people shorten card names (as the terminal
// does, ygosim/cli/board.py): first the small words go, then words become initials from the
// right (the last word stays), and only then is the end cut. A card's text is sized from its
// width, so three lines of a card's name hold about the same letters at any size: NAME_FITS.
const SMALL_WORDS = new Set(["the", "of", "a", "an", "and", "in", "to", "from", "with", "for"]);
export const NAME_FITS = 24;

function initials(word) {
  const parts = word.split("-").filter(Boolean);
  if (parts.length > 1) return parts.map((p) => p[0]).join(".") + ".";
  return word.length > 2 ? word[0] + "." : word;
}

export function abbreviate(name, width = NAME_FITS) {
  if (name.length <= width) return name;
  const words = name.split(/\s+/).filter((w, i) => i === 0 || !SMALL_WORDS.has(w.toLowerCase()));
  let text = words.join(" ");
  for (let i = words.length - 2; i >= 0; i--) {
    if (text.length <= width) return text;
    if (/^[\p{L}\p{N}]/u.test(words[i])) words[i] = initials(words[i]);
    text = words.join(" ");
  }
  return text.length <= width ? text : text.slice(0, Math.max(width - 1, 1)) + "…";
}

// A card face: name, Level/Rank/Link, Attribute/Type, ATK/DEF; or a card back. With the
// server's card pictures (ygosim serve --card-images DIR), the picture of a card the viewer
// sees covers the drawn face, once the server says it has one (a face-down card has no name
// here, so no picture of it is ever asked for).
// cv: a card view from the server ({name, kind, kind_line, atk, def, level, hidden, faceup...}).
export function cardFace(cv, { small = false, rules = null } = {}) {
  if (!cv || cv.hidden || !cv.name) {
    return el("div", { class: "card back" + (small ? " small" : ""), title: "a face-down card" },
              el("div", { class: "back-mark", text: "ygosim" }));
  }
  const k = parseKind(cv.kind_line, cv.kind);
  const face = el("div", { class: `card face frame-${k.frame || "effect"}` +
                                  (k.pendulum ? " pendulum" : "") + (small ? " small" : ""),
                           dataset: { name: cv.name } });
  const short = abbreviate(cv.name);
  const name = el("div", { class: "c-name", text: short, title: short === cv.name ? null : cv.name });
  name.style.setProperty("--word", String(longestWord(short)));
  face.append(name);
  addPicture(face, cv.name, rules);
  if (k.kind === "monster") {
    const lv = k.starWord === "Link" ? `LINK-${k.stars}`
      : `${k.starWord === "Rank" ? "☆" : "★"}${k.stars}`;
    face.append(el("div", { class: "c-line" },
      el("span", { class: "c-attr attr-" + k.attribute.toLowerCase(),
                   title: k.attribute, text: k.attribute || "?" }),
      el("span", { class: "c-level", text: lv })));
    face.append(el("div", { class: "c-type", text: `[${k.type}${k.sub ? "/" + k.sub : ""}]` }));
    const atk = cv.atk ?? k.atk, def = cv.def ?? k.def;
    const stats = el("div", { class: "c-stats" },
      el("span", { class: "atk" + modClass(cv.atk, k.atk), text: `${atk}` }),
      k.starWord === "Link" ? el("span", { class: "def", text: `L${k.stars}` })
        : el("span", { class: "def" + modClass(cv.def, k.def), text: `${def}` }));
    face.append(stats);
  } else {
    face.append(el("div", { class: "c-line st" },
      el("span", { class: "c-st-kind", text: (k.sub && k.sub !== "Normal" ? k.sub + " " : "")
                                               + (k.kind === "trap" ? "Trap" : "Spell") })));
    face.append(el("div", { class: "c-icon", text: k.kind === "trap" ? "⚠" : "✦" }));
  }
  return face;
}

function modClass(now, base) {
  if (now === undefined || now === null || base === null || base === "?") return "";
  const b = Number(base), n = Number(now);
  if (Number.isNaN(b) || Number.isNaN(n) || b === n) return "";
  return n > b ? " up" : " down";
}

// ----------------------------------------------------------------------------- card pictures
// whether the server has pictures at all (asked once); then, for each card, /api/card says
// whether it has that card's picture: no request is made for a picture that is not there
let picturesOn = null;
function picturesServed() {
  if (picturesOn === null) {
    picturesOn = getJSON("/api/card-images").then((r) => Boolean(r && r.enabled)).catch(() => false);
  }
  return picturesOn;
}

export function pictureUrl(name) {
  return `/api/card-image?name=${encodeURIComponent(name)}`;
}

function addPicture(face, name, rules) {
  picturesServed().then((on) => on && fetchCard(name, rules || "v10")).then((info) => {
    if (!info || !info.picture || face.querySelector("img")) return;
    face.classList.add("pic");
    face.prepend(el("img", { src: pictureUrl(name), alt: "", draggable: "false", loading: "lazy" }));
  });
}

// ----------------------------------------------------------------------------- card viewer
const cardCache = new Map();

export function fetchCard(name, rules) {
  const key = `${rules}|${name}`;
  if (!cardCache.has(key)) {
    cardCache.set(key, getJSON(`/api/card?name=${encodeURIComponent(name)}&rules=${encodeURIComponent(rules)}`)
      .catch((e) => ({ name, kind_line: "", text: e.message, playable: true })));
  }
  return cardCache.get(key);
}

// Show a card in the viewer panel (name, kind line, the project's description).
export async function showCard(panel, cv, rules) {
  if (!panel) return;
  if (!cv || !cv.name) {
    panel._showing = null;
    panel.replaceChildren();
    panel.append(el("div", { class: "viewer-big" }, cardFace(null)),
                 el("p", { class: "muted", text: "A face-down card: you cannot see it." }));
    return;
  }
  const token = (panel._showing = {});
  const info = await fetchCard(cv.name, rules);
  if (panel._showing !== token) return;          // another card was pointed at meanwhile
  const full = Object.assign({}, cv, { kind_line: cv.kind_line || info.kind_line });
  panel.replaceChildren(el("div", { class: "viewer-big" }, cardFace(full, { rules })),
                        el("h3", { text: cv.name }),
                        el("div", { class: "kind-line", text: full.kind_line || "" }),
                        el("p", { class: "card-text", text: info.text || "(no description)" }));
  if (info.playable === false) {
    panel.append(el("p", { class: "muted", text: "(the simulator does not play this card's effect yet)" }));
  }
}

// hovering or clicking any element with data-name shows that card. On a narrow screen the
// viewer is a box over the board (CSS), open while the pointer is on a card, on the side of
// the board away from it.
export function wireCardViewer(root, panel, getRules, getView) {
  let last = null;
  const cardAt = (node) => node && node.closest &&
    (node.closest("[data-cardkey]") || node.closest("[data-name]"));
  const pick = (ev) => {
    const keyed = ev.target.closest("[data-cardkey]");
    const named = ev.target.closest("[data-name]");
    let cv = null;
    if (keyed && root.contains(keyed) && getView) cv = getView(keyed);
    if (!cv && named && root.contains(named)) cv = { name: named.dataset.name, kind_line: "" };
    if (!cv || !cv.name) return;
    const r = (keyed || named).getBoundingClientRect();
    panel.classList.toggle("at-right", r.left + r.width / 2 < innerWidth * 0.45);
    panel.classList.add("open");
    if (cv === last) return;
    last = cv;
    showCard(panel, cv, getRules());
  };
  root.addEventListener("mouseover", pick);
  root.addEventListener("focusin", pick);
  root.addEventListener("mouseout", (ev) => {
    if (cardAt(ev.relatedTarget)) return;
    panel.classList.remove("open");
  });
}

export function toast(text, kind = "") {
  let box = document.getElementById("toasts");
  if (!box) {
    box = el("div", { id: "toasts" });
    document.body.append(box);
  }
  const t = el("div", { class: "toast " + kind, text });
  box.append(t);
  setTimeout(() => t.classList.add("gone"), 4200);
  setTimeout(() => t.remove(), 5000);
}

export function modal(title, ...content) {
  const back = el("div", { class: "modal-back" });
  const box = el("div", { class: "modal", role: "dialog", "aria-label": title },
    el("div", { class: "modal-head" }, el("h2", { text: title }),
       el("button", { class: "close", title: "close", text: "×", onclick: () => back.remove() })),
    ...content);
  back.append(box);
  back.addEventListener("click", (e) => { if (e.target === back) back.remove(); });
  document.body.append(back);
  return back;
}
