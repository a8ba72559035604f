// The lobby: choose your deck, the rules and the opponent, then make a room and go to it.
import { el, getJSON, postJSON } from "./common.js";
import { deckPicker } from "./deckpicker.js";

const $ = (id) => document.getElementById(id);

async function main() {
  let options;
  try {
    options = await getJSON("/api/options");
  } catch (e) {
    $("errors").textContent = `The server did not answer: ${e.message}`;
    return;
  }
  const rulesSel = $("rules");
  for (const r of options.rules) rulesSel.append(el("option", { value: r.name, text: `${r.name} — ${r.title}` }));
  rulesSel.value = localStorage.getItem("ygosim-rules") || options.default_rules;
  const rules = () => rulesSel.value;
  // casual play: shown where the rules have lists to check decks against (goat)
  const casualBox = $("casual");
  const casual = () => !casualBox.closest(".field-row").hidden && casualBox.checked;
  const hasLists = () => options.decks.some((d) => d.legal && d.legal[rules()] !== null);
  const defaults = (options.default_decks || {})[rules()] || ["yugi", "kaiba"];
  const mine = deckPicker(options, { id: "deck", defaultDeck: localStorage.getItem("ygosim-deck") || defaults[0], rules, casual, seat: 0 });
  const theirs = deckPicker(options, { id: "opp-deck", defaultDeck: defaults[1], rules, casual, seat: 1 });
  $("my-deck").append(mine.node);
  $("bot-deck").append(theirs.node);
  const syncCasual = () => { casualBox.closest(".field-row").hidden = !hasLists(); };
  syncCasual();
  rulesSel.addEventListener("change", () => { syncCasual(); mine.refresh(); theirs.refresh(); });
  casualBox.addEventListener("change", () => { mine.refresh(); theirs.refresh(); });
  const botSel = $("bot");
  const sameAs = new Map(options.bots.filter((b) => b.same_as).map((b) => [b.name, b.same_as]));
  for (const b of options.bots) {       // each bot once: "heuristic" is the level "easy"
    if (!b.same_as) botSel.append(el("option", { value: b.name, text: b.label }));
  }
  const kept = localStorage.getItem("ygosim-bot");
  botSel.value = sameAs.get(kept) || kept || options.default_bot;
  if (!botSel.value) botSel.value = options.default_bot;
  $("name").value = localStorage.getItem("ygosim-name") || "";
  const opponent = () => (document.querySelector("input[name=opponent]:checked") || {}).value;
  const sync = () => {
    $("bot-part").hidden = opponent() !== "bot";
    $("human-part").hidden = opponent() !== "human";
    $("go").textContent = opponent() === "bot" ? "Duel!" : "Make a room";
  };
  for (const r of document.querySelectorAll("input[name=opponent]")) r.addEventListener("change", sync);
  sync();

  $("go").addEventListener("click", async () => {
    $("errors").textContent = "";
    $("go").disabled = true;
    $("go-note").textContent = "setting up the duel…";
    try {
      const body = { name: $("name").value, rules: rules(), opponent: opponent(), deck: await mine.value() };
      if (casual()) body.casual = true;
      if (body.opponent === "bot") {
        body.bot = botSel.value;
        body.opponent_deck = await theirs.value();
      }
      const params = new URLSearchParams(location.search);
      const made = await postJSON("/api/rooms", body);
      localStorage.setItem(`ygosim-room-${made.room}`, JSON.stringify({ token: made.token, seat: made.seat }));
      localStorage.setItem("ygosim-name", $("name").value);
      localStorage.setItem("ygosim-rules", rules());
      localStorage.setItem("ygosim-bot", botSel.value);
      if (body.deck.kind === "builtin") localStorage.setItem("ygosim-deck", body.deck.name);
      location.href = `/room/${made.room}` + (params.has("speed") ? `?speed=${params.get("speed")}` : "");
    } catch (e) {
      $("errors").textContent = e.message;
      $("go").disabled = false;
      $("go-note").textContent = "";
    }
  });
  document.body.dataset.ready = "1";
}

main();
