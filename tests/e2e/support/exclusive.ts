/**
 * The tag of a test that changes what every other test reads (such as re-timing a shared broadcast): the config
 * runs such tests in a project of their own, after every phone profile has finished.
 */
export const EXCLUSIVE_TAG = "@exclusive";
