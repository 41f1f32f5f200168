// Bosk's side panel: the season and round, what to do now, the start player, every player's
// score, trees, tiles, leaf tokens and squirrel; in spring, summer if spring ended now (per
// seat, and line by line); in autumn, winter as the park stands beside summer's points; the
// wind board; summer's scoring line by line; winter's region by region and the final ranking
// with the tie rule; what a previewed tree changes in summer if spring ended now, and what a
// previewed leaf or squirrel changes in winter as the park stands. The new-game panel lives in
// bosk-setup.js.
import { actionText, defaultName, playerName } from "../js/i18n.js";
import { buildOptions, readOptions } from "./bosk-setup.js";

function el(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

// Each seat's species as the park draws it (draw.py's SEAT_FILL and species_path(seat, 0, 0, 8)):
// a leaf of the seat's colour and shape beside its name tells whose leaves are whose.
const SEAT_FILL = ["#b03a2e", "#e8b92f", "#35508f", "#f4f1e8"];
const SPECIES_PATH = [
  "M-6.00 6.00 Q-8.00 -8.00 6.00 -6.00 Q8.00 8.00 -6.00 6.00 Z",
  "M0.00 8.00 C-11.20 0.80 -5.60 -9.20 0.00 -4.00 C5.60 -9.20 11.20 0.80 0.00 8.00 Z",
  "M0.00 -8.00 L2.26 -3.11 L7.61 -2.47 L3.65 1.19 L4.70 6.47 L0.00 3.84 L-4.70 6.47 L-3.65 1.19 L-7.61 -2.47 L-2.26 -3.11 Z",
  "M0.00 8.00 L-7.84 -2.40 A8.40 8.40 0 0 1 7.84 -2.40 Z",
];
const SVG = "http://www.w3.org/2000/svg";

/** A seat's leaf. Named `label` when it stands alone; hidden from screen readers when the
 * seat's name is written beside it. */
function seatMark(seat, label) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "-10 -10 20 20");
  svg.setAttribute("class", `seat-mark seat-${seat}`);
  if (label) {
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", label);
    const title = document.createElementNS(SVG, "title");
    title.textContent = label;
    svg.append(title);
  } else {
    svg.setAttribute("aria-hidden", "true");
  }
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", SPECIES_PATH[seat % 4]);
  path.setAttribute("fill", SEAT_FILL[seat % 4]);
  path.setAttribute("stroke", "#2b2118");
  path.setAttribute("stroke-width", "1");
  svg.append(path);
  return svg;
}

/** A seat's name: one the players chose as it is, the engine's default "Player n" in the
 * reader's language (as the board's picture and description say it). */
function name(score, seat) {
  return playerName(score.names, seat);
}

/** A table cell holding a text, or the nodes a function of the score made. */
function cell(tag, content) {
  const node = el(tag);
  if (Array.isArray(content)) node.append(...content);
  else node.textContent = String(content);
  return node;
}

function table(caption, headings, rows, className) {
  const node = el("table", undefined, `regions ${className}`);
  const wrap = el("div", undefined, "table-scroll");
  wrap.append(node);
  node.append(el("caption", caption));
  const head = el("thead");
  const tr = el("tr");
  tr.append(...headings.map((text) => cell("th", text)));
  head.append(tr);
  const body = el("tbody");
  for (const cells of rows) {
    const row = el("tr");
    row.append(...cells.map((text) => cell("td", text)));
    body.append(row);
  }
  node.append(head, body);
  return wrap;
}

/** The leaves of `seats` (a line's or region's first or second, as the engine placed them),
 * each named: beside the columns headed by the same leaves, they take little room.
 * @param {any} score
 * @param {number[]} seats */
function marks(score, seats) {
  return seats.map((seat) => seatMark(seat, name(score, seat)));
}

/** A seat's column heading: its leaf over its name, a default name ("Player 2") shown as its
 * number alone (and said whole), so that every seat's column is narrow. */
function seatHeading(score, seat) {
  const seatName = name(score, seat);
  if (score.names[seat] && score.names[seat] !== defaultName(seat)) {
    return [seatMark(seat), el("span", seatName, "seat-name")];
  }
  const number = el("span", String(seat + 1), "seat-number");
  number.setAttribute("aria-hidden", "true");
  return [seatMark(seat), el("span", seatName, "visually-hidden"), number];
}

function what(score, t) {
  const seat = score.to_move === null ? "" : name(score, score.to_move);
  if (score.step === "tree") {
    const key = score.required_tree ? "bosk.step.tree-value" : "bosk.step.tree-any";
    return t(key, { seat, value: score.required_tree });
  }
  const held = score.to_move === null ? 0 : score.held[score.to_move];
  return t(`bosk.step.${score.step}`, { seat, held });
}

