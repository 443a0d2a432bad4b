/**
 * What serving a photo asks of the moderation holds (ADR 041): whether a photo is on hold, and whether
 * the asker uploaded it. Named here, apart from both modules, so the uploads module needs no import of
 * the moderation module (which reaches back to uploads through comments and tips).
 */
export interface PhotoHoldLookup {
  has(hash: string): Promise<boolean>;
  uploadedBy(hash: string, userId: string): Promise<boolean>;
}
