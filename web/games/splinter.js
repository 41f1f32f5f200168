// Splinter's side panel: pawns on the board and lost per colour, the pieces the last move
// splintered off or pushed off the board, the king groups when a split is near, what a
// previewed move would do, the end in detail, and the whole-board toggle.

const COLOURS = ["black", "white"];
let whole = false;

function cell(tag, text) {
  const el = document.createElement(tag);
  el.textContent = text;
  return el;
}

/** One row per colour: pawns on the board, pawns lost and, when asked, its king's group. */
function sides(data, t, groups) {
  const table = document.createElement("table");
  table.className = "regions splinter-sides";
  const keys = ["colour", "pawns", "lost", ...(groups ? ["group"] : [])];
  const head = document.createElement("tr");
  head.append(...keys.map((key) => cell("th", t(`splinter.table.${key}`))));
  const rows = COLOURS.map((colour) => {
    const tr = document.createElement("tr");
    tr.dataset.colour = colour;
    const values = [t(`colour.${colour}`), data.pawns[colour], data.lost[colour]];
    if (groups) values.push(data.king_groups[colour]);
    tr.append(...values.map((value) => cell("td", String(value))));
    return tr;
  });
  const thead = document.createElement("thead");
  thead.append(head);
  const tbody = document.createElement("tbody");
  tbody.append(...rows);
  table.append(thead, tbody);
  return table;
}

/** The legend of the marks the engine draws on the squares whose pieces the last move
 * splintered off, with how many there were; null when it removed none. */
function removedLegend(view, t) {
  const count = (view.svg?.match(/class="splintered-mark"/g) || []).length;
  if (count === 0) return null;
  const p = cell("p", t(count === 1 ? "splinter.last-removed.one" : "splinter.last-removed.many", { count }));
  p.className = "last-removed";
  return p;
}

/** The legend of the mark the engine draws beyond the edge where the pawn the last move
 * pushed off the board went; null when it pushed none off. */
function pushedOffLegend(view, t) {
  if (!/class="pushed-off-mark"/.test(view.svg || "")) return null;
  const p = cell("p", t("splinter.last-pushed-off"));
  p.className = "last-pushed-off";
  return p;
}

function details(view, t) {
  const wrap = document.createElement("div");
  const near = view.score.split_near;
  wrap.append(sides(view.score, t, near));
  const removed = removedLegend(view, t);
  if (removed) wrap.append(removed);
  const pushedOff = pushedOffLegend(view, t);
  if (pushedOff) wrap.append(pushedOff);
  if (near) {
    const p = cell("p", t("splinter.split-near"));
    p.className = "split-near";
    wrap.append(p);
  }
  return wrap;
}

function resultDetails(view, t) {
  return sides(view.result, t, true);
}

/** The winner's colour and the rule that decided, in words. */
function ending(result, t) {
  const reason = t(`reason.splinter.${result.reason}`);
  if (result.winner === null) return t("splinter.preview.ends-draw", { reason });
  return t("splinter.preview.ends-win", { colour: t(`colour.${result.colour}`), reason });
}

/** What the previewed move does, from the engine's picture of it (one arrow per piece that
 * shifts, the mover's included; a separate one for a pawn pushed off) and the score after. */
function previewText(answer, view, t) {
  const arrows = (answer.svg.match(/class="push-arrow\b/g) || []).length;
  const fell = /class="push-arrow off"/.test(answer.svg) ? 1 : 0;
  const pushed = Math.max(arrows - 1, 0);
  const lost = Object.fromEntries(COLOURS.map(
    (colour) => [colour, answer.score.lost[colour] - view.score.lost[colour]],
  ));
  const parts = [t(pushed === 0 ? "splinter.preview.quiet" : pushed === 1
    ? "splinter.preview.push-one" : "splinter.preview.push-many", { action: answer.action, pushed })];
  if (fell) parts.push(t("splinter.preview.falls"));
  const splintered = lost.black + lost.white - fell;
  if (splintered > 0) parts.push(t("splinter.preview.splinters", { count: splintered }));
  if (lost.black + lost.white > 0) parts.push(t("splinter.preview.lost", lost));
  parts.push(answer.result ? ending(answer.result, t) : t("splinter.preview.goes-on"));
  return parts.join(" ");
}

function drawOptions() {
  return { frame: whole ? "full" : "fit" };
}

/** The "whole board" toggle: the picture frames the pieces, or shows every square. */
function controls({ t, redraw }) {
  const label = document.createElement("label");
  label.className = "toggle";
  const input = document.createElement("input");
  input.type = "checkbox";
  input.id = "whole-board";
  input.checked = whole;
  input.addEventListener("change", () => {
    whole = input.checked;
    redraw();
  });
  const text = document.createElement("span");
  text.dataset.i18n = "splinter.whole-board";
  text.textContent = t("splinter.whole-board");
  label.append(input, " ", text);
  return label;
}

export default { details, resultDetails, previewText, drawOptions, controls };
