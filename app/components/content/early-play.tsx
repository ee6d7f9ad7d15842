import { useNonce } from "~/components/nonce";
import { HYDRATION_STARTED } from "~/lib/hydration-started";

/*
 * A player's own button answers before the page has hydrated. Where scripts run, the video's 播放 and the audio
 * player's play button are drawn from the first frame, but the scripts start only once the hero is in
 * (ScriptsAfterHero): on a slow network, seconds in which a tap did nothing. An inline script after the button plays
 * or pauses the player's media in the tap itself (iOS and WeChat give sound only to a gesture), until the entry module
 * starts hydrating (HYDRATION_STARTED); the player then takes over what is playing when it mounts.
 */

/**
 * The button is the script's previous sibling, the media the first <video> or <audio> of its nearest ancestor that
 * has one. `started`, a class put on that ancestor at the first play (the video's, which hides its 播放). Old
 * webviews' play() returns no promise.
 */
const earlyPlayScript = (started: string) =>
  `(function(b,c){var m,p=b;while((p=p.parentNode)&&p.querySelector&&!(m=p.querySelector("video,audio")));if(m)b.addEventListener("click",function(){if(window.${HYDRATION_STARTED})return;if(!m.paused)return m.pause();var r=m.play();if(r&&r["catch"])r["catch"](function(){});if(c)p.classList.add(c)})})(document.currentScript.previousElementSibling,${JSON.stringify(started)})`;

/** Rendered right after the player's button. The server alone writes its text; hydration keeps the element as sent. */
export function EarlyPlay({ started = "" }: { started?: string }) {
  const nonce = useNonce();
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? earlyPlayScript(started) : "" }} />;
}
