import type { ReplyTarget } from "~/lib/reply-target";
import type { Toast } from "~/lib/toast";

/** Window events, so any part of a page reaches the page-wide widgets (login sheet, toast, comment footer) without importing them. */
const LOGIN_EVENT = "share:login";
const TOAST_EVENT = "share:toast";
const REPLY_EVENT = "share:reply";
const PUSH_EVENT = "share:push";

function listen<T>(name: string, handler: (detail: T) => void): () => void {
  const listener = (event: Event) => handler((event as CustomEvent<T>).detail);
  window.addEventListener(name, listener);
  return () => window.removeEventListener(name, listener);
}

export function openLogin() {
  window.dispatchEvent(new Event(LOGIN_EVENT));
}

export const onOpenLogin = (handler: () => void) => listen<void>(LOGIN_EVENT, handler);

/** Raises a toast from client code; server-side toasts arrive through the root loader. */
export function showToast(toast: Toast) {
  window.dispatchEvent(new CustomEvent<Toast>(TOAST_EVENT, { detail: toast }));
}

export const onShowToast = (handler: (toast: Toast) => void) => listen<Toast>(TOAST_EVENT, handler);

/** Tapping 回复 on a comment puts the comment footer in reply mode (spec section 4). */
export function startReply(target: ReplyTarget) {
  window.dispatchEvent(new CustomEvent<ReplyTarget>(REPLY_EVENT, { detail: target }));
}

export const onStartReply = (handler: (target: ReplyTarget) => void) => listen<ReplyTarget>(REPLY_EVENT, handler);

/** Spec section 1: each attempt to open the app emits a push event with the value openApp (app/client/app-launcher.ts). */
export function pushOpenApp() {
  window.dispatchEvent(new CustomEvent<string>(PUSH_EVENT, { detail: "openApp" }));
}
