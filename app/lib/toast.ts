export type Toast = { text: string; kind?: "success" | "error" | "info" };
