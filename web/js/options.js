// The new-game panel, built from a game's options (name → {default, choices} as record text,
// written into the page by the build from the engine's OPTIONS). Wording comes from the
// catalogue when it has the keys option.<game>.<name> and choice.<game>.<name>.<value>.
import { has, t } from "./i18n.js";

function label(key, fallback) {
  return has(key) ? t(key) : fallback;
}

/** One radio group per option, the current value checked. */
export function buildOptionFields(container, game, specs, current) {
  const groups = Object.entries(specs).map(([name, spec]) => {
    const fieldset = document.createElement("fieldset");
    fieldset.dataset.option = name;
    const legend = document.createElement("legend");
    legend.textContent = label(`option.${game}.${name}`, name);
    fieldset.append(legend);
    for (const value of spec.choices) {
      const input = document.createElement("input");
      input.type = "radio";
      input.name = `option-${name}`;
      input.value = value;
      input.checked = value === (current[name] ?? spec.default);
      const choice = document.createElement("label");
      choice.append(input, " ", label(`choice.${game}.${name}.${value}`, value));
      fieldset.append(choice);
    }
    return fieldset;
  });
  container.replaceChildren(...groups);
}

/** The chosen options as record text. */
export function readOptionFields(container, specs) {
  const options = {};
  for (const [name, spec] of Object.entries(specs)) {
    const checked = container.querySelector(`input[name="option-${CSS.escape(name)}"]:checked`);
    options[name] = checked ? checked.value : spec.default;
  }
  return options;
}
