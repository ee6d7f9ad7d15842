import { splitBookTitles } from "~/lib/book-title";

/** Text whose 《…》 titles never break across lines (a line may still break between two titles). */
export function UnbrokenTitles({ text }: { text: string }) {
  return (
    <>
      {splitBookTitles(text).map((run, index) =>
        run.title ? (
          <span key={index} className="unbroken">
            {run.text}
          </span>
        ) : (
          run.text
        ),
      )}
    </>
  );
}
