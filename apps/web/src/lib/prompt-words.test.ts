import { describe, expect, it } from 'vitest';
import { promptButtons } from './prompt-words.ts';

describe('promptButtons (issue 37)', () => {
  it('names the act on the confirming button and 返回 on the other, never 确定 / 取消', () => {
    expect(promptButtons('撤销申请', { danger: true })).toEqual({
      okText: '撤销申请',
      cancelText: '返回',
      okButtonProps: { danger: true },
    });
    expect(promptButtons('执行')).toEqual({ okText: '执行', cancelText: '返回', okButtonProps: { danger: false } });
  });
});
