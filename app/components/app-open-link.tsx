import { useAppOpenParams } from "~/hooks/use-app-open";
import { useRootData } from "~/hooks/use-root-data";
import { appOpenHref } from "~/lib/app-open";

/** A call to action that opens the app on the page on screen (its loader's `appOpen`), or its download page. */
export function AppOpenLink({ className = "button", children }: { className?: string; children: string }) {
  const href = appOpenHref(useRootData()?.site.downloadUrl ?? "", useAppOpenParams());
  return (
    <a className={className} href={href} rel="noopener">
      {children}
    </a>
  );
}
