import { useContext, type ReactNode } from "react";
import { PersonalRenderingContext } from "~/hooks/use-personal";

/**
 * The part of a page that shows the visitor's own state (usePersonal, useViewer). In a page rendered to be shared it is
 * rendered and recorded on its own, so that the host can render it again for a logged-in visitor and put it in the
 * stored page's place (app/render/personal.server.tsx). `name` is unique on the page; the wrapper lays nothing out.
 */
export function PersonalSlot({ name, children }: { name: string; children: ReactNode }) {
  const Slot = useContext(PersonalRenderingContext)?.Slot;
  if (Slot) return <Slot name={name}>{children}</Slot>;
  return (
    <div className="personal" data-personal={name}>
      {children}
    </div>
  );
}
