/**
 * ADR 0028: what a page kept for signed-in readers shows where the reader's name goes;
 * the page cache puts each reader's name there as it sends the page. Plain ASCII that
 * React writes as it is, found again in the bytes and never a name.
 */
export const VIEWER_NAME_SLOT = "fv-viewer-name-slot-3c9e";
