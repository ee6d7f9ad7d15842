// The launcher imports the modules themselves: its bundles hold only what they name.
export { gracefulShutdown } from "./graceful-shutdown";
export { createReadiness, healthRoutes, readPlatformDetail } from "./health";
export { answerDetailRequests, detailRoute } from "./health-detail";
export { processMetrics, startInternalListener } from "./metrics-listener";
export { measureRequest, requestSpanName } from "./request-metrics";
export { announceStartUp } from "./start-up-message";
