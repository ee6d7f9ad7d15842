import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { listAlbumItems } from "~/bff/album.server";
import { ids } from "~/bff/ids.server";
import { pageNumber } from "~/lib/pages";
import { pageJson } from "~/route-support/load-more-json.server";

/** One page of an album's episodes, for the album page's load-more with JavaScript; an id that does not decode is a 404. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const albumId = params.albumId ?? "";
  if (ids.decode(albumId) === null) throw data(null, { status: 404 });
  const page = pageNumber(new URL(request.url).searchParams.get("page"));
  return pageJson(request, context, (caller) => listAlbumItems(caller, albumId, page));
}
