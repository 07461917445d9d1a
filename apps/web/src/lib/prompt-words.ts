import type { ButtonProps } from 'antd';

/**
 * The two buttons of a confirmation prompt (antd `Popconfirm`, `feedback.modal.confirm`) in words of
 * what each does (issue 37): the confirming one names the act (撤销申请, 停用, 删除, 确认提交), the
 * other is 返回. Never antd's default 确定 / 取消, which reads backwards when the act is itself a
 * cancellation (取消 would mean "do not cancel"). Spread it into the prompt's props.
 */
export function promptButtons(
  act: string,
  options: { danger?: boolean } = {},
): { okText: string; cancelText: string; okButtonProps: ButtonProps } {
  return { okText: act, cancelText: '返回', okButtonProps: { danger: options.danger ?? false } };
}
