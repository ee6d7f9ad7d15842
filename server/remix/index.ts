export { personalBeforePipeline, remixHandler } from "./remix-handler";
export { requestContexts } from "./request-context";
