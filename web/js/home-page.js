// The home page: only the preferences need a script; the game list is written by the build.
import { setupPrefs } from "./prefs.js";

setupPrefs();
