// The production entry (build/cluster.js): the primary of server/launcher/cluster-primary.ts, loaded here so that a
// configuration it refuses (read as its modules load) ends the process with the one JSON line of any failed start.
import { startUpFailed } from "./start-up-failure";

await import("./cluster-primary").catch(startUpFailed);
