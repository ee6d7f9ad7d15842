import { useActionData } from "@remix-run/react";
import type { LiveAnswer } from "~/hooks/use-login-prompt";
import { ChatForm } from "~/components/content/live/live-forms";
import { MessageList } from "~/components/content/live/live-columns";
import type { LiveRoomView } from "~/components/content/live/use-live-room";
import { LIVE_STATUS, LIVE_TEXTS } from "~/lib/live-state";

/** 互动: the chat and, while the broadcast is live, the input. */
export function ChatPanel({ liveId, view, overlay = false }: { liveId: string; view: LiveRoomView; overlay?: boolean }) {
  // A message refused without JavaScript comes back as the action's answer, shown next to the input with its text.
  const documentAnswer = useActionData<LiveAnswer>();
  return (
    <div className={overlay ? "live-chat live-chat--overlay" : "live-chat"} id="live-chat">
      <MessageList messages={view.room.messages} overlay={overlay} />
      {view.status === LIVE_STATUS.live ? (
        <ChatForm
          liveId={liveId}
          onSent={view.addOwnMessage}
          fieldError={documentAnswer?.fieldError}
          typed={documentAnswer?.intent === "live_chat" ? documentAnswer.content : undefined}
          overlay={overlay}
        />
      ) : overlay ? null : (
        <p className="live-chat__closed">{LIVE_TEXTS.chatClosed}</p>
      )}
    </div>
  );
}
