const SITE_NAME = "Gardening Community";

/**
 * The document title and description of a page, as React 19 hoists them into <head>: "{title} -
 * Gardening Community" on every page, the home page included (one brand, docs/product.md).
 */
export function PageHead({ title, description }: { title: string; description: string }) {
  return (
    <>
      <title>{`${title} - ${SITE_NAME}`}</title>
      <meta name="description" content={description} />
    </>
  );
}
