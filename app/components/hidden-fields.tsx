import { useHydrated } from "~/hooks/use-hydrated";
import { useViewer } from "~/hooks/use-personal";

/** CSRF: docs/decisions/0003-csrf-by-origin.md. `js=1` once scripts run makes the action answer the fetcher instead of redirecting. */
export function HiddenFields({ fields, js = false }: { fields: Record<string, string | number>; js?: boolean }) {
  const { csrfToken } = useViewer();
  const hydrated = useHydrated();
  return (
    <>
      <input type="hidden" name="csrf" value={csrfToken} />
      {js && hydrated ? <input type="hidden" name="js" value="1" /> : null}
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}
