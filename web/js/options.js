// The new-game panel, built from a game's options (name → {default, choices} as record text,
// written into the page by the build from the engine's OPTIONS). An option with choices is a
// radio group; one without (free text, such as names) is a text field left empty for the
// game's default. Wording comes from the catalogue when it has the keys option.<game>.<name>
// and choice.<game>.<name>.<value>.
import { has, t } from "./i18n.js";

function label(key, fallback) {
  return has(key) ? t(key) : fallback;
}

/** One radio group per option with choices, the current value checked; a text field for others. */
export function buildOptionFields(container, game, specs, current) {
  const groups = Object.entries(specs).map(([name, spec]) => {
    if (!spec.choices.length) return textField(game, name, spec);
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

function textField(game, name, spec) {
  const wrap = document.createElement("label");
  wrap.className = "text-option";
  const input = document.createElement("input");
  input.type = "text";
  input.name = `option-${name}`;
  input.placeholder = spec.default;
  wrap.append(label(`option.${game}.${name}`, name), input);
  return wrap;
}

/** The chosen options as record text; an empty text field leaves its option to the game. */
export function readOptionFields(container, specs) {
  const options = {};
  for (const [name, spec] of Object.entries(specs)) {
    const field = `input[name="option-${CSS.escape(name)}"]`;
    if (spec.choices.length) {
      options[name] = container.querySelector(`${field}:checked`)?.value ?? spec.default;
    } else {
      const text = container.querySelector(field).value.trim();
      if (text) options[name] = text;
    }
  }
  return options;
}
