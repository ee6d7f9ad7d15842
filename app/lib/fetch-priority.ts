/** React 18 has no fetchPriority prop (React 19 does): spread this, the attribute in its HTML spelling. */
export const fetchPriority = (priority: "high" | "low"): Record<string, string> => ({ fetchpriority: priority });
