// A worker of content-writes.server.test.ts's cluster: fans its writes out as a site worker does, tells the test
// what it heard, and announces the writes the test asks it to.
import { announceWrite, onContentWritten, startContentWriteFanOut, type ContentWrite } from "~/runtime/content-writes.server";

startContentWriteFanOut();
onContentWritten((write) => process.send?.({ heard: write }));
process.on("message", (message: { announce?: ContentWrite }) => {
  if (message.announce) announceWrite(message.announce);
});
process.send?.({ ready: true });
