/** Whether dist/ was built from the current sources (a hash of everything the build reads). */
export function isBuildCurrent(): boolean;
/** Records that dist/ now matches the sources. */
export function markBuilt(): void;
export function sourceHash(): string;
