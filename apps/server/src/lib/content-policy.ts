/**
 * Content-Security-Policy for files served back to the browser (uploads, contract PDFs): nothing
 * they carry may run with the portal's origin, so every one is sandboxed.
 */
export const IMAGE_POLICY = "default-src 'none'; img-src 'self'; sandbox";

/** Chromium's PDF viewer is a plugin, so `object-src` must allow it; it still renders under `sandbox`. */
export const PDF_POLICY = "default-src 'none'; object-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox";
