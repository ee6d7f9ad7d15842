import { useNonce } from "~/components/nonce";
import { HYDRATION_STARTED } from "~/lib/hydration-started";

/*
 * Scripts start only once the hero is in (ScriptsAfterHero): an inline script lets the player's button play in the tap
 * itself (iOS and WeChat give sound only to a gesture) until hydration starts; the player then takes over.
 */

/**
 * The button is the script's previous sibling; `started` goes on the media's nearest ancestor at the first play.
 * Old webviews' play() returns no promise.
 */
const earlyPlayScript = (started: string) =>
  `(function(b,c){var m,p=b;while((p=p.parentNode)&&p.querySelector&&!(m=p.querySelector("video,audio")));if(m)b.addEventListener("click",function(){if(window.${HYDRATION_STARTED})return;if(!m.paused)return m.pause();var r=m.play();if(r&&r["catch"])r["catch"](function(){});if(c)p.classList.add(c)})})(document.currentScript.previousElementSibling,${JSON.stringify(started)})`;

/** Rendered right after the player's button. The server alone writes its text; hydration keeps the element as sent. */
export function EarlyPlay({ started = "" }: { started?: string }) {
  const nonce = useNonce();
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? earlyPlayScript(started) : "" }} />;
}
