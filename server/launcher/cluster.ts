// Loaded here so that a configuration the primary refuses ends with the one JSON line of any failed start.
import { startUpFailed } from "./start-up-failure";

await import("./cluster-primary").catch(startUpFailed);
