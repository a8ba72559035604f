// The replay viewer: the server plays the replay and gives the board at any step; this page
// steps through it (everything revealed, or as one player saw it).
import { el, getJSON, postJSON, wireCardViewer } from "./common.js";
import { renderBoard, renderChain, indexCards } from "./board.js";

const $ = (id) => document.getElementById(id);
const R = { id: null, info: null, step: 0, timer: null, rules: "v10", cards: new Map(), state: {} };
window.ygosimReplay = R;

async function load(id) {
  R.id = id;
  R.step = 0;
  $("player").hidden = false;
  $("load-box").hidden = true;
  await go(0);
}

async function go(n) {
  const info = R.info;
  n = Math.max(0, Math.min(n, info.steps));
  const as = $("as").value;
  const frame = await getJSON(`/api/replays/${encodeURIComponent(R.id)}/${n}?as=${as}`);
  R.step = n;
  R.rules = frame.rules;
  const me = as === "1" ? 1 : 0;
  const obs = frame.duel;
  R.cards = indexCards(obs);
  renderBoard($("board"), obs, { me, zones: frame.zones, actable: new Map(), state: R.state, rules: frame.rules });
  renderChain($("chain"), obs, me);
  $("step").max = String(info.steps);
  $("step").value = String(n);
  $("step-words").textContent = `step ${n} of ${info.steps}`;
  $("did").textContent = frame.did ? `${obs.names[frame.did.player] ?? "?"}: ${frame.did.text}` : "The start of the duel.";
  const log = $("log");
  log.replaceChildren(...obs.log.map((l) => {
    const text = l.replace(/^T\d+ /, "");
    return el("div", { class: text.startsWith("---") ? "turn-line" : "", text });
  }));
  log.scrollTop = log.scrollHeight;
  if (n === info.steps && info.result && info.result.winner !== null && info.result.winner !== undefined) {
    $("did").textContent += `  —  ${info.result.winner === "draw" ? "a draw" : `${info.names[info.result.winner]} wins`} (${info.result.reason}).`;
  }
  document.body.dataset.step = String(n);
}

function play() {
  if (R.timer) { clearInterval(R.timer); R.timer = null; $("play").textContent = "▶"; return; }
  $("play").textContent = "❚❚";
  R.timer = setInterval(async () => {
    if (R.step >= R.info.steps) { play(); return; }
    await go(R.step + 1);
  }, 500);
}

async function upload(file) {
  $("errors").textContent = "";
  try {
    const text = await file.text();
    let data;
    try { data = JSON.parse(text); } catch (e) { throw new Error(`${file.name} is not a JSON replay file`); }
    R.info = await postJSON("/api/replays", data);
    history.replaceState(null, "", `/replay?id=${encodeURIComponent(R.info.id)}`);
    sessionStorage.setItem(`ygosim-replay-${R.info.id}`, JSON.stringify(R.info));
    await load(R.info.id);
  } catch (e) {
    $("errors").textContent = e.message;
  }
}

async function main() {
  wireCardViewer(document.body, $("viewer"), () => R.rules, (node) => R.cards.get(node.dataset.cardkey) || null);
  $("replay-file").addEventListener("change", (ev) => ev.target.files[0] && upload(ev.target.files[0]));
  $("first").addEventListener("click", () => go(0));
  $("prev").addEventListener("click", () => go(R.step - 1));
  $("next").addEventListener("click", () => go(R.step + 1));
  $("last").addEventListener("click", () => go(R.info.steps));
  $("play").addEventListener("click", play);
  $("as").addEventListener("change", () => go(R.step));
  $("step").addEventListener("input", () => go(Number($("step").value)));
  document.addEventListener("keydown", (ev) => {
    if (!R.info) return;
    if (ev.key === "ArrowRight") go(R.step + 1);
    if (ev.key === "ArrowLeft") go(R.step - 1);
  });
  const id = new URLSearchParams(location.search).get("id");
  if (id) {
    const info = sessionStorage.getItem(`ygosim-replay-${id}`);
    try {
      R.info = info ? JSON.parse(info) : await getJSON(`/api/replays/${encodeURIComponent(id)}`);
      await load(id);
    } catch (e) {
      $("errors").textContent = `That replay is no longer on the server: upload the file again. (${e.message})`;
    }
  }
  document.body.dataset.ready = "1";
}
main();
