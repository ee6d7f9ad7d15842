// The live hub's face (docs/live.md): the hub over the platform's connection, and the event streams it feeds.
export { createPlatformLiveHub } from "./platform-connection";
export { liveStreamRoutes } from "./streams";
