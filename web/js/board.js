// Putting the engine's SVG into the page: parsed as XML, never as HTML.

const parser = new DOMParser();

/** Replace the contents of `frame` by the SVG in `text`; returns the new <svg> element. */
export function showSvg(frame, text) {
  const doc = parser.parseFromString(text, "image/svg+xml");
  const root = doc.documentElement;
  if (root.localName !== "svg" || doc.querySelector("parsererror")) {
    throw new Error("the engine's picture is not valid SVG");
  }
  const svg = document.importNode(root, true);
  markInteractive(svg);
  frame.replaceChildren(svg);
  return svg;
}

/** A board with clickable parts is a group of buttons, not a picture, for assistive technology. */
export function markInteractive(svg) {
  if (svg.querySelector("[data-action], [data-select]")) svg.setAttribute("role", "group");
}
