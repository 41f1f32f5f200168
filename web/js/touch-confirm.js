// On a touch screen a finger can land on the wrong cell. With "Tap twice to play" on, a first
// tap on a playable part previews it (the board's preview and a ring around it) and a second
// tap on the same part plays it; a tap on another part previews that one instead. Mouse clicks
// and keys play at once. The choice is offered only where a coarse pointer is present, and is
// kept in localStorage ("tabula.confirm-taps").

const KEY = "tabula.confirm-taps";

export class TapConfirm {
  /**
   * @param {object} setup
   * @param {HTMLElement} setup.frame the board's frame
   * @param {HTMLElement} setup.choices the side buttons' box
   * @param {HTMLElement} setup.controls where the option goes
   * @param {(key: string, values?: object) => string} setup.t
   * @param {(el: Element) => void} setup.preview show the preview of a part
   * @param {(message: string) => void} setup.announce
   * @param {(action: string) => string} [setup.actionName] an action named in a sentence
   */
  constructor({ frame, choices, controls, t, preview, announce, actionName = (action) => action }) {
    this.frame = frame;
    this.actionName = actionName;
    this.choices = choices;
    this.preview = preview;
    this.announce = announce;
    this.t = t;
    /** @type {string | null} the action tapped once */
    this.pending = null;
    this.pointer = "";
    const label = document.createElement("label");
    label.className = "toggle";
    label.id = "confirm-taps-option";
    this.box = document.createElement("input");
    this.box.type = "checkbox";
    this.box.id = "confirm-taps";
    this.box.checked = localStorage.getItem(KEY) === "on";
    const words = document.createElement("span");
    words.dataset.i18n = "controls.confirm-taps";
    words.textContent = t("controls.confirm-taps");
    label.append(this.box, " ", words);
    const coarse = matchMedia("(any-pointer: coarse)");
    label.hidden = !coarse.matches;
    coarse.addEventListener("change", () => {
      label.hidden = !coarse.matches;
    });
    controls.append(label);
    this.box.addEventListener("change", () => {
      localStorage.setItem(KEY, this.box.checked ? "on" : "off");
      this.clear();
    });
    for (const el of [frame, choices]) {
      el.addEventListener("pointerdown", (event) => {
        this.pointer = event.pointerType;
      }, { capture: true });
    }
    document.addEventListener("keydown", () => {
      this.pointer = "key";
    }, { capture: true });
  }

  /** Whether `action` should wait for a second tap: true on a first tap (it is previewed). */
  wants(action) {
    if (!this.box.checked || (this.pointer !== "touch" && this.pointer !== "pen")) return false;
    if (this.pending === action) {
      this.clear();
      return false;
    }
    this.clear();
    this.pending = action;
    const selector = `[data-action="${CSS.escape(action)}"]`;
    const el = this.frame.querySelector(selector) ?? this.choices.querySelector(selector);
    if (el) {
      el.classList.add("pending");
      this.preview(el);
    }
    this.announce(this.t("confirm.again", { action: this.actionName(action) }));
    return true;
  }

  /** Forget the first tap (the board changed, or the option did). */
  clear() {
    this.pending = null;
    for (const el of document.querySelectorAll(".pending[data-action]")) el.classList.remove("pending");
  }
}
