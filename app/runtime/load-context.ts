/** `visitor` and `render` are declared where their types live. */
export type LoadContext = {
  cspNonce: string;
  forStore: boolean;
  requestId: string;
  origin: string;
  userAgent: string;
  /** Passed upstream so the platform's limits are per visitor. */
  clientIp: string;
  deadline: number;
};

declare module "@remix-run/node" {
  interface AppLoadContext extends LoadContext {}
}
