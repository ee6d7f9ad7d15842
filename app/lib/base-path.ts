/** Every page of the site lives under this path (spec section 2: history mode with this base). */
export const BASE_PATH = "/davmu/share/";
