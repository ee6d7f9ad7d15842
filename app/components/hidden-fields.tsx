import { useHydrated } from "~/hooks/use-hydrated";
import { useViewer } from "~/hooks/use-personal";

/**
 * The hidden fields of a form posting to the site: the session's CSRF token (docs/decisions/0003-csrf-by-origin.md),
 * `js=1` once the page runs its scripts when `js` is set (the action then answers the fetcher instead of redirecting),
 * then `fields`.
 */
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
