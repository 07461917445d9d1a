import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FILE_MISSING_MESSAGE, FRAME_TTL_MS, downloadFile, inspectDownloadDocument, isPhone } from './download.ts';

const frames = () => Array.from(document.querySelectorAll('iframe'));

/** Simulates the frame loading a page with the given title and body text. */
function load(frame: HTMLIFrameElement, title: string, body: string) {
  const doc = document.implementation.createHTMLDocument(title);
  doc.body.textContent = body;
  vi.spyOn(frame, 'contentDocument', 'get').mockReturnValue(doc);
  frame.dispatchEvent(new Event('load'));
}

beforeEach(() => {
  document.body.innerHTML = '';
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('isPhone', () => {
  it('detects phones by user agent', () => {
    expect(isPhone('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148')).toBe(true);
    expect(isPhone('Mozilla/5.0 (Linux; Android 14; Pixel 8)')).toBe(true);
    expect(isPhone('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/126.0')).toBe(false);
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (Linux; Android 14)');
    expect(isPhone()).toBe(true);
  });
});

describe('downloadFile', () => {
  it('opens a new window on phones', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    downloadFile('/api/files/1', { isPhone: true, warn: vi.fn() });
    expect(open).toHaveBeenCalledWith('/api/files/1');
    expect(frames()).toHaveLength(0);
  });

  it('detects a phone from the user agent when isPhone is not given', () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone) Mobile');
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    downloadFile('/api/files/2');
    expect(open).toHaveBeenCalledWith('/api/files/2');
  });

  it('uses a hidden iframe elsewhere and removes it after load', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const warn = vi.fn();
    downloadFile('/api/files/1', { isPhone: false, warn });
    expect(open).not.toHaveBeenCalled();
    const [frame] = frames();
    expect(frame.getAttribute('src')).toBe('/api/files/1');
    expect(frame.style.display).toBe('none');
    load(frame, '', '');
    expect(warn).not.toHaveBeenCalled();
    expect(frames()).toHaveLength(0);
  });

  it.each([
    ['404 Not Found', ''],
    ['Not Found', 'whatever'],
    ['页面不存在', ''],
    ['PAGE NOT FOUND', ''],
    ['下载', '文件不存在'],
    ['', 'Error: File Not Exist on server'],
  ])('warns that the file is missing (title %j, body %j)', (title, body) => {
    const warn = vi.fn();
    downloadFile('/api/files/9', { isPhone: false, warn });
    load(frames()[0], title, body);
    expect(warn).toHaveBeenCalledExactlyOnceWith(FILE_MISSING_MESSAGE);
    expect(FILE_MISSING_MESSAGE).toBe('文件不存在或已被删除');
    expect(frames()).toHaveLength(0);
  });

  it('warns with the message of a JSON body', () => {
    const warn = vi.fn();
    downloadFile('/api/files/9', { isPhone: false, warn });
    load(frames()[0], '', '{"status":"ERROR","message":"无权下载该文件"}');
    expect(warn).toHaveBeenCalledExactlyOnceWith('无权下载该文件');
  });

  it('removes a frame whose load never fires (a real download) after a while', () => {
    vi.useFakeTimers();
    downloadFile('/api/files/1', { isPhone: false, warn: vi.fn() });
    expect(frames()).toHaveLength(1);
    vi.advanceTimersByTime(FRAME_TTL_MS);
    expect(frames()).toHaveLength(0);
  });

  it('stays quiet when the frame document cannot be read', () => {
    const warn = vi.fn();
    downloadFile('https://other.test/f', { isPhone: false, warn });
    const [frame] = frames();
    vi.spyOn(frame, 'contentDocument', 'get').mockImplementation(() => {
      throw new DOMException('Blocked a frame', 'SecurityError');
    });
    frame.dispatchEvent(new Event('load'));
    expect(warn).not.toHaveBeenCalled();
    expect(frames()).toHaveLength(0);
  });
});

describe('inspectDownloadDocument', () => {
  it('ignores ordinary pages and JSON without a message', () => {
    const doc = document.implementation.createHTMLDocument('报表');
    doc.body.textContent = '{"status":"OK"}';
    expect(inspectDownloadDocument(doc)).toBeNull();
    expect(inspectDownloadDocument(null)).toBeNull();
  });
});
