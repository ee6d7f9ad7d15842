import type { IncomingMessage, ServerResponse } from "node:http";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { requestDeadline } from "../../app/bff/client.server";
import type { LoadContext } from "../../app/runtime/load-context";
import { openVisitor, storedPageVisitor, type PostedForm, type VisitorHandle } from "../../app/visitor/visitor-handle.server";
import type { OriginOf } from "../middleware";

/** Built here only, once per request: every render of the request derives its own from it (renderContext). */
export type RequestContext = LoadContext & { visitor: VisitorHandle };

/** What the middleware leaves in `res.locals`; a visitor opened before Express is handed on there too. */
type RequestFacts = { cspNonce: string; requestId: string; visitor?: VisitorHandle; form?: FormData; formOrigin?: PostedForm["origin"] };

export type RequestContexts = {
  inPipeline(req: ExpressRequest, res: ExpressResponse): RequestContext;
  beforePipeline(req: IncomingMessage, res: ServerResponse, requestId: string): RequestContext;
};

/** `expressRequest` is the app's request prototype, so a request before Express reads its origin and address as the pipeline does. */
export function requestContexts({ originOf, expressRequest }: { originOf: OriginOf; expressRequest: object }): RequestContexts {
  const build = (req: ExpressRequest, res: ServerResponse, facts: RequestFacts): RequestContext => {
    const clientIp = req.ip ?? "";
    const posted = facts.form ? { form: facts.form, origin: facts.formOrigin ?? "unsaid" } : null;
    const visitor =
      facts.visitor ?? openVisitor({ cookie: req.headers.cookie, deadline: requestDeadline(), clientIp, signal: visitorSignal(res), posted });
    return {
      cspNonce: facts.cspNonce,
      requestId: facts.requestId,
      forStore: false,
      origin: originOf(req),
      userAgent: req.get("user-agent") ?? "",
      clientIp,
      deadline: visitor.deadline,
      visitor,
    };
  };
  return {
    inPipeline: (req, res) => build(req, res, res.locals as RequestFacts),
    beforePipeline(req, res, requestId) {
      const context = build(Object.setPrototypeOf(req, expressRequest) as ExpressRequest, res, { cspNonce: "", requestId });
      // Should the pipeline answer after all, it goes on with this visitor.
      Object.assign(res, { locals: { visitor: context.visitor } satisfies Partial<RequestFacts> });
      return context;
    },
  };
}

/** No nonce, nobody's session, and not stopped when the visitor who led the render leaves. */
export function storeRenderContext(context: RequestContext, signal: AbortSignal): RequestContext {
  const visitor = storedPageVisitor({ deadline: context.deadline, clientIp: context.clientIp, signal });
  return { ...context, cspNonce: "", forStore: true, visitor };
}

function visitorSignal(res: ServerResponse): AbortSignal {
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}
