import { useContext, type ReactNode } from "react";
import { PersonalRenderingContext } from "~/hooks/use-personal";

/**
 * In a page rendered for the store it is rendered and recorded on its own, so the host can render it again for a logged-in
 * visitor (app/render/personal.server.tsx). `name` is unique on the page.
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
