// Bounders' side panel: the points per colour with komi and stones, and at the end every
// region with its bounding stones.

function row(cells, tag = "td") {
  const tr = document.createElement("tr");
  for (const text of cells) {
    const cell = document.createElement(tag);
    cell.textContent = text;
    tr.append(cell);
  }
  return tr;
}

function details(view, t) {
  const { points, komi, stones } = view.score;
  const p = document.createElement("p");
  p.className = "bounders-points";
  const parts = [
    t("bounders.points", { dark: points.dark, light: points.light }),
    t("bounders.stones", { dark: stones.dark, light: stones.light }),
  ];
  if (komi) parts.push(t("bounders.komi", { komi }));
  p.textContent = parts.join(" · ");
  return p;
}

/** Every region: its first cell, its points, its Dark and Light bounding stones, its owner. */
function resultDetails(view, t) {
  const table = document.createElement("table");
  table.className = "regions bounders-regions";
  const caption = document.createElement("caption");
  caption.textContent = t("bounders.regions.caption");
  const head = document.createElement("thead");
  head.append(row(["region", "points", "dark", "light", "owner"].map((k) => t(`bounders.regions.${k}`)), "th"));
  const rows = document.createElement("tbody");
  for (const region of view.score.regions) {
    const owner = region.owner ? t(`colour.${region.owner}`) : t("bounders.regions.none");
    const tr = row([region.cells[0], String(region.cells.length), String(region.dark), String(region.light), owner]);
    tr.dataset.owner = region.owner || "none";
    rows.append(tr);
  }
  table.append(caption, head, rows);
  // A narrow panel scrolls the table inside it rather than the page.
  const scroll = document.createElement("div");
  scroll.className = "table-scroll";
  scroll.append(table);
  const wrap = document.createElement("div");
  wrap.append(details(view, t), scroll);
  return wrap;
}

export default { details, resultDetails };
