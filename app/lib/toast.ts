/** A short message shown once at the top of the next page (or at once, with JavaScript). */
export type Toast = { text: string; kind?: "success" | "error" | "info" };