function headline(score, t) {
  const season = t(`bosk.season.${score.season}`);
  const line = score.season === "autumn" && score.round
    ? t("bosk.season-round", { season, round: score.round, wind: score.wind ?? "?" })
    : season;
  const wrap = el("div", undefined, "bosk-now");
  wrap.append(el("p", line, "bosk-season"), el("p", what(score, t), "bosk-step"),
    el("p", t("bosk.start-player", { seat: name(score, score.start_player) }), "bosk-start"));
  const notice = noticeOf(score, t);
  if (notice) wrap.append(el("p", notice, "bosk-notice"));
  return wrap;
}

/** Summer just scored, or a new round begun: who starts, and the wind. */
function noticeOf(score, t) {
  if (score.step === "wind") return t("bosk.summer-done", { seat: name(score, score.start_player) });
  if (!score.round_starting) return "";
  const next = score.wind_board[score.round];
  return t("bosk.round-start", {
    round: score.round, seat: name(score, score.start_player), wind: score.wind,
    next: next ? t("bosk.next-wind", { round: next.round, wind: next.wind }) : "",
  });
}

/** Tiles by their faces (the squirrel's named in the reader's words where they have some). */
function tileList(tiles, t) {
  return tiles.map((tile) => t("bosk.tile-face", { tile })).join(" ") || "–";
}

/** One line per player: its species, its trees (in hand in spring, standing in autumn), its
 * tiles in hand and used, its leaf tokens left and where its squirrel is. */
function players(score, t) {
  const autumn = score.season !== "spring";
  const list = el("ul", undefined, "bosk-players");
  list.setAttribute("aria-label", t("bosk.players.caption"));
  score.names.forEach((_, seat) => {
    const seatName = name(score, seat);
    const trees = autumn
      ? score.trees[seat].park.map((tree) => tree.value).sort().join(" ")
      : score.trees[seat].hand.join(" ");
    const { hand, used } = score.tiles[seat];
    const li = el("li");
    li.dataset.seat = String(seat);
    if (seat === score.to_move) li.classList.add("to-move");
    const title = el("strong", t("bosk.player-species", { seat: seatName, species: t(`bosk.species-short.${seat}`) }));
    title.prepend(seatMark(seat));
    li.append(title);
    li.append(el("span", t("bosk.player-line", {
      trees: trees || "–", tiles: tileList(hand, t), used: tileList(used, t),
      tokens: score.tokens[seat], squirrel: score.squirrels[seat] ?? "–",
      which: t(autumn ? "bosk.players.trees-park" : "bosk.players.trees-hand"),
    })));
    list.append(li);
  });
  return list;
}

function windBoard(score, t) {
  const node = table(t("bosk.winds.caption"),
    ["round", "wind", "tree"].map((key) => t(`bosk.winds.${key}`)),
    score.wind_board.map((entry) => [entry.round, entry.wind ? t("bosk.winds.towards", { wind: entry.wind }) : "?",
      entry.tree ? t("bosk.winds.value", { value: entry.tree }) : t("bosk.winds.any")]),
    "bosk-winds");
  score.wind_board.forEach((entry, index) => {
    if (entry.current) node.querySelector("tbody").rows[index].setAttribute("aria-current", "step");
  });
  return node;
}

/** A summer line's name in the reader's language (the engine names it "row 3" or "column c"):
 * a column's is shown short where the language has a shorter form, so that four seats' sums fit
 * the side panel, and said whole. */
function lineName(label, t) {
  const [kind, at] = label.split(" ");
  const whole = lineWords(label, t);
  const short = kind === "column" ? t("bosk.summer.column-short", { at }) : whole;
  if (short === whole) return whole;
  const shown = el("span", short);
  shown.setAttribute("aria-hidden", "true");
  return [shown, el("span", whole, "visually-hidden")];
}

/** A summer line's name said whole in the reader's language ("row 3", "3행"). */
function lineWords(label, t) {
  const [kind, at] = label.split(" ");
  return t(`bosk.summer.${kind}`, { at });
}

/** Whether some seat has a tree in the line (a summer line, as the engine gives it). */
function planted(line) {
  return line.sums.some((sum) => sum > 0);
}

/** Summer line by line: as scored at the end of spring, or (`now`) as it would be if spring
 * ended now, the lines where some seat has a tree. */
