import { data } from "@remix-run/node";
import type { Caller, RenderSink } from "~/bff/client.server";
import type { Toast } from "~/lib/toast";
import { isSessionToken, type FormOrigin } from "~/visitor/csrf.server";
import {
  forgetProfile,
  freshSession,
  loadState,
  ownSession,
  readSession,
  replacedState,
  sessionCookie,
  toVisitor,
  type Visitor,
  type VisitorSession,
  type VisitorState,
} from "~/visitor/session.server";

/** A form post as the host read it: parsed once (server/middleware/malformed-requests.ts), its origin judged once (server/middleware/same-origin.ts). */
export type PostedForm = { form: FormData; origin: Exclude<FormOrigin, "foreign"> };

/** What the host knows of a request when it opens its visitor. */
export type VisitorFacts = {
  /** The request's Cookie header; none for a page rendered to be shared. */
  cookie: string | undefined;
  /** When the request's upstream work must be over (the load context's `deadline`). */
  deadline: number;
  clientIp: string;
  /** Aborted once the visitor has gone (or, for a page rendered to be shared, once nobody waits for it). */
  signal: AbortSignal;
  posted: PostedForm | null;
};

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** The visitor behind this request, opened once by the host (server/site.ts); its cookie is committed by the host too. */
    visitor: VisitorHandle;
  }
}

/**
 * The visitor behind one request, opened once by the host and handed to every loader and action in the load context.
 * Their session is read the first time something of it is asked for, so a page answered from the page store reads
 * nothing; whatever the request changes of it is committed once, by the host, after the answer is made (`commit`).
 */
export class VisitorHandle {
  readonly signal: AbortSignal;
  readonly deadline: number;
  readonly #facts: VisitorFacts;
  #session: Promise<VisitorSession> | null = null;
  #state: Promise<VisitorState> | null = null;
  /** The toast this request took: the same for every render of its page (a personal page, then a fresh one). */
  #toast: Promise<Toast | null> | null = null;

  constructor(facts: VisitorFacts) {
    this.#facts = facts;
    this.signal = facts.signal;
    this.deadline = facts.deadline;
  }

  #readSession(): Promise<VisitorSession> {
    return (this.#session ??= readSession(this.#facts.cookie));
  }

  #loaded(): Promise<VisitorState> {
    return (this.#state ??= this.#readSession().then((session) => loadState(session, this.deadline)));
  }

  async #change(change: (state: VisitorState) => void): Promise<void> {
    const state = await this.#loaded();
    change(state);
    state.dirty = true;
  }

  async #replace(replacement: (previous: VisitorSession) => Promise<VisitorSession>): Promise<void> {
    const previous = await this.#loaded();
    this.#state = replacement(previous.session).then(replacedState);
    await this.#state;
  }

  async read(): Promise<Visitor> {
    return toVisitor(await this.#loaded());
  }

  /** The caller the visitor's upstream calls go with; `render`: the record of the render they are made for (context.render). */
  async caller(render: RenderSink | null): Promise<Caller> {
    const { token, requestId } = await this.read();
    return { token, requestId, signal: this.signal, clientIp: this.#facts.clientIp, deadline: this.deadline, render };
  }

  /** The logged-in user's id from the signed cookie alone: no platform call, no session made (statistics beacons). */
  async signedUserId(): Promise<string | null> {
    const session = await this.#readSession();
    return session.get("userToken") ? (session.get("userId") ?? null) : null;
  }

  /**
   * The form posted with the request, once it is known to come from the visitor's own page; the visitor has a session
   * after. The host has refused a foreign one already; a post that names no origin must carry the session's CSRF token,
   * and without it is refused and given a session, so that the page it reloads (personal from then on) carries it.
   */
  async ownForm(): Promise<FormData> {
    const { posted } = this.#facts;
    if (!posted) throw data({ message: "请求方式无效" }, { status: 405 });
    if (posted.origin === "unsaid" && !isSessionToken(posted.form.get("csrf"), (await this.read()).csrfToken)) {
      await ownSession(await this.#loaded(), this.deadline);
      throw data({ message: "页面已过期，请刷新后重试" }, { status: 403 });
    }
    await ownSession(await this.#loaded(), this.deadline);
    return posted.form;
  }

  /** The posted form as the host read it, for a beacon that changes nothing of the visitor (no token asked); null for a GET. */
  get postedForm(): FormData | null {
    return this.#facts.posted?.form ?? null;
  }

  /** The toast the previous request left (a flash: taken by this request, whichever of its renders asks). */
  takeToast(): Promise<Toast | null> {
    return (this.#toast ??= this.#loaded().then((state) => {
      const toast = state.session.get("toast") ?? null;
      if (toast) state.dirty = true;
      return toast;
    }));
  }

  flashToast(toast: Toast): Promise<void> {
    this.#toast = null;
    return this.#change((state) => state.session.flash("toast", toast));
  }

  rememberCodeSent(at: number): Promise<void> {
    return this.#change((state) => state.session.set("codeSentAt", at));
  }

  async codeSentAt(): Promise<number | null> {
    return (await this.#loaded()).session.get("codeSentAt") ?? null;
  }

  rememberPending(pending: unknown): Promise<void> {
    return this.#change((state) => state.session.set("pending", JSON.stringify(pending)));
  }

  /** The pending interaction, parsed by the caller's schema; it is removed from the session either way. */
  async takePending(): Promise<unknown> {
    const { session } = await this.#loaded();
    const pending = session.get("pending");
    if (pending === undefined) return null;
    await this.#change((state) => state.session.unset("pending"));
    try {
      return JSON.parse(pending);
    } catch {
      return null;
    }
  }

  /** Replaces the session with a logged-in one: a new session, not the anonymous one changed. */
  startUserSession(user: { token: string; userId: string }): Promise<void> {
    return this.#replace((previous) => freshSession(previous, { userToken: user.token, userId: user.userId }));
  }

  /** Back to an anonymous visitor after logout. */
  endUserSession(anonToken: string | null): Promise<void> {
    return this.#replace((previous) => {
      forgetProfile(previous);
      return freshSession(previous, anonToken ? { anonToken } : {});
    });
  }

  /** The Set-Cookie value when this request changed the session, else null. Called by the host alone, after the answer. */
  async commit(): Promise<string | null> {
    const state = await this.#state;
    if (!state?.dirty) return null;
    state.dirty = false;
    return sessionCookie(state.session);
  }
}

/** The visitor of a request (server/site.ts). */
export const openVisitor = (facts: VisitorFacts): VisitorHandle => new VisitorHandle(facts);

/** Nobody's visitor, for a page rendered to be shared: no cookie, no form, the shared reader's identity. */
export const sharedPageVisitor = (facts: Omit<VisitorFacts, "cookie" | "posted">): VisitorHandle =>
  new VisitorHandle({ ...facts, cookie: undefined, posted: null });
