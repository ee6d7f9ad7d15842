export { createPlatformLiveHub } from "./platform-connection";
export { liveStreamRoutes } from "./streams";
