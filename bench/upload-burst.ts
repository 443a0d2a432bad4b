/**
 * The uploads of `npm run bench -- uploads`, sent from a process of their own so that pumping 24 bodies
 * of 6 MB does not delay the measuring process's own requests. Reads `{ base, photo, cookies }` from its
 * parent, sends one upload per cookie at once, and answers each upload's status and then "done".
 */
import { readFileSync } from "node:fs";

interface Burst {
  base: string;
  photo: string;
  cookies: string[];
}

process.once("message", async ({ base, photo, cookies }: Burst) => {
  const bytes = readFileSync(photo);
  await Promise.all(
    cookies.map(async (cookie) => {
      const form = new FormData();
      form.append("file", new File([bytes], "photo.jpg", { type: "image/jpeg" }));
      try {
        const response = await fetch(`${base}/api/uploads`, {
          method: "POST",
          headers: { Cookie: cookie, Origin: base },
          body: form,
        });
        await response.arrayBuffer();
        process.send?.({ status: response.status });
      } catch (error) {
        const cause = (error as Error & { cause?: { code?: string } }).cause;
        console.log(`  an upload failed without an answer: ${cause?.code ?? (error as Error).message}`);
        process.send?.({ status: 0 });
      }
    }),
  );
  process.send?.("done", undefined, undefined, () => process.exit(0));
});
