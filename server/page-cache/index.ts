export { createPageStore, type PageStore } from "./page-store";
export { isPersonalPageRequest, isSharedPageRequest } from "./request-rules";
export { servePersonal, serveShared, type MakePersonal, type PageRender } from "./page-answers";
export { storedPageHits } from "./stored-page-hits";
export { sendCompressedOnce } from "./response-encoding";
export { startEdgePurges, type UrlPurgeHook } from "./edge-purge";
export { EDGE_VARIANT_PATH, edgeVariant } from "./edge-variant";
