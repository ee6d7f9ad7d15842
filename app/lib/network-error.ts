/** The message for a request that failed on the way (spec section 8): in the login form and on every load-more. */
export const NETWORK_ERROR_TEXT = "网络错误，请稍后重试～";