function summer(score, t, now = false) {
  const heads = [t("bosk.summer.line"), ...score.names.map((_, seat) => seatHeading(score, seat)), t("bosk.summer.first"), t("bosk.summer.second")];
  const lines = now ? score.summer_now.filter(planted) : score.summer;
  const rows = lines.map((line) => [
    lineName(line.line, t),
    ...line.sums.map((sum, seat) => t("bosk.sum-points", { sum, points: line.points[seat] })),
    marks(score, line.first), marks(score, line.second),
  ]);
  rows.push([t("bosk.total"), ...(now ? score.summer_now_totals : score.summer_totals), "", ""]);
  return now
    ? table(t("bosk.spring.lines"), heads, rows, "bosk-score-table bosk-summer-now")
    : table(t("bosk.summer.caption"), heads, rows, "bosk-score-table bosk-summer");
}

/** Winter region by region: as scored at the end, or (`now`) as the park stands. */
function winter(score, t, now = false) {
  const heads = [t("bosk.winter.region"), ...score.names.map((_, seat) => seatHeading(score, seat)), t("bosk.summer.first"), t("bosk.summer.second")];
  const rows = (now ? score.winter_now : score.winter).map((region) => [
    region.lake ? t("bosk.winter.lake", { region: region.region }) : region.region,
    ...region.spaces.map((sum, seat) => t("bosk.spaces-points", { sum, points: region.points[seat] })),
    marks(score, region.first), marks(score, region.second),
  ]);
  rows.push([t("bosk.total"), ...(now ? score.winter_now_totals : score.winter_totals), "", ""]);
  return now
    ? table(t("bosk.now.regions"), heads, rows, "bosk-score-table bosk-winter-now")
    : table(t("bosk.winter.caption"), heads, rows, "bosk-score-table bosk-winter");
}

/** In autumn, winter is scored only at the end: each player's summer points, the winter points
 * the park would bring if winter came now, and the two together, so the leaves' effect shows. */
function standing(score, t) {
  const heads = [t("bosk.players.caption"), t("bosk.now.summer"), t("bosk.now.winter"), t("bosk.now.total")];
  const rows = score.names.map((_, seat) => [
    name(score, seat), score.summer_totals[seat], score.winter_now_totals[seat],
    score.summer_totals[seat] + score.winter_now_totals[seat],
  ]);
  return table(t("bosk.now.caption"), heads, rows, "bosk-standing");
}

/** In spring, summer is scored only when the last tree is planted: each player's summer points
 * if spring ended now, so that the trees' effect shows (not yet the score). */
function springStanding(score, t) {
  const heads = [t("bosk.players.caption"), t("bosk.spring.summer")];
  const rows = score.names.map((_, seat) => [name(score, seat), score.summer_now_totals[seat]]);
  return table(t("bosk.spring.caption"), heads, rows, "bosk-spring-standing");
}

/** Whether the reader opened (true) or closed (false) each folded table: the panel is drawn
 * again after every move and choice, and a table the reader opened stays open. */
const opened = new Map();

/** A season's table, open while it is the news (summer until the wind is chosen) unless the
 * reader has opened or closed it; `key` names it across redraws. */
function folded(key, title, content, open) {
  const box = el("details", undefined, "bosk-season-table");
  box.dataset.fold = key;
  box.open = opened.get(key) ?? open;
  // the toggle event also follows the line above: only a change from what is drawn is the reader's
  let drawn = box.open;
  box.addEventListener("toggle", () => {
    if (box.open === drawn) return;
    drawn = box.open;
    opened.set(key, box.open);
  });
  content.querySelector("caption").className = "visually-hidden";
  box.append(el("summary", title), content);
  return box;
}

function details(view, t) {
  const { score } = view;
  const wrap = el("div", undefined, "bosk-panel");
  wrap.append(headline(score, t));
  if (score.season === "spring") {
    wrap.append(springStanding(score, t));
    if (score.summer_now.some(planted)) {
      wrap.append(folded("summer-now", t("bosk.spring.lines"), summer(score, t, true), false));
    }
  }
  if (score.season === "autumn") {
    wrap.append(standing(score, t), folded("winter-now", t("bosk.now.regions"), winter(score, t, true), false));
  }
  wrap.append(players(score, t));
  if (score.season !== "over") wrap.append(windBoard(score, t));
  if (score.summer.length && score.season !== "over") {
    wrap.append(folded("summer", t("bosk.summer.caption"), summer(score, t), score.step === "wind"));
  }
  return wrap;
}

/** Winter region by region, both seasons' totals, then the ranking and, when totals tie, the
 * rule that broke the tie. */
