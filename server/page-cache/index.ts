export { createPageStore, type PageStore } from "./page-store";
export { isPersonalPageRequest, isStoredPageRequest } from "./request-rules";
export { servePersonal, serveStored, type MakePersonal, type PageRender } from "./page-answers";
export { storedPageHits } from "./stored-page-hits";
export { sendCompressedOnce } from "./response-encoding";
export { startEdgePurges, type UrlPurgeHook } from "./edge-purge";
export { EDGE_VARIANT_PATH, edgeVariant } from "./edge-variant";
