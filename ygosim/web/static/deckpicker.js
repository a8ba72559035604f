// Choosing a deck: a built-in deck, a pasted ydke:// URL or an uploaded .ydk file. The
// server reads the deck (never a path: the file's text is sent) and refuses what it cannot play
// and, under rules with lists (goat), what they forbid (unless the room is for casual play).
// A built-in deck that is not legal under the chosen rules is labelled so; when the rules
// change, such a selection moves to the rules' default deck (seat: 0 yours, 1 the bot's).
import { el } from "./common.js";

export function deckPicker(options, { id, defaultDeck = "yugi", rules = () => "v10",
  casual = () => false, seat = 0 } = {}) {
  let mode = "builtin";
  const select = el("select", { id: `${id}-builtin`, "aria-label": "built-in deck" });
  const note = el("div", { class: "deck-note muted" });
  const ydke = el("textarea", { id: `${id}-ydke`, rows: 3, placeholder: "ydke://...", hidden: true });
  const file = el("input", { id: `${id}-file`, type: "file", accept: ".ydk,text/plain", hidden: true });

  function fill() {
    const r = rules();
    const keep = select.value || defaultDeck;
    select.replaceChildren();
    for (const d of options.decks) {
      const ok = d.playable[r];
      const label = `${d.name}` + (d.about ? ` — ${d.about}` : "") +
        (ok ? "" : `  (not yet playable: ${d.missing[r]} cards)`) +
        (illegal(d, r) ? `  (not a legal ${r} deck)` : "");
      select.append(el("option", { value: d.name, text: label }));
    }
    select.value = keep;
    const chosen = options.decks.find((x) => x.name === select.value);
    const fallback = (options.default_decks || {})[r];
    if (chosen && illegal(chosen, r) && !casual() && fallback) select.value = fallback[seat];
    describe();
  }
  function illegal(d, r) { return d.legal && d.legal[r] === false; }
  function describe() {
    note.classList.remove("bad");
    if (mode !== "builtin") {
      note.textContent = mode === "ydke" ? "Paste a deck as a ydke:// URL (EDOPro, DuelingBook...)."
        : "A .ydk file (EDOPro, YGOPro).";
      return;
    }
    const d = options.decks.find((x) => x.name === select.value);
    if (!d) { note.textContent = ""; return; }
    const r = rules();
    note.textContent = `${d.main} cards` + (d.extra ? ` + ${d.extra} Extra` : "") +
      (d.playable[r] ? "" : ` — ${d.missing[r]} of its cards are not playable yet under ${r} rules`) +
      (illegal(d, r) ? ` — not a legal ${r} deck (${d.problems[r]} problems): casual play only` : "");
    if (!d.playable[r] || (illegal(d, r) && !casual())) note.classList.add("bad");
  }
  const tabs = el("div", { class: "tabs" });
  const tabButtons = {};
  for (const [m, label] of [["builtin", "Built-in"], ["ydke", "ydke:// URL"], ["ydk", ".ydk file"]]) {
    tabButtons[m] = el("button", { type: "button", id: `${id}-tab-${m}`, text: label,
      onclick: () => setMode(m) });
    tabs.append(tabButtons[m]);
  }
  function setMode(m) {
    mode = m;
    for (const [k, b] of Object.entries(tabButtons)) b.classList.toggle("on", k === m);
    select.hidden = m !== "builtin";
    ydke.hidden = m !== "ydke";
    file.hidden = m !== "ydk";
    describe();
  }
  select.addEventListener("change", describe);
  setMode("builtin");
  fill();
  const node = el("div", { class: "deck-picker" }, tabs, select, ydke, file, note);

  async function value() {
    if (mode === "builtin") return { kind: "builtin", name: select.value };
    if (mode === "ydke") return { kind: "ydke", url: ydke.value.trim() };
    const f = file.files && file.files[0];
    if (!f) throw new Error("choose a .ydk file to upload");
    if (f.size > 64000) throw new Error(`${f.name} is too big for a deck (${f.size} bytes)`);
    return { kind: "ydk", text: await f.text(), filename: f.name };
  }
  return { node, value, refresh: fill, setMode };
}
