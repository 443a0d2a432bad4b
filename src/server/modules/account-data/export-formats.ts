// How the files of a data export are written as they are read: JSON arrays and CSV, a page at a time.

/** Pages of a keyset read: `read(after)` answers a page and the position after its last row, if more follow. */
export async function* pagesOf<T>(
  read: (after: string | undefined) => Promise<{ rows: T[]; next?: string | undefined }>,
): AsyncGenerator<T[]> {
  let after: string | undefined;
  for (;;) {
    const { rows, next } = await read(after);
    yield rows;
    if (!next || rows.length === 0) return;
    after = next;
  }
}

/** A JSON array written an item a line, from pages read one after another. */
export async function* jsonArray<T>(pages: AsyncIterable<T[]>): AsyncGenerator<string> {
  yield "[";
  let first = true;
  for await (const page of pages) {
    if (page.length === 0) continue;
    yield `${first ? "\n" : ",\n"}${page.map((item) => JSON.stringify(item)).join(",\n")}`;
    first = false;
  }
  yield first ? "]\n" : "\n]\n";
}

type Cell = string | number | boolean | Date | null | undefined;

/**
 * One CSV cell: quoted when it must be (RFC 4180), and a cell a spreadsheet would run as a formula
 * (starting with = + - @ or a tab) is given a leading apostrophe, so opening the file runs nothing.
 */
function cell(value: Cell): string {
  if (value === null || value === undefined) return "";
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A CSV file with its header line, a line per row. */
export async function* csv<T>(header: string[], pages: AsyncIterable<T[]>, line: (row: T) => Cell[]) {
  yield `${header.join(",")}\r\n`;
  for await (const page of pages)
    if (page.length > 0) yield page.map((row) => `${line(row).map(cell).join(",")}\r\n`).join("");
}
