import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import dayjs from 'dayjs';
// The plugin antd's picker extends dayjs with (its types add `localeData()`).
import type {} from 'dayjs/plugin/localeData';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

describe('lib/date-picker: antd’s date picker with dayjs in Chinese (issue 38)', () => {
  it('sets dayjs to zh-cn, so a calendar starts on Monday and names the days 一 二 三 …', async () => {
    const { DatePicker } = await import('./date-picker.ts');
    expect(DatePicker.RangePicker).toBeDefined();
    expect(dayjs.locale()).toBe('zh-cn');
    expect(dayjs().locale('zh-cn').localeData().firstDayOfWeek()).toBe(1);
    expect(dayjs().locale('zh-cn').localeData().weekdaysMin()).toEqual(['日', '一', '二', '三', '四', '五', '六']);
  });

  it('is where every page takes DatePicker from: from antd directly it would show English day names (dayjs has left the shell)', () => {
    const offenders = sourceFiles(SRC)
      .filter((file) => !file.endsWith(path.join('lib', 'date-picker.ts')))
      .filter((file) => {
        const source = readFileSync(file, 'utf8');
        const fromAntd = [...source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'antd'/g)].some((m) => /\bDatePicker\b/.test(m[1]));
        // A type from antd's module is fine (`import type { RangePickerProps } …`): it leaves nothing in the build.
        const valueImport = /^import\s+(?!type\b)[^;]*from\s*'antd\/es\/date-picker'/m.test(source);
        return fromAntd || valueImport || /import\(\s*'antd\/es\/date-picker'\s*\)/.test(source);
      })
      .map((file) => path.relative(SRC, file));
    expect(offenders).toEqual([]);
  });
});
