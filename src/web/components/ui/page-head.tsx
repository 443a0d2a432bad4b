export const SITE_NAME = "Gardening Community";

/**
 * The document title and description of a page, as React 19 hoists them into <head>: "{title} -
 * Gardening Community", or the spec's own wording where it gives one (`site`).
 */
export function PageHead({
  title,
  description,
  site = SITE_NAME,
}: {
  title: string;
  description: string;
  site?: string;
}) {
  return (
    <>
      <title>{`${title} - ${site}`}</title>
      <meta name="description" content={description} />
    </>
  );
}
