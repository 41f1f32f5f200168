// Every page of the site loads this: it makes the site work offline (see offline.js).
import { startOffline } from "./offline.js";

startOffline();
