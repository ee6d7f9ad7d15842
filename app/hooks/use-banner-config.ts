import { useEffect, useState } from "react";
import { BANNER_CONFIG_REREAD_MS, parseBannerConfig, type BannerConfig } from "~/lib/banner-config";

/**
 * The configuration the page was rendered with, then what the site answers BANNER_CONFIG_REREAD_MS after hydration
 * (a stored page may be older than the configuration). The banner's box is fixed (app.css): a change shows in place.
 */
export function useBannerConfig(rendered: BannerConfig): BannerConfig {
  const [reread, setReread] = useState<BannerConfig | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      fetch(`${import.meta.env.BASE_URL}api/site-config`, { signal: controller.signal })
        .then((response) => (response.ok ? response.json() : null))
        .then((body: unknown) => setReread(parseBannerConfig(body)))
        .catch(() => undefined);
    }, BANNER_CONFIG_REREAD_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, []);
  return reread ?? rendered;
}