function resultDetails(view, t) {
  const { score, result } = view;
  const wrap = el("div", undefined, "bosk-final");
  wrap.append(winter(score, t), folded("summer-final", t("bosk.summer.caption"), summer(score, t), false));
  const ranking = el("ol", undefined, "bosk-ranking");
  for (const seat of result.ranking) {
    const li = el("li", t("bosk.ranked", {
      seat: name(score, seat), total: result.totals[seat],
      summer: score.summer_totals[seat], winter: score.winter_totals[seat],
    }));
    li.dataset.seat = String(seat);
    ranking.append(li);
  }
  wrap.append(el("h4", t("bosk.ranking")), ranking);
  if (result.tie) {
    wrap.append(el("p", t("bosk.tie", {
      seats: result.tie.seats.map((seat) => name(score, seat)).join(", "),
      score: result.tie.score,
      start: name(score, result.tie.round_8_start),
      winner: name(score, result.winner),
    }), "bosk-tie"));
  }
  // seats level below the first place are placed by the same rule: said, in ranking order
  const best = result.totals[result.ranking[0]];
  const levels = new Map();
  for (const seat of result.ranking) {
    const total = result.totals[seat];
    if (total !== best) levels.set(total, [...(levels.get(total) ?? []), seat]);
  }
  for (const [total, seats] of levels) {
    if (seats.length < 2) continue;
    wrap.append(el("p", t("bosk.tie-below", {
      seats: seats.map((seat) => name(score, seat)).join(", "), score: total,
      start: name(score, score.start_player),
    }), "bosk-tie"));
  }
  return wrap;
}

/** Each seat's points and their change from `before` to `after`, as the score line says them. */
function changes(score, after, before, t) {
  return after.map((points, seat) => {
    const change = points - before[seat];
    const sign = change > 0 ? "+" : change < 0 ? "−" : "±";
    return t("preview.seat", { seat: name(score, seat), points, change: `${sign}${Math.abs(change)}` });
  }).join(" · ");
}

/** What a previewed action changes as the park stands, by the season it is chosen in: in
 * spring, summer if spring ended now (the last tree's preview tells summer itself) and each
 * line's tree values it changes; in autumn, winter if it came now and each region's spaces. */
const AS_IT_STANDS = {
  spring: {
    key: "bosk.preview.summer-now", totals: "summer_now_totals", parts: "summer_now", counts: "sums",
    part: (line, counts, t) => t("bosk.preview.line", { line: lineWords(line.line, t), sums: counts }),
  },
  autumn: {
    key: "bosk.preview.winter-now", totals: "winter_now_totals", parts: "winter_now", counts: "spaces",
    part: (region, counts, t) => t("bosk.preview.region", { region: region.region, spaces: counts }),
  },
};

/** What the previewed action does: to summer if spring ended now (a tree), or to winter as the
 * park stands (a wind, a tile, a leaf or a squirrel: the totals hold summer's points alone
 * until winter), and to the lines or regions it changes; the game's last action, as on every
 * game page, to the totals. */
function previewText(answer, view, t) {
  const before = view.score;
  const after = answer.score;
  const now = after.season === "over" ? undefined : AS_IT_STANDS[before.season];
  if (!now) {
    return t("preview.line", {
      action: actionText("bosk", answer.action), scores: changes(after, after.totals, before.totals, t),
    });
  }
  const parts = [t(now.key, {
    action: actionText("bosk", answer.action),
    scores: changes(after, after[now.totals], before[now.totals], t),
  })];
  after[now.parts].forEach((entry, index) => {
    const was = before[now.parts][index][now.counts];
    if (entry[now.counts].every((count, seat) => count === was[seat])) return;
    const counts = entry[now.counts].map((count, seat) => `${name(after, seat)} ${count}`).join(" · ");
    parts.push(now.part(entry, counts, t));
  });
  return parts.join(". ");
}

// On a narrow screen the park alone fills the board's width, so its points are large enough to
// touch; the wind board and the players beside it are then left to this side panel.
const narrow = window.matchMedia("(max-width: 40rem)");

function drawOptions() {
  return narrow.matches ? { panel: false } : {};
}

/** Redraw when the screen turns narrow or wide, and at once when it is narrow (the page's
 * built-in starting picture has the wind board). */
function watch(redraw) {
  narrow.addEventListener("change", redraw);
  if (narrow.matches) redraw();
}

// The preview is told in words only, as before: each space already shows a leaf's cost, and
// the whole park drawn again for every space pointed at would slow the pointer down.
export default {
  details, resultDetails, buildOptions, readOptions, drawOptions, watch, previewText, previewPicture: false,
  seatMark: (seat) => seatMark(seat),
};
