// Bosk's new-game panel: 2, 3 or 4 players, each with a name and the species of its seat, the
// wind schedule, and the park: ours, or one read from a text file (rows of region letters, top
// row first). The engine checks the park when the game starts; its reason is shown then. A new
// game starts from our park unless a file is chosen again.

import { defaultName } from "../js/i18n.js";

const SEATS = 4;
const MAX_FILE = 16_384;
let loaded = null;

function el(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

function radio(name, value, checked, text) {
  const label = el("label");
  const input = el("input");
  input.type = "radio";
  input.name = name;
  input.value = value;
  input.checked = checked;
  label.append(input, " ", text);
  return label;
}

function fieldset(legend, ...children) {
  const node = el("fieldset");
  node.append(el("legend", legend), ...children);
  return node;
}

/** The rows of a park file: its non-empty lines, trimmed, lines starting with # left out. */
function parkRows(text) {
  return text.split(/\r?\n/).map((line) => line.trim()).filter((line) => line && !line.startsWith("#"));
}

function showPlayers(container, count) {
  for (const row of container.querySelectorAll(".bosk-seat")) {
    row.hidden = Number(row.dataset.seat) >= count;
  }
}

function playersField(current, t) {
  const count = Number(current.players ?? 2);
  const names = current.names && current.names !== "default" ? current.names.split(",") : [];
  const counts = el("div", undefined, "bosk-counts");
  counts.append(...[2, 3, 4].map((n) => radio("option-players", String(n), n === count,
    t(`bosk.new.count`, { n }))));
  const seats = [...Array(SEATS).keys()].map((seat) => {
    const row = el("label", undefined, "bosk-seat");
    row.dataset.seat = String(seat);
    const input = el("input");
    input.type = "text";
    input.name = "option-name";
    input.maxLength = 24;
    input.placeholder = t("seat.player", { n: seat + 1 });
    input.value = names[seat] ?? "";
    row.append(el("span", t("seat.player", { n: seat + 1 }), "bosk-seat-label"), input,
      el("span", t(`bosk.species.${seat}`), "bosk-species"));
    return row;
  });
  return [fieldset(t("option.bosk.players"), counts), fieldset(t("bosk.new.names"), ...seats)];
}

function windsField(current, t) {
  const input = el("input");
  input.type = "text";
  input.name = "option-winds";
  input.maxLength = 8;
  input.value = current.winds ?? "FRBLFRBL";
  const label = el("label", undefined, "text-option");
  label.append(t("bosk.new.winds"), input, el("small", t("bosk.new.winds-help")));
  return label;
}

function parkField(current, t) {
  loaded = null;
  const file = el("input");
  file.type = "file";
  file.accept = ".txt,text/plain";
  file.name = "park-file";
  const status = el("p", "", "bosk-park-status");
  status.setAttribute("role", "status");
  file.addEventListener("change", async () => {
    const chosen = file.files[0];
    loaded = null;
    status.textContent = "";
    if (!chosen) return;
    if (chosen.size > MAX_FILE) {
      status.textContent = t("bosk.new.park-too-big");
      return;
    }
    const rows = parkRows(await chosen.text());
    loaded = rows.join("/");
    status.textContent = t("bosk.new.park-read", { rows: rows.length, columns: rows[0]?.length ?? 0 });
    file.closest("fieldset").querySelector('input[value="file"]').checked = true;
  });
  return fieldset(t("bosk.new.park"),
    radio("option-park", "ours", true, t("bosk.new.park-ours")),
    radio("option-park", "file", false, t("bosk.new.park-file")),
    file, status, el("small", t("bosk.new.park-help")));
}

export function buildOptions(container, game, specs, current, t) {
  const [players, names] = playersField(current, t);
  container.replaceChildren(players, names, windsField(current, t), parkField(current, t));
  showPlayers(container, Number(current.players ?? 2));
  players.addEventListener("change", (event) => {
    if (event.target.name === "option-players") showPlayers(container, Number(event.target.value));
  });
}

/** The chosen options as record text; throws an Error whose message the panel shows. */
export function readOptions(container, specs, t) {
  const count = Number(container.querySelector('input[name="option-players"]:checked').value);
  const options = { players: String(count) };
  const names = [...container.querySelectorAll('input[name="option-name"]')].slice(0, count)
    .map((input) => input.value.trim());
  if (names.some((text) => text.includes(","))) throw new Error(t("bosk.new.comma"));
  if (names.some(Boolean)) {
    // a seat left unnamed keeps the engine's default name, which every page says in its own
    // language, rather than the words of the language on screen now
    options.names = names.map((text, seat) => text || defaultName(seat)).join(",");
  }
  const winds = container.querySelector('input[name="option-winds"]').value.trim().toUpperCase();
  if (winds) options.winds = winds;
  if (container.querySelector('input[name="option-park"]:checked').value === "file") {
    if (!loaded) throw new Error(t("bosk.new.no-park"));
    options.park = loaded;
  }
  return options;
}
