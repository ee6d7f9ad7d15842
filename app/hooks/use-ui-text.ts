import { useRootData } from "~/hooks/use-root-data";
import { uiText } from "~/lib/ui-texts";

/**
 * The page's UI texts: a function from the Simplified text to the page's language. The root loader sends a zh-Hant
 * page its catalogue (app/lib/ui-texts.zh-Hant.json); a zh-Hans page gets none and shows the texts as written.
 */
export function useUiText(): (simplified: string) => string {
  const catalogue = useRootData()?.uiTexts;
  return (simplified) => uiText(catalogue, simplified);
}
