import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { theme, Tooltip } from 'antd';
import copy from 'antd/es/_util/copy';
import { useEffect, useState, type CSSProperties, type MouseEvent } from 'react';

/** antd's copy button (Typography's `.ant-typography-copy`): a link-coloured icon after the text. */
const COPY_CSS = `
.fp-copy { color: var(--fp-copy); margin-inline-start: var(--fp-copy-gap); padding: 0; border: 0; background: none;
  outline: none; cursor: pointer; user-select: none; text-decoration: none; transition: all var(--fp-copy-motion); }
.fp-copy:hover, .fp-copy:focus { color: var(--fp-copy-hover); }
.fp-copy:active { color: var(--fp-copy-active); }
.fp-copy.fp-copied, .fp-copy.fp-copied:hover, .fp-copy.fp-copied:focus { color: var(--fp-copied); }
`;

/**
 * A text with antd Typography's copy button (`<Typography.Text copyable>`), as antd draws it — the
 * copy icon in the link colour, 复制 / 复制成功 in its tooltip, a green tick for three seconds — and
 * copied with antd's own clipboard helper. Without Typography's module (~8 KB on the wire: ellipsis
 * measuring, editing, titles), which a page that only copies an account number does not need in its
 * first load (issue 38). `data-testid` and the text's colour go on the text.
 */
export function CopyableText({ text, style, ...rest }: { text: string; style?: CSSProperties; 'data-testid'?: string }) {
  const { token } = theme.useToken();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 3000);
    return () => clearTimeout(timer);
  }, [copied]);
  const onClick = async (e: MouseEvent) => {
    e.preventDefault();
    e.stopPropagation();
    await copy(text);
    setCopied(true);
  };
  const title = copied ? '复制成功' : '复制';
  const colours = {
    '--fp-copy': token.colorLink,
    '--fp-copy-hover': token.colorLinkHover,
    '--fp-copy-active': token.colorLinkActive,
    '--fp-copied': token.colorSuccess,
    '--fp-copy-gap': `${token.marginXXS}px`,
    '--fp-copy-motion': token.motionDurationSlow,
  } as CSSProperties;
  return (
    <span style={{ color: token.colorText, wordBreak: 'break-word', lineHeight: token.lineHeight, ...style }} {...rest}>
      <style href="fp-copy" precedence="default">
        {COPY_CSS}
      </style>
      {text}
      <Tooltip title={title}>
        <button type="button" className={copied ? 'fp-copy fp-copied' : 'fp-copy'} style={colours} aria-label={title} onClick={onClick}>
          {copied ? <CheckOutlined /> : <CopyOutlined />}
        </button>
      </Tooltip>
    </span>
  );
}
