export const NETWORK_ERROR_TEXT = "网络错误，请稍后重试～";
