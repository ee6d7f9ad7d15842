import { data } from "@remix-run/node";
import type { Caller, RenderRecordBase } from "~/bff/client.server";
import type { Toast } from "~/lib/toast";
import { isSessionToken, type FormOrigin } from "~/visitor/csrf.server";
import { identityCookie, issueIdentity, needsRenewal, readIdentity, type ReaderIdentity } from "~/visitor/reader-identity.server";
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

/** Parsed once (server/middleware/malformed-requests.ts), its origin judged once (server/middleware/same-origin.ts). */
export type PostedForm = { form: FormData; origin: Exclude<FormOrigin, "foreign"> };

export type VisitorFacts = {
  cookie: string | undefined;
  deadline: number;
  clientIp: string;
  signal: AbortSignal;
  posted: PostedForm | null;
};

declare module "@remix-run/node" {
  interface AppLoadContext {
    visitor: VisitorHandle;
  }
}

/** The session is read lazily, so a page answered from the page store reads nothing; the host commits it once. */
export class VisitorHandle {
  readonly signal: AbortSignal;
  readonly deadline: number;
  readonly #facts: VisitorFacts;
  #session: Promise<VisitorSession> | null = null;
  #state: Promise<VisitorState> | null = null;
  #identity: Promise<ReaderIdentity | null> | null = null;
  #identityIssued: ReaderIdentity | null = null;
  #toast: Promise<Toast | null> | null = null;

  constructor(facts: VisitorFacts) {
    this.#facts = facts;
    this.signal = facts.signal;
    this.deadline = facts.deadline;
  }

  #readSession(): Promise<VisitorSession> {
    return (this.#session ??= readSession(this.#facts.cookie));
  }

  #readIdentity(): Promise<ReaderIdentity | null> {
    return (this.#identity ??= readIdentity(this.#facts.cookie));
  }

  #loaded(): Promise<VisitorState> {
    return (this.#state ??= Promise.all([this.#readSession(), this.#readIdentity()]).then(([session, identity]) =>
      loadState(session, identity, this.deadline),
    ));
  }

  async #change(change: (state: VisitorState) => void): Promise<void> {
    const state = await this.#loaded();
    change(state);
    state.dirty = true;
  }

  async #replace(replacement: (previous: VisitorSession) => Promise<VisitorSession>): Promise<void> {
    const previous = await this.#loaded();
    this.#state = replacement(previous.session).then((session) => replacedState(session, previous.identity));
    await this.#state;
  }

  async read(): Promise<Visitor> {
    return toVisitor(await this.#loaded());
  }

  async caller(record: RenderRecordBase | null): Promise<Caller> {
    const { token, requestId } = await this.read();
    return { token, requestId, signal: this.signal, clientIp: this.#facts.clientIp, deadline: this.deadline, record };
  }

  async signedUserId(): Promise<string | null> {
    const session = await this.#readSession();
    return session.get("userToken") ? (session.get("userId") ?? null) : null;
  }

  /**
   * The reader's own ids and anonymous token (spec section 4), asked for by their browser once a page is shown;
   * issued when they have none, renewed when their token ages. A visitor with a session has theirs in it.
   */
  async ownIdentity(): Promise<{ deviceId: string; anonymousId: string } | null> {
    const session = await this.#readSession();
    if (session.get("userToken") || session.get("anonToken")) return null;
    const held = await this.#readIdentity();
    const identity = needsRenewal(held)
      ? await issueIdentity(held, { signal: this.signal, clientIp: this.#facts.clientIp, deadline: this.deadline })
      : held!;
    if (identity !== held) {
      this.#identityIssued = identity;
      this.#identity = Promise.resolve(identity);
    }
    return { deviceId: identity.deviceId, anonymousId: identity.anonymousId };
  }

  /** A post naming no origin without the CSRF token is refused and given a session, so the reloaded page carries one. */
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

  get postedForm(): FormData | null {
    return this.#facts.posted?.form ?? null;
  }

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

  startUserSession(user: { token: string; userId: string }): Promise<void> {
    return this.#replace((previous) => freshSession(previous, { userToken: user.token, userId: user.userId }));
  }

  endUserSession(anonToken: string | null): Promise<void> {
    return this.#replace((previous) => {
      forgetProfile(previous);
      return freshSession(previous, anonToken ? { anonToken } : {});
    });
  }

  /** The `Set-Cookie` values of what this request changed: the session, the reader's identity. */
  async commit(): Promise<string[]> {
    const cookies: string[] = [];
    const state = await this.#state;
    if (state?.dirty) {
      state.dirty = false;
      cookies.push(await sessionCookie(state.session));
    }
    if (this.#identityIssued) {
      cookies.push(await identityCookie(this.#identityIssued));
      this.#identityIssued = null;
    }
    return cookies;
  }
}

export const openVisitor = (facts: VisitorFacts): VisitorHandle => new VisitorHandle(facts);

export const storedPageVisitor = (facts: Omit<VisitorFacts, "cookie" | "posted">): VisitorHandle =>
  new VisitorHandle({ ...facts, cookie: undefined, posted: null });
