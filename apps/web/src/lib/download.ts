/**
 * File download (SPEC §7–§8): phones open the link in a new window; elsewhere a hidden iframe
 * fetches it. A real download never replaces the iframe's document, so a `load` with a readable
 * document means the server answered with a page instead — a not-found page or a JSON error —
 * which becomes a warning. The URL is used as given (wrap API paths with `apiUrl` from request.ts).
 */

export const FILE_MISSING_MESSAGE = '文件不存在或已被删除';

/** How long a frame whose `load` never fires (the usual case for a real download) is kept. */
export const FRAME_TTL_MS = 120_000;

const NOT_FOUND_TITLE = /404|not found|页面不存在/i;
const FILE_MISSING_BODY = /文件不存在|file not exist/i;

export function isPhone(userAgent?: string): boolean {
  const ua = userAgent ?? (typeof navigator === 'undefined' ? '' : navigator.userAgent);
  return /Mobile|Android|iPhone/.test(ua);
}

export interface DownloadOptions {
  /** Overrides the userAgent detection. */
  isPhone?: boolean;
  /** Shows a warning (the app passes antd's message.warning). */
  warn(msg: string): void;
}

/** The warning a loaded frame document calls for, or null when it looks like nothing went wrong. */
export function inspectDownloadDocument(doc: Pick<Document, 'title' | 'body'> | null | undefined): string | null {
  if (!doc) return null;
  const title = (doc.title ?? '').trim();
  const body = (doc.body?.textContent ?? '').trim();
  if (body.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(body);
      const message = typeof parsed === 'object' && parsed !== null ? (parsed as { message?: unknown }).message : undefined;
      if (typeof message === 'string' && message.trim() !== '') return message;
    } catch {
      // not JSON: fall through to the text checks
    }
  }
  if (title && NOT_FOUND_TITLE.test(title)) return FILE_MISSING_MESSAGE;
  if (FILE_MISSING_BODY.test(body)) return FILE_MISSING_MESSAGE;
  return null;
}

export function downloadFile(url: string, opts?: DownloadOptions): void {
  const warn = opts?.warn ?? (() => {});
  if (opts?.isPhone ?? isPhone()) {
    window.open(url);
    return;
  }

  const frame = document.createElement('iframe');
  frame.style.display = 'none';
  frame.setAttribute('aria-hidden', 'true');
  frame.dataset.download = 'true';

  let timer: ReturnType<typeof setTimeout> | undefined;
  const remove = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    frame.remove();
  };

  frame.addEventListener('load', () => {
    let problem: string | null = null;
    try {
      problem = inspectDownloadDocument(frame.contentDocument);
    } catch {
      // another origin's document cannot be read: nothing to report
    }
    remove();
    if (problem) warn(problem);
  });
  timer = setTimeout(remove, FRAME_TTL_MS);

  frame.src = url;
  document.body.appendChild(frame);
}
