// The pages without the language selector (the embedding examples tutorial.html and
// boards.html) open in the language their link names (`?lang=ko`), kept for the rest of the
// visit in this tab as on the pages with the selector (prefs.js). The page loads this module
// before the boards' script (js/tabula-board.js), which then takes the visit's language.
import { keepForVisit, LANGUAGES } from "./i18n.js";

const asked = new URLSearchParams(location.search).get("lang");
if (asked !== null && LANGUAGES.includes(asked)) keepForVisit(asked);
